"""The Fairy-Stockfish bridge: its positions behind our engine contract, export of a ZRF game
as a ``variants.ini`` section, and verification of either direction against our interpreter.

:mod:`.library` owns the ``pyffish`` module (an optional extra) and the variant definitions
loaded into it; :mod:`.fen` reads Fairy-Stockfish's FEN; :mod:`.naming` maps its squares, piece
letters and colours to a game's cell, piece and player names; :mod:`.position` is a
Fairy-Stockfish variant as a :class:`runtime.core.protocol.Game`; :mod:`.section` is a
``variants.ini`` section as data; :mod:`.betza` writes and reads the Betza notation of a
piece's moves; :mod:`.probing` reads a ZRF piece's moves from our interpreter; :mod:`.export`
turns a ZRF game into a section or into located diagnostics; :mod:`.verification` compares
the two engines with the cross-checker; :mod:`.engine_variant` gives a UCI engine what it needs
to play a game; :mod:`.opponents` owns the engines a server plays its games' seats with.  It may import :mod:`zrf`, and :mod:`runtime` packages on lower floors.
"""
