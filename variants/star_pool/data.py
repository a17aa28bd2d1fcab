"""Board geometry and initial setup of Star Pool Chess, as plain Python data.

The board is a 9x9 grid (files a-i, ranks 1-9) whose centre e5 is not a
square but the *Star Pool*, plus four *citadels* standing diagonally outside
the corners (Omega Chess names w1..w4).  Coordinates are virtual grid
coordinates ``(file, rank)`` with a1 = (0, 0); the citadels sit at (-1, -1),
(9, -1), (-1, 9) and (9, 9).  80 squares + 4 citadels = 84 cells.

Everything here is data only (no move logic) so that the native engine and a
ZRF code generator can share it.  The setup is RECONSTRUCTED (RULES.md §7,
ambiguity 1): swap ``SETUP`` if an original diagram turns up.
"""

from __future__ import annotations

PLAYERS = ("White", "Black")

FILES = "abcdefghi"
SIZE = 9

#: The Star Pool: the missing centre of the board (not a cell).
POOL = (4, 4)
POOL_NAME = "e5"

#: Citadel name -> virtual coordinates.
CITADELS = {"w1": (-1, -1), "w2": (9, -1), "w3": (-1, 9), "w4": (9, 9)}

#: Which side each citadel belongs to (White's citadels lie on its side).
CITADEL_OWNER = {"w1": "White", "w2": "White", "w3": "Black", "w4": "Black"}

#: Diagonal direction through the pool -> the citadel a teleport reaches.
POOL_CITADEL = {(1, 1): "w4", (-1, 1): "w3", (1, -1): "w2", (-1, -1): "w1"}

#: Citadel -> (direction of its one diagonal exit, the corner square it reaches).
CITADEL_EXIT = {"w1": ((1, 1), "a1"), "w2": ((-1, 1), "i1"),
                "w3": ((1, -1), "a9"), "w4": ((-1, -1), "i9")}

#: Orthogonal citadel-to-citadel links: (citadel, direction) -> citadel.
CITADEL_LINKS = {
    ("w1", (1, 0)): "w2", ("w2", (-1, 0)): "w1",
    ("w3", (1, 0)): "w4", ("w4", (-1, 0)): "w3",
    ("w1", (0, 1)): "w3", ("w3", (0, -1)): "w1",
    ("w2", (0, 1)): "w4", ("w4", (0, -1)): "w2",
}


def square_name(x: int, y: int) -> str:
    """Name of the board square at grid coordinates (x, y), e.g. (0, 0) -> 'a1'."""
    return f"{FILES[x]}{y + 1}"


#: The 80 real board squares, rank by rank from a1, skipping the pool.
BOARD_SQUARES = tuple(square_name(x, y) for y in range(SIZE) for x in range(SIZE)
                      if (x, y) != POOL)

#: Every cell: the 80 squares then the 4 citadels.
CELLS = BOARD_SQUARES + tuple(CITADELS)

#: Cell name -> virtual grid coordinates.
COORDS = {**{square_name(x, y): (x, y) for y in range(SIZE) for x in range(SIZE)
             if (x, y) != POOL}, **CITADELS}

#: Cell colour for drawing: a1 (and so every citadel) is dark.
COLOURS = {name: ("dark" if (x + y) % 2 == 0 else "light") for name, (x, y) in COORDS.items()}

PIECE_TYPES = ("King", "General", "Captain", "Great-Elephant", "Knight", "Rook",
               "Wizard", "Pawn", "Sergeant", "Lieutenant")

#: Forward direction (rank step) per player.
FORWARD = {"White": 1, "Black": -1}

#: Start square of each King (its first-move Knight leap is tracked by the engine).
KING_START = {"White": "e1", "Black": "e9"}

#: Rank (1-based) on which each side's Pawns start.
PAWN_START_RANK = {"White": 3, "Black": 7}

#: The end Pawns' start squares: a Pawn here may advance two squares.
DOUBLE_STEP_SQUARES = {"White": ("a3", "i3"), "Black": ("a7", "i7")}

#: Back rank (1-based) of each side.
BACK_RANK = {"White": 1, "Black": 9}

_BACK_ROW = ("Rook", "Knight", "Great-Elephant", "Lieutenant", "King",
             "Lieutenant", "Great-Elephant", "Knight", "Rook")


def _setup() -> dict[str, tuple[str, str]]:
    """The RECONSTRUCTED start position of RULES.md §7 as {cell: (player, piece)}."""
    s: dict[str, tuple[str, str]] = {}
    for x, piece in enumerate(_BACK_ROW):
        s[square_name(x, 0)] = ("White", piece)
        s[square_name(x, 8)] = ("Black", piece)
        s[square_name(x, 2)] = ("White", "Pawn")
        s[square_name(x, 6)] = ("Black", "Pawn")
    for cit in ("w1", "w2"):
        s[cit] = ("White", "Wizard")
    for cit in ("w3", "w4"):
        s[cit] = ("Black", "Wizard")
    return s


SETUP = _setup()


def own_citadels(player: str) -> tuple[str, ...]:
    """The citadels on ``player``'s side of the board."""
    return tuple(c for c, owner in CITADEL_OWNER.items() if owner == player)


def opposing_citadels(player: str) -> tuple[str, ...]:
    """The citadels on the opponent's side (promotion targets)."""
    return tuple(c for c, owner in CITADEL_OWNER.items() if owner != player)


def rank_of(cell: str) -> int | None:
    """1-based rank of a board square, None for a citadel."""
    return None if cell in CITADELS else int(cell[1:])


def squares_on_ranks(ranks) -> tuple[str, ...]:
    """Board squares whose rank is in ``ranks`` (1-based)."""
    wanted = set(ranks)
    return tuple(c for c in BOARD_SQUARES if int(c[1:]) in wanted)


#: Zones (cell sets) per player.  "sergeant" is where a Pawn becomes a Sergeant
#: (the opposing Pawns' start rank and beyond, RULES.md §7 A2/A7); "far" is the
#: opposing back rank plus the opposing citadels, where Sergeants and
#: Lieutenants promote.
ZONES = {
    "sergeant": {"White": squares_on_ranks(range(7, 10)), "Black": squares_on_ranks(range(1, 4))},
    "far": {"White": squares_on_ranks([9]) + opposing_citadels("White"),
            "Black": squares_on_ranks([1]) + opposing_citadels("Black")},
    "opposing-citadels": {"White": opposing_citadels("White"), "Black": opposing_citadels("Black")},
}
