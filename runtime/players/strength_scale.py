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
complete one ply, and neighbouring levels would play alike but for the noise
below.

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
    choice_noise: float
    """The alpha-beta player's root noise, in the evaluation's unit (the game's average piece value): the
    chosen move maximises value + ``choice_noise * u``, u uniform in [0, 1), so a move valued more than
    ``choice_noise`` below the best is never chosen; 0: the best move (MCTS does not read it)."""


CHOICE_NOISE = {1: 2.0, 2: 1.0, 3: 0.5}
"""The levels that choose with noise and how much (halving level by level; every other level: 0).  Level
1's 2.0 reaches past one step of a goal race (1.5 to 3.5 average piece values, the evaluation's goal
progress: Alpha Centauri's King and Dame), level 2's 1.0 and level 3's 0.5 do not.  Measured in
docs/play.md ("The strength scale")."""

LEVELS: tuple[StrengthLevel, ...] = tuple(
    StrengthLevel(level, nodes=25 * 2 ** (level - 1), max_depth=level + 1, mcts_iterations=100 * level,
                  choice_noise=CHOICE_NOISE.get(level, 0.0))
    for level in range(MIN_LEVEL, MAX_LEVEL + 1))
"""Levels 1 to 10: 25, 50, 100 ... 12,800 nodes; depth caps 2 to 11; 100 to 1,000 MCTS iterations; root
noise 2, 1 and 0.5 average piece values at levels 1 to 3, none above."""


def strength_level(level: int) -> StrengthLevel:
    """The level's budget; ValueError outside :data:`MIN_LEVEL`..:data:`MAX_LEVEL`."""
    if not MIN_LEVEL <= level <= MAX_LEVEL:
        raise ValueError(f"strength is {MIN_LEVEL} to {MAX_LEVEL}, not {level}")
    return LEVELS[level - MIN_LEVEL]
