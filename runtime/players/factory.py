"""Players from player specs (:mod:`runtime.players.spec`): one function for one game, one owner for a series.

* ``random``: :class:`~runtime.players.player.RandomPlayer`, a seeded random mover;
* ``alphabeta`` (``ai``): :class:`~runtime.players.alphabeta.AlphaBetaPlayer`,
  iterative-deepening alpha-beta with an evaluation derived from the game's
  goals and learned piece values (:mod:`runtime.players.evaluation`);
* ``mcts``: :class:`~runtime.players.mcts.MCTSPlayer`, UCT with random playouts;
* ``uci:ENGINE``: :class:`~runtime.players.uci.UciPlayer`, any UCI engine;
* ``fairy-stockfish``: the same, Fairy-Stockfish playing the game's export,
  which its caller makes (:func:`runtime.fairy.engine_variant.uci_game`) and
  gives the :class:`PlayerSource`.

A budget's ``strength`` is a level of :mod:`runtime.players.strength_scale`
(for alpha-beta also its choice noise; a spec without a level plays without),
``time`` a :class:`~runtime.players.clock.TimeControl` per move (on the
processor clock with ``cpu_clock``), ``nodes`` and ``depth`` the search's own
limits.  :func:`make_player` builds the player of one game;
:class:`PlayerSource` makes one for every game of a series and owns what they
share (a UCI engine's process), until :meth:`PlayerSource.close`.
"""

from __future__ import annotations

from typing import Callable

from runtime.players.alphabeta import AlphaBetaPlayer
from runtime.players.clock import TimeControl
from runtime.players.knowledge import KnowledgeCache
from runtime.players.mcts import MCTSPlayer
from runtime.players.player import Player, RandomPlayer
from runtime.players.spec import ENGINES, PlayerKind, PlayerSpec, parse_player_spec
from runtime.players.strength_scale import DEFAULT_LEVEL, strength_level
from runtime.players.uci import UciSeat
from runtime.players.uci_notation import UciGame

__all__ = ["make_player", "PlayerSource", "Player", "RandomPlayer", "AlphaBetaPlayer", "MCTSPlayer"]

KINDS = ("random", "ai", "alphabeta", "mcts")
"""The computer players :func:`make_player` builds from a bare word (``uci`` needs an engine)."""

UNLIMITED_DEPTH = 64
"""The depth cap of a player limited only by time or nodes."""


def _clock(spec: PlayerSpec, cpu_clock: bool, cancelled: Callable[[], bool] | None = None) -> TimeControl | None:
    if spec.seconds is None and cancelled is None:
        return None
    return TimeControl(per_move=spec.seconds, cpu=cpu_clock, cancelled=cancelled)


def _ours(spec: PlayerSpec, seed: int, cpu_clock: bool, knowledge: KnowledgeCache | None = None,
          cancelled: Callable[[], bool] | None = None) -> Player:
    if spec.kind is PlayerKind.RANDOM:
        return RandomPlayer(seed)
    budgeted = spec if spec.has_budget else PlayerSpec(spec.kind, spec.text, strength=DEFAULT_LEVEL)
    level = strength_level(budgeted.strength) if budgeted.strength is not None else None
    if spec.kind is PlayerKind.ALPHABETA:
        nodes = budgeted.nodes if budgeted.nodes is not None else (level.nodes if level else None)
        depth = budgeted.depth if budgeted.depth is not None else (level.max_depth if level else UNLIMITED_DEPTH)
        return AlphaBetaPlayer(max_depth=depth, node_budget=nodes, seed=seed,
                               clock=_clock(budgeted, cpu_clock, cancelled), knowledge_cache=knowledge,
                               choice_noise=level.choice_noise if level else 0.0)
    if spec.kind is PlayerKind.MCTS:
        iterations = budgeted.nodes if budgeted.nodes is not None else (
            level.mcts_iterations if level else 10**9)
        clock = _clock(budgeted, cpu_clock, cancelled)
        return MCTSPlayer(iterations=iterations, clock=clock, seed=seed)
    raise ValueError(f"{spec.text}: {spec.kind.value} is not a computer player of ours")


def make_player(kind: str | PlayerSpec, seed: int = 0, time_limit: float | None = None,
                strength: int | None = None, cpu_clock: bool = False,
                knowledge: KnowledgeCache | None = None, cancelled: Callable[[], bool] | None = None) -> Player:
    """The player of one game for a spec (a :class:`PlayerSpec` or its text, e.g. ``ai`` or
    ``alphabeta:nodes=2000``).

    A spec without a budget of its own gets ``strength`` (default
    :data:`~runtime.players.strength_scale.DEFAULT_LEVEL`) and ``time_limit``
    seconds per move, as ``zrf play --strength --time`` give them.  A UCI
    engine needs an owner for its process: use :class:`PlayerSource`.
    Raises :class:`~runtime.players.spec.SpecError` (a ValueError) for a spec
    that cannot be read and ValueError for one that is not a computer player.
    ``knowledge`` is the caller's cache of learned knowledge, shared by the
    players it makes (an alpha-beta player without one keeps its own).
    ``cancelled``, asked while a searching player thinks, stops it at once when
    it answers true (:class:`~runtime.players.clock.TimeControl`).
    """
    spec = kind if isinstance(kind, PlayerSpec) else parse_player_spec(kind)
    if spec.kind in ENGINES:
        raise ValueError(f"{spec.text}: a UCI engine is played through a PlayerSource")
    if not spec.has_budget and spec.kind is not PlayerKind.RANDOM and spec.kind is not PlayerKind.HUMAN:
        spec = PlayerSpec(spec.kind, spec.text, strength=strength or DEFAULT_LEVEL, seconds=time_limit)
    return _ours(spec, seed, cpu_clock, knowledge, cancelled)


class PlayerSource:
    """Makes ``spec``'s player for each game of a series (see the module docstring).

    ``cpu_clock``: time budgets count this process's processor time;
    ``uci_variant``: the ``UCI_Variant`` a ``uci:`` engine plays when its spec sets none;
    ``uci_game``: the game as a ``fairy-stockfish`` engine plays it (required for that kind);
    ``knowledge``: the learned knowledge its players share (default: a cache of its own).
    """

    def __init__(self, spec: PlayerSpec, cpu_clock: bool = False, uci_variant: str | None = None,
                 uci_game: UciGame | None = None, knowledge: KnowledgeCache | None = None):
        if spec.kind is PlayerKind.HUMAN:
            raise ValueError(f"{spec.text}: a person is not a computer player")
        if spec.kind is PlayerKind.FAIRY and uci_game is None:
            raise ValueError(f"{spec.text}: Fairy-Stockfish plays a game it is given as an export")
        self.spec = spec
        self.cpu_clock = cpu_clock
        #: learned knowledge shared by the players of the series (each game is learned once)
        self.knowledge = knowledge if knowledge is not None else KnowledgeCache()
        self.seat = UciSeat(spec, uci_variant, uci_game if spec.kind is PlayerKind.FAIRY else None) \
            if spec.kind in ENGINES else None

    def player(self, seed: int) -> Player:
        """A fresh player for one game (a searching player keeps per-game memory), seeded with ``seed``."""
        if self.seat is not None:
            return self.seat.player()
        return _ours(self.spec, seed, self.cpu_clock, self.knowledge)

    def describe(self) -> str:
        text = self.spec.describe()
        if self.seat is not None and self.seat.engine is not None:
            text += f" ({self.seat.engine.name})"
        return text

    def close(self) -> None:
        """Ends what the players shared (a UCI engine's process); safe to call twice."""
        if self.seat is not None:
            self.seat.close()
