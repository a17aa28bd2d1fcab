"""Integer geometry of the 9x8 Canopus board, precomputed once at import.

Cells are indices 0..71 (``index = (rank-1)*9 + file``).  Directions are
numbered clockwise from north: 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW, so
the orthogonal ones are even and the diagonal ones odd, and the two
orthogonals that bracket a diagonal ``d`` are ``d-1`` and ``d+1`` (mod 8).
Every table answers a geometric question in one list look-up, which is what
keeps perft and random playouts fast.
"""

from __future__ import annotations

from variants.geometry import per_cell, ray_table, reverse, step_table

from .data import CELLS, FILES, RANKS

WIDTH = len(FILES)
HEIGHT = RANKS
SIZE = WIDTH * HEIGHT

DIRS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
"""(dfile, drank) of each direction number."""
DIR_NAMES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
ORTHO = (0, 2, 4, 6)
DIAG = (1, 3, 5, 7)
ALL_DIRS = tuple(range(8))

NAME = CELLS
"""Index -> cell name."""
INDEX = {c: i for i, c in enumerate(CELLS)}
"""Cell name -> index."""
FILE_OF = tuple(i % WIDTH for i in range(SIZE))
RANK_OF = tuple(i // WIDTH + 1 for i in range(SIZE))
"""Rank number (1..8) of each index."""

_BY_DIRECTION = step_table(tuple((i % WIDTH, i // WIDTH) for i in range(SIZE)), DIRS)

STEP = per_cell(_BY_DIRECTION)
"""STEP[i][d]: the neighbour of i in direction d, or -1 off the board."""

NEIGHBOURS = tuple(tuple(n for n in STEP[i] if n >= 0) for i in range(SIZE))
"""The (up to 8) adjacent cells of each cell."""

RAYS = per_cell(ray_table(_BY_DIRECTION))
"""RAYS[i][d]: the cells from i outwards in direction d, nearest first."""


def _mage_paths(i: int) -> tuple:
    """Mage-Apprentice paths from i: (dest, cells that must be empty, kind).

    kind 1 = the diagonal step, 2 = diagonal + one orthogonal (knight cell),
    3 = diagonal + two orthogonals (camel cell, the "3-step" path that may
    take a Reducer).
    """
    out = []
    for d in DIAG:
        c1 = STEP[i][d]
        if c1 < 0:
            continue
        out.append((c1, (), 1))
        for o in ((d - 1) % 8, (d + 1) % 8):
            c2 = STEP[c1][o]
            if c2 < 0:
                continue
            out.append((c2, (c1,), 2))
            c3 = STEP[c2][o]
            if c3 >= 0:
                out.append((c3, (c1, c2), 3))
    return tuple(out)


def _p32_paths(i: int) -> tuple:
    """P32 paths from i: (dest, cells that must be empty, kind).

    kind 1 = orthogonal step, 2 = orthogonal leap of two (nothing need be
    empty), 3 = orthogonal slide of exactly three (both cells between empty).
    """
    out = []
    for d in ORTHO:
        ray = RAYS[i][d]
        if len(ray) >= 1:
            out.append((ray[0], (), 1))
        if len(ray) >= 2:
            out.append((ray[1], (), 2))
        if len(ray) >= 3:
            out.append((ray[2], (ray[0], ray[1]), 3))
    return tuple(out)


MAGE_PATHS = tuple(_mage_paths(i) for i in range(SIZE))
P32_PATHS = tuple(_p32_paths(i) for i in range(SIZE))

MAGE_REVERSE = reverse(MAGE_PATHS)
"""MAGE_REVERSE[t]: (source, empties, kind) of every Mage path that ends on t."""
P32_REVERSE = reverse(P32_PATHS)
"""P32_REVERSE[t]: (source, empties, kind) of every P32 path that ends on t."""
