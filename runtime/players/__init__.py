"""Computer players and what they know: player specs, random, alpha-beta, MCTS and UCI-engine players.

:mod:`.spec` reads the one grammar that names a player (``alphabeta:strength=5``,
``uci:fairy-stockfish?UCI_Elo=1500``); :mod:`.factory` builds players from specs;
each player is its own module (:mod:`.player`: the interface and the random
mover, :mod:`.alphabeta`, :mod:`.mcts`, :mod:`.uci`); :mod:`.knowledge` is what
random play teaches about a game, :mod:`.evaluation` a position's value from
it, :mod:`.clock` time control, :mod:`.strength_scale` what ``--strength``
means and :mod:`.chance` which of a game's players roll instead of choosing.
Players see the engine contract only: this package may import :mod:`zrf`,
:mod:`runtime.core`, :mod:`runtime.jobs`, :mod:`runtime.engines`,
:mod:`runtime.interpreter` and :mod:`runtime.loading`, and no package beside it
on its floor (verify, savedgames, pictures).
"""
