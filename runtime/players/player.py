"""The computer player interface and the simplest player, a seeded random mover.

A :class:`Player` chooses a move for the side to move through the engine
contract alone.  The searching players live in :mod:`runtime.players.alphabeta` and
:mod:`runtime.players.mcts`, UCI engines in :mod:`runtime.players.uci`;
:func:`runtime.players.factory.make_player` builds any of them from a player spec
(:mod:`runtime.players.spec`).

Whoever runs a game tells every player how it goes: :meth:`Player.begin` with
the start position, :meth:`Player.observe` with every move played, whoever
played it.  Players that search the position they are given ignore both; a
UCI engine, which is told a game as the moves from its start, keeps them.

A player that cannot go on raises :class:`Forfeit` (its program died, or it
answered a move the rules do not allow: it loses the game) or
:class:`Unplayable` (the game cannot be continued through no fault of its
own, such as a legal move its program has no notation for: the game is not
counted).
"""

from __future__ import annotations

import random

from runtime.core.protocol import Move, State


class Forfeit(Exception):
    """The player to move loses the game without a move of the rules; the message says why."""


class Unplayable(Exception):
    """The game cannot go on through nobody's fault; it is not counted.  The message says why."""


class Player:
    """Chooses a move for the side to move."""

    name = "player"

    def begin(self, state: State) -> None:
        """A game starts (or is continued) from ``state``; the default does nothing."""

    def choose(self, state: State) -> Move:
        raise NotImplementedError

    def observe(self, move: Move) -> None:
        """``move`` was played, by this player or another; the default does nothing."""

    def search_depth(self) -> int | None:
        """The depth the last :meth:`choose` searched to, for reports; None when it did not search
        by depth (the default) or did not search at all (one legal move)."""
        return None


def tell_game(player: Player, start: State, moves: list[Move]) -> None:
    """Tell ``player`` a game again from ``start``, move by move: what a front end whose game can be
    rewritten (taking moves back, loading a saved game) does before asking a UCI engine to move."""
    player.begin(start)
    for move in moves:
        player.observe(move)


class RandomPlayer(Player):
    """Uniformly random legal moves from a seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Move:
        return state.random_move(self.rng)
