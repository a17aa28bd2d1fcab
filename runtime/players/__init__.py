"""Computer players and what they know: random, alpha-beta and MCTS players, evaluation, clock, matches.

:mod:`.factory` builds a player by name; each player is its own module
(:mod:`.player`: the interface and the random mover, :mod:`.alphabeta`,
:mod:`.mcts`); :mod:`.knowledge` is what random play teaches about a game,
:mod:`.evaluation` a position's value from it, :mod:`.clock` time control and
:mod:`.matches` series of games for benchmarks.  Players see the engine
contract only: this package may import :mod:`zrf`, :mod:`runtime.core`,
:mod:`runtime.jobs`, :mod:`runtime.interpreter` and :mod:`runtime.loading`, and
no package beside it on its floor (verify, savedgames, pictures).
"""
