"""``zrf moves``: the legal moves of a position."""

from __future__ import annotations

import json

import click

from zrf.printable import printable

from runtime.commands.common import (game_argument, json_option, moves_option, open_or_exit, position_after,
                     position_option, variant_option)


@click.command(short_help="List the legal moves of a game position.")
@game_argument
@variant_option
@moves_option
@position_option
@json_option
def moves(game: str, variant: str | None, moves: str, position: str | None, as_json: bool) -> None:
    """List the legal moves of GAME's start position or --position (after --moves, if given).

    Each move is printed in Zillions saved-game notation, one per line; the
    parts of a multi-part turn are joined by '; '.
    """
    g = open_or_exit(game, variant)
    state = position_after(g, moves, position)
    legal = state.legal_moves()
    outcome = state.outcome()
    if as_json:
        click.echo(json.dumps({
            "game": g.name,
            "to_move": state.current_player,
            "count": len(legal),
            "moves": [m.notation for m in legal],
            "outcome": None if outcome is None else {
                "winners": list(outcome.winners), "losers": list(outcome.losers),
                "draw": outcome.draw, "rule": outcome.rule},
        }, indent=2))
        return
    for m in legal:
        click.echo(printable(m.notation, one_line=True))
    if outcome is not None:
        click.echo(printable(f"game over: {outcome.describe()}", one_line=True), err=True)
    else:
        click.echo(printable(f"{len(legal)} moves for {state.current_player}", one_line=True), err=True)
