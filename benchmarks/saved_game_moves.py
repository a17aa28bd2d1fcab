"""Benchmark: writing a native engine's games in its generated ZRF's notation, this checkout against a previous revision.

    python benchmarks/saved_game_moves.py GAME [--previous main] [--games 3] [--plies 200] [--seed 0]

``zrf evaluate --report`` and ``zrf match`` save each game a native engine
played as a .zsg in the moves of the game's generated ZRF
(:func:`runtime.savedgames.zrf_moves.generated_zrf_moves`), which asks the
ZRF interpreter for candidate turns at every ply.  This benchmark plays
``--games`` seeded random games of ``--plies`` plies with the native engine
(the same games in both checkouts: the native engine's moves do not depend
on the ZRF), then times the conversion of each, in this checkout and in the
previous revision (checked out beside it, removed afterwards), one after the
other in separate processes.  It prints the processor time of each side, the
ratio previous / ours, and whether both wrote the same move lists.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from previous_checkout import previous_checkout

ROOT = Path(__file__).resolve().parent.parent

CONVERT = r"""
import hashlib, json, random, sys, time
from runtime.loading.registry import find_game
from runtime.savedgames.zrf_moves import generated_zrf_moves
name, games, plies, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
entry = find_game(name)
game = entry.load()
rows = []
for k in range(games):
    rng = random.Random(seed + k)
    state, moves = game.initial_state(), []
    while len(moves) < plies and state.outcome() is None:
        legal = state.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(move)
        state = state.apply(move)
    start = time.process_time()
    _, written = generated_zrf_moves(entry, game, moves)
    cpu = time.process_time() - start
    digest = hashlib.sha256("\n".join(m.notation for m in written).encode()).hexdigest()[:12]
    rows.append({"plies": len(moves), "cpu": cpu, "moves": digest})
print(json.dumps(rows))
"""


def convert(checkout: Path, args: argparse.Namespace) -> list[dict]:
    """The per-game rows (plies, processor seconds, digest of the written moves) of ``checkout``."""
    env = dict(os.environ, PYTHONPATH=str(checkout), PYTHONHASHSEED="0")
    proc = subprocess.run([sys.executable, "-c", CONVERT, args.game, str(args.games), str(args.plies),
                           str(args.seed)], check=False, capture_output=True, text=True, env=env, cwd=checkout)
    if proc.returncode:
        raise SystemExit(f"{checkout}: {(proc.stderr or proc.stdout).strip().splitlines()[-1:]}")
    return json.loads(proc.stdout)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--previous", default="main")
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--plies", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    with previous_checkout(ROOT, args.previous, "saved-game-moves-") as (_, previous, commit):
        ours = convert(ROOT, args)
        before = convert(previous, args)
    print(f"{args.game}: {args.games} seeded random games of up to {args.plies} plies (seed {args.seed} on)")
    for k, (a, b) in enumerate(zip(ours, before)):
        print(f"  game {k}: {a['plies']} plies; ours {a['cpu']:.1f} s, previous ({commit}) {b['cpu']:.1f} s; "
              f"same moves written: {a['moves'] == b['moves']}")
    total_ours, total_before = sum(r["cpu"] for r in ours), sum(r["cpu"] for r in before)
    print(f"processor time: ours {total_ours:.1f} s, previous {total_before:.1f} s; "
          f"speed-up (previous / ours) {total_before / total_ours:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
