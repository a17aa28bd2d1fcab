"""Small ZRF games for match tests, written into a test's folder.

* :data:`THREE_IN_A_ROW`: noughts and crosses (X and O drop stones on a 3x3
  grid; three in a line wins; a full board leaves the next player without a
  move, a draw).  Nine plies at most, so a match of it takes a second.
* :data:`THREE_IN_A_ROW_WITH_CHANCE`: the same with a random player ``?R``
  who drops a Block on a random empty cell after each round (turn order X, O,
  ?R): nobody sits in its seat.
"""

from __future__ import annotations

from pathlib import Path

_BOARD = """
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
         (directions (e 1 0) (n 0 -1) (ne 1 -1) (se 1 1))))
  (piece (name Stone) (drops ((verify empty?) add)))"""

_GOALS = """
  (win-condition (X O) (or (relative-config Stone e Stone e Stone) (relative-config Stone n Stone n Stone)
                           (relative-config Stone ne Stone ne Stone) (relative-config Stone se Stone se Stone)))
  (draw-condition (X O) stalemated)"""

THREE_IN_A_ROW = f"""(game (title "Three in a row") (players X O) (turn-order X O){_BOARD}
  (board-setup (X (Stone off 5)) (O (Stone off 5))){_GOALS})
"""

THREE_IN_A_ROW_WITH_CHANCE = f"""(game (title "Three in a row with blocks") (players X O ?R) (turn-order X O ?R){_BOARD}
  (piece (name Block) (drops ((verify empty?) add)))
  (board-setup (X (Stone off 5)) (O (Stone off 5)) (?R (Block off 9))){_GOALS})
"""


def write(folder: Path, text: str, name: str = "three.zrf") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path
