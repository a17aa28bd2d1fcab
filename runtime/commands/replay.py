"""``zrf replay``: replay a Zillions saved game and check every move against the rules."""

from __future__ import annotations

import json
import sys

import click

from zrf.printable import printable

from runtime.commands.common import fail_to_load, progress_enabled

ALTERNATIVES_SHOWN = 60
"""At most this many legal moves are printed after an illegal line (the count says so)."""

PROGRESS_LINES = 100
"""Saved games with more lines than this show a progress bar (on a terminal only)."""


def _replay_with_progress(saved, game, run_replay):
    """Replay, with a progress bar on stderr for long games when stderr is a terminal."""
    if len(saved.moves) <= PROGRESS_LINES or not progress_enabled():
        return run_replay(saved, game)
    with click.progressbar(length=len(saved.moves), label="replaying", file=sys.stderr,
                           show_pos=True) as bar:
        return run_replay(saved, game, bar.update)


@click.command(short_help="Replay a Zillions saved game (.zsg) and check every move.")
@click.argument("saved_game", metavar="GAME.zsg", type=click.Path(dir_okay=False))
@click.option("--zrf", "zrf_path", default=None, metavar="PATH",
              help="Rules file to use instead of the saved game's RulesFile.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def replay(saved_game: str, zrf_path: str | None, as_json: bool) -> None:
    """Replay every move of GAME.zsg, stopping at the first one that is not legal.

    The rules file is RulesFile= relative to the saved game's folder (or
    --zrf); the game or variant is picked by VariantName=.  Exit status 0 when
    every move is legal, 1 at the first illegal move, 2 when the saved game or
    its rules cannot be read.
    """
    from zrf.diagnostics import ZrfError
    from zrf.zsg import read_zsg

    from runtime.loading.opening import open_game
    from runtime.savedgames.replay import find_rules
    from runtime.savedgames.replay import replay as run_replay

    try:
        saved = read_zsg(saved_game)
        rules = find_rules(saved, zrf_path)
        game = open_game(rules, saved.variant or None)
    except ZrfError as exc:  # GameLoadError included; a device or FIFO is E002, refused unread
        fail_to_load(exc)
    try:
        result = _replay_with_progress(saved, game, run_replay)
    except ZrfError as exc:  # a set-up edit the game cannot apply
        fail_to_load(exc)
    def say(text: str) -> None:  # the saved game's and the rules' text: nothing a terminal would obey
        click.echo(printable(text, one_line=True))
    for notice in result.notices:
        click.echo(printable(notice), err=True)
    if as_json:
        click.echo(json.dumps(result.as_json(), indent=2))
    else:
        say(f"{saved_game}: {game.name} ({rules})")
        say(f"replayed {result.applied_lines} of {result.lines} lines ({result.turns} turns)")
        for note in result.renumbered:
            say(note)
        if not result.ok:
            say(f"{saved_game}:{result.failed_line}:1: illegal move {result.failed_text!r}: {result.reason}")
            shown = result.alternatives[:ALTERNATIVES_SHOWN]
            more = len(result.alternatives) - len(shown)
            click.echo(f"legal moves ({len(result.alternatives)}"
                       + (f", the first {len(shown)} shown; --json lists all" if more else "") + "):")
            for m in shown:
                say(f"  {m}")
        if result.outcome is not None:
            say(f"outcome: {result.outcome.describe()}")
        else:
            say(f"outcome: game not over, {result.final.current_player} to move")
    sys.exit(0 if result.ok else 1)
