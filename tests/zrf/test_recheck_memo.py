"""A check that reuses the previous check's work (zrf.recheck_memo) reports exactly what a fresh one does.

Each case checks a text, edits it, and checks the edited text twice: with the
memo the first check left, and fresh, as ``zrf check`` does; the formatted
diagnostics must be the same, and the memo must have been used.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.conftest import scaled
from zrf import limits
from zrf.diagnostics import ZrfError
from zrf.lint import lint_document
from zrf.reader import parse_text
from zrf.recheck_memo import RecheckMemo


def _check(path: str, text: str, memo: RecheckMemo | None = None) -> list[str]:
    try:
        doc = parse_text(text, path)
    except ZrfError as exc:
        return [d.format() for d in exc.diagnostics]
    return [d.format() for d in lint_document(doc, memo=memo).diagnostics]


EDITS = [" ", "\n", "x", ")", "(", "(verify empty?)", "(verfy empty?)", "n", "add", "; note", "$1", ""]


def _edited(text: str, rng: random.Random) -> str:
    at = rng.randrange(len(text) + 1)
    return text[:at] + rng.choice(EDITS) + text[at + rng.choice([0, 0, 1, 4]):]


@pytest.mark.corpus
@pytest.mark.parametrize("name", ["chess/chess.zrf", "century/century.zrf", "00.Circe/00.Circe.zrf",
                                  "Chu_Shogi_Original_v1.3/Chu_Shogi_Original_v1.3.zrf"])
def test_random_edits_give_the_fresh_checks_diagnostics(corpus_dir: Path, name: str):
    path = corpus_dir / name
    text = path.read_bytes().decode("utf-8", errors="replace")
    rng = random.Random(name)
    memo = RecheckMemo()
    assert _check(str(path), text, memo) == _check(str(path), text)
    reused = 0
    for _ in range(scaled(12, minimum=3)):
        text = _edited(text, rng)
        assert _check(str(path), text, memo) == _check(str(path), text)
        reused += memo.reused
    assert reused > 0


@pytest.mark.corpus
@pytest.mark.slow
def test_a_sample_of_the_corpus_with_edits(corpus_dir: Path):
    files = sorted(corpus_dir.rglob("*.zrf"))
    files = [f for f in files if f.stat().st_size < 40_000]
    files = files[::max(1, len(files) // scaled(60, minimum=6))]
    rng = random.Random(1)
    for path in files:
        text = path.read_bytes().decode("utf-8", errors="replace")
        memo = RecheckMemo()
        _check(str(path), text, memo)
        for _ in range(3):
            text = _edited(text, rng)
            assert _check(str(path), text, memo) == _check(str(path), text), path


def test_two_blocks_one_call_makes_are_two_blocks():
    """One call makes both move blocks of the piece; only the second misspells verify (E305)."""
    text = ('(define both (n add) (s (verfy empty?) add))\n'
            '(game (title "x") (players A) (turn-order A)\n'
            '  (board (grid (start-rectangle 0 0 1 1) (dimensions ("a" (1 0)) ("1/2" (0 1)))\n'
            '               (directions (n 0 -1) (s 0 1))))\n'
            '  (piece (name P) (moves (both)))\n'
            '  (board-setup (A (P a1))) (win-condition (A) stalemated))\n')
    fresh = _check("two.zrf", text)
    assert any("E305" in line for line in fresh)
    assert _check("two.zrf", text, RecheckMemo()) == fresh


def test_an_edited_macro_body_is_checked_anew_at_every_call(corpus_dir: Path):
    """chess.zrf's slide macro misspelt: every call of it now has E305, with or without the memo."""
    path = corpus_dir / "chess" / "chess.zrf"
    text = path.read_text(encoding="utf-8")
    memo = RecheckMemo()
    assert _check(str(path), text, memo) == []
    broken = text.replace("(while empty? add $1)", "(whyle empty? add $1)", 1)
    found = _check(str(path), broken, memo)
    assert found == _check(str(path), broken) and sum("E305" in line for line in found) > 0


def test_a_kept_expansion_that_no_longer_fits_the_work_limit_is_expanded_again():
    """The call on line 3 grows; the kept expansion of the call on line 4 (at the same place) would
    now pass the work limit, so it is expanded again and stops where a fresh expansion stops (E221
    inside it, on line 4).  Counted by hand: 74 units of work before the edit, 182 after."""
    small = '(define two (a b))\n(define many ($1 $1 $1 $1))\n(game (title "x") (many (two))\n      (many (two)))\n'
    grown = small.replace("(many (two))\n", "(many (many (two)))\n", 1)
    with limits.using(macro_work=160):
        memo = RecheckMemo()
        assert not any("E221" in line for line in _check("m.zrf", small, memo))
        again = _check("m.zrf", grown, memo)
        assert again == _check("m.zrf", grown)
        assert [line.split(" ")[0:2] for line in again if "E221" in line] == [["m.zrf:4:13:", "E221"]]
        assert memo.reused == 0  # the kept expansion did not fit
