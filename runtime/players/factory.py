"""Computer opponents for any game of the engine contract, by name.

* ``random``: :class:`~runtime.players.player.RandomPlayer`, a seeded random mover;
* ``ai`` / ``alphabeta``: :class:`~runtime.players.alphabeta.AlphaBetaPlayer`,
  iterative-deepening alpha-beta with an evaluation derived from the game's
  goals and learned piece values (:mod:`runtime.players.evaluation`);
* ``mcts``: :class:`~runtime.players.mcts.MCTSPlayer`, UCT with random playouts.

Matches against the random player (for benchmarks) are in :mod:`runtime.players.matches`.
"""

from __future__ import annotations

from zrf.text_enum import TextEnum

from runtime.players.alphabeta import AlphaBetaPlayer
from runtime.players.knowledge import KnowledgeCache
from runtime.players.mcts import MCTSPlayer
from runtime.players.player import Player, RandomPlayer

__all__ = ["make_player", "PlayerKind", "Player", "RandomPlayer", "AlphaBetaPlayer", "MCTSPlayer"]

class PlayerKind(TextEnum):
    """The computer players :func:`make_player` builds."""

    RANDOM = "random"
    ALPHABETA = "alphabeta"
    MCTS = "mcts"

    @classmethod
    def read(cls, text: str) -> "PlayerKind":
        """The kind a user typed (``ai`` is alpha-beta); ValueError naming the kinds otherwise."""
        if text == "ai":
            return cls.ALPHABETA
        try:
            return cls(text)
        except ValueError:
            raise ValueError(f"unknown player kind {text!r} ({', '.join(KINDS)})") from None


KINDS = ("random", "ai", "alphabeta", "mcts")
"""Player kinds :func:`make_player` accepts as text."""


def make_player(kind: PlayerKind | str, seed: int = 0, time_limit: float | None = None, strength: int = 5,
                knowledge: KnowledgeCache | None = None) -> Player:
    """A player by kind: :class:`PlayerKind`, or its text (``random``, ``ai`` / ``alphabeta``, ``mcts``).

    ``strength`` (1..10) sets the alpha-beta depth cap and node budget, or the
    MCTS iteration count (``100 * strength``); ``time_limit`` caps the seconds
    per move on top of that.  ``knowledge`` is the caller's cache of learned
    knowledge, shared by the players it makes (an alpha-beta player without
    one learns the game itself).  ValueError for an unknown kind.
    """
    kind = PlayerKind.read(kind)
    if kind is PlayerKind.RANDOM:
        return RandomPlayer(seed)
    if kind is PlayerKind.ALPHABETA:
        return AlphaBetaPlayer(time_limit=time_limit, seed=seed, strength=strength, knowledge_cache=knowledge)
    return MCTSPlayer(iterations=100 * strength, time_limit=time_limit, seed=seed)
