"""Pictures of positions: the games' own bitmaps, the scene, SVG, PNG and the terminal board.

:mod:`.bitmaps` opens a ZRF's bitmaps with Pillow, :mod:`.scene` works out
what a picture shows, :mod:`.svg` and :mod:`.png` write it, :mod:`.textboard`
draws the board as text and :mod:`.labels` gives pieces short unique labels.
It may import :mod:`zrf`, :mod:`runtime.core`, :mod:`runtime.jobs`,
:mod:`runtime.interpreter` and :mod:`runtime.loading`, and no package beside it
on its floor (players, verify, savedgames).
"""
