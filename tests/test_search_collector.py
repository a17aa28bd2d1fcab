"""The collector's settings during a search are the search's alone: raised while it runs, put back after.

Python's own ``gc`` module is the judge: its thresholds and freeze count are
read from inside a chess search (through the clock's ``cancelled`` callable,
which the search asks as it reads its clock) and after it, whether the
search ends with a move, is cancelled or raises; and with the collector off,
``gc.collect()`` finds nothing a search and its evaluator left behind.
"""

from __future__ import annotations

import gc

import pytest

from runtime.jobs.collector_scope import LONG_RUN_THRESHOLDS as SEARCH_THRESHOLDS
from runtime.jobs.collector_scope import CollectorScope
from runtime.loading.opening import open_game
from runtime.players.alphabeta import AlphaBetaPlayer
from runtime.players.clock import TimeControl
from runtime.players.evaluation import Evaluator
from runtime.players.knowledge import learn

from .conftest import ROOT

CHESS = str(ROOT / "tests" / "games" / "chess.zrf")


@pytest.fixture(scope="module")
def chess():
    game = open_game(CHESS)
    return game, learn(game, 200)


@pytest.fixture(autouse=True)
def python_defaults():
    """Every test starts from Python's default thresholds, nothing frozen, and leaves them so."""
    saved = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    assert gc.get_freeze_count() == 0
    yield
    assert gc.get_threshold() == (700, 10, 10)
    assert gc.get_freeze_count() == 0
    gc.set_threshold(*saved)


class Spy:
    """A clock's ``cancelled`` callable that notes the collector's settings each time the search asks it
    (whether objects are frozen, the first time it sees a threshold: counting them takes a while)."""

    def __init__(self, cancel_after: int | None = None, error: Exception | None = None):
        self.seen: set[tuple] = set()
        self._frozen: dict[tuple, bool] = {}
        self.calls = 0
        self.cancel_after = cancel_after
        self.error = error

    def __call__(self) -> bool:
        self.calls += 1
        threshold = gc.get_threshold()
        if threshold not in self._frozen:
            self._frozen[threshold] = gc.get_freeze_count() > 0
        self.seen.add((threshold, self._frozen[threshold]))
        if self.error is not None and gc.get_threshold() == SEARCH_THRESHOLDS:
            raise self.error
        return self.cancel_after is not None and self.calls > self.cancel_after


def search(chess, spy: Spy):
    game, knowledge = chess
    player = AlphaBetaPlayer(max_depth=3, node_budget=300, knowledge=knowledge,
                             clock=TimeControl(cancelled=spy))
    return player.choose(game.initial_state())


def test_a_search_runs_with_raised_thresholds_and_frozen_objects_then_puts_them_back(chess):
    spy = Spy()
    search(chess, spy)
    assert spy.calls > 10
    # the first ask is the clock's, before the search's scope; every one inside it sees the raised settings
    assert (SEARCH_THRESHOLDS, True) in spy.seen
    assert spy.seen <= {(SEARCH_THRESHOLDS, True), ((700, 10, 10), False)}


def test_a_cancelled_search_puts_the_settings_back(chess):
    spy = Spy(cancel_after=20)
    search(chess, spy)
    assert (SEARCH_THRESHOLDS, True) in spy.seen


def test_a_search_that_raises_puts_the_settings_back(chess):
    spy = Spy(error=KeyboardInterrupt())
    with pytest.raises(KeyboardInterrupt):
        search(chess, spy)
    assert (SEARCH_THRESHOLDS, True) in spy.seen


def test_a_threshold_raised_beyond_the_search_s_is_kept():
    gc.set_threshold(50_000, 5, 10)
    with CollectorScope("a search"):
        assert gc.get_threshold() == (50_000, SEARCH_THRESHOLDS[1], 10)
    assert gc.get_threshold() == (50_000, 5, 10)
    gc.set_threshold(700, 10, 10)


def test_objects_someone_else_froze_stay_frozen():
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with CollectorScope("a search"):
            assert gc.get_freeze_count() >= frozen
        assert gc.get_freeze_count() >= frozen > 0
    finally:
        gc.unfreeze()


@pytest.mark.parametrize("first_out", ["first in", "last in"])
def test_two_searches_ending_in_either_order_leave_the_defaults(first_out):
    """Searches in two threads share the process's collector: whichever ends first, the defaults come back."""
    a, b = CollectorScope("a search"), CollectorScope("a search")
    a.__enter__()
    b.__enter__()
    assert gc.get_threshold() == SEARCH_THRESHOLDS and gc.get_freeze_count() > 0
    first, second = (a, b) if first_out == "first in" else (b, a)
    first.__exit__(None, None, None)
    second.__exit__(None, None, None)


def test_a_scope_is_not_entered_twice():
    scope = CollectorScope("a search")
    with scope, pytest.raises(RuntimeError):
        scope.__enter__()


def test_a_search_and_its_evaluator_leave_no_cycle(chess):
    """Freed by reference counting alone: with the collector off, ``gc.collect()`` then finds no garbage."""
    game, knowledge = chess
    gc.collect()
    gc.disable()
    try:
        evaluator = Evaluator(game, knowledge)
        evaluator.value_of(game.initial_state().signature(), game.players[0])
        del evaluator
        player = AlphaBetaPlayer(max_depth=2, node_budget=100, knowledge=knowledge)
        player.choose(game.initial_state())
        del player
        assert gc.collect() == 0
    finally:
        gc.enable()
