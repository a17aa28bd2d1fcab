"""``zrf export fairy GAME``: a ZRF game as a Fairy-Stockfish variants.ini section, verified.

Exit status: 0 the section was written (verified, unless ``--no-verify``); 1 the game does not
fit (every blocking construct as ``path:line:col: E8xx message``) or Fairy-Stockfish plays it
differently (the first position where they differ); 2 usage, a game that cannot be loaded,
or no ``pyffish``.
"""

from __future__ import annotations

import json
import sys

import click

from runtime.commands.common import open_or_exit
from runtime.fairy.export import ExportCode, export_game, fairy_game
from runtime.fairy.library import FairyConfigError, FairyUnavailable
from runtime.fairy.verification import verify
from runtime.interpreter.game import ZrfGame
from zrf.atomic_write import write_bytes_atomically
from zrf.diagnostics import Diagnostic

#: The formats a game exports to.
TARGETS = ("fairy",)


@click.command(short_help="Export a ZRF game as a Fairy-Stockfish variants.ini section.")
@click.argument("target", type=click.Choice(TARGETS), metavar="fairy")
@click.argument("game", metavar="GAME")
@click.option("--variant", default=None, metavar="NAME", help="Game or variant title inside the ZRF.")
@click.option("--name", default=None, help="The section's variant name (default: zrf-<title>).")
@click.option("-o", "--output", default=None, type=click.Path(dir_okay=False), help="Write the section to FILE.")
@click.option("--json", "as_json", is_flag=True, help="Print the section, names and verification as JSON.")
@click.option("--no-verify", is_flag=True, help="Write the section without comparing the two engines.")
@click.option("--depth", type=click.IntRange(1, 5), default=3, show_default=True, help="perft depth compared.")
@click.option("--positions", type=click.IntRange(0), default=200, show_default=True,
              help="Positions of seeded random games compared.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first random game compared.")
def export(target: str, game: str, variant: str | None, name: str | None, output: str | None, as_json: bool,
          no_verify: bool, depth: int, positions: int, seed: int) -> None:
    """Write GAME as a Fairy-Stockfish variants.ini section (``zrf export fairy GAME``), verified
    against our interpreter first: the same perft to --depth and the same moves in --positions
    positions of seeded random games.

    \b
    Exit status: 0 written (verified unless --no-verify); 1 the game does not
    fit (every blocking construct as path:line:col: E8xx message) or
    Fairy-Stockfish plays it differently (the first position that differs);
    2 usage, a game that does not load, or no pyffish (pip install -e '.[fairy]')."""
    loaded = open_or_exit(game, variant, lint=False)
    if not isinstance(loaded, ZrfGame):
        raise click.UsageError(f"{game}: a native engine; export its ZRF file instead")
    result = export_game(loaded, name)
    if not result.ok:
        _print_diagnostics(result.diagnostics, as_json)
        sys.exit(1)
    section = result.section
    checked = None
    if not no_verify:
        try:
            checked = verify(fairy_game(result), loaded, depth, positions, seed)
        except (FairyUnavailable, FairyConfigError) as exc:
            click.echo(f"zrf: error: {exc}", err=True)
            sys.exit(2)
        if not checked.ok:
            message = ("Fairy-Stockfish plays the exported section differently: "
                       + checked.describe().replace("\n", "\n    "))
            _print_diagnostics([Diagnostic(ExportCode.DIFFERENCE.value, message, loaded.gdef.span)], as_json)
            sys.exit(1)
    text = section.text()
    if output:
        write_bytes_atomically(output, text.encode("utf-8"))
    if as_json:
        click.echo(json.dumps({"variant": section.name, "ini": text, "options": section.options,
                               "pieces": result.naming.pieces, "verification": checked.as_json() if checked else None},
                              indent=2))
    elif not output:
        click.echo(text, nl=False)
    if checked is not None and not as_json:
        click.echo(f"verified: {checked.describe()}", err=True)


def _print_diagnostics(diagnostics: list[Diagnostic], as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps({"diagnostics": [d.as_json() for d in diagnostics]}, indent=2))
    else:
        for d in diagnostics:
            click.echo(d.format(), err=True)
