"""Who moves on each turn and how saved games number the turns (SEMANTICS §2.4).

A ZRF turn order is a list of entries ``(player, moves-as, move type)``; play
goes through them once and then cycles from the ``repeat`` marker (or from the
start when there is none).  A file without a turn order lets each player move
in turn as itself.
"""

from __future__ import annotations

from zrf.model import GameDef, TurnEntry

from .tables import Tables

#: (player index, index of the player it moves as, move type or None)
Entry = tuple[int, int, "str | None"]


class TurnOrder:
    """The turn-order entries of one game, as player indices (immutable after construction)."""

    def __init__(self, gdef: GameDef, tables: Tables) -> None:
        entries = gdef.turn_order.entries
        if not entries:
            entries = [TurnEntry(p, p) for p in gdef.players]
        #: every entry in file order
        self.entries: tuple[Entry, ...] = tuple(
            (tables.player_index[e.player], tables.player_index[e.moves_as], e.move_type)
            for e in entries)
        #: index of the first entry of the repeating cycle
        self.repeat_from: int = gdef.turn_order.repeat_from
        #: the entries play cycles through once past the first pass, and the turn the cycle counts from
        self._cycle = self.entries[self.repeat_from:] or self.entries or ((0, 0, None),)
        self._cycle_from = self.repeat_from if self.entries[self.repeat_from:] else 0

    def entry(self, turn: int) -> Entry:
        """(player, moves-as, move type) for 0-based turn number ``turn``."""
        e = self.entries
        if turn < len(e):
            return e[turn]
        cycle = self._cycle
        return cycle[(turn - self._cycle_from) % len(cycle)]

    def move_number(self, turn: int) -> int:
        """ZSG move number of 0-based turn ``turn`` (§2.4)."""
        e = self.entries
        if not e:
            return turn + 1
        if turn < len(e):
            return 1
        cycle = len(e[self.repeat_from:]) or len(e)
        rf = self.repeat_from if e[self.repeat_from:] else 0
        return 2 + (turn - len(e)) // cycle if rf else 1 + turn // cycle
