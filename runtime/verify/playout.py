"""Seeded random playouts: the smoke test every engine runs over many games."""

from __future__ import annotations

import random
from dataclasses import dataclass

from runtime.core.protocol import Move, Outcome, State


@dataclass
class PlayoutResult:
    """How one random game went: the moves played and why it stopped."""

    moves: list[Move]
    outcome: Outcome | None
    final: State

    @property
    def plies(self) -> int:
        return len(self.moves)

    @property
    def reason(self) -> str:
        """The rule that ended the game, or ``"ply limit"``."""
        return self.outcome.rule if self.outcome else "ply limit"


def random_playout(state: State, seed: int, max_plies: int = 200) -> PlayoutResult:
    """Play uniformly random legal moves until the game ends or ``max_plies``."""
    rng = random.Random(seed)
    played: list[Move] = []
    for _ in range(max_plies):
        outcome = state.outcome()
        if outcome is not None:
            return PlayoutResult(played, outcome, state)
        try:
            move = state.random_move(rng)
        except ValueError:
            raise AssertionError(
                f"no legal moves but no outcome after {' , '.join(m.notation for m in played)}") from None
        played.append(move)
        state = state.apply(move)
    return PlayoutResult(played, state.outcome(), state)
