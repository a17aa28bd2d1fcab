"""``zrf render``: a position as an SVG or PNG picture."""

from __future__ import annotations

import io
import json
import sys

import click

from zrf.atomic_write import write_bytes_atomically
from zrf.printable import printable

from runtime.core.errors import EngineRequired, GameLoadError
from runtime.loading.opening import AxiomGames, open_game
from runtime.pictures.bitmaps import graphics_for
from runtime.pictures.png import RasterError, scene_image
from runtime.pictures.scene import build_scene
from runtime.pictures.svg import scene_svg

from runtime.commands.common import (fail_to_load, game_argument, json_option, moves_option, position_after,
                                     position_option, variant_option)


@click.command(short_help="Draw a game position as SVG.")
@game_argument
@variant_option
@moves_option
@position_option
@click.option("-o", "--output", type=click.Path(dir_okay=False), required=True,
              help="The file to write: FILE.png for a PNG, anything else SVG ('-': SVG on standard output).")
@click.option("--piece-set", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which of the ZRF's alternative piece sets to show (1: the default set).")
@click.option("--board-image", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which of the ZRF's alternative board bitmaps to show.")
@click.option("--no-images", is_flag=True, help="Ignore the ZRF's bitmaps: draw cells and labelled discs.")
@click.option("--scale", type=click.FloatRange(min=0.05, max=10), default=1.0, show_default=True,
              help="PNG only: pixels per board pixel.")
@json_option
def render(game: str, variant: str | None, moves: str, position: str | None, output: str, piece_set: int, board_image: int,
           no_images: bool, scale: float, as_json: bool) -> None:
    """Draw GAME's start position or --position (after --moves) as SVG or PNG.

    A ZRF game is drawn with its own bitmaps, found relative to the rules file
    as Zillions finds them (case-insensitive, piece bitmaps' pure green
    transparent): the board bitmap at the board's origin, each piece's bitmap
    centred on its cell.  Images the file names but that are missing are
    reported once (W601); those pieces are drawn as discs with labels unique
    within the game and a legend.  Games without bitmaps are drawn from their
    geometry (hexagonal boards as hexagons, 3-D levels side by side).  A game
    that needs an engine plug-in (Axiom) is drawn in its set-up position.
    With --json, one JSON object names the game, the player to move and the
    file written (the SVG itself when OUTPUT is '-').
    """
    try:
        g = open_game(game, variant, lint=True)
    except EngineRequired as exc:
        if moves:
            raise click.UsageError(f"{exc}; --moves cannot be played") from None
        click.echo(printable(f"{exc}: drawing its board-setup position"), err=True)
        g = open_game(game, variant, axiom=AxiomGames.SHOW_SET_UP)
    except GameLoadError as exc:
        fail_to_load(exc)
    state = position_after(g, moves, position)
    graphics = None
    if not no_images:
        try:
            graphics = graphics_for(g, piece_set - 1, board_image - 1)
        except IndexError as exc:
            raise click.UsageError(str(exc)) from None
        if graphics is not None:
            for warning in graphics.warnings():
                click.echo(warning.format(), err=True)
            if graphics.substitutes:
                names = ", ".join(f"{player} {piece}" for piece, player in graphics.substitutes)
                click.echo(printable(f"{game}: note: piece set {piece_set} has no bitmap for {names}; "
                                     "the default set's is shown", one_line=True), err=True)
    scene = build_scene(state, graphics=graphics)
    if output.lower().endswith(".png"):
        try:
            image, used = scene_image(scene, scale)
        except RasterError as exc:
            raise click.UsageError(str(exc)) from None
        if used < scale:
            click.echo(f"{game}: note: drawn at scale {used:.3f}, the largest that fits", err=True)
        buffer = io.BytesIO()
        image.save(buffer, "PNG")
        try:
            write_bytes_atomically(output, buffer.getvalue())
        except OSError as exc:
            raise click.UsageError(f"cannot write {output}: {exc.strerror or exc}") from None
        _report(g, state, output, None, as_json)
        return
    svg = scene_svg(scene)
    if output != "-":
        try:
            write_bytes_atomically(output, svg.encode("utf-8"))
        except OSError as exc:
            raise click.UsageError(f"cannot write {output}: {exc.strerror or exc}") from None
    _report(g, state, output, svg, as_json)


def _report(g, state, output: str, svg: str | None, as_json: bool) -> None:
    """What ``render`` says when done: the JSON object, the SVG on standard output, or ``wrote FILE``."""
    if as_json:
        click.echo(json.dumps({"game": g.name, "to_move": state.current_player,
                               "output": None if output == "-" else output,
                               "svg": svg if output == "-" else None}, indent=2))
    elif output == "-":
        sys.stdout.write(svg or "")
    else:
        click.echo(f"wrote {output}", err=True)
