"""A game's ``(option "name" value)`` forms, read once into a typed record the interpreter reads.

SEMANTICS §2.6 gives the options and their values; unknown options and
values are ignored (the linter reports unknown names, W312).  Only the
options that change how the game plays are read here; display options
(animation, sounds) stay in :attr:`zrf.model.GameDef.options` for the tools
that show them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Mapping


class PassTurn(enum.Enum):
    """``"pass turn"``: when may the player to move pass?"""

    #: never (``false``, the default, or any value Zillions does not know)
    NEVER = "false"
    #: always: a pass is one more legal move (``true``)
    ALWAYS = "true"
    #: only when no other move exists (``forced``; ``2``, as SEMANTICS §2.6 recommends)
    WHEN_STUCK = "forced"

    @classmethod
    def read(cls, value: str | None) -> "PassTurn":
        if value == "true":
            return cls.ALWAYS
        if value in ("forced", "2"):
            return cls.WHEN_STUCK
        return cls.NEVER


class MaximalCaptures(enum.Enum):
    """``"maximal captures"``: which turns survive the capture-count rule (see :mod:`.wholeturns`)."""

    #: no such rule (``false``, the default)
    OFF = "false"
    #: only the turns with the most parts (``true``)
    MOST_PARTS = "true"
    #: the most parts, then the most "more valuable" (promoted) pieces removed (``2``)
    MOST_VALUABLE = "2"

    @classmethod
    def read(cls, value: str | None) -> "MaximalCaptures":
        if value == "true":
            return cls.MOST_PARTS
        if value == "2":
            return cls.MOST_VALUABLE
        return cls.OFF


def _flag(options: Mapping[str, str], name: str) -> bool:
    return options.get(name, "false") == "true"


@dataclass(frozen=True)
class GameOptions:
    """The options of one game that change its play."""

    pass_turn: PassTurn = PassTurn.NEVER
    #: during an add-partial chain the player may stop instead of continuing
    pass_partial: bool = False
    #: a captured piece goes back to its owner's store
    recycle_captures: bool = False
    #: a promotion returns the old type to the store (documented by Zillions, used by no file)
    recycle_promotions: bool = False
    maximal_captures: MaximalCaptures = MaximalCaptures.OFF
    #: off-board pieces count in ``pieces-remaining`` and ``total-piece-count``
    include_off_pieces: bool = False

    @classmethod
    def read(cls, options: Mapping[str, str]) -> "GameOptions":
        """The record of a game's option values (``GameDef.options``: name -> value text)."""
        return cls(pass_turn=PassTurn.read(options.get("pass turn")),
                   pass_partial=_flag(options, "pass partial"),
                   recycle_captures=_flag(options, "recycle captures"),
                   recycle_promotions=_flag(options, "recycle promotions"),
                   maximal_captures=MaximalCaptures.read(options.get("maximal captures")),
                   include_off_pieces=_flag(options, "include off-pieces"))
