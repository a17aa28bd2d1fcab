"""Where each cell of a game is drawn: from the ZRF board, the game's own layout or its cell names.

Used by the terminal board, the SVG renderer and the browser page.  In order:

1. a ZRF game's board (``zrf.model.Board``): every position that is not a
   ``dummy`` is drawn at its ``Position.rect`` (left, top, right, bottom in
   board-image pixels, so a cell lies where the board bitmap shows it).  The
   interpreter's :meth:`ZrfGame.layout` gives the same rectangles, but the
   board is read here (through the game's ``gdef``, or a wrapper's ``inner``
   game) because drawing also wants each cell's grid and grid coordinates,
   for shading, and the links between cells.  Two refinements:

   * the *levels* of a grid with more dimensions than its picture has (a
     3-D board whose third step is ``(0 0)``, so every level would land on
     the first) are set side by side, in rows when there are many
     (:func:`level_offsets`); the board bitmap is drawn once per level;
   * *hexagonal* boards get hexagons: when the shortest links between
     position centres (grid directions and explicit links alike) run along
     exactly three lines 60 degrees apart, each linked cell is the hexagon
     around its centre whose opposite sides are one such link apart
     (:func:`hexagon_shape`);
2. :meth:`Game.layout` when the game gives one;
3. cells named file-letters + rank-digits (``a1``, ``i9``, ``aa10``) on a grid
   with rank 1 at the bottom;
4. any other names in rows of ten.
"""

from __future__ import annotations

import itertools
import math
import re
import weakref
from collections import Counter
from dataclasses import dataclass, field

from .protocol import Game, zrf_definition

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
    #: corner points of a hexagonal cell, None for a rectangle
    shape: tuple[tuple[float, float], ...] | None = None

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


def zrf_source(game: Game):
    """``(GameDef, rules file path)`` behind ``game`` when it plays a ZRF with a board, else None."""
    gdef = zrf_definition(game)
    if gdef is None or gdef.board is None:
        return None
    return gdef, game.rules_path or ""


def zrf_board(game: Game):
    """The ``zrf.model.Board`` behind ``game``, or None."""
    source = zrf_source(game)
    return source[0].board if source is not None else None


@dataclass
class BoardLayout:
    """Every drawn cell, and where the board bitmap goes: at each of ``bitmap_offsets``."""

    cells: list[Cell]
    bitmap_offsets: list[tuple[float, float]] = field(default_factory=lambda: [(0.0, 0.0)])


#: Fewer cells than a hexagon and its centre are not taken for a hexagonal board.
MIN_HEXAGONS = 7

#: Levels per row when a grid's levels are set side by side (more levels: a square-ish block).
LEVELS_PER_ROW = 8


def plane_dimensions(steps: list[tuple[int, int]], sizes: list[int]) -> list[int]:
    """The dimensions that spread a grid over the picture; the others only stack levels.

    Dimensions are taken in order; one joins the plane when adding it keeps every
    index vector of the plane dimensions on its own pixel offset.
    """
    plane: list[int] = []
    for k in range(len(steps)):
        trial = plane + [k]
        count = math.prod(sizes[i] for i in trial)
        if count > 1_000_000:
            break
        offsets = {(sum(steps[i][0] * v for i, v in zip(trial, idx)),
                    sum(steps[i][1] * v for i, v in zip(trial, idx)))
                   for idx in itertools.product(*[range(sizes[i]) for i in trial])}
        if len(offsets) == count:
            plane = trial
    return plane


def level_offsets(count: int, width: float, height: float, gap: float) -> list[tuple[float, float]]:
    """Where level 0 .. count-1 go: a row of up to LEVELS_PER_ROW, else a square-ish block."""
    per_row = count if count <= LEVELS_PER_ROW else math.ceil(math.sqrt(count))
    return [((j % per_row) * (width + gap), (j // per_row) * (height + gap)) for j in range(count)]


def _line_angle(x: float, y: float) -> float:
    return math.degrees(math.atan2(y, x)) % 180.0


def _close(a: float, b: float, tolerance: float = 4.0) -> bool:
    """Two line angles (mod 180 degrees) within ``tolerance`` of each other."""
    d = abs(a - b) % 180.0
    return min(d, 180.0 - d) < tolerance


def hexagon_shape(steps: list[tuple[float, float]]) -> tuple[float, float] | None:
    """``(neighbour distance, angle of one neighbour line)`` when ``steps`` are hexagonal.

    ``steps`` are pixel vectors between linked cells.  They are grouped by line
    (angle modulo 180 degrees) and length; of the triples of groups of about
    one length (within 8 percent) that lie 60 degrees apart, the shortest is
    returned (the most steps breaking a tie; None when there is none).
    """
    groups: list[list[float]] = []  # [angle, length, count]
    # a grid repeats a few vectors over and over: each distinct one is grouped once, with its count
    for (x, y), times in Counter(steps).items():
        n = math.hypot(x, y)
        if n == 0:
            continue
        a = _line_angle(x, y)
        for g in groups:
            if _close(a, g[0]) and abs(n - g[1]) <= 0.06 * g[1]:
                g[2] += times
                break
        else:
            groups.append([a, n, times])
    best = None
    for g in groups:
        triple = [g]
        for turn in (60.0, 120.0):
            match = [h for h in groups if _close(h[0], g[0] + turn) and abs(h[1] - g[1]) <= 0.08 * g[1]]
            if not match:
                break
            triple.append(max(match, key=lambda h: h[2]))
        if len(triple) == 3:
            key = (sum(h[1] for h in triple) / 3, -sum(h[2] for h in triple))
            if best is None or key < best[0]:
                best = (key, min(h[0] for h in triple))
    if best is None:
        return None
    return best[0][0], best[1]


def _hexagon(cx: float, cy: float, spacing: float, angle: float) -> tuple[tuple[float, float], ...]:
    """The hexagon around (cx, cy) whose opposite sides are ``spacing`` apart, facing ``angle``."""
    radius = spacing / math.sqrt(3)
    return tuple((round(cx + radius * math.cos(math.radians(angle + 30 + 60 * k)), 2),
                  round(cy + radius * math.sin(math.radians(angle + 30 + 60 * k)), 2)) for k in range(6))


def _zrf_layout(board, size: float) -> BoardLayout:
    """Every non-dummy position at its rectangle (see the module docstring for levels and
    hexagons); positions without a rectangle go in a row below the rest."""
    cells: list[Cell] = []
    missing = []
    plans = [_grid_plan(grid) for grid in board.grids]
    offsets = [(0.0, 0.0)]
    for plan in plans:
        if plan["levels"]:
            offsets = plan["levels"]
            break
    hexagonal = _hexagonal(board)
    for pos in board.positions.values():
        if pos.dummy:
            continue
        if pos.rect is None:
            missing.append(pos)
            continue
        left, top, w, h = pos.box
        plan = plans[pos.grid] if pos.grid is not None and pos.coords is not None else None
        if plan is not None and plan["levels"]:
            dx, dy = plan["shift"](pos.coords)
            left, top = left + dx, top + dy
        w, h = float(w or size), float(h or size)
        shape = None
        if hexagonal is not None and pos.name in hexagonal[2]:
            shape = _hexagon(left + w / 2, top + h / 2, hexagonal[0], hexagonal[1])
        cells.append(Cell(pos.name, float(left), float(top), w, h, pos.coords, pos.grid, shape))
    if missing:
        bottom = max((c.y + c.h for c in cells), default=0.0) + size / 2
        for i, pos in enumerate(missing):
            cells.append(Cell(pos.name, (i % 10) * size, bottom + (i // 10) * size, size, size))
    return BoardLayout(cells, offsets)


def _grid_plan(grid) -> dict:
    """How a grid's levels are drawn: none when they do not overlap, else the level offsets
    and a function moving a cell from its place in the file to its level's place."""
    plan: dict = {"levels": [], "shift": None}
    steps = [d[1] for d in grid.dimensions]
    sizes = [len(d[0]) for d in grid.dimensions]
    plane = plane_dimensions(steps, sizes)
    stacked = [k for k in range(len(steps)) if k not in plane]
    if not stacked:
        return plan
    x1, y1, x2, y2 = grid.start
    w, h = abs(x2 - x1), abs(y2 - y1)
    width = w + sum(abs(steps[k][0]) * (sizes[k] - 1) for k in plane)
    height = h + sum(abs(steps[k][1]) * (sizes[k] - 1) for k in plane)
    count = math.prod(sizes[k] for k in stacked)
    offsets = level_offsets(count, width, height, gap=max(w, h, 10) / 2)

    def shift(coords: tuple[int, ...]) -> tuple[float, float]:
        level = 0
        for k in stacked:
            level = level * sizes[k] + coords[k]
        ox, oy = offsets[level]
        # undo what the stacked dimensions added, then move to the level's place
        return (ox - sum(steps[k][0] * coords[k] for k in stacked),
                oy - sum(steps[k][1] * coords[k] for k in stacked))

    plan["levels"] = offsets
    plan["shift"] = shift
    return plan


def _hexagonal(board) -> tuple[float, float, set[str]] | None:
    """``(spacing, angle, cells)`` when the board's links are hexagonal, else None.

    Judged from the pixel vectors of every link between drawn positions
    (:func:`hexagon_shape`).  ``cells`` are those linked, one spacing away,
    along at least two of the three lines, and linked to nothing nearer, so
    hands and other square areas keep their rectangles (and a square board's
    longer leaps that happen to lie 60 degrees apart make no hexagon).
    """
    centres = {}
    for pos in board.positions.values():
        if not pos.dummy and pos.rect is not None:
            left, top, w, h = pos.box
            centres[pos.name] = (left + w / 2, top + h / 2)
    def links():
        for table in board.links.values():
            for a, b in table.items():
                ca, cb = centres.get(a), centres.get(b)
                if ca is not None and cb is not None and a != b:
                    yield a, b, (cb[0] - ca[0], cb[1] - ca[1])
    found = hexagon_shape([v for _, _, v in links()])
    if found is None:
        return None
    spacing, angle = found
    lines: dict[str, set[int]] = {}
    shortest: dict[str, float] = {}
    shapes: dict[tuple[float, float], tuple[float, tuple[int, ...]]] = {}  # vector -> (length, its lines)
    for a, b, vector in links():
        shape = shapes.get(vector)
        if shape is None:
            x, y = vector
            n = math.hypot(x, y)
            on = () if abs(n - spacing) > 0.1 * spacing else \
                tuple(k for k, turn in enumerate((0, 60, 120)) if _close(_line_angle(x, y), angle + turn))
            shape = shapes[vector] = (n, on)
        n, on = shape
        for c in (a, b):
            shortest[c] = min(shortest.get(c, n), n)
        for k in on:
            lines.setdefault(a, set()).add(k)
            lines.setdefault(b, set()).add(k)
    cells = {c for c, ks in lines.items() if len(ks) >= 2 and shortest[c] >= 0.9 * spacing}
    if len(cells) < MIN_HEXAGONS:
        return None
    return spacing, angle, cells


def board_layout(game: Game, size: float = DEFAULT_SIZE) -> BoardLayout:
    """Every drawn cell of ``game`` and the board bitmap's places (see the module docstring).

    Worked out once per game object and size and shared (callers must not change it): the
    hexagon test reads every link, and every picture of a game (each answer of the web
    page) needs the same layout; on a 100x100 grid that was 3.3 s a picture.
    """
    try:
        per_game = _LAYOUTS.setdefault(game, {})
    except TypeError:  # a game that cannot be weakly referenced: worked out each time
        per_game = {}
    found = per_game.get(size)
    if found is None:
        found = per_game[size] = _layout(game, size)
    return found


#: board layouts by game object (dropped with the game) and size
_LAYOUTS: weakref.WeakKeyDictionary[Game, dict[float, BoardLayout]] = weakref.WeakKeyDictionary()


def _layout(game: Game, size: float) -> BoardLayout:
    board = zrf_board(game)
    if board is not None:
        return _zrf_layout(board, size)
    rects = game.layout()
    if rects:
        return BoardLayout([Cell(name, *rect) for name, rect in rects.items()])
    coords = grid_coordinates(game.positions)
    if coords:
        top = max(r for _, r in coords.values())
        return BoardLayout([Cell(c, f * size, (top - r) * size, size, size, (f, r))
                            for c, (f, r) in coords.items()])
    return BoardLayout([Cell(c, (i % 10) * size, (i // 10) * size, size, size)
                        for i, c in enumerate(game.positions)])


def cell_layout(game: Game, size: float = DEFAULT_SIZE) -> list[Cell]:
    """Every drawn cell of ``game`` with its rectangle (see the module docstring for the order)."""
    return board_layout(game, size).cells


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
