"""Programs outside this toolkit that play games: where they are built and cached, and how to talk to them.

:mod:`.engine_cache` is the folder of engines built here and the one way to
turn an engine's name into a program to run (the cache first, then ``PATH``);
:mod:`.fairy_build` builds the current Fairy-Stockfish from the engine sources
inside the pyffish source distribution (``zrf engines build``); :mod:`.uci_client`
speaks the Universal Chess Interface to a running engine, every answer waited
for within a deadline.  Nothing here knows our games or moves (the translation
between a UCI move and a ZRF move is :mod:`runtime.players.uci`'s): this
package imports only the standard library.
"""
