"""Interpreter time per position of a built-in game's generated ZRF, against its native engine.

Usage: python benchmarks/zrf_positions.py GAME [--zrf PATH] [--plies N] [--seed S]

Plays one seeded random game of GAME with the native engine for ``--plies`` turns
and sets each position up in the ZRF (``--zrf``, default: the committed generated
file) with ``--position``'s set-up (runtime.loading.setup_text).  For every position it
times the ZRF's legal whole turns (consecutive turns of one player merged, so that a
file whose turn order splits a turn in parts is timed per whole turn too) and the
native engine's legal moves,
and prints the mean seconds per position of each and their ratio.  Both run in the
same process one after the other, so the ratio is the figure to compare between
runs on a shared machine.  Give ``--zrf`` an older copy of the file to measure a
change (e.g. ``git show HEAD~3:variants/alpha_centauri/alpha_centauri.zrf``).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from runtime.loading.opening import open_game  # noqa: E402
from runtime.loading.registry import find_game  # noqa: E402
from runtime.loading.setup_text import SetupText, set_up  # noqa: E402
from runtime.core.merged_turns import MergedState, MergedTurns  # noqa: E402


def positions(game, plies: int, seed: int) -> list:
    """The states of one seeded random game of the native engine (game over: stop)."""
    rng = random.Random(seed)
    state = game.initial_state()
    out = [state]
    for _ in range(plies):
        moves = state.legal_moves()
        if not moves:
            break
        state = state.apply(rng.choice(moves))
        out.append(state)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--zrf", default=None, help="ZRF file (default: the committed generated file)")
    ap.add_argument("--plies", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    entry = find_game(args.game)
    if entry is None:
        sys.exit(f"{args.game}: not a built-in game")
    native = entry.load()
    path = args.zrf or entry.zrf
    t0 = time.perf_counter()
    zrf = open_game(path, entry.zrf_variant)
    load_seconds = time.perf_counter() - t0
    states = positions(native, args.plies, args.seed)
    zrf_time = native_time = 0.0
    for st in states:
        setup = SetupText(st.current_player, tuple((c, p, t) for c, (p, t) in sorted(st.board().items())))
        cand = MergedState(MergedTurns(zrf), set_up(zrf, setup.text()))
        t0 = time.perf_counter()
        cand.legal_moves()
        zrf_time += time.perf_counter() - t0
        fresh = native.state_from(st.board(), st.current_player)
        t0 = time.perf_counter()
        fresh.legal_moves()
        native_time += time.perf_counter() - t0
    n = len(states)
    print(f"{args.game}: {path}")
    print(f"ZRF load and compile: {load_seconds:.2f} s")
    print(f"positions: {n} (seed {args.seed}, {args.plies} plies)")
    print(f"ZRF: {zrf_time / n:.3f} s per position; native engine: {native_time / n:.3f} s; "
          f"ratio {zrf_time / native_time:.1f}")


if __name__ == "__main__":
    main()
