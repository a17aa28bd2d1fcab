"""Goal information in the engine contract: native engines and their generated ZRF describe the same goals.

Each built-in game's native engine (written from the rules) and its generated
ZRF (read by the interpreter from the file's goal forms) are independent
sources; where both state a goal, the cells and pieces must agree.
"""

from __future__ import annotations

import random

import pytest

from runtime.loading.opening import open_game
from runtime.core.goalinfo import (AnyOf, Checkmated, Occupant, PiecesRemaining, Placement, Unscored, royal_pieces,
                              walk)
from runtime.loading.registry import registered_games


def _placements(goals, result: str, player: str) -> set:
    """Each placement of ``player``'s ``result`` goals as a set of (cells, occupant types) per slot."""
    out = set()
    for g in goals:
        if g.result == result and player in g.players:
            for c in walk(g.condition):
                if isinstance(c, Placement):
                    out.add(frozenset((s.cells, frozenset(o.piece for o in s.occupants if o.owner == "own"))
                                      for s in c.slots))
    return out


def _zrf(name: str):
    entry = registered_games()[name]
    return open_game(entry.zrf, entry.zrf_variant)


@pytest.mark.parametrize("name", ["alpha-centauri", "canopus", "super-star-canopus"])
def test_native_and_generated_zrf_name_the_same_winning_placements(name):
    native, zrf = open_game(name), _zrf(name)
    for player in native.players:
        expected = _placements(zrf.goal_info(), "win", player)
        assert expected, "the generated ZRF has a placement goal"
        assert _placements(native.goal_info(), "win", player) == expected


def test_alpha_centauri_meeting_has_the_twenty_adjacent_pairs_of_the_zone():
    """The 3x3 zone has 12 orthogonal and 8 diagonal adjacent pairs (counted by hand)."""
    (goal,) = open_game("alpha-centauri").goal_info()
    assert goal.result == "win" and goal.players == ("White", "Black")
    assert isinstance(goal.condition, AnyOf) and len(goal.condition.alternatives) == 20
    pairs = {frozenset(next(iter(s.cells)) for s in p.slots) for p in goal.condition.alternatives}
    assert frozenset({"d4", "e5"}) in pairs and frozenset({"d4", "f6"}) not in pairs
    assert all(s.occupants == (Occupant("King"), Occupant("Dame")) for p in goal.condition.alternatives
               for s in p.slots)


@pytest.mark.parametrize("name", ["canopus", "epsilon-eridani"])
def test_reduced_to_two_pieces_is_a_pieces_remaining_loss(name):
    for game in (open_game(name), _zrf(name)):
        counts = {c.count for g in game.goal_info() if g.result == "loss" for c in walk(g.condition)
                  if isinstance(c, PiecesRemaining) and c.whose == "own"}
        assert counts == {0, 1, 2}, game.name


@pytest.mark.parametrize("name", sorted(set(registered_games()) - {"alpha-centauri"}))
def test_the_king_is_royal_in_every_checkmate_game(name):
    for game in (open_game(name), _zrf(name)):
        for player in game.players:
            assert royal_pieces(game.goal_info(), player) == frozenset({"King"}), game.name


def test_zrf_relative_config_becomes_one_placement_per_fitting_start_cell(tmp_path):
    """Three in a row eastwards on a 3x3 grid fits from a1, a2 and a3 only."""
    path = tmp_path / "row.zrf"
    path.write_text("""
(game (title "Row") (players A B) (turn-order A B)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
         (directions (e 1 0) (n 0 -1))))
  (piece (name Stone) (drops ((verify empty?) add)))
  (board-setup (A (Stone off 5)) (B (Stone off 5)))
  (win-condition (A B) (relative-config Stone e Stone e Stone))
  (draw-condition (A B) stalemated))
""")
    game = open_game(str(path))
    goals = [g for g in game.goal_info() if g.result == "win"]
    assert [g.players for g in goals] == [("A",), ("B",)]
    cond = goals[0].condition
    starts = {min(next(iter(s.cells)) for s in p.slots) for p in cond.alternatives}
    assert starts == {"a1", "a2", "a3"}
    assert [g.condition for g in game.goal_info() if g.result == "draw"] == [Unscored("stalemated")] * 2


def test_games_without_goal_information_say_nothing():
    from tests.toygames import TakeAway
    assert TakeAway(5).goal_info() == ()


GAMES = ["alpha-centauri", "canopus", "epsilon-eridani", "canonical-chess", "star-pool-chess"]


@pytest.mark.parametrize("name", GAMES)
def test_quick_outcome_agrees_with_outcome(name):
    """Along random games, quick_outcome() is None or exactly outcome() (contract)."""
    for game in (open_game(name), _zrf(name)):
        rng = random.Random(7)
        state = game.initial_state()
        for _ in range(60):
            quick = state.quick_outcome()
            if quick is not None:
                assert state.outcome() == quick
            if state.outcome() is not None:
                break
            state = state.apply(rng.choice(state.legal_moves()))


def test_quick_outcome_sees_the_alpha_centauri_meeting():
    game = open_game("alpha-centauri")
    state = game.state_from({"e6": ("White", "King"), "f5": ("White", "Dame"),
                             "a1": ("Black", "King"), "i1": ("Black", "Dame")}, "Black")
    assert state.quick_outcome() == state.outcome() and state.quick_outcome().winners == ("White",)


def test_checkmated_goal_of_the_chess_zrf():
    from tests.conftest import ROOT
    game = open_game(str(ROOT / "tests" / "games" / "chess.zrf"))
    conditions = [g.condition for g in game.goal_info() if g.result == "loss"]
    assert conditions == [Checkmated(frozenset({"King"}))] * 2
