"""What a Fairy-Stockfish UCI engine needs to play a ZRF game: a variants.ini text to load
(UCI option ``VariantPath`` naming a file holding it), the ``UCI_Variant`` to choose, and the
ZRF's cells as the engine's squares (UCI moves name squares: ``e2e4``, ``P@e5``).

The section is the game's verified export (:mod:`.export`, :mod:`.verification`), so an
engine is only ever given a game it plays by the ZRF's rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from runtime.interpreter.game import ZrfGame

from .export import ExportUnfit, export_game, fairy_game
from .fen import square_name
from .verification import verify


class EngineVariantError(ValueError):
    """The game cannot be given to the engine: it does not fit, or plays differently."""


@dataclass(frozen=True)
class EngineVariant:
    """``ini``: the text for VariantPath; ``variant``: the UCI_Variant; ``squares``: ZRF cell ->
    UCI square; ``pieces``: ZRF piece type -> the engine's letter (promotions, drops)."""

    ini: str
    variant: str
    squares: dict
    pieces: dict

    def cell_of(self, square: str) -> str | None:
        for cell, sq in self.squares.items():
            if sq == square:
                return cell
        return None


def engine_variant(game: ZrfGame, depth: int = 3, positions: int = 200) -> EngineVariant:
    """The verified export of ``game`` as an :class:`EngineVariant` (raises :class:`ExportUnfit`
    with the located diagnostics, or :class:`EngineVariantError` naming the first difference)."""
    export = export_game(game)
    if not export.ok:
        raise ExportUnfit(export.diagnostics)
    checked = verify(fairy_game(export), game, depth, positions)
    if not checked.ok:
        raise EngineVariantError(checked.describe())
    squares = {cell: square_name(*sq) for cell, sq in export.frame.square.items()}
    pieces = {name: token for token, name in export.naming.pieces.items()}
    return EngineVariant(export.section.text(), export.section.name, squares, pieces)
