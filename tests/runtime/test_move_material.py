"""``Move.changes_material()`` answered from the turn equals the answer read from its details,
and ``State.material_moves()`` is exactly the legal moves that change material.

The interpreter's moves answer it without building their details
(``wholeturns.Turn.changes_material``: removed pieces and promoting moves,
the details only for type and owner effects), and its ``material_moves()``
makes only those turns (a quiescence search asks for them at every node).
Each test walks a seeded random game of a corpus file and compares the
answers at every position on the way.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from runtime.loading.opening import open_game
from tests.conftest import corpus_entries, scaled

#: files with captures, promotions, drops, change-type, change-owner and flip effects
CHOSEN = ("Agon-618db0", "Chessence-1b3dc7", "CheckersCollection", "Dobutsu", "Duke",
          "Chu_Shogi_Original_v1.3", "Dark-Light")
ROWS = {r["slug"]: r for r in corpus_entries() if r["engine"] != "axiom" and r["slug"] != "common"}
SAMPLE = sorted(set(CHOSEN) & set(ROWS)) + sorted(ROWS)[::max(1, len(ROWS) // scaled(40, 0) or 10**9)]


def _from_details(move) -> bool:
    details = move.details
    return details is None or any(p.changes_material for p in details)


@pytest.mark.corpus
@pytest.mark.parametrize("slug", SAMPLE)
def test_the_quick_answer_is_the_details_answer(slug, corpus_dir):
    row = ROWS[slug]
    game = open_game(str(corpus_dir / slug / row["file"]))
    rng = random.Random(slug)
    state = game.initial_state()
    checked = changing = 0
    for _ply in range(scaled(60, 20)):
        material = [m.notation for m in state.material_moves()]  # before the list is made
        if state.outcome() is not None:
            assert material == []
            break
        moves = state.legal_moves()
        assert material == [m.notation for m in moves if _from_details(m)]
        if not moves:
            break
        for m in moves[:200]:
            quick = m.changes_material()
            assert quick == _from_details(m), f"{m.notation}: {quick} from the turn"
            checked += 1
            changing += quick
        state = state.apply(moves[rng.randrange(len(moves))])
    if not checked:
        pytest.skip("no legal move on the walk (the start position has none)")
    if slug in CHOSEN:
        assert changing, "the walk met no capture, promotion or change: it proves nothing"


#: CHOSEN but Duke (its walk takes 15 s on the closures), and the test games' chess (castling, en passant)
BOTH_BACK_ENDS = [pytest.param(slug, marks=pytest.mark.corpus) for slug in sorted(set(CHOSEN) - {"Duke"})] \
    + ["chess.zrf"]


@pytest.mark.parametrize("slug", BOTH_BACK_ENDS)
def test_the_material_turns_are_the_same_on_both_back_ends(slug, request):
    """``material_moves()`` asked first makes only the parts that may change material: the
    translated back end's material functions skip the others unbuilt, the closures build and
    drop them.  Both walk the same seeded game and give, at every position, the moves that
    the details say change material, in list order."""
    from runtime.interpreter.move_back_end import MoveBackEnd

    if slug.endswith(".zrf"):
        path = str(Path(__file__).resolve().parent.parent / "games" / slug)
    else:
        if slug not in ROWS:
            pytest.skip(f"{slug} is not in the corpus")
        path = str(request.getfixturevalue("corpus_dir") / slug / ROWS[slug]["file"])
    games = [open_game(path, back_end=b) for b in (MoveBackEnd.TRANSLATED, MoveBackEnd.CLOSURES)]
    states = [g.initial_state() for g in games]
    rng = random.Random(slug)
    changing = 0
    for _ply in range(scaled(60, 20)):
        firsts = [[m.notation for m in s.material_moves()] for s in states]
        moves = [s.legal_moves() for s in states]
        assert firsts[0] == firsts[1] == [m.notation for m in moves[1] if _from_details(m)]
        changing += len(firsts[0])
        if not moves[0]:
            break
        k = rng.randrange(len(moves[0]))
        states = [s.apply(ms[k]) for s, ms in zip(states, moves)]
    assert changing, "the walk met no capture, promotion or change: it proves nothing"


LINE = """
  (players A B) (turn-order A B)
  (board (grid (start-rectangle 0 0 10 10)
               (dimensions ("a/b/c/d/e/f" (10 0)) ("1" (0 10)))
               (directions (e 1 0) (w -1 0))))
  (piece (name K) (moves ((verify not-attacked?) e (verify enemy?) add)))
  (piece (name X))
  (piece (name N) (moves (w w (verify not-friend?) add)))
  (piece (name P) (moves (e (verify empty?) add)))
"""


@pytest.mark.parametrize("knight, expected", [("c1", []), ("d1", ["K a1 x b1"])])
def test_an_attack_verify_before_a_capture_is_still_asked(tmp_path, knight, expected):
    """The material functions ask a block's attack verifies only when a part may change
    material, but ask them then: K on a1 takes X on b1 only while a1 is not attacked.  B's
    N leaps two cells west: from c1 it attacks a1 (no capture), from d1 it attacks b1 (K
    takes X).  A's P on e1 steps to f1 (a quiet move, so the game goes on).  The same on
    both back ends, and the captures of the full list."""
    from runtime.interpreter.move_back_end import MoveBackEnd

    p = tmp_path / "t.zrf"
    p.write_text(f'(game (title "T") {LINE} (board-setup (A (K a1) (P e1)) (B (X b1) (N {knight}))))')
    for back_end in (MoveBackEnd.TRANSLATED, MoveBackEnd.CLOSURES):
        game = open_game(str(p), back_end=back_end)
        assert [m.notation for m in game.initial_state().material_moves()] == expected
        assert [m.notation for m in game.initial_state().legal_moves()] == expected + ["P e1 - f1"]
