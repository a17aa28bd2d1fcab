"""Stalemate goals Fairy-Stockfish says by counting material: draw odds, or the most pieces.

Fairy-Stockfish's ``stalemateValue`` is one value for the player to move, whichever it is.  A
ZRF may give each player its own ``stalemated`` goal (or none: Zillions' default is a draw),
and Three Musketeers gives ``(win-condition (White) stalemated)`` and ``(loss-condition (Red)
stalemated)``: White wins when White has no move and when Red has none.  Fairy-Stockfish says
that with ``stalemateValue = draw`` and ``materialCounting = whitedrawodds`` (``blackdrawodds``
for its Black): the draw is then scored a win for that side, whoever is to move
(``Position::material_counting_result``, which ``Position::stalemate_value`` calls).  A
``count-condition`` (Zillions: the game ends, the player with more pieces on the board wins,
equal counts draw; SEMANTICS 6) of both players is ``materialCounting = unweighted``, which
compares the two sides' pieces on the board the same way.

The counting scores every other draw of the section the same way: a repetition's
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


class MaterialCounting(enum.Enum):
    """Fairy-Stockfish's ``materialCounting`` values a stalemate goal may be: a draw scored as
    one side's win (draw odds), or as the win of the side with more pieces on the board."""

    WHITE_DRAW_ODDS = "whitedrawodds"
    BLACK_DRAW_ODDS = "blackdrawodds"
    UNWEIGHTED = "unweighted"


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


def stalemate_counting(colours: tuple[str, ...], kinds: dict[str, str]) -> MaterialCounting | None:
    """The material counting that says the two players' stalemate goals (``kinds``: player
    -> its first ``stalemated`` goal's kind; a player without one draws): the most pieces
    when both goals are ``count``, the draw odds of the one player who wins whoever is
    stalemated; None otherwise (a draw, or each stalemate won by its own player or by its
    own opponent: ``stalemateValue`` says those)."""
    if len(colours) != 2:
        return None
    if all(kinds.get(p) == "count" for p in colours):
        return MaterialCounting.UNWEIGHTED
    if not set(kinds.values()) <= {"win", "loss", "draw"}:
        return None
    winners = {stalemate_winner(p, kinds.get(p, "draw"), colours) for p in colours}
    if len(winners) != 1 or None in winners:
        return None
    return MaterialCounting.WHITE_DRAW_ODDS if winners == {colours[0]} else MaterialCounting.BLACK_DRAW_ODDS


def counting_refusals(gdef: GameDef, stalemate_goal: Goal) -> list[OddsRefusal]:
    """What stops material counting in ``gdef`` (see the module docstring): its repetition
    goals scored a draw, each at its goal."""
    return [OddsRefusal(f"{g.kind}-condition repetition beside {stalemate_goal.kind}-condition stalemated: "
                        "Fairy-Stockfish's materialCounting, which says that stalemate, would score the "
                        "repetition's draw by the same count", g.span)
            for g in gdef.goals if to_text(g.condition) == "repetition" and g.kind == "draw"]


def repetition_options(gdef: GameDef) -> dict[str, str]:
    """``nFoldRule = 0`` when ``gdef`` has no repetition goal (see the module docstring)."""
    if any(to_text(g.condition) == "repetition" for g in gdef.goals):
        return {}
    return {"nFoldRule": "0"}
