"""Time control: the soft and hard limits of one move (hand-computed from the rules in runtime/players/clock.py)."""

from __future__ import annotations

import math
import time

import pytest

from runtime.players.clock import EXPECTED_MOVES, Deadline, TimeControl


def test_fixed_time_per_move():
    """Unspent time per move is lost, so a new iteration may start until the hard limit."""
    assert TimeControl(per_move=2.0).limits() == (pytest.approx(1.9), pytest.approx(1.9))


def test_game_clock_shares_the_time_among_the_moves_to_come():
    """60 s for 20 moves, 1 s increment: target 3 + 0.8 = 3.8 s; soft 2.28 s; hard 11.4 s (under 20.8)."""
    soft, hard = TimeControl(remaining=60.0, increment=1.0, moves_to_go=20).limits()
    assert soft == pytest.approx(2.28) and hard == pytest.approx(11.4)


def test_game_clock_never_spends_more_than_a_third_of_what_is_left():
    """3 s left, one move to go: target 3 s, but the hard limit is 1 s (a third) and soft follows it."""
    soft, hard = TimeControl(remaining=3.0, moves_to_go=1).limits()
    assert hard == pytest.approx(1.0) and soft == pytest.approx(1.0)


def test_unknown_game_length_assumes_the_expected_moves():
    soft, _ = TimeControl(remaining=float(EXPECTED_MOVES)).limits()
    assert soft == pytest.approx(0.6)


def test_no_limit():
    assert TimeControl().limits() == (math.inf, math.inf)
    d = Deadline.none()
    assert d.may_deepen() and not d.expired()


def test_a_spent_deadline():
    d = Deadline.after(0.0, 0.0)
    assert not d.may_deepen() and d.expired()


def test_a_cpu_clock_does_not_count_time_spent_waiting():
    """Sleeping uses no processor time: a 0.05 s processor-time move is not over after 0.2 s asleep,
    while the same wall-clock move is (the hard limit is 95 % of the move's time)."""
    cpu = TimeControl(per_move=0.05, cpu=True).start()
    wall = TimeControl(per_move=0.05).start()
    time.sleep(0.2)
    assert wall.expired() and not wall.may_deepen()
    assert not cpu.expired() and cpu.may_deepen()
