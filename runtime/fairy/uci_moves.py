"""A ZRF move in Fairy-Stockfish's UCI notation, through the names an export gives.

The notation itself (movements, promotions, drops; a turn of several parts has no UCI form) is
:class:`runtime.players.uci_notation.UciNotation`, the one the UCI players use; this module gives
it the tables of a :class:`~.naming.Naming`: each cell's square, each piece type's letter.  A
piece type whose token is a promoted form (``+p``) is named ``+`` in a promotion, as
Fairy-Stockfish writes a shogi-style promotion (``b3b4+``).
"""

from __future__ import annotations

from dataclasses import dataclass

from runtime.players.uci_notation import UciNotation

from .fen import square_name
from .naming import Naming


@dataclass(frozen=True)
class FairyNotation(UciNotation):
    """UCI as Fairy-Stockfish writes it: a promotion to a promoted form ends with ``+``."""

    def letter(self, piece_type: str) -> str | None:
        token = self.letters.get(piece_type) if self.letters is not None else None
        if token is not None and token.startswith("+"):
            return "+"
        return super().letter(piece_type)


def notation_of(naming: Naming) -> UciNotation:
    """The notation of moves in ``naming``'s squares (``(file, rank)`` -> cell) and letters."""
    return FairyNotation({cell: square_name(*square) for square, cell in naming.cells.items()},
                         {name: token for token, name in naming.pieces.items()})
