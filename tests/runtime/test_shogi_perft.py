"""Our shogi ZRF against Fairy-Stockfish perft.

ZRF here cannot express uchifuzume (a pawn drop may not give checkmate), so
the random-position comparison leaves out the positions where a pawn-drop
mate exists within the compared depth (counted and bounded below).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from runtime.loading.opening import open_game
from runtime.verify.perft import perft
from tests.conftest import scaled

from .oracles import ffish_perft, pawn_drop_mate_within, random_positions, start_perft_mismatches, shogi_fen

pyffish = pytest.importorskip("pyffish")

SHOGI = str(Path(__file__).resolve().parents[1] / "games" / "shogi.zrf")


@pytest.fixture(scope="module")
def shogi():
    return open_game(SHOGI)


def test_start_position_fen(shogi):
    assert shogi_fen(shogi.initial_state()) == pyffish.start_fen("shogi")


@pytest.mark.parametrize("depth", [1, 2])
def test_start_perft(shogi, depth):
    assert perft(shogi.initial_state(), depth) == ffish_perft("shogi", pyffish.start_fen("shogi"), depth)


@pytest.mark.slow
def test_start_perft_depth3(shogi):
    """perft(3) against Fairy-Stockfish; at CI size (ZRF_SLOW_SCALE below 1) perft(2) below a
    scaled, evenly spaced sample of the first moves, each child's count from Fairy-Stockfish too."""
    assert start_perft_mismatches(shogi, 3, "shogi", shogi_fen) == []


def _compare(shogi, count, seed):
    bad, skipped = [], 0
    for state in random_positions(shogi, count, seed, max_plies=80):
        if pawn_drop_mate_within(state, 2):
            skipped += 1
            continue
        fen = shogi_fen(state)
        ours, theirs = perft(state, 2), ffish_perft("shogi", fen, 2)
        if ours != theirs:
            bad.append((fen, ours, theirs))
    assert not bad, bad[:5]
    assert skipped <= count // 10


def test_random_positions_depth2(shogi):
    _compare(shogi, 6, seed=1)


@pytest.mark.slow
def test_random_positions_depth2_many(shogi):
    _compare(shogi, scaled(100, minimum=10), seed=2)
