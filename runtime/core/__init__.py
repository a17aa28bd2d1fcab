"""The engine contract and the small facts every other package of runtime/ shares.

The contract (:mod:`.protocol`: ``Game``, ``State``, ``Move`` and what a move
does as data), what goals ask for (:mod:`.goalinfo`), move details worked out
from boards (:mod:`.move_details`), matching typed moves (:mod:`.notation`),
where each cell is drawn (:mod:`.layout`), a game wrapper that merges a
player's consecutive turns (:mod:`.merged_turns`) and the error of a game
that cannot be loaded (:mod:`.errors`).  It is the lowest floor of runtime/:
it imports only :mod:`zrf` and itself.
"""
