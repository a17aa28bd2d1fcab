"""Options and helpers shared by the game-playing subcommands."""

from __future__ import annotations

import sys

import click

from runtime.games import GameLoadError, load_game
from runtime.notation import MoveMatchError, play_moves, split_move_list
from runtime.protocol import Game, State
from runtime.setup_text import SetupError, set_up

game_argument = click.argument("game", metavar="GAME")
variant_option = click.option("--variant", "variant", default=None, metavar="NAME",
                              help="Game or variant title inside a .zrf file.")
moves_option = click.option("--moves", "moves", default="", metavar="LIST",
                            help="Comma-separated moves to play first: saved-game notation "
                                 "or 'from - to [= Type]'.")
json_option = click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
position_option = click.option("--position", "position", default=None, metavar="TEXT",
                               help="Start from this position instead of the game's: "
                                    "'SIDE | cell:player:type, ...' (every other cell empty).")


def open_game(spec: str, variant: str | None) -> Game:
    """Load GAME or exit with status 2 and a one-line reason."""
    try:
        return load_game(spec, variant)
    except GameLoadError as exc:
        raise click.UsageError(str(exc)) from None


def position_after(game: Game, moves: str, position: str | None = None) -> State:
    """The initial state, or the --position set-up, with the --moves list played.

    A faulty set-up text or an illegal move exits 2 with the reason (and, for a
    move, the candidates).
    """
    if position is None:
        state = game.initial_state()
    else:
        try:
            state = set_up(game, position)
        except SetupError as exc:
            click.echo(f"error: --position: {exc}", err=True)
            sys.exit(2)
    try:
        return play_moves(state, split_move_list(moves))
    except MoveMatchError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)


def progress_enabled() -> bool:
    """Progress bars only when a person is watching (stderr is a terminal)."""
    return sys.stderr.isatty()
