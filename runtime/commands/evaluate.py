"""``zrf evaluate``: self-play statistics of a game for its designer (balance, draws, length, branching)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click

from runtime.commands.common import (
    game_argument,
    json_option,
    open_or_exit,
    progress_enabled,
    variant_option,
)
from runtime.evaluation_runs.balance_summary import summarise
from runtime.evaluation_runs.record_log import LogMismatch, RecordLog
from runtime.evaluation_runs.report_page import write_report
from runtime.evaluation_runs.selfplay_games import (
    GameRecord,
    SelfPlayPlan,
    SelfPlayTable,
    play_batch,
)
from runtime.jobs.executors import BACKENDS, BackendError, open_executor
from runtime.matches.match_table import MatchSetupError, MatchTable
from runtime.matches.schedule import DEFAULT_MAX_PLIES
from runtime.players.knowledge import KnowledgeCache
from runtime.players.spec import COMPUTERS, PlayerKind, SpecError, parse_player_spec

INTERRUPTED_STATUS = 130
"""Exit status after Ctrl-C (the games finished so far are in the report folder's log)."""

DEFAULT_PLAYER = "alphabeta:strength=2"


class Progress:
    """A one-line progress bar with the games done and an estimate of the time left, on standard error."""

    WIDTH = 20

    def __init__(self, label: str, total: int, done: int, enabled: bool):
        self.label, self.total, self.start_done, self.enabled = label, total, done, enabled
        self.started = time.monotonic()

    def show(self, done: int) -> None:
        if not self.enabled:
            return
        elapsed = time.monotonic() - self.started
        new = done - self.start_done
        left = elapsed / new * (self.total - done) if new else 0.0
        filled = self.WIDTH * done // max(1, self.total)
        click.echo(f"\r\033[K{self.label} [{'#' * filled}{'-' * (self.WIDTH - filled)}] {done}/{self.total}  "
                   f"{elapsed:.0f} s elapsed, about {left:.0f} s left", nl=False, err=True)

    def clear(self) -> None:
        if self.enabled:
            click.echo("\r\033[K", nl=False, err=True)


def _percent(rate: dict | None) -> str:
    if rate is None:
        return "-"
    return f"{100 * rate['rate']:.1f} % (95 %: {100 * rate['low']:.1f} to {100 * rate['high']:.1f})"


def summary_lines(name: str, plan: SelfPlayPlan, summary: dict, seconds: float) -> list[str]:
    """The summary in words (what ``zrf evaluate`` prints without --json)."""
    length, phases = summary["length"], summary["branching_by_phase"]
    lines = [(f"{name}: {summary['games_counted']} games of {plan.spec.describe()} against itself "
              f"(seed {plan.seed}, at most {plan.max_plies} plies), {seconds:.1f} s"),
             (f"  first player ({summary['first_player']}) wins {summary['first_player_wins']}, "
              f"second wins {summary['second_player_wins']}, draws {summary['draws']}"
              + (f" ({summary['adjudicated_draws']} adjudicated)" if summary["adjudicated_draws"] else "")
              + (f", void {summary['void']}" if summary["void"] else "")),
             f"  first-player win rate {_percent(summary['first_player_win_rate'])}",
             f"  first player's share of decisive games {_percent(summary['first_player_share_of_decisive'])}",
             f"  draw rate {_percent(summary['draw_rate'])}; decisiveness {_percent(summary['decisiveness'])}",
             (f"  length (plies): min {length['min']}, median {length['median']}, mean {length['mean']}, "
              f"max {length['max']}"),
             "  branching: " + ", ".join(f"{p} {v}" for p, v in phases.items()),
             (f"  per game: {summary['mean_repetitions']} repetitions, {summary['mean_lead_changes']} lead "
              f"changes, {summary['mean_seconds']} s")]
    lines.append("  outcomes by goal:")
    for goal, roles in summary["outcomes_by_goal"].items():
        lines.append(f"    {goal}: first {roles['first']}, second {roles['second']}, draw {roles['draw']}")
    return lines


def run_evaluation(name: str, plan: SelfPlayPlan, report_dir: str | None, backend: str, workers: int,
                   show_progress: bool) -> tuple[list[GameRecord], bool]:
    """Play what the plan (and the folder's log) still lacks; every record, and whether it was interrupted."""
    log = None
    if report_dir is not None:
        try:
            log = RecordLog(report_dir, plan.fingerprint())
        except LogMismatch as exc:
            raise click.UsageError(str(exc)) from None
        except OSError as exc:
            raise click.BadParameter(f"{report_dir}: {exc.strerror or exc}", param_hint="--report") from None
    records = dict(log.records) if log else {}
    records = {i: r for i, r in records.items() if i < plan.games}
    progress = Progress(name, plan.games, len(records), show_progress)
    interrupted = False

    def finished(record: GameRecord) -> None:
        records[record.index] = record
        if log is not None:
            log.append(record)
        progress.show(len(records))

    try:
        progress.show(len(records))
        batches = plan.batches(set(records))
        if backend == BACKENDS[0] and workers == 1:
            if batches:
                table = SelfPlayTable(plan)
                try:
                    for index in (i for batch in batches for i in batch):
                        finished(table.play(index))
                finally:
                    table.close()
        else:
            with open_executor(backend, workers) as executor:
                for batch in executor.run([(play_batch, (plan, batch)) for batch in batches]):
                    for data in batch:
                        finished(GameRecord.from_json(data))
    except KeyboardInterrupt:
        interrupted = True
    except BackendError as exc:
        raise click.UsageError(str(exc)) from None
    finally:
        progress.clear()
        if log is not None:
            log.close()
    return [records[i] for i in sorted(records)], interrupted


def _check_setup(plan: SelfPlayPlan) -> None:
    try:
        MatchTable(plan.match_plan()).close()
    except MatchSetupError as exc:
        raise click.UsageError(str(exc).replace("give one --player for each, not 2",
                                                "zrf evaluate needs a game of two")) from None


COMPARED_ROWS = (
    ("first-player win rate", lambda s: _percent(s["first_player_win_rate"])),
    ("first player's share of decisive", lambda s: _percent(s["first_player_share_of_decisive"])),
    ("draw rate", lambda s: _percent(s["draw_rate"])),
    ("decisiveness", lambda s: _percent(s["decisiveness"])),
    ("median length (plies)", lambda s: str(s["length"]["median"])),
    ("mean length (plies)", lambda s: str(s["length"]["mean"])),
    ("branching opening/middle/end", lambda s: "/".join(str(v) for v in s["branching_by_phase"].values())),
    ("lead changes a game", lambda s: str(s["mean_lead_changes"])),
    ("repetitions a game", lambda s: str(s["mean_repetitions"])),
)
"""The figures ``--compare`` puts side by side: a label and how to write it from a summary."""


def compared_lines(results: list[dict]) -> list[str]:
    """Two evaluations side by side, one figure a line."""
    names = [r["name"] + (f" ({r['variant']})" if r["variant"] and r["variant"] != r["name"] else "")
             + (f", {r['player']}" if len({x["player"] for x in results}) > 1 else "") for r in results]
    width = max(len(label) for label, _ in COMPARED_ROWS)
    column = max(40, *(len(n) for n in names))
    lines = [(f"{'':{width}}  " + "  ".join(f"{n:{column}}" for n in names)).rstrip()]
    for label, shown in COMPARED_ROWS:
        lines.append((f"{label:{width}}  " + "  ".join(f"{shown(r['summary']):{column}}" for r in results)).rstrip())
    return lines


def _evaluate_one(game: str, variant: str | None, spec, games: int, seed: int, max_plies: int, workers: int,
                  backend: str, report_dir: str | None, as_json: bool) -> tuple[dict, SelfPlayPlan, bool]:
    """One game's evaluation, played (or resumed) and summed up: the ``--json`` data, the plan, interrupted?"""
    loaded = open_or_exit(game, variant)
    plan = SelfPlayPlan(game, variant, spec, games, seed, max_plies, report_dir)
    _check_setup(plan)
    started = time.monotonic()
    records, interrupted = run_evaluation(loaded.name, plan, report_dir, backend, workers,
                                          progress_enabled() and not as_json)
    seconds = time.monotonic() - started
    values = KnowledgeCache(capacity=1).knowledge(loaded).values
    out = {"game": game, "variant": variant, "name": loaded.name, "player": spec.describe(), "seed": seed,
           "max_plies": max_plies, "seconds": round(seconds, 2), "summary": summarise(records, games),
           "piece_values": {t: round(v, 3) for t, v in sorted(values.items(), key=lambda kv: -kv[1])},
           "games": [r.as_json() for r in records]}
    return out, plan, interrupted


@click.command(short_help="Play a game against itself: how balanced, drawish and long it is.")
@game_argument
@variant_option
@click.option("--games", type=click.IntRange(1), default=20, show_default=True, help="Games to play.")
@click.option("--player", "player", default=DEFAULT_PLAYER, show_default=True, metavar="SPEC",
              help="The player that plays itself: alphabeta:strength=N, alphabeta:nodes=N, mcts:nodes=N, random "
                   "(docs/play.md, 'Player specs'); time= budgets make runs unrepeatable.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the players' choices and rolls.")
@click.option("--max-plies", type=click.IntRange(1), default=DEFAULT_MAX_PLIES, show_default=True,
              help="A game still going after this many turns is adjudicated a draw.")
@click.option("--workers", type=click.IntRange(1), default=1, show_default=True, help="Jobs run at once.")
@click.option("--backend", type=click.Choice(BACKENDS), default=BACKENDS[0], show_default=True,
              help="process: this process or a local process pool; ray: Ray tasks.")
@click.option("--report", "report_dir", type=click.Path(file_okay=False), default=None, metavar="DIR",
              help="Write DIR/games.jsonl game by game (a run given the same DIR again resumes), "
                   "DIR/summary.json, DIR/index.html and the games as DIR/game-NNNN.zsg "
                   "(the compared game's in DIR/compare/).")
@click.option("--compare", "compare_game", default=None, metavar="GAME2",
              help="Evaluate GAME2 the same way and put the two side by side (GAME2 may be GAME itself "
                   "with --compare-variant).")
@click.option("--compare-variant", default=None, metavar="NAME", help="The variant of GAME2 to compare.")
@click.option("--baseline", is_flag=True,
              help="Also play as many games of the random player against itself (same seed) and set them "
                   "beside the player's: what the rules give by themselves, and what the player's skill adds "
                   "(its report in DIR/baseline/).")
@json_option
def evaluate(game: str, variant: str | None, games: int, player: str, seed: int, max_plies: int, workers: int,
             backend: str, report_dir: str | None, compare_game: str | None, compare_variant: str | None,
             baseline: bool, as_json: bool) -> None:
    """Play GAME against itself and say how balanced, drawish and long it is.

    One player spec plays both sides, seats alternating, and every game is
    measured: who won and by which goal, its length, the branching factor
    along it, repetitions and lead changes by the evaluation.  Prints the
    first player's win rate with its 95 % (Wilson) interval, the draw rate,
    decisiveness, lengths, branching by phase, outcomes by goal and the
    pieces' learned values.  The same seed plays the same games (for
    strength and node budgets).  With --report DIR the games are logged as
    they finish and a run interrupted (Ctrl-C, exit status 130) resumes when
    run again with the same DIR.  With --compare GAME2 both are evaluated and
    set side by side; with --baseline the random player's self-play of GAME
    is set beside the chosen player's.
    """
    if compare_variant is not None and compare_game is None:
        raise click.UsageError("--compare-variant needs --compare GAME2")
    if baseline and compare_game is not None:
        raise click.UsageError("--baseline and --compare each set two evaluations side by side: give one of them")
    try:
        spec = parse_player_spec(player)
    except SpecError as exc:
        raise click.BadParameter(str(exc), param_hint="--player") from None
    if spec.kind not in COMPUTERS:
        raise click.BadParameter(f"{player!r}: self-play needs a computer player", param_hint="--player")
    if baseline and spec.kind is PlayerKind.RANDOM:
        raise click.BadParameter("--baseline is the random player's self-play; give another --player",
                                 param_hint="--baseline")
    targets = [(game, variant, spec, report_dir)]
    if compare_game is not None:
        targets.append((compare_game, compare_variant, spec,
                        None if report_dir is None else str(Path(report_dir) / "compare")))
    if baseline:
        targets.append((game, variant, parse_player_spec("random"),
                        None if report_dir is None else str(Path(report_dir) / "baseline")))
    results, interrupted = [], False
    for target, target_variant, target_spec, folder in targets:
        out, plan, interrupted = _evaluate_one(target, target_variant, target_spec, games, seed, max_plies,
                                               workers, backend, folder, as_json)
        results.append(out)
        if not as_json:
            if interrupted:
                click.echo(f"interrupted after {out['summary']['games_played']} of {games} games; "
                           "the result so far:")
            for line in summary_lines(out["name"], plan, out["summary"], out["seconds"]):
                click.echo(line)
            click.echo("  learned piece values: " + ", ".join(f"{t} {v}" for t, v in out["piece_values"].items()))
        if interrupted:
            break
    key = "baseline" if baseline else "compare"
    if report_dir is not None:
        write_report(report_dir, results[0], results[1] if len(results) > 1 else None, key)
        if len(results) > 1:
            write_report(str(Path(report_dir) / key), results[1], None)
    if as_json:
        click.echo(json.dumps(results[0] if len(results) == 1 else {key: results}, indent=2))
    elif len(results) > 1:
        click.echo("side by side:")
        for line in compared_lines(results):
            click.echo("  " + line)
    if interrupted:
        sys.exit(INTERRUPTED_STATUS)
