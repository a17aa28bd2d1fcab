"""Fairy-Stockfish as the reference engine of ``zrf crosscheck ZRF --against fairy[:VARIANT]``.

``fairy`` plays the ZRF's own export (:mod:`.export`, not verified: finding differences is
the cross-checker's job); ``fairy:VARIANT`` plays a variant Fairy-Stockfish knows (built in,
or a section loaded with ``--config``), with the ZRF's cell and piece names given to its
squares and letters as the export would give them, so the two positions compare directly.
"""

from __future__ import annotations

from runtime.core.protocol import Game
from runtime.loading.opening import open_game

from .export import Export, ExportUnfit, export_game, fairy_game, naming_for
from .position import FairyGame

PREFIX = "fairy"


def parse_against(text: str) -> str | None:
    """The VARIANT of ``fairy:VARIANT`` (None for plain ``fairy``); ValueError for another engine."""
    engine, _, variant = text.partition(":")
    if engine != PREFIX:
        raise ValueError(f"--against {text!r}: the engines known are fairy and fairy:VARIANT")
    return variant or None


def reference_for(zrf: str, zrf_variant: str | None, against: str, config: str | None = None) -> Game:
    """The Fairy-Stockfish game a ZRF is cross-checked against (see the module docstring)."""
    variant = parse_against(against)
    game = open_game(zrf, zrf_variant)
    export: Export = export_game(game)
    if variant is None:
        if not export.ok:
            raise ExportUnfit(export.diagnostics)
        return fairy_game(export)
    naming = export.naming if export.ok else naming_for(game)
    if naming is None:
        raise ExportUnfit(export.diagnostics)
    return FairyGame(variant, naming, config)
