"""The generated Canopus / Super-Star Canopus ZRF (variants/canopus/canopus.zrf): it
reads back cleanly, and the ZRF interpreter running it agrees with the native engine
(variants/canopus/engine.py) position by position, with no known difference
(docs/variants/canopus-zrf.md: the goal move in check, the repetition loser and both
sides down to two are exact)."""

from __future__ import annotations


import pytest

from codegen.render import render
from runtime.verify.crosscheck_run import CrossCheckSpec, run
from runtime.loading.opening import open_game
from tests.variants.zrf_helpers import check_material_turns, compare, crosscheck_full_size, edited_zrf_state, play
from runtime.loading import registry
from variants.canopus import data
from variants.canopus.engine import canopus, super_star_canopus

W = "White"
B = "Black"
GAMES = {"canopus": (canopus, "Canopus"), "super-star-canopus": (super_star_canopus,
                                                                 "Super-Star Canopus")}
ZRF = registry.find_game("canopus").zrf


def spec(name: str) -> CrossCheckSpec:
    entry = registry.find_game(name)
    return CrossCheckSpec(game=name, zrf=ZRF, variant=entry.zrf_variant)


@pytest.fixture(scope="module")
def zrf_game():
    return open_game(ZRF, "Canopus")


def both(position, to_move=W, zrf_game=None):
    """The same hand-made position in the engine and in the ZRF (set-up edits)."""
    ref = canopus().state_from(position, to_move)
    game = zrf_game or open_game(ZRF, "Canopus")
    return ref, edited_zrf_state(game, data.SETUP, position, 0 if to_move == W else 1)


# ---------------------------------------------------------------- (a) the file


def test_generated_file_holds_both_games():
    text = render("canopus")
    assert '(title "Canopus")' in text and '(title "Super-Star Canopus")' in text


@pytest.mark.parametrize("name", list(GAMES))
def test_names_match_the_engine(name):
    factory, variant = GAMES[name]
    game = open_game(ZRF, variant)
    assert game.name == variant
    assert tuple(game.players) == data.PLAYERS
    assert set(game.positions) == set(data.CELLS)
    ref = factory().initial_state()
    assert game.initial_state().signature().core() == ref.signature().core()


# ---------------------------------------------------------------- (b) cross-checks


@pytest.mark.parametrize("name,games,plies", [("canopus", 3, 40), ("super-star-canopus", 2, 30)])
def test_crosscheck_ci_size(name, games, plies):
    """perft(1) tree plus a few short playouts per game: no disagreement (the game declares
    no known difference, so any one fails here)."""
    result = run(spec(name), depth=1, games=games, plies=plies, seed=0)
    assert result.positions > 50
    assert result.failures == [], "\n".join(d.describe() for d in result.failures)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(GAMES))
def test_crosscheck_full_size(name):
    """The issue's size: perft(3) tree and 500 playouts of up to 100 plies."""
    crosscheck_full_size(spec(name))


# ---------------------------------------------------------------- (c) end of game and check

# White to move.  The Black Star h3 jumps h2, then g1, then the King e1 (landing on the
# empty d1): check, which the ZRF sees through the chain's partial moves.
CHAIN_POSITION = {"e1": (W, "King"), "h2": (W, "Soldier"), "g1": (W, "P32"),
                  "a2": (W, "Soldier"), "e8": (B, "King"), "h3": (B, "Star"),
                  "a7": (B, "Soldier")}

# White to move, in check from the Black P32 h3 (leap of two onto h1).  Soldier e7 - e8
# completes the goal pair d8+e8 with the Reducer d8: legal for the engine (A17).
GOAL_POSITION = {"h1": (W, "King"), "d8": (W, "Reducer"), "e7": (W, "Soldier"),
                 "a8": (B, "King"), "h3": (B, "P32"), "a6": (B, "Soldier")}

# Kings shuffle until the start position occurs for the third time.
REPETITION_POSITION = {"h1": (W, "King"), "a2": (W, "Soldier"), "b2": (W, "Soldier"),
                       "a8": (B, "King"), "h7": (B, "Soldier"), "i7": (B, "Soldier")}
SHUFFLE = ["King h1 - g1", "King a8 - b8", "King g1 - h1", "King b8 - a8"] * 2

# White's Star jumps its own Soldier d3 and the Black Soldier f3: both sides drop to two.
TWO_POSITION = {"i1": (W, "King"), "c3": (W, "Star"), "d3": (W, "Soldier"),
                "a8": (B, "King"), "f3": (B, "Soldier"), "a6": (B, "Soldier")}
TWO_MOVE = "Star c3 - e3 x d3 Star e3 - g3 x f3"


def test_chain_check_agrees(zrf_game):
    """A Star checks through a whole jump chain (partial moves in the ZRF): the
    interpreter's attacked? follows add-partial continuations, so no difference."""
    ref, cand = both(CHAIN_POSITION, zrf_game=zrf_game)
    assert ref.in_check()
    assert cand.royal_attacked(0, [cand.game.tables.type_index["King"]])
    assert compare(ref, cand).disagreements == []


def test_goal_move_into_check_agrees(zrf_game):
    """A17: the goal-completing Soldier e7 - e8 is legal although it leaves White's King
    attacked; in the ZRF the enemy has no move once the goal is taken (`in-play`), so the
    king-safety filter sees no attack after it (once the known difference
    goal-move-into-check)."""
    ref, cand = both(GOAL_POSITION, zrf_game=zrf_game)
    assert ref.in_check()
    promotions = {"Soldier e7 - e8 = Mage-Apprentice", "Soldier e7 - e8 = P32"}
    assert promotions <= {m.notation for m in cand.legal_moves()}
    assert compare(ref, cand).disagreements == []


def test_repetition_loser_agrees(zrf_game):
    """A19: the player whose move makes the third occurrence (Black) loses; the ZRF's
    `(win-condition ... repetition)` is judged for the player to move, White (once the
    known difference repetition-loser)."""
    ref, cand = both(REPETITION_POSITION, zrf_game=zrf_game)
    ref, cand = play(ref, cand, SHUFFLE[:-1])
    assert ref.outcome() is None and cand.outcome() is None
    ref, cand = play(ref, cand, SHUFFLE[-1:])
    assert ref.outcome().rule == "threefold repetition" and ref.outcome().losers == (B,)
    assert cand.outcome().losers == (B,)
    assert compare(ref, cand).disagreements == []


def test_both_down_to_two_agrees(zrf_game):
    """End rules 1-2: White's chain leaves both sides with two pieces; the mover, White,
    wins (once the known difference both-down-to-two: White lost)."""
    ref, cand = both(TWO_POSITION, zrf_game=zrf_game)
    ref, cand = play(ref, cand, [TWO_MOVE])
    assert ref.outcome().winners == (W,) and cand.outcome().winners == (W,)
    assert compare(ref, cand).disagreements == []


def test_both_down_to_two_by_black_agrees(zrf_game):
    """The same with colours reversed: Black's chain leaves both sides with two pieces and
    Black wins."""
    position = {"i8": (B, "King"), "c6": (B, "Star"), "d6": (B, "Soldier"),
                "a1": (W, "King"), "f6": (W, "Soldier"), "a3": (W, "Soldier")}
    ref, cand = both(position, B, zrf_game=zrf_game)
    ref, cand = play(ref, cand, ["Star c6 - e6 x d6 Star e6 - g6 x f6"])
    assert ref.outcome().winners == (B,) and cand.outcome().winners == (B,)
    assert compare(ref, cand).disagreements == []


def _position(text: str) -> dict:
    """``"e1:Black:King, e5:Black:Pusher"`` -> ``{"e1": ("Black", "King"), ...}``."""
    out = {}
    for item in text.split(","):
        cell, player, ptype = item.strip().split(":")
        out[cell] = (player, ptype)
    return out


# Issue 21: pushes that would push the Pusher's own King off the board give no check
# (the engine's counts are derived by hand in test_canopus.py).
BARRED_PUSHES = {
    "issue position (White 10 moves)": ("a2:White:Soldier, b2:White:Soldier, e1:Black:King, "
                                        "e2:White:Soldier, e3:White:King, e5:Black:Pusher, "
                                        "h7:Black:Soldier, i7:Black:Soldier", W, 10),
    "rank 4 (Black 10 moves)": ("a4:White:King, b4:Black:Soldier, c4:Black:King, "
                                "e4:White:Pusher, i2:White:Soldier, h7:Black:Soldier, "
                                "i7:Black:Soldier", B, 10),
    "stalemate, not checkmate": ("a3:White:King, a2:White:Soldier, i8:White:Soldier, "
                                 "a1:Black:King, a5:Black:Pusher, b3:Black:Reducer, "
                                 "c5:Black:Soldier, c4:Black:Soldier, b2:Black:Soldier, "
                                 "h8:Black:Soldier", W, 0),
}


@pytest.mark.parametrize("label", sorted(BARRED_PUSHES))
def test_barred_push_gives_no_check_in_the_zrf(label, zrf_game):
    """The ZRF's push-line walks the whole line before it "takes" the enemy King, so a push
    that would put the Pusher's own King over the edge is no check there either: same
    moves and same outcome as the engine."""
    text, to_move, count = BARRED_PUSHES[label]
    ref, cand = both(_position(text), to_move, zrf_game=zrf_game)
    assert len(ref.legal_moves()) == count
    assert len(cand.legal_moves()) == count
    assert compare(ref, cand).disagreements == []
    if count == 0:
        assert cand.outcome().draw


def test_the_turns_that_change_material_are_read_from_the_codes(zrf_game):
    """runtime/core/move_details.py BoardsDetails, for Canopus (zrf_helpers.check_material_turns)."""
    check_material_turns(canopus(), zrf_game, plies=30)
