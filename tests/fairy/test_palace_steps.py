"""A piece confined to a region whose steps, read from one square, lack the step out of it.

Skipped without pyffish: Fairy-Stockfish (pyffish), with the section loaded, is the engine
compared; the perft counts are worked out by hand in the docstring.
"""

from __future__ import annotations

import textwrap

import pytest

pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed: pip install 'zrf-toolkit[fairy]'")

from runtime.fairy.hand_cells import HandRules
from runtime.loading.opening import open_game
from tests.conftest import scaled
from tests.fairy.exported import export_and_verify

PALACE = textwrap.dedent("""\
    (define step ((verify (in-zone? palace)) $1 (verify (in-zone? palace)) (verify not-friend?) add))
    (game
      (title "Palace")
      (players White Black)
      (turn-order White Black)
      (board
        (grid (start-rectangle 0 0 50 50)
          (dimensions ("a/b/c/d/e" (50 0)) ("7/6/5/4/3/2/1" (0 50)))
          (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0)))
        (zone (name palace) (players White) (positions b1 c1 d1 b2 c2 d2 b3 c3 d3))
        (zone (name palace) (players Black) (positions b5 c5 d5 b6 c6 d6 b7 c7 d7)))
      (piece (name General) (moves (step n) (step e) (step s) (step w)))
      (board-setup (White (General c2)) (Black (General c6)))
      (draw-condition (White Black) stalemated))
    """)


def test_a_palace_piece_read_at_the_palace_edge_gets_the_steps_of_every_square(tmp_path):
    """A General stepping orthogonally inside a 3x3 palace (White b1-d3, Black b5-d7, on 5x7).
    The most central square it moves from is c3, the palace's edge, where it has no forward
    step; the steps read from every palace square together are a wazir's, and the palace is
    its mobility region.  perft by hand: 4 (c2 to c1, c3, b2, d2), 16 (Black alike), 48 (from
    each of the four squares White's General then has 3 steps inside the palace)."""
    path = tmp_path / "palace.zrf"
    path.write_text(PALACE)
    game = open_game(str(path))
    export, _, result = export_and_verify(game, positions=scaled(200, 30))
    options = export.section.options
    assert options["customPiece1"].endswith(":W")
    assert options["mobilityRegionWhiteCustomPiece1"] == "b1 c1 d1 b2 c2 d2 b3 c3 d3"
    assert options["mobilityRegionBlackCustomPiece1"] == "b5 c5 d5 b6 c6 d6 b7 c7 d7"
    assert result.perft_theirs == [4, 16, 48]
    assert result.ok, result.describe()


def test_cells_no_move_reaches_inside_the_board_are_no_hands(tmp_path):
    """The palace game with a motionless Stone of White's on a4: no move reaches a4 nor the
    other cells beyond the palaces, but nothing moves from them onto the palaces (no drop), so
    the game has no hand cells at all."""
    path = tmp_path / "throne.zrf"
    path.write_text(PALACE.replace("(board-setup (White (General c2))", "(board-setup (White (General c2) (Stone a4))")
                    .replace("(piece (name General)", "(piece (name Stone))\n  (piece (name General)"))
    game = open_game(str(path))
    assert HandRules.of(game) is None
