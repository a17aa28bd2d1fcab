"""Where each cell of a game is drawn: from the ZRF board, the game's own layout or its cell names.

Used by the terminal board, the SVG renderer and the browser page.  In order:

1. a ZRF game's board (``zrf.model.Board``): every position that is not a
   ``dummy`` is drawn at its ``Position.rect`` (left, top, right, bottom in
   board-image pixels).  The interpreter's :meth:`ZrfGame.layout` gives the
   same rectangles, but the board is read here (through the game's ``gdef``,
   or a wrapper's ``inner`` game) because drawing also wants each cell's grid
   and grid coordinates, for shading, and the links between cells;
2. :meth:`Game.layout` when the game gives one;
3. cells named file-letters + rank-digits (``a1``, ``i9``, ``aa10``) on a grid
   with rank 1 at the bottom;
4. any other names in rows of ten.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .protocol import Game

_NAME = re.compile(r"^([a-z]+)(\d+)$")

DEFAULT_SIZE = 50.0
"""Side of a cell when the layout is derived from names (SVG user units)."""


@dataclass(frozen=True)
class Cell:
    """A drawn cell: name, rectangle, and its index vector within a ZRF grid (for shading)."""

    name: str
    x: float
    y: float
    w: float
    h: float
    coords: tuple[int, ...] | None = None
    #: index of the ZRF grid that made it, None for explicit positions or derived layouts
    grid: int | None = None

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2


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


def zrf_board(game: Game):
    """The ``zrf.model.Board`` behind ``game`` (an interpreter game, possibly wrapped), or None."""
    seen = 0
    while game is not None and seen < 4:
        gdef = getattr(game, "gdef", None)
        board = getattr(gdef, "board", None)
        if board is not None and hasattr(board, "positions"):
            return board
        game = getattr(game, "inner", None)
        seen += 1
    return None


def _zrf_cells(board, size: float) -> list[Cell]:
    """Every non-dummy position at its rectangle; positions without one go in a row below the rest."""
    cells: list[Cell] = []
    missing = []
    for pos in board.positions.values():
        if pos.dummy:
            continue
        if pos.rect is None:
            missing.append(pos)
            continue
        left, top, w, h = pos.box
        cells.append(Cell(pos.name, float(left), float(top), float(w or size), float(h or size),
                          pos.coords, pos.grid))
    if missing:
        bottom = max((c.y + c.h for c in cells), default=0.0) + size / 2
        for i, pos in enumerate(missing):
            cells.append(Cell(pos.name, (i % 10) * size, bottom + (i // 10) * size, size, size))
    return cells


def cell_layout(game: Game, size: float = DEFAULT_SIZE) -> list[Cell]:
    """Every drawn cell of ``game`` with its rectangle (see the module docstring for the order)."""
    board = zrf_board(game)
    if board is not None:
        return _zrf_cells(board, size)
    rects = game.layout()
    if rects:
        return [Cell(name, *rect) for name, rect in rects.items()]
    coords = grid_coordinates(game.positions)
    if coords:
        top = max(r for _, r in coords.values())
        return [Cell(c, f * size, (top - r) * size, size, size, (f, r)) for c, (f, r) in coords.items()]
    return [Cell(c, (i % 10) * size, (i // 10) * size, size, size) for i, c in enumerate(game.positions)]


def drawn_links(game: Game, cells: list[Cell]) -> list[tuple[str, str]]:
    """Pairs of drawn cells joined by a ZRF link that the picture should show as a line.

    Links inside one grid are what the grid already shows (and grids often
    carry pseudo-directions such as ``next`` that join far cells), so only links
    that touch an explicit position, or join two different grids, are returned,
    each unordered pair once.
    """
    board = zrf_board(game)
    if board is None:
        return []
    by_name = {c.name: c for c in cells}
    pairs: set[tuple[str, str]] = set()
    for links in board.links.values():
        for a, b in links.items():
            ca, cb = by_name.get(a), by_name.get(b)
            if ca is None or cb is None or a == b:
                continue
            if ca.grid is not None and ca.grid == cb.grid:
                continue
            pairs.add((a, b) if a < b else (b, a))
    return sorted(pairs)
