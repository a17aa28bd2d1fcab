"""``zrf render``: a position as an SVG picture."""

from __future__ import annotations

import json

import click

from runtime.render import render_svg
from zrf.atomic_write import write_bytes_atomically

from .common import game_argument, json_option, moves_option, open_game, position_after, variant_option


@click.command()
@game_argument
@variant_option
@moves_option
@click.option("-o", "--output", type=click.Path(dir_okay=False), required=True,
              help="The SVG file to write ('-' for standard output).")
@json_option
def render(game: str, variant: str | None, moves: str, output: str, as_json: bool) -> None:
    """Draw GAME's start position (after --moves) as SVG.

    The board is drawn from its geometry alone (ZRF position rectangles, or a
    grid derived from cell names); pieces are labelled discs in their owner's
    colour, so no image files are needed.  With --json, one JSON object
    names the game, the player to move and the file written (the SVG itself
    when OUTPUT is '-').
    """
    g = open_game(game, variant, warn_lint=True)
    state = position_after(g, moves)
    svg = render_svg(state)
    if output != "-":
        try:
            write_bytes_atomically(output, svg.encode("utf-8"))
        except OSError as exc:
            raise click.UsageError(f"cannot write {output}: {exc.strerror}") from None
    if as_json:
        click.echo(json.dumps({"game": g.name, "to_move": state.current_player,
                               "output": None if output == "-" else output,
                               "svg": svg if output == "-" else None}, indent=2))
    elif output == "-":
        click.echo(svg, nl=False)
    else:
        click.echo(f"wrote {output}", err=True)
