"""Tests of the native Epsilon Eridani engine against move sets derived by hand.

Each test builds a small position with ``EpsilonEridani.state_from`` and compares
the engine's moves from one cell with the set worked out by hand from the rule
text (seed 002) and the decisions of RULES.md section 6 (quoted as "A<n>").
Expected sets are written as the notation after ``"<Type> <from> "``: ``"- c4"``
for a move to an empty cell, ``"x c4"`` for a capture by replacement, with the
``= Type`` and `` x cell`` suffixes of promotions and Overtaker jumps.
"""

from __future__ import annotations

import time

import pytest
from tests.conftest import full_scale, scaled

from runtime.core.notation import find_move
from runtime.verify.perft import perft
from runtime.verify.playout import random_playout
from variants.epsilon_eridani import data
from variants.epsilon_eridani.engine import EpsilonEridani, epsilon_eridani
from variants.epsilon_eridani.board import GRAND_ROOK, code
from variants.epsilon_eridani.moves import attacked, king_cell, pseudo_moves


def W(t: str) -> tuple[str, str]:
    return ("White", t)


def B(t: str) -> tuple[str, str]:
    return ("Black", t)


def state(position: dict, to_move: str = "White", halfmove: int = 0, **options):
    """A hand-made position.  Most test positions give a side only two pieces, which would end
    the game at once by the reduce-to-two rule, so that rule is off unless a test sets
    ``reduce_to_two`` itself (the end-of-game tests do)."""
    options.setdefault("reduce_to_two", "off")
    return EpsilonEridani(**options).state_from(position, to_move, halfmove)


def dests(st, cell: str) -> set[str]:
    """Notation of every legal move from ``cell``, without the leading ``Type cell``."""
    out = set()
    for m in st.legal_moves():
        tokens = m.parts[0].split()
        if tokens[1] == cell:
            out.add(" ".join(tokens[2:]))
    return out


def quiet(*cells: str) -> set[str]:
    return {f"- {c}" for c in cells}


def take(*cells: str) -> set[str]:
    return {f"x {c}" for c in cells}


RULES_DEFAULT = {"reduce_to_two": "at-most"}
"""Options for the end-of-game tests: the game exactly as by default."""


# ---------------------------------------------------------------- board and setup

def test_board_has_44_cells_without_the_hole():
    """Seed: "The Board is 5x9 with a hole in the middle square"."""
    assert len(data.CELLS) == 44
    assert "c5" not in data.CELLS
    assert {c[0] for c in data.CELLS} == set("abcde")
    assert len(epsilon_eridani().positions) == 44


def test_three_colour_bands_every_three_ranks():
    """A2: colours in horizontal bands repeating every 3 ranks (1/4/7, 2/5/8, 3/6/9)."""
    for cell, colour in data.COLOURS.items():
        assert colour == (int(cell[1:]) - 1) % 3
    assert data.COLOURS["a1"] == data.COLOURS["e4"] == data.COLOURS["b7"]
    assert data.COLOURS["a1"] != data.COLOURS["a2"] != data.COLOURS["a3"] != data.COLOURS["a1"]


def test_setup_ranks_as_text_and_rules_md():
    """Seed: "The Soldiers start on the third rank, the Overtakers and Diamond-Warrior on the
    second rank, and the Reducer, Grand-Horse, King, Grand-Bishop and Grand-Rook on the first
    rank"; A1: order as RULES.md tabulates it, Black = White turned 180 degrees."""
    s = epsilon_eridani().initial_state().board()
    assert [s[f"{f}1"] for f in "abcde"] == [W("Reducer"), W("Grand-Horse"), W("King"),
                                             W("Grand-Bishop"), W("Grand-Rook")]
    assert [s[f"{f}2"][1] for f in "abcde"] == ["Overtaker", "Overtaker", "Diamond-Warrior",
                                               "Overtaker", "Overtaker"]
    assert all(s[f"{f}3"] == W("Soldier") for f in "abcde")
    assert [s[f"{f}9"] for f in "abcde"] == [B("Grand-Rook"), B("Grand-Bishop"), B("King"),
                                             B("Grand-Horse"), B("Reducer")]
    assert all(s[f"{f}7"] == B("Soldier") for f in "abcde")
    assert len(s) == 30
    assert epsilon_eridani().initial_state().current_player == "White"


# ---------------------------------------------------------------- CH, H and the hole

def test_ch_teleports_three_ranks_and_leaps_pass_the_hole():
    """Seed: CH goes "to any other square on the next or previous parallel file of the same
    color" (A2/A3: any empty cell 3 ranks away); DW "is a one-square diagonal leaper and a
    two-square diagonal and orthogonal leaper"; A4: leapers jump over the hole but not onto it."""
    st = state({"b4": W("Diamond-Warrior"), "a1": W("King"), "e9": B("King")})
    assert dests(st, "b4") == quiet("a3", "c3", "a5", "d6", "d2", "b6", "b2", "d4",
                                    "b1", "c1", "d1", "e1", "a7", "b7", "c7", "d7", "e7")


def test_ch_needs_no_free_path():
    """A3: CH is a teleport - at the start the Overtakers, boxed in on rank 2, reach every empty
    cell of rank 5 although ranks 3 and 4 lie in between (rank 3 full of Soldiers)."""
    st = epsilon_eridani().initial_state()
    assert {m for m in dests(st, "b2") if "x" not in m} == quiet("a5", "b5", "d5", "e5")


def test_ch_never_captures():
    """Seed: "the NON-CAPTURING **CH** movement"."""
    st = state({"b4": W("Diamond-Warrior"), "a1": W("King"), "e9": B("King"),
                "c7": B("Overtaker"), "d1": W("Soldier")})
    d = dests(st, "b4")
    assert "- c7" not in d and "x c7" not in d and "x d1" not in d and "- d1" not in d
    assert "- b7" in d


def test_h_slide_and_grand_soldier_moves_stop_at_the_hole():
    """Seed: Grand-Soldier "moves and captures one step diagonally forward, or one step
    orthogonally forward or backward. It can move without capturing with the CH and the H
    movements"; A4: H is blocked by the hole (from a5 the slide ends on b5)."""
    st = state({"a5": W("Grand-Soldier"), "a1": W("King"), "e9": B("King")})
    assert dests(st, "a5") == quiet("a6", "a4", "b6", "b5",
                                    "a2", "b2", "c2", "d2", "e2", "a8", "b8", "c8", "d8", "e8")


def test_grand_rook_slide_blocked_by_hole():
    """Seed: "The Grand-Rook is an orthodox FIDE-Rook which has also CH moves"; A4."""
    st = state({"c3": W("Grand-Rook"), "a1": W("King"), "e9": B("King")})
    assert dests(st, "c3") == quiet("c4", "c2", "c1", "d3", "e3", "b3", "a3",
                                    "a6", "b6", "c6", "d6", "e6")


def test_reducer_queen_slides_without_capturing():
    """Seed: "The Reducer moves as a FIDE Queen. It cannot capture any piece."; A4 (the NE
    ray from b4 is blocked at once by the hole)."""
    st = state({"b4": W("Reducer"), "b7": B("Soldier"), "a1": W("King"), "e9": B("King")})
    assert dests(st, "b4") == quiet("b5", "b6", "b3", "b2", "b1", "c4", "d4", "e4", "a4",
                                    "a5", "c3", "d2", "e1", "a3")


# ---------------------------------------------------------------- Soldier

def test_soldier_moves_and_captures():
    """Seed: "The Soldier moves without capturing one square orthogonally forward, one square
    diagonally forward or with the HORIZONTAL(H) movement; it captures one square diagonally
    forward." (no forward capture; H goes along the rank)."""
    st = state({"d4": W("Soldier"), "d5": B("Soldier"), "e5": B("Grand-Rook"),
                "a1": W("King"), "e9": B("King")})
    assert dests(st, "d4") == take("e5") | quiet("c4", "b4", "a4", "e4")


def test_soldier_double_step_both_sides_from_start_rank():
    """Seed: "A Soldier on the THIRD (White) or SIXTH (Black) FILE can move two squares
    forward"; A5: each side's own starting rank (3 / 7); the c-file Soldier never can."""
    st = epsilon_eridani().initial_state()
    assert dests(st, "a3") == quiet("a4", "b4", "a5")
    assert dests(st, "c3") == quiet("c4", "b4", "d4")
    black = EpsilonEridani().state_from(data.SETUP, "Black")
    assert dests(black, "a7") == quiet("a6", "b6", "a5")
    assert dests(black, "e7") == quiet("e6", "d6", "e5")
    assert dests(black, "c7") == quiet("c6", "b6", "d6")


def test_double_step_needs_both_cells_empty():
    """RULES.md 6 (Soldier): "Double step straight forward (both cells empty)"."""
    st = state({"a3": W("Soldier"), "a5": B("Overtaker"), "e1": W("King"), "e9": B("King")})
    assert dests(st, "a3") == quiet("a4", "b4", "b3", "c3", "d3", "e3")
    st = state({"a3": W("Soldier"), "a4": B("Overtaker"), "e1": W("King"), "e9": B("King")})
    assert dests(st, "a3") == quiet("b4", "b3", "c3", "d3", "e3")


def test_double_step_readings_option():
    """A5: a literal port of the Canopus zone gives only Black a working double step;
    ``double_step`` flips the reading."""
    lit = EpsilonEridani(double_step="canopus-zone")
    assert dests(lit.initial_state(), "a3") == quiet("a4", "b4")
    assert dests(lit.state_from(data.SETUP, "Black"), "a7") == quiet("a6", "b6", "a5")
    none = EpsilonEridani(double_step="none")
    assert dests(none.state_from(data.SETUP, "Black"), "a7") == quiet("a6", "b6")


def test_soldier_reaching_last_rank_may_promote():
    """Seed: "On the last File, it can promote to Grand-Soldier"; A6: optional, offered on
    every own move ending on the last rank."""
    pos = {"b8": W("Soldier"), "a1": W("King"), "e6": B("King")}
    gs = " = Grand-Soldier"
    assert dests(state(pos), "b8") == {
        "- b9", "- b9" + gs, "- a9", "- a9" + gs, "- c9", "- c9" + gs,
        "- a8", "- c8", "- d8", "- e8"}


def test_soldier_on_last_rank_has_ch_and_h():
    """Seed: "When a Soldier reaches its last file, it can move with the CHANGE(CH) movement
    from any square on the last file" (CH from rank 9 lands on rank 6); H moves along the
    last rank end there and may promote (A6)."""
    pos = {"b9": W("Soldier"), "a1": W("King"), "e4": B("King")}
    gs = " = Grand-Soldier"
    assert dests(state(pos), "b9") == {
        "- a9", "- a9" + gs, "- c9", "- c9" + gs, "- d9", "- d9" + gs, "- e9", "- e9" + gs,
        "- a6", "- b6", "- c6", "- d6", "- e6"}


def test_black_soldier_on_rank_one_ch_goes_to_rank_four():
    """Seed: CH "from any square on the last file" (Black's last rank is 1, CH lands on 4)."""
    pos = {"d1": B("Soldier"), "a9": B("King"), "a5": W("King")}
    d = dests(state(pos, "Black"), "d1")
    assert {m for m in d if m.endswith("4")} == quiet("a4", "b4", "c4", "d4", "e4")


def test_compulsory_promotion_option():
    """A6: the compulsory reading (``promotion_optional=False``) removes the plain moves."""
    pos = {"b8": W("Soldier"), "a1": W("King"), "e6": B("King")}
    d = dests(state(pos, promotion_optional=False), "b8")
    assert {m for m in d if "9" in m} == {"- b9 = Grand-Soldier", "- a9 = Grand-Soldier",
                                          "- c9 = Grand-Soldier"}


def test_soldier_capture_rules_reducer_and_friends():
    """Seed: "The Soldier may not capture the Reducer"; "All pieces (except the King) ... are
    cannibals"; A9: the own Reducer is never capturable either."""
    st = state({"b3": W("Soldier"), "c4": W("Reducer"), "a4": B("Grand-Rook"),
                "e1": W("King"), "e9": B("King")})
    assert dests(st, "b3") == quiet("b4", "b5", "a3", "c3", "d3", "e3") | take("a4")


def test_reduced_soldier_loses_h_and_double_step():
    """Seed: "If reduced, it loses the H movement"; the Reducer "can REDUCE the abilities of
    adjacent pieces, to only ONE-SQUARE movement" (so no double step); it may not take the
    enemy Reducer on a4 nor the own Reducer on c4."""
    st = state({"b3": W("Soldier"), "c4": W("Reducer"), "a4": B("Reducer"),
                "e1": W("King"), "e9": B("King")})
    assert dests(st, "b3") == quiet("b4")


def test_soldier_compensation_promotion_and_no_capture_of_own_king():
    """Seed: "when a minor piece - a Soldier or an Overtaker - captures a friendly piece: The
    capturing piece can "promote by compensation", a Soldier to Grand Soldier"; A13 optional;
    a friendly King is never captured."""
    st = state({"b3": W("Soldier"), "c4": W("Overtaker"), "a4": W("King"), "e9": B("King")})
    assert dests(st, "b3") == (quiet("b4", "b5", "a3", "c3", "d3", "e3")
                               | {"x c4", "x c4 = Grand-Soldier"})


def test_compensation_compulsory_option():
    """A13: ``compensation_optional=False`` forces the compensation promotion."""
    st = state({"b3": W("Soldier"), "c4": W("Overtaker"), "a4": W("King"), "e9": B("King")},
               compensation_optional=False)
    assert {m for m in dests(st, "b3") if "c4" in m} == {"x c4 = Grand-Soldier"}


# ---------------------------------------------------------------- Grand-Soldier

def test_grand_soldier_has_no_sideways_or_diagonal_backward_capture():
    """Seed: the Grand-Soldier "moves and captures one step diagonally forward, or one step
    orthogonally forward or backward"; A14: no sideways capture (its H never captures)."""
    st = state({"b4": W("Grand-Soldier"), "a4": B("Soldier"), "c4": B("Soldier"),
                "b5": B("Overtaker"), "b3": B("Overtaker"), "a5": B("Soldier"),
                "e1": W("King"), "e9": B("King")})
    assert dests(st, "b4") == (take("b5", "b3", "a5")
                               | quiet("a1", "b1", "c1", "d1", "a7", "b7", "c7", "d7", "e7"))


def test_reduced_grand_soldier_keeps_one_square_sideways_step():
    """A7: reduction leaves one-square versions; the one-square H step survives for pieces with
    H except the Soldier; ``reduced_sideways_step=False`` drops it. The enemy Reducer on a5 is
    not capturable (seed: "The Grand-Soldier may not capture the Reducer")."""
    pos = {"b4": W("Grand-Soldier"), "a5": B("Reducer"), "e1": W("King"), "e9": B("King")}
    assert dests(state(pos), "b4") == quiet("b5", "b3", "a4", "c4")
    assert dests(state(pos, reduced_sideways_step=False), "b4") == quiet("b5", "b3")


# ---------------------------------------------------------------- Overtaker

def test_overtaker_moves_and_diagonal_jumps():
    """Seed: "The Overtaker moves without capturing as a King, and with CHANGE and HORIZONTAL
    movements, it takes by jumping ... jumping an enemy piece diagonally"; A8: it may jump
    friends, and jumping a friend offers the Diamond-Warrior (seed: "an Overtaker to
    Diamond-Warrior"); no orthogonal jump, no jump off the board."""
    st = state({"b3": W("Overtaker"), "c4": B("Soldier"), "a2": W("Soldier"),
                "b4": B("Grand-Rook"), "c2": W("Grand-Horse"), "e1": W("King"),
                "e9": B("King")})
    assert dests(st, "b3") == (quiet("a3", "b2", "c3", "a4", "d3", "e3",
                                     "a6", "b6", "c6", "d6", "e6")
                               | {"- d5 x c4", "- d1 x c2", "- d1 = Diamond-Warrior x c2"})


def test_overtaker_single_jump_only():
    """A8: single jump only (no multi-jump is described)."""
    st = state({"a2": W("Overtaker"), "b3": B("Soldier"), "d5": B("Soldier"),
                "e1": W("King"), "e9": B("King")})
    d = dests(st, "a2")
    assert "- c4 x b3" in d
    assert all(m.count(" x ") + m.startswith("x") <= 1 for m in d)
    assert not any("e6" in m and "x" in m for m in d)


def test_overtaker_cannot_jump_a_reducer():
    """Seed: "The Overtaker may not capture the Reducer" (A9: its own one neither)."""
    st = state({"b3": W("Overtaker"), "c4": W("Reducer"), "e1": W("King"), "e9": B("King")})
    assert not any("d5" in m for m in dests(st, "b3"))


def test_reduced_overtaker_only_steps_without_capturing():
    """Seed: "When adjacent to the enemy Reducer, it can only move one square without
    capturing." (no CH, no H beyond one square, no jump)."""
    st = state({"b3": W("Overtaker"), "b4": B("Reducer"), "c4": B("Soldier"),
                "e1": W("King"), "e9": B("King")})
    assert dests(st, "b3") == quiet("a2", "b2", "c2", "a3", "c3", "a4")


def test_overtaker_jump_notation_matches_short_form():
    """Convention: a capture on another cell is appended; the short form "from - to = Type"
    still finds the compensation jump."""
    st = epsilon_eridani().initial_state()
    m = find_move(st, "a2 - c4 = Diamond-Warrior")
    assert m.notation == "Overtaker a2 - c4 = Diamond-Warrior x b3"
    after = st.apply(m).board()
    assert after["c4"] == W("Diamond-Warrior") and "b3" not in after and "a2" not in after


# ---------------------------------------------------------------- Diamond-Warrior

def test_diamond_warrior_leaps_and_never_takes_reducer():
    """Seed: DW "is a one-square diagonal leaper and a two-square diagonal and orthogonal
    leaper. It can also move without capturing with the CH movement. ... may not capture the
    Reducer"; it may not take the own King; A4: no landing on the hole (c5)."""
    st = state({"c3": W("Diamond-Warrior"), "e5": B("Reducer"), "a1": W("King"),
                "e9": B("King")})
    assert dests(st, "c3") == quiet("b2", "d2", "b4", "d4", "e1", "a5", "c1", "a3", "e3",
                                    "a6", "b6", "c6", "d6", "e6")


def test_reduced_diamond_warrior_moves_one_diagonal_only():
    """Seed: "When adjacent to the enemy Reducer, it can only move one square diagonally."."""
    st = state({"c3": W("Diamond-Warrior"), "c4": B("Reducer"), "d4": B("Soldier"),
                "e1": W("King"), "e9": B("King")})
    assert dests(st, "c3") == quiet("b2", "d2", "b4") | take("d4")


# ---------------------------------------------------------------- Grand-Horse

def test_grand_horse_takes_reducer_with_knight_leap_from_distance():
    """Seed: "The Grand-Horse moves and captures as a Chess Knight or with a single orthogonal
    step. It can move without capturing with the "CH" movement. The Grand Horse may capture the
    REDUCER when it is not adjacent to it, whith its Knight movement."."""
    st = state({"b1": W("Grand-Horse"), "c3": B("Reducer"), "e1": W("King"), "e9": B("King")})
    assert dests(st, "b1") == (quiet("a3", "d2", "a1", "c1", "b2", "a4", "b4", "c4", "d4", "e4")
                               | take("c3"))


def test_grand_horse_adjacent_to_reducer_cannot_take_it():
    """Seed: "A Grand-Horse can capture the Reducer only at distance, when adjacent it can't
    capture the Reducer"; reduced, it keeps only the orthogonal step."""
    st = state({"b2": W("Grand-Horse"), "b3": B("Reducer"), "e1": W("King"), "e9": B("King")})
    assert dests(st, "b2") == quiet("a2", "c2", "b1")


def test_grand_horse_never_takes_own_reducer():
    """A9: "a side can never capture its own Reducer"."""
    st = state({"b1": W("Grand-Horse"), "c3": W("Reducer"), "e1": W("King"), "e9": B("King")})
    assert not ({"x c3", "- c3"} & dests(st, "b1"))


# ---------------------------------------------------------------- Grand-Bishop

def test_grand_bishop_moves():
    """Seed: the Grand-Bishop "moves and captures diagonally as a FIDE Bishop, but it can also
    move and capture with a three-square diagonal leap, and it can move without capturing to
    the next or previous row of the same color (CH movement), and horizontally ... a
    non-capturing Rook's movement (H movement), it is also capable of doing orthogonal
    one-step non-capturing movements" (the leap to e5 jumps the piece on d4; b3 is not taken)."""
    st = state({"b2": W("Grand-Bishop"), "d4": B("Soldier"), "e5": B("Soldier"),
                "b3": B("Overtaker"), "e1": W("King"), "e9": B("King")})
    assert dests(st, "b2") == (quiet("c3", "a3", "c1", "a1", "a5", "b5", "d5",
                                     "a2", "c2", "d2", "e2", "b1")
                               | take("d4", "e5"))


def test_reduced_grand_bishop():
    """Seed: "When adjacent to the enemy Reducer, it conserves only its one-step moving and
    capturing capabilities" (A7: one diagonal step, the non-capturing orthogonal step)."""
    st = state({"b2": W("Grand-Bishop"), "b3": B("Reducer"), "c3": B("Soldier"),
                "e1": W("King"), "e9": B("King")})
    assert dests(st, "b2") == quiet("a1", "c1", "a3", "a2", "c2", "b1") | take("c3")


# ---------------------------------------------------------------- Grand-Rook

def test_grand_rook_cannot_take_reducer():
    """Seed: Grand-Rook "may not take the Reducer"."""
    st = state({"a3": W("Grand-Rook"), "a6": B("Reducer"), "e1": W("King"), "e9": B("King")})
    assert dests(st, "a3") == quiet("a4", "a5", "a2", "a1", "b3", "c3", "d3", "e3",
                                    "b6", "c6", "d6", "e6")


def test_reduced_grand_rook_moves_one_orthogonal_step():
    """Seed: "When adjacent to the enemy Reducer, it moves only one step orthogonally."."""
    st = state({"b2": W("Grand-Rook"), "c3": B("Reducer"), "b3": B("Soldier"),
                "e1": W("King"), "e9": B("King")})
    assert dests(st, "b2") == quiet("a2", "c2", "b1") | take("b3")


# ---------------------------------------------------------------- Reducer, King

def test_reduction_affects_enemy_pieces_only():
    """A10: "Reduction affects enemy pieces only" (seed: "adjacent enemy pieces")."""
    st = state({"b2": W("Grand-Rook"), "c3": W("Reducer"), "e1": W("King"), "e9": B("King")})
    assert "- b8" in dests(st, "b2")


def test_adjacency_does_not_cross_the_hole():
    """Adjacent = the 8 neighbouring cells; c4 and c6 are two ranks apart across the hole, so
    a Reducer on c4 does not reduce a piece on c6."""
    st = state({"c6": W("Grand-Rook"), "c4": B("Reducer"), "a1": W("King"), "e9": B("King")})
    assert "- a6" in dests(st, "c6") and "- c9" in dests(st, "c6")


def test_enemy_reducers_reduce_each_other():
    """Seed: the Reducer reduces "adjacent enemy pieces" - an enemy Reducer too: each then only
    steps one square (queen step, never capturing)."""
    pos = {"b2": W("Reducer"), "c3": B("Reducer"), "e1": W("King"), "e9": B("King")}
    assert dests(state(pos), "b2") == quiet("a1", "b1", "c1", "a2", "c2", "a3", "b3")
    assert dests(state(pos, "Black"), "c3") == quiet("b3", "b4", "c2", "c4", "d2", "d3", "d4")


def test_king_steps_captures_enemy_reducer_never_friends():
    """Seed: the King "moves and capture with a single step ... The King is the only piece which
    may not capture friends"; "A Reducer MAY NOT be captured by an enemy piece other than the
    King or the GRAND-HORSE"; and the King is "immune to the REDUCER"."""
    st = state({"b2": W("King"), "c3": B("Reducer"), "a1": W("Soldier"), "e9": B("King")})
    assert dests(st, "b2") == quiet("b1", "c1", "a2", "c2", "a3", "b3") | take("c3")


# ---------------------------------------------------------------- check

def test_king_may_not_move_into_check():
    """RULES.md 6: "normal check legality" (seed: "The King is the royal piece")."""
    st = state({"a1": W("King"), "b8": B("Grand-Rook"), "e9": B("King")})
    assert dests(st, "a1") == quiet("a2")


def test_pinned_piece_stays_on_the_line():
    """RULES.md 6: no move may leave one's own King in check (a pinned Grand-Rook keeps only
    the moves along the pin, including the CH landing a6 that stays on the line)."""
    st = state({"a1": W("King"), "a3": W("Grand-Rook"), "a7": B("Grand-Rook"), "e9": B("King")})
    assert dests(st, "a3") == quiet("a2", "a4", "a5", "a6") | take("a7")


def test_reduced_rook_gives_no_distant_check():
    """A7/RULES.md 6: check uses the attacker's real abilities; a Grand-Rook next to the enemy
    Reducer "moves only one step orthogonally", so it does not check a King four ranks away."""
    pos = {"a1": W("King"), "a5": B("Grand-Rook"), "e9": B("King"), "d2": W("Soldier")}
    assert state(pos).in_check()
    pos["b6"] = W("Reducer")
    st = state(pos)
    assert not st.in_check()
    assert "- a2" in dests(st, "a1")


def test_overtaker_checks_only_with_an_empty_landing_cell():
    """Seed: the Overtaker "takes by jumping (like an omni-directional Draughtsman)": it
    attacks a King only when the cell beyond is empty."""
    pos = {"b2": W("King"), "c3": B("Overtaker"), "e9": B("King")}
    assert state(pos).in_check()
    pos["a1"] = W("Grand-Horse")
    assert not state(pos).in_check()


# ---------------------------------------------------------------- end of game

MATE_POS = {"a1": W("King"), "d7": W("Soldier"), "e7": W("Soldier"),
            "b5": B("Grand-Rook"), "d6": B("Grand-Rook"), "e9": B("King")}


def test_checkmate():
    """Seed: "Win condition: Checkmate the opposite King"."""
    st = state(MATE_POS, "Black", **RULES_DEFAULT)
    after = st.apply(find_move(st, "d6 - a6"))
    out = after.outcome()
    assert out is not None and out.winners == ("Black",) and out.rule == "checkmate"
    assert after.legal_moves() == []


def test_stalemate_is_a_draw():
    """A12: stalemate (not in the text) is a draw, Zillions' default; option ``stalemate``."""
    pos = {"a1": W("King"), "a9": W("Soldier"), "b9": W("Soldier"), "b8": B("Reducer"),
           "c3": B("Grand-Horse"), "d4": B("Diamond-Warrior"), "e7": B("King")}
    st = state(pos, **RULES_DEFAULT)
    out = st.outcome()
    assert out is not None and out.draw and out.rule == "stalemate"
    assert state(pos, stalemate="loss", **RULES_DEFAULT).outcome().losers == ("White",)


def test_reduce_to_two_wins():
    """Seed: "Win condition: ... reduce enemy pieces to only TWO" (King included)."""
    pos = {"a1": W("King"), "d4": W("Soldier"), "e2": W("Overtaker"),
           "d8": B("Grand-Rook"), "e9": B("King"), "a9": B("Soldier")}
    st = state(pos, "Black", **RULES_DEFAULT)
    assert st.outcome() is None
    out = st.apply(find_move(st, "d8 x d4")).outcome()
    assert out.winners == ("Black",) and out.rule == "reduced to two pieces"


def test_reduce_to_two_win_does_not_excuse_leaving_check():
    """D11 (our decision): check legality has no exception - Black, in check from e5, may not
    answer by taking d4 even though that would leave White with two pieces."""
    pos = {"a1": W("King"), "d4": W("Soldier"), "e5": W("Grand-Rook"),
           "d8": B("Grand-Rook"), "e9": B("King"), "a9": B("Soldier")}
    st = state(pos, "Black", **RULES_DEFAULT)
    assert st.in_check() and st.outcome() is None
    notes = {m.notation for m in st.legal_moves()}
    assert "Grand-Rook d8 x d4" not in notes
    assert "Grand-Rook d8 - e8" in notes


def test_cannibal_capture_down_to_two_loses():
    """RULES.md 6: "mover <= 2 pieces -> mover loses" (a cannibal capture can do it)."""
    pos = {"a1": W("King"), "b3": W("Soldier"), "e2": W("Overtaker"),
           "d8": B("Grand-Rook"), "d4": B("Soldier"), "e9": B("King")}
    st = state(pos, "Black", **RULES_DEFAULT)
    out = st.apply(find_move(st, "d8 x d4")).outcome()
    assert out.losers == ("Black",) and out.winners == ("White",)


def test_reduce_to_two_counts_at_most_two():
    """A15: the rule fires at <= 2 pieces; ``reduce_to_two="exactly"`` is the Zillions-style
    equality reading (a lone King then plays on)."""
    pos = {"a1": W("King"), "d8": B("Grand-Rook"), "d4": B("Soldier"), "e9": B("King")}
    assert state(pos, **RULES_DEFAULT).outcome().winners == ("Black",)
    assert state(pos, reduce_to_two="exactly").outcome() is None


NO_PROGRESS_POS = {"a1": W("King"), "b8": W("Soldier"), "d4": W("Grand-Rook"),
                   "d6": B("Soldier"), "e9": B("King"), "e8": B("Overtaker"),
                   "a9": B("Grand-Horse")}


def test_35_moves_without_capture_or_promotion_draw():
    """Seed: "The game is a DRAW ... after 35 moves without captures or promotions"; A11: 35
    moves by each side = 70 plies."""
    st = state(NO_PROGRESS_POS, halfmove=69, **RULES_DEFAULT)
    after = st.apply(find_move(st, "d4 - a4"))
    assert after.halfmove == 70
    out = after.outcome()
    assert out.draw and out.rule == "35 moves without capture or promotion"
    assert after.legal_moves() == []
    assert state(NO_PROGRESS_POS, halfmove=68, **RULES_DEFAULT).apply(find_move(st, "d4 - a4")).outcome() is None


def test_capture_and_promotion_reset_the_counter():
    """A11: captures (also of friends) and promotions (last-rank or compensation) reset it; a
    declined promotion does not."""
    st = state(NO_PROGRESS_POS, halfmove=69, **RULES_DEFAULT)
    cap = st.apply(find_move(st, "d4 x d6"))
    assert cap.halfmove == 0 and cap.outcome() is None
    promo = st.apply(find_move(st, "Soldier b8 - b9 = Grand-Soldier"))
    assert promo.halfmove == 0 and promo.outcome() is None
    plain = st.apply(find_move(st, "Soldier b8 - b9"))
    assert plain.halfmove == 70 and plain.outcome().draw


def test_35_move_rule_can_be_switched_off():
    """A11: the author's ZRF did not implement the rule; ``no_progress_moves=None``."""
    st = state(NO_PROGRESS_POS, halfmove=500, no_progress_moves=None)
    assert st.outcome() is None and st.legal_moves()


def test_checkmate_takes_precedence_over_the_35_move_draw():
    """RULES.md 6 order: checkmate is evaluated before the 35-move rule."""
    st = state(MATE_POS, "Black", halfmove=69, **RULES_DEFAULT)
    after = st.apply(find_move(st, "d6 - a6"))
    assert after.halfmove == 70 and after.outcome().rule == "checkmate"


# ---------------------------------------------------------------- whole-game properties

def test_perft_1_by_hand():
    """perft(1) = 77, counted from the setup by hand: Soldiers 17 (a3 3, b3 4, c3 3 - the hole
    stops c3-c5 -, d3 4, e3 3); Overtakers 24 (4 x 4 CH landings on a5/b5/d5/e5, plus 4 jumps
    over a friendly Soldier, each with or without the Diamond-Warrior compensation: 8);
    Diamond-Warrior 13 (4 cannibal F captures b1/d1/b3/d3, A a4/e4, D c4 and x a2/x e2, CH 4);
    Grand-Horse 9 (knight x a3/x c3/x d2, x b2, CH to the 5 cells of rank 4); Grand-Bishop 7
    (x c2, x e2, CH to rank 4 - its 3-leap to a4 is the same move as CH a4); Grand-Rook 7
    (x e2, x d1, CH 5); Reducer 0 and King 0 (boxed in; the King does not take friends)."""
    st = epsilon_eridani().initial_state()
    assert perft(st, 1) == 77
    counts: dict[str, int] = {}
    for m in st.legal_moves():
        t = m.parts[0].split()[0]
        counts[t] = counts.get(t, 0) + 1
    assert counts == {"Soldier": 17, "Overtaker": 24, "Diamond-Warrior": 13, "Grand-Horse": 9,
                      "Grand-Bishop": 7, "Grand-Rook": 7}


def test_perft_2_by_hand():
    """perft(2) = 77 * 77 - 6 * 24 = 5785, derived by hand: Black's position is White's turned
    180 degrees, so Black has 77 replies unless White's move lands on rank 5, where it removes
    one CH landing from each of Black's four Overtakers and the Diamond-Warrior and blocks one
    Black double step (6 replies fewer). White moves landing on rank 5: 16 Overtaker CH,
    4 Diamond-Warrior CH, 4 Soldier double steps = 24. Nothing White can do in one move
    touches any other Black move (no Black piece can reach ranks 1-4 or 5 by capture)."""
    st = epsilon_eridani().initial_state()
    assert perft(st, 2) == 77 * 77 - 6 * 24 == 5785


def test_every_move_has_a_distinct_notation_and_apply_keeps_self():
    """Convention: "Every legal move must have a distinct notation"; states are values."""
    st = epsilon_eridani().initial_state()
    before = st.signature()
    notes = [m.notation for m in st.legal_moves()]
    assert len(notes) == len(set(notes))
    for m in st.legal_moves():
        st.apply(m)
    assert st.signature() == before


def test_signature_has_board_and_side_only():
    """Convention: the signature holds the side to move and each occupied cell; the 35-move
    counter changes no legal move, so it stays out of ``extra``."""
    a = state(NO_PROGRESS_POS, halfmove=3).signature()
    b = state(NO_PROGRESS_POS, halfmove=40).signature()
    assert a == b and a.extra == frozenset()
    assert ("b8", "White", "Soldier") in a.board and a.to_move == "White"


def _check_consistent(before, move, after) -> None:
    """Invariants of one applied move."""
    me = before.turn
    assert after.turn == 1 - me
    k = king_cell(after.cells, me)
    assert k >= 0 and not attacked(after.cells, k, 1 - me), move.notation
    assert king_cell(after.cells, 1 - me) >= 0
    lost = sum(1 for c in before.cells if c) - sum(1 for c in after.cells if c)
    captures = move.notation.count(" x ")
    assert lost == captures, move.notation
    assert after.halfmove == (0 if captures or " = " in move.notation else before.halfmove + 1)
    rebuilt = before.game.state_from(after.board(), after.current_player, after.halfmove)
    assert rebuilt.signature() == after.signature()
    for owner in (0, 1):
        assert attacked(after.cells, king_cell(after.cells, owner), 1 - owner) == \
            _attacked_forward(after, owner), move.notation


def _attacked_forward(st, owner: int) -> bool:
    """Check found the slow way: put a capturable stand-in (a Grand-Rook) where ``owner``'s King
    stands and ask the forward move generator whether the other side can capture it."""
    k = king_cell(st.cells, owner)
    board = st.cells[:]
    board[k] = code(GRAND_ROOK, owner)
    return any(m[1] == k or m[2] == k for m in pseudo_moves(board, 1 - owner, st.game.rules))


def test_short_random_playouts_are_consistent():
    """Smoke test (non-slow): 20 random games of 60 plies keep every invariant."""
    for seed in range(20):
        st = epsilon_eridani().initial_state()
        res = random_playout(st, seed, 60)
        s = st
        for m in res.moves:
            nxt = s.apply(m)
            _check_consistent(s, m, nxt)
            s = nxt


@pytest.mark.slow
def test_random_playouts():
    """Issue 4: ``scaled(1000)`` random games, seeds 0..N-1, ply limit 300; no exception, each
    game ends by a rule of the game or the ply limit, every played move and every legal move of
    every 25th position applies to a consistent state, and all notations are distinct."""
    n = scaled(1000)
    rules = {"checkmate", "stalemate", "reduced to two pieces", "reduced own pieces to two",
             "35 moves without capture or promotion"}
    start = time.perf_counter()
    ends: dict[str, int] = {}
    for seed in range(n):
        st = epsilon_eridani().initial_state()
        res = random_playout(st, seed, 300)
        assert res.outcome is None or res.outcome.rule in rules
        if res.outcome is None:
            assert res.plies == 300
        ends[res.reason] = ends.get(res.reason, 0) + 1
        s = st
        for ply, m in enumerate(res.moves):
            moves = s.legal_moves()
            assert len({x.notation for x in moves}) == len(moves)
            if ply % 25 == 0:
                for x in moves:
                    _check_consistent(s, x, s.apply(x))
            nxt = s.apply(m)
            _check_consistent(s, m, nxt)
            s = nxt
        assert s.signature() == res.final.signature()
    print(f"playout endings: {ends}; {time.perf_counter() - start:.1f} s")


@pytest.mark.slow
def test_perft_3_regression():
    """perft(3) = 430688 from the start: produced by THIS engine (regression only, not an
    independent figure); recorded in docs/variants/epsilon_eridani.md.  At CI size
    (ZRF_SLOW_SCALE below 1) perft(2) = 5785, derived by hand above."""
    depth, expected = (3, 430688) if full_scale() else (2, 5785)
    assert perft(epsilon_eridani().initial_state(), depth) == expected
