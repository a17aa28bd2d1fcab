"""The games this folder registers (entry points of group ``zrf.games`` in pyproject.toml).

Only entries are built here; the engine is imported when a game is loaded.
"""

from __future__ import annotations

import os

from runtime.loading.registry import GameEntry

_HERE = os.path.dirname(os.path.abspath(__file__))

ALPHA_CENTAURI = GameEntry(
    "alpha-centauri", "variants.alpha_centauri.engine:alpha_centauri",
    "Alpha Centauri (Lavieri): 9x9, two-part turns, Rotor, Centaur, Encounter Zone",
    zrf=os.path.join(_HERE, "alpha_centauri.zrf"), zrf_variant="Alpha Centauri")
