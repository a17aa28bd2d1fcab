"""The null move: :meth:`State.other_side_to_move` and the search's use of it.

Counts are the rules', by hand: at the start of chess each side has 20 moves
(16 pawn moves, 4 knight moves), so the start with Black to move has 20; the
search's move is checked against python-chess's legal moves.
"""

from __future__ import annotations

import pytest

from runtime.loading.opening import open_game
from runtime.players.alphabeta import AlphaBetaPlayer
from runtime.players.knowledge import KnowledgeCache
from runtime.players.uci_notation import CELL_NAMES

from .conftest import ROOT
from .matches.small_games import THREE_IN_A_ROW_WITH_CHANCE, write

CHESS = ROOT / "tests" / "games" / "chess.zrf"


def test_the_other_side_to_move_keeps_the_board():
    start = open_game(str(CHESS)).initial_state()
    passed = start.other_side_to_move()
    assert passed is not None and passed.current_player == "Black"
    assert passed.signature().board == start.signature().board
    assert passed.signature().to_move == "Black"
    moves = {CELL_NAMES.text(m) for m in passed.legal_moves()}
    assert len(moves) == 20 and "e7e5" in moves and "g8f6" in moves
    assert passed.other_side_to_move().current_player == "White"


def test_three_seats_have_no_null_move(tmp_path):
    """Turn order X, O, ?R: passing to 'the other side' means nothing."""
    game = open_game(str(write(tmp_path, THREE_IN_A_ROW_WITH_CHANCE)))
    assert game.initial_state().other_side_to_move() is None


def test_pieces_that_allow_a_null_move_are_neither_royal_nor_pawns():
    """Chess: the King is royal, the Pawn promotes; the others allow a null move."""
    game = open_game(str(CHESS))
    player = AlphaBetaPlayer(max_depth=3, node_budget=300, seed=0, knowledge_cache=KnowledgeCache(capacity=1))
    player.choose(game.initial_state())
    assert player._null_pieces["White"] == {"Knight", "Bishop", "Rook", "Queen"}


def test_the_search_with_null_moves_plays_legal_chess():
    """A few moves from 1.e4 e5 2.Nf3 Nc6 searched 4 plies deep: each legal in python-chess."""
    chess = pytest.importorskip("chess")
    game = open_game(str(CHESS))
    board, state = chess.Board(), game.initial_state()
    player = AlphaBetaPlayer(max_depth=4, node_budget=600, seed=0, knowledge_cache=KnowledgeCache(capacity=1))
    for text in ("e2e4", "e7e5", "g1f3", "b8c6"):
        state = state.apply(CELL_NAMES.move_for(state, text))
        board.push_uci(text)
    for _ in range(2):
        move = CELL_NAMES.text(player.choose(state))
        assert chess.Move.from_uci(move) in board.legal_moves
        state = state.apply(CELL_NAMES.move_for(state, move))
        board.push_uci(move)
