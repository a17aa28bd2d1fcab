"""The generated Alpha Centauri ZRF: it reads back cleanly, and the ZRF interpreter running
it agrees with the native engine (variants/alpha_centauri/engine.py) position by position,
with no known difference at all (docs/variants/alpha_centauri-zrf.md): the no-attack rule,
the win by the first part and the no-legal-turn draw are exact."""

from __future__ import annotations


import pytest

from runtime.verify.crosscheck_run import CrossCheckSpec, run
from runtime.interpreter.options import PassTurn
from runtime.loading.opening import open_game
from tests.conftest import slow_scale
from tests.variants.zrf_helpers import check_material_turns, compare, crosscheck_full_size, edited_zrf_state
from runtime.loading import registry
from variants.alpha_centauri import data
from variants.alpha_centauri.engine import NO_TURN_RULE, alpha_centauri

NAME = "alpha-centauri"
ENTRY = registry.find_game(NAME)
ZRF = ENTRY.zrf
W, B = "White", "Black"


def spec() -> CrossCheckSpec:
    return CrossCheckSpec(game=NAME, zrf=ZRF, variant=ENTRY.zrf_variant)


@pytest.fixture(scope="module")
def zrf_game():
    return open_game(ZRF)


def both(position, to_move=W, zrf_game=None):
    """The same hand-made position in the engine and in the ZRF game (one turn-order entry
    per player: Black's is the second)."""
    game = zrf_game or open_game(ZRF)
    cand = edited_zrf_state(game, data.SETUP, position, 1 if to_move == B else 0)
    ref = alpha_centauri().state_from(position, to_move)
    return ref, cand


# ---------------------------------------------------------------- (a) the file itself

def test_cells_pieces_players_and_title_match_the_engine(zrf_game):
    eng = alpha_centauri()
    assert set(zrf_game.positions) == set(eng.positions)
    assert set(zrf_game.piece_types) == set(eng.piece_types)
    assert tuple(zrf_game.players) == tuple(eng.players)
    assert zrf_game.name == "Alpha Centauri"


def test_one_turn_order_entry_per_turn(zrf_game):
    """Part 1 (move type royal, preferred by move-priorities) continues into part 2 by
    add-partial, so a whole turn is one turn-order entry, as in the engine."""
    entries = [(zrf_game.tables.players[p], mt) for p, _, mt in zrf_game.turn_order.entries]
    assert entries == [(W, None), (B, None)]
    assert zrf_game.gdef.move_priorities == ["royal", "normal"]
    assert zrf_game.options.pass_turn is PassTurn.NEVER


# ---------------------------------------------------------------- (b) cross-checks

@pytest.mark.slow
def test_crosscheck_ci_size():
    """perft(1) (the 839 start turns) plus seeded playouts: no difference at all (the
    game declares no known difference, so any one fails here).

    The playouts scale with ZRF_SLOW_SCALE (two of 10 whole turns in CI); the full size
    is test_crosscheck_full_size."""
    games = max(2, round(20 * slow_scale()))
    result = run(spec(), depth=1, games=games, plies=10, seed=0)
    assert result.positions >= 1 + games
    assert result.failures == [], "\n".join(d.describe() for d in result.failures)


# Hand-made positions for rules random play reaches only seldom.  The royals stand far
# from every capturable piece, so the no-attack rule plays no part and the two engines
# must agree exactly.
ROYALS_APART = {"a1": (W, "King"), "b1": (W, "Dame"), "i9": (B, "King"), "h9": (B, "Dame")}
RARE_POSITIONS = {
    "rotations with both sides in the ring (odd and even amounts)": ({
        "e5": (W, "Rotor"), "e6": (W, "Pawn"), "f4": (B, "Pawn"), "d4": (B, "Guard"),
        "f6": (W, "Hopper"), **ROYALS_APART}, W),
    "a period-4 ring: rotation by 4 is no move": ({
        "e5": (W, "Rotor"), "e6": (W, "Pawn"), "e4": (W, "Pawn"), "c3": (W, "Guard"),
        **ROYALS_APART}, W),
    "Centaur captures (two enemies, enemy + uncapturable, enemy + friend)": ({
        "c3": (W, "Centaur"), "e6": (B, "Pawn"), "f5": (B, "Guard"), "d7": (B, "Hopper"),
        "c6": (B, "Rotor"), "g3": (B, "Pawn"), "h4": (W, "Pawn"), "g7": (B, "Advancer"),
        **ROYALS_APART}, W),
    "Advancer and Withdrawer captures": ({
        "d5": (W, "Advancer"), "g5": (B, "Pawn"), "d7": (B, "Guard"), "f3": (W, "Withdrawer"),
        "e3": (B, "Hopper"), "f2": (B, "Pawn"), "c5": (B, "Rotor"), **ROYALS_APART}, W),
    "Hopper jumps and sacrifices": ({
        "e5": (W, "Hopper"), "e6": (B, "Pawn"), "e7": (W, "Guard"), "b5": (B, "Guard"),
        "e2": (B, "Pawn"), "f4": (B, "Withdrawer"), "d4": (B, "Rotor"), "h5": (B, "Pawn"),
        **ROYALS_APART}, W),
    "Reducers on rank and file": ({
        "e5": (W, "Hopper"), "e8": (B, "Reducer"), "b5": (B, "Reducer"), "g3": (W, "Pawn"),
        "g6": (B, "Reducer"), "c2": (W, "Rotor"), "c7": (B, "Reducer"), "d3": (W, "Centaur"),
        "d6": (B, "Reducer"), **ROYALS_APART}, W),
    "Black to move, Reducer and rotation": ({
        "e5": (B, "Rotor"), "e6": (W, "Reducer"), "d5": (B, "Guard"), "f4": (B, "Pawn"),
        "g7": (W, "Centaur"), **ROYALS_APART}, B),
}


@pytest.mark.parametrize("label", sorted(RARE_POSITIONS))
def test_rare_rules_agree_exactly(label, zrf_game):
    position, to_move = RARE_POSITIONS[label]
    ref, cand = both(position, to_move, zrf_game)
    result = compare(ref, cand)
    assert result.disagreements == [], "\n".join(d.describe() for d in result.disagreements)
    assert ref.legal_moves(), "the position should not be terminal"


# White's King d5 and Dame f4 meet in the Encounter Zone by one step of either.
WIN_POSITION = {"d5": (W, "King"), "f4": (W, "Dame"), "i9": (B, "King"), "h9": (B, "Dame"),
                "a3": (W, "Pawn")}


def test_win_after_the_first_part(zrf_game):
    """D1: a meeting made by part 1 wins at once; the King's continuation then offers no part
    2, so the turn is part 1 alone and the final position has Black to move, as in the
    engine (once the win-turn-marker known difference)."""
    ref, cand = both(WIN_POSITION, W, zrf_game)
    won = [m for m in cand.legal_moves() if cand.apply(m).outcome() is not None]
    assert len(won) == 2
    for m in won:
        after = cand.apply(m)
        assert after.outcome().winners == (W,) and after.current_player == B
    assert compare(ref, cand).disagreements == []


# White's King and Dame are boxed in by Black Rotors and White has no capturable piece:
# no legal turn, a draw (A15).
BOXED = {"a1": (W, "King"), "a2": (W, "Dame"), "b1": (B, "Rotor"), "b2": (B, "Rotor"),
         "a3": (B, "Rotor"), "i9": (B, "King"), "h9": (B, "Dame"), "g5": (B, "Pawn")}


def test_no_legal_turn_is_a_draw(zrf_game):
    """A15: no legal turn draws; in the ZRF the player has no move at all (no "pass turn"
    option), which Zillions scores as a draw (once the no-legal-turn known difference)."""
    ref, cand = both(BOXED, W, zrf_game)
    assert ref.outcome().rule == NO_TURN_RULE
    assert cand.legal_moves() == [] and cand.outcome().draw
    assert compare(ref, cand).disagreements == []


def test_second_part_only_continues_a_first_part(zrf_game):
    """The `second` blocks act only as continuations (last-to? on the piece they run for):
    with the Black royals blocked, White's part 2 alone is made by the capturable pieces'
    own blocks, never by a stray continuation block at the start of the turn."""
    position = {"a1": (W, "King"), "a2": (W, "Dame"), "b1": (B, "Rotor"), "b2": (B, "Rotor"),
                "a3": (B, "Rotor"), "i9": (B, "King"), "h9": (B, "Dame"), "e5": (W, "Pawn")}
    ref, cand = both(position, W, zrf_game)
    assert sorted(m.notation for m in cand.legal_moves()) == sorted(
        m.notation for m in ref.legal_moves())
    assert compare(ref, cand).disagreements == []


@pytest.mark.slow
def test_crosscheck_full_size():
    """The issue's size: perft(2) tree and 100 playouts of up to 60 whole turns (626 s of
    processor time, 5 min 15 s with two workers on an otherwise idle 2-core machine, see
    docs/benchmarks.md, "Alpha Centauri cross-check at full size")."""
    crosscheck_full_size(spec(), depth=2, games=100, plies=60)


# ---------------------------------------------------------------- (c) the no-attack rule

# The no-attack rule is exact: positions where it decides, with the engine's counts derived
# by hand in test_alpha_centauri.py (issue 21) or below, agree exactly with the ZRF.
NO_ATTACK_POSITIONS = {
    "start: the Centaurs c1/g1 may not uncover the Advancers' attacks": (dict(data.SETUP), W, 839),
    "a Rotor brings another Hopper onto an attacking cell (issue 21)": ({
        "e4": (W, "Rotor"), "e5": (W, "Hopper"), "f3": (W, "Hopper"), "e6": (B, "Dame"),
        "a1": (W, "King"), "b1": (W, "Dame"), "i9": (B, "King"), "a9": (B, "Pawn")}, W, 1025),
    "Guards rotated onto each other's cells": ({
        "a1": (W, "King"), "b1": (W, "Dame"), "e4": (W, "Rotor"), "d5": (W, "Guard"),
        "f5": (W, "Guard"), "e6": (B, "Dame"), "i9": (B, "King")}, W, None),
    "a Hopper lands on a friendly Hopper it sacrifices": ({
        "a1": (W, "King"), "b1": (W, "Dame"), "d3": (W, "Hopper"), "d5": (W, "Hopper"),
        "e5": (B, "Dame"), "i9": (B, "King"), "d4": (B, "Pawn")}, W, None),
    "Hopper, Advancer and Withdrawer attacks, uncovered and by approach": ({
        "e5": (B, "King"), "c5": (W, "Advancer"), "e2": (W, "Hopper"), "g6": (W, "Withdrawer"),
        "d4": (W, "Pawn"), "f4": (W, "Centaur"), "a1": (W, "King"), "b1": (W, "Dame"),
        "i9": (B, "Dame"), "e7": (B, "Pawn")}, W, None),
    "a Reducer's limit lifted by capturing or blocking it": ({
        "e5": (B, "King"), "d6": (W, "Guard"), "d8": (B, "Reducer"), "c7": (W, "Pawn"),
        "a1": (W, "King"), "b1": (W, "Dame"), "i9": (B, "Dame")}, W, None),
    "a rotation, then the rotated piece back: no turn leaves the board as it was (D14)": ({
        "e4": (W, "Rotor"), "e5": (W, "Pawn"), "a1": (W, "King"), "b1": (W, "Dame"),
        "i9": (B, "King"), "g9": (B, "Dame")}, W, None),
    "Black to move, attacks on White's royals": ({
        "e5": (W, "King"), "c3": (W, "Dame"), "c6": (B, "Hopper"), "g5": (B, "Advancer"),
        "e3": (B, "Withdrawer"), "d7": (B, "Guard"), "a9": (B, "King"), "b9": (B, "Dame"),
        "h2": (W, "Pawn")}, B, None),
}


@pytest.mark.parametrize("label", sorted(NO_ATTACK_POSITIONS))
def test_no_attack_rule_agrees_exactly(label, zrf_game):
    position, to_move, count = NO_ATTACK_POSITIONS[label]
    ref, cand = both(position, to_move, zrf_game)
    if count is not None:
        assert len(ref.legal_moves()) == count
    result = compare(ref, cand)
    assert result.disagreements == [], "\n".join(d.describe() for d in result.disagreements)


def test_pawn_and_guard_attacks_are_forbidden_in_both(zrf_game):
    position = {"e5": (W, "Pawn"), "c4": (W, "Guard"), "f7": (B, "King"), "b6": (B, "Dame"),
                "a1": (W, "King"), "b1": (W, "Dame")}
    ref, cand = both(position, W, zrf_game)
    assert compare(ref, cand).disagreements == []
    texts = [m.notation for m in cand.legal_moves()]
    assert not any("Pawn e5 - e6" in t for t in texts)   # diagonal to f7
    assert not any("Guard c4 - c5" in t for t in texts)  # next to b6


def test_the_turns_that_change_material_are_read_from_the_codes(zrf_game):
    """variants/alpha_centauri/turn_details.py: a rotation, which the generated file writes as
    a capture and a new piece, is no material turn (zrf_helpers.check_material_turns)."""
    check_material_turns(alpha_centauri(), zrf_game)
