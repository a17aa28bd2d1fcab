"""Template context for ``epsilon_eridani.zrf.j2``, built from the native engine's own data.

Cell names, the hole, the colour bands, the starting array, the promotion and
double-step ranks and the piece and player names come from
:mod:`variants.epsilon_eridani.data`; the eight king directions from
:mod:`variants.epsilon_eridani.board` (``DIRS``).  So the generated ZRF and the
native engine cannot drift apart:

* the board is one ``grid``: files a-e left to right, ranks 9 down to 1 as drawn
  (White at the bottom), so a cell is named file letter + rank number exactly as
  the engine names it; the hole (``data.HOLE``) is removed with ``kill-positions``,
  which also removes every link into or out of it, so steps, slides and H moves
  stop there;
* besides the eight king directions the grid has one direction per leap
  (knight, two-square diagonal and orthogonal, three-square diagonal).  A grid
  direction links a cell straight to the target cell, so a leap passes over the
  hole but never lands on it (A4), exactly as the engine's leap tables;
* Black's directions are White's turned by 180 degrees (the array is White's
  turned half a circle); only the Soldier and Grand-Soldier have direction sets
  that are not symmetric;
* zones: ``rank-1`` .. ``rank-9`` (the CH source ranks; the same cells for both
  players), ``last-rank`` (promotion, and the Soldier's CH) and ``start-rank``
  (double step), per player;
* ``ch``: for each rank, the previous and next rank of the same colour band
  (``data.COLOURS``; three ranks down and up, A2/A3); ``rank_cells`` the cells
  of each rank, which the CH blocks visit by name.
"""

from __future__ import annotations

from variants.setup_rows import setup_rows
from variants.pictures import Area, BoardPicture, GamePictures, coordinates, grid_cells

from . import data
from .board import DIRS

#: Pixel size of one cell on the drawn board.
CELL = 50
#: Width of the board bitmap's border, which holds the coordinates.
MARGIN = 20
#: The package: Rules/EpsilonEridani.zrf and Images/EpsilonEridani/.
PACKAGE = "EpsilonEridani"

#: The three colour bands (rule-relevant: CH moves within a band), as drawn: gold, terracotta, slate.
BAND_COLOURS = ((232, 200, 96), (200, 120, 80), (120, 144, 192))
BORDER, INK, SPACE, STARS = (70, 60, 80), (245, 240, 225), (12, 12, 28), (240, 240, 255)


def pictures() -> GamePictures:
    """The board bitmap: the three colour bands, the hole as a patch of night sky."""
    ranks = list(reversed(data.RANKS))
    rects = grid_cells(data.FILES, ranks, CELL, MARGIN, MARGIN)
    hole = rects.pop(data.HOLE)
    cells = {c: (r, BAND_COLOURS[data.COLOURS[c]]) for c, r in rects.items()}
    x1, y1, x2, y2 = hole
    stars = [(0.25, 0.3), (0.7, 0.22), (0.5, 0.55), (0.2, 0.78), (0.8, 0.72)]
    areas = [Area(((x1, y1), (x2, y2)), fill=SPACE, outline=(70, 55, 40))]
    areas += [Area(((x1 + fx * CELL - 2, y1 + fy * CELL - 2), (x1 + fx * CELL + 2, y1 + fy * CELL + 2)),
                   shape="ellipse", fill=STARS) for fx, fy in stars]
    size = (len(data.FILES) * CELL + 2 * MARGIN, len(data.RANKS) * CELL + 2 * MARGIN)
    board = BoardPicture("board.bmp", size, BORDER, cells, areas=tuple(areas),
                         texts=coordinates(data.FILES, ranks, CELL, MARGIN, MARGIN, MARGIN, INK))
    return GamePictures(PACKAGE, (board,), tuple(data.PLAYERS), tuple(data.PIECE_TYPES), CELL - 4)

CLOCK_BITS = (1, 2, 4, 8, 16, 32, 64)
"""Values of the move clock's binary digits (plies without capture or promotion, A11)."""
CLOCK_CELLS = tuple(f"clock-{v}" for v in CLOCK_BITS)
"""The dummy cells that hold the move clock: a Clock piece on a cell is a 1 digit."""
NAME_MAP = {"ignore": list(CLOCK_CELLS)}
"""The cross-check's name map for the generated file: the clock cells are bookkeeping."""


def clock_cells_for(count: int) -> list[str]:
    """The clock cells holding a Clock piece when the count is ``count``."""
    return [c for v, c in zip(CLOCK_BITS, CLOCK_CELLS) if count & v]


#: ZRF name of each of the engine's eight king directions (board.DIRS order: N S E W NE NW SE SW).
KING_DIRECTIONS = ("n", "s", "e", "w", "ne", "nw", "se", "sw")

#: The leaps as (ZRF direction name, (dfile, drank)), drank + 1 = towards Black.
KNIGHT = (("nne", (1, 2)), ("ene", (2, 1)), ("ese", (2, -1)), ("sse", (1, -2)),
          ("ssw", (-1, -2)), ("wsw", (-2, -1)), ("wnw", (-2, 1)), ("nnw", (-1, 2)))
ALFIL = (("ne2", (2, 2)), ("nw2", (-2, 2)), ("se2", (2, -2)), ("sw2", (-2, -2)))
DABBABA = (("nn", (0, 2)), ("ss", (0, -2)), ("ee", (2, 0)), ("ww", (-2, 0)))
TRIPLE_DIAGONAL = (("ne3", (3, 3)), ("nw3", (-3, 3)), ("se3", (3, -3)), ("sw3", (-3, -3)))


def _rank_cells(rank: int) -> list[str]:
    return [c for c in data.CELLS if int(c[1:]) == rank]


def directions() -> list[tuple[str, tuple[int, int]]]:
    """Every grid direction as (name, (dfile, drank)): king directions first, then leaps.

    No direction may be spelt like a cell (``e2`` would be both the cell and
    "two cells east"; the CH blocks name cells), so the orthogonal two-cell
    leaps are ``nn ss ee ww``.
    """
    king = list(zip(KING_DIRECTIONS, DIRS))
    out = king + list(KNIGHT + ALFIL + DABBABA + TRIPLE_DIAGONAL)
    clash = {name for name, _ in out} & set(data.CELLS)
    if clash:
        raise ValueError(f"direction names spelt like cells: {sorted(clash)}")
    return out


def _turned(dirs: list[tuple[str, tuple[int, int]]]) -> list[tuple[str, str]]:
    """(d, d turned 180 degrees) for every direction."""
    by_offset = {off: name for name, off in dirs}
    return [(name, by_offset[(-df, -dr)]) for name, (df, dr) in dirs]


def context() -> dict:
    """The template variables (see the module docstring)."""
    dirs = directions()
    ranks = list(data.RANKS)
    # CH: the previous and the next rank of the same colour band (A2/A3)
    bands = [sorted({int(c[1:]) for c, k in data.COLOURS.items() if k == band})
             for band in range(len(data.COLOUR_NAMES))]
    ch = []
    for r in ranks:
        band = next(b for b in bands if r in b)
        i = band.index(r)
        targets = [band[j] for j in (i - 1, i + 1) if 0 <= j < len(band)]
        ch.append((r, targets))
    return {
        "title": "Epsilon Eridani",
        "clock_cells": list(CLOCK_CELLS),
        "clock_draw_cells": clock_cells_for(2 * data.NO_PROGRESS_MOVES),
        "no_progress_plies": 2 * data.NO_PROGRESS_MOVES,
        "players": list(data.PLAYERS),
        "piece_types": list(data.PIECE_TYPES),
        "files": list(data.FILES),
        # as drawn, top to bottom: Black's rank 9 first
        "ranks": [str(r) for r in reversed(ranks)],
        "cell": CELL,
        "origin": MARGIN,
        "images": pictures().zrf_images(),
        "hole": data.HOLE,
        # grid offsets: a rank step towards Black is an index step up as drawn
        "directions": [(name, df, -dr) for name, (df, dr) in dirs],
        "symmetry": _turned(dirs),
        "king_directions": list(KING_DIRECTIONS),
        "orthogonal": ["n", "s", "e", "w"],
        "diagonal": ["ne", "nw", "se", "sw"],
        "sideways": ["e", "w"],
        # White's view; Black's symmetry turns them by 180 degrees
        "forward": "n",
        "backward": "s",
        "forward_diagonal": ["ne", "nw"],
        "knight": [n for n, _ in KNIGHT],
        "alfil": [n for n, _ in ALFIL],
        "dabbaba": [n for n, _ in DABBABA],
        "triple_diagonal": [n for n, _ in TRIPLE_DIAGONAL],
        "rank_cells": {r: _rank_cells(r) for r in ranks},
        "ch": ch,
        "last_rank": {p: list(data.PROMOTION_ZONES[p]) for p in data.PLAYERS},
        "start_rank": {p: _rank_cells(data.START_RANK_SOLDIERS[p]) for p in data.PLAYERS},
        "colour_bands": bands,
        "last_rank_number": {p: data.LAST_RANK[p] for p in data.PLAYERS},
        "setup": setup_rows(data.PLAYERS, data.PIECE_TYPES, data.CELLS, data.SETUP),
    }
