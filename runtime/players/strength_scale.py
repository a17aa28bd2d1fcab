"""The strength scale: what ``--strength 1..10`` means, as a budget per move that any machine plays the same.

Each level is a node budget for the alpha-beta player (a *node* is one move
generation, and every 16 static evaluations one more:
:mod:`runtime.players.alphabeta`), doubling from level to level, with a depth
cap that rarely binds (the budget runs out first), and an iteration count for
the MCTS player.  A budget in nodes, not seconds, makes a level the same
games on any machine and at any load, and keeps it the same strength when
the interpreter gets faster (it then only plays faster).  The Elo of each
level on chess and xiangqi, measured against Fairy-Stockfish's ``UCI_Elo``
levels held to a node budget as well (``go nodes``, so no figure depends on
the load), and the check that each level beats the one below are in
docs/play.md ("The strength scale"), with the commands that measure them
(``benchmarks/calibrate_strength.py``).  The budgets are sized for games of
some tens of moves a position: where a position has more turns than a
level's nodes (Alpha Centauri's hundreds to thousands) the level does not
complete one ply, and neighbouring levels play alike.

This table is the one place the levels are defined: the players, the player
specs (``alphabeta:strength=5``), ``zrf play``, the browser page and the
calibration all read it.
"""

from __future__ import annotations

from dataclasses import dataclass

MIN_LEVEL = 1
MAX_LEVEL = 10

DEFAULT_LEVEL = 5
"""The level of a computer player for which nothing else is said."""


@dataclass(frozen=True)
class StrengthLevel:
    """One level of the scale: the budget of one move."""

    level: int
    nodes: int
    """Alpha-beta node budget per move."""
    max_depth: int
    """Alpha-beta depth cap (plies)."""
    mcts_iterations: int
    """MCTS iterations per move."""


LEVELS: tuple[StrengthLevel, ...] = tuple(
    StrengthLevel(level, nodes=25 * 2 ** (level - 1), max_depth=level + 1, mcts_iterations=100 * level)
    for level in range(MIN_LEVEL, MAX_LEVEL + 1))
"""Levels 1 to 10: 25, 50, 100 ... 12,800 nodes; depth caps 2 to 11; 100 to 1,000 MCTS iterations."""


def strength_level(level: int) -> StrengthLevel:
    """The level's budget; ValueError outside :data:`MIN_LEVEL`..:data:`MAX_LEVEL`."""
    if not MIN_LEVEL <= level <= MAX_LEVEL:
        raise ValueError(f"strength is {MIN_LEVEL} to {MAX_LEVEL}, not {level}")
    return LEVELS[level - MIN_LEVEL]
