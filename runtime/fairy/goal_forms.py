"""The goals the Fairy-Stockfish export reads by their form, each form's pattern written once.

``(checkmated T)`` names a royal type; ``(pieces-remaining 0 T)`` a type whose last piece lost
loses (Fairy-Stockfish's extinction).  The export, its move-priority and final-capture rules and
the naming of a game's pieces all read these two forms through the functions here.
"""

from __future__ import annotations

import re

from zrf.model import GameDef, Goal
from zrf.syntax import to_text

_CHECKMATED = re.compile(r"\(checkmated ([^() ]+)\)")
_NONE_LEFT = re.compile(r"\(pieces-remaining 0 ([^() ]+)\)")


def checkmated_type(goal: Goal) -> str | None:
    """T of a goal whose condition is ``(checkmated T)``, else None."""
    m = _CHECKMATED.fullmatch(to_text(goal.condition))
    return m.group(1) if m else None


def none_left_type(goal: Goal) -> str | None:
    """T of a goal whose condition is ``(pieces-remaining 0 T)``, else None."""
    m = _NONE_LEFT.fullmatch(to_text(goal.condition))
    return m.group(1) if m else None


def checkmated_types(gdef: GameDef) -> set[str]:
    """The types some goal of the game names in ``(checkmated T)``, whatever the goal's kind."""
    return {t for g in gdef.goals if (t := checkmated_type(g)) is not None}
