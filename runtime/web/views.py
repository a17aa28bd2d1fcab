"""What the page is sent about a game: position picture, legal moves, history, outcome, texts.

The page can look at any earlier position of the game (a click in the move
list, or stepping through an opened saved game): ``ply`` names it, the
number of moves played before it (0 is the start).  The legal moves are sent
only for the position the game is at now, since only there can a move be made.
The random players (``?Dice``) are named so that the page rolls for them and
never offers their seat; the outcome comes in words as well as by its rule.
"""

from __future__ import annotations

from runtime.core.outcome_words import outcome_words
from runtime.pictures.svg import render_svg
from runtime.players.chance import random_players
from runtime.web.bitmap_routes import image_href, session_graphics
from runtime.web.move_cells import describe_move
from runtime.web.royals import checked_royals
from runtime.web.sessions import Session


def session_payload(session: Session, ply: int | None = None) -> dict:
    """The JSON the page draws from (``/api/state`` and every call that changes the game).

    ``ply`` (0 .. number of moves played; default: the last) is the position shown.
    """
    history = session.history
    now = len(history)
    view = now if ply is None else max(0, min(now, ply))
    shown = session.state if view == now else history[view][0]
    outcome = session.outcome()
    live = view == now and outcome is None
    game = session.game
    return {
        "id": session.id,
        "game": game.name,
        "players": list(game.players),
        "random_players": list(random_players(game)),
        "to_move": session.state.current_player,
        "view": view,
        "view_to_move": shown.current_player,
        "svg": render_svg(shown, graphics=session_graphics(session), image_href=image_href(session),
                          drawn_as=session.drawn_as),
        "moves": [describe_move(m) for m in session.state.legal_moves()] if live and session.still is None else [],
        "still": session.still,
        "version": session.version,
        "draw_offer": session.draw_offer,
        "clock": session.clocks.view() if session.clocks is not None else None,
        "history": [m.notation for _, m in history],
        "numbers": [game.move_number(i) for i in range(now)],
        "last": describe_move(history[view - 1][1]) if view else None,
        "check": checked_royals(shown),
        "hands": [[player, piece, count] for player, piece, count in sorted(shown.signature().hands)],
        "texts": session.texts,
        "notes": session.notes,
        "outcome": None if outcome is None else {
            "text": outcome.describe(), "words": outcome_words(game, outcome, session.state.current_player), "winners": list(outcome.winners),
            "losers": list(outcome.losers), "draw": outcome.draw, "rule": outcome.rule},
    }
