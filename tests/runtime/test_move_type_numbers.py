"""Zillions' move-type numbers (the N of ``partial N``) and how a replay uses them.

The numbering rule is in runtime.interpreter.movetypes; the saved games it was
read from are listed in docs/zrf-semantics.md.  Expected numbers here are hand
counts written in each docstring.
"""

from __future__ import annotations

from zrf.zsg import parse_zsg

from runtime.loading.opening import open_game
from runtime.savedgames.replay import replay

LINE = """
  (players A B) (turn-order A B)
  (board (grid (start-rectangle 0 0 10 10)
               (dimensions ("a/b/c/d/e/f/g/h" (10 0)) ("1" (0 10)))
               (directions (e 1 0) (w -1 0))))
"""


def _load(tmp_path, body):
    p = tmp_path / "t.zrf"
    p.write_text(f'(game (title "T") {LINE} {body})')
    return open_game(str(p))


def test_numbering_order(tmp_path):
    """Priorities last-listed first: low=1, high=2.  Then pieces the set-up places, the
    one placed last first: Q (placed after P) gives q-type=3 and names q-next=4; P gives
    p-type=5, names p-next=6.  Then the pieces not set up, declared last first: S gives
    s-type=7 before R's r-type=8."""
    g = _load(tmp_path, """
      (move-priorities high low)
      (piece (name P) (moves (move-type p-type) (e (add-partial p-next))))
      (piece (name Q) (moves (move-type q-type) (e (add-partial q-next))))
      (piece (name R) (moves (move-type r-type) (e add)))
      (piece (name S) (moves (move-type s-type) (e add)))
      (board-setup (A (P a1)) (B (Q h1)))""")
    assert g.mtype_numbers == {"low": 1, "high": 2, "q-type": 3, "q-next": 4, "p-type": 5,
                               "p-next": 6, "s-type": 7, "r-type": 8}


JUMPS = """
  (piece (name M) (moves
     (move-type step) (e (verify empty?) add)
     (move-type jump) (e (verify enemy?) capture e (verify empty?) (add-partial jump))))
  (piece (name X) (moves (e (verify empty?) add)))
  (board-setup (A (M a1)) (B (X b1) (X d1)))
"""


def _zsg(lines):
    text = "Zillions Save Game File Version 0.02 HH\r\nRulesFile=t.zrf\r\nVariantName=T\r\n"
    return parse_zsg(text + "".join(f"{n}. {line}\r\n" for n, line in lines), "g.zsg")


def test_a_turn_saved_under_other_numbers_replays_as_zillions_loads_it(tmp_path):
    """Numbers here: step=1, jump=2 (M's blocks; X's move is untyped).  M on a1 must jump b1 and
    then d1 in one turn.  A game saved with another version of the file, where the
    first jump was recorded as 'partial 1' (number 1 is 'step' now), ends the turn after
    the first jump, as Zillions does when it loads it: the replay follows and says so."""
    g = _load(tmp_path, JUMPS)
    assert g.mtype_numbers == {"step": 1, "jump": 2}
    assert [m.notation for m in g.initial_state().legal_moves()] == [
        "partial 2 M a1 - c1 x b1; partial 2 M c1 - e1 x d1"]
    result = replay(_zsg([(1, "partial 1 M a1 - c1 x b1"), (1, "X d1 - e1")]), g)
    assert result.ok, (result.failed_text, result.reason)
    assert result.turns == 2
    [note] = result.renumbered
    assert result.renumbered_lines == [4]
    assert note.startswith("g.zsg:4:1: note: 'partial 1' names move type 'step' where this "
                           "file's add-partial names 'jump' (partial 2)")


def test_a_turn_cut_short_under_the_same_numbers_is_illegal(tmp_path):
    """Recorded with the file's own number (2), stopping after one jump is simply illegal."""
    g = _load(tmp_path, JUMPS)
    result = replay(_zsg([(1, "partial 2 M a1 - c1 x b1"), (1, "X d1 - e1")]), g)
    assert not result.ok and result.failed_line == 4
    assert result.renumbered == []
