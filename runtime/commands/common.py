"""Options and helpers shared by the game-playing subcommands."""

from __future__ import annotations

import sys
from typing import NoReturn

import click

from zrf.diagnostics import ZrfError
from zrf.printable import printable

from runtime.core.errors import GameLoadError
from runtime.loading.opening import AxiomGames, open_game
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


def open_or_exit(spec: str, variant: str | None, axiom: AxiomGames = AxiomGames.REFUSE,
                 lint: bool = True) -> Game:
    """:func:`runtime.loading.opening.open_game` for a command, or exit with status 2.

    A ZRF file with lint errors is still opened, after a one-line warning
    (``zrf: warning: ...``, its moves may be missing or wrong; ``lint=False``: not linted); a game that
    cannot be loaded ends the command with its ``path:line:col: CODE message``
    lines, else a one-line reason (:func:`fail_to_load`).
    """
    try:
        return open_game(spec, variant, lint=lint, axiom=axiom)
    except GameLoadError as exc:
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
