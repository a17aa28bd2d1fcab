"""The interpreter's sentinel integers, each defined once.

Positions, piece types and players are small integers (:mod:`.tables`); these
values stand for "none" or "everything of a kind" where such an integer is expected.
"""

from __future__ import annotations

from typing import Final

NO: Final = -1
"""No position: a step off the board, no last move, an empty mark."""

SAME_TYPE: Final = -1
"""In a movement ``(from, to, piece, new type, copy?)``: the piece keeps its type.
In :attr:`.context.Part.drop_type`: the part takes nothing from a store."""

LAST_MOVE: Final = -2
"""In a set of squares a run read or a turn changed: last-from and last-to
(which every turn changes), so the incremental attack test re-runs its reader."""

UNKNOWN: Final = -2
"""The index of a name the game does not define (a goal naming a piece type it
lacks): equal to no real index, and distinct from :data:`NO`."""
