"""Our xiangqi ZRF (flying-general rule included) against Fairy-Stockfish perft."""

from __future__ import annotations

from pathlib import Path

import pytest

from runtime.loading.opening import open_game
from runtime.verify.perft import perft
from tests.conftest import scaled

from .oracles import ffish_perft, random_positions, start_perft_mismatches, xiangqi_fen

pyffish = pytest.importorskip("pyffish")

XIANGQI = str(Path(__file__).resolve().parents[1] / "games" / "xiangqi.zrf")


@pytest.fixture(scope="module")
def xiangqi():
    return open_game(XIANGQI)


def test_start_position_fen(xiangqi):
    assert xiangqi_fen(xiangqi.initial_state()) == pyffish.start_fen("xiangqi")


@pytest.mark.parametrize("depth", [1, 2])
def test_start_perft(xiangqi, depth):
    assert perft(xiangqi.initial_state(), depth) == ffish_perft("xiangqi", pyffish.start_fen("xiangqi"), depth)


@pytest.mark.slow
def test_start_perft_depth3(xiangqi):
    """perft(3) against Fairy-Stockfish; at CI size (ZRF_SLOW_SCALE below 1) perft(2) below a
    scaled, evenly spaced sample of the first moves, each child's count from Fairy-Stockfish too."""
    assert start_perft_mismatches(xiangqi, 3, "xiangqi", xiangqi_fen) == []


def _compare(xiangqi, count, seed):
    bad = []
    for state in random_positions(xiangqi, count, seed, max_plies=80):
        fen = xiangqi_fen(state)
        ours, theirs = perft(state, 2), ffish_perft("xiangqi", fen, 2)
        if ours != theirs:
            bad.append((fen, ours, theirs))
    assert not bad, bad[:5]


def test_random_positions_depth2(xiangqi):
    _compare(xiangqi, 10, seed=1)


@pytest.mark.slow
def test_random_positions_depth2_many(xiangqi):
    _compare(xiangqi, scaled(200, minimum=20), seed=2)
