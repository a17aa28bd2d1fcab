"""A flag piece that may enter its goal region only where no enemy attacks it (Dobutsu's lion).

Fairy-Stockfish has no such move restriction for a piece that is not royal: ``flagPieceSafe``
lets an attacked flag piece arrive and only withholds the win.  The export asks our interpreter
(:mod:`runtime.fairy.flag_entries`).  The small game is written here: 3x4, a king (not royal:
losing it loses) stepping one square any way, winning on the far rank.  Skipped without pyffish.
"""

from __future__ import annotations

import textwrap

import pytest

pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed: pip install 'zrf-toolkit[fairy]'")

from runtime.loading.opening import open_game
from tests.conftest import scaled
from tests.fairy.export_refusals import refused_export_lines
from tests.fairy.exported import export_and_verify

#: Into the goal zone only onto a square no enemy attacks (or taking the enemy king there).
SAFE_ENTRY = "(if (in-zone? far) (verify (or (piece? King) not-attacked?)))"


def race_game(entry: str = "") -> str:
    """The game of the module docstring; ``entry`` is checked on the square a king steps to."""
    return textwrap.dedent(f"""\
        (define step ($1 (verify not-friend?) {entry} add))
        (game
          (title "Race")
          (players White Black)
          (turn-order White Black)
          (board
            (grid (start-rectangle 0 0 50 50)
              (dimensions ("a/b/c" (50 0)) ("4/3/2/1" (0 50)))
              (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0) (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1)))
            (symmetry Black (n s) (s n) (ne se) (se ne) (nw sw) (sw nw))
            (zone (name far) (players White) (positions a4 b4 c4))
            (zone (name far) (players Black) (positions a1 b1 c1)))
          (piece (name King) (moves (step n) (step e) (step s) (step w) (step ne) (step nw) (step se) (step sw)))
          (board-setup (White (King b1)) (Black (King b4)))
          (loss-condition (White Black) (pieces-remaining 0 King))
          (win-condition (White Black) (absolute-config King (far))))
        """)


def test_a_flag_piece_entering_only_unattacked_squares_is_a_located_e809(tmp_path):
    """White's king steps from a3 to a4 (its goal rank) on the empty board, not with Black's
    king on b3 (which attacks a4), and does with a white king on b3: refused at the goal."""
    path = tmp_path / "try.zrf"
    path.write_text(race_game(SAFE_ENTRY))
    output = refused_export_lines(path)
    assert f"{path}:16:3: E809 King may not move from a3 to a4, in its goal region, with an enemy King on b3, and " \
           "may with one of its own there: it enters only where no enemy attacks it; a Fairy-Stockfish piece's " \
           "moves do not depend on attacks (flagPieceSafe lets an attacked flag piece arrive and only withholds " \
           "the win)" in output


def test_a_flag_piece_entering_anywhere_exports_and_verifies(tmp_path):
    """Without the restriction the race exports (extinction of the king, the far rank as flag
    region) and verifies.  perft(1) = 5: White's king on b1 steps to a1, c1, a2, b2, c2."""
    path = tmp_path / "race.zrf"
    path.write_text(race_game())
    game = open_game(str(path))
    export, _, result = export_and_verify(game, positions=scaled(200, 30))
    assert export.section.options["flagRegionWhite"] == "a4 b4 c4"
    assert result.perft_ours[0] == result.perft_theirs[0] == 5
    assert result.ok, result.describe()
