"""``zrf gen``: write the ZRF of a built-in game from its template.

Files are written through :func:`zrf.atomic_write.write_bytes_atomically`
(UTF-8, ``\\n`` line breaks, as the committed files are), so an interrupted
run never leaves half a file, and never when the fresh render has errors:
a broken template must not replace a working committed file.  ``--all -o``
needs a folder and writes one file per generated ZRF into it.
"""

from __future__ import annotations

import json
import os
import sys

import click

from runtime.loading.registry import find_game
from zrf.atomic_write import write_bytes_atomically
from zrf.diagnostics import Diagnostic
from zrf.syntax import Span

from .render import GenerationError, committed, generatable, render, target_for, validate


def _write(path: str, text: str, errors: int) -> bool:
    """Write ``text`` to ``path`` unless the render has errors; True when written."""
    if errors:
        click.echo(f"not written: {path} ({errors} error(s) in the generated text)", err=True)
        return False
    try:
        write_bytes_atomically(path, text.encode("utf-8"))
    except OSError as exc:
        click.echo(Diagnostic("E004", f"cannot write file: {exc.strerror}", Span(path, 1, 1)).format(), err=True)
        return False
    return True


@click.command(short_help="Generate the ZRF of a built-in game from its template.")
@click.argument("game", metavar="GAME", required=False)
@click.option("-o", "--output", type=click.Path(), default=None,
              help="Write here ('-' for standard output; default: standard output). "
                   "With --all, a folder that gets one file per game.")
@click.option("--write", is_flag=True, help="Write into the game's committed file in variants/.")
@click.option("--check", is_flag=True,
              help="Exit 1 if the committed file differs from a fresh render (or GAME's render has diagnostics).")
@click.option("--all", "all_games", is_flag=True, help="Apply to every game that has a template.")
@click.option("--package", "package_dir", type=click.Path(file_okay=False), default=None,
              help="Write a Zillions folder: DIR/Rules/<Game>.zrf and DIR/Images/<Game>/*.bmp.")
@click.option("--zip", "zip_file", type=click.Path(dir_okay=False), default=None,
              help="Write the same package as a zip archive.")
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object: each game, its diagnostics and whether its file differs "
                   "(with --check, --write or -o FILE).")
def gen(game: str | None, output: str | None, write: bool, check: bool, all_games: bool,
        package_dir: str | None, zip_file: str | None, as_json: bool) -> None:
    """Generate the ZRF of built-in GAME (see `zrf variants`).

    The template is variants/<folder>/<file>.zrf.j2, rendered with the same
    board and setup data as the native engine.  The output is read back and
    linted; any diagnostic is printed and makes the exit status 1, and a
    render with errors is never written to a file.
    """
    if package_dir or zip_file:
        _package(game, all_games, package_dir, zip_file)
        return
    if all_games == bool(game):
        raise click.UsageError("give one GAME or --all")
    folder = None
    if all_games and output and output != "-":
        if not os.path.isdir(output):
            raise click.UsageError(f"--all writes one file per game: -o must be an existing folder, "
                                   f"not {output!r}")
        folder = output
    if as_json and not (check or write or (output and output != "-")):
        raise click.UsageError("--json prints the report on standard output: use it with --check, --write or -o FILE or FOLDER")
    report: list[dict] = []
    names = [e.name for e in generatable()] if all_games else [game]
    status = 0
    seen_outputs: set[str] = set()
    for name in names:
        try:
            text = render(name)
        except GenerationError as exc:
            raise click.UsageError(str(exc)) from None
        target = target_for(find_game(name))
        diags = validate(text, target.output if target else name)
        report.append({"game": name, "file": target.output, "diagnostics": [d.as_json() for d in diags],
                       "differs": committed(name) != text})
        for d in diags if not as_json else ():
            click.echo(d.format(), err=True)
        if diags:
            status = 1
        errors = sum(d.is_error for d in diags)
        if target.output in seen_outputs:
            continue
        seen_outputs.add(target.output)
        if check:
            if committed(name) != text:
                click.echo(f"would regenerate {os.path.relpath(target.output)}", err=True)
                status = 1
        elif write:
            if _write(target.output, text, errors):
                click.echo(f"wrote {os.path.relpath(target.output)}", err=True)
            else:
                status = max(status, 1 if errors else 2)
        elif folder is not None:
            path = os.path.join(folder, os.path.basename(target.output))
            if _write(path, text, errors):
                click.echo(f"wrote {path}", err=True)
            else:
                status = max(status, 1 if errors else 2)
        elif output and output != "-":
            if not _write(output, text, errors):
                status = max(status, 1 if errors else 2)
        else:
            sys.stdout.write(text)
    if as_json:
        click.echo(json.dumps(report, indent=2))
    sys.exit(status)


def _package(game: str | None, all_games: bool, package_dir: str | None, zip_file: str | None) -> None:
    """``--package`` / ``--zip``: the game's rules file and bitmaps (codegen/package.py)."""
    if all_games or not game:
        raise click.UsageError("--package and --zip take one GAME")
    try:
        from . import package
    except ImportError as exc:  # Pillow is the `graphics` extra
        raise click.UsageError(f"drawing the bitmaps needs Pillow ({exc}); pip install 'zrf-toolkit[graphics]'")
    try:
        if package_dir:
            written = package.write_package(game, package_dir)
            click.echo(f"wrote {len(written)} files under {package_dir}", err=True)
        if zip_file:
            members = package.write_zip(game, zip_file)
            click.echo(f"wrote {zip_file} ({len(members)} files)", err=True)
    except GenerationError as exc:
        raise click.UsageError(str(exc)) from None
    except OSError as exc:
        raise click.UsageError(f"cannot write the package: {exc}") from None
