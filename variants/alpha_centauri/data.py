"""Alpha Centauri board geometry and start position, as plain data.

This module holds no logic beyond a few comprehensions: it is the single source
of the board (cell names, row colours, the Encounter Zone, the edge) and of the
RECONSTRUCTED setup of RULES.md section 8, shared by the native engine and,
later, by the ZRF code generator.  If an original setup diagram ever turns up,
only ``SETUP`` has to change.

Naming: files (columns) ``a``-``i`` left to right from White's side, ranks
(rows) ``1``-``9`` upwards from White's side; ``a1`` is White's lower-left.
"""

from __future__ import annotations

FILES = "abcdefghi"
"""Column letters, left to right from White's side."""

RANKS = tuple(range(1, 10))
"""Row numbers, from White's side upwards."""

WIDTH = 9
HEIGHT = 9

CELLS: tuple[str, ...] = tuple(f"{f}{r}" for r in RANKS for f in FILES)
"""Every cell, in index order: index = (rank - 1) * 9 + file index (a1=0, i1=8, a2=9 ... i9=80)."""

ROW_COLOURS: dict[int, str] = {r: ("yellow", "brown", "blue")[(r - 1) % 3] for r in RANKS}
"""Colour of each horizontal row: yellow 1,4,7; brown 2,5,8; blue 3,6,9 (period 3, RULES.md A2)."""

CELL_COLOURS: dict[str, str] = {c: ROW_COLOURS[int(c[1:])] for c in CELLS}
"""Colour of every cell (the colour is a property of the row)."""

CH_DISTANCE = 3
"""A CH move goes to the next/previous row of the same colour: 3 rows up or down."""

ENCOUNTER_ZONE: frozenset[str] = frozenset(f"{f}{r}" for f in "def" for r in (4, 5, 6))
"""The central 3x3 cells d4-f6, where King and Dame must meet."""

EDGE: frozenset[str] = frozenset(c for c in CELLS
                                 if c[0] in "ai" or c[1:] in ("1", "9"))
"""Edge cells (columns a, i and rows 1, 9): a Rotor standing there cannot rotate."""

PLAYERS = ("White", "Black")
"""Players in turn order; White moves first."""

PIECE_TYPES = ("Pawn", "Guard", "Hopper", "Centaur", "Advancer", "Withdrawer",
               "Rotor", "Reducer", "King", "Dame")
"""Every piece type name, as used in move notation and signatures."""

UNCAPTURABLE = frozenset({"Rotor", "King", "Dame"})
"""Pieces nobody can capture; they are also the pieces moved in the first part of a turn."""

ROYAL = frozenset({"King", "Dame"})
"""The two royal pieces: never attacked by the enemy, never attack each other."""

_BACK = ("Withdrawer", "Advancer", "Centaur", None, "Rotor", None, "Centaur", "Advancer", "Withdrawer")
_SECOND = ("Guard", "Pawn", "Hopper", "Pawn", "Reducer", "Pawn", "Hopper", "Pawn", "Guard")


def _setup() -> dict[str, tuple[str, str]]:
    """Build the reconstructed start position (RULES.md section 8, 'Setup')."""
    setup: dict[str, tuple[str, str]] = {}
    for f, piece in zip(FILES, _BACK):
        if piece:
            setup[f"{f}1"] = ("White", piece)
            setup[f"{f}9"] = ("Black", piece)
    for f, piece in zip(FILES, _SECOND):
        setup[f"{f}2"] = ("White", piece)
        setup[f"{f}8"] = ("Black", piece)
    # the royals start as prisoners in the enemy back row
    setup["d9"] = ("White", "King")
    setup["f9"] = ("White", "Dame")
    setup["d1"] = ("Black", "King")
    setup["f1"] = ("Black", "Dame")
    return setup


SETUP: dict[str, tuple[str, str]] = _setup()
"""Start position: cell -> (player, piece type).  RECONSTRUCTED (RULES.md section 8, A1)."""
