"""The generated Epsilon Eridani ZRF: it reads back cleanly, its board is the engine's
board, and the ZRF interpreter running it agrees with the native engine
(variants/epsilon_eridani/engine.py) position by position, the 35-move draw included
(the file's move clock, docs/variants/epsilon_eridani-zrf.md).  Positions are compared
without the clock's dummy cells (the registry's name map)."""

from __future__ import annotations


import pytest

import json

from runtime.verify.crosscheck import CrossChecker, CrossCheckResult, NameMap
from runtime.verify.crosscheck_run import CrossCheckSpec, run
from runtime.loading.opening import open_game
from tests.variants import zrf_helpers
from tests.variants.zrf_helpers import crosscheck_full_size, edited_zrf_state
from runtime.loading import registry
from variants.epsilon_eridani import board, data
from variants.epsilon_eridani.engine import epsilon_eridani
from variants.epsilon_eridani.zrf_context import (ALFIL, CLOCK_CELLS, DABBABA, KING_DIRECTIONS,
                                                   KNIGHT, TRIPLE_DIAGONAL, clock_cells_for)

NAME = "epsilon-eridani"
ENTRY = registry.find_game(NAME)
ZRF = ENTRY.zrf
NAMES = NameMap.from_json(json.loads(ENTRY.name_map_json()))
W, B = "White", "Black"


def spec() -> CrossCheckSpec:
    return CrossCheckSpec(game=NAME, zrf=ZRF, names=ENTRY.name_map_json())


def compare(ref, cand):
    """Compare one position and its successors, the clock cells left out."""
    return zrf_helpers.compare(ref, cand, names=NAMES)


def checker(ref, cand):
    return CrossChecker(ref.game, cand.game, NAMES)


@pytest.fixture(scope="module")
def zrf_game():
    return open_game(ZRF)


def both(position, to_move=W, halfmove=0, zrf_game=None, **options):
    """The same hand-made position in the engine and in the ZRF (set-up edits), the ZRF's
    move clock set to ``halfmove`` (Clock pieces on its binary digits)."""
    eng = epsilon_eridani(**options)
    game = zrf_game or open_game(ZRF)
    clock = {c: (W, "Clock") for c in clock_cells_for(halfmove)}
    cand = edited_zrf_state(game, data.SETUP, dict(position, **clock), 0 if to_move == W else 1)
    return eng.state_from(position, to_move, halfmove), cand


# ---------------------------------------------------------------- (a) the file itself

def test_cells_pieces_and_players_match_the_engine(zrf_game):
    """The engine's cells and pieces, plus the move clock's dummy cells and Clock piece."""
    eng = epsilon_eridani()
    assert set(zrf_game.positions) == set(eng.positions) | set(CLOCK_CELLS)
    assert all(zrf_game.gdef.board.positions[c].dummy for c in CLOCK_CELLS)
    assert data.HOLE not in zrf_game.positions
    assert set(zrf_game.piece_types) == set(eng.piece_types) | {"Clock"}
    assert tuple(zrf_game.players) == tuple(eng.players)
    assert zrf_game.name == "Epsilon Eridani"


def test_no_direction_is_spelt_like_a_cell(zrf_game):
    t = zrf_game.tables
    assert not set(t.directions) & set(t.positions)


def test_links_are_the_engine_tables(zrf_game):
    """Steps never cross the hole; leaps jump it but never land on it (A4)."""
    t = zrf_game.tables
    white = t.player_index[W]

    def targets(names):
        out = []
        for i, cell in enumerate(data.CELLS):
            p = t.pos_index[cell]
            got = set()
            for name in names:
                q = t.links[white][t.dir_index[name]][p]
                if q >= 0:
                    got.add(t.positions[q])
            out.append(got)
        return out

    def engine(table):
        return [{data.CELLS[j] for j in row} for row in table]

    assert targets(KING_DIRECTIONS) == engine(board.ADJ)
    assert targets([n for n, _ in KNIGHT]) == engine(board.KNIGHT)
    assert targets([n for n, _ in ALFIL]) == engine(board.ALFIL)
    assert targets([n for n, _ in DABBABA]) == engine(board.DABBABA)
    assert targets([n for n, _ in TRIPLE_DIAGONAL]) == engine(board.TRIPLE_DIAG)


def test_start_position_and_perft_2(zrf_game):
    ref = epsilon_eridani().initial_state()
    cand = zrf_game.initial_state()
    assert ref.signature().core() == cand.signature().core()
    moves = cand.legal_moves()
    assert len({cand.apply(m).signature().core() for m in moves}) == 77


# ---------------------------------------------------------------- (b) cross-checks

def test_crosscheck_ci_size():
    """perft(2) tree plus a few playouts: no disagreement at all."""
    result = run(spec(), depth=2, games=2, plies=40, seed=0)
    assert result.positions > 78
    assert result.failures == [], "\n".join(d.describe() for d in result.failures)


# Hand-made positions reaching the rules random play finds only seldom.  Each side has
# at least three pieces, so the reduce-to-two rule does not end them at once.
RARE_POSITIONS = {
    "reduction by the enemy Reducer": ({
        "c1": (W, "King"), "c9": (B, "King"), "c3": (B, "Reducer"),
        "b2": (W, "Grand-Rook"), "d2": (W, "Grand-Bishop"), "b4": (W, "Overtaker"),
        "c4": (W, "Diamond-Warrior"), "d4": (W, "Grand-Horse"), "d3": (W, "Grand-Soldier"),
        "b3": (W, "Soldier"), "a9": (B, "Grand-Rook"), "e9": (B, "Soldier"),
    }, W),
    "Reducers side by side, Grand-Horse takes a Reducer": ({
        "a1": (W, "King"), "e9": (B, "King"), "b4": (W, "Reducer"), "c4": (B, "Reducer"),
        "b2": (W, "Grand-Horse"), "e2": (W, "Grand-Horse"), "a7": (B, "Overtaker"),
        "e7": (B, "Grand-Soldier"),
    }, W),
    "Overtaker jumps, friend and enemy, check by a jump": ({
        "a1": (W, "King"), "e9": (B, "King"), "b2": (W, "Overtaker"), "c3": (W, "Soldier"),
        "a3": (B, "Soldier"), "d8": (W, "Overtaker"), "d4": (B, "Grand-Rook"),
        "e6": (B, "Overtaker"), "a5": (W, "Grand-Bishop"),
    }, W),
    "Soldiers on the last rank and promotions": ({
        "a1": (W, "King"), "e1": (B, "King"), "b9": (W, "Soldier"), "c8": (W, "Soldier"),
        "d9": (B, "Grand-Rook"), "b8": (W, "Soldier"), "a8": (B, "Soldier"),
        "d2": (B, "Soldier"), "e4": (B, "Grand-Soldier"),
    }, W),
    "Black to move: Soldier double steps, CH across the hole rank": ({
        "c1": (W, "King"), "c9": (B, "King"), "a7": (B, "Soldier"), "c7": (B, "Soldier"),
        "e7": (B, "Soldier"), "b5": (B, "Grand-Bishop"), "d5": (W, "Grand-Rook"),
        "a2": (B, "Soldier"), "e2": (W, "Overtaker"), "b1": (W, "Soldier"),
    }, B),
    "check by a reduced Grand-Rook": ({
        "c1": (W, "King"), "c9": (B, "King"), "c2": (B, "Grand-Rook"), "d3": (W, "Reducer"),
        "a4": (W, "Diamond-Warrior"), "e5": (B, "Overtaker"), "a9": (B, "Soldier"),
    }, W),
}


@pytest.mark.parametrize("label", sorted(RARE_POSITIONS))
def test_rare_rules_agree(label, zrf_game):
    position, to_move = RARE_POSITIONS[label]
    ref, cand = both(position, to_move, zrf_game=zrf_game)
    assert ref.outcome() is None and ref.legal_moves(), "the position should not be terminal"
    result = compare(ref, cand)
    assert result.failures == [], "\n".join(d.describe() for d in result.failures)


def test_reduce_to_two_and_checkmate_outcomes_agree(zrf_game):
    """Game ends: a capture down to two pieces (either side's), and a checkmate."""
    # White's Grand-Rook takes one of Black's three pieces (Black keeps two: White
    # wins), or White's own Soldier on b2 (White keeps two: White loses)
    pos = {"a1": (W, "King"), "e9": (B, "King"), "a2": (W, "Grand-Rook"), "a8": (B, "Soldier"),
           "e5": (B, "Overtaker"), "b2": (W, "Soldier")}
    ref, cand = both(pos, zrf_game=zrf_game)
    result = CrossCheckResult()
    checker(ref, cand).tree(ref, cand, 2, [], result)
    assert result.failures == [], "\n".join(d.describe() for d in result.failures)
    outcomes = {r.outcome().rule for m in ref.legal_moves()
                for r in [ref.apply(m)] if r.outcome() is not None}
    assert "reduced to two pieces" in outcomes
    assert "reduced own pieces to two" in outcomes
    # checkmate: Black King on e9 boxed in by the White Grand-Rooks
    mate = {"a1": (W, "King"), "e9": (B, "King"), "a8": (W, "Grand-Rook"),
            "b7": (W, "Grand-Rook"), "a5": (B, "Soldier"), "b5": (B, "Soldier")}
    ref, cand = both(mate, zrf_game=zrf_game)
    result = compare(ref, cand)
    assert result.failures == []
    after = [ref.apply(m) for m in ref.legal_moves()]
    assert any(s.outcome() is not None and s.outcome().rule == "checkmate" for s in after)
    result = CrossCheckResult()
    checker(ref, cand).tree(ref, cand, 2, [], result)
    assert result.failures == [], "\n".join(d.describe() for d in result.failures)


@pytest.mark.slow
def test_crosscheck_full_size():
    """The issue's size: perft(3) tree and 500 playouts of up to 100 plies."""
    crosscheck_full_size(spec())


# ---------------------------------------------------------------- (c) the 35-move draw

# A quiet position: the Grand-Rook and the Grand-Bishop can shuffle without capturing.
QUIET = {"c1": (W, "King"), "c9": (B, "King"), "a2": (W, "Grand-Rook"), "e3": (W, "Soldier"),
         "a8": (B, "Grand-Bishop"), "e8": (B, "Overtaker")}
SHUFFLE = ["Grand-Rook a2 - b2", "Grand-Bishop a8 - b9", "Grand-Rook b2 - a2",
           "Grand-Bishop b9 - a8"]


def test_no_progress_draw_agrees(zrf_game):
    """A11: 70 plies without capture or promotion draw; the ZRF's clock holds 70 (Clock
    pieces on clock-2, clock-4, clock-64) and its goal draws too (once the known difference
    no-progress-draw).  One ply earlier both play on, and the next quiet move draws."""
    ref, cand = both(QUIET, W, halfmove=70, zrf_game=zrf_game)
    assert ref.outcome().draw and ref.outcome().rule == "35 moves without capture or promotion"
    assert cand.outcome() is not None and cand.outcome().draw
    assert compare(ref, cand).disagreements == []
    ref69, cand69 = both(QUIET, W, halfmove=69, zrf_game=zrf_game)
    assert ref69.outcome() is None and cand69.outcome() is None
    result = compare(ref69, cand69)
    assert result.disagreements == [], "\n".join(d.describe() for d in result.disagreements)


def test_no_progress_draw_is_reached_by_play(zrf_game):
    """70 quiet plies really played: both clocks get there by themselves and both draw."""
    ref, cand = both(QUIET, W, zrf_game=zrf_game)
    for i in range(70):
        move = next(m for m in ref.legal_moves() if m.notation == SHUFFLE[i % 4])
        target = NAMES.signature(ref.apply(move).signature()).core()
        cand = next(c for c in (cand.apply(m) for m in cand.legal_moves())
                    if NAMES.signature(c.signature()).core() == target)
        ref = ref.apply(move)
    assert ref.halfmove == 70 and ref.outcome().draw
    assert cand.outcome() is not None and cand.outcome().draw
    assert {c for c, _, _ in cand.signature().board} & set(CLOCK_CELLS) == {
        "clock-2", "clock-4", "clock-64"}
    assert compare(ref, cand).disagreements == []


def test_capture_and_promotion_reset_the_clock(zrf_game):
    """A capture (of a friend too) or an accepted promotion sets the clock back to 0; a
    declined promotion does not.  After each move of the position, the engine's counter
    and the ZRF's clock (read from its Clock pieces) are equal."""
    position = {"a1": (W, "King"), "e1": (B, "King"), "b8": (W, "Soldier"), "c9": (B, "Soldier"),
                "a5": (W, "Grand-Rook"), "a6": (B, "Overtaker"), "d4": (W, "Soldier")}
    ref, cand = both(position, W, halfmove=20, zrf_game=zrf_game)
    values = dict(zip(CLOCK_CELLS, (1, 2, 4, 8, 16, 32, 64)))
    seen = set()
    for move in cand.legal_moves():
        after = cand.apply(move)
        clock = sum(values[c] for c, _, _ in after.signature().board if c in values)
        target = NAMES.signature(after.signature()).core()
        engine = next(r for r in (ref.apply(m) for m in ref.legal_moves())
                      if r.signature().core() == target)
        assert clock == engine.halfmove, move.notation
        seen.add(clock)
    assert seen == {0, 21}
    assert compare(ref, cand).disagreements == []


def test_checkmate_before_the_draw(zrf_game):
    """With the clock past the limit, a checkmated player still loses (checkmate is tested
    before the 35-move draw, in the rules and in the file's goal order)."""
    mate = {"a1": (W, "King"), "e9": (B, "King"), "a9": (W, "Grand-Rook"),
            "b8": (W, "Grand-Rook"), "a5": (B, "Soldier"), "b5": (B, "Soldier")}
    ref, cand = both(mate, B, halfmove=70, zrf_game=zrf_game)
    assert ref.outcome().rule == "checkmate"
    assert cand.outcome() is not None and cand.outcome().winners == (W,)
    assert compare(ref, cand).disagreements == []


def test_the_turns_that_change_material_are_read_from_the_codes(zrf_game):
    """The engine's RawMoveDetails (zrf_helpers.check_material_turns)."""
    zrf_helpers.check_material_turns(epsilon_eridani(), zrf_game, names=NAMES, plies=30)
