"""runtime.players.knowledge.KnowledgeCache: learned knowledge kept for live games only, at most `capacity`."""

from __future__ import annotations

import gc
import weakref

import pytest

from runtime.players.knowledge import KnowledgeCache
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
