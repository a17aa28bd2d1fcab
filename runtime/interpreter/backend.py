"""Which back end runs a game's move programs: the choice, made once when a game is loaded.

Two back ends consume the lowered form (:mod:`.lowered`): the closures
(:mod:`.compiler`, the reference) and the generated Python source
(:mod:`.translate`, the default).  A game is loaded with one of them
(``load_zrf_game(path, backend=Backend.CLOSURES)``) and keeps it in
``ZrfGame.backend``; without a choice the environment decides:
``ZRF_TRANSLATE=0`` selects the closures.
"""

from __future__ import annotations

import os
from enum import Enum

TRANSLATE_ENV = "ZRF_TRANSLATE"
"""``ZRF_TRANSLATE=0`` runs move programs as closures (the reference back end)."""


class Backend(Enum):
    """How move programs run."""

    CLOSURES = "closures"
    TRANSLATED = "translated"

    @classmethod
    def from_environment(cls) -> "Backend":
        """TRANSLATED unless ``ZRF_TRANSLATE`` is ``0`` (or false, no, off)."""
        off = os.environ.get(TRANSLATE_ENV, "1").strip().lower() in ("0", "false", "no", "off")
        return cls.CLOSURES if off else cls.TRANSLATED
