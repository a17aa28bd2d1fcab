"""Which royal pieces the page marks as in check.

A game has royal pieces when its goals lose it by ``checkmated`` (the goal
information of the engine contract, :func:`runtime.goalinfo.royal_pieces`).
The page marks the royal pieces of the player to move when they are
attacked, as chess sites mark a king in check.  The attack test is the
engine's own: a native engine's ``in_check()`` (the side to move), or the ZRF
interpreter's ``royal_attacked(player, types)``, the test its
``checkmated`` goal uses.  An engine with neither marks nothing.
"""

from __future__ import annotations

from runtime.goalinfo import royal_pieces
from runtime.protocol import State


def _attacked(state: State, player: str, royal: frozenset[str]) -> bool:
    in_check = getattr(state, "in_check", None)
    if callable(in_check):
        return bool(in_check())
    royal_attacked = getattr(state, "royal_attacked", None)
    tables = getattr(state.game, "tables", None)
    if callable(royal_attacked) and tables is not None:
        types = frozenset(tables.type_index[t] for t in royal if t in tables.type_index)
        return bool(types) and bool(royal_attacked(tables.player_index[player], types))
    return False


def checked_royals(state: State) -> list[str]:
    """Cells of the player to move's royal pieces when they are attacked; [] otherwise."""
    player = state.current_player
    royal = royal_pieces(state.game.goal_info(), player)
    if not royal or not _attacked(state, player, royal):
        return []
    return sorted(cell for cell, (owner, ptype) in state.board().items() if owner == player and ptype in royal)
