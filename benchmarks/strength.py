"""Benchmark: the computer player against the random player, counting wins by the game's own goals.

    python benchmarks/strength.py GAME [--games 50] [--first-game 0] [--seed 0] [--max-plies 60]
        [--rule TEXT] [--depth 3] [--budget 200] [--seconds S] [--kind ai|mcts] [--need N] [--workers 1]

GAME is a built-in name (``alpha-centauri``) or a .zrf path.  The games are
a ``zrf match`` of the tested player (``alphabeta:depth=D,nodes=B``, or
``mcts:nodes=I``) against ``random``, played by the match library
(runtime/matches): the tested player takes the first seat in even games and
the second in odd ones, and the seeds follow the game's number
(runtime/matches/schedule.py), so ``--first-game`` parts add up to one run.
A game counts as *won* only when the tested player wins within
``--max-plies`` plies (one ply is one whole turn of one player; a longer game
is adjudicated a draw, as is a position met a third time) and, with
``--rule``, when the rule that ended it contains TEXT (for Alpha Centauri:
``--rule "King and Dame meet"``).  The alpha-beta player is limited by
``--depth`` and ``--budget`` (nodes: move generations per move), which makes
the games reproducible on any machine; ``--seconds`` adds a clock (processor
time).

Prints one line per game, how the wins ended, the totals and the machine's
load average at the start and the end.  Exit status 0 when wins >= --need
(default: 90 % of the games), else 1.
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from runtime.loading.opening import open_game  # noqa: E402
from runtime.matches.match_run import run_match  # noqa: E402
from runtime.matches.referee import Termination  # noqa: E402
from runtime.matches.schedule import Contestant, MatchPlan  # noqa: E402
from runtime.players.knowledge import learn  # noqa: E402
from runtime.players.spec import parse_player_spec  # noqa: E402

TESTED, RANDOM = "tested", "random"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--variant", default=None)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--first-game", type=int, default=0,
                    help="play games K onwards (seats and seeds follow the game's number), "
                         "so a match can be split into parts run side by side")
    ap.add_argument("--kind", choices=("ai", "mcts"), default="ai")
    ap.add_argument("--depth", type=int, default=3, help="alpha-beta depth cap (plies)")
    ap.add_argument("--budget", type=int, default=200, help="alpha-beta move generations per move")
    ap.add_argument("--seconds", type=float, default=None,
                    help="alpha-beta processor seconds per move (not reproducible)")
    ap.add_argument("--iterations", type=int, default=200, help="MCTS iterations per move")
    ap.add_argument("--max-plies", type=int, default=60, help="a game not won within this many plies is not won")
    ap.add_argument("--rule", default=None, help="count only wins whose rule contains this text")
    ap.add_argument("--need", type=int, default=None, help="wins needed for exit status 0 (default 90%%)")
    ap.add_argument("--workers", type=int, default=1, help="games played at once, in processes of their own")
    args = ap.parse_args()

    started = time.perf_counter()
    load_start = os.getloadavg()
    if args.kind == "ai":
        knowledge = learn(open_game(args.game, args.variant))
        print(f"learned in {time.perf_counter() - started:.0f}s: "
              + ", ".join(f"{k}={v:.2f}" for k, v in sorted(knowledge.values.items(), key=lambda kv: kv[1])),
              flush=True)
        spec = f"alphabeta:depth={args.depth},nodes={args.budget}" + (
            f",time={args.seconds:g}" if args.seconds else "")
    else:
        spec = f"mcts:nodes={args.iterations}"
    plan = MatchPlan(args.game, args.variant, (Contestant(TESTED, parse_player_spec(spec)),
                                               Contestant(RANDOM, parse_player_spec("random"))),
                     args.games, max_plies=args.max_plies, seed=args.seed, first_game=args.first_game)

    def counted(report) -> bool:
        return (report.points is not None and report.points[TESTED] == 1.0
                and (args.rule is None or args.rule in report.reason))

    def result_of(report) -> str:
        points = report.points[TESTED] if report.points else 0.5
        return {1.0: "win", 0.0: "loss"}.get(points, "draw")

    def show(report, _result) -> None:
        seat = next(seat for seat, name in report.seats.items() if name == TESTED)
        rule = report.reason if report.termination is Termination.RULES else "ply limit or repetition"
        print(f"game {report.index:3d}: tested player is {seat:<6} {result_of(report):<4} "
              f"after {report.plies:3d} plies ({rule}) {'counted' if counted(report) else ''} "
              f"[{time.perf_counter() - started:.0f}s]", flush=True)

    result = run_match(plan, args.workers, on_report=show)
    reports = result.reports
    wins = sum(counted(r) for r in reports)
    tally = collections.Counter(result_of(r) for r in reports)
    rules = collections.Counter(r.reason for r in reports if result_of(r) == "win")
    plies = sorted(r.plies for r in reports if counted(r))
    median = plies[len(plies) // 2] if plies else 0
    load_end = os.getloadavg()
    print("wins by rule: " + ", ".join(f"{rule}: {n}" for rule, n in rules.most_common()))
    print(f"{args.game}: {spec} vs random, {len(reports)} games"
          f"{f' from game {args.first_game}' if args.first_game else ''}, seed {args.seed}, "
          f"at most {args.max_plies} plies: counted wins {wins} (median {median} plies; "
          f"all wins {tally['win']}, draws or unfinished {tally['draw']}, losses {tally['loss']})  "
          f"(load average {load_start[0]:.1f} at the start, {load_end[0]:.1f} at the end; "
          f"{time.perf_counter() - started:.0f}s)")
    need = args.need if args.need is not None else -(-90 * len(reports) // 100)
    return 0 if wins >= need else 1


if __name__ == "__main__":
    sys.exit(main())
