"""The games this folder registers (entry points of group ``zrf.games`` in pyproject.toml).

Only entries are built here; the engine is imported when a game is loaded.
"""

from __future__ import annotations

import os

from runtime.loading.registry import GameEntry

_HERE = os.path.dirname(os.path.abspath(__file__))

STAR_POOL_CHESS = GameEntry(
    "star-pool-chess", "variants.star_pool.engine:star_pool_chess",
    "Star Pool Chess (Aronson, Quintanilla): 84 squares, citadels, Star Pool",
    zrf=os.path.join(_HERE, "star_pool_chess.zrf"), zrf_variant="Star Pool Chess")
