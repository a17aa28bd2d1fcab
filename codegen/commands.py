"""``zrf gen``: write the ZRF of a built-in game from its template."""

from __future__ import annotations

import json
import os
import sys

import click

from .render import GenerationError, committed, generatable, render, target_for, validate


@click.command()
@click.argument("game", metavar="GAME", required=False)
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Write here ('-' for standard output; default: standard output).")
@click.option("--write", is_flag=True, help="Write into the game's committed file in variants/.")
@click.option("--check", is_flag=True,
              help="Exit 1 if the committed file differs from a fresh render (or GAME's render has diagnostics).")
@click.option("--all", "all_games", is_flag=True, help="Apply to every game that has a template.")
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object: each game, its diagnostics and whether its file differs "
                   "(with --check, --write or -o FILE).")
def gen(game: str | None, output: str | None, write: bool, check: bool, all_games: bool,
        as_json: bool) -> None:
    """Generate the ZRF of built-in GAME (see `zrf variants`).

    The template is variants/<folder>/<file>.zrf.j2, rendered with the same
    board and setup data as the native engine.  The output is read back and
    linted; any diagnostic is printed and makes the exit status 1.
    """
    if all_games == bool(game):
        raise click.UsageError("give one GAME or --all")
    if as_json and not (check or write or (output and output != "-")):
        raise click.UsageError("--json prints the report on standard output: use it with --check, --write or -o FILE")
    report: list[dict] = []
    names = [e.name for e in generatable()] if all_games else [game]
    status = 0
    seen_outputs: set[str] = set()
    for name in names:
        try:
            text = render(name)
        except GenerationError as exc:
            raise click.UsageError(str(exc)) from None
        from variants.registry import builtin
        target = target_for(builtin(name))
        diags = validate(text, target.output if target else name)
        report.append({"game": name, "file": target.output, "diagnostics": [d.as_json() for d in diags],
                       "differs": committed(name) != text})
        for d in diags if not as_json else ():
            click.echo(d.format(), err=True)
        if diags:
            status = 1
        if target.output in seen_outputs:
            continue
        seen_outputs.add(target.output)
        if check:
            if committed(name) != text:
                click.echo(f"would regenerate {os.path.relpath(target.output)}", err=True)
                status = 1
        elif write:
            tmp = target.output + ".tmp"
            with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
            os.replace(tmp, target.output)
            click.echo(f"wrote {os.path.relpath(target.output)}", err=True)
        elif output and output != "-":
            with open(output, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
        else:
            sys.stdout.write(text)
    if as_json:
        click.echo(json.dumps(report, indent=2))
    sys.exit(status)
