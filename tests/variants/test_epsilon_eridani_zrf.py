"""The generated Epsilon Eridani ZRF: it reads back cleanly, its board is the engine's
board, and the ZRF interpreter running it agrees with the native engine
(variants/epsilon_eridani/engine.py) position by position, apart from the documented
35-move draw (known_differences.py, docs/variants/epsilon_eridani-zrf.md)."""

from __future__ import annotations


import pytest

from runtime.crosscheck import CrossChecker, CrossCheckResult, Disagreement
from runtime.crosscheck_run import CrossCheckSpec, run
from runtime.games import load_game
from tests.variants.zrf_helpers import compare, crosscheck_full_size, edited_zrf_state
from variants import registry
from variants.epsilon_eridani import board, data
from variants.epsilon_eridani.engine import epsilon_eridani
from variants.epsilon_eridani.known_differences import known_differences
from variants.epsilon_eridani.zrf_context import (ALFIL, DABBABA, KING_DIRECTIONS, KNIGHT,
                                                   TRIPLE_DIAGONAL)

NAME = "epsilon-eridani"
ZRF = registry.generated_zrf_path(registry.builtin(NAME))
KNOWN = registry.builtin(NAME).known_differences
W, B = "White", "Black"


def spec() -> CrossCheckSpec:
    return CrossCheckSpec(game=NAME, zrf=ZRF, known=KNOWN)


@pytest.fixture(scope="module")
def zrf_game():
    return load_game(ZRF)


def both(position, to_move=W, halfmove=0, zrf_game=None, **options):
    """The same hand-made position in the engine and in the ZRF (set-up edits)."""
    eng = epsilon_eridani(**options)
    game = zrf_game or load_game(ZRF)
    cand = edited_zrf_state(game, data.SETUP, position, 0 if to_move == W else 1)
    return eng.state_from(position, to_move, halfmove), cand


# ---------------------------------------------------------------- (a) the file itself

def test_cells_pieces_and_players_match_the_engine(zrf_game):
    eng = epsilon_eridani()
    assert list(zrf_game.positions) == list(eng.positions) or \
        set(zrf_game.positions) == set(eng.positions)
    assert data.HOLE not in zrf_game.positions
    assert set(zrf_game.piece_types) == set(eng.piece_types)
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
    checker = CrossChecker(ref.game, cand.game)
    checker.tree(ref, cand, 2, [], result)
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
    checker = CrossChecker(ref.game, cand.game)
    result = CrossCheckResult()
    checker.tree(ref, cand, 2, [], result)
    assert result.failures == [], "\n".join(d.describe() for d in result.failures)


@pytest.mark.slow
def test_crosscheck_full_size():
    """The issue's size: perft(3) tree and 500 playouts of up to 100 plies."""
    crosscheck_full_size(spec())


# ---------------------------------------------------------------- (c) known difference

# A quiet position: 70 plies without capture or promotion have been played, so the
# engine has drawn; the ZRF, which cannot count, plays on with the same moves.
QUIET = {"c1": (W, "King"), "c9": (B, "King"), "a2": (W, "Grand-Rook"), "e3": (W, "Soldier"),
         "a8": (B, "Grand-Bishop"), "e8": (B, "Overtaker")}


def test_no_progress_draw_is_recognised(zrf_game):
    ref, cand = both(QUIET, W, halfmove=70, zrf_game=zrf_game)
    assert ref.outcome().draw and ref.outcome().rule == "35 moves without capture or promotion"
    assert cand.outcome() is None and cand.legal_moves()
    result = compare(ref, cand, known_differences())
    assert len(result.disagreements) == 1
    d = result.disagreements[0]
    assert d.kind == "outcome"
    assert d.known == "no-progress-draw"
    assert result.failures == []
    # one ply earlier the two agree completely
    ref69, cand69 = both(QUIET, W, halfmove=69, zrf_game=zrf_game)
    assert compare(ref69, cand69).disagreements == []


def test_no_progress_draw_is_reached_by_play(zrf_game):
    """70 quiet plies really played from a position: the counter gets there by itself."""
    ref, cand = both(QUIET, W, zrf_game=zrf_game)
    shuffle = ["Grand-Rook a2 - b2", "Grand-Bishop a8 - b9", "Grand-Rook b2 - a2",
               "Grand-Bishop b9 - a8"]
    for i in range(70):
        text = shuffle[i % 4]
        move = next(m for m in ref.legal_moves() if m.notation == text)
        target = ref.apply(move).signature().core()
        cand = next(c for c in (cand.apply(m) for m in cand.legal_moves())
                    if c.signature().core() == target)
        ref = ref.apply(move)
    assert ref.halfmove == 70
    result = compare(ref, cand, known_differences())
    assert [d.known for d in result.disagreements] == ["no-progress-draw"]


def test_no_progress_draw_explains_nothing_else(zrf_game):
    (kd,) = known_differences()
    assert kd.doc.startswith("docs/variants/epsilon_eridani-zrf.md")
    ref, cand = both(QUIET, W, halfmove=70, zrf_game=zrf_game)
    # the same position: a successors or position disagreement is not this difference
    assert not kd.explains(ref, cand, Disagreement("successors", [], ["King c1 - d1"], []))
    assert not kd.explains(ref, cand, Disagreement("position", []))
    # below the limit the engine has not drawn: an outcome disagreement there is not it
    ref69, cand69 = both(QUIET, W, halfmove=69, zrf_game=zrf_game)
    assert not kd.explains(ref69, cand69, Disagreement("outcome", []))
    # the rule switched off in the engine: nothing to explain
    ref_off, cand_off = both(QUIET, W, halfmove=70, zrf_game=zrf_game, no_progress_moves=None)
    assert not kd.explains(ref_off, cand_off, Disagreement("outcome", []))
    # the ZRF going on with different moves (an extra White piece) is not this difference
    other = dict(QUIET, e1=(W, "Grand-Horse"))
    _, cand2 = both(other, W, zrf_game=zrf_game)
    assert not kd.explains(ref, cand2, Disagreement("outcome", []))
    # a checkmate with the counter at the limit: the engine's outcome is checkmate, a
    # win, so an outcome disagreement there is not the draw rule
    mate = {"a1": (W, "King"), "e9": (B, "King"), "a9": (W, "Grand-Rook"),
            "b8": (W, "Grand-Rook"), "a5": (B, "Soldier"), "b5": (B, "Soldier")}
    ref_m, cand_m = both(mate, B, halfmove=80, zrf_game=zrf_game)
    assert ref_m.outcome() is not None and ref_m.outcome().rule == "checkmate"
    assert not kd.explains(ref_m, cand_m, Disagreement("outcome", []))
