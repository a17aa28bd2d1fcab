"""Stalemate goals that make one player the winner whoever is stalemated, as draw odds.

Fairy-Stockfish's ``stalemateValue`` is one value for the player to move, whichever it is.  A
ZRF may give each player its own ``stalemated`` goal (or none: Zillions' default is a draw),
and Three Musketeers gives ``(win-condition (White) stalemated)`` and ``(loss-condition (Red)
stalemated)``: White wins when White has no move and when Red has none.  Fairy-Stockfish says
that with ``stalemateValue = draw`` and ``materialCounting = whitedrawodds`` (``blackdrawodds``
for its Black): the draw is then scored a win for that side, whoever is to move
(``Position::material_counting_result``, which ``Position::stalemate_value`` calls).

The odds score every other draw of the section the same way: a repetition's
(``Position::is_optional_game_end``), the n-move rule's (always off in an export), two passes
in turn (refused elsewhere) and a full board (never set).  So a game with a repetition goal
scored a draw is refused at that goal, and without one the section has no repetition rule
(``nFoldRule = 0``: Zillions plays a repeated position on), as a repetition goal that wins or
loses keeps its own rule.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from zrf.model import GameDef, Goal
from zrf.syntax import Span, to_text


class DrawOdds(enum.Enum):
    """Fairy-Stockfish's ``materialCounting`` values that turn a draw into one side's win."""

    WHITE = "whitedrawodds"
    BLACK = "blackdrawodds"


@dataclass(frozen=True)
class OddsRefusal:
    message: str
    span: Span | None


def stalemate_winner(stalemated: str, kind: str, colours: tuple[str, ...]) -> str | None:
    """Who wins when ``stalemated`` has no move and its goal is ``kind`` (None: a draw)."""
    if kind == "win":
        return stalemated
    if kind == "loss":
        return next(p for p in colours if p != stalemated)
    return None


def stalemate_odds(colours: tuple[str, ...], kinds: dict[str, str]) -> DrawOdds | None:
    """The draw odds that say the two players' stalemate goals (``kinds``: player -> its
    first ``stalemated`` goal's kind; a player without one draws), when one player wins
    whoever is stalemated; None when they do not (a draw, or each stalemate won by its own
    player or by its own opponent: ``stalemateValue`` says those)."""
    if len(colours) != 2 or not set(kinds.values()) <= {"win", "loss", "draw"}:
        return None
    winners = {stalemate_winner(p, kinds.get(p, "draw"), colours) for p in colours}
    if len(winners) != 1 or None in winners:
        return None
    return DrawOdds.WHITE if winners == {colours[0]} else DrawOdds.BLACK


def draw_odds_refusals(gdef: GameDef, stalemate_goal: Goal) -> list[OddsRefusal]:
    """What stops draw odds in ``gdef`` (see the module docstring): its repetition goals
    scored a draw, each at its goal."""
    return [OddsRefusal(f"{g.kind}-condition repetition beside {stalemate_goal.kind}-condition stalemated: "
                        "a stalemate that one player wins is Fairy-Stockfish's draw odds, which would score "
                        "the repetition's draw as that player's win too", g.span)
            for g in gdef.goals if to_text(g.condition) == "repetition" and g.kind == "draw"]


def repetition_options(gdef: GameDef) -> dict[str, str]:
    """``nFoldRule = 0`` when ``gdef`` has no repetition goal (see the module docstring)."""
    if any(to_text(g.condition) == "repetition" for g in gdef.goals):
        return {}
    return {"nFoldRule": "0"}
