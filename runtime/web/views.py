"""What the page is sent about a game: position picture, legal moves, history, outcome."""

from __future__ import annotations

from runtime.render import render_svg

from .moves import describe_move
from .sessions import Session


def session_payload(session: Session) -> dict:
    """The JSON the page draws from (``/api/state`` and every call that changes the game)."""
    s = session.state
    outcome = s.outcome()
    return {
        "id": session.id,
        "game": session.game.name,
        "players": list(session.game.players),
        "to_move": s.current_player,
        "svg": render_svg(s),
        "moves": [describe_move(m) for m in s.legal_moves()] if outcome is None else [],
        "history": [m.notation for _, m in session.history],
        "last": describe_move(session.history[-1][1]) if session.history else None,
        "outcome": None if outcome is None else {
            "text": outcome.describe(), "winners": list(outcome.winners),
            "losers": list(outcome.losers), "draw": outcome.draw, "rule": outcome.rule},
    }
