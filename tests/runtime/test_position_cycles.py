"""A ZRF position and its moves are freed by reference counting alone (runtime.interpreter.wholeturns).

A position keeps its move list, and the list's turns keep the source that made
them; were the source to keep the position, every position whose moves a search
generated would be a reference cycle, left for Python's cyclic garbage collector
(which then cost a third of a chess search).  Python's own collector is the judge
here: with it switched off while positions are played and dropped, an explicit
``gc.collect()`` afterwards must find no unreachable object at all.
"""

from __future__ import annotations

import gc
import random
from pathlib import Path

import pytest

from runtime.loading.opening import open_game

GAMES = Path(__file__).resolve().parent.parent / "games"


def play_and_drop(game, plies: int, seed: int) -> None:
    """Play a seeded random game, asking each position everything a search asks, keeping none."""
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(plies):
        moves = state.legal_moves()
        if not moves:
            return
        state.legal_move_count()
        state.material_moves()
        state.in_check()
        state.signature()
        for m in moves[:3]:
            child = state.apply(m)
            child.legal_move_count()  # a count, the move list never listed
            bool(child.raw_moves())  # one turn generated, the generator left open
            for capture in child.material_moves():
                assert capture.details  # the details worked out
        state = state.apply(rng.choice(moves))


@pytest.mark.parametrize("name", ["chess.zrf", "checkers.zrf", "xiangqi.zrf"])
def test_positions_and_their_moves_leave_no_reference_cycle(name):
    """Chess (the king-safety filter), checkers (add-partial chains, maximal captures) and
    xiangqi: 12 plies each, every position and three children of each dropped."""
    game = open_game(str(GAMES / name))
    play_and_drop(game, 2, 0)  # the game's own tables and memos are made once, before counting
    gc.collect()
    gc.disable()
    try:
        play_and_drop(game, 12, 1)
        found = gc.collect()
    finally:
        gc.enable()
    assert found == 0
