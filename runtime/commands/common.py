"""Options and helpers shared by the game-playing subcommands."""

from __future__ import annotations

import os
import sys
from typing import NoReturn

import click

from zrf.diagnostics import ZrfError
from zrf.printable import printable
from zrf.lint import lint_model
from zrf.model import build_file

from runtime.loading.opening import GameLoadError, load_game
from runtime.interpreter import EngineRequired
from runtime.interpreter import game_from_file
from runtime.core.notation import MoveMatchError, play_moves, split_move_list
from runtime.core.protocol import Game, State
from runtime.players.uci_notation import UciGame
from runtime.loading.setup_text import SetupError, set_up

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


def open_game(spec: str, variant: str | None, warn_lint: bool = False,
              allow_engine_required: bool = False) -> Game:
    """Load GAME or exit with status 2: ``path:line:col: CODE message`` lines for a broken ZRF,
    else a one-line reason.

    With ``warn_lint`` a ZRF file that ``zrf check`` finds errors in is still
    loaded, after a one-line warning on standard error (its moves may be
    missing or wrong).  With ``allow_engine_required`` an Axiom game's
    :class:`runtime.interpreter.EngineRequired` is raised to the caller (which
    may still draw its set-up position) instead of ending the command.
    """
    try:
        if warn_lint and os.path.isfile(spec):
            try:
                zf = build_file(spec)
            except ZrfError as exc:
                raise GameLoadError(str(exc), exc.diagnostics) from None
            game = game_from_file(zf, variant)
            errors = sum(1 for d in lint_model(zf, game.gdef.title) if d.is_error)
            if errors:
                click.echo(f"zrf: warning: {spec} has {errors} error{'s' if errors != 1 else ''} "
                           f"(see zrf check {spec}); its moves may be missing or wrong", err=True)
            return game
        return load_game(spec, variant)
    except GameLoadError as exc:
        if allow_engine_required and isinstance(exc, EngineRequired):
            raise
        fail_to_load(exc)


def fail_to_load(exc: ZrfError) -> NoReturn:
    """Exit 2 for a game or saved game that cannot be loaded (a :class:`GameLoadError` or any
    :class:`ZrfError`): its diagnostics, then the reason if it says more."""
    if not exc.diagnostics:
        raise click.UsageError(str(exc))
    text = "\n".join(d.format() for d in exc.diagnostics)
    click.echo(text, err=True)
    if str(exc) != text:
        click.echo(printable(f"zrf: error: {exc}"), err=True)
    sys.exit(2)


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
            click.echo(printable(f"error: --position: {exc}"), err=True)
            sys.exit(2)
    try:
        return play_moves(state, split_move_list(moves))
    except MoveMatchError as exc:
        click.echo(printable(f"zrf: error: {exc}"), err=True)
        sys.exit(2)


def progress_enabled() -> bool:
    """Progress bars only when a person is watching (stderr is a terminal)."""
    return sys.stderr.isatty()


def fairy_game_for(game: Game) -> UciGame:
    """The game as Fairy-Stockfish plays it (its verified export); exit 2 with the reasons when the
    engine is not built, or the game does not export, plays differently there, or cannot be
    verified.  The engine is looked for first: an export and its verification take seconds."""
    from runtime.engines.engine_cache import EngineNotFound, resolve
    from runtime.fairy.engine_variant import EngineVariantError, uci_game
    from runtime.fairy.export import ExportUnfit
    from runtime.fairy.library import FairyUnavailable
    from runtime.players.spec import FAIRY_PROGRAM

    try:
        resolve(FAIRY_PROGRAM)
    except EngineNotFound as exc:
        raise click.UsageError(str(exc)) from None
    try:
        return uci_game(game)
    except ExportUnfit as exc:
        raise click.UsageError(f"Fairy-Stockfish cannot play {game.name}, which does not export:\n{exc}") from None
    except (EngineVariantError, FairyUnavailable) as exc:
        raise click.UsageError(f"Fairy-Stockfish cannot play {game.name}: {exc}") from None
