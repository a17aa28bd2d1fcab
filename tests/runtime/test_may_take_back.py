"""``State.may_take_back(cell)``: the interpreter's attack test against python-chess.

Quiescence leaves a losing exchange unplayed where the reply may take the capturing piece back
(:meth:`runtime.players.alphabeta.AlphaBetaPlayer._losing`).  Along random chess games, at every
position with White to move, the answer for each cell holding a Black piece must be python-chess's
``is_attacked_by(WHITE, square)`` (pieces that attack the square, pinned ones included); for an
empty cell or one of White's own, False.  A game that does not answer the question claims nothing.
"""

from __future__ import annotations

import math
import random
from pathlib import Path

import chess

from runtime.loading.opening import open_game
from runtime.players import alphabeta
from runtime.players.knowledge import KnowledgeCache
from tests.conftest import scaled
from tests.search_helpers import chess_position, searches_along_a_random_game

CHESS = str(Path(__file__).resolve().parents[1] / "games" / "chess.zrf")


def test_the_answer_is_python_chess_attacks_along_random_games():
    game = open_game(CHESS)
    rng = random.Random(5)
    checked = attacked = 0
    for _ in range(scaled(12, 4)):
        board = chess.Board()
        for ply in range(60):
            moves = list(board.legal_moves)
            if not moves:
                break
            if ply % 6 == 0 and board.turn == chess.WHITE:
                state = chess_position(game, board)
                for square in chess.SQUARES:
                    piece = board.piece_at(square)
                    expected = piece is not None and piece.color == chess.BLACK and \
                        board.is_attacked_by(chess.WHITE, square)
                    assert state.may_take_back(chess.square_name(square)) is expected, (board.fen(), square)
                    checked += 1
                    attacked += expected
            board.push(rng.choice(moves))
    assert checked > 1000 and attacked > 20


def test_a_game_that_does_not_answer_has_every_exchange_followed(monkeypatch):
    """Canopus's native engine does not answer the question: its searches are the same with the
    losing-exchange rule as without it (a margin no capture can exceed)."""
    game = open_game("canopus")
    cache = KnowledgeCache(capacity=1)

    def searches():
        return searches_along_a_random_game(game, cache, scaled(10, 5), 3, 150, 2)

    with_rule = searches()
    monkeypatch.setattr(alphabeta, "LOSING_CAPTURE_MARGIN", math.inf)
    assert searches() == with_rule
