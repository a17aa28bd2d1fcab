"""Template context for ``canopus.zrf.j2``, built from the native engine's own data.

Cell names, directions, zones, goal cells and both start positions come from
:mod:`variants.canopus.data` and :mod:`variants.canopus.board`, so the
generated ZRF and the native engine cannot drift apart:

* the board is one ``grid``: files a-i left to right, ranks 8 down to 1 as
  drawn (White at the bottom), so a cell is named file letter + rank number
  exactly as the engine names it;
* the eight directions are the engine's ``DIRS`` (north = towards rank 8),
  written as grid offsets (a rank step up is an index step down as drawn);
* Black's directions are White's mirrored top to bottom (``n``<->``s``,
  ``ne``<->``se``, ``nw``<->``sw``): only the Soldier's "forward" depends on
  it, every other piece uses symmetric direction sets;
* zones: ``last-rank`` (Soldier promotion), ``double-rank`` (double step) and
  ``own-goal`` (the cells where the enemy wins), per player, from ``PROMOTION_RANK``,
  ``double_step_rank`` and ``GOALS``;
* goal pairs: per player, the adjacent pairs of the *enemy* goal that win
  (``GOAL_PAIRS`` of the opponent, decision A15).
"""

from __future__ import annotations

from variants.pictures import Area, BoardPicture, GamePictures, bounds, coordinates, grid_cells

from . import data
from .board import DIR_NAMES, DIRS

#: Pixel size of one cell on the drawn board.
CELL = 50
#: Width of the board bitmap's border, which holds the coordinates.
MARGIN = 20
#: The package: Rules/Canopus.zrf and Images/Canopus/ (both games of the file).
PACKAGE = "Canopus"

LIGHT, DARK = (240, 217, 181), (181, 136, 99)
BORDER, INK, GOAL = (120, 84, 52), (250, 240, 220), (210, 30, 30)


def pictures() -> GamePictures:
    """The board bitmap (checkered, the two goals framed in red) and the pieces of both games."""
    ranks = list(range(data.RANKS, 0, -1))
    rects = grid_cells(data.FILES, ranks, CELL, MARGIN, MARGIN)
    cells = {c: (r, DARK if (data.FILES.index(c[0]) + int(c[1:])) % 2 else LIGHT) for c, r in rects.items()}
    goals = []
    for player in data.PLAYERS:
        x1, y1, x2, y2 = bounds(rects[c] for c in data.GOALS[player])
        goals.append(Area(((x1 + 2, y1 + 2), (x2 - 2, y2 - 2)), outline=GOAL, width=4))
    size = (len(data.FILES) * CELL + 2 * MARGIN, data.RANKS * CELL + 2 * MARGIN)
    board = BoardPicture("board.bmp", size, BORDER, cells, areas=tuple(goals),
                         texts=coordinates(data.FILES, ranks, CELL, MARGIN, MARGIN, MARGIN, INK))
    types = tuple(dict.fromkeys(data.PIECE_TYPES + data.SUPER_PIECE_TYPES))
    return GamePictures(PACKAGE, (board,), tuple(data.PLAYERS), types, CELL - 4)


def _setup(super_star: bool) -> dict[str, list[tuple[str, list[str]]]]:
    """Per player, ``(piece type, cells)`` rows in piece-type order (cells in board order)."""
    pos = data.setup(super_star=super_star)
    types = data.SUPER_PIECE_TYPES if super_star else data.PIECE_TYPES
    out: dict[str, list[tuple[str, list[str]]]] = {}
    for player in data.PLAYERS:
        rows = []
        for ptype in types:
            cells = [c for c in data.CELLS if pos.get(c) == (player, ptype)]
            if cells:
                rows.append((ptype, cells))
        out[player] = rows
    return out


def context() -> dict:
    """The template variables (see the module docstring)."""
    directions = [(name.lower(), df, -dr) for name, (df, dr) in zip(DIR_NAMES, DIRS)]
    names = [d[0] for d in directions]
    orthogonal = [n for n in names if len(n) == 1]
    diagonal = [n for n in names if len(n) == 2]
    # the two orthogonal directions that bracket each diagonal (ne -> n, e)
    bent = [(d, o) for d in diagonal for o in orthogonal if o in d]
    mirror = {"n": "s", "s": "n", "e": "e", "w": "w"}

    def mirrored(d: str) -> str:
        return "".join(mirror[c] for c in d)

    opponent = {p: q for p, q in zip(data.PLAYERS, reversed(data.PLAYERS))}
    ranks = list(range(data.RANKS, 0, -1))

    def rank_cells(rank: int) -> list[str]:
        return [f"{f}{rank}" for f in data.FILES]

    zones = [
        ("last-rank", {p: rank_cells(data.PROMOTION_RANK[p]) for p in data.PLAYERS}),
        ("double-rank", {p: rank_cells(data.double_step_rank(p)) for p in data.PLAYERS}),
        ("own-goal", {p: list(data.GOALS[p]) for p in data.PLAYERS}),
    ]
    goal_pairs = {p: [list(pair) for pair in data.GOAL_PAIRS[opponent[p]]] for p in data.PLAYERS}
    return {
        "players": list(data.PLAYERS),
        "files": list(data.FILES),
        "ranks": [str(r) for r in ranks],
        "cell": CELL,
        "origin": MARGIN,
        "images": pictures().zrf_images(),
        "directions": directions,
        "orthogonal": orthogonal,
        "diagonal": diagonal,
        "all_directions": names,
        "bent": bent,
        "symmetry": [(d, mirrored(d)) for d in names if mirrored(d) != d],
        "forward": "n",
        "sideways": ["e", "w"],
        "forward_diagonal": ["ne", "nw"],
        "zones": zones,
        "goal_pairs": goal_pairs,
        # each side's own goal (where the enemy wins): its adjacent pairs
        "own_goal_pairs": {p: [list(pair) for pair in data.GOAL_PAIRS[p]] for p in data.PLAYERS},
        "goal_cells": {p: list(data.GOALS[p]) for p in data.PLAYERS},
        "promotion_types": list(data.PROMOTION_TYPES),
        "change_types": list(data.STAR_CHANGE_TYPES),
        "piece_types": list(data.PIECE_TYPES),
        "super_piece_types": list(data.SUPER_PIECE_TYPES),
        "setup": _setup(False),
        "super_setup": _setup(True),
        "titles": ("Canopus", "Super-Star Canopus"),
    }
