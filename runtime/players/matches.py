"""Matches between players: one game to its end, or a series against the random mover (benchmarks).

A game stopped by a ply limit has no outcome and counts as not won.
"""

from __future__ import annotations

from dataclasses import dataclass

from runtime.players.player import Player, RandomPlayer
from runtime.core.protocol import Game, Outcome, State


@dataclass
class MatchGame:
    """One finished game of :func:`play_match`: who played which side and how it ended."""

    index: int
    first_player_kind: str
    outcome: Outcome | None
    plies: int
    result: str  # "win", "draw" or "loss" for the player under test; a ply-limit stop is "draw"


def play_game(state: State, players: dict[str, Player], max_plies: int) -> tuple[Outcome | None, int]:
    """Play ``players`` (by player name) from ``state`` until the end or ``max_plies``; (outcome, plies)."""
    for ply in range(max_plies):
        outcome = state.outcome()
        if outcome is not None:
            return outcome, ply
        state = state.apply(players[state.current_player].choose(state))
    return state.outcome(), max_plies


def play_match(game: Game, make_tested, games: int, seed: int = 0, max_plies: int = 300,
               on_game=None, first_game: int = 0) -> list[MatchGame]:
    """The player made by ``make_tested(seed)`` against :class:`RandomPlayer`, ``games`` games.

    The tested player takes each seat in turn (game ``i`` seats it at
    ``players[i % n]``); game ``i`` seeds it with ``seed + i`` and the random
    players with ``seed + 1000 * (k + 1) + i``.  A game stopped by the ply limit
    counts as a draw (not won).  ``on_game(MatchGame)`` is called after each game.
    Games ``first_game`` to ``first_game + games - 1`` are played, so a match
    split into parts (run side by side) plays the same games as one run.
    """
    results = []
    n = len(game.players)
    for i in range(first_game, first_game + games):
        seat = game.players[i % n]
        players: dict[str, Player] = {}
        for k, name in enumerate(game.players):
            players[name] = make_tested(seed + i) if name == seat else RandomPlayer(seed + 1000 * (k + 1) + i)
        outcome, plies = play_game(game.initial_state(), players, max_plies)
        if outcome is None or outcome.draw or (seat not in outcome.winners and seat not in outcome.losers):
            result = "draw"
        else:
            result = "win" if seat in outcome.winners else "loss"
        record = MatchGame(i, seat, outcome, plies, result)
        results.append(record)
        if on_game is not None:
            on_game(record)
    return results
