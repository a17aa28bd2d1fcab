"""Computer opponents for any game of the engine contract, by name.

* ``random``: :class:`~runtime.players.player.RandomPlayer`, a seeded random mover;
* ``ai`` / ``alphabeta``: :class:`~runtime.players.alphabeta.AlphaBetaPlayer`,
  iterative-deepening alpha-beta with an evaluation derived from the game's
  goals and learned piece values (:mod:`runtime.players.evaluation`);
* ``mcts``: :class:`~runtime.players.mcts.MCTSPlayer`, UCT with random playouts.

Matches against the random player (for benchmarks) are in :mod:`runtime.players.matches`.
"""

from __future__ import annotations

from runtime.players.alphabeta import AlphaBetaPlayer
from runtime.players.mcts import MCTSPlayer
from runtime.players.player import Player, RandomPlayer

__all__ = ["make_player", "Player", "RandomPlayer", "AlphaBetaPlayer", "MCTSPlayer"]

KINDS = ("random", "ai", "alphabeta", "mcts")
"""Player kinds :func:`make_player` knows."""


def make_player(kind: str, seed: int = 0, time_limit: float | None = None, strength: int = 5) -> Player:
    """A player by name: ``random``, ``ai`` / ``alphabeta`` or ``mcts``.

    ``strength`` (1..10) sets the alpha-beta depth cap and node budget, or the
    MCTS iteration count (``100 * strength``); ``time_limit`` caps the seconds
    per move on top of that.
    """
    if kind == "random":
        return RandomPlayer(seed)
    if kind in ("ai", "alphabeta"):
        return AlphaBetaPlayer(time_limit=time_limit, seed=seed, strength=strength)
    if kind == "mcts":
        return MCTSPlayer(iterations=100 * strength, time_limit=time_limit, seed=seed)
    raise ValueError(f"unknown player kind {kind!r} (random, ai, alphabeta, mcts)")
