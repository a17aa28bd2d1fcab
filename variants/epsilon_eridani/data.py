"""Epsilon Eridani: board geometry and starting array as plain data.

Everything here is static description, shared by the native engine
(``engine.py``) and, later, by the ZRF code generator.  Nothing in this module
computes moves.

Board (RULES.md section 6): 5 files a-e by 9 ranks 1-9, minus the hole at c5,
44 cells.  Three colours in horizontal bands that repeat every three ranks
(ambiguity A2): the CH movement goes from a rank to the next or previous rank
of the same colour, i.e. three ranks up or down.

The starting array is PARTLY RECONSTRUCTED (RULES.md 6, ambiguity A1): the
rank contents are stated in the rule text, the order inside each rank, the
number of Overtakers and Black's orientation are not.  Keep it here so it can
be swapped if an original diagram turns up.
"""

from __future__ import annotations

FILES = "abcde"
"""File letters, left to right from White's side."""

RANKS = tuple(range(1, 10))
"""Rank numbers, from White's side (1) to Black's side (9)."""

HOLE = "c5"
"""The middle square, which is not part of the board."""

CELLS: tuple[str, ...] = tuple(
    f"{f}{r}" for r in RANKS for f in FILES if f"{f}{r}" != HOLE)
"""All 44 cell names, rank by rank from rank 1, files a-e within a rank."""

COLOUR_NAMES = ("colour-0", "colour-1", "colour-2")
"""Names of the three colour classes (the real colours are cosmetic)."""


def colour_of(cell: str) -> int:
    """Colour class 0, 1 or 2 of a cell: ranks 1/4/7, 2/5/8, 3/6/9 (A2)."""
    return (int(cell[1:]) - 1) % 3


COLOURS: dict[str, int] = {c: colour_of(c) for c in CELLS}
"""Colour class of every cell."""

PLAYERS = ("White", "Black")
"""Player names in turn order; White moves first."""

PIECE_TYPES = (
    "Soldier", "Grand-Soldier", "Overtaker", "Diamond-Warrior", "Grand-Horse",
    "Grand-Bishop", "Grand-Rook", "Reducer", "King",
)
"""Every piece type name, as RULES.md spells them."""

LAST_RANK = {"White": 9, "Black": 1}
"""The rank on which a player's Soldiers may promote (and gain CH)."""

START_RANK_SOLDIERS = {"White": 3, "Black": 7}
"""The rank each side's Soldiers start on (double step from here, A5)."""

PROMOTION_ZONES: dict[str, tuple[str, ...]] = {
    p: tuple(c for c in CELLS if int(c[1:]) == LAST_RANK[p]) for p in PLAYERS}
"""Cells where a Soldier of each player may promote to Grand-Soldier."""

_BACK = ("Reducer", "Grand-Horse", "King", "Grand-Bishop", "Grand-Rook")
_SECOND = ("Overtaker", "Overtaker", "Diamond-Warrior", "Overtaker", "Overtaker")


def _build_setup() -> dict[str, tuple[str, str]]:
    """White's ranks 1-3 as RULES.md tabulates them; Black is White turned 180 degrees."""
    setup: dict[str, tuple[str, str]] = {}
    for i, f in enumerate(FILES):
        setup[f"{f}1"] = ("White", _BACK[i])
        setup[f"{f}2"] = ("White", _SECOND[i])
        setup[f"{f}3"] = ("White", "Soldier")
    for cell, (_, piece) in list(setup.items()):
        fi = FILES.index(cell[0])
        r = int(cell[1:])
        setup[f"{FILES[4 - fi]}{10 - r}"] = ("Black", piece)
    return setup


SETUP: dict[str, tuple[str, str]] = _build_setup()
"""Initial position, ``cell -> (player, piece type)``, 15 pieces a side."""

NO_PROGRESS_MOVES = 35
"""Moves by each side without a capture or a promotion that draw the game (RULES.md 6, A11)."""
