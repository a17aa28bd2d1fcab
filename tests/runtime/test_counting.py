"""Counting legal turns without making them (ZrfState.legal_move_count, perft's last ply) agrees
with the list of legal moves.

The count takes its own road: most parts are never made, only counted as keys by
the translated counting functions, and their king safety is told from the
position's baselines (runtime/interpreter/wholeturns.py, ``TurnSource.count``).
The list is made part by part and tested turn by turn, the road the back-end
equality run compares with the closures.  Here the two meet on every position of
seeded random games of a sample of the corpus (scaled by ZRF_SLOW_SCALE), and of
the test games with royal pieces, drops and multi-part turns; each count is asked
of a fresh copy of the position, so that nothing the list made is reused.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from runtime.core.errors import GameLoadError
from runtime.interpreter import ZrfRuntimeError
from runtime.loading.opening import open_game
from runtime.interpreter.state import ZrfState
from tests.conftest import corpus_entries, scaled

ROOT = Path(__file__).resolve().parents[2]


def _fresh(state: ZrfState) -> ZrfState:
    """The same position with nothing worked out yet (its earlier positions' keys shared)."""
    fresh = ZrfState(state.game, state.cells, state.stores, state.turn, state.last_from, state.last_to,
                     state.removed, None)
    fresh.earlier = state.earlier
    return fresh


def _walk(game, plies: int, seed: int) -> int:
    """Compare count and list along one seeded random game; the positions compared."""
    rng = random.Random(seed)
    state = game.initial_state()
    compared = 0
    for _ in range(plies):
        counted = _fresh(state).legal_move_count()
        listed = _fresh(state).legal_moves()
        assert counted == len(listed), f"after {compared} plies: counted {counted}, listed {len(listed)}"
        compared += 1
        if not listed:
            break
        state = state.apply(listed[rng.randrange(len(listed))])
    return compared


@pytest.mark.parametrize("name", ["chess.zrf", "xiangqi.zrf", "shogi.zrf", "checkers.zrf"])
def test_count_is_the_list_length_on_the_test_games(name):
    """King safety (chess, xiangqi, shogi), drops (shogi), multi-part captures (checkers)."""
    game = open_game(str(ROOT / "tests" / "games" / name))
    for seed in range(2):
        assert _walk(game, scaled(40, 12), seed) > 0


ROWS = [r for r in corpus_entries() if r["engine"] != "axiom" and r["slug"] != "common"]
SAMPLE = ROWS[::max(1, len(ROWS) // scaled(len(ROWS) // 3))] if ROWS else []


@pytest.mark.corpus
@pytest.mark.slow
@pytest.mark.parametrize("row", SAMPLE, ids=[r["slug"] for r in SAMPLE])
def test_count_is_the_list_length_on_corpus_games(row, corpus_dir):
    try:
        game = open_game(str(corpus_dir / row["slug"] / row["file"]))
    except GameLoadError as exc:
        pytest.skip(f"does not load: {exc}")
    try:
        _walk(game, scaled(30, 5), 0)
    except ZrfRuntimeError as exc:  # a runaway loop is said the same way by both roads elsewhere
        pytest.skip(str(exc))
