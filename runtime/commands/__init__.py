"""The command-line subcommands that play games: moves, perft, play, render, replay, crosscheck, serve, variants.

One module per subcommand, named after it (``zrf/cli.py`` loads each only
when it runs), and :mod:`.common` for the options they share.  The top of
the library below the sweeps: it may import every package of runtime/ but
:mod:`runtime.sweeps`, and :mod:`zrf`.
"""
