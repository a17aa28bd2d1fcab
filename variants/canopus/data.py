"""Board geometry and initial setup of Canopus / Super-Star Canopus as plain data.

Kept free of engine code so that a ZRF generator can read the same facts:
cell names, square colours, the two goal zones, the promotion and double-step
ranks, and the setup as ``{cell: (player, piece type)}``.  The source of every
fact is docs/variants/canopus.md (RULES.md section 1): back ranks FOUND in the
seed text, Soldier ranks RECONSTRUCTED (ambiguity A1, option ``soldier_rank``).
"""

from __future__ import annotations

FILES = "abcdefghi"
"""Nine files, a (White's left) to i."""
RANKS = 8
"""Eight ranks, 1 (White's side) to 8."""

PLAYERS = ("White", "Black")
"""Turn order: White moves first."""

CELLS = tuple(f"{f}{r}" for r in range(1, RANKS + 1) for f in FILES)
"""Every cell name, in index order (a1=0, b1=1, ..., i8=71)."""


def cell_colour(cell: str) -> str:
    """Ordinary checkering, a1 dark; the colour has no rule effect."""
    f = FILES.index(cell[0])
    r = int(cell[1:]) - 1
    return "dark" if (f + r) % 2 == 0 else "light"


COLOURS = {c: cell_colour(c) for c in CELLS}
"""Cell -> "dark" / "light" (decorative only)."""

GOALS = {"White": ("d1", "e1", "f1"), "Black": ("d8", "e8", "f8")}
"""Each player's own goal (the red rectangle on its side); the enemy attacks it."""

GOAL_PAIRS = {"White": (("d1", "e1"), ("e1", "f1")),
              "Black": (("d8", "e8"), ("e8", "f8"))}
"""The two winning adjacent pairs inside each goal (d+f alone does not win, A15)."""

PROMOTION_RANK = {"White": 8, "Black": 1}
"""The last rank of each side's Soldiers."""

PROMOTION_TYPES = ("P32", "Mage-Apprentice")
"""What a Soldier may become (last rank or compensation)."""

STAR_CHANGE_TYPES = ("P32", "Mage-Apprentice")
"""What a Star / Super-Star may change into with its stationary move."""

BACK_RANK_WHITE = ("Mage-Apprentice", "P32", "Star", "Reducer", "King",
                   "Pusher", "Star", "P32", "Mage-Apprentice")
"""White's rank 1, files a..i."""
BACK_RANK_BLACK = ("Mage-Apprentice", "P32", "Star", "Pusher", "King",
                   "Reducer", "Star", "P32", "Mage-Apprentice")
"""Black's rank 8, files a..i (the 180-degree turn of White's rank)."""

PIECE_TYPES = ("Soldier", "Star", "Pusher", "Mage-Apprentice", "P32", "Reducer", "King")
"""Piece types of Canopus."""
SUPER_PIECE_TYPES = ("Soldier", "Super-Star", "Pusher", "Mage-Apprentice", "P32", "Reducer", "King")
"""Piece types of Super-Star Canopus (Star replaced by Super-Star)."""


def double_step_rank(player: str, soldier_rank: int = 2) -> int:
    """The rank a Soldier must stand on to make its two-square step.

    With the chosen reading (A1, Soldiers on ranks 2/7) the text's "third /
    sixth rank" is where the first step lands, so the double step starts on
    rank 2 (White) / 7 (Black).  With the alternative setup (Soldiers on 3/6)
    the text is read literally: a Soldier standing on rank 3 / 6.
    """
    return soldier_rank if player == "White" else RANKS + 1 - soldier_rank


def setup(super_star: bool = False, soldier_rank: int = 2) -> dict[str, tuple[str, str]]:
    """The start position ``{cell: (player, piece type)}``.

    ``soldier_rank`` is White's Soldier rank (2, chosen; or 3, the A1
    alternative); Black's mirrors it (7 or 6).
    """
    star = "Super-Star" if super_star else "Star"
    pos: dict[str, tuple[str, str]] = {}
    for i, f in enumerate(FILES):
        w = BACK_RANK_WHITE[i]
        b = BACK_RANK_BLACK[i]
        pos[f"{f}1"] = ("White", star if w == "Star" else w)
        pos[f"{f}8"] = ("Black", star if b == "Star" else b)
        pos[f"{f}{soldier_rank}"] = ("White", "Soldier")
        pos[f"{f}{RANKS + 1 - soldier_rank}"] = ("Black", "Soldier")
    return pos


SETUP = setup()
"""Canopus start position (Soldiers on ranks 2 and 7)."""
SUPER_STAR_SETUP = setup(super_star=True)
"""Super-Star Canopus start position."""
