"""The terminal board: ranks top to bottom with file letters, stores listed."""

from __future__ import annotations

from runtime.pictures.textboard import board_text

from .test_render import Grid3


def test_grid_board_text():
    text = board_text(Grid3().initial_state()).splitlines()
    # rank 3 first with Black's man (lower case) on c3, rank 1 last with White's (upper case) on a1
    assert text[0].split() == ["3", ".", ".", "ma"]
    assert text[2].split() == ["1", "MA", ".", "."]
    assert text[3].split() == ["a", "b", "c"]
    assert "White holds 2 Man" in text
