"""One process's share of a match: the game loaded once, each contestant's players, and game ``i`` played.

A :class:`MatchTable` owns what the games of a match share in one process:
the loaded game (and so its learned knowledge) and one
:class:`~runtime.players.factory.PlayerSource` per contestant (a UCI
engine's process lives as long as the table).  :meth:`MatchTable.play`
plays game ``i`` of the :class:`~runtime.matches.schedule.MatchPlan` with
fresh players, saves it when the plan says so (a built-in game played by its
native engine in the moves of its generated ZRF, which its ``RulesFile=``
names: :mod:`runtime.savedgames.zrf_moves`), and reports it as plain data
(:class:`GameReport`), which crosses process boundaries.  :meth:`close` ends
the engines.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from runtime.core.protocol import Outcome
from runtime.loading.opening import open_game
from runtime.loading.registry import find_game
from runtime.matches.pgn import is_chess, pgn_text
from runtime.matches.referee import RefereedGame, Termination, referee_game
from runtime.matches.schedule import MatchPlan
from runtime.players.chance import ChanceRoller, choosing_players, random_players
from runtime.players.factory import PlayerSource
from runtime.players.knowledge import KnowledgeCache
from runtime.savedgames.saving import save
from runtime.savedgames.zrf_moves import NoZrfMove, generated_zrf_moves


class MatchSetupError(ValueError):
    """A match that cannot be played as planned (seats and contestants do not fit, an engine cannot
    be used); the message says why."""


@dataclass
class GameReport:
    """One finished game of a match, as plain data."""

    index: int
    opening: int
    seats: dict[str, str]
    """The contestant in each seat (the game's player names)."""
    points: dict[str, float] | None
    """Each contestant's points (1, 1/2, 0); None for a void game."""
    termination: Termination
    reason: str
    outcome: str
    """The outcome in words (``White wins (checkmate)``), or ``void``."""
    plies: int
    seconds: float
    """Wall-clock seconds the game took."""
    depths: dict[str, list[int]] = field(default_factory=dict)
    """The search depths each contestant reported, move by move."""
    moves: list[str] = field(default_factory=list)
    saved: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    """What the reader should know about the game's files (a saved game not in its ZRF's notation)."""

    def as_json(self) -> dict:
        return {"index": self.index, "opening": self.opening, "seats": self.seats, "points": self.points,
                "termination": self.termination.value, "reason": self.reason, "outcome": self.outcome,
                "plies": self.plies, "seconds": round(self.seconds, 3), "depths": self.depths,
                "moves": self.moves, "saved": self.saved, "notes": self.notes}


def depth_range(depths: Sequence[int]) -> str:
    """Median, least and most of a player's completed search depths, e.g. ``3 (2-5)``; ``-`` for none."""
    if not depths:
        return "-"
    return f"{statistics.median_low(depths)} ({min(depths)}-{max(depths)})"


def points_of(outcome: Outcome, seat: str) -> float:
    """The seat's points: 1 for a winner, 0 for a loser, 1/2 otherwise (a draw, an outcome not about it)."""
    if outcome.draw:
        return 0.5
    if seat in outcome.winners:
        return 1.0
    if seat in outcome.losers:
        return 0.0
    return 0.5


class MatchTable:
    """See the module docstring.  Raises :class:`MatchSetupError` when the plan does not fit the game."""

    def __init__(self, plan: MatchPlan):
        self.plan = plan
        self.game = open_game(plan.game, plan.variant)
        self.seats = choosing_players(self.game)
        if len(self.seats) != plan.seats:
            rolling = random_players(self.game)
            raise MatchSetupError(
                f"{self.game.name} has {len(self.seats)} players who choose their moves "
                f"({', '.join(self.seats)})" + (f"; {', '.join(rolling)} roll at random" if rolling else "")
                + f": give one --player for each, not {plan.seats}")
        self.sources: list[PlayerSource] = []
        knowledge = KnowledgeCache(capacity=1)  # the contestants' players learn the one game once
        try:
            for contestant in plan.contestants:
                self.sources.append(PlayerSource(contestant.spec, plan.cpu_clock, plan.uci_variant,
                                                 plan.uci_game, knowledge))
        except ValueError as exc:
            self.close()
            raise MatchSetupError(str(exc)) from None

    def play(self, index: int) -> GameReport:
        """Game ``index`` of the plan, played, saved (when asked) and reported."""
        plan = self.plan
        seating = plan.seating(index)
        names = {seat: plan.contestants[c].name for seat, c in zip(self.seats, seating)}
        players = {seat: self.sources[c].player(plan.player_seed(index, c)) for seat, c in zip(self.seats, seating)}
        opening = plan.opening_index(index)
        roller = ChanceRoller(self.game, plan.chance_seed(opening))
        started = time.monotonic()
        done = referee_game(self.game, players, roller, plan.openings[opening], plan.max_plies)
        seconds = time.monotonic() - started
        points = None if done.outcome is None else {
            names[seat]: points_of(done.outcome, seat) for seat in self.seats}
        depths: dict[str, list[int]] = {}
        for seat, found in done.depths.items():
            depths.setdefault(names[seat], []).extend(found)
        notes: list[str] = []
        saved = self._save(index, done, names, notes)
        return GameReport(index=index, opening=opening, seats=names, points=points,
                          termination=done.termination, reason=done.reason,
                          outcome=done.outcome.describe() if done.outcome else "void", plies=len(done.moves),
                          seconds=seconds, depths=depths, moves=[m.notation for m in done.moves],
                          saved=saved, notes=notes)

    def _save(self, index: int, done: RefereedGame, names: dict[str, str], notes: list[str]) -> list[str]:
        """Write the game (see the module docstring); the files written."""
        if self.plan.save_dir is None:
            return []
        try:
            return self._write(index, done, names, notes)
        except OSError as exc:  # a full disk or a folder gone: the game still counts
            notes.append(f"game {index} not saved: {exc.strerror or exc} ({exc.filename or self.plan.save_dir})")
            return []

    def _write(self, index: int, done: RefereedGame, names: dict[str, str], notes: list[str]) -> list[str]:
        folder = Path(self.plan.save_dir)
        folder.mkdir(parents=True, exist_ok=True)
        zsg = folder / f"game-{index:04d}.zsg"
        rules, moves = self.game, done.moves
        entry = find_game(self.plan.game) if self.game.rules_path is None else None
        if entry is not None and entry.zrf:
            try:
                rules, moves = generated_zrf_moves(entry, self.game, done.moves)
            except NoZrfMove as exc:
                notes.append(f"{zsg.name} is written in the native engine's notation: {exc}")
        save(str(zsg), rules, self.plan.game, moves, seats="C" * len(self.game.players))
        saved = [str(zsg)]
        if is_chess(self.game):
            pgn = folder / f"game-{index:04d}.pgn"
            pgn.write_text(pgn_text(self.game, done.moves, done.outcome, names, index + 1, done.termination,
                                    done.reason), encoding="utf-8")
            saved.append(str(pgn))
        return saved

    def open_engines(self) -> list[str]:
        """Start every contestant's engine now (to find problems before a match starts); their names."""
        found = []
        for source in self.sources:
            if source.seat is not None:
                found.append(source.seat.open().name)
        return found

    def close(self) -> None:
        for source in self.sources:
            source.close()
