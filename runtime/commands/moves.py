"""``zrf moves``: the legal moves of a position."""

from __future__ import annotations

import json

import click

from zrf.printable import printable

from runtime.commands.common import (game_argument, json_option, moves_option, open_or_exit, position_after,
                     position_option, variant_option)
from runtime.core.protocol import Game
from runtime.interpreter import ZrfGame
from runtime.interpreter.lowered import listing


@click.command(short_help="List the legal moves of a game position.")
@game_argument
@variant_option
@moves_option
@position_option
@json_option
@click.option("--lowered", "lowered", default=None, metavar="PIECE",
              help="Instead of moves, print PIECE's move and drop blocks as the interpreter runs them "
                   "(the lowered form: one statement per line with its line:col).")
def moves(game: str, variant: str | None, moves: str, position: str | None, as_json: bool,
          lowered: str | None) -> None:
    """List the legal moves of GAME's start position or --position (after --moves, if given).

    Each move is printed in Zillions saved-game notation, one per line; the
    parts of a multi-part turn are joined by '; '.  With --lowered PIECE, the
    piece's blocks as lowered (names resolved, constants folded, dead code gone,
    forms that cannot run turned into stops) are printed instead.
    """
    g = open_or_exit(game, variant)
    if lowered is not None:
        _print_lowered(g, game, lowered, as_json)
        return
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


def _print_lowered(g: Game, spec: str, piece: str, as_json: bool) -> None:
    """``--lowered PIECE``: the listing of each of the piece's blocks (exit 2 for an unknown piece)."""
    if not isinstance(g, ZrfGame):
        raise click.UsageError(f"--lowered needs a ZRF game; {spec} is played by a native engine "
                               "(give its .zrf file)")
    t = g.tables
    ti = t.type_index.get(piece)
    if ti is None or t.types[ti] not in g.gdef.pieces:
        names = ", ".join(name for name in t.types if name in g.gdef.pieces)
        raise click.UsageError(f"--lowered: {g.name} has no piece {piece!r} (its pieces: {names})")
    blocks = [listing(b, t) for b in g.lowered_moves[ti] + g.lowered_drops[ti]]
    if as_json:
        click.echo(json.dumps({"game": g.name, "piece": piece,
                               "blocks": [{"heading": b[0], "lines": b[1:]} for b in blocks]}, indent=2))
        return
    click.echo("\n\n".join("\n".join(printable(line, one_line=True) for line in b) for b in blocks))
