"""Checking engines: perft, random playouts, and cross-checking two engines of one game.

:mod:`.perft` counts move trees, :mod:`.playout` plays seeded random games,
:mod:`.crosscheck` compares two engines position by position,
:mod:`.crosscheck_run` splits a cross-check into jobs over workers and
:mod:`.twin_engines` explains a documented difference with a twin engine.
It may import :mod:`zrf`, :mod:`runtime.core`, :mod:`runtime.jobs`,
:mod:`runtime.interpreter` and :mod:`runtime.loading`, and no package beside it
on its floor (players, savedgames, pictures).
"""
