"""The computer opponent against the random player (issue 8: at least 95 of 100 games won).

The full run is ``benchmarks/strength.py GAME --depth 2 --budget 60
--max-plies 300 --games 100`` (figures in docs/play.md); this is the same
match, same seeds and settings, played by the same match library
(runtime/matches), cut to ``scaled(100)`` games.  The search counts move
generations instead of timing itself, so the games are reproducible.  A game
stopped by the ply limit counts as not won.
"""

from __future__ import annotations

import math

import pytest

from runtime.matches.match_run import run_match
from runtime.matches.schedule import Contestant, MatchPlan
from runtime.players.spec import parse_player_spec

from .conftest import ROOT, scaled

DEPTH, BUDGET, MAX_PLIES = 2, 60, 300
"""The benchmark's settings for this match (benchmarks/strength.py --depth 2 --budget 60 --max-plies 300)."""


def _plan(spec: str, tested: str, games: int, first_game: int = 0, max_plies: int = MAX_PLIES) -> MatchPlan:
    return MatchPlan(spec, None, (Contestant("tested", parse_player_spec(tested)),
                                  Contestant("random", parse_player_spec("random"))),
                     games, max_plies=max_plies, seed=0, first_game=first_game)


@pytest.mark.slow
@pytest.mark.parametrize("spec", [str(ROOT / "tests" / "games" / "chess.zrf"), "canopus"],
                         ids=["chess-zrf", "canopus"])
def test_alphabeta_beats_random(spec):
    n = scaled(100, minimum=4)
    result = run_match(_plan(spec, f"alphabeta:depth={DEPTH},nodes={BUDGET}", n))
    tally = result.tally
    losses = [r for r in result.reports if r.points and r.points["tested"] == 0.0]
    assert not losses, f"lost to the random player: {losses}"
    assert tally.wins >= math.ceil(0.95 * n), f"won {tally.wins} of {n}"
    # the tested player took both seats
    assert {seat for r in result.reports for seat, name in r.seats.items() if name == "tested"} == {"White", "Black"}


def test_a_match_split_into_parts_plays_the_same_games():
    """``first_game`` plays games K onwards exactly as one run plays them (seats and seeds follow
    the game's number), so benchmarks/strength.py --first-game parts add up to the whole match."""
    whole = run_match(_plan("canopus", "random", 3, max_plies=40)).reports
    part = run_match(_plan("canopus", "random", 1, first_game=2, max_plies=40)).reports
    assert [(r.index, r.seats, r.moves) for r in part] == [(r.index, r.seats, r.moves) for r in whole[2:]]
    assert part[0].index == 2 and part[0].seats == {"White": "tested", "Black": "random"}
    assert whole[1].seats == {"White": "random", "Black": "tested"}
