"""Tests of the native Alpha Centauri engine, rule by rule, on hand-made positions.

Every expected move set below was derived by hand from the seed text
(seeds/004) and RULES.md section 8; each docstring quotes the sentence or
names the decision (A1..A16 of RULES.md, D1.. of docs/variants/alpha_centauri.md)
it checks.  Positions are built with ``Game.state_from({cell: (player, type)})``.
Positions without royals of the side to move make every turn a single part-2
move; ``part_options(part, cell)`` lists one piece's legal part moves.
"""

from __future__ import annotations

import random

import pytest

from runtime.core.notation import find_move
from runtime.verify.perft import perft
from runtime.verify.playout import random_playout
from tests.conftest import full_scale, scaled
from variants.alpha_centauri import data
from variants.alpha_centauri.board import INDEX, NAMES, TYPE_OF_NAME, code
from variants.alpha_centauri.engine import NO_TURN_RULE, WIN_RULE, AlphaCentauri
from variants.alpha_centauri.moves import (allowed_candidates, attacks, part_moves, reductions,
                                           royals_meet)

W, B = "White", "Black"
GAME = AlphaCentauri()


def state(pos: dict, to_move: str = W, **options):
    """A state of a game with the given options from a compact position dict."""
    game = AlphaCentauri(**options) if options else GAME
    return game.state_from(pos, to_move)


def opts(st, cell: str, part: int = 2) -> set[str]:
    """The legal part moves of the piece on ``cell``."""
    return set(st.part_options(part, cell))


def ch_moves(piece: str, src: str, rows: tuple[int, ...], skip: tuple[str, ...] = ()) -> set[str]:
    """Plain CH notations from ``src`` to every cell of ``rows`` except ``skip``."""
    return {f"{piece} {src} - {f}{r}" for r in rows for f in data.FILES if f"{f}{r}" not in skip}


# ------------------------------------------------------------------ board and setup

def test_board_colours_zone_edges():
    """A2/A3: 9x9, colours in horizontal rows repeating every 3 rows; Encounter Zone d4-f6;
    edges are columns a, i and rows 1, 9 ("files 1 or 9, ranks a or i")."""
    assert len(data.CELLS) == 81
    assert [data.ROW_COLOURS[r] for r in range(1, 10)] == ["yellow", "brown", "blue"] * 3
    assert data.ENCOUNTER_ZONE == {f"{f}{r}" for f in "def" for r in (4, 5, 6)}
    assert "a5" in data.EDGE and "e9" in data.EDGE and "e5" not in data.EDGE and "b2" not in data.EDGE


def test_setup_prisoners():
    """A1: "Initially Kings and Dame are set up in the enemy zone, surrounded by enemy pieces"
    (reconstructed setup, 18 pieces a side, royals in the enemy back row)."""
    setup = data.SETUP
    assert len(setup) == 36
    assert sum(1 for p, _ in setup.values() if p == W) == 18
    assert setup["d9"] == (W, "King") and setup["f9"] == (W, "Dame")
    assert setup["d1"] == (B, "King") and setup["f1"] == (B, "Dame")
    for cell in ("d9", "f9"):
        f, r = "abcdefghi".index(cell[0]), int(cell[1])
        for df in (-1, 0, 1):
            for dr in (-1, 0, 1):
                n = f"{'abcdefghi'[f + df]}{r + dr}" if 1 <= r + dr <= 9 else None
                if n and n != cell and n in setup:
                    assert setup[n][0] == B
    st = GAME.initial_state()
    assert st.current_player == W
    assert st.signature().board == frozenset((c, p, t) for c, (p, t) in setup.items())


# ------------------------------------------------------------------ Pawn, Guard

def test_pawn_moves_and_diagonal_capture():
    """"A Pawn moves with O and H movements. It captures by replacement moving diagonally
    one position." (A8: all four directions; no CH; only enemy capturable pieces are taken.)"""
    st = state({"e5": (W, "Pawn"), "g5": (W, "Guard"), "b5": (B, "Pawn"), "d6": (B, "Guard"),
                "f6": (W, "Hopper"), "d4": (B, "Rotor")})
    assert opts(st, "e5") == {"Pawn e5 - e6", "Pawn e5 - e4", "Pawn e5 - d5", "Pawn e5 - c5",
                              "Pawn e5 - f5", "Pawn e5 x d6"}


def test_guard_king_step():
    """"A Guard moves and captures with O movement, but it can move and capture to adjacent
    diagonal squares" (A9: no H, no CH; the Rotor is uncapturable)."""
    st = state({"e5": (W, "Guard"), "e6": (B, "Pawn"), "d5": (W, "Pawn"), "f6": (B, "Rotor")})
    assert opts(st, "e5") == {"Guard e5 - d4", "Guard e5 - e4", "Guard e5 - f4", "Guard e5 - f5",
                              "Guard e5 - d6", "Guard e5 x e6"}


# ------------------------------------------------------------------ Hopper

def test_hopper_moves_and_adjacent_jumps():
    """"If there is an enemy piece adjacent (orthogonally or diagonally) ... the Hopper can jump
    over the piece and capture it, if the landing square is free or occupied by a friendly
    piece." "Hopper can't capture with the CH movement." (A10: no jump over uncapturable
    pieces, no sacrifice of an uncapturable friend.)"""
    st = state({"e5": (W, "Hopper"), "f6": (B, "Pawn"), "e4": (B, "Pawn"), "e3": (W, "Pawn"),
                "d5": (B, "Rotor"), "d6": (W, "Guard"), "f4": (B, "Guard"), "g3": (W, "Rotor")})
    expected = {"Hopper e5 - e6", "Hopper e5 - f5", "Hopper e5 - g5", "Hopper e5 - h5",
                "Hopper e5 - i5", "Hopper e5 - g7 x f6", "Hopper e5 x e3 x e4"}
    expected |= ch_moves("Hopper", "e5", (2, 8))
    assert opts(st, "e5") == expected


def test_hopper_row_and_column_jumps():
    """"if the enemy piece is on one of the next parallel lines of squares of the same color and
    on the same orthogonal rank without any pieces between them" / "jumping over an enemy piece on
    the horizontal line if there are no pieces between them" (A10: the column jump needs exactly
    the row 3 away)."""
    st = state({"b5": (W, "Hopper"), "f5": (B, "Pawn"), "b8": (B, "Guard"), "b2": (W, "Pawn")})
    caps = {m for m in opts(st, "b5") if " x " in m}
    assert caps == {"Hopper b5 - g5 x f5", "Hopper b5 - b9 x b8"}


@pytest.mark.parametrize("pos", [
    {"b5": (W, "Hopper"), "d5": (W, "Pawn"), "f5": (B, "Pawn")},      # friend first on the row
    {"b5": (W, "Hopper"), "b6": (W, "Pawn"), "b8": (B, "Pawn")},      # piece between on column
    {"b5": (W, "Hopper"), "b7": (B, "Pawn")},                         # 2 rows away: not same colour
    {"b5": (W, "Hopper"), "b9": (B, "Pawn")},                         # 4 rows away
    {"b5": (W, "Hopper"), "a5": (B, "Pawn"), "a6": (B, "Guard")},     # landing off the board
    {"b5": (W, "Hopper"), "c5": (B, "King")},                         # uncapturable
    {"b5": (W, "Hopper"), "c5": (B, "Pawn"), "d5": (B, "Guard")},     # landing holds an enemy
])
def test_hopper_jumps_refused(pos):
    """A10: the Hopper jumps only an enemy capturable piece, with nothing between, on the row,
    the adjacent ring or exactly the same-coloured row, landing on the board on an empty or
    friendly cell."""
    st = state(pos)
    assert not any(" x " in m for m in opts(st, "b5"))


# ------------------------------------------------------------------ Centaur

def _centaur(pos, cell="a5", **options):
    base = {cell: (W, "Centaur")}
    base.update(pos)
    return opts(state(base, **options), cell)


def test_centaur_two_enemies_in_l():
    """"If there are enemy pieces in the two orthogonally adjacent squares to the landing square
    (... one adjacent in the same rank and one adjacent in the same file), and there is not
    another piece orthogonally adjacent, both enemy pieces are captured after O or H movement." """
    got = _centaur({"f5": (B, "Guard"), "e6": (B, "Pawn")})
    assert "Centaur a5 - e5 x f5 x e6" in got
    assert "Centaur a5 - e5" not in got


def test_centaur_three_enemies_nothing():
    """"If there are three enemy pieces orthogonally adjacent to the landing square, the Centaur
    can't capture any of them." """
    got = _centaur({"f5": (B, "Guard"), "e6": (B, "Pawn"), "e4": (B, "Pawn")})
    assert "Centaur a5 - e5" in got
    assert not any(m.startswith("Centaur a5 - e5 x") for m in got)


@pytest.mark.parametrize("other", [(B, "Rotor"), (W, "Rotor"), (B, "King"), (W, "Dame")])
def test_centaur_enemy_plus_uncapturable(other):
    """"If there is only one capturable enemy piece orthogonally adjacent and a non-capturable
    piece orthogonally adjacent but not in the same file or rank, only the capturable piece is
    captured." (either side's uncapturable piece)"""
    got = _centaur({"f5": (B, "Guard"), "e6": other})
    assert "Centaur a5 - e5 x f5" in got
    assert not any(m.startswith("Centaur a5 - e5") and m != "Centaur a5 - e5 x f5" for m in got)


def test_centaur_enemy_plus_friend_option():
    """"If there is an enemy piece orthogonally adjacent and exactly one friendly piece
    orthogonally adjacent ..., the Centaur has the option of capturing both pieces, the friendly
    piece and the enemy piece." (A11: both or none)"""
    got = _centaur({"f5": (B, "Guard"), "e6": (W, "Pawn")})
    assert {m for m in got if m.startswith("Centaur a5 - e5")} == {
        "Centaur a5 - e5", "Centaur a5 - e5 x f5 x e6"}


@pytest.mark.parametrize("pos", [
    {"f5": (B, "Guard")},                                   # a single neighbour
    {"e6": (B, "Guard"), "e4": (B, "Pawn")},                # two in a straight line
    {"f5": (W, "Guard"), "e6": (W, "Pawn")},                # two friends
    {"f5": (B, "Rotor"), "e6": (W, "Pawn")},                # uncapturable + friend
])
def test_centaur_no_capture(pos):
    """RULES.md A11: nothing is captured unless exactly two orthogonal neighbours form an L and
    one of the listed cases applies."""
    got = _centaur(pos)
    assert "Centaur a5 - e5" in got
    assert not any(m.startswith("Centaur a5 - e5 x") for m in got)


def test_centaur_captures_after_ch():
    """"The Centaur is the only piece that can capture with the CH movement." (A11; the
    ``centaur_ch_capture`` option switches it off.)"""
    pos = {"e2": (W, "Centaur"), "f5": (B, "Guard"), "e6": (B, "Pawn")}
    assert "Centaur e2 - e5 x f5 x e6" in opts(state(pos), "e2")
    off = opts(state(pos, centaur_ch_capture=False), "e2")
    assert "Centaur e2 - e5" in off and not any(" x " in m for m in off)


def test_centaur_o_step_origin_is_empty():
    """A11: the cell the Centaur leaves is empty when its landing neighbours are counted, so an
    O step up between two enemies captures both (three neighbours would capture nothing)."""
    got = opts(state({"e4": (W, "Centaur"), "f5": (B, "Guard"), "e6": (B, "Pawn")}), "e4")
    assert "Centaur e4 - e5 x f5 x e6" in got


def test_centaur_immune_to_reducer():
    """"A Centaur is immune to the Reducer." """
    got = opts(state({"e5": (W, "Centaur"), "e8": (B, "Reducer")}), "e5")
    assert "Centaur e5 - a5" in got and "Centaur e5 - a2" in got


# ------------------------------------------------------------------ Advancer, Withdrawer

def test_advancer_approach():
    """"When moving with O or H movement, it captures a piece adjacent to the landing square in
    the same direction of movement. When moving with the CH it can't capture." (A12: enemy
    capturable pieces only)"""
    st = state({"c5": (W, "Advancer"), "f5": (B, "Pawn"), "c7": (B, "Guard"), "c3": (W, "Pawn"),
                "a9": (B, "Pawn")})
    expected = {"Advancer c5 - d5", "Advancer c5 - e5 x f5", "Advancer c5 - b5",
                "Advancer c5 - a5", "Advancer c5 - c6 x c7", "Advancer c5 - c4"}
    expected |= ch_moves("Advancer", "c5", (2, 8))
    assert opts(st, "c5") == expected


def test_advancer_spares_uncapturable():
    """A12: an approach onto an uncapturable piece captures nothing."""
    got = opts(state({"c5": (W, "Advancer"), "f5": (B, "Rotor")}), "c5")
    assert "Advancer c5 - e5" in got and not any(" x " in m for m in got)


def test_withdrawer_withdrawal():
    """"When moving with O or H movement, it captures a piece adjacent to the starting position in
    the opposite direction of movement. It can't capture with the CH movement." """
    st = state({"e5": (W, "Withdrawer"), "d5": (B, "Pawn"), "e4": (B, "Guard")})
    expected = {f"Withdrawer e5 - {c} x d5" for c in ("f5", "g5", "h5", "i5")}
    expected |= {"Withdrawer e5 - e6 x e4"} | ch_moves("Withdrawer", "e5", (2, 8))
    assert opts(st, "e5") == expected


def test_withdrawer_spares_friends():
    """A12: only enemy capturable pieces are taken by withdrawal."""
    got = opts(state({"e5": (W, "Withdrawer"), "d5": (W, "Pawn")}), "e5")
    assert "Withdrawer e5 - f5" in got and not any(" x " in m for m in got)


# ------------------------------------------------------------------ Rotor

def test_rotor_moves_on_edge_no_rotation():
    """"A Rotor moves with O, H and CH movements. It can't capture any piece." "if the Rotor is on
    a square that is not along the edges ... it can rotate" - on a5 it cannot."""
    st = state({"a5": (W, "Rotor"), "b6": (B, "Pawn")})
    expected = {"Rotor a5 - a6", "Rotor a5 - a4"} | {f"Rotor a5 - {f}5" for f in "bcdefghi"}
    expected |= ch_moves("Rotor", "a5", (2, 8))
    assert opts(st, "a5", part=1) == expected


RING = ("e6", "f6", "f5", "f4", "e4", "d4", "d5", "d6")


@pytest.mark.parametrize("k", range(1, 8))
def test_rotation_by_k(k):
    """"it can rotate all the surrounding pieces one, two, three, four, five, six or seven
    positions" (A6: clockwise; enemy pieces rotate too; nothing is captured)."""
    pos = {"e5": (W, "Rotor"), "e6": (B, "Pawn"), "f5": (B, "Guard"), "d4": (B, "Hopper")}
    st = state(pos)
    pawn_to, guard_to, hopper_to = RING[k % 8], RING[(2 + k) % 8], RING[(5 + k) % 8]
    text = f"Rotor e5 rotate {k} Pawn e6 - {pawn_to} Guard f5 - {guard_to} Hopper d4 - {hopper_to}"
    move = find_move(st, text)
    assert move.parts == (text,)
    after = st.apply(move).board()
    assert after == {"e5": (W, "Rotor"), pawn_to: (B, "Pawn"), guard_to: (B, "Guard"),
                     hopper_to: (B, "Hopper")}
    rotations = [m for m in st.part_options(1, "e5") if "rotate" in m]
    assert len(rotations) == 7


@pytest.mark.parametrize("blocker", [(W, "Rotor"), (B, "Rotor"), (B, "King"), (W, "Dame")])
def test_rotation_blocked_by_uncapturable_neighbour(blocker):
    """"A Rotor can't rotate surrounding pieces if there is another uncapturable piece adjacent
    (Rotor, King or Dame, friend or enemy)." """
    st = state({"e5": (W, "Rotor"), "e6": (B, "Pawn"), "d4": blocker})
    got = opts(st, "e5", part=1)
    assert got and not any("rotate" in m for m in got)


def test_rotation_identity_excluded_and_merged():
    """A6: a rotation leaving the ring unchanged is no move; amounts with equal results are one
    move (the smaller amount is written)."""
    st = state({"e5": (W, "Rotor"), "e6": (B, "Pawn"), "e4": (B, "Pawn")})
    rot = {m.split(" Pawn")[0] for m in opts(st, "e5", part=1) if "rotate" in m}
    assert rot == {"Rotor e5 rotate 1", "Rotor e5 rotate 2", "Rotor e5 rotate 3"}


def test_rotor_under_reducer():
    """"If there is a Reducer attacking a Rotor, the Rotor can still rotate surrounding pieces,
    but can only move away from or towards the Reducer on the orthogonal line of attack." """
    st = state({"e5": (W, "Rotor"), "e8": (B, "Reducer"), "d6": (B, "Pawn"), "f4": (B, "Pawn")})
    got = opts(st, "e5", part=1)
    assert {m for m in got if "rotate" not in m} == {"Rotor e5 - e6", "Rotor e5 - e4",
                                                     "Rotor e5 - e2"}
    assert {m.split(" Pawn")[0] for m in got if "rotate" in m} == {
        "Rotor e5 rotate 1", "Rotor e5 rotate 2", "Rotor e5 rotate 3"}


# ------------------------------------------------------------------ Reducer

def test_reducer_column_line():
    """"An enemy piece in direct orthogonal line with a Reducer with no pieces between, can only
    move or capture in the orthogonal line that it has in common with the Reducer" (A13: its own
    move types on the line, CH included, never reaching or passing the Reducer)."""
    st = state({"e4": (W, "Hopper"), "e8": (B, "Reducer")})
    assert opts(st, "e4") == {"Hopper e4 - e5", "Hopper e4 - e3", "Hopper e4 - e7",
                              "Hopper e4 - e1"}


def test_reducer_row_line_no_diagonal_capture():
    """Reducer: "moving ... in the opposite direction or towards the Reducer in the same line" -
    a Pawn reduced along its row keeps its row moves and loses O steps off the row and its
    diagonal captures."""
    st = state({"e5": (W, "Pawn"), "a5": (B, "Reducer"), "d6": (B, "Pawn")})
    assert opts(st, "e5") == {f"Pawn e5 - {f}5" for f in "bcdfghi"}


def test_reduced_piece_may_capture_the_reducer():
    """A13: towards the Reducer a reduced piece may not reach it, except by capturing it
    (Guard by replacement, Hopper by jumping it; CH past it is refused)."""
    assert opts(state({"e5": (W, "Guard"), "e6": (B, "Reducer")}), "e5") == {
        "Guard e5 x e6", "Guard e5 - e4"}
    assert opts(state({"e5": (W, "Hopper"), "e6": (B, "Reducer")}), "e5") == {
        "Hopper e5 - e7 x e6", "Hopper e5 - e4", "Hopper e5 - e2"}


def test_two_reducers_freeze():
    """A13: a piece reduced along a row and along a column cannot move; a Rotor so reduced can
    still rotate."""
    st = state({"e5": (W, "Pawn"), "e8": (B, "Reducer"), "a5": (B, "Reducer")})
    assert opts(st, "e5") == set()
    st = state({"e5": (W, "Rotor"), "e8": (B, "Reducer"), "a5": (B, "Reducer"), "d6": (B, "Pawn")})
    got = opts(st, "e5", part=1)
    assert got and all("rotate" in m for m in got)


def test_reducer_only_first_enemy_piece():
    """"in direct orthogonal line with a Reducer with no pieces between": only the first piece on
    each line is reduced, and only an enemy one."""
    st = state({"e6": (W, "Pawn"), "e5": (W, "Pawn"), "e8": (B, "Reducer")})
    assert "Pawn e5 - a5" in opts(st, "e5")
    assert "Pawn e6 - a6" not in opts(st, "e6")
    st = state({"e5": (W, "Pawn"), "e8": (W, "Reducer")})
    assert "Pawn e5 - a5" in opts(st, "e5")


def test_reducer_affects_king():
    """"But the King may be affected by the Reducer." (A13: royals restricted too)"""
    st = state({"e5": (W, "King"), "e8": (B, "Reducer")})
    assert opts(st, "e5", part=1) == {"King e5 - e6", "King e5 - e4"}


# ------------------------------------------------------------------ King and Dame

@pytest.mark.parametrize("royal", ["King", "Dame"])
def test_royal_step_and_capture(royal):
    """"The King moves only one step in orthogonal movement, and the King can capture enemy pieces
    with it's movement." "Royal pieces can't attack or capture Royal pieces" (A14: not Rotors
    either). The Dame "moves like the King"."""
    other = "Dame" if royal == "King" else "King"
    st = state({"e5": (W, royal), "f5": (B, "Pawn"), "d5": (B, "Rotor"), "e4": (B, other),
                "f6": (B, "Guard")})
    assert opts(st, "e5", part=1) == {f"{royal} e5 - e6", f"{royal} e5 x f5"}


def test_royal_may_stand_next_to_royals():
    """"It is permissible for another King or Dame to move to a square orthogonally adjacent to
    the King." """
    st = state({"e5": (W, "King"), "e7": (B, "King"), "d6": (B, "Dame")})
    assert "King e5 - e6" in opts(st, "e5", part=1)


# ------------------------------------------------------------------ turn structure

def test_two_part_turn():
    """"Two moves per turn, per player, are required. One move of one uncapturable piece (Rotor,
    King or Dame), followed by a move of one capturable piece." """
    st = state({"a1": (W, "King"), "c3": (W, "Pawn"), "i9": (B, "King")})
    got = {m.notation for m in st.legal_moves()}
    kings = {"King a1 - a2", "King a1 - b1"}
    pawns = {"Pawn c3 - c4", "Pawn c3 - c2"} | {f"Pawn c3 - {f}3" for f in "abdefghi"}
    assert got == {f"{k}; {p}" for k in kings for p in pawns}
    assert all(len(m.parts) == 2 for m in st.legal_moves())


def test_first_part_skipped_when_impossible():
    """"If the first move is not possible, the player must make the second move, the move of a
    capturable piece." (King boxed in by own pieces)"""
    st = state({"a1": (W, "King"), "a2": (W, "Guard"), "b1": (W, "Guard"), "i9": (B, "King")})
    moves = st.legal_moves()
    assert moves and all(len(m.parts) == 1 and m.parts[0].startswith("Guard") for m in moves)


def test_turn_ends_after_part_one_when_part_two_impossible():
    """A5: a turn whose second part has no legal option ends after the first part."""
    st = state({"a1": (W, "King"), "i9": (B, "King")})
    assert {m.notation for m in st.legal_moves()} == {"King a1 - a2", "King a1 - b1"}


def test_royals_never_move_in_part_two():
    """A5/A16: the second part moves a capturable piece only; uncapturable pieces only move (or
    rotate) in the first part."""
    st = GAME.initial_state()
    for m in st.legal_moves():
        if len(m.parts) == 2:
            assert m.parts[0].split()[0] in ("King", "Dame", "Rotor")
            assert m.parts[1].split()[0] not in ("King", "Dame", "Rotor")


# ------------------------------------------------------------------ no-attack rule

def test_no_new_attack_on_enemy_royal():
    """"you can't move any piece to a square where the opposite King or Dame are directly
    attacked by your piece" - a Pawn may not step diagonally next to the enemy King."""
    st = state({"c4": (W, "Pawn"), "e5": (B, "King")})
    got = opts(st, "c4")
    assert "Pawn c4 - d4" not in got and "Pawn c4 - c5" in got


def test_no_discovered_attack():
    """"You can't move any piece to a square where the moving piece or another piece can capture
    the King" - in the start position the Centaur c1 may not leave, since the Advancer b1 could
    then approach the Black King d1."""
    st = GAME.initial_state()
    assert st.part_options(2, "c1") == []
    assert "Centaur c1 - a4" in st.game.state_from(
        {k: v for k, v in data.SETUP.items() if k != "b1"}).part_options(2, "c1")


def test_attack_created_by_opponent_tolerated():
    """A7: an attack the opponent created (his King walked next to our Guard) does not stop our
    other moves; the Guard may not attack from a new cell.  ``strict_no_attack`` forbids every
    move that leaves the attack in place."""
    pos = {"e5": (W, "Guard"), "e6": (B, "King"), "a2": (W, "Pawn")}
    st = state(pos)
    assert "Pawn a2 - a3" in opts(st, "a2")
    guard = opts(st, "e5")
    assert guard == {"Guard e5 - d4", "Guard e5 - e4", "Guard e5 - f4"}
    strict = state(pos, strict_no_attack=True)
    assert opts(strict, "a2") == set()
    assert opts(strict, "e5") == guard


def test_royals_and_centaurs_do_not_attack():
    """"Royal pieces can't attack or capture Royal pieces"; A7: a Centaur never counts as
    attacking (it cannot capture an uncapturable neighbour)."""
    st = state({"e4": (W, "King"), "e6": (B, "King"), "c5": (W, "Centaur")})
    assert "King e4 - e5" in opts(st, "e4", part=1)
    assert "Centaur c5 - d5" in opts(st, "c5")


def test_rotation_may_not_create_attack():
    """A6/A7: a rotation is a move too; it may not bring our Pawn diagonally next to the enemy
    King."""
    st = state({"e5": (W, "Rotor"), "e6": (W, "Pawn"), "g7": (B, "King")})
    rot = {m.split(" Pawn")[0] for m in opts(st, "e5", part=1) if "rotate" in m}
    # k=1 puts the Pawn on f6, diagonal to g7: refused
    assert rot == {f"Rotor e5 rotate {k}" for k in (2, 3, 4, 5, 6, 7)}


def test_attack_identity_follows_the_piece_through_a_rotation():
    """Issue 21, A7: an existing attack is "the same attacker on the same cell against the
    same royal on the same cell".  White | Rotor e4, Hoppers e5 f3, King a1, Dame b1;
    Black Dame e6, King i9, Pawn a9.  The Hopper e5 attacks the Dame e6 (landing e7 empty),
    an attack Black created.  ``Rotor e4 rotate 5`` moves e5 -> d3 and f3 -> e5: another
    Hopper now attacks from e5, a new attack, so that rotation is illegal.  The rules give
    1,025 turns; counting the same-type arrival as the old attack gave 1,059 (34 turns with
    that rotation as part 1)."""
    st = state({"e4": (W, "Rotor"), "e5": (W, "Hopper"), "f3": (W, "Hopper"), "e6": (B, "Dame"),
                "a1": (W, "King"), "b1": (W, "Dame"), "i9": (B, "King"), "a9": (B, "Pawn")})
    turns = st.legal_moves()
    assert len(turns) == 1025
    assert not any(m.parts[0].startswith("Rotor e4 rotate 5") for m in turns)
    assert "Rotor e4 rotate 5 Hopper e5 - d3 Hopper f3 - e5" not in opts(st, "e4", part=1)


def test_attack_identity_guards_rotated_onto_each_others_cells():
    """Two White Guards d5 and f5 both attack the Black Dame e6 (attacks Black created).  The
    Rotor e4's ring, clockwise from e5: e5 f5 f4 f3 e3 d3 d4 d5 - Guards at places 1 and 7.
    Rotating by k puts them at 1+k and 7+k: k=1 {e5, f4}, k=7 {e5, d4} attack from e5, new;
    k=2 puts the d5 Guard on f5 and k=6 the f5 Guard on d5 - the same cells as before but
    other pieces, so new attacks too; k=3 {f4, e3}, k=4 {f3, d3}, k=5 {d4, e3} attack
    nothing.  Legal rotations: k = 3, 4, 5."""
    st = state({"e4": (W, "Rotor"), "d5": (W, "Guard"), "f5": (W, "Guard"), "e6": (B, "Dame"),
                "a1": (W, "King"), "b1": (W, "Dame"), "i9": (B, "King")})
    rot = {m.split(" Guard")[0] for m in opts(st, "e4", part=1) if "rotate" in m}
    assert rot == {"Rotor e4 rotate 3", "Rotor e4 rotate 4", "Rotor e4 rotate 5"}


def test_attack_identity_follows_the_piece_through_a_sacrifice():
    """A Hopper landing on a friendly Hopper (sacrifice) is another piece on that cell.
    White Hoppers d3 and d5, King a1, Dame b1; Black Dame e5, Pawn d4, King i9.  The Hopper
    d5 attacks e5 (landing f5 empty).  The Hopper d3's options, by hand: row 3 a3 b3 c3 e3
    f3 g3 h3 i3 (8), d2 (1), CH to row 6 (9), the jump over d4 onto d5 sacrificing the
    Hopper there (1) = 19 candidates.  Refused: CH d6 and e6 (new attacks on e5: landing
    f4 / e4 empty), and the jump - the Hopper now on d5 attacks e5, a new attack though the
    old one had the same cell, type and owner.  f6 stays legal: its landing d4 holds a
    Black Pawn.  19 - 3 = 16."""
    st = state({"a1": (W, "King"), "b1": (W, "Dame"), "d3": (W, "Hopper"), "d5": (W, "Hopper"),
                "e5": (B, "Dame"), "i9": (B, "King"), "d4": (B, "Pawn")})
    got = opts(st, "d3")
    assert got == ({f"Hopper d3 - {f}3" for f in "abcefghi"} | {"Hopper d3 - d2"}
                   | ch_moves("Hopper", "d3", (6,), skip=("d6", "e6")))
    assert len(got) == 16


def test_reduced_attacker_option():
    """Decision D3: a reduced piece attacks only along its Reducer line (it could only capture
    there); ``reduction_limits_attacks=False`` counts its diagonal reach too."""
    pos = {"e5": (W, "Guard"), "e8": (B, "Reducer"), "d7": (B, "King")}
    assert "Guard e5 - e6" in opts(state(pos), "e5")
    assert "Guard e5 - e6" not in opts(state(pos, reduction_limits_attacks=False), "e5")


def test_hopper_sacrifice_option():
    """A10 option: ``hopper_sacrifice=False`` forbids landing on a friendly piece."""
    pos = {"e5": (W, "Hopper"), "e4": (B, "Pawn"), "e3": (W, "Pawn")}
    assert "Hopper e5 x e3 x e4" in opts(state(pos), "e5")
    assert not any(" x " in m for m in opts(state(pos, hopper_sacrifice=False), "e5"))


# ------------------------------------------------------------------ end of game

def test_win_king_and_dame_meet():
    """"Win condition: the King and Dame are on adjacent squares in the Encounter Zone." (A4:
    diagonal adjacency counts; the turn ends at once, A5)"""
    st = state({"d4": (W, "King"), "f5": (W, "Dame"), "a2": (W, "Pawn"), "i9": (B, "King")})
    moves = {m.notation: m for m in st.legal_moves()}
    assert "Dame f5 - e5" in moves
    end = st.apply(moves["Dame f5 - e5"])
    assert end.outcome() is not None and end.outcome().winners == (W,)
    assert end.outcome().rule == WIN_RULE and end.legal_moves() == []
    assert not any(n.startswith("Dame f5 - e5;") for n in moves)


def test_no_win_outside_zone_or_diagonal_option():
    """A4: both royals must be inside d4-f6; with ``diagonal_meeting=False`` only orthogonal
    adjacency wins."""
    assert state({"c4": (W, "King"), "d4": (W, "Dame"), "i9": (B, "King")}).outcome() is None
    diag = {"d4": (W, "King"), "e5": (W, "Dame"), "i9": (B, "King")}
    assert state(diag, B).outcome().winners == (W,)
    assert state(diag, B, diagonal_meeting=False).outcome() is None
    assert state({"d4": (W, "King"), "d5": (W, "Dame")}, B, diagonal_meeting=False).outcome()


def test_no_legal_turn_is_draw():
    """A15: a player with no legal turn: draw (Zillions default)."""
    st = state({"e5": (W, "Pawn"), "e8": (B, "Reducer"), "a5": (B, "Reducer")})
    assert st.legal_moves() == []
    assert st.outcome().draw and st.outcome().rule == NO_TURN_RULE


# ------------------------------------------------------------------ contract, notation, perft

def test_apply_is_pure_and_notation_unique():
    """Engine contract: apply leaves the state intact; every legal move has its own notation."""
    st = GAME.initial_state()
    sig = st.signature()
    moves = st.legal_moves()
    assert len({m.notation for m in moves}) == len(moves)
    nxt = st.apply(moves[0])
    assert st.signature() == sig and nxt.current_player == B
    rng = random.Random(7)
    for _ in range(6):
        moves = st.legal_moves()
        assert len({m.notation for m in moves}) == len(moves)
        st = st.apply(rng.choice(moves))


def test_find_move_short_form():
    """Notation: a two-part turn typed as "from - to; from - to"."""
    st = GAME.initial_state()
    m = find_move(st, "d9 - d8; b2 - b3")
    assert m.notation == "King d9 x d8; Pawn b2 - b3"


def test_perft_1_by_hand():
    """perft(1) = 839, counted by hand from the setup.

    Part 1 (13 options): Rotor e1 CH to any of the 9 cells of row 4 (O/H blocked, on the edge so
    no rotation); King d9 x c9, King d9 x d8, Dame f9 x g9, Dame f9 x f8 (e9 is a Rotor).
    Part 2: Pawns b2 d2 f2 h2 one step up each (4); Guards a2 -> a3 b3, i2 -> i3 h3 (4); Hoppers
    c2, g2: one step up + 9 CH to row 5 (20); Advancers b1 h1 and Withdrawers a1 i1: CH to the
    empty cells of row 4 only; Centaurs c1 g1 pinned (leaving would let Advancer b1/h1 approach
    the Black King d1 / Dame f1); Reducer e2 reduced by e8 on the e-file: e3, e5 (+ e1 once the
    Rotor has left).
    After a Rotor move to row 4 except e4: 4+4+20+3 + 4*8 = 63 (x8); Rotor e4: the Rotor now
    shields e2, so the Reducer gets e1, e3 and all of row 5: 4+4+20+11+32 = 71; after a royal
    capture: 4+4+20+2+4*9 = 66 (x4).  Total 8*63 + 71 + 4*66 = 839.
    """
    st = GAME.initial_state()
    assert perft(st, 1) == 839
    counts: dict[str, int] = {}
    for m in st.legal_moves():
        counts[m.parts[0]] = counts.get(m.parts[0], 0) + 1
    assert counts["Rotor e1 - e4"] == 71
    assert all(counts[f"Rotor e1 - {f}4"] == 63 for f in "abcdfghi")
    assert all(counts[k] == 66 for k in ("King d9 x c9", "King d9 x d8", "Dame f9 x g9",
                                         "Dame f9 x f8"))


def test_perft_2_small_position():
    """perft(2) of a hand-made position, derived by hand: White King a1 alone against Black King
    i9 alone.  White: a2, b1 (2).  Black then: h9, i8 (2 each) -> perft(2) = 4."""
    st = state({"a1": (W, "King"), "i9": (B, "King")})
    assert perft(st, 1) == 2 and perft(st, 2) == 4


@pytest.mark.slow
def test_perft_2_regression():
    """perft(2) = 804890 from the start: produced by THIS engine (regression value, not an
    independent count); see docs/variants/alpha_centauri.md for the command.  At CI size
    (ZRF_SLOW_SCALE below 1) perft(1) = 839, the hand count above."""
    depth, expected = (2, 804890) if full_scale() else (1, 839)
    assert perft(GAME.initial_state(), depth) == expected


# ------------------------------------------------------------------ playouts

UNCAPTURABLE_CODES = tuple(t | (o << 4) for o in (0, 1) for t in (7, 9, 10))  # Rotor, King, Dame
PLY_LIMIT = 40


def _check_successors(st, moves) -> None:
    """Every legal move applies to a consistent state: the other side to move, no piece
    created, no Rotor/King/Dame removed, the parent untouched."""
    b0 = list(st.board_codes)
    empties = b0.count(0)
    uncap = [b0.count(c) for c in UNCAPTURABLE_CODES]
    for m in moves:
        after = st.apply(m)
        b1 = after.board_codes
        assert after.to_move != st.to_move and len(m.parts) in (1, 2), m.notation
        assert b1.count(0) >= empties, m.notation
        if len(b1) - b1.count(0) != len(b0) - empties:  # something was captured
            assert [b1.count(c) for c in UNCAPTURABLE_CODES] == uncap, m.notation
    assert st.board_codes == b0


@pytest.mark.slow
def test_random_playouts():
    """500 seeded random games (scaled), 40 plies each (a ply is a whole two-part turn): no
    exception, every game ends by a rule of the game or the ply limit, and every legal move of
    every visited position applies to a consistent state.  The loop is that of
    runtime.verify.playout.random_playout (same seeds, same choices), with the successor check added."""
    n = scaled(500)
    rules = {WIN_RULE, NO_TURN_RULE}
    for seed in range(n):
        rng = random.Random(seed)
        st = GAME.initial_state()
        for _ in range(PLY_LIMIT):
            if st.outcome() is not None:
                break
            moves = st.legal_moves()
            assert moves, f"seed {seed}: no legal moves but no outcome"
            _check_successors(st, moves)
            st = st.apply(rng.choice(moves))
        out = st.outcome()
        assert out is None or out.rule in rules
    # the shared playout helper agrees with the loop above on the first seed
    result = random_playout(GAME.initial_state(), 0, max_plies=PLY_LIMIT)
    assert result.reason in rules | {"ply limit"}


# ------------------------------------------------------------------ random positions

UNCAPTURABLE = frozenset(TYPE_OF_NAME[t] for t in data.UNCAPTURABLE)
CAPTURABLE_TYPES = ("Pawn", "Guard", "Hopper", "Centaur", "Advancer", "Withdrawer", "Reducer")
NEAR = {c: frozenset(d for d in data.CELLS
                     if abs(ord(d[0]) - ord(c[0])) <= 2 and abs(int(d[1:]) - int(c[1:])) <= 3)
        for c in data.CELLS}
"""Cells within two files and three rows of each cell (Hopper column jumps reach three)."""


def random_position(rng) -> tuple[dict, str]:
    """A random position and side to move: each side's King, Dame, at most one Rotor and
    3..14 capturable pieces, half of them drawn near the royals (so that attacks, rotations
    and sacrifices next to royals are frequent)."""
    free = list(data.CELLS)
    rng.shuffle(free)
    out = {}
    for player in (W, B):
        for ptype in ("King", "Dame") + (("Rotor",) if rng.random() < 0.7 else ()):
            out[free.pop()] = (player, ptype)
    around = frozenset().union(*(NEAR[c] for c, (_, t) in out.items() if t in data.ROYAL))
    for player in (W, B):
        for _ in range(rng.randint(3, 14)):
            near = [c for c in free if c in around]
            cell = rng.choice(near if near and rng.random() < 0.5 else free)
            free.remove(cell)
            out[cell] = (player, rng.choice(CAPTURABLE_TYPES))
    return out, rng.choice((W, B))


def _movements(notation: str) -> tuple[list, list]:
    """The ``(from, to)`` movements and the removed cells a part's notation states.

    Written from the notation grammar alone (``Type a - b``, ``Type a x b``, trailing
    ``x c`` captures, ``Rotor s rotate k`` followed by every rotated piece's ``Type a - b``),
    independently of the engine's change lists.
    """
    words = notation.split()
    if len(words) > 3 and words[2] == "rotate":
        rest = words[4:]
        return [(rest[i + 1], rest[i + 3]) for i in range(0, len(rest), 4)], []
    removed = [words[3]] if words[2] == "x" else []
    removed += [words[i + 1] for i in range(4, len(words), 2) if words[i] == "x"]
    return [(words[1], words[3])], removed


def _apply_by_notation(board: dict, notation: str) -> tuple[dict, dict]:
    """``(board after, identity after)``: the identity of a piece is the cell it stood on
    before the part, carried along its movement; a piece landing by replacement or on a
    sacrificed friend removes the one that stood there."""
    moved, removed = _movements(notation)
    ident = {c: c for c in board}
    after = dict(board)
    new_ident = dict(ident)
    for src, _ in moved:
        del after[src]
        del new_ident[src]
    for c in removed:
        after.pop(c, None)
        new_ident.pop(c, None)
    for src, dst in moved:
        after[dst] = board[src]
        new_ident[dst] = ident[src]
    return after, new_ident


def _codes(board: dict) -> list:
    out = [0] * 81
    for cell, (player, ptype) in board.items():
        out[INDEX[cell]] = code(data.PLAYERS.index(player), TYPE_OF_NAME[ptype])
    return out


def _lawful(before: set, board: dict, me: int, notation: str) -> bool:
    """Does the part leave only attacks that existed before it (``before``: ``(identity,
    attacker cell, royal cell)`` triples), the same piece on the same cell against the same
    royal on the same cell?"""
    after_board, ident = _apply_by_notation(board, notation)
    after = {(INDEX[ident[NAMES[a[0]]]], a[0], a[2])
             for a in attacks(_codes(after_board), me, GAME.rules)}
    return after <= before


@pytest.mark.slow
def test_no_legal_part_leaves_a_new_attack():
    """Issue 21 property, over random positions (not only positions reached from the start;
    N = 100,000 scaled): for both parts, the engine's legal part moves are exactly the
    candidates (piece moves the Reducer allows, and rotations) after which every attack on
    an enemy royal is one that existed before - the same piece, followed through its
    movement as the notation states it (rotations, sacrifices), on the same cell, against
    the same royal on the same cell.  Part 2 is also generated through the engine's attack
    cache, shared by all positions, as turns do."""
    rng = random.Random(21)
    caches: dict = {0: {}, 1: {}}
    rules = GAME.rules
    parts_seen = 0
    checked = 0
    while checked < scaled(100_000):
        position, to_move = random_position(rng)
        st = GAME.state_from(position, to_move)
        me = st.to_move
        b = st.board_codes
        if royals_meet(b, 0, rules) or royals_meet(b, 1, rules):
            continue  # the game is over: no part to make
        checked += 1
        cons = reductions(b, me)
        before = {(a[0], a[0], a[2]) for a in attacks(b, me, rules)}
        for part in (1, 2):
            mine = [s for s in range(81) if b[s] and b[s] >> 4 == me
                    and ((b[s] & 15) in UNCAPTURABLE) == (part == 1)]
            candidates = {m[0] for s in mine for m in allowed_candidates(b, s, me, rules, cons)}
            lawful = {n for n in candidates if _lawful(before, position, me, n)}
            assert {n for n, _ in part_moves(b, me, part, rules)} == lawful, (to_move, position)
            if part == 2:
                cached = part_moves(b, me, part, rules, cache=caches[me])
                assert {n for n, _ in cached} == lawful
            parts_seen += len(lawful)
    assert parts_seen > scaled(100_000)


NULL_TURN_POSITION = {"e4": (W, "Rotor"), "e5": (W, "Pawn"), "a1": (W, "King"), "b1": (W, "Dame"),
                      "i9": (B, "King"), "g9": (B, "Dame")}


def test_no_turn_puts_the_board_back_as_it_was():
    """Decision D14: a rotation that carries one piece round, then that piece moved back, leaves
    every cell as it was: a pass, which the game does not have.  Found by the full-size
    cross-check (327 positions disagreed before: the ZRF runtime already refused such turns).
    The Rotor e4's ring holds only the Pawn e5, so every rotation moves the Pawn alone and one
    of its part-2 steps (orthogonal, one cell) leads back to e5 from the four orthogonal cells."""
    s = state(NULL_TURN_POSITION, W)
    turns = s.legal_moves()
    for m in turns:
        assert s.apply(m).board_codes != s.board_codes, m.notation
    # not vacuous: rotations whose part 2 moves the rotated Pawn exist, just not back to e5
    rotated_then_moved = [m for m in turns if len(m.parts) == 2 and "rotate" in m.parts[0]
                          and m.parts[1].startswith("Pawn ")
                          and m.parts[0].split()[-1] == m.parts[1].split()[1]]
    assert rotated_then_moved
    assert not any(m.parts[1].endswith(" e5") for m in rotated_then_moved)


def test_a_childs_signature_built_from_its_parents_is_its_whole_board():
    """A position applied from one whose signature is made builds its own from the parent's
    (the cells the turn wrote swapped); it must list exactly the pieces on its board, read
    here cell by cell from ``board_codes``: every child of every position of two seeded
    random games of 12 turns."""
    from runtime.core.protocol import Signature

    def whole(st) -> Signature:
        pieces = frozenset((NAMES[i], GAME.players[x >> 4], data.PIECE_TYPES[(x & 15) - 1])
                           for i, x in enumerate(st.board_codes) if x)
        return Signature(GAME.players[st.to_move], pieces)

    rng = random.Random(3)
    children = 0
    for _ in range(2):
        st = GAME.initial_state()
        st.signature()
        for _ in range(12):
            moves = st.legal_moves()
            if not moves:
                break
            for move in moves:
                child = st.apply(move)
                assert child.signature() == whole(child), move.notation
                children += 1
            st = st.apply(rng.choice(moves))
            st.signature()
    assert children > 1000
