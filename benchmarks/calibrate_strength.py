"""Benchmark: what ``--strength 1..10`` is worth, in Elo against Fairy-Stockfish and level against level.

    python benchmarks/calibrate_strength.py elo [--game ZRF [--variant TITLE] --uci-variant NAME]
        [--levels 1-10] [--games 20] [--batch 4]
        [--anchor-nodes 30000 | --anchor-time S] [--first-guess 1000] [--random-plies 4]
        [--workers 1] [--seed 0] [--save DIR]
    python benchmarks/calibrate_strength.py ladder GAME [--levels 1-6] [--games 10]
        [--random-plies 2] [--need 55] [--workers 1] [--seed 0] [--save DIR]
    python benchmarks/calibrate_strength.py top GAME --level N [--games 10]
        [--random-plies 2] [--need 95] [--workers 1] [--seed 0] [--save DIR]

``elo``: each level of the strength scale (runtime/players/strength_scale.py:
a node budget per move, so the games are the same on any machine, and the
lowest levels' choice noise, drawn from each player's seeded generator) plays the
ZRF ``--game`` (tests/games/chess.zrf unless told; ``--variant`` picks a game
inside it) against Fairy-Stockfish playing its own variant ``--uci-variant``
(``chess`` unless told; e.g. tests/games/xiangqi.zrf with ``xiangqi``: the ZRF
must start where that variant starts) with
``UCI_LimitStrength=true`` at ``UCI_Elo`` anchors (500 to 2850 in steps of
150), ``--anchor-nodes`` nodes a move (``go nodes``; the engine's strength
limit honours it, so neither side's games depend on the machine or its load)
or, with ``--anchor-time``, seconds a move (``go movetime``, wall-clock time,
which a loaded machine shortens), in batches of
``--batch`` games (pairs: each opening of ``--random-plies`` random plies
played from both sides).  After each batch the level's rating is estimated by
maximum likelihood over all its games so far (runtime/matches/match_statistics.py,
``rating_against_anchors``: the logistic model, the 95 % interval from the
profile likelihood) and the next batch plays the anchor nearest to it, so the
games are spent where they tell most (the first level's first batch at
``--first-guess``).  The engine is the build of
``zrf engines build fairy-stockfish``.

``ladder``: each level plays the level below it on GAME (``canopus``,
``alpha-centauri``, any GAME ``zrf match`` takes), ``--games`` games with
openings of ``--random-plies`` random plies from both sides; a level passes
when it scores at least ``--need`` percent.

``top``: level ``--level`` against level 1 on GAME, the same way; it passes
at ``--need`` percent (95: the issue's target for the strongest level).

All print one line per game, one per match, then a Markdown table for
docs/play.md ("The strength scale") with the wall time and the machine's load
average.  Exit status 0 (``ladder``, ``top``: 1 when a level scores below ``--need``).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from runtime.loading.opening import open_game  # noqa: E402
from runtime.matches.match_run import run_match  # noqa: E402
from runtime.matches.match_statistics import elo_interval, rating_against_anchors  # noqa: E402
from runtime.matches.openings import random_openings  # noqa: E402
from runtime.matches.schedule import Contestant, MatchPlan  # noqa: E402
from runtime.players.spec import parse_player_spec  # noqa: E402
from runtime.players.strength_scale import LEVELS, MAX_LEVEL, MIN_LEVEL, strength_level  # noqa: E402

CHESS = str(ROOT / "tests" / "games" / "chess.zrf")
"""The game ``elo`` plays unless ``--game`` names another."""
ANCHORS = tuple(range(500, 2851, 150))
"""Fairy-Stockfish's UCI_Elo anchors (its range is 500 to 2850)."""
FIRST_GUESS = 1000.0
"""Where the first level's first batch is played unless ``--first-guess`` says otherwise."""
UNKNOWN_STEP = 300.0
"""How far the anchor moves after batches that were all won or all lost."""


def levels_of(text: str) -> list[int]:
    """``--levels``: a level or a range ``LOW-HIGH`` of the scale; a usage error otherwise."""
    low, _, high = text.partition("-")
    try:
        levels = list(range(int(low), int(high or low) + 1))
        for level in levels:
            strength_level(level)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"{text!r}: {error}" if "strength" in str(error)
                                         else f"{text!r} is not a level or LOW-HIGH") from None
    if not levels:
        raise argparse.ArgumentTypeError(f"{text!r} holds no level")
    return levels


def show(value: float) -> str:
    """A signed Elo difference; an even score is ``+0``, never ``-0``."""
    return f"{round(value):+d}" if math.isfinite(value) else ("+inf" if value > 0 else "-inf")


def rating(value: float) -> str:
    return f"{value:.0f}" if math.isfinite(value) else ("inf" if value > 0 else "-inf")


def nearest_anchor(guess: float) -> int:
    return min(ANCHORS, key=lambda a: abs(a - guess))


def game_line(report, started: float) -> str:
    return (f"  game {report.index}: {', '.join(f'{n} {s}' for s, n in report.seats.items())}: {report.outcome} "
            f"after {report.plies} plies [{report.seconds:.0f} s; {time.perf_counter() - started:.0f} s]")


def anchor_budget(args) -> str:
    """The anchors' limit in a UCI spec: ``go nodes`` unless ``--anchor-time`` asks for ``go movetime``."""
    return f"time={args.anchor_time:g}" if args.anchor_time is not None else f"nodes={args.anchor_nodes}"


def anchor_words(args) -> str:
    return (f"{args.anchor_time:g} s a move (go movetime, wall-clock)" if args.anchor_time is not None
            else f"{args.anchor_nodes} nodes a move (go nodes)")


def calibrate_elo(args) -> int:
    game = open_game(args.game, args.variant)
    started = time.perf_counter()
    load_start = os.getloadavg()
    rows = []
    guess = args.first_guess
    record = []
    for level in args.levels:
        budget = strength_level(level)
        results: list[tuple[float, float]] = []
        batches = []
        for batch in range(-(-args.games // args.batch)):
            anchor = nearest_anchor(guess)
            seed = args.seed * 100_000 + level * 1000 + batch
            ours = Contestant(f"level{level}", parse_player_spec(f"alphabeta:strength={level}"))
            fairy = Contestant(f"fs{anchor}", parse_player_spec(
                f"uci:fairy-stockfish?UCI_LimitStrength=true&UCI_Elo={anchor}&Threads=1&{anchor_budget(args)}"))
            count = min(args.batch, args.games - batch * args.batch)
            openings = tuple(random_openings(game, args.random_plies, -(-count // 2), seed))
            plan = MatchPlan(args.game, args.variant, (ours, fairy), count, openings, args.max_plies, seed,
                             args.uci_variant,
                             str(Path(args.save) / f"level{level}-batch{batch}") if args.save else None)
            result = run_match(plan, args.workers,
                               on_report=lambda r, _: print(game_line(r, started), flush=True))
            for report in result.counted():
                results.append((float(anchor), report.points[ours.name]))
            tally = result.tally
            batches.append({"anchor": anchor, "wins": tally.wins, "draws": tally.draws, "losses": tally.losses})
            estimate = rating_against_anchors(results)
            if estimate is None:
                continue
            if math.isfinite(estimate.value):
                guess = estimate.value
            else:
                guess = anchor + (UNKNOWN_STEP if estimate.value > 0 else -UNKNOWN_STEP)
            print(f"level {level} batch {batch}: vs UCI_Elo {anchor}: +{tally.wins} ={tally.draws} "
                  f"-{tally.losses}; estimate {rating(estimate.value)} ({rating(estimate.low)} to "
                  f"{rating(estimate.high)})", flush=True)
        estimate = rating_against_anchors(results)
        played = ", ".join(f"{b['anchor']}: +{b['wins']} ={b['draws']} -{b['losses']}" for b in batches)
        rows.append((level, budget.nodes, budget.max_depth, budget.choice_noise, len(results), played, estimate))
        record.append({"level": level, "nodes": budget.nodes, "max_depth": budget.max_depth,
                       "choice_noise": budget.choice_noise,
                       "games": len(results), "batches": batches,
                       "elo": None if estimate is None else [estimate.value, estimate.low, estimate.high]})
        if estimate is not None and math.isfinite(estimate.value):
            guess = estimate.value + 100
    load_end = os.getloadavg()
    print()
    print("| level | nodes a move | depth cap | choice noise | games | against UCI_Elo (wins, draws, losses) "
          "| Elo (95 % interval) |")
    print("|---|---|---|---|---|---|---|")
    for level, nodes, depth, noise, games, played, estimate in rows:
        elo = "-" if estimate is None else (f"{rating(estimate.value)} ({rating(estimate.low)} to "
                                            f"{rating(estimate.high)})")
        print(f"| {level} | {nodes} | {depth} | {noise:g} | {games} | {played} | {elo} |")
    print(f"\n{game.name} vs Fairy-Stockfish UCI_Variant {args.uci_variant} UCI_LimitStrength, "
          f"{anchor_words(args)}; "
          f"{time.perf_counter() - started:.0f} s; load average {load_start[0]:.1f} at the start, "
          f"{load_end[0]:.1f} at the end")
    if args.save:
        Path(args.save).mkdir(parents=True, exist_ok=True)
        (Path(args.save) / "calibration.json").write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
    return 0


def play_pair(game, args, upper_level: int, lower_level: int, seed: int, started: float):
    """``upper_level`` against ``lower_level`` on GAME (``--games`` games, openings from both sides):
    (upper level, lower level, tally, score in percent, Elo interval, passed ``--need``)."""
    upper = Contestant(f"level{upper_level}", parse_player_spec(f"alphabeta:strength={upper_level}"))
    lower = Contestant(f"level{lower_level}", parse_player_spec(f"alphabeta:strength={lower_level}"))
    openings = tuple(random_openings(game, args.random_plies, -(-args.games // 2), seed))
    plan = MatchPlan(args.game, None, (upper, lower), args.games, openings, args.max_plies, seed,
                     save_dir=str(Path(args.save) / f"level{upper_level}") if args.save else None)
    match_started = time.perf_counter()
    result = run_match(plan, args.workers, on_report=lambda r, _: print(game_line(r, started), flush=True))
    tally = result.tally
    score = 100 * tally.score if tally.games else 0.0
    passed = tally.games > 0 and score >= args.need
    print(f"level {upper_level} vs {lower_level}: +{tally.wins} ={tally.draws} -{tally.losses}, {score:.1f} % "
          f"({'passes' if passed else 'below'} {args.need:g} %) [{time.perf_counter() - match_started:.0f} s]",
          flush=True)
    return upper_level, lower_level, tally, score, elo_interval(tally), passed


def print_pairs(game, args, rows, heading: str, load_start, started: float) -> int:
    """The Markdown table of the pairs played, the wall time and the load; the exit status."""
    load_end = os.getloadavg()
    print()
    print(f"| {game.name}: {heading} | games | wins | draws | losses | score | "
          f"Elo difference (95 % interval) | at least {args.need:g} % |")
    print("|---|---|---|---|---|---|---|---|")
    for upper, lower, tally, score, interval, passed in rows:
        elo = "-" if interval is None else f"{show(interval.value)} ({show(interval.low)} to {show(interval.high)})"
        print(f"| {upper} vs {lower} | {tally.games} | {tally.wins} | {tally.draws} | {tally.losses} | "
              f"{score:.1f} % | {elo} | {'yes' if passed else 'no'} |")
    print(f"\n{args.games} games a pair, openings of {args.random_plies} random plies from both sides; "
          f"{time.perf_counter() - started:.0f} s; load average {load_start[0]:.1f} at the start, "
          f"{load_end[0]:.1f} at the end")
    return 0 if all(passed for *_, passed in rows) else 1


def calibrate_ladder(args) -> int:
    game = open_game(args.game)
    started = time.perf_counter()
    load_start = os.getloadavg()
    levels = args.levels
    rows = [play_pair(game, args, level, level - 1, args.seed * 100_000 + level, started)
            for level in (levels[1:] if len(levels) > 1 else levels) if level != MIN_LEVEL]
    return print_pairs(game, args, rows, "level vs the level below", load_start, started)


def calibrate_top(args) -> int:
    game = open_game(args.game)
    started = time.perf_counter()
    load_start = os.getloadavg()
    rows = [play_pair(game, args, args.level, MIN_LEVEL, args.seed * 100_000 + 1000 + args.level, started)]
    return print_pairs(game, args, rows, f"level vs level {MIN_LEVEL}", load_start, started)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="part", required=True)
    elo = sub.add_parser("elo", help="each level's Elo against Fairy-Stockfish UCI_Elo anchors")
    elo.add_argument("--game", default=CHESS, help="the .zrf played (default: the chess ZRF)")
    elo.add_argument("--variant", default=None, help="game or variant title inside the .zrf")
    elo.add_argument("--uci-variant", default="chess",
                     help="Fairy-Stockfish's UCI_Variant, whose start position is the ZRF's (chess, xiangqi, ...)")
    anchor = elo.add_mutually_exclusive_group()
    anchor.add_argument("--anchor-nodes", type=int, default=30_000, help="Fairy-Stockfish's nodes a move")
    anchor.add_argument("--anchor-time", type=float, default=None,
                        help="Fairy-Stockfish's wall-clock seconds a move instead of nodes")
    elo.add_argument("--first-guess", type=float, default=FIRST_GUESS,
                     help="the Elo near which the first level's first batch is played")
    elo.add_argument("--batch", type=int, default=4, help="games between two choices of the anchor")
    elo.add_argument("--random-plies", type=int, default=4)
    ladder = sub.add_parser("ladder", help="each level against the level below on GAME")
    ladder.add_argument("game")
    ladder.add_argument("--random-plies", type=int, default=2)
    ladder.add_argument("--need", type=float, default=55.0, help="score in percent a level must reach")
    top = sub.add_parser("top", help="a level against level 1 on GAME")
    top.add_argument("game")
    top.add_argument("--level", type=int, required=True, choices=range(MIN_LEVEL + 1, MAX_LEVEL + 1),
                     metavar=f"{MIN_LEVEL + 1}..{MAX_LEVEL}", help="the level played against level 1")
    top.add_argument("--random-plies", type=int, default=2)
    top.add_argument("--need", type=float, default=95.0, help="score in percent the level must reach")
    for part, default_games, default_levels in ((elo, 20, f"{MIN_LEVEL}-{MAX_LEVEL}"), (ladder, 10, "1-6"),
                                                (top, 10, None)):
        if default_levels is not None:
            part.add_argument("--levels", type=levels_of, default=default_levels,
                              help="a level or a range, e.g. 1-6")
        part.add_argument("--games", type=int, default=default_games, help="games per level")
        part.add_argument("--max-plies", type=int, default=300, help="a longer game is adjudicated a draw")
        part.add_argument("--workers", type=int, default=1)
        part.add_argument("--seed", type=int, default=0)
        part.add_argument("--save", default=None, metavar="DIR", help="keep every game (and the figures)")
    args = ap.parse_args()
    assert len(LEVELS) == MAX_LEVEL - MIN_LEVEL + 1
    return {"elo": calibrate_elo, "ladder": calibrate_ladder, "top": calibrate_top}[args.part](args)


if __name__ == "__main__":
    sys.exit(main())
