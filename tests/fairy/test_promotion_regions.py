"""A shogi-style promotion Fairy-Stockfish cannot say: two piece types promoting in different regions.

Fairy-Stockfish has one promotion region a side (``promotionRegionWhite``/``Black``) for every
piece type; a ZRF may give each type its own (LeShogi's bishop, promoting when it passes through
the zone, promotes on d6 too, where its other pieces do not).  The export names each type's
squares.  Skipped without pyffish.
"""

from __future__ import annotations

import textwrap

import pytest

pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed: pip install 'zrf-toolkit[fairy]'")

from tests.fairy.export_refusals import refused_export_lines

#: 3x4; a Man steps forward and may become a Lord on arriving on the far rank, a Walker steps
#: forward and may become a Runner on arriving on either of the two far ranks.
TWO_ZONES = textwrap.dedent("""\
    (define step ($1 (verify not-friend?) add))
    (define rise ($1 (verify not-friend?) (verify (in-zone? $2)) (add $3)))
    (game
      (title "Two zones")
      (players White Black)
      (turn-order White Black)
      (board
        (grid (start-rectangle 0 0 50 50)
          (dimensions ("a/b/c" (50 0)) ("4/3/2/1" (0 50)))
          (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0)))
        (symmetry Black (n s) (s n))
        (zone (name far) (players White) (positions a4 b4 c4))
        (zone (name far) (players Black) (positions a1 b1 c1))
        (zone (name half) (players White) (positions a3 b3 c3 a4 b4 c4))
        (zone (name half) (players Black) (positions a1 b1 c1 a2 b2 c2)))
      (piece (name Man) (moves (step n) (rise n far Lord)))
      (piece (name Walker) (moves (step n) (rise n half Runner)))
      (piece (name Lord) (moves (step n) (step e) (step s) (step w)))
      (piece (name Runner) (moves (step n) (step e) (step s) (step w)))
      (board-setup (White (Man a1) (Walker c1)) (Black (Man c4) (Walker a4)))
      (draw-condition (White Black) stalemated))
    """)


def test_types_promoting_in_different_regions_are_a_located_e808_naming_them(tmp_path):
    """The Man promotes on moves into rank 4, the Walker on moves into ranks 3 and 4 (a move
    out of rank 3 ends on rank 4): two regions, each named with its types, at the first type."""
    path = tmp_path / "zones.zrf"
    path.write_text(TWO_ZONES)
    output = refused_export_lines(path)
    assert f"{path}:16:3: E808 the pieces promote in different regions (Man on moves into or out of a4, b4, c4; " \
           "Walker on moves into or out of a3, a4, b3, b4, c3, c4): Fairy-Stockfish has one promotion region" \
           in output
