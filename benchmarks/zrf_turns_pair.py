"""Benchmark: two versions of one ZRF file, timed on the same positions, with their move sets compared.

    python benchmarks/zrf_turns_pair.py OLD.zrf NEW.zrf [--plies 30] [--games 2] [--seed 0]

Plays ``--games`` seeded random games of ``--plies`` plies with OLD.zrf's legal
whole turns and makes the same moves (by notation) in NEW.zrf.  At every
position it asks each file for its legal whole turns, one after the other in
this process, the old one first at every other position (the first asked runs
markedly slower, whichever it is), and adds up the processor time of each; it counts the positions
where the two sets of move notations differ.  A rewrite of a generated file
that keeps its rules (e.g. ``git show main:variants/alpha_centauri/alpha_centauri.zrf
> OLD.zrf``) should print 0 differing positions and its speed-up.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from runtime.loading.opening import open_game


def timed_moves(state) -> tuple[list, float]:
    """The state's legal moves and the processor seconds they took."""
    start = time.process_time()
    moves = state.legal_moves()
    return moves, time.process_time() - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--plies", type=int, default=30)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    old, new = open_game(args.old), open_game(args.new)
    old_cpu = new_cpu = 0.0
    positions = turns = differing = 0
    for k in range(args.games):
        rng = random.Random(args.seed + k)
        a, b = old.initial_state(), new.initial_state()
        for _ in range(args.plies + 1):
            if positions % 2:
                moves_b, cpu_b = timed_moves(b)
                moves_a, cpu_a = timed_moves(a)
            else:
                moves_a, cpu_a = timed_moves(a)
                moves_b, cpu_b = timed_moves(b)
            old_cpu, new_cpu = old_cpu + cpu_a, new_cpu + cpu_b
            positions, turns = positions + 1, turns + len(moves_a)
            by_notation = {m.notation: m for m in moves_b}
            differing += sorted(m.notation for m in moves_a) != sorted(by_notation)
            if not moves_a or a.outcome() is not None:
                break
            move = rng.choice(moves_a)
            if move.notation not in by_notation:
                print(f"game {k}: {move.notation!r} has no move of {args.new}; stopped")
                break
            a, b = a.apply(move), b.apply(by_notation[move.notation])
    print(f"{positions} positions ({args.games} games, seed {args.seed} on), {turns} legal turns of {args.old}")
    print(f"positions whose move sets differ: {differing}")
    print(f"processor time: {args.old} {old_cpu:.2f} s, {args.new} {new_cpu:.2f} s; "
          f"speed-up (old / new) {old_cpu / new_cpu:.2f}")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
