"""Computer opponents on a take-away game whose winning moves are known by theory.

Taking 1 or 2 stones, the player to move loses exactly when the heap is a
multiple of 3 (whoever takes the last stone wins), so the only winning move
from a heap of n (n % 3 != 0) is to take n % 3.
"""

from __future__ import annotations

import pytest

from runtime.search import AlphaBetaPlayer, MCTSPlayer, RandomPlayer, learn_piece_values, make_player, moving_type
from runtime.protocol import Move

from .toygames import TakeAway


@pytest.mark.parametrize("stones", [4, 5, 7, 8, 10])
def test_alphabeta_finds_the_winning_move(stones):
    state = TakeAway(stones).initial_state()
    move = AlphaBetaPlayer(time_limit=None, max_depth=12, seed=1).choose(state)
    assert move.data == stones % 3


@pytest.mark.parametrize("stones", [4, 5, 7])
def test_mcts_finds_the_winning_move(stones):
    state = TakeAway(stones).initial_state()
    move = MCTSPlayer(iterations=2000, seed=3).choose(state)
    assert move.data == stones % 3


def test_players_are_deterministic_for_a_seed():
    state = TakeAway(9).initial_state()  # a lost position: every move loses, choice is by seed
    a = [RandomPlayer(5).choose(state).data for _ in range(1)]
    b = [RandomPlayer(5).choose(state).data for _ in range(1)]
    assert a == b
    assert MCTSPlayer(iterations=300, seed=2).choose(state) == MCTSPlayer(iterations=300, seed=2).choose(state)


def test_moving_type_reads_the_notation():
    assert moving_type(Move.single("Pawn e2 - e4")) == "Pawn"
    assert moving_type(Move.single("White Pawn e4")) is None


def test_learned_values_cover_every_piece_type():
    values = learn_piece_values(TakeAway(6), samples=5)
    assert set(values) >= {"Stone"} and all(v > 0 for v in values.values())


def test_make_player_rejects_unknown_kinds():
    with pytest.raises(ValueError):
        make_player("oracle")
