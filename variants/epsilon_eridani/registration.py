"""The games this folder registers (entry points of group ``zrf.games`` in pyproject.toml).

Only entries are built here; the engine is imported when a game is loaded.
"""

from __future__ import annotations

import os

from runtime.loading.registry import GameEntry

_HERE = os.path.dirname(os.path.abspath(__file__))

EPSILON_ERIDANI = GameEntry(
    "epsilon-eridani", "variants.epsilon_eridani.engine:epsilon_eridani",
    "Epsilon Eridani (Lavieri): 44 cells, three colours, CH and H moves, Reducer",
    zrf=os.path.join(_HERE, "epsilon_eridani.zrf"), zrf_variant="Epsilon Eridani",
    names="variants.epsilon_eridani.zrf_context:NAME_MAP")
