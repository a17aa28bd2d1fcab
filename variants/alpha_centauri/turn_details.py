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


class TurnDetails(LazyDetails):
    """The details of a turn making the cell ``changes`` (one tuple of (cell, code) per part) on
    ``board``, the board of codes before the turn."""

    __slots__ = ("board", "changes", "players", "_made")

    def __init__(self, board: list, changes: tuple, players: tuple[str, ...]) -> None:
        self.board = board
        self.changes = changes
        self.players = players
        self._made: tuple[PartDetails, ...] | None = None

    def __call__(self) -> tuple[PartDetails, ...]:
        if self._made is None:
            self._made = turn_details(self.board, self.changes, self.players)
        return self._made

    def changes_material(self) -> bool:
        board = self.board
        written: dict[int, int] = {}
        for part in self.changes:
            before = {cell: written.get(cell, board[cell]) for cell, _ in part}
            after = dict(part)
            if loses_a_piece(before, after, after):
                return True
            written.update(part)
        return False


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
                              movements)
