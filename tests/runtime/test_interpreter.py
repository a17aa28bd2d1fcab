"""Small ZRF programs pinning down interpreter rules (SEMANTICS §5)."""

from __future__ import annotations

import pytest

from runtime.interpreter import ZrfRuntimeError
from runtime.interpreter.move_back_end import MoveBackEnd
from runtime.loading.opening import open_game

BOARD = """
  (players A B) (turn-order A B)
  (board (grid (start-rectangle 0 0 10 10)
               (dimensions ("a/b/c/d" (10 0)) ("2/1" (0 10)))
               (directions (e 1 0) (w -1 0) (n 0 -1) (s 0 1))))
"""


def game(tmp_path, body, name="t.zrf", back_end=None):
    p = tmp_path / name
    p.write_text(f'(game (title "T") {BOARD} {body})')
    return open_game(str(p), back_end=back_end)


def back_end_of(translated):
    """The back end a test parametrized on ``translated`` opens its game with."""
    return MoveBackEnd.TRANSLATED if translated else MoveBackEnd.CLOSURES


def moves(g, state=None):
    return [m.notation for m in (state or g.initial_state()).legal_moves()]


def test_runaway_while_names_the_source(tmp_path):
    g = game(tmp_path, """
      (piece (name P) (moves ((while true mark) add)))
      (board-setup (A (P a1)))""")
    with pytest.raises(ZrfRuntimeError) as exc:
        g.initial_state().legal_moves()
    assert str(exc.value).startswith(f"{tmp_path / 't.zrf'}:")
    assert "runaway while loop" in str(exc.value)


def test_add_continues_and_board_is_pre_move(tmp_path):
    """Sliders: add does not end the block."""
    g = game(tmp_path, """
      (piece (name R) (moves (e (while empty? add e) (verify enemy?) add)))
      (board-setup (A (R a1)) (B (R d1)))""")
    assert moves(g) == ["R a1 - b1", "R a1 - c1", "R a1 x d1"]


def test_capture_on_landing_square_removes_the_arrival(tmp_path):
    """§5.8: movements first, then captures act on the current occupant."""
    g = game(tmp_path, """
      (piece (name P) (moves (e capture add)))
      (board-setup (A (P a1)) (B (P d2)))""")
    s = g.initial_state()
    assert moves(g, s) == ["P a1 - b1 x b1"]
    after = s.apply(s.legal_moves()[0])
    assert after.board() == {"d2": ("B", "P")}


def test_promotion_list_and_cascade(tmp_path):
    """(add P Q) gives one move per type; x is written even when the occupant is carried away (§7)."""
    g = game(tmp_path, """
      (piece (name P) (moves (e (add P Q))))
      (piece (name Q) (moves (e cascade e add)))
      (board-setup (A (P a1) (Q a2)) (B (P b2)))""")
    assert moves(g) == ["Q a2 x b2 P b2 - c2", "P a1 - b1 = P", "P a1 - b1 = Q"]


def test_drops_need_stock_and_use_it(tmp_path):
    g = game(tmp_path, """
      (piece (name S) (drops ((verify empty?) (verify (in-zone? z)) add)))
      (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b" (10 0)) ("1" (0 10))))
             (zone (name z) (players A B) (positions a1 b1)))
      (board-setup (A (S off 1)) (B (S off 0)))
      (option "pass turn" forced)""")
    s = g.initial_state()
    assert moves(g, s) == ["A S a1", "A S b1"]
    s = s.apply(s.legal_moves()[0])
    assert moves(g, s) == ["Pass"]
    s = s.apply(s.legal_moves()[0])
    assert moves(g, s) == ["Pass"]


NESTED = """
  (piece (name King)
     (moves (n (verify not-friend?) add) (e (verify not-friend?) add)
            (s (verify not-friend?) add) (w (verify not-friend?) add)
            ((verify not-attacked?) s s (verify not-friend?) add)))
  (piece (name Rook) (moves (n (while empty? add n) (verify not-friend?) add)
                            (e (while empty? add e) (verify not-friend?) add)))
  (loss-condition (A B) (checkmated King))
"""


def test_attacked_inside_an_attack_test_is_evaluated(tmp_path):
    """The Black King's leap is guarded by not-attacked?; once the rook attacks the King, the
    leap is no move of Black's, so it does not attack (§5.11; request from the Star Pool work)."""
    p = tmp_path / "n.zrf"
    p.write_text(f"""(game (title "N") (players A B) (turn-order A B)
      (board (grid (start-rectangle 0 0 9 9) (dimensions ("a/b/c" (9 0)) ("5/4/3/2/1" (0 9)))
                   (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0))))
      (symmetry B (n n)) {NESTED}
      (board-setup (A (King c3) (Rook a1)) (B (King c5))))""")
    g = open_game(str(p))
    assert sorted(moves(g)) == ["King c3 - b3", "King c3 - c2", "Rook a1 - a5"]


def test_a_partial_chain_attacks_on_its_later_parts(tmp_path):
    """A two-part jump that takes the King on its second part is an attack (whole turns, §5.9)."""
    p = tmp_path / "c.zrf"
    p.write_text("""(define jump ($1 (verify not-empty?) capture $1 (verify empty?) (add-partial jumps)))
      (game (title "C") (option "pass partial" true) (players A B) (turn-order A B)
      (board (grid (start-rectangle 0 0 9 9) (dimensions ("a/b/c/d/e" (9 0)) ("5/4/3/2/1" (0 9)))
                   (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0))))
      (piece (name Jumper) (moves (move-type jumps) (jump n) (jump e) (jump s) (jump w)))
      (piece (name King) (moves (n (verify empty?) add) (e (verify empty?) add)
                                (s (verify empty?) add) (w (verify empty?) add)))
      (piece (name Pawn) (moves (n (verify empty?) add)))
      (board-setup (A (King b3) (Jumper a2) (Pawn e1)) (B (Jumper a1) (King e5)))
      (loss-condition (A B) (checkmated King)))""")
    g = open_game(str(p))
    assert "Pawn e1 - e2" not in moves(g)
    assert len(moves(g)) == 4


def test_set_position_flag_toward_the_edge_does_nothing(tmp_path):
    """(set-position-flag F true d) where d leads off the board sets nothing and the block
    goes on (GuFuuShogi.zsg replays to its recorded end only so: its check test flags the
    squares around every piece, edge squares included)."""
    g = game(tmp_path, """
      (piece (name P) (moves ((set-position-flag f true w) e (verify empty?) add)))
      (board-setup (A (P a1)))""")
    assert moves(g) == ["P a1 - b1"]


OFF_BOARD_EFFECTS = [
    "(capture w)", "(flip w)", "(change-owner w)", "(change-type Q w)", "(create Q w)",
    "(set-attribute lit true w)",
]


@pytest.mark.parametrize("translated", [False, True], ids=["closures", "translated"])
@pytest.mark.parametrize("effect", OFF_BOARD_EFFECTS)
def test_an_effect_aimed_off_the_board_does_nothing(tmp_path, effect, translated):
    """An effect toward a direction that leads off the board (w from a1) does nothing and the
    block goes on to its step e and its add, as (set-position-flag ...) does above.  Hand count:
    the one move is P a1 - b1, and it removes, flips, changes or creates nothing."""
    g = game(tmp_path, f"""
      (piece (name P) (attribute lit false) (moves (({effect}) e (verify empty?) add)))
      (piece (name Q) (moves (n add)))
      (board-setup (A (P a1)) (B (Q d2)))""", back_end=back_end_of(translated))
    s = g.initial_state()
    assert moves(g, s) == ["P a1 - b1"]
    assert s.apply(s.legal_moves()[0]).board() == {"b1": ("A", "P"), "d2": ("B", "Q")}


SCORCH = """(game (title "Scorch") (players White Black) (turn-order White Black)
  (board (grid (start-rectangle 0 0 40 40)
    (dimensions ("a/b/c" (40 0)) ("3/2/1" (0 40)))
    (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0))))
  (piece (name Torch)
    (moves ((n (verify empty?)
               (if (and (not-empty? n) (not-friend? n)) (capture n))
               (if (and (not-empty? e) (not-friend? e)) (capture e))
               add))))
  (board-setup (White (Torch b2 a1)) (Black (Torch c3)))
  (loss-condition (White Black) stalemated))
"""


@pytest.mark.parametrize("translated", [False, True], ids=["closures", "translated"])
def test_a_capture_toward_no_square_lets_the_move_stand(tmp_path, translated):
    """Scorch: the Torch landing on b3 (the top edge) tests n, which leads off the board:
    (not-empty? n) and (not-friend? n) are true there, so (capture n) runs and does nothing; the
    capture to the east takes the Black Torch on c3.  Zillions lists Torch b2 - b3 x c3 and
    Torch a1 - a2 (from a2, n is the empty a3 and e the friendly b2: nothing is captured)."""
    p = tmp_path / "scorch.zrf"
    p.write_text(SCORCH)
    g = open_game(str(p), back_end=back_end_of(translated))
    s = g.initial_state()
    assert sorted(moves(g, s)) == ["Torch a1 - a2", "Torch b2 - b3 x c3"]
    after = s.apply(next(m for m in s.legal_moves() if m.notation.startswith("Torch b2")))
    assert after.board() == {"a1": ("White", "Torch"), "b3": ("White", "Torch")}


def test_a_move_emitted_by_several_blocks_is_one_legal_move(tmp_path):
    """A knight-like leaper written as two lame paths (e then n, n then e) reaches b2 from a1
    by both blocks, and a drop block runs from every position but jumps to c1 first: each is one
    legal move (docs/zrf-semantics.md, "A move emitted by several blocks is one legal move").
    Hand count: L a1 - b2 once, and one drop of the D in hand, on c1: perft(1) = 2, not the 10
    entries of a list kept per block (two copies of the leap, one drop per each of the 8 cells)."""
    g = game(tmp_path, """
      (piece (name L) (moves (e n (verify empty?) add) (n e (verify empty?) add)))
      (piece (name D) (drops (c1 (verify empty?) add)))
      (board-setup (A (L a1) (D off 1)) (B (L d2)))""")
    assert moves(g) == ["L a1 - b2", "A D c1"]
    assert g.initial_state().legal_move_count() == 2
