"""``zrf match``: a series of games between players, refereed by the rules, with Elo, LOS and SPRT."""

from __future__ import annotations

import json
import math
import re
import sys
import time
from pathlib import Path

import click

from runtime.commands.common import (fairy_game_for, game_argument, json_option, open_or_exit, progress_enabled,
                                     variant_option)
from runtime.engines.uci_client import UciFailure
from runtime.matches.match_run import MatchResult, StopReason, run_match
from runtime.matches.match_statistics import Sprt, SprtState, elo_interval, likelihood_of_superiority
from runtime.matches.match_table import GameReport, MatchSetupError, MatchTable, depth_range
from runtime.matches.match_workers import MatchWorkerError
from runtime.matches.openings import START, OpeningError, random_openings, read_openings
from runtime.matches.schedule import DEFAULT_MAX_PLIES, Contestant, MatchPlan
from runtime.players.spec import COMPUTERS, PlayerKind, SpecError, parse_seat
from runtime.players.uci import UciSetupError

INTERRUPTED_STATUS = 130
"""Exit status after Ctrl-C (the result so far is printed first)."""

_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")


def _shown(text: str) -> str:
    """Text from an engine or a file, with anything a terminal would obey written as an escape."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100
                        else f"\\u{ord(m.group()):04x}", text)


def _elo(value: float) -> str:
    return f"{value + 0.0:+.1f}" if math.isfinite(value) else ("+inf" if value > 0 else "-inf")


def _duration(seconds: float) -> str:
    seconds = int(seconds)
    if seconds < 60:
        return f"{seconds}s"
    if seconds < 3600:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"


def _score_line(result: MatchResult) -> str:
    """``ab vs fs: +7 =1 -2 in 10 games, score 75.0 %, Elo +190.8 (95 %: +45.2 to +inf), LOS 98.9 %``."""
    names = result.names
    if result.plan.seats != 2:
        parts = []
        for name in names:
            t = result.tally_of(name)
            parts.append(f"{name} +{t.wins} ={t.draws} -{t.losses}")
        return "; ".join(parts) + f" in {len(result.counted())} games"
    tally = result.tally
    text = f"{names[0]} vs {names[1]}: +{tally.wins} ={tally.draws} -{tally.losses}"
    interval = elo_interval(tally)
    if interval is None:
        return text + " (no game counted yet)"
    return (text + f" in {tally.games} games, score {100 * tally.score:.1f} %, Elo {_elo(interval.value)} "
            f"(95 %: {_elo(interval.low)} to {_elo(interval.high)}), "
            f"LOS {100 * likelihood_of_superiority(tally):.1f} %")


def _sprt_line(result: MatchResult) -> str | None:
    sprt = result.sprt
    llr = result.llr()
    if sprt is None or llr is None:
        return None
    verdict = result.verdict()
    model = "pentanomial, pairs of games" if result.paired else "trinomial"
    said = {SprtState.H1: f"H1 accepted: {result.names[0]} is at least {sprt.elo1:g} Elo stronger",
            SprtState.H0: f"H0 accepted: {result.names[0]} is not {sprt.elo1:g} Elo stronger "
                          f"(at most {sprt.elo0:g})",
            SprtState.CONTINUE: "undecided"}[verdict]
    return (f"SPRT elo0={sprt.elo0:g} elo1={sprt.elo1:g} alpha={sprt.alpha:g} beta={sprt.beta:g} ({model}): "
            f"LLR {llr:.2f} (bounds {sprt.lower:.2f}, {sprt.upper:.2f}): {said}")


def _depths(report: GameReport) -> str:
    parts = []
    for name, found in report.depths.items():
        if found:
            parts.append(f"{name} {depth_range(found)}")
    return ("; depth " + ", ".join(parts)) if parts else ""


def _game_line(report: GameReport, total: int) -> str:
    seats = ", ".join(f"{name} {seat}" for seat, name in report.seats.items())
    void = f" ({_shown(report.reason)})" if report.points is None else ""
    return (f"game {report.index + 1:>{len(str(total))}}/{total}: {seats}: {_shown(report.outcome)}{void} after "
            f"{report.plies} plies" + _depths(report) + f" [{report.seconds:.1f} s]")


class StatusLine:
    """A one-line progress bar with the running score and an ETA, redrawn on standard error."""

    WIDTH = 20

    def __init__(self, total: int, enabled: bool):
        self.total = total
        self.enabled = enabled
        self.started = time.monotonic()
        self.shown = False

    def clear(self) -> None:
        if self.shown:
            click.echo("\r\033[K", nl=False, err=True)
            self.shown = False

    def show(self, result: MatchResult) -> None:
        if not self.enabled:
            return
        done = len(result.reports)
        filled = self.WIDTH * done // max(1, self.total)
        elapsed = time.monotonic() - self.started
        eta = elapsed / done * (self.total - done) if done else 0.0
        tally = result.tally
        text = (f"[{'#' * filled}{'-' * (self.WIDTH - filled)}] {done}/{self.total}  "
                f"+{tally.wins} ={tally.draws} -{tally.losses}")
        interval = elo_interval(tally) if result.plan.seats == 2 else None
        if interval is not None:
            text += f"  {100 * tally.score:.1f} %  Elo {_elo(interval.value)}"
        text += f"  {_duration(elapsed)} elapsed, ETA {_duration(eta)}"
        click.echo("\r\033[K" + text, nl=False, err=True)
        self.shown = True


def _parse_sprt(text: str | None) -> Sprt | None:
    if text is None:
        return None
    try:
        numbers = [float(x) for x in text.split(",")]
    except ValueError:
        numbers = []
    if len(numbers) not in (2, 3, 4) or not all(math.isfinite(x) for x in numbers):
        raise click.BadParameter(f"{text!r}: write ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA (e.g. 0,10)",
                                 param_hint="--sprt")
    try:
        return Sprt(*numbers)
    except ValueError as exc:
        raise click.BadParameter(f"{text!r}: {exc}", param_hint="--sprt") from None


@click.command(short_help="Play a match between players and engines: Elo, LOS, SPRT.")
@game_argument
@variant_option
@click.option("--player", "players", multiple=True, required=True, metavar="NAME=SPEC",
              help="A contestant: its name and player spec (repeat for each): alphabeta:strength=5, "
                   "alphabeta:time=2, alphabeta:nodes=2000, mcts:nodes=2000, random, "
                   "uci:fairy-stockfish?UCI_LimitStrength=true&UCI_Elo=1500, uci:sunfish-uci, "
                   "uci:/path/to/engine?Threads=1, fairy-stockfish:elo=1500,time=0.1 (Fairy-Stockfish "
                   "playing this game's export; fsf for short) (docs/play.md, 'Player specs'; strength=1..10 is a level of "
                   "the strength scale, a node budget: 'The strength scale').")
@click.option("--games", type=click.IntRange(1), default=10, show_default=True, help="Games to play.")
@click.option("--time", "seconds", type=click.FloatRange(0, min_open=True), default=None, metavar="S",
              help="Budget of every player whose spec gives none: S seconds a move, counted in processor "
                   "time for our players and sent to UCI engines as 'go movetime'.  Without --time or "
                   "--nodes: strength 5 for ours, 1 s a move for engines.")
@click.option("--nodes", type=click.IntRange(1), default=None, metavar="N",
              help="Budget of every player whose spec gives none: N nodes a move (ours: move generations; "
                   "MCTS: iterations; engines: 'go nodes').")
@click.option("--openings", "openings_path", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="Openings, one a line: moves separated by commas, in saved-game notation or "
                   "'from - to [= Type]', or UCI moves separated by spaces; each is played from every side.")
@click.option("--random-plies", type=click.IntRange(0), default=None, metavar="K",
              help="Open each pair of games with K random plies drawn from --seed.")
@click.option("--sprt", "sprt_text", default=None, metavar="ELO0,ELO1",
              help="Stop when a sequential probability ratio test decides between an Elo difference of "
                   "ELO0 (H0) and ELO1 (H1) of the first player over the second (error rates 0.05; "
                   "ELO0,ELO1,ALPHA,BETA to change them).  Exit status 1 unless H1 is accepted.")
@click.option("--uci-variant", default=None, metavar="NAME",
              help="UCI_Variant for engines whose spec sets none (default: the engine's own, chess).")
@click.option("--max-plies", type=click.IntRange(1), default=DEFAULT_MAX_PLIES, show_default=True,
              help="A game still going after this many turns is adjudicated a draw.")
@click.option("--save", "save_dir", type=click.Path(file_okay=False), default=None, metavar="DIR",
              help="Save every game as DIR/game-NNNN.zsg (and .pgn for chess), and the result as "
                   "DIR/match.json.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the random openings, the players and the random players' rolls.")
@click.option("--workers", type=click.IntRange(1), default=1, show_default=True,
              help="Games played at once, each in a process of its own.")
@json_option
def match(game: str, variant: str | None, players: tuple[str, ...], games: int, seconds: float | None,
          nodes: int | None, openings_path: str | None, random_plies: int | None, sprt_text: str | None,
          uci_variant: str | None, max_plies: int, save_dir: str | None, seed: int, workers: int,
          as_json: bool) -> None:
    """Play a match between two or more players on GAME, refereed by the rules.

    Every move is generated and applied by our engine; a UCI engine's move is
    matched to a legal move through the cell names, and a move that is not
    legal loses it the game.  A fairy-stockfish player plays the game's
    export to Fairy-Stockfish, verified first; a game that does not export
    exits 2 with the export's reasons.  Seats rotate from game to game and every opening
    is played from every side; the game's random players (?Dice) roll.  A
    position met a third time, or --max-plies, ends a game as an adjudicated
    draw.  Prints each game, then the first player's score against the second
    with the Elo difference, its 95 % interval and the LOS (and the SPRT's
    verdict with --sprt).  Ctrl-C stops the match and prints the result so far
    (exit status 130).  Exit status 0, or 1 when --sprt did not accept H1; 2
    for unusable input.
    """
    if seconds is not None and nodes is not None:
        raise click.UsageError("give --time or --nodes, not both")
    if openings_path is not None and random_plies is not None:
        raise click.UsageError("give --openings or --random-plies, not both")
    if random_plies is not None and random_plies >= max_plies:
        raise click.UsageError(f"--random-plies {random_plies} leaves no move to play within --max-plies {max_plies}")
    if save_dir is not None:
        try:
            Path(save_dir).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise click.BadParameter(f"{save_dir}: {exc.strerror or exc}", param_hint="--save") from None
    sprt = _parse_sprt(sprt_text)
    contestants = []
    for text in players:
        try:
            name, spec = parse_seat(text)
        except SpecError as exc:
            raise click.BadParameter(str(exc), param_hint="--player") from None
        if spec.kind not in COMPUTERS:
            raise click.BadParameter(f"{text!r}: a match seats computer players only", param_hint="--player")
        if any(c.name == name for c in contestants):
            raise click.BadParameter(f"{name!r} names two players", param_hint="--player")
        contestants.append(Contestant(name, spec.with_budget(seconds, nodes)))
    if len(contestants) < 2:
        raise click.UsageError("a match needs at least two --player NAME=SPEC")
    loaded = open_or_exit(game, variant)
    openings = (START,)
    try:
        if openings_path is not None:
            openings = tuple(read_openings(openings_path, loaded))
        elif random_plies:
            openings = tuple(random_openings(loaded, random_plies, -(-games // len(contestants)), seed))
    except OpeningError as exc:
        raise click.UsageError(str(exc)) from None
    exported = fairy_game_for(loaded) if any(c.spec.kind is PlayerKind.FAIRY for c in contestants) else None
    plan = MatchPlan(game, variant, tuple(contestants), games, openings, max_plies, seed, uci_variant,
                     save_dir, cpu_clock=True, uci_game=exported)
    engines = _check_setup(plan)
    say = (lambda text: None) if as_json else click.echo
    say(_shown(f"{loaded.name}: " + " against ".join(
        f"{c.name} = {c.spec.describe()}" + (f" ({engines[c.name]})" if c.name in engines else "")
        for c in contestants)))
    say(f"{games} games, at most {max_plies} plies each; "
        + (f"{len(openings)} openings" + (f" from {openings_path}" if openings_path else
                                          f" of {random_plies} random plies (seed {seed})")
           if openings[0] is not START else "from the start position")
        + ", every opening from every side; our players' time is processor time")
    status = StatusLine(games, progress_enabled())

    def on_report(report: GameReport, result: MatchResult) -> None:
        status.clear()
        say(_game_line(report, games))
        for note in report.notes:
            click.echo(f"zrf: note: {_shown(note)}", err=True)
        status.show(result)

    try:
        result = run_match(plan, workers, sprt, on_report)
    except MatchWorkerError as exc:
        status.clear()
        raise click.ClickException(str(exc)) from None
    status.clear()
    _finish(result, as_json, save_dir)


def _check_setup(plan: MatchPlan) -> dict[str, str]:
    """Seat the players and start their engines once, so a match that cannot run says why before it
    starts (exit 2); each engine contestant's ``id name``."""
    try:
        table = MatchTable(plan)
    except MatchSetupError as exc:
        raise click.UsageError(str(exc)) from None
    try:
        names = {}
        for contestant, source in zip(plan.contestants, table.sources):
            if source.seat is not None:
                names[contestant.name] = source.seat.open().name
        return names
    except (UciSetupError, UciFailure) as exc:
        raise click.UsageError(str(exc)) from None
    finally:
        table.close()


def _finish(result: MatchResult, as_json: bool, save_dir: str | None) -> None:
    summary = result.as_json()
    if save_dir is not None:
        try:
            (Path(save_dir) / "match.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
        except OSError as exc:
            click.echo(f"zrf: warning: {save_dir}/match.json not written: {exc.strerror or exc}", err=True)
    if as_json:
        click.echo(json.dumps(summary, indent=2))
    else:
        played = len(result.reports)
        void = played - len(result.counted())
        if result.stop is StopReason.INTERRUPTED:
            click.echo(f"interrupted after {played} of {result.plan.games} games; the result so far:")
        elif result.stop is StopReason.SPRT:
            click.echo(f"stopped after {played} of {result.plan.games} games: the SPRT has decided")
        if void:
            click.echo(f"{void} void game{'s' if void != 1 else ''} not counted")
        click.echo(_score_line(result))
        line = _sprt_line(result)
        if line:
            click.echo(line)
    if result.stop is StopReason.INTERRUPTED:
        sys.exit(INTERRUPTED_STATUS)
    if result.sprt is not None and result.verdict() is not SprtState.H1:
        sys.exit(1)
