"""``zrf info PATH``: a summary of one ZRF file as the model understands it.

Shows, for the chosen entry (``--variant``, else the default entry): title,
the text encoding the reader used, players (random and neutral ones marked),
turn order, every menu entry, the board (grids and their dimensions, cell and
dummy counts, directions, zones), pieces (move types, drops), setup counts,
goals, options and the Axiom engine if any.  ``--json`` prints the same data
as one JSON object.  Exit status 2 when the file cannot be read or the
variant does not exist, 1 when the model has errors (said on standard
error), else 0.
"""

from __future__ import annotations

import json
import sys

import click

from zrf.diagnostics import ZrfError
from zrf.model import GameDef, ZrfFile, build_file
from zrf.printable import printable
from zrf.syntax import to_text

from .games import resolve


def _turn(e) -> str:
    parts = [e.player]
    if e.moves_as != e.player:
        parts.append(e.moves_as)
    if e.move_type:
        parts.append(e.move_type)
    return parts[0] if len(parts) == 1 else "(" + " ".join(parts) + ")"


def summary(zf: ZrfFile, g: GameDef) -> dict:
    """The facts ``zrf info`` prints, as plain data."""
    b = g.board
    order = [_turn(e) for e in g.turn_order.entries]
    if g.turn_order.repeat_from:
        order.insert(g.turn_order.repeat_from, "repeat")
    setup_counts: dict[str, int] = {}
    for player, _, _ in g.setup.placements:
        setup_counts[player] = setup_counts.get(player, 0) + 1
    return {
        "path": zf.path,
        "title": g.title,
        "encoding": zf.encoding,
        "players": g.players,
        "random_players": g.random_players,
        "neutral_players": g.neutral_players,
        "turn_order": order,
        "move_priorities": g.move_priorities,
        "entries": [{"title": e.title, "kind": e.kind, "default": e.default,
                     "separator": not e.playable} for e in zf.games],
        "board": {
            "grids": [{"dimensions": [len(labels) for labels, _ in grid.dimensions],
                       "directions": list(grid.directions)} for grid in b.grids],
            "cells": b.cell_count,
            "dummies": b.dummy_count,
            "killed": len(b.killed),
            "directions": b.directions,
            "opposites": b.opposites(),
            "zones": {name: {p: sorted(b.zone(name, p)) for p in g.players if b.zone(name, p)}
                      for name in b.zone_names()},
        },
        "pieces": [{"name": p.name, "moves": len(p.moves), "drops": len(p.drops),
                    "move_types": p.move_types, "attributes": p.attributes, "dummy": p.dummy}
                   for p in g.pieces.values()],
        "setup": {"placements": setup_counts,
                  "off": [{"player": pl, "piece": t, "count": n} for (pl, t), n in g.setup.off.items()]},
        "goals": [{"kind": goal.kind, "players": goal.players, "condition": to_text(goal.condition)}
                  for goal in g.goals],
        "options": g.options,
        "engine": g.engine,
        "errors": sum(1 for d in zf.report.diagnostics if d.is_error),
    }


def _text(s: dict) -> str:
    lines = [f"title:       {s['title']}", f"file:        {s['path']}", f"encoding:    {s['encoding']}"]
    if s["engine"]:
        lines.append(f"engine:      {s['engine']} (Axiom plug-in: moves come from the DLL; not playable here)")
    pl = []
    for p in s["players"]:
        tags = [t for t, key in (("random", "random_players"), ("neutral", "neutral_players")) if p in s[key]]
        pl.append(p + (f" ({', '.join(tags)})" if tags else ""))
    lines.append(f"players:     {' '.join(pl)}")
    lines.append(f"turn order:  {' '.join(s['turn_order'])}")
    if s["move_priorities"]:
        lines.append(f"priorities:  {' '.join(s['move_priorities'])}")
    lines.append(f"entries:     {len(s['entries'])}")
    for e in s["entries"]:
        mark = " (default)" if e["default"] else ""
        lines.append(f"  - {e['title']!s}{' [separator]' if e['separator'] else ''} [{e['kind']}]{mark}")
    b = s["board"]
    grids = ", ".join("x".join(str(n) for n in gr["dimensions"]) for gr in b["grids"]) or "none"
    lines.append(f"board:       grids {grids}; {b['cells']} cells, {b['dummies']} dummy, {b['killed']} killed")
    lines.append(f"directions:  {' '.join(b['directions'])}")
    if b["opposites"]:
        lines.append("opposites:   " + " ".join(f"{d}/{o}" for d, o in b["opposites"].items()))
    for name, per in b["zones"].items():
        lines.append(f"zone {name}: " + "; ".join(f"{p} {len(cells)}" for p, cells in per.items()))
    lines.append(f"pieces:      {len(s['pieces'])}")
    for p in s["pieces"]:
        extra = []
        if p["move_types"]:
            extra.append("types " + ",".join(p["move_types"]))
        if p["attributes"]:
            extra.append("attributes " + ",".join(p["attributes"]))
        if p["dummy"]:
            extra.append("dummy")
        lines.append(f"  - {p['name']}: {p['moves']} moves, {p['drops']} drops" +
                     (f" ({'; '.join(extra)})" if extra else ""))
    placed = ", ".join(f"{pl} {n}" for pl, n in s["setup"]["placements"].items()) or "none"
    lines.append(f"setup:       {placed}")
    for o in s["setup"]["off"]:
        lines.append(f"  off: {o['player']} {o['piece']} {o['count']}")
    lines.append(f"goals:       {len(s['goals'])}")
    for goal in s["goals"]:
        lines.append(f"  - {goal['kind']} ({' '.join(goal['players'])}) {goal['condition'][:70]}")
    if s["options"]:
        lines.append("options:     " + "; ".join(f"{k}={v}" for k, v in s["options"].items()))
    # every field is the file's text: one line each, nothing a terminal would obey
    return "\n".join(printable(line, one_line=True) for line in lines)


@click.command(short_help="Summarise a ZRF file: title, players, board, pieces, goals.")
@click.argument("path", metavar="PATH")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--variant", default=None, metavar="NAME", help="Game or variant title (default: the default entry).")
def info(path: str, as_json: bool, variant: str | None) -> None:
    """Summarise a ZRF file: title, encoding, players, turn order, variants, board, pieces, goals.

    PATH is a .zrf file or a built-in game name.  Exit status 1 (with the
    reason on standard error) when the file builds with errors, 2 when it
    cannot be read or has no such variant.
    """
    path = resolve(path)
    try:
        zf = build_file(path)
    except ZrfError as exc:
        for d in exc.diagnostics:
            click.echo(d.format(), err=True)
        sys.exit(2)
    try:
        g = zf.entry(variant)
    except KeyError as exc:
        for d in zf.report.diagnostics:
            if d.is_error:
                click.echo(d.format(), err=True)
        click.echo(printable(f"zrf: error: {path}: {exc.args[0]}", one_line=True), err=True)
        sys.exit(2)
    s = summary(zf, g)
    click.echo(json.dumps(s, indent=1) if as_json else _text(s))
    if s["errors"]:
        click.echo(f"zrf: info: exit status 1: the file has {s['errors']} error{'s' if s['errors'] != 1 else ''}"
                   f" while building its model (see zrf check {path})", err=True)
        sys.exit(1)
    sys.exit(0)
