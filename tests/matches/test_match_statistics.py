"""Match statistics against values worked out by hand from the published formulas.

Logistic Elo: ``E(s) = -400 log10(1/s - 1)``.  Trinomial interval: per-game
variance ``(W (1-s)^2 + D (1/2-s)^2 + L s^2) / N``, score ``s +- 1.959964
sqrt(var / N)``.  LOS: ``Phi((W - L) / sqrt(W + L))``.  SPRT bounds:
``log(beta / (1 - alpha))`` and ``log((1 - beta) / alpha)``.  Every figure
below was computed with a calculator from these, digits shown.
"""

from __future__ import annotations

import math

import pytest

from runtime.matches.match_statistics import (Sprt, SprtState, Tally, constrained_mle, elo_from_score,
                                              elo_interval, likelihood_of_superiority, pentanomial,
                                              rating_against_anchors, score_from_elo)


def test_sixty_percent_is_seventy_elo():
    """-400 log10(1/0.6 - 1) = -400 log10(0.666667) = -400 (-0.176091) = +70.437."""
    assert elo_from_score(0.6) == pytest.approx(70.437, abs=1e-3)
    assert elo_from_score(0.5) == 0.0
    assert elo_from_score(0.25) == pytest.approx(-190.849, abs=1e-3)  # -400 log10(3) = -190.849
    assert elo_from_score(1.0) == math.inf and elo_from_score(0.0) == -math.inf
    assert score_from_elo(70.437) == pytest.approx(0.6, abs=1e-6)


def test_the_interval_of_60_wins_and_40_losses():
    """s = 0.6; var = (60 * 0.16 + 40 * 0.36) / 100 = 0.24; sqrt(0.24 / 100) = 0.0489898;
    times 1.959964: 0.0960182.  s from 0.5039818 to 0.6960182: Elo -400 log10(0.984205) = +2.767
    and -400 log10(0.436744) = +143.909."""
    interval = elo_interval(Tally(60, 0, 40))
    assert interval.value == pytest.approx(70.437, abs=1e-3)
    assert interval.low == pytest.approx(2.767, abs=1e-2)
    assert interval.high == pytest.approx(143.909, abs=1e-2)


def test_draws_narrow_the_interval():
    """30 wins, 40 draws, 30 losses: var = (30 * 0.25 + 30 * 0.25) / 100 = 0.15, half-width
    1.959964 * 0.0387298 = 0.0759097, Elo -400 log10(1/0.4240903 - 1) = -53.16 to +53.16; 50 wins
    and 50 losses: var 0.25, half-width 0.0979982, -400 log10(1/0.5979982 - 1) = -400 log10(0.672246)
    = +68.99, so -68.99 to +68.99."""
    drawn = elo_interval(Tally(30, 40, 30))
    decisive = elo_interval(Tally(50, 0, 50))
    assert drawn.value == 0.0 and decisive.value == 0.0
    assert drawn.high == pytest.approx(53.16, abs=1e-2) and drawn.low == pytest.approx(-53.16, abs=1e-2)
    assert decisive.high == pytest.approx(68.99, abs=1e-2)
    assert elo_interval(Tally()) is None


def test_one_result_in_every_game_has_the_wilson_interval():
    """10 wins in 10 games: the trinomial variance is 0, so the Wilson interval of 10 points in 10
    games: z^2 = 3.841459, denominator 1 + 3.841459 / 10 = 1.3841459, centre (1 + 3.841459 / 20) /
    1.3841459 = 0.8612336, half-width 1.959964 sqrt(3.841459 / 400) / 1.3841459 = 0.1387664, so a
    score of 0.7224672 to 1: Elo -400 log10(1/0.7224672 - 1) = +166.20 to +inf.  0 of 10 is its
    mirror.  10 draws: 5 points in 10, centre 0.5, half-width 1.959964 sqrt(0.025 + 0.0096037) /
    1.3841459 = 0.2634069: 0.2365931 to 0.7634069, -203.50 to +203.50 Elo."""
    won = elo_interval(Tally(10, 0, 0))
    assert won.value == math.inf and won.high == math.inf
    assert won.low == pytest.approx(166.20, abs=1e-2)
    lost = elo_interval(Tally(0, 0, 10))
    assert lost.value == -math.inf and lost.high == pytest.approx(-166.20, abs=1e-2)
    drawn = elo_interval(Tally(0, 10, 0))
    assert drawn.value == 0.0
    assert drawn.low == pytest.approx(-203.50, abs=1e-2) and drawn.high == pytest.approx(203.50, abs=1e-2)


def test_likelihood_of_superiority():
    """Phi((60 - 40) / sqrt(100)) = Phi(2) = 0.977250; draws do not count; no decisive game: 1/2."""
    assert likelihood_of_superiority(Tally(60, 0, 40)) == pytest.approx(0.977250, abs=1e-6)
    assert likelihood_of_superiority(Tally(60, 500, 40)) == pytest.approx(0.977250, abs=1e-6)
    assert likelihood_of_superiority(Tally(0, 10, 0)) == 0.5
    assert likelihood_of_superiority(Tally(40, 0, 60)) == pytest.approx(1 - 0.977250, abs=1e-6)


def test_sprt_bounds():
    """alpha = beta = 0.05: log(0.05 / 0.95) = -2.944439 and log(0.95 / 0.05) = +2.944439."""
    sprt = Sprt(0, 10)
    assert sprt.lower == pytest.approx(-2.944439, abs=1e-6) and sprt.upper == pytest.approx(2.944439, abs=1e-6)
    assert Sprt(0, 5, alpha=0.1, beta=0.2).upper == pytest.approx(math.log(0.8 / 0.1))
    for wrong in ((10, 0), (0, 0)):
        with pytest.raises(ValueError):
            Sprt(*wrong)
    with pytest.raises(ValueError):
        Sprt(0, 10, alpha=0.6)


def test_sprt_without_draws_is_the_binomial_test():
    """Only wins and losses: the most likely distribution with mean s wins with probability s, so the
    ratio is W ln(s1/s0) + L ln((1-s1)/(1-s0)).  elo1 = 10: 10^(-0.025) = 0.9440609, s1 = 1/1.9440609
    = 0.5143872; 60 ln(1.0287744) + 40 ln(0.9712256) = 60 (0.0283684) + 40 (-0.0291963) = 1.70210
    - 1.16785 = 0.53425."""
    sprt = Sprt(0, 10)
    assert score_from_elo(10) == pytest.approx(0.5143872, abs=1e-7)
    assert sprt.llr_trinomial(Tally(60, 0, 40)) == pytest.approx(0.53425, abs=1e-3)
    assert sprt.verdict(0.53) is SprtState.CONTINUE


def test_sprt_agrees_with_its_normal_approximation_over_many_games():
    """Over thousands of results the ratio is N (s1 - s0)(2 sbar - s0 - s1) / (2 var), the form
    fishtest documents; trinomial and pentanomial counts, within 2 %."""
    sprt = Sprt(0, 10)
    games = (1200, 3000, 1700)
    assert sprt.llr(games, (0, 0.5, 1)) == pytest.approx(sprt.llr_normal(games, (0, 0.5, 1)), rel=0.02)
    pairs = [300, 1500, 3000, 1600, 400]
    assert sprt.llr_pentanomial(pairs) == pytest.approx(sprt.llr_normal(pairs, [0, .25, .5, .75, 1]), rel=0.02)


def test_sprt_decides_a_lopsided_run_and_not_a_single_pair():
    """30 wins, no loss, H1 = +100 Elo (s1 = 0.640065): 30 ln(1.280130) = 7.41 > 2.94, H1 accepted;
    30 losses: 30 ln(0.719870) = -9.86, H0.  One pair of two wins stays undecided (the normal
    approximation would give a variance of almost 0 and an enormous ratio)."""
    sprt = Sprt(0, 100)
    assert sprt.verdict(sprt.llr_trinomial(Tally(30, 0, 0))) is SprtState.H1
    assert sprt.llr_trinomial(Tally(30, 0, 0)) == pytest.approx(7.41, abs=0.01)
    assert sprt.verdict(sprt.llr_trinomial(Tally(0, 0, 30))) is SprtState.H0
    one_pair = sprt.llr_pentanomial([0, 0, 0, 0, 1])
    assert 0 < one_pair < sprt.upper
    assert sprt.llr_pentanomial([0, 0, 0, 0, 0]) == 0.0


def test_the_constrained_distribution_has_the_asked_mean():
    p = constrained_mle([3, 5, 2], [0, 0.5, 1], 0.6)
    assert sum(p) == pytest.approx(1) and sum(x * v for x, v in zip(p, [0, 0.5, 1])) == pytest.approx(0.6)


def test_pentanomial_counts_pairs():
    assert pentanomial([2.0, 1.0, 1.0, 0.5, 0.0, 1.5]) == [1, 1, 2, 1, 1]


def test_rating_against_known_opponents():
    """Against one opponent the most likely rating is its rating plus E(score): 6 wins and 4 losses
    against 1500 give 1500 + 70.44.  All wins: no upper end, but a lower one."""
    rating = rating_against_anchors([(1500.0, 1.0)] * 6 + [(1500.0, 0.0)] * 4)
    assert rating.value == pytest.approx(1570.44, abs=0.05)
    assert rating.low < rating.value < rating.high
    wins = rating_against_anchors([(1500.0, 1.0)] * 6)
    assert wins.value == math.inf and wins.high == math.inf and 1500 < wins.low < math.inf
    assert rating_against_anchors([]) is None
    # 1/2 a point against each of two opponents 200 apart: the rating midway between them
    mixed = rating_against_anchors([(1400.0, 0.5), (1600.0, 0.5)])
    assert mixed.value == pytest.approx(1500.0, abs=0.05)
