"""How a game is written for a UCI engine: its moves in UCI, and what the engine loads to play it.

A move of ours crosses to UCI through its details, never its text: a
movement is its first movement's start and end squares (a castling is its
king's movement, ``e1g1``), followed by the new type's letter when the piece
changes type on arrival (``e7e8q``); a drop is the piece's letter in upper
case, ``@`` and the square (``P@e4``).  A turn of several parts, or one with
no movement nor drop, has no UCI form.  The engine's answer is read back as
the legal move of ours written the same way.

:class:`UciNotation` holds the two tables that write a move: cell -> square
and piece type -> letter.  Without tables a cell is its own square (the chess
ZRF names its cells ``a1`` to ``h8`` as UCI does) and a type is
:data:`PIECE_LETTERS`'s letter, else its first letter.  An exported game
(:mod:`runtime.fairy`) gives both tables from its export, and with them a
:class:`UciGame`: the ``variants.ini`` text the engine loads and the variant
it then plays.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from runtime.core.protocol import Move, State

PIECE_LETTERS = {"King": "k", "Queen": "q", "Rook": "r", "Bishop": "b", "Knight": "n", "Pawn": "p"}
"""UCI's letters for the piece types a promotion or drop names when no table gives the letter."""


@dataclass(frozen=True)
class UciNotation:
    """``squares``: cell -> UCI square (None: a cell is its own square); ``letters``: piece type ->
    letter (None: :data:`PIECE_LETTERS`, else the type's first letter).  With tables, a cell or a
    type they lack has no UCI form."""

    squares: Mapping[str, str] | None = None
    letters: Mapping[str, str] | None = None

    def square(self, cell: str) -> str | None:
        return cell if self.squares is None else self.squares.get(cell)

    def letter(self, piece_type: str) -> str | None:
        if self.letters is None:
            return PIECE_LETTERS.get(piece_type, piece_type[:1].lower())
        letter = self.letters.get(piece_type)
        return None if letter is None else letter.lstrip("+")

    def text(self, move: Move) -> str | None:
        """``move`` in UCI (see the module docstring), or None when it has no UCI form."""
        details = move.details
        if not details or len(details) != 1:
            return None
        part = details[0]
        if part.movements:
            first = part.movements[0]
            source, target = self.square(first.source), self.square(first.target)
            if source is None or target is None:
                return None
            if part.promotion is None or part.promotion == first.piece[1]:
                return source + target
            letter = self.letter(part.promotion)
            return None if letter is None else source + target + letter
        if part.placements:
            placed = part.placements[0]
            square, letter = self.square(placed.cell), self.letter(placed.piece[1])
            if square is None or letter is None:
                return None
            return f"{letter.upper()}@{square}"
        return None

    def move_for(self, state: State, text: str) -> Move | None:
        """The legal move of ``state`` that ``text`` names, or None when none does."""
        for move in state.legal_moves():
            if self.text(move) == text:
                return move
        return None


CELL_NAMES = UciNotation()
"""Cells as their own squares, pieces by :data:`PIECE_LETTERS`: games named as UCI names chess."""


@dataclass(frozen=True)
class UciGame:
    """What a UCI engine is told so that it plays one of our games: the ``variants.ini`` text it
    loads (``VariantPath``), the ``UCI_Variant`` it then plays, the notation of the moves, and the
    game's name for messages.  Plain data: it crosses to a match's worker processes."""

    name: str
    variant: str
    variants_ini: str
    notation: UciNotation = field(default_factory=UciNotation)
