"""The games this folder registers (entry points of group ``zrf.games`` in pyproject.toml).

Only entries are built here; the engine is imported when a game is loaded.
"""

from __future__ import annotations

import os

from runtime.loading.registry import GameEntry

_HERE = os.path.dirname(os.path.abspath(__file__))
_KNOWN = "variants.canonical.known_differences:known_differences"

CANONICAL_CHESS = GameEntry(
    "canonical-chess", "variants.canonical.engine:canonical_chess",
    "Canonical Chess (Paletta): 81 points, oblique lines, fortresses",
    zrf=os.path.join(_HERE, "canonical.zrf"), zrf_variant="Canonical Chess", known_differences=_KNOWN)

CANONIC_CHESS = GameEntry(
    "canonic-chess", "variants.canonical.engine:canonic_chess",
    "Canonic Chess: the Canonical family on 64 points",
    zrf=os.path.join(_HERE, "canonical.zrf"), zrf_variant="Canonic Chess", known_differences=_KNOWN)

CANON_CHESS = GameEntry(
    "canon-chess", "variants.canonical.engine:canon_chess",
    "Canon Chess: the Canonical family on 49 points",
    zrf=os.path.join(_HERE, "canonical.zrf"), zrf_variant="Canon Chess", known_differences=_KNOWN)
