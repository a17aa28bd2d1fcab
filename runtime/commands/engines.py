"""``zrf engines``: the UCI engines a match can use, and building Fairy-Stockfish from its sources."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from runtime.engines import fairy_build
from runtime.engines.engine_cache import cache_dir, known, listing

ACTIONS = ("list", "build")


@click.command(short_help="List the UCI engines, or build Fairy-Stockfish from source.")
@click.argument("action", type=click.Choice(ACTIONS), default="list")
@click.argument("name", required=False, metavar="[NAME]")
@click.option("--jobs", type=click.IntRange(1), default=2, show_default=True,
              help="Files compiled at once (build).")
@click.option("--version", "version", default=None, metavar="V",
              help="The pyffish version whose sources are built (default: the newest).")
@click.option("--from", "sdist", type=click.Path(exists=True, dir_okay=False), default=None, metavar="FILE",
              help="Build from this pyffish source distribution instead of downloading it.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def engines(action: str, name: str | None, jobs: int, version: str | None, sdist: str | None,
            as_json: bool) -> None:
    """List the UCI engines (`zrf engines list`), or build one (`zrf engines build fairy-stockfish`).

    `list` shows each known engine and every engine built here, with where it
    was found (the engine cache first, then PATH).  `build fairy-stockfish`
    downloads the pyffish source distribution with pip (sources only, never a
    binary), compiles the engine inside it with g++ (or $CXX), --jobs files at
    a time (several minutes on two cores), checks that it speaks UCI and puts
    it in the engine cache ($ZRF_ENGINES_DIR, else
    $XDG_CACHE_HOME/zrf-toolkit/engines, else ~/.cache/zrf-toolkit/engines),
    where `uci:fairy-stockfish` finds it.  Exit status 0, 1 when the build
    fails (the step and its output are shown), 2 for an engine that cannot
    be built here.
    """
    if action == "list":
        rows = listing()
        if as_json:
            click.echo(json.dumps({"cache": str(cache_dir()), "engines": [r.as_json() for r in rows]}, indent=2))
            return
        click.echo(f"engine cache: {cache_dir()}")
        for row in rows:
            if row.path:
                built = f"; built {row.record.built} from {row.record.source}, {row.record.id_name}" \
                    if row.record else ""
                click.echo(f"{row.name}: {row.path} ({row.where}{built})")
            else:
                click.echo(f"{row.name}: not found; {row.how_to_get}")
        return
    entry = known(name or "")
    if entry is None or not entry.buildable:
        raise click.UsageError(f"engines build: {name or 'no engine named'}: only "
                               f"{fairy_build.ENGINE} is built here")
    say = (lambda text: click.echo(text, err=True)) if as_json else click.echo
    try:
        record = fairy_build.build(jobs=jobs, version=version, sdist=Path(sdist) if sdist else None,
                                   progress=say)
    except fairy_build.BuildError as exc:
        click.echo(f"zrf: error: building {fairy_build.ENGINE}: {exc}", err=True)
        sys.exit(1)
    where = cache_dir() / fairy_build.ENGINE / fairy_build.ENGINE
    if as_json:
        click.echo(json.dumps({"path": str(where), "build": record.as_json()}, indent=2))
    else:
        click.echo(f"built {record.id_name} from {record.source} in {record.seconds:.0f} s: {where}")
