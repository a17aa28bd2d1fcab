"""PGN of chess games: standard algebraic notation worked out from our moves' data, checked against
python-chess, an independent chess library, on random games of the chess ZRF."""

from __future__ import annotations

import io
import random

import pytest

from runtime.loading.opening import open_game
from runtime.matches.pgn import is_chess, pgn_text, san
from runtime.matches.referee import Termination
from runtime.players.uci import legal_move_for, uci_text

from ..conftest import ROOT

CHESS = str(ROOT / "tests" / "games" / "chess.zrf")


SPECIAL = "e2e4 d7d5 e4d5 c7c5 d5c6 g8f6 c6b7 c8f5 b7a8q d8c7 g1f3 e7e6 f1c4 f8d6 e1g1 e8g8 b1c3 b8d7"
"""A game with en passant (d5c6), a promotion by capture (b7a8q), castling on both sides of the board
(e1g1, e8g8) and a knight move that needs its file (b8d7 with the other knight on f6)."""


def _compare(chess, game, uci_moves) -> list[str]:
    state, board, written = game.initial_state(), chess.Board(), []
    for text in uci_moves:
        move = legal_move_for(state, text)
        assert move is not None, text
        written.append(san(state, move))
        assert written[-1] == board.san(chess.Move.from_uci(text)), (text, board.fen())
        board.push_uci(text)
        state = state.apply(move)
    return written


def test_san_is_python_chess_san():
    """A game of special moves, then every move of three random games (captures, checks and
    promotions come up), against python-chess."""
    chess = pytest.importorskip("chess")
    game = open_game(CHESS)
    assert _compare(chess, game, SPECIAL.split())[4:] == [
        "dxc6", "Nf6", "cxb7", "Bf5", "bxa8=Q", "Qc7", "Nf3", "e6", "Bc4", "Bd6", "O-O", "O-O", "Nc3", "Nbd7"]
    for seed in range(3):
        rng = random.Random(seed)
        state, moves = game.initial_state(), []
        while state.outcome() is None and len(moves) < 150:
            move = state.random_move(rng)
            moves.append(uci_text(move))
            state = state.apply(move)
        _compare(chess, game, moves)


def test_a_game_as_pgn_reads_back_in_python_chess():
    chess_pgn = pytest.importorskip("chess.pgn")
    game = open_game(CHESS)
    assert is_chess(game) and not is_chess(open_game(str(ROOT / "tests" / "games" / "xiangqi.zrf")))
    rng = random.Random(3)
    state, moves = game.initial_state(), []
    while state.outcome() is None and len(moves) < 150:
        move = state.random_move(rng)
        moves.append(move)
        state = state.apply(move)
    text = pgn_text(game, moves, state.outcome(), {"White": "ours", "Black": "theirs"}, 7, Termination.PLY_LIMIT,
                    "adjudicated a draw after 150 plies")
    parsed = chess_pgn.read_game(io.StringIO(text))
    assert parsed.headers["White"] == "ours" and parsed.headers["Round"] == "7"
    assert parsed.headers["Termination"] == "adjudication"
    assert [m.uci() for m in parsed.mainline_moves()] == [uci_text(m) for m in moves]
    assert not parsed.errors
    assert all(len(line) <= 79 for line in text.splitlines())
