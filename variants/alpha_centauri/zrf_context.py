"""Template context of ``alpha_centauri.zrf.j2``, built from the native engine's data module.

Board, colours, Encounter Zone, setup and piece lists all come from
:mod:`variants.alpha_centauri.data`, so the generated ZRF and the engine cannot
drift apart.  Everything geometric the template needs (the clockwise ring of
the Rotor, the cycles of each rotation amount, the adjacent pairs of the
Encounter Zone, the row walks of a CH jump) is computed here once.
"""

from __future__ import annotations

from math import gcd

from variants.setup_rows import setup_rows
from variants.pictures import Area, BoardPicture, GamePictures, bounds, coordinates, grid_cells

from . import data

#: Pixel size of one cell on the drawn board.
CELL = 50
#: Width of the board bitmap's border, which holds the coordinates.
MARGIN = 20
#: The package: Rules/AlphaCentauri.zrf and Images/AlphaCentauri/.
PACKAGE = "AlphaCentauri"

#: The row colours of the rules (data.ROW_COLOURS names them).
ROW_RGB = {"yellow": (236, 208, 96), "brown": (176, 128, 80), "blue": (110, 160, 216)}
BORDER, INK, ZONE = (60, 50, 70), (245, 240, 225), (200, 30, 30)


def pictures() -> GamePictures:
    """The board bitmap: yellow, brown and blue rows, the Encounter Zone framed in red."""
    ranks = list(reversed(data.RANKS))
    rects = grid_cells(data.FILES, ranks, CELL, MARGIN, MARGIN)
    cells = {c: (r, ROW_RGB[data.CELL_COLOURS[c]]) for c, r in rects.items()}
    x1, y1, x2, y2 = bounds(rects[c] for c in data.ENCOUNTER_ZONE)
    zone = (Area(((x1 + 2, y1 + 2), (x2 - 2, y2 - 2)), outline=ZONE, width=5),
            Area(((x1 + 9, y1 + 9), (x2 - 9, y2 - 9)), outline=ZONE, width=1))
    size = (data.WIDTH * CELL + 2 * MARGIN, data.HEIGHT * CELL + 2 * MARGIN)
    board = BoardPicture("board.bmp", size, BORDER, cells, areas=zone,
                         texts=coordinates(data.FILES, ranks, CELL, MARGIN, MARGIN, MARGIN, INK))
    return GamePictures(PACKAGE, (board,), tuple(data.PLAYERS), tuple(data.PIECE_TYPES), CELL - 4)

# direction name -> (file step, rank step); n is towards rank 9
DIRECTIONS = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0),
              "ne": (1, 1), "se": (1, -1), "sw": (-1, -1), "nw": (-1, 1)}
OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e", "ne": "sw", "sw": "ne", "nw": "se", "se": "nw"}
RING = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
"""The Rotor's eight neighbours clockwise from north, as White sees the board (engine RING)."""


def _cycles(k: int) -> list[list[str]]:
    """Cycles of the rotation by ``k``: the piece on ring[i] goes to ring[i + k]."""
    out = []
    for start in range(gcd(k, 8)):
        cyc = []
        i = start
        while True:
            cyc.append(i)
            i = (i + k) % 8
            if i == start:
                break
        out.append([RING[j] for j in cyc])
    return out


def _zone_pairs(diagonal: bool) -> list[tuple[str, str]]:
    cells = sorted(data.ENCOUNTER_ZONE, key=data.CELLS.index)
    pairs = []
    for i, a in enumerate(cells):
        for b in cells[i + 1:]:
            df = abs(data.FILES.index(a[0]) - data.FILES.index(b[0]))
            dr = abs(int(a[1:]) - int(b[1:]))
            if max(df, dr) == 1 and (diagonal or df + dr == 1):
                pairs.append((a, b))
    return pairs


ATTACKERS = ("Pawn", "Guard", "Hopper", "Advancer", "Withdrawer")
"""The pieces that can attack a royal (``moves.royal_attacks``): Centaurs, Rotors, Reducers
and royals never do."""

AXIS = {"n": "col", "s": "col", "e": "row", "w": "row",
        "ne": "diag", "se": "diag", "sw": "diag", "nw": "diag"}
"""The line an attack one step in each direction runs along, for the Reducer's limit: a piece
reduced along a column attacks only along that column, along a row only along that row, and
a diagonal attack never survives a reduction."""


def context() -> dict:
    """Everything ``alpha_centauri.zrf.j2`` reads."""
    rotations = []
    for k in range(1, 8):
        cycles = _cycles(k)
        # the ring is unchanged by k when every cell holds what the cell k places on holds
        pairs = [(RING[i], RING[(i + k) % 8]) for i in range(8)]
        # after the rotation ring[i] holds what stood on ring[i - k]
        sources = [(RING[i], RING[(i - k) % 8]) for i in range(8)]
        rotations.append({"k": k, "cycles": cycles, "same_pairs": pairs, "sources": sources})
    return {
        "title": "Alpha Centauri",
        "players": list(data.PLAYERS),
        "files": list(data.FILES),
        "ranks_top_down": [str(r) for r in reversed(data.RANKS)],
        "cell": CELL,
        "origin": MARGIN,
        "images": pictures().zrf_images(),
        "directions": [(d, dx, -dy) for d, (dx, dy) in DIRECTIONS.items()],
        "orthogonal": ["n", "e", "s", "w"],
        "diagonal": ["ne", "se", "sw", "nw"],
        "horizontal": ["e", "w"],
        "vertical": ["n", "s"],
        "opposite": OPPOSITE,
        "ring": list(RING),
        "rotations": rotations,
        "ch_distance": data.CH_DISTANCE,
        "width": data.WIDTH,
        "zone_cells": sorted(data.ENCOUNTER_ZONE, key=data.CELLS.index),
        "zone_pairs": _zone_pairs(True),
        "uncapturable": sorted(data.UNCAPTURABLE, key=data.PIECE_TYPES.index),
        "capturable": [t for t in data.PIECE_TYPES if t not in data.UNCAPTURABLE],
        "royal": sorted(data.ROYAL, key=data.PIECE_TYPES.index),
        "attackers": list(ATTACKERS),
        "after_types": list(ATTACKERS),
        # the board scan starts in White's lower-left corner and goes along the ranks (e), up (n)
        "corner": data.CELLS[0],
        "axis": AXIS,
        "piece_types": list(data.PIECE_TYPES),
        "setup": setup_rows(data.PLAYERS, data.PIECE_TYPES, data.CELLS, data.SETUP),
    }
