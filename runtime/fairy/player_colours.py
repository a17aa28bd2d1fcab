"""Player colours: which ZRF player is Fairy-Stockfish's White and which its Black.

Fairy-Stockfish's White moves first.  A ZRF names its players in ``(players ...)`` and says who
moves when in ``(turn-order ...)``, which need not start with the first player named: Three
Musketeers declares ``(players Red White)`` and plays ``(turn-order White Red)``.  White is
the player of the turn order's first turn, Black the other (the order declared when the game
has no turn order); every part of the export that sets a player's pieces, probes its moves
or names its colour takes them from here, and so does our interpreter's turn index (turn 0
is White's).
"""

from __future__ import annotations

from zrf.model import GameDef


def players_by_colour(gdef: GameDef) -> tuple[str, ...]:
    """The players by the order of their first turns (White's first), the declared order for
    the players the turn order leaves out."""
    movers = [e.player for e in gdef.turn_order.entries if e.player in gdef.players]
    return tuple(dict.fromkeys(movers + list(gdef.players)))
