"""Zillions saved games (``.zsg``) against the engine: replaying one, saving a game being played.

:mod:`.replay` matches a saved game's lines with the legal moves, one turn at
a time; :mod:`.saving` writes the game being played and continues a saved
one.  The file format itself is :mod:`zrf.zsg`.  It may import :mod:`zrf`,
:mod:`runtime.core`, :mod:`runtime.jobs`, :mod:`runtime.interpreter` and
:mod:`runtime.loading`, and no package beside it on its floor (players,
verify, pictures).
"""
