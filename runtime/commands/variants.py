"""``zrf variants``: the built-in games."""

from __future__ import annotations

import importlib.util
import json

import click

from variants.registry import BUILTIN_GAMES


def _available(factory: str) -> bool:
    module = factory.partition(":")[0]
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def variants(as_json: bool) -> None:
    """List the built-in games: names usable wherever a GAME is asked for."""
    rows = [{"name": g.name, "summary": g.summary, "engine": _available(g.factory),
             "zrf": g.zrf} for g in BUILTIN_GAMES.values()]
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    width = max(len(r["name"]) for r in rows)
    for r in rows:
        flag = "" if r["engine"] else "  (engine not built yet)"
        click.echo(f"{r['name']:<{width}}  {r['summary']}{flag}")
