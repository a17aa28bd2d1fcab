"""Benchmark: our chess ZRF's perft against python-chess's, in the same run.

    python benchmarks/perft.py [--depth 4]

python-chess makes every leaf move (push/pop at the last ply too), the usual
way to time a move generator in Python.  Prints nodes, seconds and nodes/s of
both and the ratio ours / python-chess (first target: at least 0.10).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def chess_perft(board, depth: int) -> int:
    """python-chess perft, pushing and popping every move including the leaves."""
    if depth == 0:
        return 1
    n = 0
    for m in board.legal_moves:
        board.push(m)
        n += chess_perft(board, depth - 1)
        board.pop()
    return n


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depth", type=int, default=4)
    args = ap.parse_args()
    import chess

    from runtime.interpreter import load_zrf_game
    from runtime.perft import perft_report

    game = load_zrf_game(str(ROOT / "tests" / "games" / "chess.zrf"))
    report = perft_report(game.initial_state(), args.depth)
    ours_nodes = report.nodes
    ours_rate = report.nodes_per_second

    t = time.perf_counter()
    total = sum(chess_perft(chess.Board(), d) for d in range(1, args.depth + 1))
    theirs_s = time.perf_counter() - t
    theirs_rate = total / theirs_s

    leaf = report.counts[args.depth]
    print(f"chess ZRF perft({args.depth}) = {leaf}: {ours_nodes} nodes in {report.seconds:.2f} s, "
          f"{ours_rate:,.0f} nodes/s")
    print(f"python-chess perft 1..{args.depth}: {total} nodes in {theirs_s:.2f} s, {theirs_rate:,.0f} nodes/s")
    print(f"ratio ours / python-chess: {ours_rate / theirs_rate:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
