"""Epsilon Eridani board tables over integer cell indices, built once at import.

The engine keeps a position as a flat list of 44 small integers (one per cell of
``data.CELLS``), so every geometric question is answered by a lookup in the
tables below instead of by string work.  The hole c5 is simply absent: a step
towards it gives ``-1`` (so slides, H moves and steps stop there), while leaps
are computed from coordinates and may pass over it (RULES.md 6, A4).

Piece codes: ``0`` is an empty cell; otherwise ``code = 2 * type + owner + 1``
with ``owner`` 0 for White, 1 for Black and ``type`` one of the constants below.
"""

from __future__ import annotations

from variants.geometry import leap_table, ray_table, step_table

from .data import CELLS, FILES, PIECE_TYPES, PLAYERS

N_CELLS = len(CELLS)

# piece type ids, in the order of data.PIECE_TYPES
SOLDIER, GRAND_SOLDIER, OVERTAKER, DIAMOND_WARRIOR, GRAND_HORSE, \
    GRAND_BISHOP, GRAND_ROOK, REDUCER, KING = range(9)
assert PIECE_TYPES[KING] == "King" and PIECE_TYPES[REDUCER] == "Reducer"

WHITE, BLACK = 0, 1
assert PLAYERS == ("White", "Black")


def code(ptype: int, owner: int) -> int:
    """Board code of a piece of type ``ptype`` owned by ``owner``."""
    return 2 * ptype + owner + 1


def ptype_of(c: int) -> int:
    """Piece type id of a non-zero board code."""
    return (c - 1) >> 1


def owner_of(c: int) -> int:
    """Owner (0 White, 1 Black) of a non-zero board code."""
    return (c - 1) & 1


INDEX: dict[str, int] = {name: i for i, name in enumerate(CELLS)}
"""Cell name -> index."""

FILE_OF = tuple(FILES.index(c[0]) for c in CELLS)
"""0-based file of each cell index."""
RANK_OF = tuple(int(c[1:]) - 1 for c in CELLS)
"""0-based rank of each cell index (rank 1 is 0)."""

# the eight directions, (dfile, drank); N is towards Black
N, S, E, W, NE, NW, SE, SW = range(8)
DIRS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))
ORTHO = (N, S, E, W)
DIAG = (NE, NW, SE, SW)
OPPOSITE = (S, N, W, E, SW, SE, NW, NE)

_COORDS = tuple(zip(FILE_OF, RANK_OF))

STEP: tuple[tuple[int, ...], ...] = step_table(_COORDS, DIRS)
"""``STEP[d][i]``: neighbour of ``i`` in direction ``d``, or -1."""

RAYS: tuple[tuple[tuple[int, ...], ...], ...] = ray_table(STEP)
"""``RAYS[d][i]``: cells met sliding from ``i`` in direction ``d`` until the edge or the hole."""

ADJ: tuple[tuple[int, ...], ...] = tuple(
    tuple(STEP[d][i] for d in range(8) if STEP[d][i] != -1) for i in range(N_CELLS))
"""The (up to 8) cells adjacent to each cell; the hole is never adjacent."""

KNIGHT = leap_table(_COORDS, [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)])
"""Knight-leap targets of each cell (leaps pass over the hole)."""
ALFIL = leap_table(_COORDS, [(2, 2), (-2, 2), (2, -2), (-2, -2)])
"""Two-square diagonal leap targets."""
DABBABA = leap_table(_COORDS, [(0, 2), (0, -2), (2, 0), (-2, 0)])
"""Two-square orthogonal leap targets."""
TRIPLE_DIAG = leap_table(_COORDS, [(3, 3), (-3, 3), (3, -3), (-3, -3)])
"""Three-square diagonal leap targets (Grand-Bishop)."""

RANK_CELLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(N_CELLS) if RANK_OF[i] == r) for r in range(9))
"""The cells of each 0-based rank."""

CH_TARGETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for r in (RANK_OF[i] - 3, RANK_OF[i] + 3) if 0 <= r < 9 for j in RANK_CELLS[r])
    for i in range(N_CELLS))
"""Cells of the next and previous rank of the same colour (three ranks away, A2/A3)."""

FORWARD = (N, S)
"""Straight-forward direction of each owner."""
DIAG_FORWARD = ((NE, NW), (SE, SW))
"""The two diagonal-forward directions of each owner."""
LAST_RANK = (8, 0)
"""0-based last rank of each owner."""
