"""Perft: counting the leaf nodes of the legal-move tree, the standard test of a move generator.

A terminal position (``outcome()`` is not ``None``) has no successors, so it
contributes nothing below itself, exactly as engines count mate positions.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

from runtime.core.protocol import State


def perft(state: State, depth: int) -> int:
    """Number of move sequences of length ``depth`` from ``state``."""
    if depth == 0:
        return 1
    if depth == 1:
        return state.legal_move_count()
    moves = state.legal_moves()
    return sum(perft(state.apply(m), depth - 1) for m in moves)


def divide(state: State, depth: int) -> dict[str, int]:
    """Perft below each legal move (``notation -> count``), for locating bugs."""
    return {m.notation: perft(state.apply(m), depth - 1) for m in state.legal_moves()}


@dataclass
class PerftReport:
    """Counts per depth plus total nodes visited and time taken."""

    counts: dict[int, int] = field(default_factory=dict)
    nodes: int = 0
    seconds: float = 0.0

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0

    def as_json(self) -> dict:
        return {
            "counts": {str(d): n for d, n in sorted(self.counts.items())},
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            "nodes_per_second": round(self.nodes_per_second, 1),
        }


def perft_report(state: State, depth: int,
                 progress: Callable[[int, int], None] | None = None) -> PerftReport:
    """Perft for every depth 1..``depth`` in one tree walk.

    ``nodes`` counts every position generated below the root (the sum of the
    per-depth counts).  ``progress(done, total)`` is called after each root move.
    """
    report = PerftReport(counts={d: 0 for d in range(1, depth + 1)})
    start = time.perf_counter()

    def walk(s: State, d: int) -> None:
        if d == depth:
            report.counts[d] += s.legal_move_count()
            return
        moves = s.legal_moves()
        report.counts[d] += len(moves)
        for m in moves:
            walk(s.apply(m), d + 1)

    if depth >= 1:
        root_moves = state.legal_moves()
        report.counts[1] = len(root_moves)
        for i, m in enumerate(root_moves, 1):
            if depth > 1:
                walk(state.apply(m), 2)
            if progress:
                progress(i, len(root_moves))
    report.seconds = time.perf_counter() - start
    report.nodes = sum(report.counts.values())
    return report
