"""``zrf variants``: the registered games (built-in and third-party engines)."""

from __future__ import annotations

import json

import click

from runtime.loading.registry import registered_games
from zrf.printable import printable


@click.command(short_help="List the built-in games.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def variants(as_json: bool) -> None:
    """List the registered games: names usable wherever a GAME is asked for.

    The games of this toolkit and of any installed package registering an engine
    in the ``zrf.games`` entry-point group (see docs/architecture.md); a game
    from another package is followed by that package's name.
    """
    rows = [{"name": g.name, "summary": g.summary, "zrf": g.zrf, "package": g.provider}
            for g in registered_games().values()]
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    if not rows:
        click.echo("no games are registered", err=True)
        return
    width = max(len(r["name"]) for r in rows)
    for r in rows:
        origin = "" if r["package"] == "zrf-toolkit" else f"  [{r['package']}]"
        click.echo(printable(f"{r['name']:<{width}}  {r['summary']}{origin}", one_line=True))
