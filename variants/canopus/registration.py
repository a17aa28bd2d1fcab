"""The games this folder registers (entry points of group ``zrf.games`` in pyproject.toml).

Only entries are built here; the engine is imported when a game is loaded.
"""

from __future__ import annotations

import os

from runtime.loading.registry import GameEntry

_HERE = os.path.dirname(os.path.abspath(__file__))

CANOPUS = GameEntry(
    "canopus", "variants.canopus.engine:canopus",
    "Canopus (Lavieri): 9x8, Reducer, Pusher, Star, P32, Mage-Apprentice",
    zrf=os.path.join(_HERE, "canopus.zrf"), zrf_variant="Canopus")

SUPER_STAR_CANOPUS = GameEntry(
    "super-star-canopus", "variants.canopus.engine:super_star_canopus",
    "Super-Star Canopus: Canopus with Super-Stars jumping in all directions",
    zrf=os.path.join(_HERE, "canopus.zrf"), zrf_variant="Super-Star Canopus")
