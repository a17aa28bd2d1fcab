"""One game of a match, refereed by the rules: our engine generates and applies every move.

The players are asked for moves through the engine contract; the moves they
return are the game's own legal moves (a UCI engine's answer is matched to
one, :mod:`runtime.players.uci`).  Every player is told the start and every
move (:meth:`Player.begin`, :meth:`Player.observe`).  Random players of the
game roll (:mod:`runtime.players.chance`) and are never asked.

How a game ends (:class:`Termination`):

* ``rules``: the game's own outcome (:meth:`State.outcome`);
* ``repetition``: adjudicated a draw when a position (side to move
  included, :meth:`State.signature`) comes for the third time, since a ZRF
  need not have a repetition rule and players going round in circles would
  otherwise play to the ply limit;
* ``ply limit``: adjudicated a draw after the match's ``max_plies`` turns;
* ``forfeit``: a player could not go on (its program died or missed its
  deadline, or answered a move the rules do not allow): it loses and every
  other player wins, the reason recorded;
* ``void``: the game cannot go on through nobody's fault (a legal move one
  player's program cannot be told); it has no outcome and is not counted.
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass, field
from typing import Mapping

from runtime.core.protocol import Game, Move, Outcome
from runtime.matches.openings import Opening, play_opening
from runtime.players.chance import ChanceRoller
from runtime.players.player import Forfeit, Player, Unplayable

REPETITIONS = 3
"""A position met this many times ends the game as an adjudicated draw."""


class Termination(enum.Enum):
    """How a refereed game ended (see the module docstring)."""

    RULES = "rules"
    REPETITION = "repetition"
    PLY_LIMIT = "ply limit"
    FORFEIT = "forfeit"
    VOID = "void"


@dataclass
class RefereedGame:
    """A finished game: its moves, its outcome (None when void) and how it ended."""

    moves: list[Move]
    outcome: Outcome | None
    termination: Termination
    reason: str
    depths: dict[str, list[int]] = field(default_factory=dict)
    """The search depths each seat's player reported, move by move."""


def referee_game(game: Game, seats: Mapping[str, Player], roller: ChanceRoller, opening: Opening,
                 max_plies: int) -> RefereedGame:
    """Play one game (see the module docstring); ``seats`` has a player for every choosing player.

    ``max_plies`` counts whole turns, the opening's included.
    """
    state = game.initial_state()
    moves: list[Move] = []
    depths: dict[str, list[int]] = {seat: [] for seat in seats}
    everyone = list(dict.fromkeys(seats.values()))

    def finished(outcome: Outcome | None, termination: Termination, reason: str) -> RefereedGame:
        return RefereedGame(moves, outcome, termination, reason, depths)

    for seat, player in seats.items():
        try:
            player.begin(state)
        except Forfeit as exc:
            return finished(Outcome.loss(seat, game.players, f"forfeit: {exc}"), Termination.FORFEIT, str(exc))
    try:
        for move in play_opening(state, opening):
            for player in everyone:
                player.observe(move)
            moves.append(move)
            state = state.apply(move)
    except Unplayable as exc:
        return finished(None, Termination.VOID, str(exc))
    seen: Counter = Counter()
    while True:
        outcome = state.outcome()
        if outcome is not None:
            return finished(outcome, Termination.RULES, outcome.rule)
        if len(moves) >= max_plies:
            reason = f"adjudicated a draw after {max_plies} plies"
            return finished(Outcome.drawn(reason), Termination.PLY_LIMIT, reason)
        key = state.signature()
        seen[key] += 1
        if seen[key] >= REPETITIONS:
            reason = f"adjudicated a draw: the same position for the {REPETITIONS}rd time"
            return finished(Outcome.drawn(reason), Termination.REPETITION, reason)
        mover = state.current_player
        if roller.rolls_for(mover):
            move = roller.roll(state)
        else:
            player = seats[mover]
            try:
                move = player.choose(state)
            except Forfeit as exc:
                return finished(Outcome.loss(mover, game.players, f"forfeit: {exc}"), Termination.FORFEIT,
                                f"{mover} forfeits: {exc}")
            depth = player.search_depth()
            if depth is not None:
                depths[mover].append(depth)
        try:
            for player in everyone:
                player.observe(move)
        except Unplayable as exc:
            moves.append(move)
            return finished(None, Termination.VOID, str(exc))
        moves.append(move)
        state = state.apply(move)
