"""Who plays what in a match: the contestants, the seat each takes in each game, the opening, the seeds.

Game ``i`` of a match with ``n`` seats (the game's choosing players,
:func:`runtime.players.chance.choosing_players`) is played with

* the seats rotated by ``i mod n``: contestant ``j`` takes seat ``(j + i) mod n``,
  so with two contestants the first plays the first seat in even games and
  the second seat in odd ones;
* opening ``(i div n) mod len(openings)``: the ``n`` games of one rotation
  play the same opening, so every opening is played from every side (with two
  contestants, games ``2k`` and ``2k + 1`` are a *pair*);
* each contestant's player seeded with :meth:`MatchPlan.player_seed` and the
  random players' rolls with :meth:`MatchPlan.chance_seed`, which depends
  on the opening only: both games of a pair see the same dice.

So a match is the same games whatever plays them (one process or several)
and whatever order they finish in, for players whose budgets are not clocks.
"""

from __future__ import annotations

from dataclasses import dataclass

from runtime.matches.openings import START, Opening
from runtime.players.spec import PlayerSpec
from runtime.players.uci_notation import UciGame

DEFAULT_MAX_PLIES = 500
"""Turns after which a match game is adjudicated a draw."""


@dataclass(frozen=True)
class Contestant:
    """A named player spec (``--player NAME=SPEC``)."""

    name: str
    spec: PlayerSpec


@dataclass(frozen=True)
class MatchPlan:
    """Everything that decides a match's games (see the module docstring); plain data, so worker
    processes rebuild the match from it."""

    game: str
    """A built-in game name or a .zrf path, as ``load_game`` takes it."""
    variant: str | None
    contestants: tuple[Contestant, ...]
    games: int
    openings: tuple[Opening, ...] = (START,)
    max_plies: int = DEFAULT_MAX_PLIES
    seed: int = 0
    uci_variant: str | None = None
    """The ``UCI_Variant`` engines play when their spec sets none."""
    save_dir: str | None = None
    """Where every game is saved (``game-NNNN.zsg``, and ``.pgn`` for chess); None: not saved."""
    cpu_clock: bool = True
    """Our players' time budgets count processor time (else wall-clock time)."""
    first_game: int = 0
    """The index of the first game played: games ``first_game`` to ``first_game + games - 1`` are
    played, so a match split into parts run side by side plays the games one run would."""
    uci_game: UciGame | None = None
    """The game as Fairy-Stockfish plays it (its verified export), for ``fairy-stockfish`` contestants."""

    @property
    def indices(self) -> range:
        return range(self.first_game, self.first_game + self.games)

    @property
    def seats(self) -> int:
        return len(self.contestants)

    def seating(self, index: int) -> list[int]:
        """``seating(i)[k]``: the contestant in seat ``k`` (the ``k``-th choosing player) in game ``i``."""
        n = self.seats
        out = [0] * n
        for j in range(n):
            out[(j + index) % n] = j
        return out

    def opening_index(self, index: int) -> int:
        return (index // self.seats) % len(self.openings)

    def opening_of(self, index: int) -> Opening:
        return self.openings[self.opening_index(index)]

    def pair_of(self, index: int) -> int:
        """The rotation game ``index`` belongs to (with two seats, its pair)."""
        return index // self.seats

    def player_seed(self, index: int, contestant: int) -> int:
        return self.seed * 1_000_003 + index * 101 + contestant

    def chance_seed(self, opening: int) -> int:
        return self.seed * 1_000_003 + 7_919 * (opening + 1)
