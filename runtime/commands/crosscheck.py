"""``zrf crosscheck``: compare a ZRF with a built-in game's native engine."""

from __future__ import annotations

import json
import os
import shlex
import sys
from typing import Callable, Sequence

import click

from runtime.fairy.export import ExportUnfit
from runtime.verify.crosscheck import KnownDifference
from runtime.verify.crosscheck_run import CrossCheckSpec, load_name_map, run
from runtime.jobs.executors import BACKENDS, BackendError
from runtime.core.notation import MoveMatchError, split_move_list
from runtime.core.protocol import Game
from runtime.loading.registry import find_game, game_names
from zrf.printable import printable

from runtime.commands.common import progress_enabled


def _default_zrf(game: str) -> tuple[str, str | None, Callable[[], Sequence[KnownDifference]] | None, bool]:
    """The generated ZRF file, its variant title, known differences and turn merging of a built-in game."""
    entry = find_game(game)
    if entry is None:
        raise click.UsageError(f"{game}: not a built-in game (have: {', '.join(game_names())})")
    path = entry.zrf
    if path is None or not os.path.exists(path):
        raise click.UsageError(f"{game}: no generated ZRF is available yet; pass one with --zrf FILE")
    return path, entry.zrf_variant, entry.known_differences, entry.merge_turns


def _generated_name_map(game: str, zrf_path: str) -> str:
    """The registry's name map when ``zrf_path`` is ``game``'s generated ZRF, else none."""
    entry = find_game(game)
    if entry is not None and entry.is_generated_zrf(zrf_path):
        return entry.name_map_json()
    return "{}"


def _fairy_reference(game: str, zrf_path: str | None, variant: str | None,
                     against: str) -> tuple[str, Callable[..., Game]]:
    """The ZRF to check and the reference factory for ``--against fairy[:VARIANT]``
    (:func:`runtime.fairy.reference.reference_for`): GAME itself is the ZRF."""
    from runtime.fairy.reference import parse_against, reference_for

    try:
        parse_against(against)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    path = zrf_path or game
    if not os.path.isfile(path):
        entry = find_game(game)
        if entry is None or entry.zrf is None:
            raise click.UsageError(f"{game}: no such ZRF file")
        path = entry.zrf
    return path, reference_for


@click.command(short_help="Compare a ZRF with a native engine position by position.")
@click.argument("game", metavar="GAME")
@click.option("--zrf", "zrf_path", type=click.Path(exists=True, dir_okay=False), default=None,
              help="The ZRF to check (default: the game's generated ZRF).")
@click.option("--variant", default=None, metavar="NAME", help="Game or variant title inside the ZRF.")
@click.option("--names", "names_path", type=click.Path(exists=True, dir_okay=False), default=None,
              metavar="MAP", help='JSON map from the ZRF\'s names to the engine\'s: '
                                  '{"cells": {...}, "pieces": {...}, "players": {...}, '
                                  '"ignore": [bookkeeping cells]} (default for a generated '
                                  'ZRF: its registry map).')
@click.option("--depth", "-d", type=click.IntRange(0, 8), default=2, show_default=True,
              help="Compare every position of the move tree to this depth.")
@click.option("--games", "-n", type=click.IntRange(0), default=20, show_default=True,
              help="Random playouts to compare.")
@click.option("--plies", "-p", type=click.IntRange(0), default=60, show_default=True,
              help="Maximum plies per playout.")
@click.option("--seed", "-s", type=int, default=0, show_default=True, help="Seed of the first playout.")
@click.option("--workers", "-w", type=click.IntRange(1), default=1, show_default=True,
              help="Jobs run at once: processes, or Ray tasks in flight.")
@click.option("--backend", type=click.Choice(BACKENDS), default=BACKENDS[0], show_default=True,
              help="Where the jobs run: a local process pool, or Ray.")
@click.option("--ray-address", default=None, metavar="ADDR",
              help="The Ray cluster for --backend ray (ray://host:10001; default $RAY_ADDRESS, "
                   "else a local Ray with --workers CPUs).")
@click.option("--moves", default="", metavar="LIST", help="Start after these comma-separated moves.")
@click.option("--against", default=None, metavar="ENGINE",
              help="Another reference engine: 'fairy' (Fairy-Stockfish playing GAME's export) or "
                   "'fairy:VARIANT' (a variant Fairy-Stockfish knows); GAME is then the ZRF.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def crosscheck(game: str, zrf_path: str | None, variant: str | None, names_path: str | None,
               depth: int, games: int, plies: int, seed: int, workers: int, backend: str,
               ray_address: str | None, moves: str, against: str | None, as_json: bool) -> None:
    """Compare GAME's native engine with a ZRF, position by position.

    Every position of the move tree to --depth, then --games seeded random
    playouts, is compared: the position, the outcome, and the set of positions
    each legal move leads to.  Each disagreement is printed with the moves that
    reach it, the moves only one side has, and a command that reproduces it.
    Exit status: 0 when they agree (documented known differences allowed),
    1 when they disagree, 2 on bad input.
    """
    known = None
    merge = False
    factory = None
    if against is not None:
        zrf_path, factory = _fairy_reference(game, zrf_path, variant, against)
    elif zrf_path is None:
        zrf_path, default_variant, known, merge = _default_zrf(game)
        variant = variant or default_variant
    else:
        entry = find_game(game)
        if entry is not None and entry.is_generated_zrf(zrf_path):
            known = entry.known_differences
        merge = bool(entry and entry.merge_turns)
    try:
        names = load_name_map(names_path)
    except (OSError, ValueError) as exc:
        raise click.UsageError(f"--names: {exc}") from None
    if names_path is None:
        names = _generated_name_map(game, zrf_path)
    spec = CrossCheckSpec(game, zrf_path, variant, names, tuple(split_move_list(moves)), known, merge,
                          factory, against or "")
    try:
        if progress_enabled() and not as_json:
            with click.progressbar(length=1, label="crosscheck", file=sys.stderr) as bar:
                def tick(done: int, total: int) -> None:
                    bar.length = total
                    bar.update(1)
                result = run(spec, depth, games, plies, seed, workers, tick, backend, ray_address)
        else:
            result = run(spec, depth, games, plies, seed, workers, None, backend, ray_address)
    except ExportUnfit as exc:  # a game whose export does not fit: its located diagnostics
        click.echo("\n".join(d.format() for d in exc.diagnostics), err=True)
        sys.exit(2)
    except (MoveMatchError, ValueError, BackendError) as exc:
        raise click.UsageError(str(exc)) from None
    except (RuntimeError, KeyError) as exc:  # no pyffish, or no such Fairy-Stockfish variant
        raise click.UsageError(str(exc)) from None

    def reproduce(path: list[str]) -> str:
        parts = ["zrf", "crosscheck", game] + (["--against", against] if against else ["--zrf", zrf_path])
        if variant:
            parts += ["--variant", variant]
        if names_path:
            parts += ["--names", names_path]
        parts += ["--moves", ",".join(path), "--depth", "1", "--games", "0"]
        return " ".join(shlex.quote(p) for p in parts)

    if as_json:
        click.echo(json.dumps({
            "game": game, "zrf": zrf_path, "variant": variant, "agree": result.agree,
            "positions": result.positions, "playouts": result.playouts,
            "seconds": round(result.seconds, 3),
            "unexplained": result.unexplained, "known": dict(sorted(result.known.items())),
            "disagreements": [dict(d.as_json(), reproduce=reproduce(d.path)) for d in result.disagreements],
        }, indent=2))
    else:
        for d in result.disagreements:
            click.echo(printable(d.describe()))
            click.echo(f"  reproduce: {reproduce(d.path)}")
        verdict = "agree" if result.agree else f"{result.unexplained} disagreement(s)"
        extra = ""
        if result.known:
            named = ", ".join(f"{n} {name}" for name, n in sorted(result.known.items()))
            extra = f", {result.known_count} known difference(s) ({named})"
        shown = len(result.disagreements)
        if shown < result.unexplained + result.known_count:
            extra += f"; {shown} of them listed above"
        click.echo(f"{game} vs {os.path.basename(zrf_path)}: {verdict}{extra}; "
                   f"{result.positions} positions compared, {result.playouts} playouts, "
                   f"{result.seconds:.1f} s")
    sys.exit(0 if result.agree else 1)
