"""Small games the Fairy-Stockfish tests share (a module of its own, free of ``pyffish``)."""

from __future__ import annotations

import textwrap

#: Two kings and one rook on a 4x4 board; the rook's moves are counted by hand in test_export.py.
TINY = textwrap.dedent("""\
    (define leap ($1 (verify not-friend?) add))
    (define slide ($1 (while empty? add $1) (verify not-friend?) add))
    (game
      (title "Tiny Rooks")
      (players White Black)
      (turn-order White Black)
      (board
        (grid (start-rectangle 0 0 50 50)
          (dimensions ("a/b/c/d" (50 0)) ("4/3/2/1" (0 50)))
          (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0) (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1))))
      (piece (name King) (moves (leap n) (leap e) (leap s) (leap w) (leap ne) (leap nw) (leap se) (leap sw)))
      (piece (name Rook) (moves (slide n) (slide e) (slide s) (slide w)))
      (board-setup (White (King a1) (Rook d1)) (Black (King d4) (Rook a4)))
      (loss-condition (White Black) (checkmated King))
      (draw-condition (White Black) stalemated))
    """)
