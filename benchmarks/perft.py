"""Benchmark: our chess ZRF's perft against python-chess's, in the same run.

    python benchmarks/perft.py [--depth 4] [--clock cpu] [--runs N]

python-chess makes every leaf move (push/pop at the last ply too), the usual
way to time a move generator in Python; ours counts the last ply's legal turns
with ``State.legal_move_count()``, as ``zrf perft`` does: each turn's position
is made (the king-safety test needs it) but not its notation.  Prints nodes,
seconds and nodes/s of both and the ratio ours / python-chess.  A second line
times python-chess *counting* its last ply (``legal_moves.count()``, no
push/pop), the fastest perft it has, and prints that ratio too.  ``--clock cpu`` times both
in processor seconds of this process, so other jobs on the machine do not
skew the ratio; ``--runs N`` times each side N times, alternating, and keeps
each side's best.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def chess_perft(board, depth: int, count_last: bool = False) -> int:
    """python-chess perft, pushing and popping every move including the leaves;
    with ``count_last`` the last ply's moves are counted, not made."""
    if depth == 0:
        return 1
    if count_last and depth == 1:
        return board.legal_moves.count()
    n = 0
    for m in board.legal_moves:
        board.push(m)
        n += chess_perft(board, depth - 1, count_last)
        board.pop()
    return n


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="wall: elapsed seconds; cpu: this process's processor seconds")
    ap.add_argument("--runs", type=int, default=1, help="time each side this many times, keep the best")
    args = ap.parse_args()
    import chess

    from runtime.loading.opening import open_game
    from runtime.verify.perft import perft_report

    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    game = open_game(str(ROOT / "tests" / "games" / "chess.zrf"))
    ours_s = theirs_s = counted_s = float("inf")
    for _ in range(max(1, args.runs)):
        t = clock()
        report = perft_report(game.initial_state(), args.depth)
        ours_s = min(ours_s, clock() - t)
        t = clock()
        total = sum(chess_perft(chess.Board(), d) for d in range(1, args.depth + 1))
        theirs_s = min(theirs_s, clock() - t)
        t = clock()
        counted = sum(chess_perft(chess.Board(), d, True) for d in range(1, args.depth + 1))
        counted_s = min(counted_s, clock() - t)
    ours_rate = report.nodes / ours_s
    theirs_rate = total / theirs_s

    leaf = report.counts[args.depth]
    print(f"chess ZRF perft({args.depth}) = {leaf}: {report.nodes} nodes in {ours_s:.2f} s, "
          f"{ours_rate:,.0f} nodes/s ({args.clock} clock)")
    print(f"python-chess perft 1..{args.depth}: {total} nodes in {theirs_s:.2f} s, {theirs_rate:,.0f} nodes/s")
    print(f"ratio ours / python-chess: {ours_rate / theirs_rate:.3f}")
    print(f"python-chess counting its last ply: {counted} nodes in {counted_s:.2f} s, "
          f"{counted / counted_s:,.0f} nodes/s; ratio ours / that: "
          f"{ours_rate / (counted / counted_s):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
