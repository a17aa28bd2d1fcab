"""The games this folder registers (entry points of group ``zrf.games`` in pyproject.toml).

Only entries are built here: each factory imports the engine when it is called, so
reading the registry stays cheap.
"""

from __future__ import annotations

import os

from runtime.core.protocol import Game
from runtime.loading.registry import GameEntry

_HERE = os.path.dirname(os.path.abspath(__file__))


def canonical_chess() -> Game:
    """Canonical Chess from its native engine."""
    from variants.canonical import engine
    return engine.canonical_chess()


def canonic_chess() -> Game:
    """Canonic Chess from the Canonical engine."""
    from variants.canonical import engine
    return engine.canonic_chess()


def canon_chess() -> Game:
    """Canon Chess from the Canonical engine."""
    from variants.canonical import engine
    return engine.canon_chess()


def known_differences() -> list:
    """The documented differences of the generated ZRF (variants/canonical/known_differences.py)."""
    from variants.canonical import known_differences as documented
    return documented.known_differences()


CANONICAL_CHESS = GameEntry(
    "canonical-chess", canonical_chess,
    "Canonical Chess (Paletta): 81 points, oblique lines, fortresses",
    zrf=os.path.join(_HERE, "canonical.zrf"), zrf_variant="Canonical Chess", known_differences=known_differences)

CANONIC_CHESS = GameEntry(
    "canonic-chess", canonic_chess,
    "Canonic Chess: the Canonical family on 64 points",
    zrf=os.path.join(_HERE, "canonical.zrf"), zrf_variant="Canonic Chess", known_differences=known_differences)

CANON_CHESS = GameEntry(
    "canon-chess", canon_chess,
    "Canon Chess: the Canonical family on 49 points",
    zrf=os.path.join(_HERE, "canonical.zrf"), zrf_variant="Canon Chess", known_differences=known_differences)
