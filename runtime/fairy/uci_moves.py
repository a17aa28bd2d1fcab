"""A ZRF move in Fairy-Stockfish's UCI notation, through the names an export gives.

The notation itself (movements, promotions, drops; a turn of several parts has no UCI form) is
:class:`runtime.players.uci_notation.UciNotation`, the one the UCI players use; this module gives
it the tables of a :class:`~.naming.Naming`: each cell's square, each piece type's letter.  A
piece type whose token is a promoted form (``+p``) is named ``+`` in a promotion, as
Fairy-Stockfish writes a shogi-style promotion (``b3b4+``).  Where the variant writes a castling
as the king taking its own rook (:attr:`.naming.CastlingNotation.PARTNER_SQUARE`, Chess960's
``e1h1``), a turn moving the king and then a piece of its own is written so; a promoted form
turning back into its base (micro shogi's capture, Fairy-Stockfish's ``pieceDemotion``) ends
with ``-`` (``c3d3-``); a capture that
leaves the capturer as a wall (:attr:`.naming.Naming.wall_piece`) is written as a plain move, and
a move from a hand cell (:attr:`.naming.Naming.hand_cells`) as the drop it is (``P@e4``).
"""

from __future__ import annotations

from dataclasses import dataclass

from runtime.core.protocol import Move
from runtime.players.uci_notation import UciNotation

from .fen import square_name
from .naming import CastlingNotation, Naming


@dataclass(frozen=True)
class FairyNotation(UciNotation):
    """UCI as Fairy-Stockfish writes it: a promotion to a promoted form ends with ``+``, a
    demotion from one with ``-``; a castling names its partner's square when ``castling`` says so."""

    castling: CastlingNotation = CastlingNotation.KING_DESTINATION

    def text(self, move: Move) -> str | None:
        details = move.details
        if self.castling is CastlingNotation.PARTNER_SQUARE and details and len(details) == 1:
            movements = details[0].movements
            if len(movements) == 2 and movements[0].piece[0] == movements[1].piece[0]:
                source, partner = self.square(movements[0].source), self.square(movements[1].source)
                return None if source is None or partner is None else source + partner
        if self.hand_cells and details and len(details) == 1 and len(details[0].movements) == 1 \
                and details[0].movements[0].source in self.hand_cells:
            moved = details[0].movements[0]
            square, letter = self.square(moved.target), self.letter(moved.piece[1])
            return None if square is None or letter is None else f"{letter.upper()}@{square}"
        if self.wall_piece is not None and details and len(details) == 1 \
                and details[0].promotion == self.wall_piece and details[0].movements:
            first = details[0].movements[0]
            source, target = self.square(first.source), self.square(first.target)
            return None if source is None or target is None else source + target
        if details and len(details) == 1 and details[0].movements and details[0].promotion is not None \
                and self.letters is not None:
            first = details[0].movements[0]
            token = self.letters.get(first.piece[1])
            if token is not None and token.startswith("+") and self.letters.get(details[0].promotion) == token[1:]:
                source, target = self.square(first.source), self.square(first.target)
                return None if source is None or target is None else source + target + "-"
        return super().text(move)

    #: the piece a capture turns into a wall (Petrified): not a promotion in UCI
    wall_piece: str | None = None
    #: the cells that are hands (:mod:`.hand_cells`): a move from one is a drop
    hand_cells: frozenset[str] = frozenset()

    def letter(self, piece_type: str) -> str | None:
        token = self.letters.get(piece_type) if self.letters is not None else None
        if token is not None and token.startswith("+"):
            return "+"
        return super().letter(piece_type)


def notation_of(naming: Naming) -> UciNotation:
    """The notation of moves in ``naming``'s squares (``(file, rank)`` -> cell) and letters."""
    return FairyNotation({cell: square_name(*square) for square, cell in naming.cells.items()},
                         {name: token for token, name in naming.pieces.items()}, naming.castling,
                         naming.wall_piece, naming.hand_cells)
