"""A game's random players: which players roll instead of choosing, and how to roll for them.

A ZRF player whose name starts with ``?`` (``?Dice``, ``?R``) is a random
player: Zillions plays it by choosing uniformly among its legal turns (dice,
shuffles, a random opponent).  Nobody sits in its seat: a match never counts
it as a contestant, the play page and the terminal never ask a person for
its move.  Whoever runs a game asks :meth:`ChanceRoller.rolls_for` before
asking a player, and lets the roller move for the random player, seeded so
that a game can be played again.  A native engine has no random players
(:func:`runtime.core.protocol.zrf_definition` is None).
"""

from __future__ import annotations

import random

from runtime.core.protocol import Game, Move, State, zrf_definition


def random_players(game: Game) -> tuple[str, ...]:
    """The game's random players, in the game's order."""
    definition = zrf_definition(game)
    if definition is None:
        return ()
    rolling = set(definition.random_players)
    return tuple(p for p in game.players if p in rolling)


def choosing_players(game: Game) -> tuple[str, ...]:
    """The game's players who choose their moves (everyone but the random players), in order."""
    rolling = set(random_players(game))
    return tuple(p for p in game.players if p not in rolling)


class ChanceRoller:
    """Rolls for one game's random players: a uniformly random legal turn from a seeded generator."""

    def __init__(self, game: Game, seed: int = 0):
        self.players = frozenset(random_players(game))
        self.rng = random.Random(seed)

    def rolls_for(self, player: str) -> bool:
        return player in self.players

    def roll(self, state: State) -> Move:
        """The random player's turn in ``state``, drawn uniformly among its legal turns."""
        return state.random_move(self.rng)
