"""A match from start to verdict: the games in order of the schedule, the running result, and when to stop.

:func:`run_match` plays the plan's games (:mod:`.match_workers`), adds each
report to a :class:`MatchResult` as it arrives, calls ``on_report`` (a
progress bar), and stops when every game is played, when the SPRT has
decided, or at Ctrl-C: the result so far is returned in every case, with
:attr:`MatchResult.stop` saying which.

With two contestants the result is the first contestant's against the
second (:mod:`.match_statistics`): wins, draws and losses, the Elo
difference with its interval and the LOS; the SPRT counts pairs of games
(pentanomial) when the schedule pairs them, which it does for two seats.  With
more contestants each one's own score is given.  Void games are reported
and not counted.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable
from dataclasses import dataclass, field

from runtime.matches.match_statistics import (Sprt, SprtState, Tally, elo_interval, likelihood_of_superiority,
                                              pentanomial)
from runtime.matches.match_table import GameReport
from runtime.matches.match_workers import play_games
from runtime.matches.schedule import MatchPlan


class StopReason(enum.Enum):
    """Why a match ended."""

    COMPLETE = "every game was played"
    SPRT = "the SPRT decided"
    INTERRUPTED = "interrupted"


@dataclass
class MatchResult:
    """The reports so far and what they add up to (see the module docstring)."""

    plan: MatchPlan
    sprt: Sprt | None = None
    reports: list[GameReport] = field(default_factory=list)
    stop: StopReason | None = None

    @property
    def names(self) -> list[str]:
        return [c.name for c in self.plan.contestants]

    def counted(self) -> list[GameReport]:
        return [r for r in self.reports if r.points is not None]

    def tally_of(self, name: str) -> Tally:
        """The contestant's wins, draws and losses in the counted games."""
        tally = Tally()
        for report in self.counted():
            tally = tally.plus(report.points[name])
        return tally

    @property
    def tally(self) -> Tally:
        """The first contestant's tally."""
        return self.tally_of(self.names[0])

    def pair_points(self) -> list[float]:
        """The first contestant's points in each complete pair of counted games (two seats only)."""
        if self.plan.seats != 2:
            return []
        pairs: dict[int, list[float]] = {}
        for report in self.counted():
            pairs.setdefault(self.plan.pair_of(report.index), []).append(report.points[self.names[0]])
        return [sum(points) for points in pairs.values() if len(points) == 2]

    @property
    def paired(self) -> bool:
        return self.plan.seats == 2

    def llr(self) -> float | None:
        if self.sprt is None or self.plan.seats != 2:
            return None
        if self.paired:
            return self.sprt.llr_pentanomial(pentanomial(self.pair_points()))
        return self.sprt.llr_trinomial(self.tally)

    def verdict(self) -> SprtState | None:
        llr = self.llr()
        return None if llr is None else self.sprt.verdict(llr)

    def _contestant_json(self, name: str, spec: str) -> dict:
        tally = self.tally_of(name)
        return {"name": name, "spec": spec, "wins": tally.wins, "draws": tally.draws, "losses": tally.losses}

    def as_json(self) -> dict:
        """Everything, machine-readable (``zrf match --json``)."""
        tally = self.tally
        interval = elo_interval(tally) if self.plan.seats == 2 else None

        def number(x: float | None) -> float | str | None:
            if x is None:
                return None
            return round(x, 2) + 0.0 if math.isfinite(x) else ("inf" if x > 0 else "-inf")

        out = {
            "game": self.plan.game, "variant": self.plan.variant,
            "contestants": [self._contestant_json(c.name, c.spec.describe()) for c in self.plan.contestants],
            "games_planned": self.plan.games, "games_played": len(self.reports),
            "games_counted": len(self.counted()), "void": len(self.reports) - len(self.counted()),
            "stop": self.stop.value if self.stop else None,
            "openings": [o.as_json() for o in self.plan.openings],
            "max_plies": self.plan.max_plies, "seed": self.plan.seed,
            "clock": "cpu" if self.plan.cpu_clock else "wall",
            "games": [r.as_json() for r in sorted(self.reports, key=lambda r: r.index)],
        }
        if self.plan.seats == 2:
            out["result"] = {
                "first": self.names[0], "second": self.names[1],
                "wins": tally.wins, "draws": tally.draws, "losses": tally.losses,
                "score": None if tally.score is None else round(tally.score, 4),
                "elo": None if interval is None else number(interval.value),
                "elo_low": None if interval is None else number(interval.low),
                "elo_high": None if interval is None else number(interval.high),
                "confidence": 0.95,
                "los": round(likelihood_of_superiority(tally), 4),
                "pentanomial": pentanomial(self.pair_points()),
            }
        if self.sprt is not None:
            verdict = self.verdict()
            out["sprt"] = {"elo0": self.sprt.elo0, "elo1": self.sprt.elo1, "alpha": self.sprt.alpha,
                           "beta": self.sprt.beta, "llr": number(self.llr()),
                           "lower": round(self.sprt.lower, 3), "upper": round(self.sprt.upper, 3),
                           "model": "pentanomial" if self.paired else "trinomial",
                           "verdict": verdict.value if verdict else None}
        return out


def run_match(plan: MatchPlan, workers: int = 1, sprt: Sprt | None = None,
              on_report: Callable[[GameReport, MatchResult], None] | None = None) -> MatchResult:
    """Play the match (see the module docstring); the result, however it stopped."""
    result = MatchResult(plan, sprt)

    def decided() -> bool:
        return sprt is not None and result.verdict() not in (None, SprtState.CONTINUE)

    games = play_games(plan, plan.indices, workers, decided)
    try:
        for report in games:
            result.reports.append(report)
            if on_report is not None:
                on_report(report, result)
            if decided():
                result.stop = StopReason.SPRT
                break
        else:
            result.stop = StopReason.COMPLETE
    except KeyboardInterrupt:
        result.stop = StopReason.INTERRUPTED
    finally:
        games.close()
    return result
