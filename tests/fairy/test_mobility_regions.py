"""Exports of pieces that may not enter their own home cell (Archimedes' rule).

The small game: a 4x4 board; Men slide any way, one or more cells onto empty cells, never
capturing, and a slide stops before the player's own home corner (White's a1, Black's d4,
the corner diagonally opposite); a Man reaching the enemy's home wins.  White: a Man on a2;
Black: a Man on d3.  Fairy-Stockfish says it with a queen that moves only (``mRmB``), a
mobility region of every cell but the player's home (its slides pass through squares outside
the region, but no square lies beyond a corner) and flag regions.  The second player's region
is not the first's mirrored rank by rank (that would be a4): it is read from the second
player's own moves.  Skipped without pyffish.
"""

from __future__ import annotations

import textwrap

import pytest

pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed: pip install 'zrf-toolkit[fairy]'")

from runtime.loading.opening import open_game
from tests.conftest import scaled
from tests.fairy.exported import export_and_verify

HOME_CORNERS = textwrap.dedent("""\
    (define slide ($1 (while empty? (verify (not-in-zone? home)) add $1)))
    (game
      (title "Home Corners")
      (players White Black)
      (turn-order White Black)
      (board
        (grid (start-rectangle 0 0 50 50)
          (dimensions ("a/b/c/d" (50 0)) ("4/3/2/1" (0 50)))
          (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0) (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1)))
        (zone (name home) (players White) (positions a1))
        (zone (name home) (players Black) (positions d4)))
      (piece (name Man) (moves (slide n) (slide e) (slide s) (slide w)
                               (slide ne) (slide nw) (slide se) (slide sw)))
      (board-setup (White (Man a2)) (Black (Man d3)))
      (win-condition (White) (absolute-config Man (d4)))
      (win-condition (Black) (absolute-config Man (a1))))
    """)


def test_a_slider_kept_out_of_its_own_home_corner_exports_with_each_players_region(tmp_path):
    """By hand: White's Man on a2 goes to a3, a4, b2, c2, d2, b3, c4 or b1, never a1: perft(1)
    8.  Black's Man on d3 has 8 on the empty board: d2, d1, c3, b3, a3, c4, c2, b1 (never d4),
    less those White's Man takes or blocks: after a2-a3 7 (a3), a2-a4 and a2-b2 8, a2-c2 6
    (c2, b1), a2-d2 6 (d2, d1), a2-b3 6 (b3, a3), a2-c4 7 (c4), a2-b1 7 (b1): perft(2) 55."""
    path = tmp_path / "home-corners.zrf"
    path.write_text(HOME_CORNERS)
    game = open_game(str(path))
    export, _, result = export_and_verify(game, positions=scaled(200, 60))
    options = export.section.options
    assert options["customPiece1"] == "m:mRmB"
    assert options["mobilityRegionWhiteCustomPiece1"] == "b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 d3 a4 b4 c4 d4"
    assert options["mobilityRegionBlackCustomPiece1"] == "a1 b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 d3 a4 b4 c4"
    assert result.perft_ours[:2] == result.perft_theirs[:2] == [8, 55]
    assert result.ok, result.describe()
