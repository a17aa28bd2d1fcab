"""The games this folder registers (entry points of group ``zrf.games`` in pyproject.toml).

Only entries are built here: each factory imports the engine when it is called, so
reading the registry stays cheap.
"""

from __future__ import annotations

import os

from runtime.core.protocol import Game
from runtime.loading.registry import GameEntry

_HERE = os.path.dirname(os.path.abspath(__file__))


def star_pool_chess() -> Game:
    """Star Pool Chess from its native engine."""
    from variants.star_pool import engine
    return engine.star_pool_chess()


STAR_POOL_CHESS = GameEntry(
    "star-pool-chess", star_pool_chess,
    "Star Pool Chess (Aronson, Quintanilla): 84 squares, citadels, Star Pool",
    zrf=os.path.join(_HERE, "star_pool_chess.zrf"), zrf_variant="Star Pool Chess")
