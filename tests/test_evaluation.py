"""Learned knowledge and the goal-aware evaluator.

Distances and values are checked against hand counts written in each test,
on knowledge built by hand (so the evaluator is tested apart from learning)
or learned from the game (where the point is what learning finds).
"""

from __future__ import annotations

import random

import pytest

from runtime.core.goalinfo import AllOf, AnyOf, Occupant, PiecesRemaining, Placement, Slot, Unscored
from runtime.players.evaluation import Evaluator, _measurable, _View
from runtime.loading.opening import open_game
from runtime.players.knowledge import (GameKnowledge, Geometry, learn, move_movements,
                               player_mirror)
from runtime.core.protocol import Move

from .conftest import ROOT, scaled

CHESS = str(ROOT / "tests" / "games" / "chess.zrf")

ORTHOGONAL = {(4, 0), (-4, 0), (0, 4), (0, -4)}
"""One orthogonal step, in the quarter-cell units of :class:`Geometry`."""


def _royal_steps_only(game) -> GameKnowledge:
    """Knowledge by hand: every piece of both sides steps one cell orthogonally; all values 1."""
    vectors = {(p, t): set(ORTHOGONAL) for p in game.players for t in game.piece_types}
    return GameKnowledge({t: 1.0 for t in game.piece_types}, {}, vectors, Geometry.of(game))


def _chess_moves() -> dict[str, Move]:
    """The legal moves of a chess position (tests/games/chess.zrf) where White may castle,
    take en passant (after 1. a3 d5) and promote, by notation."""
    game = open_game(CHESS)
    state = game.edited_state([(None, None, c) for c in game.positions] + [
        ("White", "King", "e1"), ("White", "Rook", "h1"), ("White", "Pawn", "e5"),
        ("White", "Pawn", "b7"), ("White", "Pawn", "a2"), ("Black", "King", "f8"),
        ("Black", "Pawn", "d7"), ("Black", "Knight", "c8")])
    for text in ("Pawn a2 - a3", "Pawn d7 - d5"):
        state = state.apply(next(m for m in state.legal_moves() if m.notation == text))
    return {m.notation: m for m in state.legal_moves()}


@pytest.mark.parametrize("notation, legs", [
    ("Pawn e5 - e6", [("Pawn", "e5", "e6")]),
    ("Pawn e5 - d6 x d5", [("Pawn", "e5", "d6")]),  # en passant: x d5 is a capture, not a leg
    ("King e1 - g1 Rook h1 - f1 @ g1 0 0 @ f1 0 0", [("King", "e1", "g1"), ("Rook", "h1", "f1")]),
    ("Pawn b7 x c8 = Queen", [("Pawn", "b7", "c8")]),
])
def test_move_movements_come_from_the_data(notation, legs):
    assert move_movements(_chess_moves()[notation]) == legs


def test_moves_that_change_material_say_so():
    moves = _chess_moves()
    for text in ("Pawn e5 - d6 x d5", "Pawn b7 - b8 = Knight", "Pawn b7 x c8 = Queen"):
        assert moves[text].changes_material(), text
    for text in ("Pawn e5 - e6", "King e1 - g1 Rook h1 - f1 @ g1 0 0 @ f1 0 0"):
        assert not moves[text].changes_material(), text  # an attribute change is no material change
    assert Move.single("Pawn e2 - e4").changes_material()  # no data: a search must look


def test_alpha_centauri_values_differ_by_piece():
    """Issue 16: every capturable type had the same value, because only a turn's first part was read.

    Alpha Centauri's first part always moves a King, Dame or Rotor, so the
    capturable pieces were never seen moving.  A Hopper (O, H, CH and jumps)
    moves far more than a Pawn (O, H); a Guard (one step) least.
    """
    knowledge = learn(open_game("alpha-centauri"), 60)
    v = knowledge.values
    capturable = ("Pawn", "Guard", "Hopper", "Centaur", "Advancer", "Withdrawer", "Reducer")
    assert len({round(v[t], 1) for t in capturable}) == len(capturable)
    assert v["Hopper"] > 2 * v["Pawn"] and v["Guard"] < v["Pawn"]


def test_chess_values_order_the_pieces_as_chess_players_do():
    """Mobility over random positions ranks Pawn < Knight, Bishop < Rook < Queen (learned, seed 0)."""
    v = learn(open_game(CHESS)).values
    assert v["Pawn"] < min(v["Knight"], v["Bishop"]) <= max(v["Knight"], v["Bishop"]) < v["Rook"] < v["Queen"]
    assert learn(open_game(CHESS)).marked_captures


def test_learned_steps_give_empty_board_distances():
    """A knight from a1 needs 6 moves to h8 and 0 to a1; a chess king from e1 needs 7 moves to e8."""
    game = open_game(CHESS)
    k = learn(game, positions=200)
    assert k.distances("White", "Knight", frozenset(["h8"]))["a1"] == 6
    assert k.distances("White", "King", frozenset(["e8"]))["e1"] == 7
    assert k.reach("White", "Knight", "a1") == 2 and k.reach("White", "Knight", "d4") == 8


def test_grid_neighbours():
    geometry = Geometry.of(open_game("alpha-centauri"))
    assert sorted(geometry.neighbours("a1")) == ["a2", "b1", "b2"]
    assert len(geometry.neighbours("e5")) == 8


def test_meeting_distance_counts_royal_steps():
    """King d7, Dame f7: the nearest meeting needs 3 orthogonal steps (d7-d6, f7-f6-e6; counted by hand)."""
    game = open_game("alpha-centauri")
    ev = Evaluator(game, _royal_steps_only(game))
    state = game.state_from({"d7": ("White", "King"), "f7": ("White", "Dame"),
                             "a1": ("Black", "King"), "i1": ("Black", "Dame")}, "White")
    (goal,) = ev.scored_goals
    view = _View(sorted(state.signature().board))
    assert ev._distance(goal.condition, view, "White") == 3
    # Black's King a1 and Dame i1: a1-e4 is 7 steps, i1-f4 is 6 (the closest pair): 13
    assert ev._distance(goal.condition, view, "Black") == 13


def test_goal_progress_raises_the_value():
    """Each step of a royal towards the meeting is worth more to its owner."""
    game = open_game("alpha-centauri")
    ev = Evaluator(game, _royal_steps_only(game))
    base = {"a1": ("Black", "King"), "i1": ("Black", "Dame"), "f7": ("White", "Dame")}
    values = [ev.evaluate(game.state_from({**base, cell: ("White", "King")}, "Black"), "White")
              for cell in ("d9", "d8", "d7")]
    assert values[0] < values[1] < values[2]


def test_a_slot_held_by_another_piece_costs_a_move_more():
    """Canopus: White wins with two pieces on d8+e8 or e8+f8; an enemy piece on the goal must be cleared."""
    game = open_game("canopus")
    ev = Evaluator(game, _royal_steps_only(game))
    free = game.state_from({"d7": ("White", "Soldier"), "e7": ("White", "Soldier"),
                            "a1": ("Black", "King"), "i1": ("White", "King")}, "White")
    held = game.state_from({"d7": ("White", "Soldier"), "e7": ("White", "Soldier"), "d8": ("Black", "Soldier"),
                            "e8": ("Black", "Soldier"), "f8": ("Black", "Soldier"),
                            "a1": ("Black", "King"), "i1": ("White", "King")}, "White")
    goal = next(g for g in ev.scored_goals if g.result == "win" and g.players == ("White",))
    assert ev._distance(goal.condition, _View(sorted(free.signature().board)), "White") == 2
    assert ev._distance(goal.condition, _View(sorted(held.signature().board)), "White") == 4


def test_pieces_remaining_distance():
    """Canopus loses at two pieces: with five left, three more captures end it."""
    game = open_game("canopus")
    ev = Evaluator(game, _royal_steps_only(game))
    state = game.state_from({c: ("White", "Soldier") for c in ("a3", "b3", "c3", "d3")} | {"e1": ("White", "King"),
                            "e8": ("Black", "King"), "a7": ("Black", "Soldier")}, "White")
    goal = next(g for g in ev.scored_goals if g.result == "loss")
    view = _View(sorted(state.signature().board))
    assert ev._distance(goal.condition, view, "White") == 3
    assert ev._distance(goal.condition, view, "Black") == 0


@pytest.mark.parametrize("spec, factors", [(CHESS, (1, -1)), ("canopus", (-1, -1)), ("alpha-centauri", (1, -1))])
def test_symmetric_start_positions_evaluate_to_zero(spec, factors):
    """Chess armies mirror top to bottom, Canopus's turn half round, Alpha Centauri's (royals
    included) mirror top to bottom; with the learned steps shared through that symmetry, the start
    position is worth exactly as much to either side."""
    game = open_game(spec)
    assert player_mirror(game, Geometry.of(game)).factors == factors
    knowledge = learn(game, 60)
    assert Evaluator(game, knowledge).evaluate(game.initial_state(), game.players[0]) == pytest.approx(0.0)


def test_material_counts_board_and_stores():
    game = open_game(CHESS)
    ev = Evaluator(game, _royal_steps_only(game))
    from runtime.core.notation import play_moves
    state = play_moves(game.initial_state(), ["e2 - e4", "d7 - d5", "e4 x d5"])
    assert ev.material(state, "White") == 1.0 and ev.material(state, "Black") == -1.0


_VALUES_SCRIPT = """
import random
from runtime.players.evaluation import Evaluator
from runtime.loading.opening import open_game
from runtime.players.knowledge import learn
game = open_game({path!r})
evaluator = Evaluator(game, learn(game))
rng = random.Random(3)
state = game.initial_state()
for _ in range(60):
    print(repr(evaluator.value_of(state.signature(), game.players[0])))
    state = state.apply(rng.choice(state.legal_moves()))
"""


def test_values_do_not_depend_on_the_string_hash_seed():
    """A signature is a set, so pieces and learned values come in an order that follows Python's
    string hashes; the values (to the last bit) must not, or a search under a node budget
    would not repeat on another run.  Xiangqi's differed in the last bit before the scale was
    summed with math.fsum."""
    import os
    import subprocess
    import sys

    script = _VALUES_SCRIPT.format(path=str(ROOT / "tests" / "games" / "xiangqi.zrf"))
    outputs = []
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed, PYTHONPATH=str(ROOT))
        done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True,
                              timeout=300, cwd=ROOT)
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]
    assert len(outputs[0].split()) == 60


def test_chess_promotion_zone_is_learned_as_the_last_rank():
    """Random play sees a few promotions (Black's on a1, b1, c1 with seed 0); the zone is widened to
    the whole row and mirrored for White, and every promotion choice of the chess ZRF is seen."""
    knowledge = learn(open_game(CHESS))
    rank = {p: frozenset(f"{f}{r}" for f in "abcdefgh") for p, r in (("White", 8), ("Black", 1))}
    for player in ("White", "Black"):
        zone, becomes = knowledge.promotions[(player, "Pawn")]
        assert zone == rank[player]
        assert becomes == {"Queen", "Rook", "Bishop", "Knight"}
    assert set(knowledge.promotions) == {("White", "Pawn"), ("Black", "Pawn")}


def test_a_pawn_is_worth_more_the_nearer_it_is_to_promoting():
    """promotion * (Queen - Pawn) / (1 + rows to go)**2: on e7 a quarter of the gain, on e6 a ninth."""
    game = open_game(CHESS)
    knowledge = learn(game)
    ev = Evaluator(game, knowledge)
    gain = knowledge.values["Queen"] - knowledge.values["Pawn"]
    assert ev._promotion_bonus("White", "Pawn", "e7") == pytest.approx(ev.weights.promotion * gain / 4)
    assert ev._promotion_bonus("White", "Pawn", "e6") == pytest.approx(ev.weights.promotion * gain / 9)
    assert ev._promotion_bonus("Black", "Pawn", "e2") == pytest.approx(ev.weights.promotion * gain / 4)
    assert ev._promotion_bonus("White", "Knight", "e7") == 0.0  # a knight never promotes
    empty = [(None, None, c) for c in game.positions]
    kings = [("White", "King", "a1"), ("Black", "King", "h8")]
    values = [ev.evaluate(game.edited_state(empty + kings + [("White", "Pawn", cell)]), "White")
              for cell in ("c3", "c4", "c5", "c6", "c7")]
    assert values == sorted(values) and len(set(values)) == 5


def test_a_royal_piece_counts_its_activity_only_as_the_board_empties():
    """A chess king on e1 reaches 5 cells on an empty board, on e3 8: with every other piece of the
    start position on the board that counts nothing, with the kings and one pawn left it counts
    almost fully (royal_activity 0.3 of the King's value times 8/mean - 5/mean, less the pawn's
    share of the start material)."""
    game = open_game(CHESS)
    knowledge = learn(game)
    ev = Evaluator(game, knowledge)
    start = sorted(game.initial_state().signature().board)
    moved = [("e3", "White", "King") if p == ("e1", "White", "King") else p for p in start]
    assert ev._activity(sorted(moved), "White") == ev._activity(start, "White") == 0.0
    bare = [("a2", "White", "Pawn"), ("h8", "Black", "King")]
    gain = ev._activity(sorted(bare + [("e3", "White", "King")]), "White") - ev._activity(
        sorted(bare + [("e1", "White", "King")]), "White")
    v = knowledge.values
    start_material = 16 * v["Pawn"] + 4 * (v["Knight"] + v["Bishop"] + v["Rook"]) + 2 * v["Queen"]
    endgame = 1 - v["Pawn"] / start_material
    mean = ev._mean_reach[("White", "King")]
    assert gain == pytest.approx(ev.weights.royal_activity * v["King"] * (8 - 5) / mean * endgame, rel=1e-3)


def test_a_promotion_by_capture_is_not_a_promotion_zone():
    """Canopus (docs/variants rules): a Soldier promotes on the last rank, and also by capturing a
    friendly piece anywhere.  Only the first makes a zone: rank 8 for White, rank 1 for Black."""
    knowledge = learn(open_game("canopus"))
    for player, rank in (("White", 8), ("Black", 1)):
        zone, becomes = knowledge.promotions[(player, "Soldier")]
        assert zone == frozenset(f"{f}{rank}" for f in "abcdefghi")
        assert becomes == {"Mage-Apprentice", "P32"}


def test_cells_between_two_cells_on_the_drawn_board():
    """Counted by hand on the chess board: a rook's a1-a4 passes over a2 and a3, a bishop's a1-h8
    over b2 to g7; a knight's leap and a one-cell step pass over nothing."""
    geometry = Geometry.of(open_game(CHESS))
    assert geometry.between("a1", "a4") == ("a2", "a3")
    assert geometry.between("h8", "a1") == ("g7", "f6", "e5", "d4", "c3", "b2")
    assert geometry.between("b1", "c3") == () and geometry.between("e1", "e2") == ()


def test_learned_lines_block_slides_and_keep_pawn_captures_apart():
    """Chess (learned, seed 0): a pawn's forward steps never capture and its diagonals only do;
    its double step is blocked by the cell it passes; nothing in chess jumps over a piece
    (the knight's leap passes over no cell of its line)."""
    k = learn(open_game(CHESS))
    assert k.lines("White", "Pawn", "e2") == (("d3", (), "capture"), ("e3", (), "quiet"),
                                              ("e4", ("e3",), "quiet"), ("f3", (), "capture"))
    assert not any(k.jumps.get(key) for key in k.jumps)
    rook = {target: over for target, over, _ in k.lines("White", "Rook", "a1")}
    assert rook["a4"] == ("a2", "a3") and rook["d1"] == ("b1", "c1") and len(rook) == 14


def test_a_xiangqi_cannon_is_seen_jumping():
    """Xiangqi (tests/games/xiangqi.zrf): the Cannon takes by jumping over one piece, so random
    play sees it pass over occupied cells; the Chariot, which slides, never does."""
    k = learn(open_game(str(ROOT / "tests" / "games" / "xiangqi.zrf")))
    for player in ("White", "Black"):
        assert k.jumps.get((player, "Cannon")), player
        assert not k.jumps.get((player, "Chariot")), player


def test_mobility_counts_what_a_piece_reaches_on_the_board():
    """White's c1 bishop behind pawns b2 and d2 reaches nothing; after d2-d3 it reaches d2, e3, f4,
    g5 and h6 (counted by hand).  The pawn reaches two cells on d2 (d3, d4) and two on d3 (d4 and,
    by the learned double-step vector, d5), and the king's reach is not counted (royal), so the
    term rises by exactly five steps' weight."""
    game = open_game(CHESS)
    ev = Evaluator(game, learn(game))
    before = [("e1", "White", "King"), ("c1", "White", "Bishop"), ("b2", "White", "Pawn"),
              ("d2", "White", "Pawn"), ("e8", "Black", "King")]
    after = [("d3", "White", "Pawn") if p == ("d2", "White", "Pawn") else p for p in before]
    gain = ev._mobility(sorted(after), "White")[0] - ev._mobility(sorted(before), "White")[0]
    assert gain == pytest.approx(ev.weights.mobility * 5)


def test_a_royal_piece_is_pressed_only_through_open_lines():
    """Black's rook on e8 presses the white king e1's cells e2 (and e1 itself) along an open file;
    with a white pawn on e2 in between it presses nothing."""
    game = open_game(CHESS)
    ev = Evaluator(game, learn(game))
    pieces = [("e1", "White", "King"), ("e8", "Black", "Rook"), ("a8", "Black", "King")]
    blocked = pieces + [("e2", "White", "Pawn")]
    _, open_attacks = ev._mobility(sorted(pieces), "White")
    _, shut_attacks = ev._mobility(sorted(blocked), "White")
    bit = ev._bits
    assert open_attacks["Black"] & bit["e1"] and open_attacks["Black"] & bit["e2"]
    assert not shut_attacks["Black"] & bit["e1"] and shut_attacks["Black"] & bit["e2"]


def test_a_goal_keeps_only_the_parts_that_can_give_a_distance():
    """By hand: in an ``or``, an alternative that is a conjunction with an unscored part can never
    give a distance and is dropped (one alternative left stands alone); a conjunction with an
    unscored part gives none; a condition of measurable parts is kept whole."""
    count = PiecesRemaining(2)
    place = Placement((Slot(frozenset({"d4"}), (Occupant("King"),)),))
    unscored = Unscored("(not (captured King))")
    assert _measurable(AnyOf((AllOf((count, unscored)), place))) == place
    assert _measurable(AllOf((AnyOf((count, place)), unscored))) is None
    assert _measurable(unscored) is None
    assert _measurable(AnyOf((count, place))) == AnyOf((count, place))
    assert _measurable(AllOf((count, AnyOf((place, unscored))))) == AllOf((count, place))


def test_the_canopus_zrf_goals_give_no_distance_but_the_native_engines_do():
    """The Canopus ZRF (variants/canopus/canopus.zrf) writes each loss as ``(and (pieces-remaining N)
    (not (or (total-piece-count ...))))`` and each win as ``(and (not (both-down-to-two)) ...)``
    (read by hand from the file): every condition has a ``not`` part in a conjunction, which the goal
    reader leaves unscored, so no goal is worked out per position.  The native engine states the
    counts and the goal cells itself, and its goals are measured (test_pieces_remaining_distance)."""
    zrf = open_game(str(ROOT / "variants" / "canopus" / "canopus.zrf"))
    knowledge = _royal_steps_only(zrf)
    ev = Evaluator(zrf, knowledge)
    assert len(ev.scored_goals) == 6 and ev._measured == []
    native = open_game("canopus")
    assert Evaluator(native, _royal_steps_only(native))._measured


def _material_by_hand(sig, player: str, knowledge: GameKnowledge) -> int:
    """Every piece's learned value in thousandths (1000 for a type not learned), on the board and
    in the stores, ``player``'s counted for it and the others' against it: the plain sum."""
    def milli(ptype: str) -> int:
        return round(knowledge.values[ptype] * 1000) if ptype in knowledge.values else 1000
    board = sum(milli(t) if o == player else -milli(t) for _, o, t in sig.board)
    return board + sum(milli(t) * n if o == player else -milli(t) * n for o, t, n in sig.hands)


@pytest.mark.parametrize("where", ["tests/games/chess.zrf", "tests/games/xiangqi.zrf",
                                   "variants/canopus/canopus.zrf", "canopus", "alpha-centauri",
                                   "corpus:shogi/shogi.zrf", "corpus:chaturaji/chaturaji.zrf"])
def test_a_value_from_the_position_before_equals_the_value_from_scratch(where, request):
    """Along a seeded random game, the children of each position are valued one after the other
    for every player, as a search values them: each from the position valued before (a sibling or
    the parent, differing in a few pieces; :meth:`Evaluator.value_of`), and the first child of the
    next position after a jump.  Each value must equal, to the last bit, the one worked out from
    every piece by the per-piece walks (:meth:`Evaluator.value_from_scratch`), and the one of an
    evaluator whose goal distances are worked out afresh (its memo emptied before each value);
    and the material of the child and of its parent (read from the parts valued last) must be
    the plain sum of the pieces' values.
    The Canopus and Alpha Centauri engines have goal distances, Canopus and shogi many lines
    through every cell; chaturaji has four players (the mobility walk for other than two)."""
    if where.startswith("corpus:"):
        path = str(request.getfixturevalue("corpus_dir") / where.removeprefix("corpus:"))
    else:
        path = where if "/" not in where else str(ROOT / where)
    game = open_game(path)
    knowledge = learn(game, 300)
    ev = Evaluator(game, knowledge)
    afresh = Evaluator(game, knowledge)
    made_from_before = 0
    value_after = ev._parts_after

    def counted(*args):
        nonlocal made_from_before
        parts = value_after(*args)
        made_from_before += parts is not None
        return parts
    ev._parts_after = counted
    rng = random.Random(0)
    state = game.initial_state()
    compared = children = 0
    for _ in range(scaled(40, 12)):
        moves = state.legal_moves()
        if not moves or state.outcome() is not None:
            break
        for move in rng.sample(moves, min(len(moves), 10)):
            sig = state.apply(move).signature()
            children += 1
            for player in game.players:
                afresh._goal_memo.clear()
                assert ev.value_of(sig, player) == ev.value_from_scratch(sig, player) == \
                    afresh.value_from_scratch(sig, player), (move.notation, player)
                # the material of the board just valued and of its parent, a few pieces away
                assert ev.material_milli(sig, player) == _material_by_hand(sig, player, knowledge)
                assert ev.material_milli(state.signature(), player) == \
                    _material_by_hand(state.signature(), player, knowledge)
                compared += 1
        state = state.apply(rng.choice(moves))
    # the players after the first value the same board, so half the children (not of the values) is the bar
    assert compared >= 200 and made_from_before >= children // 2
