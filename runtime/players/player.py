"""The computer player interface and the simplest player, a seeded random mover.

A :class:`Player` chooses a move for the side to move through the engine
contract alone.  The searching players live in :mod:`runtime.players.alphabeta` and
:mod:`runtime.players.mcts`; :func:`runtime.players.factory.make_player` builds any of them by name.
"""

from __future__ import annotations

import random

from runtime.core.protocol import Move, State


class Player:
    """Chooses a move for the side to move."""

    name = "player"

    def choose(self, state: State) -> Move:
        raise NotImplementedError


class RandomPlayer(Player):
    """Uniformly random legal moves from a seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Move:
        return state.random_move(self.rng)
