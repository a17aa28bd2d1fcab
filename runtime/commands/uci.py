"""``zrf uci GAME``: our computer player as a UCI engine on standard input and output.

The loop is :class:`runtime.players.uci_engine.UciEngineLoop`; this module
opens the game, reads the player spec and refuses, before the first command,
a game whose moves UCI cannot name (exit 2, located at the rule that makes
them when the game is a ZRF file).
"""

from __future__ import annotations

import sys

import click

from runtime.commands.common import game_argument, open_or_exit, variant_option
from runtime.core.protocol import Game, zrf_definition
from runtime.fairy.fen_position import FenPositions
from runtime.interpreter.game import ZrfGame
from runtime.players.spec import PlayerKind, PlayerSpec, SpecError, parse_player_spec
from runtime.players.uci_engine import UciEngineLoop, first_move_without_uci_form
from runtime.players.uci_notation import CELL_NAMES
from zrf.diagnostics import Diagnostic

OUR_PLAYERS = (PlayerKind.ALPHABETA, PlayerKind.MCTS, PlayerKind.RANDOM)
"""The player kinds ``zrf uci`` runs (a UCI engine of someone else's is run by itself)."""

SHOWN_PLACES = 3
"""The multi-part moves of a game that are located when it is refused (the count says the rest)."""


def _no_uci_form(game: Game) -> None:
    """Exit 2 when the game's moves have no UCI form: a ZRF game with multi-part moves (each
    ``add-partial`` located), or any game with such a move in its start position."""
    gdef = zrf_definition(game)
    if gdef is not None:
        from runtime.fairy.export import ExportCode, blocking_keywords

        parts = [where for _, code, _, where in blocking_keywords(gdef) if code is ExportCode.MULTI_PART]
        for where in parts[:SHOWN_PLACES]:
            click.echo(Diagnostic(ExportCode.MULTI_PART.value, "a multi-part move: UCI names one movement "
                                  "or one drop a turn", where).format(), err=True)
        if parts:
            more = f" ({len(parts) - SHOWN_PLACES} more places)" if len(parts) > SHOWN_PLACES else ""
            click.echo(f"zrf: error: {game.name}: turns of several parts have no UCI form{more}", err=True)
            sys.exit(2)
    move = first_move_without_uci_form(game.initial_state(), CELL_NAMES)
    if move is not None:
        where = f"{gdef.span}: " if gdef is not None else ""
        click.echo(f"zrf: error: {where}{game.name}: the move {move.notation!r} of the start position has no "
                   "UCI form (UCI names one movement or one drop a turn)", err=True)
        sys.exit(2)


@click.command(short_help="Run our computer player as a UCI engine (stdin/stdout).")
@game_argument
@variant_option
@click.option("--player", "spec_text", default="alphabeta", show_default=True, metavar="SPEC",
              help="Our player and its budget: alphabeta, alphabeta:strength=3, mcts:nodes=2000, random "
                   "(docs/play.md, 'Player specs').  A 'go' with limits searches within them and within "
                   "the spec's own budget, when it gives one.")
def uci(game: str, variant: str | None, spec_text: str) -> None:
    """Play GAME as a UCI engine: read UCI commands on standard input, answer on standard output.

    For GUIs and match runners (cutechess-cli, lichess-bot, Arena, and zrf
    match with uci:ENGINE).  Moves are written as the cells' names
    (e2e4, e7e8q, P@e4), as zrf match writes them to an engine.  Understands
    uci, isready, setoption (Strength 1..10, Seed), ucinewgame, position
    startpos|fen FEN [moves ...], go (movetime, wtime, btime, winc, binc, movestogo,
    nodes, depth, infinite), stop, quit; anything else is answered with an
    'info string'.  docs/play.md, 'Our player as a UCI engine'.

    \b
    Exit status: 0 after quit or the end of the input; 2 for a spec that is
    not one of our players, a game that does not load, or a game whose moves
    have no UCI form (turns of several parts).
    """
    try:
        spec = parse_player_spec(spec_text)
    except SpecError as exc:
        raise click.BadParameter(str(exc), param_hint="--player") from None
    if spec.kind not in OUR_PLAYERS:
        names = ", ".join(k.value for k in OUR_PLAYERS)
        raise click.BadParameter(f"{spec_text!r}: zrf uci runs our own players ({names})", param_hint="--player")
    loaded = open_or_exit(game, variant)
    _no_uci_form(loaded)
    name = f"zrf-toolkit {spec.describe()} ({loaded.name})"
    engine_loop(loaded, spec, name).run(sys.stdin.buffer, sys.stdout)


def engine_loop(game: Game, spec: PlayerSpec, name: str) -> UciEngineLoop:
    """The loop ``zrf uci`` runs: moves in the cells' names, a ZRF game's FENs read by
    :class:`~runtime.fairy.fen_position.FenPositions` (a native engine's game has no FEN)."""
    read_fen = FenPositions(game).state if isinstance(game, ZrfGame) else None
    return UciEngineLoop(game, spec, name, CELL_NAMES, read_fen)
