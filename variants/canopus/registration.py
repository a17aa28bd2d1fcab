"""The games this folder registers (entry points of group ``zrf.games`` in pyproject.toml).

Only entries are built here: each factory imports the engine when it is called, so
reading the registry stays cheap.
"""

from __future__ import annotations

import os

from runtime.core.protocol import Game
from runtime.loading.registry import GameEntry

_HERE = os.path.dirname(os.path.abspath(__file__))


def canopus() -> Game:
    """Canopus from its native engine."""
    from variants.canopus import engine
    return engine.canopus()


def super_star_canopus() -> Game:
    """Super-Star Canopus from the Canopus engine."""
    from variants.canopus import engine
    return engine.super_star_canopus()


CANOPUS = GameEntry(
    "canopus", canopus,
    "Canopus (Lavieri): 9x8, Reducer, Pusher, Star, P32, Mage-Apprentice",
    zrf=os.path.join(_HERE, "canopus.zrf"), zrf_variant="Canopus")

SUPER_STAR_CANOPUS = GameEntry(
    "super-star-canopus", super_star_canopus,
    "Super-Star Canopus: Canopus with Super-Stars jumping in all directions",
    zrf=os.path.join(_HERE, "canopus.zrf"), zrf_variant="Super-Star Canopus")
