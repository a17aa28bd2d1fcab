"""Rules texts as Zillions shows them: file line breaks are spaces, a backslash breaks the line."""

from __future__ import annotations

from runtime.loading.opening import open_game
from runtime.web.rules_text import rules_texts

GAME = r'''(game (title "T") (players A B) (turn-order A B)
  (description "First line
   continues here\Second line")
  (strategy "Be quick.")
  (board (grid (start-rectangle 0 0 10 10) (end-rectangle 10 10 20 20) (dimensions "a_b" "1_2")
               (directions (n 0 -1))))
  (piece (name P) (help "P: steps
     north") (moves ((n add))))
  (board-setup (A (P a1)) (B (P b2)))
  (win-condition (A B) (pieces-remaining 0)))
'''


def test_texts_read_as_zillions_shows_them(tmp_path):
    path = tmp_path / "t.zrf"
    path.write_text(GAME, encoding="utf-8")
    texts = rules_texts(open_game(str(path)))
    assert texts == {"description": "First line continues here\nSecond line", "help": None,
                     "strategy": "Be quick.", "pieces": {"P": "P: steps north"}}
