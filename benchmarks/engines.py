"""Perft speed of every native engine: nodes/s per built-in game.

Usage: python benchmarks/engines.py [--depth N] [GAME ...]

For each built-in game (or the ones named) it runs perft from the initial
position to ``--depth`` (default 3; 2 for alpha-centauri, whose two-part turns
make the tree wide) and prints the counts, the nodes visited and nodes/s.  As
a yardstick from the same run it also times python-chess's perft(3) from the
chess start position, when python-chess is installed, and prints each
engine's speed as a ratio to it.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from runtime.verify.perft import perft_report  # noqa: E402
from runtime.loading.registry import find_game, game_names  # noqa: E402

DEFAULT_DEPTH = {"alpha-centauri": 2}


def python_chess_rate(depth: int = 3) -> float | None:
    """python-chess nodes/s making every move of its perft(depth)."""
    try:
        import chess
    except ImportError:
        return None
    board = chess.Board()
    nodes = 0

    def walk(d: int) -> None:
        nonlocal nodes
        for move in board.legal_moves:
            nodes += 1
            if d > 1:
                board.push(move)
                walk(d - 1)
                board.pop()

    start = time.perf_counter()
    walk(depth)
    return nodes / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="built-in game names (default: all)")
    parser.add_argument("--depth", type=int, default=None, help="perft depth (default 3; 2 for alpha-centauri)")
    args = parser.parse_args(argv)
    names = args.games or game_names()
    peer = python_chess_rate()
    if peer:
        print(f"{'python-chess perft(3)':<24} {peer:>12,.0f} nodes/s (yardstick)")
    for name in names:
        entry = find_game(name)
        if entry is None:
            print(f"{name:<24} not a registered game")
            continue
        try:
            game = entry.load()
        except ImportError as exc:
            print(f"{name:<24} not available: {exc}")
            continue
        depth = args.depth or DEFAULT_DEPTH.get(name, 3)
        report = perft_report(game.initial_state(), depth)
        counts = " ".join(str(report.counts[d]) for d in sorted(report.counts))
        ratio = f"  ratio {report.nodes_per_second / peer:.3f}" if peer else ""
        print(f"{name:<24} {report.nodes_per_second:>12,.0f} nodes/s  perft({depth}) {counts}"
              f"  {report.nodes} nodes in {report.seconds:.2f}s{ratio}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
