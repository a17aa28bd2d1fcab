"""The goals the Fairy-Stockfish export reads by their form, each form's pattern written once.

``(checkmated T)`` names a royal type; ``(pieces-remaining N [T])`` a count of a player's pieces
(of type T) that ends the game (Fairy-Stockfish's extinction), ``(pieces-remaining 0 T)`` a type
whose last piece lost ends it.  The export, its move-priority and final-capture rules and the
naming of a game's pieces all read these forms through the functions here.
"""

from __future__ import annotations

import re

from zrf.model import GameDef, Goal
from zrf.syntax import to_text

_CHECKMATED = re.compile(r"\(checkmated ([^() ]+)\)")
_REMAINING = re.compile(r"\(pieces-remaining (\d+)(?: ([^() ]+))?\)")


def checkmated_type(goal: Goal) -> str | None:
    """T of a goal whose condition is ``(checkmated T)``, else None."""
    m = _CHECKMATED.fullmatch(to_text(goal.condition))
    return m.group(1) if m else None


def pieces_remaining(goal: Goal) -> tuple[int, str | None] | None:
    """(N, T) of a goal whose condition is ``(pieces-remaining N T)``, (N, None) of one whose
    condition is ``(pieces-remaining N)``, else None."""
    m = _REMAINING.fullmatch(to_text(goal.condition))
    return (int(m.group(1)), m.group(2)) if m else None


def none_left_type(goal: Goal) -> str | None:
    """T of a goal whose condition is ``(pieces-remaining 0 T)``, else None."""
    count = pieces_remaining(goal)
    return count[1] if count is not None and count[0] == 0 else None


def checkmated_types(gdef: GameDef) -> set[str]:
    """The types some goal of the game names in ``(checkmated T)``, whatever the goal's kind."""
    return {t for g in gdef.goals if (t := checkmated_type(g)) is not None}
