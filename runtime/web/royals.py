"""Which royal pieces the page marks as in check.

A game has royal pieces when its goals lose it by ``checkmated`` (the goal
information of the engine contract, :func:`runtime.core.goalinfo.royal_pieces`).
The page marks the royal pieces of the player to move when they are
attacked, as chess sites mark a king in check.  The attack test is the
engine's own, :meth:`runtime.core.protocol.State.in_check` of the engine contract
(the ZRF interpreter answers with the test its ``checkmated`` goals use); an
engine that does not say marks nothing.
"""

from __future__ import annotations

from runtime.core.goalinfo import royal_pieces
from runtime.core.protocol import State


def checked_royals(state: State) -> list[str]:
    """Cells of the player to move's royal pieces when they are attacked; [] otherwise."""
    player = state.current_player
    royal = royal_pieces(state.game.goal_info(), player)
    if not royal or not state.in_check():
        return []
    return sorted(cell for cell, (owner, ptype) in state.board().items() if owner == player and ptype in royal)
