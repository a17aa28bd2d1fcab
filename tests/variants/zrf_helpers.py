"""Scaffolding shared by the generated-ZRF tests (``test_*_zrf.py``).

Each of those tests builds one hand-made position twice, in the native engine
and in the ZRF interpreter (through Zillions-style set-up edits), and compares
the two with the cross-checker.  The ZRF half and the comparison are the same
for every game; only the engine half differs, so it stays in each test file.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from runtime.verify.crosscheck import CrossChecker, CrossCheckResult
from runtime.verify.crosscheck_run import CrossCheckSpec, run
from runtime.interpreter.state import ZrfState
from runtime.interpreter.sentinels import NO
from tests.conftest import slow_scale


def edited_zrf_state(game, setup_cells, position: dict, turn: int = 0) -> ZrfState:
    """``position`` (cell -> (player, piece)) in the ZRF ``game``, at turn-order index ``turn``.

    Every cell of the start set-up that ``position`` does not name is emptied,
    as a Zillions edit would; pieces placed by an edit get their attribute
    defaults.  ``turn`` is the index into the ZRF's turn order, so 1 is the
    second player of a plain two-player order.
    """
    edits = [(None, None, c) for c in setup_cells if c not in position]
    edits += [(p, t, c) for c, (p, t) in position.items()]
    state = game.edited_state(edits)
    if turn:
        state = ZrfState(game, state.cells, state.stores, turn, NO, NO, (), None)
    return state


def with_turn(state: ZrfState, cells=None, turn: int = 0) -> ZrfState:
    """``state`` with its cells replaced by ``cells`` (when given) and turn index ``turn``."""
    return ZrfState(state.game, tuple(cells) if cells is not None else state.cells,
                    state.stores, turn, NO, NO, (), None)


def compare(ref, cand, known=(), names=None) -> CrossCheckResult:
    """Compare one position (engine ``ref``, ZRF ``cand``) and its successors (``names``: the
    cross-check's name map, e.g. the bookkeeping cells a generated file keeps)."""
    result = CrossCheckResult()
    CrossChecker(ref.game, cand.game, names, known=known).compare(ref, cand, [], result)
    return result


def play(ref, cand, notations):
    """Apply reference moves (by notation) to both sides, pairing successors by position."""
    checker = CrossChecker(ref.game, cand.game)
    for text in notations:
        pairs = checker.compare(ref, cand, [], CrossCheckResult())
        for move, r, c in pairs:
            if move.notation == text:
                ref, cand = r, c
                break
        else:
            raise AssertionError(f"{text!r} is not a move both sides have")
    return ref, cand


def named(known, name: str):
    """The known difference called ``name`` in ``known``."""
    return next(k for k in known if k.name == name)


def crosscheck_full_size(spec: CrossCheckSpec, depth: int = 3, games: int = 500,
                         plies: int = 100) -> None:
    """The issue's full-size cross-check of ``spec`` (2 workers): no unexplained disagreement.

    Skipped below ``ZRF_SLOW_SCALE=1``; each game's ``test_crosscheck_ci_size`` is the
    smaller run CI makes.
    """
    if slow_scale() < 1:
        pytest.skip("full size only at ZRF_SLOW_SCALE=1; test_crosscheck_ci_size is the CI-size run")
    result = run(spec, depth=depth, games=games, plies=plies, seed=0, workers=2)
    assert result.failures == [], "\n".join(d.describe() for d in result.failures)
    assert result.agree


def check_material_turns(engine, zrf_game, names=None, plies: int = 8, seed: int = 5) -> None:
    """A native engine tells the turns that capture or change a piece from its codes alone (what a
    quiescence search asks of every turn); along seeded random games its answer must be its own
    full details' answer, and the positions its material turns reach must be those the ZRF
    interpreter reaches (``names`` mapping its names) by turns after which the board holds fewer
    of some piece (judged from the interpreter's boards, not from its details: a generated file
    may write a move as a capture and a new piece)."""
    rename = names.signature if names is not None else (lambda sig: sig)
    rng = random.Random(seed)
    compared = material = 0

    def board(state) -> frozenset:
        return rename(state.signature()).board

    def pieces(entries: frozenset) -> Counter:
        return Counter(entry[1:] for entry in entries)

    for _game in range(max(1, round(2 * slow_scale()))):
        ref, cand = engine.initial_state(), zrf_game.initial_state()
        for _ply in range(plies):
            ours, theirs = ref.legal_moves(), cand.legal_moves()
            if not ours or ref.outcome() is not None:
                break
            quick = [m.changes_material() for m in ours]
            assert quick == [any(p.changes_material for p in m.details) for m in ours]
            before = pieces(board(cand))
            reached = {}
            for move in theirs:
                after = board(cand.apply(move))
                reached[after] = reached.get(after, False) or bool(before - pieces(after))
            assert {board(ref.apply(m)): q for m, q in zip(ours, quick)} == reached
            compared += len(ours)
            material += sum(quick)
            ref = ref.apply(rng.choice(ours))
            target = board(ref)
            cand = cand.apply(next(m for m in theirs if board(cand.apply(m)) == target))
    assert compared > 200 and 0 < material < compared
