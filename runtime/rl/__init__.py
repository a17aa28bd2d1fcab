"""Every game for reinforcement-learning frameworks: OpenSpiel and PettingZoo adapters.

:mod:`.action_encoding` turns each whole turn into integer tokens read from
the moves' details; :mod:`.decision_tree` is a game seen one decision at a
time with chance made explicit; :mod:`.openspiel` and :mod:`.pettingzoo` are
thin adapters over them and the only modules that import those frameworks
(the ``rl`` extra).  It may import every package below it: :mod:`zrf`,
core, jobs, interpreter, loading, players, verify, savedgames and pictures.
"""
