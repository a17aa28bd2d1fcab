"""Matches between players: ``zrf match``'s schedule, referee, statistics and saved games.

A match seats two or more contestants (player specs,
:mod:`runtime.players.spec`) at a game's choosing players, the seats
rotating from game to game so that every opening (:mod:`.openings`) is played
from every side; the ZRF is the referee (:mod:`.referee`: our interpreter
generates and applies every move, random players roll, draws by repetition
and length are adjudicated and said so); :mod:`.series` runs the games in
this process or in worker processes, stopping early when a sequential test
has decided; :mod:`.match_statistics` turns results into an Elo difference
with its interval, the likelihood of superiority and the SPRT's verdict;
:mod:`.pgn` writes chess games as PGN beside their saved games.  This
package may import :mod:`zrf` and runtime's floors below it (core, jobs,
engines, interpreter, loading, players, savedgames).
"""
