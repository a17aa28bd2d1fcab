"""Integer geometry tables for Alpha Centauri, precomputed once at import.

The engine keeps the board as a flat list of 81 small integers (index = row * 9
+ column, a1 = 0) and never looks up cell names while generating moves; every
neighbour, ray and CH target list is read from the tables built here from
:mod:`variants.alpha_centauri.data`.

Piece codes: ``type | (owner << 4)`` with owner 0 = White, 1 = Black and the
type numbers below; 0 is an empty cell.
"""

from __future__ import annotations

from variants.geometry import ray_table, step_table

from . import data

N_CELLS = 81
NAMES: tuple[str, ...] = data.CELLS
INDEX: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
ROW: tuple[int, ...] = tuple(i // 9 for i in range(N_CELLS))
COL: tuple[int, ...] = tuple(i % 9 for i in range(N_CELLS))

# piece types (numbers used in the integer codes)
PAWN, GUARD, HOPPER, CENTAUR, ADVANCER, WITHDRAWER, ROTOR, REDUCER, KING, DAME = range(1, 11)
TYPE_NAMES: dict[int, str] = {i + 1: name for i, name in enumerate(data.PIECE_TYPES)}
TYPE_OF_NAME: dict[str, int] = {name: i for i, name in TYPE_NAMES.items()}
UNCAPTURABLE_TYPES = frozenset({ROTOR, KING, DAME})
ROYAL_TYPES = frozenset({KING, DAME})

WHITE, BLACK = 0, 1


def code(owner: int, ptype: int) -> int:
    """Integer code of a piece of ``ptype`` owned by ``owner`` (0 White, 1 Black)."""
    return ptype | (owner << 4)


# directions: 0 N, 1 E, 2 S, 3 W (orthogonal), 4 NE, 5 SE, 6 SW, 7 NW (diagonal)
DR = (1, 0, -1, 0, 1, -1, -1, 1)
DC = (0, 1, 0, -1, 1, 1, -1, -1)
ORTHO = (0, 1, 2, 3)
ALL_DIRS = tuple(range(8))
OPP = (2, 3, 0, 1, 6, 7, 4, 5)
"""Opposite direction of each direction."""
HORIZONTAL = (1, 3)
VERTICAL = (0, 2)
RING = (0, 4, 1, 5, 2, 6, 3, 7)
"""The eight neighbour directions in clockwise order starting from N (as White sees the board)."""

STEP: tuple[tuple[int, ...], ...] = step_table(tuple(zip(COL, ROW)), tuple(zip(DC, DR)))
"""``STEP[d][c]``: the neighbour of ``c`` in direction ``d``, or -1 off the board."""

RAYS: tuple[tuple[tuple[int, ...], ...], ...] = ray_table(STEP)
"""``RAYS[d][c]``: the cells from ``c`` (exclusive) to the edge in direction ``d``."""

CH_TARGETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(t for t in range(N_CELLS) if abs(ROW[t] - ROW[c]) == data.CH_DISTANCE)
    for c in range(N_CELLS))
"""``CH_TARGETS[c]``: every cell of the rows of the same colour next above and below ``c``."""

EDGE: tuple[bool, ...] = tuple(NAMES[c] in data.EDGE for c in range(N_CELLS))
ENCOUNTER: tuple[bool, ...] = tuple(NAMES[c] in data.ENCOUNTER_ZONE for c in range(N_CELLS))
