"""A ZRF move in Fairy-Stockfish's UCI notation, through the names an export gives.

The notation itself (movements, promotions, drops; a turn of several parts has no UCI form) is
:class:`runtime.players.uci_notation.UciNotation`, the one the UCI players use; this module gives
it the tables of a :class:`~.naming.Naming`: each cell's square, each piece type's letter.
"""

from __future__ import annotations

from runtime.players.uci_notation import UciNotation

from .fen import square_name
from .naming import Naming


def notation_of(naming: Naming) -> UciNotation:
    """The notation of moves in ``naming``'s squares (``(file, rank)`` -> cell) and letters."""
    return UciNotation({cell: square_name(*square) for square, cell in naming.cells.items()},
                       {name: token for token, name in naming.pieces.items()})
