"""Match statistics: score, Elo difference with its confidence interval, LOS, and the GSPRT.

Formulas (every one is the usual one of engine testing; the tests check them
against values worked out by hand in their docstrings):

* **Score** ``s = (W + D/2) / N``; **Elo difference** ``-400 log10(1/s - 1)``
  (the logistic model: 60 % is +70.4 Elo).
* **Interval** (trinomial, draws counted): the per-game variance of the
  score is ``(W (1-s)^2 + D (1/2-s)^2 + L s^2) / N``; the score's interval is
  ``s +- z sqrt(var / N)`` (``z`` = 1.96 for 95 %), turned into Elo at both
  ends.  Draws narrow it: 50 draws and 50 decisive games are surer than 100
  decisive ones with the same score.  When every game had the same result
  (all won, all lost or all drawn) that variance is 0 and says nothing; the
  interval is then the Wilson interval of the points in the games (10 wins
  in 10 games: a score of 0.722 to 1, +166 Elo to +inf).
* **Wilson interval** of a proportion (a first-player win rate): see
  :func:`wilson_interval`.
* **LOS**, the likelihood that the first player is the stronger:
  ``Phi((W - L) / sqrt(W + L))`` (draws carry no information about it).
* **GSPRT** (the generalised sequential probability ratio test of
  fishtest): H0 says the Elo difference is ``elo0``, H1 that it is ``elo1``,
  with expected scores ``s0`` and ``s1``.  Results fall into categories
  worth ``v_i`` (per game: 0, 1/2, 1; per pair of games that play one
  opening from both sides, the pentanomial: 0, 1/4, 1/2, 3/4, 1 of two
  points), seen ``N_i`` times.  Under each hypothesis the distribution of
  the categories most likely to give the counts seen, among those whose
  mean is that hypothesis's score ``s``, is ``p_i = (N_i / N) / (1 + lambda
  (v_i - s))`` with the Lagrange multiplier ``lambda`` that makes the ``p_i``
  sum to 1 (found by bisection); the log-likelihood ratio is ``sum N_i
  log(p_i(s1) / p_i(s0))``.  Over many games it is the normal approximation
  ``N (s1 - s0) (2 sbar - s0 - s1) / (2 var)`` (``sbar``, ``var``: the mean
  and variance of the results); over few it stays sane where that one does
  not (two wins give a variance of 0).  With only wins and losses it is the
  classical binomial SPRT, ``W log(s1/s0) + L log((1-s1)/(1-s0))``.  The
  test accepts H1 at ``log((1 - beta) / alpha)`` and H0 at ``log(beta / (1 -
  alpha))`` (+-2.94 for alpha = beta = 0.05).  Pairs remove the openings'
  own imbalance from the variance.  A category never seen counts
  ``REGULARIZE`` of a result, as in fishtest.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import Sequence

CONFIDENCE = 0.95
"""The confidence of reported intervals."""

REGULARIZE = 1e-3
"""Count given to a result category never seen, in the SPRT's variance."""


def elo_from_score(score: float) -> float:
    """The logistic Elo difference of an expected ``score`` in 0..1 (+-inf at 1 and 0)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def score_from_elo(elo: float) -> float:
    """The expected score of an Elo difference (the inverse of :func:`elo_from_score`)."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


@dataclass(frozen=True)
class Tally:
    """Wins, draws and losses of the first contestant."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        return self.wins + 0.5 * self.draws

    @property
    def score(self) -> float | None:
        return self.points / self.games if self.games else None

    def plus(self, points: float) -> "Tally":
        """The tally after one more game worth ``points`` (1, 1/2 or 0)."""
        if points == 1.0:
            return Tally(self.wins + 1, self.draws, self.losses)
        if points == 0.0:
            return Tally(self.wins, self.draws, self.losses + 1)
        return Tally(self.wins, self.draws + 1, self.losses)


@dataclass(frozen=True)
class Interval:
    """An estimate with its confidence interval."""

    value: float
    low: float
    high: float


def _z(confidence: float) -> float:
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def score_variance(tally: Tally) -> float:
    """The per-game variance of the score, draws counted (trinomial)."""
    s = tally.score or 0.0
    n = tally.games
    return (tally.wins * (1 - s) ** 2 + tally.draws * (0.5 - s) ** 2 + tally.losses * s ** 2) / n


def elo_interval(tally: Tally, confidence: float = CONFIDENCE) -> Interval | None:
    """The Elo difference and its interval (see the module docstring); None before any game."""
    if not tally.games:
        return None
    s = tally.score
    variance = score_variance(tally)
    if variance == 0.0:  # one result in every game: no spread to measure, the Wilson interval instead
        wilson = wilson_interval(tally.points, tally.games, confidence)
        return Interval(elo_from_score(s), elo_from_score(wilson.low), elo_from_score(wilson.high))
    half = _z(confidence) * math.sqrt(variance / tally.games)
    return Interval(elo_from_score(s), elo_from_score(s - half), elo_from_score(s + half))


def wilson_interval(successes: float, trials: int, confidence: float = CONFIDENCE) -> Interval | None:
    """A proportion ``successes / trials`` and its Wilson score interval; None without a trial.

    ``(p + z^2/2n +- z sqrt(p(1-p)/n + z^2/4n^2)) / (1 + z^2/n)``: unlike
    ``p +- z sqrt(p(1-p)/n)`` it stays inside [0, 1] and is not empty at
    ``p`` = 0 or 1 (10 wins in 10 games: 0.722 to 1 at 95 %).
    """
    if trials <= 0:
        return None
    z = _z(confidence)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


def likelihood_of_superiority(tally: Tally) -> float:
    """LOS, ``Phi((W - L) / sqrt(W + L))``; 0.5 without a decisive game."""
    decisive = tally.wins + tally.losses
    if not decisive:
        return 0.5
    return NormalDist().cdf((tally.wins - tally.losses) / math.sqrt(decisive))


def constrained_mle(counts: Sequence[float], values: Sequence[float], mean: float) -> list[float]:
    """The distribution over the categories most likely to give ``counts`` among those whose mean
    value is ``mean`` (see the module docstring); every count must be positive and ``mean`` lie
    strictly between the least and the greatest value."""
    n = sum(counts)
    shares = [c / n for c in counts]
    gaps = [v - mean for v in values]
    # 1 + lambda * gap must stay positive for every category: lambda lies between these bounds
    low = max((-1.0 / g for g in gaps if g > 0), default=-math.inf)
    high = min((-1.0 / g for g in gaps if g < 0), default=math.inf)

    def slope(lam: float) -> float:  # decreasing in lambda; zero at the constrained maximum
        return sum(p * g / (1 + lam * g) for p, g in zip(shares, gaps))

    a, b = low, high
    for _ in range(200):
        middle = (a + b) / 2
        if slope(middle) > 0:
            a = middle
        else:
            b = middle
        if b - a < 1e-15 * max(1.0, abs(middle)):
            break
    lam = (a + b) / 2
    return [p / (1 + lam * g) for p, g in zip(shares, gaps)]


PAIR_POINTS = (0.0, 0.5, 1.0, 1.5, 2.0)
"""The points a pair of games can give: the pentanomial's five categories."""


class SprtState(enum.Enum):
    """The verdict of a sequential test so far."""

    CONTINUE = "continue"
    H0 = "H0 accepted"
    H1 = "H1 accepted"


@dataclass(frozen=True)
class Sprt:
    """A GSPRT of ``elo0`` against ``elo1`` (logistic Elo) with error rates ``alpha`` and ``beta``."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self):
        if not self.elo0 < self.elo1:
            raise ValueError(f"the SPRT needs ELO0 < ELO1, not {self.elo0:g},{self.elo1:g}")
        if not (0 < self.alpha < 0.5 and 0 < self.beta < 0.5):
            raise ValueError("the SPRT's error rates are between 0 and 0.5")

    @property
    def lower(self) -> float:
        """The log-likelihood ratio at which H0 is accepted."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """The log-likelihood ratio at which H1 is accepted."""
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, counts: Sequence[float], values: Sequence[float]) -> float:
        """The log-likelihood ratio of results ``counts[i]`` times worth ``values[i]`` (scores in 0..1).

        Categories never seen count :data:`REGULARIZE`; no result at all gives 0.
        """
        if not sum(counts):
            return 0.0
        regular = [c if c > 0 else REGULARIZE for c in counts]
        p0 = constrained_mle(regular, values, score_from_elo(self.elo0))
        p1 = constrained_mle(regular, values, score_from_elo(self.elo1))
        return sum(c * math.log(a / b) for c, a, b in zip(regular, p1, p0))

    def llr_normal(self, counts: Sequence[float], values: Sequence[float]) -> float:
        """The normal approximation of :meth:`llr`, ``N (s1 - s0) (2 sbar - s0 - s1) / (2 var)``."""
        regular = [c if c > 0 else REGULARIZE for c in counts]
        n = sum(regular)
        mean = sum(c * v for c, v in zip(regular, values)) / n
        var = sum(c * (v - mean) ** 2 for c, v in zip(regular, values)) / n
        s0, s1 = score_from_elo(self.elo0), score_from_elo(self.elo1)
        return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)

    def llr_trinomial(self, tally: Tally) -> float:
        """The ratio counted per game: losses, draws and wins worth 0, 1/2 and 1."""
        return self.llr((tally.losses, tally.draws, tally.wins), (0.0, 0.5, 1.0))

    def llr_pentanomial(self, pairs: Sequence[int]) -> float:
        """The ratio counted per pair: ``pairs[k]`` pairs worth ``k/2`` points (0 to 2), as a score ``k/4``."""
        return self.llr(pairs, [p / 2 for p in PAIR_POINTS])

    def verdict(self, llr: float) -> SprtState:
        if llr >= self.upper:
            return SprtState.H1
        if llr <= self.lower:
            return SprtState.H0
        return SprtState.CONTINUE


def pentanomial(pair_points: Sequence[float]) -> list[int]:
    """How many pairs scored 0, 1/2, 1, 3/2 and 2 points."""
    counts = [0] * len(PAIR_POINTS)
    for points in pair_points:
        counts[PAIR_POINTS.index(points)] += 1
    return counts


def rating_against_anchors(results: Sequence[tuple[float, float]], confidence: float = CONFIDENCE,
                           span: float = 4000.0) -> Interval | None:
    """A player's rating from games against opponents of known ratings, with its interval.

    ``results`` are ``(opponent's rating, points)`` per game (1, 1/2 or 0).
    The rating is the one that makes the results most likely under the
    logistic model (a draw counted as half a win and half a loss: ``sum
    s log p + (1 - s) log(1 - p)`` with ``p`` the expected score); against a
    single opponent it is that opponent's rating plus :func:`elo_from_score`
    of the score.  The interval holds the ratings whose log-likelihood is
    within ``z^2 / 2`` of the best (the profile-likelihood interval), so an
    all-win record still has a finite lower end.  Ratings are searched within
    ``span`` of the opponents'; None without a game.
    """
    if not results:
        return None
    low_bound = min(r for r, _ in results) - span
    high_bound = max(r for r, _ in results) + span

    def log_likelihood(rating: float) -> float:
        total = 0.0
        for opponent, points in results:
            p = score_from_elo(rating - opponent)
            p = min(max(p, 1e-300), 1 - 1e-16)
            total += points * math.log(p) + (1 - points) * math.log(1 - p)
        return total

    def slope(rating: float) -> float:  # derivative's sign: the expected minus the observed points
        return sum(points - score_from_elo(rating - opponent) for opponent, points in results)

    a, b = low_bound, high_bound
    for _ in range(100):
        middle = (a + b) / 2
        if slope(middle) > 0:
            a = middle
        else:
            b = middle
    best = (a + b) / 2
    drop = log_likelihood(best) - _z(confidence) ** 2 / 2

    def edge(inside: float, outside: float) -> float:
        for _ in range(100):
            middle = (inside + outside) / 2
            if log_likelihood(middle) >= drop:
                inside = middle
            else:
                outside = middle
        return (inside + outside) / 2

    low = edge(best, low_bound) if log_likelihood(low_bound) < drop else -math.inf
    high = edge(best, high_bound) if log_likelihood(high_bound) < drop else math.inf
    if best - low_bound < 1.0:
        best = -math.inf
    if high_bound - best < 1.0:
        best = math.inf
    return Interval(best, low, high)
