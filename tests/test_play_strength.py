"""The computer opponent against the random player (issue 8: at least 95 of 100 games won).

The full run is ``benchmarks/strength.py GAME --depth 2 --budget 60
--max-plies 300 --games 100`` (figures in docs/play.md); this is the same
match, same seeds and settings, cut to ``scaled(100)`` games.  The search
counts move generations instead of timing itself, so the games are
reproducible.  A game stopped by the ply limit counts as not won.
"""

from __future__ import annotations

import math

import pytest

from runtime.loading.opening import load_game
from runtime.players.alphabeta import AlphaBetaPlayer
from runtime.players.knowledge import knowledge_for
from runtime.players.matches import play_match

from .conftest import ROOT, scaled

DEPTH, BUDGET, MAX_PLIES = 2, 60, 300
"""The benchmark's settings for this match (benchmarks/strength.py --depth 2 --budget 60 --max-plies 300)."""


@pytest.mark.slow
@pytest.mark.parametrize("spec", [str(ROOT / "tests" / "games" / "chess.zrf"), "canopus"],
                         ids=["chess-zrf", "canopus"])
def test_alphabeta_beats_random(spec):
    game = load_game(spec)
    knowledge = knowledge_for(game, 0)
    n = scaled(100, minimum=4)
    results = play_match(game, lambda seed: AlphaBetaPlayer(max_depth=DEPTH, node_budget=BUDGET, seed=seed,
                                                             knowledge=knowledge),
                         n, seed=0, max_plies=MAX_PLIES)
    wins = sum(r.result == "win" for r in results)
    losses = [r for r in results if r.result == "loss"]
    assert not losses, f"lost to the random player: {losses}"
    assert wins >= math.ceil(0.95 * n), f"won {wins} of {n}"
    # the tested player took both seats
    assert {r.first_player_kind for r in results} == set(game.players)


def test_a_match_split_into_parts_plays_the_same_games():
    """``first_game`` plays games K onwards exactly as one run plays them (seats and seeds follow
    the game's number), so benchmarks/strength.py --first-game parts add up to the whole match."""
    from runtime.players.player import RandomPlayer

    game = load_game("canopus")
    seeds = []

    def make(seed):
        seeds.append(seed)
        return RandomPlayer(seed)

    whole = play_match(game, make, 3, seed=5, max_plies=40)
    part = play_match(game, make, 1, seed=5, max_plies=40, first_game=2)
    assert seeds == [5, 6, 7, 7]
    assert [(r.index, r.first_player_kind, r.plies, r.result) for r in part] == \
        [(r.index, r.first_player_kind, r.plies, r.result) for r in whole[2:]]
    assert part[0].index == 2 and part[0].first_player_kind == game.players[0]
