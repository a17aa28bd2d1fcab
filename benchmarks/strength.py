"""Benchmark: the computer opponent against the random player.

    python benchmarks/strength.py GAME [--games 100] [--seed 0]
        [--depth 2] [--budget 60] [--max-plies 300] [--kind ai|mcts]

GAME is a built-in name (``canopus``) or a .zrf path (``tests/games/chess.zrf``).
The tested player takes the first seat in even games and the second in odd
ones; game i seeds it with SEED + i (see runtime.search.play_match).  Prints
one line per game and the totals wins/draws/losses; a game stopped by the
ply limit is a draw (not won).  Exit status 0 when wins >= --need, else 1.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--variant", default=None)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--kind", choices=("ai", "mcts"), default="ai")
    ap.add_argument("--depth", type=int, default=2, help="alpha-beta depth cap (plies)")
    ap.add_argument("--budget", type=int, default=60, help="alpha-beta node budget per move")
    ap.add_argument("--iterations", type=int, default=200, help="MCTS iterations per move")
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--need", type=int, default=None, help="wins needed for exit status 0 (default 95%%)")
    args = ap.parse_args()

    from runtime.games import load_game
    from runtime.search import AlphaBetaPlayer, MCTSPlayer, piece_values_for, play_match

    game = load_game(args.game, args.variant)
    started = time.perf_counter()
    if args.kind == "ai":
        values = piece_values_for(game, 0)
        print("learned values: " + ", ".join(f"{k}={v:.2f}" for k, v in sorted(values.items())), flush=True)

        def make(seed):
            return AlphaBetaPlayer(max_depth=args.depth, node_budget=args.budget, seed=seed, values=values)
    else:
        def make(seed):
            return MCTSPlayer(iterations=args.iterations, seed=seed)

    def report(g):
        rule = g.outcome.rule if g.outcome else "ply limit"
        print(f"game {g.index:3d}: tested player is {g.first_player_kind:<6} {g.result:<4} "
              f"after {g.plies:3d} plies ({rule})  [{time.perf_counter() - started:.0f}s]", flush=True)

    results = play_match(game, make, args.games, seed=args.seed, max_plies=args.max_plies, on_game=report)
    wins = sum(r.result == "win" for r in results)
    draws = sum(r.result == "draw" for r in results)
    losses = sum(r.result == "loss" for r in results)
    print(f"{game.name}: {args.kind} (depth {args.depth}, budget {args.budget}) vs random, "
          f"{len(results)} games, seed {args.seed}: wins {wins} draws {draws} losses {losses}  "
          f"({time.perf_counter() - started:.0f}s)")
    need = args.need if args.need is not None else -(-95 * len(results) // 100)
    return 0 if wins >= need else 1


if __name__ == "__main__":
    sys.exit(main())
