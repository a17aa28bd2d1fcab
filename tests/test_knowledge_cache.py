"""runtime.players.knowledge.KnowledgeCache: learned knowledge kept for live games only, at most `capacity`."""

from __future__ import annotations

import gc
import weakref

import pytest

from runtime.players.clock import Deadline
from runtime.players.knowledge import KnowledgeCache, learn
from tests.toygames import TakeAway

POSITIONS = 20


def test_a_game_is_learned_once_and_shared():
    cache = KnowledgeCache()
    game = TakeAway(7)
    first = cache.knowledge(game, 0, POSITIONS)
    assert cache.knowledge(game, 0, POSITIONS) is first
    assert cache.knowledge(game, 1, POSITIONS) is not first  # another seed is another entry
    assert len(cache) == 2


def test_a_collected_games_knowledge_is_dropped():
    cache = KnowledgeCache()
    game = TakeAway(7)
    cache.knowledge(game, 0, POSITIONS)
    alive = weakref.ref(game)
    del game
    gc.collect()
    assert alive() is None, "the cache kept the game alive"
    assert len(cache) == 0


def test_at_most_capacity_games_the_least_recently_used_leaving_first():
    cache = KnowledgeCache(capacity=2)
    games = [TakeAway(n) for n in (5, 6, 7)]
    a = cache.knowledge(games[0], 0, POSITIONS)
    b = cache.knowledge(games[1], 0, POSITIONS)
    assert cache.knowledge(games[0], 0, POSITIONS) is a  # games[0] is now the most recent
    cache.knowledge(games[2], 0, POSITIONS)  # games[1] leaves
    assert len(cache) == 2
    assert cache.knowledge(games[0], 0, POSITIONS) is a
    assert cache.knowledge(games[1], 0, POSITIONS) is not b  # learned again
    with pytest.raises(ValueError):
        KnowledgeCache(capacity=0)


def test_learning_against_a_clock_goes_on_later_and_lets_the_game_go_once_complete():
    """A player learns in the time its move has (the deadline here expires on the clock's fifth
    reading) and on during later moves: the cache keeps the unfinished learner, which holds
    the game; once learning completes the entry keeps only the knowledge (the same values as
    learning in one go, since positions, not seconds, are counted) and the game can go."""
    cache = KnowledgeCache()
    game = TakeAway(7)
    readings = iter(range(1_000_000))
    cut = Deadline(0, 5, 5, lambda: next(readings))
    partial, complete = cache.knowledge_by(game, cut, 0, POSITIONS)
    assert not complete
    alive = weakref.ref(game)
    knowledge, complete = cache.knowledge_by(game, Deadline.none(), 0, POSITIONS)
    assert complete
    assert knowledge.values == learn(TakeAway(7), POSITIONS, 0).values
    assert cache.knowledge_by(game, cut, 0, POSITIONS) == (knowledge, True)
    del game
    gc.collect()
    assert alive() is None, "the finished entry kept the game alive"
    assert len(cache) == 0
