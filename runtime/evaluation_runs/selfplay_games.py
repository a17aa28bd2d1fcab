"""Self-play games of one player spec, played by the match machinery and measured one by one.

A :class:`SelfPlayPlan` is a two-contestant :class:`~runtime.matches.schedule.MatchPlan`
whose contestants (``A`` and ``B``) share one spec, so the seats alternate
from game to game and each game's players are seeded by the schedule: the
same plan plays the same games whatever runs them, for budgets that are not
clocks (strength levels and node counts; ``time=`` budgets are clocks).

:class:`SelfPlayTable` seats the players once
(:class:`~runtime.matches.match_table.MatchTable`) and plays and measures
games one by one; :func:`play_batch`, one job of :mod:`runtime.jobs.executors`,
does so for the games it is given and returns a :class:`GameRecord` for each
as plain data.
A record is measured by replaying the game's moves (:func:`measure`):

* the **branching factor** at every ply is the number of legal moves of the
  side to move (a random player's roll counts its choices too);
* **repetitions** count the plies whose position (side to move included)
  had been met before in the game;
* **lead changes** ("drama") count how often the side ahead by the static
  evaluation (:class:`~runtime.players.evaluation.Evaluator`, from the first
  player's view, after every ply) changes, a lead being worth more than
  :data:`LEAD_MARGIN` of the game's average learned piece value;
* the **goal** is the rule that ended the game (``Outcome.rule``), or how
  the referee ended it (``repetition``, ``ply limit``, ``forfeit``).

A move is found again by its notation; where two legal moves share one, the
first is taken, and a notation not found ends the measurement there (the
record says ``measured`` plies).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field

from runtime.core.protocol import Game
from runtime.matches.match_table import GameReport, MatchTable
from runtime.matches.referee import Termination
from runtime.matches.schedule import DEFAULT_MAX_PLIES, Contestant, MatchPlan
from runtime.players.evaluation import Evaluator
from runtime.players.spec import PlayerSpec

CONTESTANTS = ("A", "B")
"""The names of the two copies of the player (seats alternate between them)."""

LEAD_MARGIN = 0.5
"""A side leads when the evaluation favours it by more than this many average piece values."""

BATCH_GAMES = 4
"""Games in one job of a pool or Ray: the players and the learned knowledge are set up once per job."""


@dataclass(frozen=True)
class SelfPlayPlan:
    """What decides an evaluation's games (plain data, so jobs in other processes rebuild it)."""

    game: str
    variant: str | None
    spec: PlayerSpec
    games: int
    seed: int = 0
    max_plies: int = DEFAULT_MAX_PLIES
    save_dir: str | None = None

    def match_plan(self) -> MatchPlan:
        contestants = tuple(Contestant(name, self.spec) for name in CONTESTANTS)
        return MatchPlan(self.game, self.variant, contestants, self.games, max_plies=self.max_plies,
                         seed=self.seed, save_dir=self.save_dir, cpu_clock=True)

    def fingerprint(self) -> dict:
        """What a resumed run must share with the run it continues (the number of games may grow)."""
        return {"game": self.game, "variant": self.variant, "player": self.spec.describe(),
                "seed": self.seed, "max_plies": self.max_plies}

    def batches(self, done: set[int]) -> list[tuple[int, ...]]:
        """The games not yet in ``done``, in order, in batches of at most :data:`BATCH_GAMES`."""
        todo = [i for i in range(self.games) if i not in done]
        return [tuple(todo[k:k + BATCH_GAMES]) for k in range(0, len(todo), BATCH_GAMES)]


@dataclass
class GameRecord:
    """One measured game (see the module docstring); seats are the game's player names."""

    index: int
    first: str
    """The seat that moved first."""
    winner: str | None
    """The winning seat; None for a draw or a void game."""
    draw: bool
    void: bool
    goal: str
    termination: str
    plies: int
    branching: list[int] = field(default_factory=list)
    measured: int = 0
    repetitions: int = 0
    lead_changes: int = 0
    seconds: float = 0.0
    saved: list[str] = field(default_factory=list)

    @property
    def decisive(self) -> bool:
        return self.winner is not None

    def as_json(self) -> dict:
        out = asdict(self)
        out["seconds"] = round(self.seconds, 3)
        return out

    @classmethod
    def from_json(cls, data: dict) -> GameRecord:
        return cls(**{k: data[k] for k in cls.__dataclass_fields__ if k in data})


@dataclass
class Measures:
    """What replaying a game finds (see the module docstring)."""

    branching: list[int]
    repetitions: int
    lead_changes: int


def measure(game: Game, evaluator: Evaluator, notations: list[str]) -> Measures:
    """Replay ``notations`` from the start and measure the game (see the module docstring)."""
    state = game.initial_state()
    first = state.current_player
    margin = LEAD_MARGIN * evaluator.scale
    seen: Counter = Counter()
    branching: list[int] = []
    repetitions = lead_changes = leader = 0
    for notation in notations:
        key = state.signature()
        repetitions += seen[key] > 0
        seen[key] += 1
        legal = state.legal_moves()
        branching.append(len(legal))
        move = next((m for m in legal if m.notation == notation), None)
        if move is None:
            break
        state = state.apply(move)
        value = evaluator.evaluate(state, first)
        side = (value > margin) - (value < -margin)
        if side and leader and side != leader:
            lead_changes += 1
        leader = side or leader
    return Measures(branching, repetitions, lead_changes)


def record_of(report: GameReport, first: str, measures: Measures) -> GameRecord:
    """A match report and its measures as one record (the winner as a seat, not a contestant)."""
    winner = None
    if report.points is not None:
        winners = [seat for seat, name in report.seats.items() if report.points[name] == 1.0]
        losers = [seat for seat, name in report.seats.items() if report.points[name] == 0.0]
        if len(winners) == 1 and losers:
            winner = winners[0]
    ruled = report.termination is Termination.RULES
    return GameRecord(index=report.index, first=first, winner=winner,
                      draw=report.points is not None and winner is None, void=report.points is None,
                      goal=report.reason if ruled and report.reason else report.termination.value,
                      termination=report.termination.value, plies=report.plies,
                      branching=measures.branching, measured=len(measures.branching),
                      repetitions=measures.repetitions, lead_changes=measures.lead_changes,
                      seconds=report.seconds, saved=report.saved)


class SelfPlayTable:
    """One process's seats, game and learned evaluation for a plan: plays and measures game ``i``.

    Setting up costs seconds (loading the game, learning its piece values), so a table is kept for
    as many games as its owner plays: a whole run in this process, or one job's batch.
    """

    def __init__(self, plan: SelfPlayPlan):
        self.table = MatchTable(plan.match_plan())
        try:
            # the players' own cache of what the game taught, so it is learned once for both
            self.evaluator = Evaluator(self.table.game, self.table.sources[0].knowledge.knowledge(self.table.game))
            self.first = self.table.game.initial_state().current_player
        except BaseException:
            self.table.close()
            raise

    def play(self, index: int) -> GameRecord:
        report = self.table.play(index)
        return record_of(report, self.first, measure(self.table.game, self.evaluator, report.moves))

    def close(self) -> None:
        self.table.close()


def play_batch(plan: SelfPlayPlan, indices: tuple[int, ...]) -> list[dict]:
    """Play and measure games ``indices`` of the plan (one job); their records as JSON data."""
    table = SelfPlayTable(plan)
    try:
        return [table.play(index).as_json() for index in indices]
    finally:
        table.close()
