"""``zrf render``: a position as an SVG picture."""

from __future__ import annotations

import click

from runtime.render import render_svg
from zrf.atomic_write import write_bytes_atomically

from .common import game_argument, moves_option, open_game, position_after, variant_option


@click.command()
@game_argument
@variant_option
@moves_option
@click.option("-o", "--output", type=click.Path(dir_okay=False), required=True,
              help="The SVG file to write ('-' for standard output).")
def render(game: str, variant: str | None, moves: str, output: str) -> None:
    """Draw GAME's start position (after --moves) as SVG.

    The board is drawn from its geometry alone (ZRF position rectangles, or a
    grid derived from cell names); pieces are labelled discs in their owner's
    colour, so no image files are needed.
    """
    g = open_game(game, variant)
    state = position_after(g, moves)
    svg = render_svg(state)
    if output == "-":
        click.echo(svg, nl=False)
    else:
        try:
            write_bytes_atomically(output, svg.encode("utf-8"))
        except OSError as exc:
            raise click.UsageError(f"cannot write {output}: {exc.strerror}") from None
        click.echo(f"wrote {output}", err=True)
