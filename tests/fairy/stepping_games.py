"""The small game of the stalemate tests: a 3x3 board where Men step forward onto empty cells.

White's Men step north, Black's south; nothing captures, so the game ends when the player to
move has no step left.  The tests give its goals, and may give its set-up and the order in which
its players are declared (its turn order is always White, then Black).
"""

from __future__ import annotations

import textwrap

#: White's Men on a1 and b1, Black's on c3
SETUP = "(White (Man a1 b1)) (Black (Man c3))"


def stepping_game(goals: str, setup: str = SETUP, players: str = "White Black") -> str:
    """The game with ``goals`` (one a line), ``setup`` (the board-setup's contents) and
    ``players`` (the ``players`` declaration's contents)."""
    return textwrap.dedent("""\
        (define go ($1 (verify empty?) add))
        (game
          (title "Stepping")
          (players PLAYERS)
          (turn-order White Black)
          (board
            (grid (start-rectangle 0 0 50 50)
              (dimensions ("a/b/c" (50 0)) ("3/2/1" (0 50)))
              (directions (n 0 -1) (s 0 1)))
            (symmetry Black (n s) (s n)))
          (piece (name Man) (moves (go n)))
          (board-setup SETUP)
        GOALS)
        """).replace("PLAYERS", players).replace("SETUP", setup).replace("GOALS", textwrap.indent(goals, "  "))
