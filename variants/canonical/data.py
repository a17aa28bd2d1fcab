"""Board geometry and start positions of the Canonical Chess family, as plain data.

Tony Paletta's Canonical Chess (81 points), Canonic Chess (64 points) and
Canon Chess (49 points) share one set of rules on an N x N lattice of points
(N = 9, 8, 7) turned 45 degrees so that White sits at a corner.  Everything a
rules engine or a ZRF code generator needs to know about the *board* lives
here, as lists and dicts, so that a setup can be swapped if an original
diagram ever turns up (all setups are reconstructions, RULES.md section 3
ambiguity 1).

Coordinates: a point is named file letter + rank number ("oblique algebraic"
notation).  With f = file index (a = 0) and r = rank index (1 -> 0):

* oblique directions run along a rank or a file: (+-1, 0), (0, +-1);
* vertical is (+1, +1) (up, from a1 towards the far corner) and (-1, -1);
* horizontal is (+1, -1) (to White's right) and (-1, +1).

The row number h = f + r counts horizontal rows from White's corner (h = 0)
to Black's (h = 2N - 2); the crossing is the middle row h = N - 1.
"""

from __future__ import annotations

#: Player names in turn order (White moves first).
PLAYERS = ("White", "Black")

#: Piece type names, as used in notation and signatures.
PIECE_TYPES = ("King", "Queen", "Rook", "Bishop", "Knight", "Pawn")

#: Menu names by board size N (points per side).
NAMES = {9: "Canonical Chess", 8: "Canonic Chess", 7: "Canon Chess"}

#: (df, dr) steps along oblique lines (ranks and files).
OBLIQUE = ((1, 0), (-1, 0), (0, 1), (0, -1))
#: (df, dr) steps vertically (first: up, towards Black) and horizontally (first: White's right).
VERTICAL = ((1, 1), (-1, -1))
HORIZONTAL = ((1, -1), (-1, 1))

#: Each player's two forward oblique directions (a Pawn's steps).
FORWARD = {"White": ((1, 0), (0, 1)), "Black": ((-1, 0), (0, -1))}


def cell_name(f: int, r: int) -> str:
    """Name of the point at file index ``f`` and rank index ``r`` (0-based), e.g. (0, 0) -> "a1"."""
    return f"{chr(ord('a') + f)}{r + 1}"


def cell_coords(name: str) -> tuple[int, int]:
    """Inverse of :func:`cell_name`: "c4" -> (2, 3)."""
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


def cells(size: int) -> list[str]:
    """Every point of the N x N lattice, ordered by rank then file (a1, b1, ..., a2, ...).

    The list index is the engine's integer cell index: index = r * N + f.
    """
    return [cell_name(f, r) for r in range(size) for f in range(size)]


def fortress(size: int, player: str) -> list[str]:
    """The nine points of ``player``'s fortress: a1-c3 for White, the opposite 3x3 corner for Black."""
    if player == "White":
        span = range(0, 3)
    else:
        span = range(size - 3, size)
    return [cell_name(f, r) for r in span for f in span]


def crossing(size: int) -> list[str]:
    """The crossing: the central horizontal row h = N - 1 (from a<N> to <last file>1)."""
    return [cell_name(f, size - 1 - f) for f in range(size)]


def promotion_zone(size: int, player: str, on_crossing: bool = False) -> list[str]:
    """Points "fully on the opponent's side of the crossing" for ``player``'s Pawns.

    White: h >= N (h >= N - 1 when ``on_crossing``); Black: h <= N - 2
    (h <= N - 1 when ``on_crossing``).  The default excludes the crossing
    itself (RULES.md section 3 ambiguity 2).
    """
    slack = 1 if on_crossing else 0
    out = []
    for r in range(size):
        for f in range(size):
            h = f + r
            if player == "White" and h >= size - slack:
                out.append(cell_name(f, r))
            elif player == "Black" and h <= size - 2 + slack:
                out.append(cell_name(f, r))
    return out


def point_colour(name: str) -> str:
    """Chequer colour if the points are drawn as the squares of a chessboard ("dark" on a1).

    Not used by any rule; only for drawing boards (Canonic Chess is played on the
    64 squares of an ordinary chessboard).
    """
    f, r = cell_coords(name)
    return "dark" if (f + r) % 2 == 0 else "light"


#: White's start position for each size; Black's is the 180-degree turn, (f, r) -> (N-1-f, N-1-r).
#: RECONSTRUCTED (RULES.md sections 3, 4, 5): only K a1 / K i9, the empty side corners
#: and six Pawns a side in Canon Chess are stated by the source.
WHITE_SETUP = {
    9: {
        "a1": "King", "b2": "Queen",
        "a6": "Rook", "f1": "Rook",
        "c4": "Bishop", "d3": "Bishop",
        "c5": "Knight", "e3": "Knight",
        "a8": "Pawn", "b7": "Pawn", "c6": "Pawn", "d5": "Pawn",
        "e4": "Pawn", "f3": "Pawn", "g2": "Pawn", "h1": "Pawn",
    },
    8: {
        "a1": "King", "b2": "Queen",
        "a5": "Rook", "e1": "Rook",
        "b4": "Bishop", "d2": "Bishop",
        "c4": "Knight", "d3": "Knight",
        "a7": "Pawn", "b6": "Pawn", "c5": "Pawn", "d4": "Pawn",
        "e3": "Pawn", "f2": "Pawn", "g1": "Pawn",
    },
    7: {
        "a1": "King", "b2": "Queen",
        "a4": "Rook", "d1": "Rook",
        "b3": "Bishop", "c2": "Bishop",
        "b4": "Knight", "d2": "Knight",
        "a6": "Pawn", "b5": "Pawn", "c4": "Pawn", "d3": "Pawn",
        "e2": "Pawn", "f1": "Pawn",
    },
}


def mirror(size: int, name: str) -> str:
    """The point opposite ``name`` under the 180-degree turn of the board."""
    f, r = cell_coords(name)
    return cell_name(size - 1 - f, size - 1 - r)


def setup(size: int) -> dict[str, tuple[str, str]]:
    """The start position of the size-N game as ``{cell: (player, piece type)}``."""
    out: dict[str, tuple[str, str]] = {}
    for cell, piece in WHITE_SETUP[size].items():
        out[cell] = ("White", piece)
        out[mirror(size, cell)] = ("Black", piece)
    return out


#: Everything about each board in one plain dict per size (for the ZRF generator).
BOARDS = {
    n: {
        "name": NAMES[n],
        "size": n,
        "cells": cells(n),
        "fortress": {p: fortress(n, p) for p in PLAYERS},
        "crossing": crossing(n),
        "promotion_zone": {p: promotion_zone(n, p) for p in PLAYERS},
        "setup": setup(n),
    }
    for n in (9, 8, 7)
}
