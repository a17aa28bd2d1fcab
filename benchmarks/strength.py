"""Benchmark: the computer player against the random player, counting wins by the game's own goals.

    python benchmarks/strength.py GAME [--games 50] [--first-game 0] [--seed 0] [--max-plies 60]
        [--rule TEXT] [--depth 3] [--budget 200] [--seconds S] [--kind ai|mcts] [--need N]

GAME is a built-in name (``alpha-centauri``) or a .zrf path.  The tested
player takes the first seat in even games and the second in odd ones; game i
seeds it with SEED + i and the random player with SEED + 1000 (k + 1) + i
(see runtime.players.matches.play_match).  A game counts as *won* only when the tested
player wins within ``--max-plies`` plies (one ply is one whole turn of one
player) and, with ``--rule``, when the rule that ended it contains TEXT (for
Alpha Centauri: ``--rule "King and Dame meet"``).  The alpha-beta player is
limited by ``--depth`` and ``--budget`` (move generations per move), which
makes the games reproducible on any machine; ``--seconds`` adds a clock.

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

from runtime.players.alphabeta import AlphaBetaPlayer  # noqa: E402
from runtime.players.clock import TimeControl  # noqa: E402
from runtime.loading.opening import load_game  # noqa: E402
from runtime.players.knowledge import knowledge_for  # noqa: E402
from runtime.players.matches import play_match  # noqa: E402
from runtime.players.mcts import MCTSPlayer  # noqa: E402


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
    ap.add_argument("--seconds", type=float, default=None, help="alpha-beta clock per move (not reproducible)")
    ap.add_argument("--iterations", type=int, default=200, help="MCTS iterations per move")
    ap.add_argument("--max-plies", type=int, default=60, help="a game not won within this many plies is not won")
    ap.add_argument("--rule", default=None, help="count only wins whose rule contains this text")
    ap.add_argument("--need", type=int, default=None, help="wins needed for exit status 0 (default 90%%)")
    args = ap.parse_args()

    game = load_game(args.game, args.variant)
    started = time.perf_counter()
    load_start = os.getloadavg()
    if args.kind == "ai":
        knowledge = knowledge_for(game, 0)
        print(f"learned in {time.perf_counter() - started:.0f}s: "
              + ", ".join(f"{k}={v:.2f}" for k, v in sorted(knowledge.values.items(), key=lambda kv: kv[1])),
              flush=True)
        clock = TimeControl(per_move=args.seconds) if args.seconds else None

        def make(seed):
            return AlphaBetaPlayer(max_depth=args.depth, node_budget=args.budget, seed=seed,
                                   knowledge=knowledge, clock=clock)
        setting = f"alpha-beta depth {args.depth}, budget {args.budget}" + (
            f", {args.seconds:g} s per move" if args.seconds else "")
    else:
        def make(seed):
            return MCTSPlayer(iterations=args.iterations, seed=seed)
        setting = f"MCTS {args.iterations} iterations"

    def counted(g) -> bool:
        return g.result == "win" and (args.rule is None or args.rule in g.outcome.rule)

    def report(g):
        rule = g.outcome.rule if g.outcome else "ply limit"
        mark = "counted" if counted(g) else ""
        print(f"game {g.index:3d}: tested player is {g.first_player_kind:<6} {g.result:<4} "
              f"after {g.plies:3d} plies ({rule}) {mark} [{time.perf_counter() - started:.0f}s]", flush=True)

    results = play_match(game, make, args.games, seed=args.seed, max_plies=args.max_plies, on_game=report,
                         first_game=args.first_game)
    wins = sum(counted(r) for r in results)
    tally = collections.Counter(r.result for r in results)
    rules = collections.Counter(r.outcome.rule for r in results if r.result == "win")
    plies = sorted(r.plies for r in results if counted(r))
    median = plies[len(plies) // 2] if plies else 0
    load_end = os.getloadavg()
    print("wins by rule: " + ", ".join(f"{rule}: {n}" for rule, n in rules.most_common()))
    print(f"{game.name}: {setting} vs random, {len(results)} games"
          f"{f' from game {args.first_game}' if args.first_game else ''}, seed {args.seed}, "
          f"at most {args.max_plies} plies: counted wins {wins} (median {median} plies; "
          f"all wins {tally['win']}, draws or unfinished {tally['draw']}, losses {tally['loss']})  "
          f"(load average {load_start[0]:.1f} at the start, {load_end[0]:.1f} at the end; "
          f"{time.perf_counter() - started:.0f}s)")
    need = args.need if args.need is not None else -(-90 * len(results) // 100)
    return 0 if wins >= need else 1


if __name__ == "__main__":
    sys.exit(main())
