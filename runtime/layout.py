"""Where each cell of a game is drawn: from the game's own layout or from its cell names.

Used by the terminal board, the SVG renderer and the browser page.  Cells
named file-letters + rank-digits (``a1``, ``i9``, ``aa10``) are placed on a
grid with rank 1 at the bottom; any other names fall back to rows of ten.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .protocol import Game

_NAME = re.compile(r"^([a-z]+)(\d+)$")


@dataclass(frozen=True)
class Cell:
    """A drawn cell: name and rectangle."""

    name: str
    x: float
    y: float
    w: float
    h: float


def _file_index(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + (ord(ch) - ord("a") + 1)
    return n - 1


def grid_coordinates(cells: tuple[str, ...] | list[str]) -> dict[str, tuple[int, int]] | None:
    """``cell -> (file index, rank number)`` when every name is letters+digits, else None."""
    out = {}
    for c in cells:
        m = _NAME.match(c)
        if not m:
            return None
        out[c] = (_file_index(m.group(1)), int(m.group(2)))
    return out


def cell_layout(game: Game, size: float = 50.0) -> list[Cell]:
    """Every drawn cell of ``game`` with its rectangle."""
    rects = game.layout()
    if rects:
        return [Cell(name, *rect) for name, rect in rects.items()]
    coords = grid_coordinates(game.positions)
    if coords:
        top = max(r for _, r in coords.values())
        return [Cell(c, f * size, (top - r) * size, size, size) for c, (f, r) in coords.items()]
    return [Cell(c, (i % 10) * size, (i // 10) * size, size, size) for i, c in enumerate(game.positions)]
