"""Piece types whose capture ends the game, so that where the captured piece goes does not matter.

A shogi-like ZRF whose hands are board cells (:mod:`.hand_cells`) carries captured pieces to
the capturer's hand, but often removes a captured king instead.  Fairy-Stockfish's
``capturesToHand`` puts every captured piece in hand, the king too.  That difference is no
difference of the game when the capture ends it: under a goal that a player loses when it has
no piece of the type left (``(pieces-remaining 0 T)``, Fairy-Stockfish's extinction, whose
count includes the loser's hand only), or when the type is royal (``(checkmated T)``: a legal
move never captures it), and when each player can never have more than one piece of the type
(at most one set up, none off the board, no move promotes to it), capturing it ends the game
at once in both engines.

Read from the model's goals and set-up and the interpreter's promotion targets, never from a
type's name.  The export names the types it removes so (``Naming.removed_at_end``), and the
verification sees the last position of such a game as Fairy-Stockfish has it
(:mod:`.hand_view`): the captured piece in the capturer's hand.
"""

from __future__ import annotations

from collections import Counter

from runtime.interpreter.game import ZrfGame

from .goal_forms import checkmated_type, none_left_type


def game_ending_types(game: ZrfGame) -> frozenset[str]:
    """The types whose capture ends ``game`` (see the module docstring)."""
    gdef = game.gdef
    players = set(gdef.players)
    if len(players) != 2:
        return frozenset()
    lost: set[str] = set()
    for goal in gdef.goals:
        t = none_left_type(goal) or checkmated_type(goal)
        if t is not None and goal.kind == "loss" and (not goal.players or set(goal.players) == players):
            lost.add(t)
    per_player = Counter((pl, ty) for pl, ty, _ in gdef.setup.placements)
    promoted = {game.tables.types[t] for t in game.promotion_targets}
    off = {ty for (_, ty), n in gdef.setup.off.items() if n > 0}
    return frozenset(t for t in lost
                     if t in gdef.pieces and t not in promoted and t not in off
                     and all(per_player[(pl, t)] <= 1 for pl in players))
