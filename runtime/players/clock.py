"""Time control for computer players: how long one move may think, from a per-move limit or a game clock.

A search asks two questions of its :class:`Deadline`:

* ``may_deepen()`` before starting another iteration of iterative deepening:
  false once the *soft* limit has passed (the next, deeper iteration would
  most likely not finish; time saved now is time a later move can spend);
* ``expired()`` while searching: true once the *hard* limit has passed; the
  search then stops at once and plays the best move of the last iteration.

:class:`TimeControl` turns the game's time rules into those two limits:

* a fixed time per move (``per_move``): soft and hard at 95 % of it.  Time a
  move leaves unspent is lost to the game, and a cut iteration is not wasted
  (the search plays the previous best unless a move searched deeper beats
  it, :mod:`runtime.players.alphabeta`), so a new iteration starts whenever time is left;
* a game clock (``remaining`` seconds for the rest of the game, ``increment``
  added after each move, ``moves_to_go`` until the next time control, else a
  game is assumed to last ``EXPECTED_MOVES`` more moves): the target is the
  remaining time shared among the moves to come plus most of the increment,
  soft at 60 % of the target, hard at three targets but never more than a
  third of what is left.

Whoever asked for the move may also stop the thinking at once: a
``cancelled`` callable (the play page's Stop button) makes ``expired()`` true
and ``may_deepen()`` false as soon as it answers true; the search then
returns what it has, as at the hard limit.

By default the limits are wall-clock seconds, as a player facing a person
expects.  ``cpu=True`` counts the seconds of processor time this process
spends instead (``time.process_time``): a benchmark on a shared machine then
gives the player the same thinking whatever else runs beside it.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Callable

from runtime.core.protocol import Move, State

EXPECTED_MOVES = 30
"""Moves a game clock is shared among when the time control does not say."""


@dataclass(frozen=True)
class TimeControl:
    """Time rules for one player: a fixed time per move, or a game clock (seconds)."""

    per_move: float | None = None
    remaining: float | None = None
    increment: float = 0.0
    moves_to_go: int | None = None
    cpu: bool = False
    """Count this process's processor time instead of wall-clock time."""
    cancelled: Callable[[], bool] | None = None
    """Asked while thinking: true stops the thinking at once (see the module docstring)."""

    def limits(self) -> tuple[float, float]:
        """(soft, hard) seconds for the next move; ``inf`` when nothing limits it."""
        if self.per_move is not None:
            return self.per_move * 0.95, self.per_move * 0.95
        if self.remaining is not None:
            left = max(self.remaining, 0.0)
            target = left / max(self.moves_to_go or EXPECTED_MOVES, 1) + 0.8 * self.increment
            hard = min(3 * target, left / 3 + 0.8 * self.increment)
            return min(0.6 * target, hard), hard
        return math.inf, math.inf

    def start(self) -> Deadline:
        """A :class:`Deadline` starting now."""
        soft, hard = self.limits()
        return Deadline.after(soft, hard, time.process_time if self.cpu else time.perf_counter, self.cancelled)


@dataclass
class Deadline:
    """Soft and hard moments of one move's thinking, as values of ``now`` (wall or processor seconds)."""

    started: float
    soft: float
    hard: float
    now: Callable[[], float] = time.perf_counter
    #: true once whoever asked for the move has stopped the thinking
    cancelled: Callable[[], bool] | None = None

    @classmethod
    def after(cls, soft: float, hard: float, now: Callable[[], float] = time.perf_counter,
              cancelled: Callable[[], bool] | None = None) -> Deadline:
        start = now()
        return cls(start, start + soft, start + hard, now, cancelled)

    @classmethod
    def none(cls) -> Deadline:
        """No limit at all."""
        return cls(time.perf_counter(), math.inf, math.inf)

    def may_deepen(self) -> bool:
        return self.now() < self.soft and not (self.cancelled is not None and self.cancelled())

    def expired(self) -> bool:
        return self.now() >= self.hard or (self.cancelled is not None and self.cancelled())

    def elapsed(self) -> float:
        return self.now() - self.started

    def share(self, fraction: float) -> Deadline:
        """A deadline ``fraction`` of this one's way from its start to each of its limits."""
        start = self.started
        return Deadline(start, start + fraction * (self.soft - start), start + fraction * (self.hard - start),
                        self.now, self.cancelled)


def moves_before(state: State, deadline: Deadline, at_least: int = 0) -> tuple[list[Move], bool]:
    """The legal moves of ``state`` made before ``deadline``'s hard limit (but at least
    ``at_least`` of them, when there are), and whether they are all of them.

    The clock is read between two moves (:meth:`State.iter_moves`): one position of
    a big board can take seconds to generate, longer than a move may think.
    """
    out: list[Move] = []
    for move in state.iter_moves():
        out.append(move)
        if len(out) >= at_least and deadline.expired():
            return out, False
    return out, True
