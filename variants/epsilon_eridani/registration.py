"""The games this folder registers (entry points of group ``zrf.games`` in pyproject.toml).

Only entries are built here: each factory imports the engine when it is called, so
reading the registry stays cheap.
"""

from __future__ import annotations

import os

from runtime.core.protocol import Game
from runtime.loading.registry import GameEntry

_HERE = os.path.dirname(os.path.abspath(__file__))


def epsilon_eridani() -> Game:
    """Epsilon Eridani from its native engine."""
    from variants.epsilon_eridani import engine
    return engine.epsilon_eridani()


def name_map() -> dict:
    """The cross-check name map of the generated ZRF: its move-clock cells are ignored."""
    from variants.epsilon_eridani import zrf_context
    return zrf_context.NAME_MAP


EPSILON_ERIDANI = GameEntry(
    "epsilon-eridani", epsilon_eridani,
    "Epsilon Eridani (Lavieri): 44 cells, three colours, CH and H moves, Reducer",
    zrf=os.path.join(_HERE, "epsilon_eridani.zrf"), zrf_variant="Epsilon Eridani",
    names=name_map)
