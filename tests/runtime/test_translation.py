"""The translated move programs (runtime/interpreter/translate.py) play the same game as the closures.

The closure compiler is the reference: every comparison here loads one file
twice (``MoveBackEnd.CLOSURES`` and ``MoveBackEnd.TRANSLATED``) and walks both trees
together (runtime.sweeps.backend_equality), asking for the same legal
moves in the same order and the same outcome at every node.  The files are
independent of the translator: the keyword examples of test_keywords.py, the
corpus (a sample scaled by ZRF_SLOW_SCALE), the generated ZRF of every
built-in variant and the corpus saved games.  The cache tests check the
on-disk cache: a second load does not translate, says the same W501s, and a
corrupt or unwritable cache only costs a warning.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from runtime.interpreter import MoveBackEnd, ZrfRuntimeError
from runtime.interpreter import move_back_end, translate, translation_cache
from runtime.loading.opening import open_game
from runtime.sweeps.backend_equality import (
    EQUAL, TIMEOUT, load_both, perft_verdict, playout_difference, replay_difference, tree_difference)
from runtime.interpreter.source_writer import Translator
from tests.conftest import corpus_entries, full_scale, scaled
from tests.zrf.test_keywords import CASES, GAME
from zrf import keywords as kw

ROOT = Path(__file__).resolve().parents[2]


def _write(tmp_path, text, name="t.zrf") -> str:
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def _diagnostics(game) -> list[str]:
    return [d.format() for d in game.report.diagnostics]


KEYWORD_CASES = [c for c in CASES if c[0] in (kw.STATEMENT, kw.CONDITION)]


@pytest.mark.parametrize("context,name,form", KEYWORD_CASES, ids=[f"{c}:{f}" for c, n, f in KEYWORD_CASES])
def test_every_keyword_runs_the_same_translated(tmp_path, context, name, form):
    """Each statement and condition keyword (test_keywords' examples): same moves two plies deep, same diagnostics."""
    path = _write(tmp_path, GAME.format(block=form, goal="stalemated"))
    ref, cand = load_both(path)
    assert tree_difference(ref.initial_state(), cand.initial_state(), 2) is None
    assert _diagnostics(ref) == _diagnostics(cand)


BROKEN = """(game (title "T") (players A B) (turn-order A B)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
               (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0))))
  (piece (name P) (moves
     (n (verify (frobnicate n)) add)
     (e "text" add)
     (n (if (empty? zz) add else (add Nobody)) add)
     ((verify false) (go nowhere) n add)
     ((while false (bad-thing)) s add)
     ((if true e else (also-bad)) add)
     ((verify (and (attacked? n) false)) add)
     ((verify (or (not-empty? w) true)) (set-attribute nothing true) add)))
  (board-setup (A (P b2)) (B (P a1))))
"""


def test_forms_that_cannot_run_say_the_same_w501_and_stop_the_same(tmp_path):
    """Unknown keywords and names, dead code after (verify false) or under a false condition:
    each problem is said once at the same place by both back ends, dead code included, and the
    moves agree.  Hand count of the moves: every block but two stops before its add (an unknown
    condition, a string, (verify false), (empty? zz) false then (add Nobody), a false (and ...),
    an unknown attribute); block 5 skips its dead while and steps s (b1), block 6 takes the true
    branch e (c2)."""
    path = _write(tmp_path, BROKEN)
    ref, cand = load_both(path)
    said = _diagnostics(ref)
    assert said == _diagnostics(cand)
    assert sum(" W501 " in d for d in said) >= 8
    assert tree_difference(ref.initial_state(), cand.initial_state(), 2) is None
    assert [m.notation for m in cand.initial_state().legal_moves()] == ["P b2 - b1", "P b2 - c2"]


def test_runaway_while_is_the_same_located_error(tmp_path):
    text = """(game (title "T") (players A B) (turn-order A B)
      (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b" (10 0)) ("2/1" (0 10)))))
      (piece (name P) (moves ((while true mark) add)))
      (board-setup (A (P a1))))"""
    path = _write(tmp_path, text)
    said = []
    for game in load_both(path):
        with pytest.raises(ZrfRuntimeError) as exc:
            game.initial_state().legal_moves()
        said.append(str(exc.value))
    assert said[0] == said[1] and "E510" in said[0] and str(path) in said[0]


def test_a_block_python_cannot_compile_runs_as_closures_with_a_warning(tmp_path):
    """25 nested loops pass CPython's limit of 20 nested blocks in one function."""
    nested = "n " + "(while (not-empty? s) " * 25 + "s" + ")" * 25 + " add"
    text = BROKEN.replace("(n (verify (frobnicate n)) add)", f"({nested})")
    path = _write(tmp_path, text)
    with pytest.warns(translate.TranslationWarning, match="1 move block"):
        ref, cand = load_both(path)
    assert tree_difference(ref.initial_state(), cand.initial_state(), 2) is None
    moves = [m.notation for m in cand.initial_state().legal_moves()]
    assert moves == [m.notation for m in ref.initial_state().legal_moves()]
    assert moves[-2:] == ["P b2 - b1", "P b2 - c2"]  # the two moves of BROKEN, after the nested block's


def test_switch_selects_the_closures(monkeypatch, tmp_path):
    """ZRF_TRANSLATE=0 chooses the closures for games loaded without a choice; a choice wins."""
    path = _write(tmp_path, BROKEN)
    monkeypatch.setenv(move_back_end.TRANSLATE_ENV, "0")
    assert open_game(path).back_end is MoveBackEnd.CLOSURES
    assert open_game(path, back_end=MoveBackEnd.TRANSLATED).back_end is MoveBackEnd.TRANSLATED
    monkeypatch.setenv(move_back_end.TRANSLATE_ENV, "1")
    assert open_game(path).back_end is MoveBackEnd.TRANSLATED


# ----------------------------------------------------------------------------- the cache

def test_second_load_takes_the_translation_from_the_cache(tmp_path, monkeypatch):
    """The second load of a file translates nothing, yet says the same W501s at the same places."""
    monkeypatch.setenv(translation_cache.CACHE_DIR_ENV, str(tmp_path / "cache"))
    path = _write(tmp_path, BROKEN)
    first = open_game(path)
    assert len(list((tmp_path / "cache").glob("*.bin"))) == 1

    def refuse(*args, **kwargs):
        raise AssertionError("translated again")
    monkeypatch.setattr(Translator, "function", refuse)
    second = open_game(path)
    assert _diagnostics(second) == _diagnostics(first)
    assert tree_difference(first.initial_state(), second.initial_state(), 2) is None


def test_an_edited_file_is_translated_again(tmp_path, monkeypatch):
    monkeypatch.setenv(translation_cache.CACHE_DIR_ENV, str(tmp_path / "cache"))
    path = _write(tmp_path, BROKEN)
    open_game(path)
    _write(tmp_path, BROKEN.replace("(B (P a1))", "(B (P a1) (P c1))"))
    open_game(path)
    assert len(list((tmp_path / "cache").glob("*.bin"))) == 2


def test_corrupt_entry_is_said_and_replaced_by_a_new_translation(tmp_path, monkeypatch):
    monkeypatch.setenv(translation_cache.CACHE_DIR_ENV, str(tmp_path / "cache"))
    path = _write(tmp_path, BROKEN)
    expected = _diagnostics(open_game(path))
    for entry in (tmp_path / "cache").glob("*.bin"):
        entry.write_bytes(b"\x00garbage")
    with pytest.warns(translation_cache.TranslationCacheWarning, match="corrupt"):
        game = open_game(path)
    assert _diagnostics(game) == expected
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert _diagnostics(open_game(path)) == expected  # the entry was written again: no warning


def test_unwritable_cache_is_said_and_the_game_loads(tmp_path, monkeypatch):
    """The cache folder cannot be made (a file stands where it belongs, which binds root too)."""
    (tmp_path / "blocked").write_text("a file, not a folder")
    monkeypatch.setenv(translation_cache.CACHE_DIR_ENV, str(tmp_path / "blocked" / "cache"))
    with pytest.warns(translation_cache.TranslationCacheWarning, match="cannot write"):
        game = open_game(_write(tmp_path, BROKEN))
    assert [m.notation for m in game.initial_state().legal_moves()] == ["P b2 - b1", "P b2 - c2"]


def test_cache_keeps_the_entries_written_last(tmp_path, monkeypatch):
    monkeypatch.setenv(translation_cache.CACHE_DIR_ENV, str(tmp_path / "cache"))
    monkeypatch.setattr(translation_cache, "MAX_ENTRIES", 2)
    for n in range(4):
        _write(tmp_path, BROKEN.replace("(B (P a1))", "(B (P a1)" + " (P c1)" * n + ")"), f"{n}.zrf")
        open_game(str(tmp_path / f"{n}.zrf"))
    assert len(list((tmp_path / "cache").glob("*.bin"))) == 2
    monkeypatch.setattr(Translator, "function", lambda *a: (_ for _ in ()).throw(AssertionError("translated")))
    open_game(str(tmp_path / "3.zrf"))  # the last one written is still there


def test_cache_switch_off_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv(translation_cache.CACHE_DIR_ENV, str(tmp_path / "cache"))
    monkeypatch.setenv(translation_cache.SWITCH_ENV, "0")
    open_game(_write(tmp_path, BROKEN))
    assert not (tmp_path / "cache").exists()


def test_cache_folder_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.delenv(translation_cache.CACHE_DIR_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert translation_cache.directory() == tmp_path / "zrf-toolkit" / "translated"


# ----------------------------------------------------------------------------- real games

VARIANT_ZRF = sorted(ROOT.glob("variants/*/*.zrf"))


@pytest.mark.slow
@pytest.mark.parametrize("path", VARIANT_ZRF, ids=[p.stem for p in VARIANT_ZRF])
def test_generated_variant_zrf_is_the_same_game_translated(path):
    """Every built-in variant's generated ZRF: the outcome and moves at every position of two
    seeded random games of 60 turns (6 at CI size), and at full size the perft(1) tree with
    every child's outcome (perft(2) trees of these games take from minutes to an hour)."""
    ref, cand = load_both(str(path))
    for seed in (1, 2):
        assert playout_difference(ref.initial_state(), cand.initial_state(), scaled(60), seed) is None
    if full_scale():
        assert tree_difference(ref.initial_state(), cand.initial_state(), 1) is None


def test_chess_perft_three_translated():
    """tests/games/chess.zrf translated: perft 20, 400, 8902 (the published chess perft figures)."""
    from runtime.verify.perft import perft_report

    game = open_game(str(ROOT / "tests" / "games" / "chess.zrf"), back_end=MoveBackEnd.TRANSLATED)
    assert perft_report(game.initial_state(), 3).counts == {1: 20, 2: 400, 3: 8902}


ROWS = [r for r in corpus_entries() if r["engine"] != "axiom" and r["slug"] != "common"]
SAMPLE = ROWS[::max(1, len(ROWS) // scaled(len(ROWS) // 4))] if ROWS else []
PERFT_SECONDS = 60 if full_scale() else 15


@pytest.mark.slow
@pytest.mark.parametrize("row", SAMPLE, ids=[r["slug"] for r in SAMPLE])
def test_corpus_game_is_the_same_game_translated(corpus_dir, row):
    """A sample of the corpus (a quarter at full scale, games whose two perft(2) trees take
    under PERFT_SECONDS): equal.  The whole corpus: ``python -m runtime.sweeps.backend_equality CORPUS``."""
    v = perft_verdict(str(corpus_dir / row["slug"] / row["file"]), None, 2, timeout=PERFT_SECONDS)
    if v.status == TIMEOUT:
        pytest.skip(f"perft(2) of both back ends takes longer than {PERFT_SECONDS} s")
    if v.status == "load failed":
        pytest.skip(f"does not load: {v.why}")
    assert v.status == EQUAL, v.why


def _saved_games():
    out = []
    for row in corpus_entries():
        if row["engine"] == "axiom" or row.get("saved_games", "-") in ("-", ""):
            continue
        out.extend((row["slug"], name) for name in row["saved_games"].split(","))
    return out


SAVED = _saved_games()
SAVED_SAMPLE = SAVED[::max(1, len(SAVED) // scaled(len(SAVED)))] if SAVED else []


@pytest.mark.slow
@pytest.mark.parametrize("slug,name", SAVED_SAMPLE, ids=[f"{s}/{n}" for s, n in SAVED_SAMPLE])
def test_saved_game_replays_the_same_translated(corpus_dir, slug, name):
    status, why = replay_difference(str(corpus_dir / slug / name))
    assert status == EQUAL, why


def test_a_file_that_does_not_read_is_a_load_failure_not_a_difference(tmp_path):
    """The whole-corpus equality run met ginseng.zrf (E102): counted as "load failed", never as DIFFERENT."""
    v = perft_verdict(_write(tmp_path, "(game (title \"T\")"), None, 2, timeout=30)
    assert v.status == "load failed"
    assert "E102" in v.why
