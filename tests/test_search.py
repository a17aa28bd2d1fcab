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


def test_alphabeta_is_reproducible_under_a_node_budget():
    from .toygames import TakeAway
    state = TakeAway(40, takes=(1, 2, 3)).initial_state()
    a = AlphaBetaPlayer(max_depth=8, node_budget=50, seed=4)
    b = AlphaBetaPlayer(max_depth=8, node_budget=50, seed=4)
    assert a.choose(state) == b.choose(state)
    assert a.info.nodes == b.info.nodes and a.info.nodes <= 50 + 64  # the first ply is always searched whole


def test_alphabeta_finds_the_mate_python_chess_knows():
    """After 1. f3 e5 2. g4 Black mates with Qh4; python-chess lists the mating moves independently."""
    import chess

    from runtime.games import load_game
    from runtime.notation import play_moves

    from .conftest import ROOT
    board = chess.Board()
    for uci in ("f2f3", "e7e5", "g2g4"):
        board.push_uci(uci)
    mates = set()
    for m in board.legal_moves:
        board.push(m)
        if board.is_checkmate():
            mates.add((chess.square_name(m.from_square), chess.square_name(m.to_square)))
        board.pop()
    game = load_game(str(ROOT / "tests" / "games" / "chess.zrf"))
    state = play_moves(game.initial_state(), ["f2 - f3", "e7 - e5", "g2 - g4"])
    move = AlphaBetaPlayer(max_depth=1, seed=0).choose(state)
    tokens = move.parts[0].split()
    assert {(tokens[1], tokens[3])} <= mates == {("d8", "h4")}
    assert state.apply(move).outcome().winners == ("Black",)


def test_forcing_moves_are_read_from_the_notation():
    from runtime.search import is_forcing
    assert is_forcing(Move.single("Pawn d5 x e6"))
    assert is_forcing(Move.single("Checker h2 - h1 = King"))
    assert not is_forcing(Move.single("Pawn e2 - e4"))
