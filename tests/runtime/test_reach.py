"""The squares a move block could ever hit (runtime/interpreter/reach.py), which attack tests use to skip blocks.

Skipping a block is only right if the set is an over-approximation: every
square some run of the block really captures at, or lands on, must be in it.
The hand-counted cases check the sets on the chess ZRF (a knight's and a
rook's reach from a corner, written out in the test); the corpus test runs
every block of every piece of sampled positions of corpus games *for real*,
in move-generation mode, and checks each destination and capture it produced
against the set (a sample scaled by ZRF_SLOW_SCALE).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from runtime.loading.opening import open_game
from runtime.core.errors import GameLoadError
from runtime.interpreter.context import Context
from runtime.interpreter.reach import ReachReader
from tests.conftest import corpus_entries, scaled
from zrf import keywords as kw

ROOT = Path(__file__).resolve().parents[2]
CHESS = str(ROOT / "tests" / "games" / "chess.zrf")


def _union(game, type_name: str, owner: str, square: str) -> set[str]:
    t = game.tables
    ti, o, p = t.type_index[type_name], t.player_index[owner], t.pos_index[square]
    out: set[int] = set()
    for reach in game.attack_reach[ti].blocks:
        hits = reach.hits(o, p)
        assert hits is not None, f"a {type_name} block has an unbounded reach"
        out |= hits
    assert game.attack_reach[ti].hits(o, p) == out  # the piece's union, used to skip it at once
    return {t.positions[i] for i in out}


def test_every_statement_keyword_has_a_reach_rule():
    for name, use in kw.table(kw.STATEMENT).items():
        assert hasattr(ReachReader, "run_" + use.run), name


def test_knight_and_rook_reach_from_a_corner():
    """Written out by hand: a knight on b1 reaches a3, c3, d2; a rook on a1 its file and rank."""
    game = open_game(CHESS)
    assert _union(game, "Knight", "White", "b1") == {"a3", "c3", "d2"}
    assert _union(game, "Rook", "White", "a1") == {f"a{r}" for r in range(2, 9)} | {f"{f}1" for f in "bcdefgh"}
    # Black's knight on g8 mirrors White's on g1 (the ZRF's symmetry for Black)
    assert _union(game, "Knight", "Black", "g8") == {"e7", "f6", "h6"}


GAME = """(game (title "T") (players A B) (turn-order A B)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c/d" (10 0)) ("4/3/2/1" (0 10)))
               (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0))))
  (piece (name P) (moves {block}))
  (board-setup (A (P a1)) (B (P d4))))
"""


@pytest.mark.parametrize("block,start,expected", [
    ("(n (while (empty? n) n) add)", "a1", {"a2", "a3", "a4"}),
    ("(mark n n (capture) back e add)", "a1", {"a3", "b1"}),
    ("(e (to) n (go to) add)", "a1", {"b1"}),
    ("(n (if (empty? e) e else n) (capture w) add)", "a1", {"b2", "a3", "a2"}),
    ("(n (from) e e cascade w add)", "a1", {"c2", "b2"}),
    ("((verify false) n add)", "a1", {"a2"}),
    ("(w add)", "a1", set()),
    ("(n n n n add)", "a1", set()),
])
def test_reach_of_small_blocks(tmp_path, block, start, expected):
    """Each set counted by hand on a 4x4 board (a1 bottom left, n towards rank 4)."""
    path = tmp_path / "t.zrf"
    path.write_text(GAME.format(block=block))
    game = open_game(str(path))
    assert _union(game, "P", "A", start) == expected


@pytest.mark.parametrize("block", ["(n (add-partial jump))", "((go last-to) add)"])
def test_unbounded_blocks_are_always_run(tmp_path, block):
    """A turn continued from elsewhere, or a jump to the last move's squares: no bound."""
    path = tmp_path / "t.zrf"
    path.write_text(GAME.format(block=block).replace("(moves", "(moves (move-type jump)"))
    game = open_game(str(path))
    t = game.tables
    assert game.attack_reach[t.type_index["P"]].blocks[0].hits(0, t.pos_index["a1"]) is None


ROWS = [r for r in corpus_entries() if r["engine"] != "axiom" and r["slug"] != "common"]
SAMPLE = ROWS[::max(1, len(ROWS) // scaled(len(ROWS) // 3))] if ROWS else []


def _real_hits(game, state, pos, piece, fn, mt) -> set[int]:
    """Where one real run of a block lands and captures (move-generation mode)."""
    out: list = []
    fn(Context(game, state.cells, piece[0], pos, piece, False, mt, state.last_from, state.last_to, out))
    hits: set[int] = set()
    for part in out:
        hits.update(m[1] for m in part.moves)
        hits.update(e[1] for e in part.effects if e[0] == "x")
    return hits


@pytest.mark.corpus
@pytest.mark.slow
@pytest.mark.parametrize("row", SAMPLE, ids=[r["slug"] for r in SAMPLE])
def test_every_real_hit_is_in_the_reach(row, corpus_dir):
    """Positions of a seeded random game: every block of every piece, run for real, hits only inside its set."""
    try:
        game = open_game(str(corpus_dir / row["slug"] / row["file"]))
    except GameLoadError as exc:
        pytest.skip(f"does not load: {exc}")
    rng = random.Random(row["slug"])
    state = game.initial_state()
    checked = 0
    for _ply in range(scaled(30, 3)):
        for pos, piece in enumerate(state.cells):
            if piece is None:
                continue
            for (mt, fn), reach in zip(game.move_blocks[piece[1]], game.attack_reach[piece[1]].blocks):
                bound = reach.hits(piece[0], pos)
                if bound is None:
                    continue
                real = _real_hits(game, state, pos, piece, fn, mt)
                assert real <= bound, (
                    f"{game.tables.types[piece[1]]} on {game.positions[pos]} ({mt}): hits "
                    f"{sorted(game.positions[q] for q in real - bound)} outside its reach")
                checked += 1
        if state.outcome() is not None:
            break
        moves = state.legal_moves()
        if not moves:
            break
        state = state.apply(moves[rng.randrange(len(moves))])
    if not checked:
        pytest.skip("no piece with a bounded move block stood on the board (drops, or add-partial chains)")
