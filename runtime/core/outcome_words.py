"""How a game ended, in words a player reads: ``"Red wins: Blue has no General left"``.

:meth:`Outcome.describe` names the rule as the game states it (for a ZRF the
goal form, ``loss-condition (pieces-remaining 0 General)``), which suits a log
but not a person.  Here the rule is matched to the game's own goals as data
(:meth:`Game.goal_info`, the same record the computer players measure progress
with) and each kind of condition is worded once: checkmate, capture, pieces
left, a piece on its goal, a pattern.  A rule no goal describes (a native
engine's ``"checkmate"``, ``"no legal moves"``) is said as the engine names it.
"""

from __future__ import annotations

from runtime.core.goalinfo import (
    AllOf,
    AnyOf,
    Captured,
    Checkmated,
    Condition,
    Goal,
    PiecesRemaining,
    Placement,
    Unscored,
)
from runtime.core.protocol import Game, Outcome

#: at most this many cells are named in a goal's words; more are "its goal"
MAX_NAMED_CELLS = 4

#: rule texts of the engines and of ZRF forms without a progress measure, in words
_PLAIN_RULES = {
    "no legal moves": "no legal move is left",
    "(stalemated)": "{who} cannot move",
    "stalemated": "{who} cannot move",
    "(repetition)": "the position was repeated",
    "repetition": "the position was repeated",
    "resigned": "{who} resigned",
    "agreed": "the players agreed",
    "time": "{who}'s time ran out",
}


def _names(items) -> str:
    items = sorted(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def headline(outcome: Outcome) -> str:
    """``"Red wins"``, ``"Red and Blue win"``, ``"Draw"``."""
    if outcome.draw:
        return "Draw"
    if not outcome.winners:
        return "Nobody wins"
    return f"{_names(outcome.winners)} {'wins' if len(outcome.winners) == 1 else 'win'}"


def _cells(cells) -> str:
    cells = sorted(cells)
    return _names(cells) if len(cells) <= MAX_NAMED_CELLS else "the goal"


def condition_words(condition: Condition, who: str) -> str:
    """What ``condition`` says about player ``who``, in words."""
    if isinstance(condition, Checkmated):
        return f"{who}'s {_names(condition.royal) or 'king'} is checkmated"
    if isinstance(condition, Captured):
        return f"{who}'s {_names(condition.pieces)} was captured"
    if isinstance(condition, PiecesRemaining):
        kinds = _names(condition.pieces) if condition.pieces else "pieces"
        if condition.whose == "all":
            return f"{condition.count} {kinds} are left on the board"
        return f"{who} has {'no' if condition.count == 0 else condition.count} {kinds} left"
    if isinstance(condition, Placement):
        if len(condition.slots) == 1:
            slot = condition.slots[0]
            piece = _names({o.piece for o in slot.occupants})
            return f"{who}'s {piece} reached {_cells(slot.cells)}"
        return f"{who} formed the goal pattern"
    if isinstance(condition, AnyOf):
        if all(isinstance(c, Placement) for c in condition.alternatives):
            return f"{who} formed the goal pattern"
        return " or ".join(condition_words(c, who) for c in condition.alternatives)
    if isinstance(condition, AllOf):
        return " and ".join(condition_words(c, who) for c in condition.parts)
    if isinstance(condition, Unscored):
        plain = _PLAIN_RULES.get(condition.text)
        return plain.format(who=who) if plain else f"the rule {condition.text} holds for {who}"
    return str(condition)


def _goal_for(goals: tuple[Goal, ...], outcome: Outcome, to_move: str | None) -> Goal | None:
    """The goal that ended the game: its rule, checked for a winner, loser or (a draw) the player to move."""
    matching = [g for g in goals if g.rule == outcome.rule]
    subjects = set(outcome.losers) | set(outcome.winners) | ({to_move} if outcome.draw and to_move else set())
    return next((g for g in matching if subjects & set(g.players)), matching[0] if matching else None)


def outcome_words(game: Game, outcome: Outcome, to_move: str | None = None) -> str:
    """The headline and the reason: ``"Red wins: Blue has no General left"``.

    ``to_move`` (the player to move in the final position) names whom a draw's condition is
    about (``stalemated``: the player who cannot move)."""
    head = headline(outcome)
    if not outcome.rule:
        return head
    goal = _goal_for(game.goal_info(), outcome, to_move)
    if goal is None:
        plain = _PLAIN_RULES.get(outcome.rule)
        who = _names(outcome.losers) or to_move or "the player to move"
        return f"{head}: {plain.format(who=who) if plain else outcome.rule}"
    if goal.result == "loss":
        who = next((p for p in outcome.losers if p in goal.players), _names(outcome.losers))
    elif goal.result == "win":
        who = next((p for p in outcome.winners if p in goal.players), _names(outcome.winners))
    else:
        who = to_move if to_move in goal.players else (goal.players[0] if len(goal.players) == 1 else "a player")
    return f"{head}: {condition_words(goal.condition, who)}"
