"""The generated ZRF of the Canonical family (variants/canonical/canonical.zrf).

* the file renders, reads back without a diagnostic and equals the committed file;
* cross-checks against the native engine (variants/canonical/engine.py) for the three
  games: a small one here, the full size (scaled by ZRF_SLOW_SCALE) under ``slow``;
* against the engine option ``repetition="threefold-draw"`` the ZRF agrees with no
  known difference at all, including the threefold draw itself;
* the one known difference, "no-repetition", is recognised where it applies (a move
  recreating an earlier position, and a player whose only moves would repeat) and
  refuses unrelated disagreements.
"""

from __future__ import annotations

import pytest

from codegen.render import render
from runtime.verify.crosscheck import CrossChecker, CrossCheckResult, start_states
from runtime.verify.crosscheck_run import CrossCheckSpec, run
from runtime.loading.opening import open_game
from tests.variants.zrf_helpers import compare, crosscheck_full_size, edited_zrf_state
from variants.canonical.engine import CanonicalGame, canon_chess
from variants.canonical.known_differences import known_differences
from runtime.loading.registry import find_game

GAMES = [("canonical-chess", "Canonical Chess", 9), ("canonic-chess", "Canonic Chess", 8),
         ("canon-chess", "Canon Chess", 7)]
ZRF = find_game("canonical-chess").zrf
KNOWN = known_differences


def spec(name: str, title: str, moves=()) -> CrossCheckSpec:
    return CrossCheckSpec(game=name, zrf=ZRF, variant=title, known=KNOWN, moves=tuple(moves))


def zrf_game(title: str):
    return open_game(ZRF, title)


# ---------------------------------------------------------------------------
# (a) the file itself
# ---------------------------------------------------------------------------

def test_generated_zrf_holds_all_three_games():
    text = render("canonical-chess")
    for _, title, _ in GAMES:
        assert f'(title "{title}")' in text
    # the approximation is stated in the file where the goal is
    assert "APPROXIMATION" in text and "(draw-condition (White Black) repetition)" in text


@pytest.mark.parametrize("name,title,size", GAMES)
def test_zrf_cells_pieces_players_equal_engine(name, title, size):
    g = zrf_game(title)
    ref = CanonicalGame(size)
    assert sorted(g.positions) == sorted(ref.positions)
    assert list(g.players) == list(ref.players)
    assert ref.initial_state().signature() == g.initial_state().signature()


# ---------------------------------------------------------------------------
# (b) cross-checks
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("name,title,size", GAMES)
def test_crosscheck_ci_size(name, title, size):
    result = run(spec(name, title), depth=2, games=2, plies=40, seed=0)
    assert result.agree, "\n".join(d.describe() for d in result.failures)
    assert result.positions > 40
    assert all(d.known == "no-repetition" for d in result.disagreements)


def test_exact_agreement_with_threefold_draw_engine():
    """With the engine's threefold-draw option there is nothing to excuse."""
    ref = canon_chess(repetition="threefold-draw")
    cand = zrf_game("Canon Chess")
    checker = CrossChecker(ref, cand)  # no known differences
    result = CrossCheckResult()
    checker.tree(ref.initial_state(), cand.initial_state(), 2, result=result)
    for seed in range(2):
        checker.playout(ref.initial_state(), cand.initial_state(), seed, 60, result=result)
    assert result.disagreements == []


def test_threefold_repetition_draw_agrees():
    """Rooks out and back twice: the start position's third occurrence is a draw on both sides."""
    ref = canon_chess(repetition="threefold-draw")
    cand = zrf_game("Canon Chess")
    cycle = ["Rook d1 - e1", "Rook d7 - e7", "Rook e1 - d1", "Rook e7 - d7"]
    r, c, _ = start_states(ref, cand, cycle * 2)
    assert r.outcome() is not None and r.outcome().draw
    assert c.outcome() is not None and c.outcome().draw
    assert r.signature().core() == c.signature().core() == \
        ref.initial_state().signature().core()


@pytest.mark.slow
@pytest.mark.parametrize("name,title,size", GAMES)
def test_crosscheck_full_size(name, title, size):
    """The issue's size: perft(3) tree and 500 playouts of up to 100 plies."""
    crosscheck_full_size(spec(name, title))


# ---------------------------------------------------------------------------
# (c) the known difference
# ---------------------------------------------------------------------------

def _compare(ref_state, cand_state, known=True):
    return compare(ref_state, cand_state, known_differences() if known else ()).disagreements


def test_no_repetition_recognised_for_a_repeating_move():
    ref, cand = canon_chess(), zrf_game("Canon Chess")
    r, c, _ = start_states(ref, cand, ["Rook d1 - e1", "Rook d7 - e7", "Rook e1 - d1"])
    ds = _compare(r, c)
    assert len(ds) == 1
    d = ds[0]
    assert d.kind == "successors" and d.known == "no-repetition"
    assert d.only_reference == [] and d.only_candidate == ["Rook e7 - d7"]


BOARD = {"a1": ("White", "King"), "g7": ("Black", "King"), "d4": ("Black", "Pawn")}


def _moved(board, frm, to):
    b = dict(board)
    b[to] = b.pop(frm)
    return b


def _hand_made(board, history, **opts):
    ref = CanonicalGame(7, **opts).state_from(board, "White", history)
    g = zrf_game("Canon Chess")
    return ref, edited_zrf_state(g, g.positions, board)


def test_no_repetition_recognised_when_every_move_repeats():
    """White's King has two moves, both recreate earlier positions: the engine says White
    lost (stalemate), the ZRF plays on."""
    history = [(_moved(BOARD, "a1", "b1"), "Black"), (_moved(BOARD, "a1", "a2"), "Black")]
    ref, cand = _hand_made(BOARD, history)
    assert ref.legal_moves() == [] and ref.outcome().losers == ("White",)
    assert len(cand.legal_moves()) == 2 and cand.outcome() is None
    ds = _compare(ref, cand)
    assert len(ds) == 1 and ds[0].kind == "outcome" and ds[0].known == "no-repetition"


def test_no_repetition_does_not_explain_unrelated_disagreements():
    # 1. no history at all: a rule difference (Mao-only Knight) is not a repetition
    ref = canon_chess(knight_paths="mao")
    cand = zrf_game("Canon Chess")
    r, c, _ = start_states(ref, cand, ["Pawn c4 - d4", "Pawn d5 - c5"])
    ds = _compare(r, c)
    assert ds and all(d.known is None for d in ds)
    # 2. a real repetition AND an unrelated difference in the same position: the King's
    #    a1-b1 repeats, and the Mao-only reference also forbids Knight e1-g2 (Mao point f1
    #    occupied, Moa point f2 empty), which the ZRF allows
    board = dict(BOARD, e1=("White", "Knight"), f1=("White", "Pawn"))
    r, c = _hand_made(board, [(_moved(board, "a1", "b1"), "Black")], knight_paths="mao")
    ds = _compare(r, c)
    assert len(ds) == 1 and ds[0].known is None
    assert ds[0].only_candidate == ["King a1 - b1", "Knight e1 - g2"]
    r, c = _hand_made(board, [(_moved(board, "a1", "b1"), "Black")])
    ds = _compare(r, c)  # the same position with the rules' Knight: only the repetition
    assert len(ds) == 1 and ds[0].known == "no-repetition"
    # 3. a repeating move in the reference game but the engine option drops the rule
    history = [(_moved(BOARD, "a1", "b1"), "Black"), (_moved(BOARD, "a1", "a2"), "Black")]
    ref_none, cand2 = _hand_made(BOARD, history, repetition="none")
    assert _compare(ref_none, cand2) == []
    # 4. the explainer itself refuses a made-up disagreement where nothing repeats
    kd = known_differences()[0]
    r0, c0 = canon_chess().initial_state(), zrf_game("Canon Chess").initial_state()
    ds = _compare(r0, c0, known=False)
    assert ds == []
    from runtime.verify.crosscheck import Disagreement, DisagreementKind
    fake = Disagreement(DisagreementKind.SUCCESSORS, [], [], ["Rook d1 - e1"])
    assert not kd.explains(r0, c0, fake)

