"""Names: Fairy-Stockfish's squares, piece letters and colours as a game's cells, pieces, players.

A Fairy-Stockfish position names squares ``a1``..``l10``, pieces by a letter (``+`` before it
for a promoted shogi piece) and the sides White and Black.  A :class:`Naming` renames them to a
ZRF's cell, piece and player names, so that the two engines' positions compare directly (the
cross-checker's signatures).  :func:`default_naming` names a built-in variant's pieces when no
ZRF names them, from :data:`LETTER_NAMES`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property

from runtime.core.protocol import Signature, make_signature

from .fen import FenPosition, square_name

#: The piece names given to Fairy-Stockfish letters when nothing else names them: the
#: letters of orthodox chess, then a name built from the letter (``Piece-x``).
LETTER_NAMES = {"p": "Pawn", "n": "Knight", "b": "Bishop", "r": "Rook", "q": "Queen", "k": "King"}


class CastlingNotation(Enum):
    """Which square a variant's UCI castling names after the king's: where the king lands
    (``e1g1``), or the square of the piece it castles with (Chess960's ``e1h1``)."""

    KING_DESTINATION = "king-destination"
    PARTNER_SQUARE = "partner-square"


@dataclass(frozen=True)
class Naming:
    """``pieces``: FEN token (``"p"``, ``"+p"``) -> piece name; ``cells``: ``(file, rank)`` ->
    cell name; ``players``: (the first player's name, the second's); ``castling``: how the
    variant's UCI moves write a castling; ``wall_piece``, ``hand_cells``: see below."""

    pieces: dict = field(default_factory=dict)
    cells: dict = field(default_factory=dict)
    players: tuple[str, str] = ("White", "Black")
    castling: CastlingNotation = CastlingNotation.KING_DESTINATION
    #: the piece a wall made during the game is named as (Petrified's piece that captured),
    #: owned by the player whose capture made it; None: such walls are not pieces
    wall_piece: str | None = None
    #: the ZRF cells that are hands, not squares (:mod:`.hand_cells`): their pieces are in hand
    hand_cells: frozenset[str] = frozenset()
    #: types the ZRF removes when captured where Fairy-Stockfish puts them in hand, the capture
    #: ending the game (:mod:`.final_captures`): in hand in the view of the last position
    removed_at_end: frozenset[str] = frozenset()

    def piece(self, token: str) -> str:
        return self.pieces.get(token) or fallback_piece_name(token)

    def cell(self, square: tuple[int, int]) -> str:
        return self.cells.get(square) or square_name(*square)

    def signature_of(self, pos: FenPosition, piece: Callable[[str], str] | None = None,
                     more_cells: Iterable[tuple[str, str, str]] = ()) -> Signature:
        """What a FEN says of a position, its board, hands and side to move, as a signature in
        this naming's cells, pieces and players (``piece`` names a FEN letter, by default
        :meth:`piece`; ``more_cells``: further ``(cell, player, piece)`` entries, such as walls)."""
        name = piece or self.piece
        players = self.players
        cells = [(self.cell(sq), players[colour], name(token)) for sq, (colour, token) in pos.board.items()]
        cells.extend(more_cells)
        hands = [(players[colour], name(token), k) for (colour, token), k in pos.hands.items()]
        return make_signature(players[pos.side], cells, hands)

    def token_of(self, piece: str) -> str | None:
        for token, name in self.pieces.items():
            if name == piece:
                return token
        return None

    @cached_property
    def squares(self) -> dict[str, tuple[int, int]]:
        """Cell name -> its ``(file, rank)``: :attr:`cells` read the other way."""
        return {cell: square for square, cell in self.cells.items()}

    @cached_property
    def board_size(self) -> tuple[int, int]:
        """``(files, ranks)`` of the board the cells lie on: one past the largest file and rank named."""
        return 1 + max(f for f, _ in self.cells), 1 + max(r for _, r in self.cells)


def fallback_piece_name(token: str) -> str:
    """A name for a letter nothing names: ``Pawn`` for ``p``, ``Piece-x`` for ``x``, ``Promoted-...``
    for ``+x``."""
    if token.startswith("+"):
        return "Promoted-" + fallback_piece_name(token[1:])
    return LETTER_NAMES.get(token, f"Piece-{token}")


def default_naming(files: int, ranks: int, tokens) -> Naming:
    """Square names as cell names, :func:`fallback_piece_name` for each token, White and Black."""
    return Naming({t: fallback_piece_name(t) for t in tokens},
                  {(f, r): square_name(f, r) for f in range(files) for r in range(ranks)})
