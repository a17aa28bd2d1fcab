"""Corpus sweeps run as ``python -m``: interpreter coverage, back-end equality, the OpenSpiel survey.

:mod:`.coverage` loads, plays and replays every corpus game;
:mod:`.backend_equality` compares the two move back ends over the corpus;
:mod:`.openspiel_survey` counts the games OpenSpiel accepts.  They are tools
for the maintainers, not library code: they may import any package of ours
below them, and nothing in :mod:`zrf`, runtime/, :mod:`variants` or
:mod:`codegen` imports them.
"""
