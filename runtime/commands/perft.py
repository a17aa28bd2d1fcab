"""``zrf perft``: move-tree leaf counts per depth, with speed."""

from __future__ import annotations

import json

import click

from runtime.verify.perft import divide, perft_report
from zrf.printable import printable

from runtime.commands.common import (game_argument, json_option, moves_option, open_or_exit, position_after,
                     position_option, progress_enabled, variant_option)


@click.command(short_help="Count move-tree leaves per depth (perft).")
@game_argument
@variant_option
@moves_option
@position_option
@click.option("--depth", "-d", type=click.IntRange(0, 12), required=True, help="Plies to search.")
@click.option("--divide", "show_divide", is_flag=True, help="Also print the count below each root move.")
@json_option
def perft(game: str, variant: str | None, moves: str, position: str | None, depth: int,
          show_divide: bool, as_json: bool) -> None:
    """Count the legal move sequences of each length up to --depth.

    Prints one line per depth, then nodes (the sum) and nodes per second.
    """
    g = open_or_exit(game, variant)
    state = position_after(g, moves, position)
    if progress_enabled() and not as_json:
        with click.progressbar(length=1, label=f"perft {depth}", file=click.get_text_stream("stderr")) as bar:
            def tick(done: int, total: int) -> None:
                bar.length = total
                bar.update(1)
            report = perft_report(state, depth, tick)
    else:
        report = perft_report(state, depth)
    if as_json:
        data = report.as_json()
        if show_divide and depth >= 1:
            data["divide"] = divide(state, depth)
        click.echo(json.dumps(data))
        return
    for d, n in sorted(report.counts.items()):
        click.echo(f"depth {d}: {n}")
    click.echo(f"nodes: {report.nodes}")
    click.echo(f"seconds: {report.seconds:.3f}")
    click.echo(f"nodes/s: {report.nodes_per_second:.0f}")
    if show_divide and depth >= 1:
        for notation, n in divide(state, depth).items():
            click.echo(printable(f"{notation}: {n}", one_line=True))
