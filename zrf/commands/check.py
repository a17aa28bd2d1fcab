"""``zrf check PATH...``: lint ZRF files and print ``path:line:col: CODE message``.

Exit status (ruff conventions): 0 when no file has an error (warnings and
infos allowed), 1 when some file has an error, 2 for a usage error (unknown
``--variant``, no file found) or a file that cannot be read at all.  A folder
argument checks every ``*.zrf`` below it, every file even when one of them
is broken; a built-in game name checks its generated ZRF.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from zrf.diagnostics import ERROR, WARNING
from zrf.lint import LintResult, internal_error, lint_file
from zrf.printable import printable

from .games import resolve


def _expand_paths(paths: tuple[str, ...]) -> list[str]:
    out: list[str] = []
    for p in paths:
        p = resolve(p)
        if os.path.isdir(p):
            out.extend(sorted(str(f) for f in Path(p).rglob("*.zrf")))
        else:
            out.append(p)
    return out


def _lint(path: str, variant: str | None) -> LintResult:
    """:func:`lint_file`, with a bug in the linter reported as E000 for this file instead of
    ending the whole run (a folder check goes on with the next file)."""
    try:
        return lint_file(path, variant)
    except KeyError:
        raise
    except Exception as exc:  # a bug (MemoryError and RecursionError included): say so, go on
        return LintResult(path, [internal_error(path, exc)], None, unreadable=True)


@click.command(short_help="Lint ZRF files: path:line:col: CODE message.")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--json", "as_json", is_flag=True, help="Print the findings as one JSON list.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text: one 'path:line:col: CODE message' per finding; json: as --json.")
@click.option("--variant", default=None, metavar="NAME",
              help="Check only this game or variant (menu title) of each file.")
def check(paths: tuple[str, ...], as_json: bool, fmt: str, variant: str | None) -> None:
    """Lint ZRF files: syntax, unknown keywords, undefined names, arity, suspicious code.

    PATH is a .zrf file, a folder (every *.zrf below it) or a built-in game name.
    """
    as_json = as_json or fmt == "json"
    files = _expand_paths(paths)
    if not files:
        raise click.UsageError("no .zrf files found in the given paths")
    status = 0
    collected: list[dict] = []
    counts = {ERROR: 0, WARNING: 0}
    for path in files:
        try:
            result = _lint(path, variant)
        except KeyError as exc:
            click.echo(printable(f"zrf: error: {path}: {exc.args[0]}", one_line=True), err=True)
            status = 2
            continue
        if result.unreadable:
            status = 2
        elif result.has_errors:
            status = max(status, 1)
        for d in result.diagnostics:
            counts[d.severity] = counts.get(d.severity, 0) + 1
            if as_json:
                collected.append(d.as_json())
            else:
                click.echo(d.format())
    if as_json:
        click.echo(json.dumps(collected, indent=1))
    elif sys.stderr.isatty() or len(files) > 1:
        click.echo(f"{len(files)} file{'s' if len(files) != 1 else ''} checked: {counts[ERROR]} errors, "
                   f"{counts[WARNING]} warnings", err=True)
    sys.exit(status)
