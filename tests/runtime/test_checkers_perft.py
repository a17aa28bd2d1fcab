"""English checkers ZRF against the published perft table (7, 49, 302, 1469, 7361, 36768)."""

from __future__ import annotations

from pathlib import Path

import pytest

from runtime.loading.opening import open_game
from runtime.verify.perft import perft

CHECKERS = str(Path(__file__).resolve().parents[1] / "games" / "checkers.zrf")
# Published perft of English draughts from the start position (Aart Bik's and
# other checkers engines' tables), multi-jumps counted as one move.
PUBLISHED = {1: 7, 2: 49, 3: 302, 4: 1469, 5: 7361, 6: 36768}


@pytest.fixture(scope="module")
def checkers():
    return open_game(CHECKERS)


@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5])
def test_published_perft(checkers, depth):
    assert perft(checkers.initial_state(), depth) == PUBLISHED[depth]


@pytest.mark.slow
def test_published_perft_depth6(checkers):
    assert perft(checkers.initial_state(), 6) == PUBLISHED[6]


def test_capture_is_compulsory_and_written_as_partial(checkers):
    """After c3-d4 f6-e5 the jump is the only move (move-priorities), in ZSG partial notation.

    ``partial 2``: Zillions numbers the move-priorities types last listed first, so
    ``normaltype`` is 1 and ``jumptype`` 2, as Dameo's saved jumps show
    (docs/zrf-semantics.md, "Move-type numbers")."""
    from runtime.core.notation import play_moves
    s = play_moves(checkers.initial_state(), ["c3 - d4", "f6 - e5"])
    assert [m.notation for m in s.legal_moves()] == ["partial 2 Man d4 - f6 x e5"]
