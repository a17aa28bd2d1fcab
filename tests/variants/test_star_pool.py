"""Star Pool Chess native engine: every rule checked on hand-made positions.

Each expected move set below was derived by hand from the rule text
(seed 003) and RULES.md §7; docstrings quote the sentence or the ambiguity
number they pin.  Positions name every piece; ``K``/``k`` placements keep the
Kings out of the way unless the test is about them.
"""

from __future__ import annotations

import random
import time

import pytest

from runtime.verify.perft import perft
from runtime.verify.playout import random_playout
from tests.conftest import scaled
from variants.star_pool.board import KING
from variants.star_pool.engine import SWAP, StarPoolChess, StarPoolState

GAME = StarPoolChess()


def W(piece):
    return ("White", piece)


def B(piece):
    return ("Black", piece)


def state(pos, to_move="White", game=GAME, **kw) -> StarPoolState:
    return game.state_from(pos, to_move, **kw)


def moves_from(st, cell):
    """Notations of the legal moves whose (first) moving piece starts on ``cell``."""
    return {m.notation for m in st.legal_moves() if m.notation.split()[1] == cell}


def notations(piece, frm, dests):
    """Expected notations: ``dests`` items are 'cell' (empty), 'xcell' (capture),
    optionally followed by '=Type'."""
    out = set()
    for d in dests:
        promo = ""
        if "=" in d:
            d, t = d.split("=")
            promo = f" = {t}"
        if d.startswith("x"):
            out.add(f"{piece} {frm} x {d[1:]}{promo}")
        else:
            out.add(f"{piece} {frm} - {d}{promo}")
    return out


# --------------------------------------------------------------------------- board
def test_board_has_84_cells_and_no_pool_square():
    """"The board, including the four citadels and subtracting the central
    non-square, here called the Star Pool, contains 84 squares"."""
    assert len(GAME.positions) == 84
    assert len(set(GAME.positions)) == 84
    assert "e5" not in GAME.positions
    assert {"w1", "w2", "w3", "w4"} <= set(GAME.positions)


def test_setup_matches_reconstruction():
    """RULES.md §7 A1: reconstructed setup, Pawns on rank 3, Wizards in the citadels,
    no Sergeants/Captains/Generals at the start."""
    sig = GAME.initial_state().signature()
    board = {c: (p, t) for c, p, t in sig.board}
    assert len(board) == 40
    assert all(board[f"{f}3"] == W("Pawn") for f in "abcdefghi")
    assert all(board[f"{f}7"] == B("Pawn") for f in "abcdefghi")
    assert board["e1"] == W("King") and board["e9"] == B("King")
    assert board["w1"] == board["w2"] == W("Wizard")
    assert board["w3"] == board["w4"] == B("Wizard")
    assert not {t for _, _, t in sig.board} & {"Sergeant", "Captain", "General"}
    assert set(sig.extra) == {("unmoved", "e1"), ("unmoved", "e9")}


# --------------------------------------------------------------------------- perft
def test_perft_1_and_2_by_hand():
    """Depth 1 counted by hand from the setup (30):
    Pawns 9 single steps + 2 end-Pawn double steps (a3-a5, i3-i5) = 11;
    Rooks a1-a2, i1-i2 = 2; Knights b1-d2, h1-f2 (b1's other paths end on own
    Pawns a3/c3; a1 has no link into w1) = 2; Great Elephants c1: b2 c2 d2,
    g1: f2 g2 h2 (their jumps land on own Pawns) = 6; Lieutenants d2, f2 = 2;
    King d2 e2 f2 plus the first-move Knight leaps c2 (via d1) and g2 (via f1)
    = 5; Wizards: a1/a3/c1 are own pieces, so only the swaps w1<->a1 and
    w2<->i1 = 2.  Total 30.
    Depth 2: Black has the mirror 30 replies after every White move except
    a3-a5 and i3-i5, each of which blocks one Black end-Pawn double step
    (a7-a5 / i7-i5): 28*30 + 2*29 = 898.  No White first move reaches a
    square Black's pieces can capture or attack Black's King."""
    s = GAME.initial_state()
    assert len(s.legal_moves()) == 30
    assert perft(s, 2) == 898


@pytest.mark.slow
def test_perft_3_and_4_regression():
    """Regression figures PRODUCED BY THIS ENGINE (not independently derived):
    `zrf perft star-pool-chess --depth 4` gives 30 / 898 / 28197 / 883351."""
    s = GAME.initial_state()
    assert perft(s, 3) == 28197
    if scaled(10) >= 10:
        assert perft(s, 4) == 883351


# --------------------------------------------------------------------------- King
def test_king_diagonal_across_pool_or_to_citadel():
    """"the King may move or capture diagonally across the Star Pool as if it were
    not there, or to the corresponding citadel." (d4: f6 or w4)"""
    s = state({"d4": W("King"), "h9": B("King")})
    assert moves_from(s, "d4") == notations(
        "King", "d4", ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "f6", "w4"])


def test_king_orthogonal_across_pool():
    """"The King may also move or capture orthogonally across the Star Pool as if
    it were not there." (e4 reaches e6)"""
    s = state({"e4": W("King"), "h9": B("King")})
    assert moves_from(s, "e4") == notations(
        "King", "e4", ["d3", "e3", "f3", "d4", "f4", "d5", "f5", "e6"])


def test_king_citadel_to_citadel_and_out():
    """"The King may also move or capture orthogonally from citadel to citadel or
    one square diagonally out of a citadel." A Rook in w2 checks along the citadel
    link w2-w1; the King captures it, goes on to w3 or out to a1."""
    s = state({"w1": W("King"), "w2": B("Rook"), "h9": B("King")})
    assert s.in_check()
    assert moves_from(s, "w1") == notations("King", "w1", ["xw2", "w3", "a1"])


def test_king_knight_leap_on_first_move():
    """"When making its first move and not in check, the King may leap like a
    Knight." From e1: steps d1 f1 d2 e2 f2, leaps d3 f3 (via e2), c2 (via d1),
    g2 (via f1)."""
    s = state({"e1": W("King"), "e9": B("King")})
    assert moves_from(s, "e1") == notations(
        "King", "e1", ["d1", "f1", "d2", "e2", "f2", "d3", "f3", "c2", "g2"])
    moved = state({"e1": W("King"), "e9": B("King")}, unmoved_kings={"White": False})
    assert moves_from(moved, "e1") == notations("King", "e1", ["d1", "f1", "d2", "e2", "f2"])


def test_king_leap_can_capture_but_not_into_check():
    """"This move can capture." (RULES.md A8: not into check.)  A Black
    Lieutenant on g2 guards f2; the leap takes it; a Black Rook on c8 makes the
    c2 leap illegal."""
    s = state({"e1": W("King"), "g2": B("Lieutenant"), "c8": B("Rook"), "a9": B("King")})
    assert moves_from(s, "e1") == notations(
        "King", "e1", ["d1", "f1", "d2", "e2", "d3", "f3", "xg2"])


def test_king_no_leap_when_in_check():
    """"When making its first move and not in check" (A8): a Rook on e8 checks
    down the e-file across the pool; only the four steps off the file remain."""
    s = state({"e1": W("King"), "e8": B("Rook"), "i9": B("King")})
    assert s.in_check()
    assert moves_from(s, "e1") == notations("King", "e1", ["d1", "f1", "d2", "f2"])


def test_unmoved_king_in_check_threatens_nothing_by_leaping():
    """RULES.md A8 (settled): "an unmoved King that is itself in check has no leap, so it
    threatens no square by leaping".  White's King e7 has moved; Black's King e9 has not,
    and its leaps reach d7 and f7 (e9-e8, then diagonally outward).  The King e7's steps:
    d8 e8 f8 touch the Black King; d6 e6 f6 d7 f7 remain.  With the White Rook on e1, every
    step but e6 opens the e-file across the pool and puts the Black King in check, so its
    leap threatens nothing: d7 and f7 are legal (5 moves).  With the Rook on a1 instead,
    d7 and f7 are threatened by the leap (3 moves)."""
    rook_e1 = state({"e7": W("King"), "e1": W("Rook"), "e9": B("King")})
    assert rook_e1.unmoved == (False, True)
    assert moves_from(rook_e1, "e7") == notations("King", "e7", ["d6", "e6", "f6", "d7", "f7"])
    rook_a1 = state({"e7": W("King"), "a1": W("Rook"), "e9": B("King")})
    assert moves_from(rook_a1, "e7") == notations("King", "e7", ["d6", "e6", "f6"])


def test_king_leap_lost_after_first_move():
    """A8: the leap exists only while the King has never moved; the signature
    carries the unmoved flag."""
    s = state({"e1": W("King"), "e9": B("King"), "a7": B("Pawn")})
    s = s.apply(next(m for m in s.legal_moves() if m.notation == "King e1 - e2"))
    assert ("unmoved", "e2") not in s.signature().extra
    assert ("unmoved", "e9") in s.signature().extra
    s = s.apply(next(m for m in s.legal_moves() if m.notation == "Pawn a7 - a6"))
    assert moves_from(s, "e2") == notations(
        "King", "e2", ["d1", "e1", "f1", "d2", "f2", "d3", "e3", "f3"])


def test_king_never_to_attacked_square():
    """"A King can move or capture to any adjacent square, but never to a square
    where it can be captured." A Black Sergeant on f6 covers the pool-crossing
    squares d4 and (by teleport) w1: a moved King on c3 may not go to d4."""
    s = state({"c3": W("King"), "f6": B("Sergeant"), "i9": B("King")})
    assert moves_from(s, "c3") == notations(
        "King", "c3", ["b2", "c2", "d2", "b3", "d3", "b4", "c4"])


# --------------------------------------------------------------------------- General
def test_general_slides_and_diagonal_step():
    """"A General moves or captures any number of squares orthogonally ... or takes
    a single diagonal step" and "may also move or capture orthogonally across the
    Star Pool" (e3 up the e-file skips e5)."""
    s = state({"e3": W("General"), "a1": W("King"), "i8": B("King")})
    assert moves_from(s, "e3") == notations("General", "e3", [
        "e4", "e6", "e7", "e8", "e9", "e2", "e1", "f3", "g3", "h3", "i3",
        "d3", "c3", "b3", "a3", "d2", "f2", "d4", "f4"])


def test_general_diagonal_step_to_citadel_and_blocked_slide():
    """"the General may move or capture diagonally one square across the Star Pool
    ... or to the corresponding citadel"; "It may not leap over other pieces"."""
    s = state({"f6": W("General"), "f7": W("Pawn"), "d6": B("Pawn"), "a1": W("King"),
               "i8": B("King")})
    assert moves_from(s, "f6") == notations("General", "f6", [
        "e7", "g7", "g5", "d4", "w1", "e6", "xd6", "g6", "h6", "i6", "f5", "f4", "f3", "f2", "f1"])


def test_general_in_citadel():
    """"The General may also move or capture orthogonally from citadel to citadel
    or one square diagonally out of a citadel.\""""
    s = state({"w2": W("General"), "a5": W("King"), "h8": B("King")})
    assert moves_from(s, "w2") == notations("General", "w2", ["w1", "w4", "i1"])


# --------------------------------------------------------------------------- Captain
def test_captain_slides_through_pool_and_to_citadel():
    """"the Captain may move or capture diagonally any number of squares across the
    Star Pool as if it were not there, or to the corresponding citadel"; "may step
    one space orthogonally"."""
    s = state({"c3": W("Captain"), "a9": W("King"), "i5": B("King")})
    assert moves_from(s, "c3") == notations("Captain", "c3", [
        "d4", "f6", "w4", "g7", "h8", "i9", "b4", "a5", "d2", "e1", "b2", "a1",
        "c4", "c2", "b3", "d3"])


def test_captain_teleport_past_blocker_beyond_pool():
    """A5 (teleport ends the move) with "or to the corresponding citadel": a piece on
    f6 stops the slide but the citadel w4 is still reachable from d4; a piece on
    d4 blocks both."""
    s = state({"c3": W("Captain"), "f6": B("Pawn"), "a9": W("King"), "i5": B("King")})
    ne = {n for n in moves_from(s, "c3") if n.split()[-1] in ("d4", "f6", "w4", "g7")}
    assert ne == {"Captain c3 - d4", "Captain c3 x f6", "Captain c3 - w4"}
    s = state({"c3": W("Captain"), "d4": B("Pawn"), "a9": W("King"), "i5": B("King")})
    ne = {n for n in moves_from(s, "c3") if n.split()[-1] in ("d4", "f6", "w4", "g7")}
    assert ne == {"Captain c3 x d4"}


def test_captain_from_citadel():
    """"The Captain may also move or capture orthogonally from citadel to citadel or
    any number of squares diagonally out of a citadel or to the citadel diagonally
    across." (w1 to w4 through the pool)"""
    s = state({"w1": W("Captain"), "i5": W("King"), "a5": B("King")})
    assert moves_from(s, "w1") == notations("Captain", "w1", [
        "w2", "w3", "a1", "b2", "c3", "d4", "f6", "w4", "g7", "h8", "i9"])


def test_captain_orthogonal_step_across_pool():
    """"The Captain may also move orthogonally one square across the Star Pool as if
    it were not there." (e4 to e6; decision D1: it may capture there too)"""
    s = state({"e4": W("Captain"), "e6": B("Pawn"), "a2": W("King"), "i2": B("King")})
    assert "Captain e4 x e6" in moves_from(s, "e4")


# --------------------------------------------------------------------------- Great Elephant
def test_great_elephant_steps_and_jumps():
    """"The Great-Elephant steps one square diagonally or forward or jumps two squares
    diagonally or forward." From c3 the NE jump crosses the pool: f6 or w4 (A10:
    forward means straight forward)."""
    s = state({"c3": W("Great-Elephant"), "a9": W("King"), "i5": B("King")})
    assert moves_from(s, "c3") == notations("Great-Elephant", "c3", [
        "c4", "c5", "b2", "b4", "d2", "d4", "a1", "a5", "e1", "f6", "w4"])


def test_great_elephant_jumps_over_pieces():
    """"jumps two squares": the jump leaps over the occupied c4 and d4 (decision D2)."""
    s = state({"c3": W("Great-Elephant"), "c4": W("Pawn"), "d4": W("Pawn"),
               "a9": W("King"), "i5": B("King")})
    assert moves_from(s, "c3") == notations("Great-Elephant", "c3", [
        "c5", "b2", "b4", "d2", "a1", "a5", "e1", "f6", "w4"])


def test_great_elephant_black_forward_is_south():
    """A10: Black's forward is towards rank 1; the SE jump from c7 crosses the pool
    to f4 or White's citadel w2."""
    s = state({"c7": B("Great-Elephant"), "a1": W("King"), "i5": B("King")}, "Black")
    assert moves_from(s, "c7") == notations("Great-Elephant", "c7", [
        "c6", "c5", "b6", "b8", "d6", "d8", "a5", "a9", "e9", "f4", "w2"])


def test_great_elephant_teleport_only_on_last_step():
    """A5: "Teleport is available only on the final diagonal part of a move": from d4
    the NE step reaches f6 or w4, the NE jump skips the pool and lands on g7."""
    s = state({"d4": W("Great-Elephant"), "a9": W("King"), "i5": B("King")})
    got = moves_from(s, "d4")
    assert {"Great-Elephant d4 - f6", "Great-Elephant d4 - w4", "Great-Elephant d4 - g7"} <= got
    assert got == notations("Great-Elephant", "d4", [
        "d5", "d6", "c3", "c5", "e3", "f6", "w4", "b2", "b6", "f2", "g7"])


def test_great_elephant_in_citadel():
    """"The Great-Elephant may also move or capture orthogonally from citadel to
    citadel, but only in the forward direction, or diagonally out of a citadel."
    (A10)"""
    s = state({"w1": W("Great-Elephant"), "w3": W("Great-Elephant"), "i5": W("King"),
               "a5": B("King")})
    assert moves_from(s, "w1") == notations("Great-Elephant", "w1", ["a1", "b2"])  # w3 own
    assert moves_from(s, "w3") == notations("Great-Elephant", "w3", ["a9", "b8"])
    s = state({"w1": W("Great-Elephant"), "i5": W("King"), "a5": B("King")})
    assert moves_from(s, "w1") == notations("Great-Elephant", "w1", ["a1", "b2", "w3"])
    s = state({"w3": B("Great-Elephant"), "i5": W("King"), "a5": B("King")}, "Black")
    assert moves_from(s, "w3") == notations("Great-Elephant", "w3", ["a9", "b8", "w1"])


# --------------------------------------------------------------------------- Knight
def test_knight_orthogonal_part_across_pool():
    """"If crossing the Star Pool when making the orthogonal part of its move, the
    Knight may also move orthogonally across the Star Pool": e4 goes up via e6 to
    d7/f7 (an ordinary Knight would reach d6/f6)."""
    s = state({"e4": W("Knight"), "i5": W("King"), "a9": B("King")})
    assert moves_from(s, "e4") == notations("Knight", "e4", [
        "d7", "f7", "g5", "g3", "c5", "c3", "f2", "d2"])


def test_knight_diagonal_part_across_pool_or_citadel():
    """"If crossing the Star Pool when making the diagonal part of its move, the
    Knight may move or capture diagonally across the Star Pool ... or to the
    corresponding citadel." (d3 via d4: f6 or w4)"""
    s = state({"d3": W("Knight"), "i5": W("King"), "a9": B("King")})
    assert moves_from(s, "d3") == notations("Knight", "d3", [
        "b2", "b4", "c1", "c5", "e1", "f2", "f4", "f6", "w4"])


def test_knight_from_citadel():
    """"if the Knight is in a citadel, it jumps over the non-board to reach the board.
    The Knight may not move from citadel to citadel.\""""
    s = state({"w1": W("Knight"), "i5": W("King"), "a9": B("King")})
    assert moves_from(s, "w1") == notations("Knight", "w1", ["a2", "b1"])


# --------------------------------------------------------------------------- Rook
def test_rook_slides_across_pool():
    """"The Rook may also move or capture orthogonally across the Star Pool as if it
    were not there.\""""
    s = state({"e2": W("Rook"), "e8": B("Pawn"), "a1": W("King"), "i9": B("King")})
    assert moves_from(s, "e2") == notations("Rook", "e2", [
        "e3", "e4", "e6", "e7", "xe8", "e1", "d2", "c2", "b2", "a2", "f2", "g2", "h2", "i2"])


def test_rook_cannot_enter_citadel_and_cannot_leave_it():
    """"The Rook has no way to reach the citadels by its own movement" and "Once in a
    citadel, the Rook may move and capture orthogonally from citadel to citadel. But,
    it cannot leave the citadels until swapped again by a Wizard!\""""
    s = state({"a1": W("Rook"), "a3": W("Pawn"), "b1": W("Pawn"), "i5": W("King"),
               "e9": B("King")})
    assert moves_from(s, "a1") == {"Rook a1 - a2"}
    s = state({"w1": W("Rook"), "w3": B("Wizard"), "i5": W("King"), "e9": B("King")})
    assert moves_from(s, "w1") == {"Rook w1 - w2", "Rook w1 x w3"}


# --------------------------------------------------------------------------- Wizard
def test_wizard_moves():
    """"It can move one square diagonally in all four directions. Or ... jump two
    squares horizontally or vertically and then one square diagonally outward.\""""
    s = state({"c3": W("Wizard"), "i5": W("King"), "a9": B("King")})
    assert moves_from(s, "c3") == notations("Wizard", "c3", [
        "b2", "b4", "d2", "d4", "d6", "b6", "f4", "f2"])


def test_wizard_leap_across_pool():
    """"If crossing the Star Pool when making the orthogonal part of its leap move,
    The Wizard may also move orthogonally across the Star Pool" (e3 via e4-e6 to
    d7/f7) and the diagonal part may cross the pool or end in the citadel (d2 via
    d3-d4 to f6 or w4); "When making its one square diagonal move, the Wizard may
    also move or capture diagonally across the Star Pool ... or to the corresponding
    citadel" (f6 to d4 or w1)."""
    s = state({"e3": W("Wizard"), "i5": W("King"), "a9": B("King")})
    assert moves_from(s, "e3") == notations("Wizard", "e3", [
        "d2", "f2", "d4", "f4", "f7", "d7", "h4", "h2", "b4", "b2"])
    s = state({"d2": W("Wizard"), "i5": W("King"), "a9": B("King")})
    assert moves_from(s, "d2") == notations("Wizard", "d2", [
        "c1", "e1", "c3", "e3", "f6", "w4", "c5", "g3", "g1", "a3", "a1"])
    s = state({"f6": W("Wizard"), "i5": W("King"), "a9": B("King")})
    assert {"Wizard f6 - d4", "Wizard f6 - w1"} <= moves_from(s, "f6")


def test_wizard_from_citadel():
    """"if the Wizard is in a citadel, it jumps over the non-board to reach the board.
    The Wizard cannot move from citadel to citadel.\""""
    s = state({"w1": W("Wizard"), "i5": W("King"), "a9": B("King")})
    assert moves_from(s, "w1") == notations("Wizard", "w1", ["a1", "a3", "c1"])


def test_wizard_swaps_with_adjacent_friends():
    """"The Wizard has a special power to swap positions with any adjacent friendly
    piece." A6: the 8 neighbours; enemies are not swapped."""
    pos = {"b2": W("Wizard"), "a1": W("Rook"), "b1": W("Knight"), "c1": W("Pawn"),
           "a2": W("Lieutenant"), "c3": B("Pawn"), "a3": W("General"), "b3": W("Captain"),
           "c2": W("Sergeant"), "i5": W("King"), "i9": B("King")}
    s = state(pos)
    swaps = {m.notation for m in s.legal_moves() if m.notation.count(" - ") == 1
             and m.notation.startswith("Wizard b2 x") and m.notation.split()[3] != "c3"}
    assert swaps == {
        "Wizard b2 x a1 Rook a1 - b2", "Wizard b2 x b1 Knight b1 - b2",
        "Wizard b2 x c1 Pawn c1 - b2", "Wizard b2 x a2 Lieutenant a2 - b2",
        "Wizard b2 x a3 General a3 - b2", "Wizard b2 x b3 Captain b3 - b2",
        "Wizard b2 x c2 Sergeant c2 - b2"}
    assert "Wizard b2 x c3" in moves_from(s, "b2")  # an ordinary capture, no swap
    after = s.apply(next(m for m in s.legal_moves() if m.notation == "Wizard b2 x a1 Rook a1 - b2"))
    assert after.board()["a1"] == W("Wizard") and after.board()["b2"] == W("Rook")


def test_swap_puts_rook_into_citadel_then_citadel_moves():
    """"if the Wizard swaps its place with the Rook, the Rook is placed in a citadel.
    Once in a citadel, the Rook may move and capture orthogonally from citadel to
    citadel." From the setup: w1<->a1, then the Rook in w1 may take the Wizard on
    w3."""
    s = GAME.initial_state()
    s = s.apply(next(m for m in s.legal_moves() if m.notation == "Wizard w1 x a1 Rook a1 - w1"))
    s = s.apply(next(m for m in s.legal_moves() if m.notation == "Pawn a7 - a6"))
    assert moves_from(s, "w1") == {"Rook w1 x w3"}


def test_swap_adjacency_not_across_pool():
    """A6: "squares across the pool are not adjacent for swapping"; the citadel is
    adjacent only to its corner.  The option swap_across_pool flips the first."""
    pos = {"d4": W("Wizard"), "f6": W("Rook"), "e4": W("Pawn"), "i5": W("King"),
           "i9": B("King")}
    s = state(pos)
    assert {n for n in moves_from(s, "d4") if "Rook" in n} == set()
    assert "Wizard d4 x e4 Pawn e4 - d4" in moves_from(s, "d4")
    s2 = state(pos, game=StarPoolChess(swap_across_pool=True))
    assert "Wizard d4 x f6 Rook f6 - d4" in moves_from(s2, "d4")
    s = state({"w1": W("Wizard"), "b2": W("Rook"), "a2": W("Pawn"), "i5": W("King"),
               "i9": B("King")})
    assert not any(n.startswith("Wizard w1 x") for n in moves_from(s, "w1"))


def test_swap_with_king_must_not_leave_check_and_keeps_leap():
    """A6: "The swap may involve the King but may not leave the mover in check."
    A8 (settled) and decision D3: being swapped is not the King's "first move", so it keeps
    the leap (option swap_counts_as_king_move flips this)."""
    pos = {"e1": W("King"), "d2": W("Wizard"), "d8": B("Rook"), "i9": B("King")}
    s = state(pos)
    assert not any("King e1 - d2" in n for n in moves_from(s, "d2"))
    pos = {"e1": W("King"), "d2": W("Wizard"), "a9": B("King")}
    s = state(pos)
    m = next(m for m in s.legal_moves() if m.notation == "Wizard d2 x e1 King e1 - d2")
    after = s.apply(m)
    assert ("unmoved", "d2") in after.signature().extra
    s2 = state(pos, game=StarPoolChess(swap_counts_as_king_move=True))
    after2 = s2.apply(next(x for x in s2.legal_moves() if x.notation == m.notation))
    assert ("unmoved", "d2") not in after2.signature().extra


# --------------------------------------------------------------------------- Pawn
def test_pawn_forward_across_pool():
    """"A Pawn can move straight ahead one square." and "The Pawn may also move
    orthogonally across the Star Pool as if it were not there." (e4-e6)"""
    s = state({"e4": W("Pawn"), "i5": W("King"), "a9": B("King")})
    assert moves_from(s, "e4") == {"Pawn e4 - e6"}
    s = state({"e4": W("Pawn"), "e6": B("Pawn"), "i5": W("King"), "a9": B("King")})
    assert moves_from(s, "e4") == set()


def test_pawn_captures_across_pool_and_into_citadel():
    """"the Pawn may capture diagonally one square across the Star Pool ... or to the
    corresponding citadel" and "If a Pawn reaches an opposing citadel by jumping
    across the Star Pool, it promotes to a Captain." (A3)"""
    pos = {"d4": W("Pawn"), "c5": B("Pawn"), "f6": B("Knight"), "w4": B("Wizard"),
           "i5": W("King"), "a9": B("King")}
    s = state(pos)
    assert moves_from(s, "d4") == {"Pawn d4 - d5", "Pawn d4 x c5", "Pawn d4 x f6",
                                   "Pawn d4 x w4 = Captain"}
    s = state({"d4": W("Pawn"), "i5": W("King"), "a9": B("King")})
    assert moves_from(s, "d4") == {"Pawn d4 - d5"}  # no capture onto empty cells


def test_pawn_citadel_promotion_option():
    """A3 option: the Sergeant paragraph's "if it reaches a citadel, it promotes to a
    Sergeant" reading, selectable by pawn_citadel_promotion='Sergeant'."""
    pos = {"f6": B("Pawn"), "w1": W("Wizard"), "i5": W("King"), "a9": B("King")}
    s = state(pos, "Black")
    assert "Pawn f6 x w1 = Captain" in moves_from(s, "f6")
    s = state(pos, "Black", game=StarPoolChess(pawn_citadel_promotion="Sergeant"))
    assert "Pawn f6 x w1 = Sergeant" in moves_from(s, "f6")


def test_end_pawns_double_step():
    """"The end pawns may move two squares forward on their first move." Only a- and
    i-file Pawns, both squares empty (decision D5)."""
    s = state({"a3": W("Pawn"), "b3": W("Pawn"), "i3": W("Pawn"), "i4": B("Rook"),
               "e1": W("King"), "e9": B("King"), "a7": B("Pawn"), "i7": B("Pawn"),
               "i5": W("Knight")})
    assert moves_from(s, "a3") == {"Pawn a3 - a4", "Pawn a3 - a5"}
    assert moves_from(s, "b3") == {"Pawn b3 - b4"}
    assert moves_from(s, "i3") == set()
    s = state({"a7": B("Pawn"), "i7": B("Pawn"), "i5": W("Knight"), "e1": W("King"),
               "e9": B("King")}, "Black")
    assert moves_from(s, "a7") == {"Pawn a7 - a6", "Pawn a7 - a5"}
    assert moves_from(s, "i7") == {"Pawn i7 - i6"}


def test_pawn_promotes_to_sergeant_on_opposing_pawn_rank():
    """"If a Pawn reaches the rank on which the opposing Pawns started ... it promotes
    to a Sergeant." A2: rank 7 for White, rank 3 for Black on this board."""
    s = state({"d6": W("Pawn"), "c7": B("Knight"), "i5": W("King"), "a9": B("King")})
    assert moves_from(s, "d6") == {"Pawn d6 - d7 = Sergeant", "Pawn d6 x c7 = Sergeant"}
    s = state({"d5": W("Pawn"), "i5": W("King"), "a9": B("King")})
    assert moves_from(s, "d5") == {"Pawn d5 - d6"}
    s = state({"d4": B("Pawn"), "i5": W("King"), "a9": B("King")}, "Black")
    assert moves_from(s, "d4") == {"Pawn d4 - d3 = Sergeant"}


def test_pawn_promotion_rank_option_literal_text():
    """A2 option: the literal "the 6th for white" reading via sergeant_ranks=(6, 3)."""
    s = state({"d5": W("Pawn"), "i5": W("King"), "a9": B("King")},
              game=StarPoolChess(sergeant_ranks=(6, 3)))
    assert moves_from(s, "d5") == {"Pawn d5 - d6 = Sergeant"}


def test_promotion_zone_includes_beyond_and_swap_does_not_promote():
    """A7: "the zones include everything beyond the promotion rank (a Pawn placed on
    rank 7 by a swap promotes on its next move). A swap itself never promotes.\""""
    s = state({"d7": W("Pawn"), "i5": W("King"), "a1": B("King")})
    assert moves_from(s, "d7") == {"Pawn d7 - d8 = Sergeant"}
    s = state({"c7": W("Wizard"), "c6": W("Pawn"), "i5": W("King"), "a1": B("King")})
    m = next(m for m in s.legal_moves() if m.notation == "Wizard c7 x c6 Pawn c6 - c7")
    after = s.apply(m)
    assert after.board()["c7"] == W("Pawn")
    g = StarPoolChess(swap_promotes=True)
    m2 = next(m for m in state({"c7": W("Wizard"), "c6": W("Pawn"), "i5": W("King"),
                                "a1": B("King")}, game=g).legal_moves()
              if m.notation.startswith("Wizard c7 x c6"))
    assert m2.notation == "Wizard c7 x c6 Pawn c6 - c7 = Sergeant on c7"


# --------------------------------------------------------------------------- Sergeant
def test_sergeant_moves_and_promotion():
    """"A Sergeant moves one square diagonally." "may move and capture across the Star
    Pool as if it were not there, or to the corresponding citadel." "If it reaches the
    opposing side's back rank or citadels, it promotes into a Captain.\""""
    s = state({"d4": W("Sergeant"), "i5": W("King"), "a9": B("King")})
    assert moves_from(s, "d4") == notations("Sergeant", "d4", ["c3", "c5", "e3", "f6", "w4=Captain"])
    s = state({"h8": W("Sergeant"), "i5": W("King"), "a1": B("King")})
    assert moves_from(s, "h8") == notations(
        "Sergeant", "h8", ["g9=Captain", "i9=Captain", "g7", "i7"])


def test_sergeant_into_own_citadel_no_promotion():
    """A11: "Diagonal movers may move backward into their own citadels through the
    pool"; only the opposing citadels promote.  Option teleport_to_own_citadel=False
    removes w1."""
    s = state({"f6": W("Sergeant"), "i5": W("King"), "a9": B("King")})
    assert moves_from(s, "f6") == notations("Sergeant", "f6", ["e7", "g7", "g5", "d4", "w1"])
    s = state({"f6": W("Sergeant"), "i5": W("King"), "a9": B("King")},
              game=StarPoolChess(teleport_to_own_citadel=False))
    assert moves_from(s, "f6") == notations("Sergeant", "f6", ["e7", "g7", "g5", "d4"])
    s = state({"w1": W("Sergeant"), "i5": W("King"), "a9": B("King")})
    assert moves_from(s, "w1") == notations("Sergeant", "w1", ["a1"])


# --------------------------------------------------------------------------- Lieutenant
def test_lieutenant_moves_and_promotion():
    """"A Lieutenant moves one square left, right up or down." "may also move or
    capture orthogonally across the Star Pool"; "If it reaches the opposing side's
    back rank or citadels, it promotes into a General.\""""
    s = state({"e4": W("Lieutenant"), "i5": W("King"), "a9": B("King")})
    assert moves_from(s, "e4") == notations("Lieutenant", "e4", ["d4", "f4", "e3", "e6"])
    s = state({"d8": W("Lieutenant"), "i5": W("King"), "a1": B("King")})
    assert moves_from(s, "d8") == notations(
        "Lieutenant", "d8", ["d9=General", "c8", "e8", "d7"])


def test_lieutenant_in_citadel():
    """"the Lieutenant may move and capture orthogonally from citadel to citadel. But,
    it cannot leave the citadels"; reaching an opposing citadel promotes it."""
    s = state({"w1": W("Lieutenant"), "i5": W("King"), "a9": B("King")})
    assert moves_from(s, "w1") == notations("Lieutenant", "w1", ["w2", "w3=General"])


# --------------------------------------------------------------------------- geometry ambiguities
def test_no_link_from_corner_into_citadel():
    """A4: "Corner -> citadel is not a link"; the option corner_citadel_links adds it."""
    pos = {"a1": W("King"), "i9": B("King")}
    assert moves_from(state(pos), "a1") == notations("King", "a1", ["a2", "b1", "b2"])
    g = StarPoolChess(corner_citadel_links=True)
    assert moves_from(state(pos, game=g), "a1") == notations(
        "King", "a1", ["a2", "b1", "b2", "w1"])


def test_teleport_is_one_way():
    """A5: the teleport is one-way (centre -> citadel): from w4 a King reaches only the
    other citadels and i9, never the pool side."""
    s = state({"w4": W("King"), "a1": B("King")})
    assert moves_from(s, "w4") == notations("King", "w4", ["w3", "w2", "i9"])


# --------------------------------------------------------------------------- end of game
def test_checkmate():
    """"The player that checkmates the opponent's King wins the game.\""""
    s = state({"a9": B("King"), "b1": W("Rook"), "c8": W("Rook"), "a2": W("Rook"),
               "i1": W("King")}, "White")
    mate = next(m for m in s.legal_moves() if m.notation == "Rook a2 - a7")
    after = s.apply(mate)
    assert after.in_check()
    assert after.legal_moves() == []
    out = after.outcome()
    assert out is not None and out.rule == "checkmate"
    assert out.winners == ("White",) and out.losers == ("Black",)
    assert s.outcome() is None


def test_stalemate_is_draw():
    """A9: "Stalemate -> draw"; option stalemate='loss' makes the stalemated side lose."""
    pos = {"a9": B("King"), "b1": W("Rook"), "c8": W("Rook"), "i1": W("King")}
    s = state(pos, "Black")
    assert not s.in_check() and s.legal_moves() == []
    assert s.outcome().draw and s.outcome().rule == "stalemate"
    s2 = state(pos, "Black", game=StarPoolChess(stalemate="loss"))
    assert s2.outcome().losers == ("Black",)


# --------------------------------------------------------------------------- engine consistency
def _brute_legal(st: StarPoolState) -> set[str]:
    """Legal moves by the slow route: apply each pseudo-legal move and look for an
    opponent move (generated forwards) that lands on the mover's King."""
    out = set()
    for frm, to, newcode, kind in st._pseudo():
        nb, unmoved, kings = st._successor(frm, to, newcode, kind)
        child = StarPoolState(st.game, nb, 1 - st.side, unmoved, kings)
        k = kings[st.side]
        if any(t == k and kd != SWAP for _, t, _, kd in child._pseudo()):
            continue
        out.add(st._notation(frm, to, newcode, kind))
    return out


def test_fast_check_test_agrees_with_brute_force():
    """The reverse attack tables give the same legal moves as generating every
    opponent move forwards, over positions from seeded random games."""
    checked = 0
    for seed in range(12):
        r = random_playout(GAME.initial_state(), seed, 120)
        st = GAME.initial_state()
        for i, m in enumerate(r.moves):
            if i % 3 == 0:
                assert {x.notation for x in st.legal_moves()} == _brute_legal(st)
                checked += 1
            st = st.apply(m)
    assert checked > 300


def test_registry_factory_and_notation_round_trip():
    """The CLI name resolves to this engine; short notation finds moves."""
    from runtime.core.notation import play_moves
    from runtime.loading.registry import find_game
    g = find_game("star-pool-chess").load()
    assert isinstance(g, StarPoolChess)
    s = play_moves(g.initial_state(), ["a3 - a5", "i7 - i5", "w1 - a1"])
    assert s.board()["w1"] == W("Rook") and s.board()["a1"] == W("Wizard")


def _check_consistent(st: StarPoolState) -> None:
    """Every successor: side flipped, one King each where the state says, one or two
    cells changed (a move, capture, promotion or swap), notations unique."""
    moves = st.legal_moves()
    assert len({m.notation for m in moves}) == len(moves)
    for m in moves:
        child = st.apply(m)
        assert child.side == 1 - st.side
        for side in (0, 1):
            k = child.kings[side]
            assert k >= 0 and child.cells[k] == side * 16 + KING
        assert child.cells.count(KING) == 1 and child.cells.count(16 + KING) == 1
        changed = sum(1 for a, b in zip(st.cells, child.cells) if a != b)
        # a Wizard swapping with a Wizard changes nothing on the board (decision D6)
        assert changed in (1, 2) or m.notation.split()[4:5] == ["Wizard"]


@pytest.mark.slow
def test_random_playouts():
    """scaled(1000) random games, seeds 0..N-1, 300-ply limit: no exception, every
    game ends by checkmate, stalemate or the ply limit, every successor consistent."""
    n = scaled(1000)
    start = time.perf_counter()
    reasons = {}
    for seed in range(n):
        st = GAME.initial_state()

        rng = random.Random(seed)
        for _ in range(300):
            if st.outcome() is not None:
                break
            _check_consistent(st)
            st = st.apply(rng.choice(st.legal_moves()))
        out = st.outcome()
        reason = out.rule if out else "ply limit"
        assert reason in ("checkmate", "stalemate", "ply limit")
        if out is not None:
            assert st.legal_moves() == []
        reasons[reason] = reasons.get(reason, 0) + 1
    assert sum(reasons.values()) == n
    print(f"star pool playouts: {n} games, {reasons}, {time.perf_counter() - start:.1f}s")


def test_wizard_may_swap_with_wizard():
    """Decision D6: "swap positions with any adjacent friendly piece" includes another
    Wizard; the board is unchanged and the turn passes."""
    s = state({"c3": W("Wizard"), "d4": W("Wizard"), "i5": W("King"), "a9": B("King")})
    m = next(m for m in s.legal_moves() if m.notation == "Wizard c3 x d4 Wizard d4 - c3")
    after = s.apply(m)
    assert after.signature().board == s.signature().board
    assert after.current_player == "Black"
