"""Our FIDE chess ZRF against Fairy-Stockfish (pyffish) perft, computed at test time."""

from __future__ import annotations

from pathlib import Path

import pytest

from runtime.loading.opening import open_game
from runtime.verify.perft import perft
from tests.conftest import scaled

from .oracles import chess_fen, ffish_perft, random_positions, start_perft_mismatches

pyffish = pytest.importorskip("pyffish")

CHESS = str(Path(__file__).resolve().parents[1] / "games" / "chess.zrf")


@pytest.fixture(scope="module")
def chess():
    return open_game(CHESS)


def test_start_position_fen(chess):
    assert chess_fen(chess.initial_state()) == pyffish.start_fen("chess")


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_start_perft(chess, depth):
    fen = pyffish.start_fen("chess")
    assert perft(chess.initial_state(), depth) == ffish_perft("chess", fen, depth)


@pytest.mark.slow
def test_start_perft_depth4(chess):
    """perft(4) against Fairy-Stockfish; at CI size (ZRF_SLOW_SCALE below 1) perft(3) below a
    scaled, evenly spaced sample of the first moves, each child's count from Fairy-Stockfish too."""
    assert start_perft_mismatches(chess, 4, "chess", chess_fen) == []


def _compare_random(chess, count, seed, depth):
    mismatches = []
    for state in random_positions(chess, count, seed):
        fen = chess_fen(state)
        ours = perft(state, depth)
        theirs = ffish_perft("chess", fen, depth)
        if ours != theirs:
            mismatches.append((fen, ours, theirs))
    assert not mismatches, mismatches[:5]


def test_random_positions_depth2(chess):
    """40 seeded random positions in the default run (200 more in the slow run)."""
    _compare_random(chess, 40, seed=1, depth=2)


@pytest.mark.slow
def test_random_positions_depth2_many(chess):
    _compare_random(chess, scaled(200, minimum=20), seed=2, depth=2)
