"""What a set of self-play games adds up to: balance, draws, decisiveness, lengths, branching, goals.

Over the counted games (void ones are left out):

* **first-player win rate**: games won by the side that moved first over
  the counted games, with its 95 % Wilson interval
  (:func:`~runtime.matches.match_statistics.wilson_interval`), and the same
  over the decisive games only (0.5 is a balanced game);
* **draw rate** and **decisiveness** (decisive games over counted games);
  draws adjudicated by the referee (repetition, ply limit) are counted
  apart from draws by the rules;
* **length**: minimum, median, mean, maximum and a histogram of plies;
* **branching by phase**: the mean number of legal moves in the first,
  middle and last third of each game's plies, and by ply (over the games
  still going at that ply);
* **outcomes by goal**: for each deciding goal, how often it gave the first
  player, the second player or nobody the game;
* mean repetitions, lead changes and seconds per game.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence

from runtime.evaluation_runs.selfplay_games import GameRecord
from runtime.matches.match_statistics import CONFIDENCE, wilson_interval

PHASES = ("opening", "middle", "end")

HISTOGRAM_BINS = 10


def _rate(successes: int, trials: int) -> dict | None:
    interval = wilson_interval(successes, trials)
    if interval is None:
        return None
    return {"rate": round(interval.value, 4), "low": round(interval.low, 4), "high": round(interval.high, 4),
            "successes": successes, "trials": trials, "confidence": CONFIDENCE}


def length_histogram(lengths: Sequence[int], bins: int = HISTOGRAM_BINS) -> list[dict]:
    """Counts of lengths in at most ``bins`` equal ranges ``[low, high)`` of whole plies (the last one ends
    past the longest game)."""
    if not lengths:
        return []
    low, high = min(lengths), max(lengths)
    width = max(1, -(-(high - low + 1) // bins))
    counts: dict[int, int] = {}
    for n in lengths:
        counts[(n - low) // width] = counts.get((n - low) // width, 0) + 1
    return [{"low": low + k * width, "high": min(high + 1, low + (k + 1) * width), "games": counts.get(k, 0)}
            for k in range((high - low) // width + 1)]


def branching_by_phase(records: Sequence[GameRecord]) -> dict[str, float | None]:
    """The mean branching factor in each third of the games' measured plies."""
    sums = {phase: [0, 0] for phase in PHASES}
    for record in records:
        n = len(record.branching)
        for ply, moves in enumerate(record.branching):
            phase = PHASES[min(len(PHASES) - 1, ply * len(PHASES) // n)]
            sums[phase][0] += moves
            sums[phase][1] += 1
    return {phase: (round(total / count, 2) if count else None) for phase, (total, count) in sums.items()}


def branching_by_ply(records: Sequence[GameRecord]) -> list[float]:
    """The mean branching factor at ply 0, 1, ... over the games measured that far."""
    longest = max((len(r.branching) for r in records), default=0)
    out = []
    for ply in range(longest):
        found = [r.branching[ply] for r in records if ply < len(r.branching)]
        out.append(round(sum(found) / len(found), 2))
    return out


def summarise(records: Sequence[GameRecord], planned: int | None = None) -> dict:
    """The summary of ``records`` (see the module docstring), as JSON data."""
    counted = [r for r in records if not r.void]
    first_wins = sum(1 for r in counted if r.winner is not None and r.winner == r.first)
    decisive = [r for r in counted if r.decisive]
    draws = [r for r in counted if r.draw]
    by_goal: dict[str, dict[str, int]] = {}
    for r in counted:
        role = "draw" if r.winner is None else ("first" if r.winner == r.first else "second")
        by_goal.setdefault(r.goal, {"first": 0, "second": 0, "draw": 0})[role] += 1
    terminations: dict[str, int] = {}
    for r in records:
        terminations[r.termination] = terminations.get(r.termination, 0) + 1
    lengths = [r.plies for r in counted]
    n = len(counted)

    def mean(values: Sequence[float]) -> float | None:
        return round(statistics.fmean(values), 2) if values else None

    return {
        "games_planned": planned, "games_played": len(records), "games_counted": n,
        "void": len(records) - n,
        "first_player": counted[0].first if counted else None,
        "first_player_wins": first_wins, "second_player_wins": len(decisive) - first_wins, "draws": len(draws),
        "first_player_win_rate": _rate(first_wins, n),
        "first_player_share_of_decisive": _rate(first_wins, len(decisive)),
        "draw_rate": _rate(len(draws), n),
        "decisiveness": _rate(len(decisive), n),
        "adjudicated_draws": sum(1 for r in draws if r.termination != "rules"),
        "length": {"min": min(lengths, default=None), "median": statistics.median(lengths) if lengths else None,
                   "mean": mean(lengths), "max": max(lengths, default=None),
                   "histogram": length_histogram(lengths)},
        "branching_by_phase": branching_by_phase(counted),
        "branching_by_ply": branching_by_ply(counted),
        "outcomes_by_goal": dict(sorted(by_goal.items(), key=lambda kv: -sum(kv[1].values()))),
        "terminations": terminations,
        "mean_repetitions": mean([r.repetitions for r in counted]),
        "mean_lead_changes": mean([r.lead_changes for r in counted]),
        "mean_seconds": mean([r.seconds for r in records]),
    }
