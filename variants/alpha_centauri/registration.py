"""The games this folder registers (entry points of group ``zrf.games`` in pyproject.toml).

Only entries are built here: each factory imports the engine when it is called, so
reading the registry stays cheap.
"""

from __future__ import annotations

import os

from runtime.core.protocol import Game
from runtime.loading.registry import GameEntry

_HERE = os.path.dirname(os.path.abspath(__file__))


def alpha_centauri() -> Game:
    """Alpha Centauri from its native engine."""
    from variants.alpha_centauri import engine
    return engine.alpha_centauri()


ALPHA_CENTAURI = GameEntry(
    "alpha-centauri", alpha_centauri,
    "Alpha Centauri (Lavieri): 9x9, two-part turns, Rotor, Centaur, Encounter Zone",
    zrf=os.path.join(_HERE, "alpha_centauri.zrf"), zrf_variant="Alpha Centauri")
