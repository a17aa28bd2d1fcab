"""``zrf check PATH...``: lint ZRF files and print ``path:line:col: CODE message``.

Exit status (ruff conventions): 0 when no file has an error (warnings and
infos allowed), 1 when some file has an error, 2 for a usage error (unknown
``--variant``, a path that is neither a file nor a folder) or a file that
cannot be read at all.  A folder argument checks every ``*.zrf`` below it.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from zrf.diagnostics import ERROR, WARNING
from zrf.lint import lint_file


def _expand_paths(paths: tuple[str, ...]) -> list[str]:
    out: list[str] = []
    for p in paths:
        if os.path.isdir(p):
            out.extend(sorted(str(f) for f in Path(p).rglob("*.zrf")))
        else:
            out.append(p)
    return out


@click.command()
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text: one 'path:line:col: CODE message' per finding; json: a list of objects.")
@click.option("--variant", default=None, metavar="NAME",
              help="Check only this game or variant (menu title) of each file.")
def check(paths: tuple[str, ...], fmt: str, variant: str | None) -> None:
    """Lint ZRF files: syntax, unknown keywords, undefined names, arity, suspicious code."""
    files = _expand_paths(paths)
    if not files:
        raise click.UsageError("no .zrf files found in the given paths")
    status = 0
    collected: list[dict] = []
    counts = {ERROR: 0, WARNING: 0}
    for path in files:
        try:
            result = lint_file(path, variant)
        except KeyError as exc:
            click.echo(f"{path}: error: {exc.args[0]}", err=True)
            status = 2
            continue
        if result.unreadable:
            status = 2
        elif result.has_errors:
            status = max(status, 1)
        for d in result.diagnostics:
            counts[d.severity] = counts.get(d.severity, 0) + 1
            if fmt == "json":
                collected.append(d.as_json())
            else:
                click.echo(d.format())
    if fmt == "json":
        click.echo(json.dumps(collected, indent=1))
    elif sys.stderr.isatty() or len(files) > 1:
        click.echo(f"{len(files)} file{'s' if len(files) != 1 else ''} checked: {counts[ERROR]} errors, "
                   f"{counts[WARNING]} warnings", err=True)
    sys.exit(status)
