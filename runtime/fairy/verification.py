"""Does Fairy-Stockfish, with a section loaded, play the same game as our interpreter?

Two independent checks, both required: the perft counts from the start to ``depth`` (3 by
default) are equal, and the cross-checker (:mod:`runtime.verify.crosscheck`) finds no
difference along seeded random games until at least ``positions`` positions (200 by
default) were compared, each by its board, side to move, pieces in hand, outcome and the
positions its legal moves lead to.  The first difference is reported with the moves that
reach it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from runtime.core.protocol import Game, State
from runtime.verify.crosscheck import CrossChecker, CrossCheckResult, Disagreement
from runtime.verify.perft import perft

#: The plies of one random game of the verification (a game may end sooner).
PLAYOUT_PLIES = 60


@dataclass
class Verification:
    """The outcome of :func:`verify`."""

    depth: int
    perft_ours: list[int] = field(default_factory=list)
    perft_theirs: list[int] = field(default_factory=list)
    positions: int = 0
    playouts: int = 0
    first_difference: Disagreement | None = None
    differences: int = 0
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return self.perft_ours == self.perft_theirs and self.differences == 0

    def describe(self) -> str:
        """One paragraph: the counts, and the first difference if any."""
        counts = ", ".join(f"perft({d + 1}) {a}" + ("" if a == b else f" (Fairy-Stockfish {b})")
                           for d, (a, b) in enumerate(zip(self.perft_ours, self.perft_theirs)))
        text = (f"{counts}; {self.positions} positions of {self.playouts} random games compared, "
                f"{self.differences} difference(s); {self.seconds:.1f} s")
        if self.first_difference is not None:
            text += "\nfirst difference (Fairy-Stockfish is the reference, its moves in UCI):\n" \
                    + self.first_difference.describe()
        return text

    def as_json(self) -> dict:
        return {"ok": self.ok, "depth": self.depth, "perft": self.perft_ours,
                "perft_fairy_stockfish": self.perft_theirs, "positions": self.positions,
                "playouts": self.playouts, "differences": self.differences,
                "first_difference": self.first_difference.as_json() if self.first_difference else None,
                "seconds": round(self.seconds, 3)}


def perft_counts(state: State, depth: int) -> list[int]:
    """perft(1) .. perft(``depth``) of ``state``."""
    return [perft(state, d) for d in range(1, depth + 1)]


def verify(fairy: Game, zrf: Game, depth: int = 3, positions: int = 200, seed: int = 0,
           plies: int = PLAYOUT_PLIES) -> Verification:
    """Compare ``fairy`` (the reference) and ``zrf`` (named alike: see :class:`.naming.Naming`)."""
    start = time.perf_counter()
    out = Verification(depth)
    out.perft_ours = perft_counts(zrf.initial_state(), depth)
    out.perft_theirs = perft_counts(fairy.initial_state(), depth)
    checker = CrossChecker(fairy, zrf, max_reports=1)
    result = CrossCheckResult()
    game = 0
    while result.positions < positions and game < positions:
        before = result.positions
        length = min(plies, positions - result.positions)
        checker.playout(fairy.initial_state(), zrf.initial_state(), seed + game, length, result=result)
        game += 1
        if result.unexplained or result.positions == before:
            break
    out.positions, out.playouts = result.positions, result.playouts
    out.differences = result.unexplained
    out.first_difference = result.failures[0] if result.failures else None
    out.seconds = time.perf_counter() - start
    return out
