"""Which back end compiles a game's move programs: translated Python functions, or closures.

The choice is a value the caller passes (:func:`runtime.loading.opening.open_game`,
``back_end=``) and the game keeps, so two games of one file may run on different
back ends side by side (the back-end equality sweep loads each game both
ways).  Without a choice the default is the translator's, which follows
``ZRF_TRANSLATE`` (``0`` runs closures; :mod:`.translate`).
"""

from __future__ import annotations

import enum

from .compiler import Compiler
from .translate import TranslatedPrograms, translating


class MoveBackEnd(enum.Enum):
    """The back end of a game's move programs (docs/runtime.md, "Translated move programs")."""

    #: each block as the source of one Python function, compiled once (and cached on disk)
    TRANSLATED = "translated"
    #: each block as closures (the reference)
    CLOSURES = "closures"

    @classmethod
    def default(cls) -> "MoveBackEnd":
        """The back end ``ZRF_TRANSLATE`` asks for (translated unless it is ``0``)."""
        return cls.TRANSLATED if translating() else cls.CLOSURES

    def block_compiler(self, tables, report, engine):
        """What compiles the game's blocks on this back end."""
        if self is MoveBackEnd.CLOSURES:
            return Compiler(tables, report, engine)
        return TranslatedPrograms(tables, report, engine)
