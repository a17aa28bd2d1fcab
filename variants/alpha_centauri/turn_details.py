"""What an Alpha Centauri turn does, worked out only when asked (:class:`TurnDetails`).

A search asks of every turn whether it changes material (a capture, or a piece
changing type or owner) to choose what its quiescence follows; building the
turn's full details (movements, captures, changes by cell name) for that costs
more than the rest of a quiesced position.  The answer is read from the cell
codes instead: Alpha Centauri places no piece from outside the board, so a part
changes material exactly when the piece codes on the cells it writes are not the
same collection after it as before (a capture removes one, a change of type or
owner replaces one; a move or a Rotor's rotation only carries them elsewhere).
"""

from __future__ import annotations

from runtime.core.move_details import details_from_codes, loses_a_piece
from runtime.core.protocol import LazyDetails, PartDetails

from .board import NAMES, TYPE_NAMES
from .moves import part_movements


class FirstPart:
    """A turn's first part, the cell ``changes`` it makes on ``board``, shared by every turn that
    starts with it, so that whether it changes material is worked out once for all of them."""

    __slots__ = ("board", "changes", "_material")

    def __init__(self, board: list, changes: tuple) -> None:
        self.board = board
        self.changes = changes
        self._material: bool | None = None

    def changes_material(self) -> bool:
        """Do the codes on the cells the part writes lose one (:func:`loses_a_piece`)?"""
        if self._material is None:
            self._material = _part_loses_a_piece(self.board.__getitem__, self.changes)
        return self._material


class TurnDetails(LazyDetails):
    """The details of a turn whose first part is ``first`` (a :class:`FirstPart` on the board
    before the turn) and whose second part, if any, makes the cell changes ``second``."""

    __slots__ = ("first", "second", "players", "_made")

    def __init__(self, first: FirstPart, second: tuple | None, players: tuple[str, ...]) -> None:
        self.first = first
        self.second = second
        self.players = players
        self._made: tuple[PartDetails, ...] | None = None

    def __call__(self) -> tuple[PartDetails, ...]:
        if self._made is None:
            first = self.first
            parts = (first.changes,) if self.second is None else (first.changes, self.second)
            self._made = turn_details(first.board, parts, self.players)
        return self._made

    def changes_material(self) -> bool:
        first = self.first
        if first.changes_material():
            return True
        second = self.second
        if second is None:
            return False
        board = first.board
        written = dict(first.changes)
        return _part_loses_a_piece(lambda cell: written.get(cell, board[cell]), second)


def _part_loses_a_piece(code_at, changes: tuple) -> bool:
    """Does a part making the cell ``changes`` lose a piece code (:func:`loses_a_piece`), the codes
    before it read by ``code_at(cell)``?"""
    after = dict(changes)
    return loses_a_piece({cell: code_at(cell) for cell in after}, after, after)


def turn_details(board: list, parts: tuple, players: tuple[str, ...]) -> tuple[PartDetails, ...]:
    """Each part's details, from the board before the turn and each part's cell changes."""
    boards = [board]
    movements = []
    for changes in parts:
        b = boards[-1][:]
        movements.append(part_movements(b, changes))
        for cell, val in changes:
            b[cell] = val
        boards.append(b)
    return details_from_codes(boards, lambda x: (players[x >> 4], TYPE_NAMES[x & 15]), NAMES,
                              movements, written=[[cell for cell, _ in changes] for changes in parts])
