"""Opening games: the registry of built-in and installed engines, a GAME argument, set-up text.

:mod:`.registry` finds the games declared in the ``zrf.games`` entry points;
:mod:`.opening` turns a GAME argument (a registered name or a ``.zrf`` path)
into a game; :mod:`.setup_only` shows the set-up of a file no engine here plays
(Axiom games); :mod:`.setup_text` reads ``--position`` text.  It may import
:mod:`zrf`, :mod:`runtime.core` and :mod:`runtime.interpreter`.
"""
