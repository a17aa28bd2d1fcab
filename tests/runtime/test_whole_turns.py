"""Whole-turn rules, each pinned by a tiny ZRF written here (runtime.interpreter.wholeturns).

Expected move lists are hand counts on boards small enough to check by eye;
the saved games that settled each rule are named in docs/zrf-semantics.md.
"""

from __future__ import annotations

import random

from runtime.loading.opening import open_game

LINE = """
  (players A B) (turn-order A B)
  (board (grid (start-rectangle 0 0 10 10)
               (dimensions ("a/b/c/d/e/f" (10 0)) ("1" (0 10)))
               (directions (e 1 0) (w -1 0))))
"""


def game(tmp_path, body, board=LINE):
    p = tmp_path / "t.zrf"
    p.write_text(f'(game (title "T") {board} {body})')
    return open_game(str(p))


def notations(state):
    return [m.notation for m in state.legal_moves()]


# ---------------------------------------------------------------- move priorities


def test_a_part_emitted_under_two_move_types_ranks_by_the_better_one(tmp_path):
    """The step e is written under start-type (not in move-priorities) and under
    normal-type (listed).  Zillions lists the part once per block; a part is legal
    if any of its move types ranks, so the step stays beside the other normal-type
    step, and the unlisted-only step w (start-type) goes: 2 moves."""
    g = game(tmp_path, """
      (move-priorities normal-type)
      (piece (name P) (moves
         (move-type start-type) (e (verify empty?) add) (w (verify empty?) add)
         (move-type normal-type) (e (verify empty?) add) (e e (verify empty?) add)))
      (board-setup (A (P c1)) (B (P f1)))""")
    assert notations(g.initial_state()) == ["P c1 - d1", "P c1 - e1"]


def test_unlisted_move_types_rank_after_listed_ones(tmp_path):
    """With no normal-type move possible (blocked), the start-type moves are all there is."""
    g = game(tmp_path, """
      (move-priorities normal-type)
      (piece (name P) (moves
         (move-type start-type) (w (verify empty?) add)
         (move-type normal-type) (e (verify empty?) add)))
      (board-setup (A (P c1)) (B (P d1)))""")
    assert notations(g.initial_state()) == ["P c1 - b1"]


# ---------------------------------------------------------------- maximal captures

EIGHT = LINE.replace('"a/b/c/d/e/f"', '"a/b/c/d/e/f/g/h"')

JUMPER = """
  (move-priorities jump step)
  (option "maximal captures" {mode})
  (piece (name M) (moves
     (move-type jump)
       (e (verify enemy?) {effect} e (verify empty?) (add-partial jump))
     (move-type step)
       (e (verify empty?) (add K))))
  (piece (name K))
"""
# Move-type numbers (docs/zrf-semantics.md): the move-priorities types last listed first,
# so step is 1 and jump, the type the chains continue with, is 2: every part is `partial 2`.


def test_maximal_captures_counts_parts_not_pieces_removed(tmp_path):
    """Jumping a K demotes it to M (change-type) instead of removing it, as Northern
    Kings does with captured kings.  M on a1 jumps the K on b1 (one part, nothing
    removed); M on d1 jumps the M on e1 (one part, one piece removed).  Both are one
    part, so both stay: Zillions played such a demotion where a removal was possible
    (Northern Kings.zsg line 10).  Counting pieces removed would keep only d1 x e1."""
    effect = "(if (piece? K) (change-type M) else capture)"
    g = game(tmp_path, JUMPER.format(mode="true", effect=effect) + """
      (board-setup (A (M a1) (M d1)) (B (M e1)))""", board=EIGHT)
    start = g.edited_state([("B", "K", "b1")])
    assert notations(start) == ["partial 2 M a1 - c1 = M on b1", "partial 2 M d1 - f1 x e1"]


def test_maximal_captures_keeps_the_longest_chains(tmp_path):
    """M on a1 jumps b1 then d1 (two parts); M on f1 jumps g1 (one part).  Maximal
    captures keeps the two-part turn; without it both are legal."""
    setup = "(board-setup (A (M a1) (M f1)) (B (M b1) (M d1) (M g1)))"
    g = game(tmp_path, JUMPER.format(mode="true", effect="capture") + setup, board=EIGHT)
    assert notations(g.initial_state()) == ["partial 2 M a1 - c1 x b1; partial 2 M c1 - e1 x d1"]
    g = game(tmp_path, JUMPER.format(mode="false", effect="capture") + setup, board=EIGHT)
    assert notations(g.initial_state()) == ["partial 2 M a1 - c1 x b1; partial 2 M c1 - e1 x d1",
                                            "partial 2 M f1 - h1 x g1"]


def test_maximal_captures_2_prefers_promoted_pieces_at_equal_counts(tmp_path):
    """M on a1 can take the M on b1, M on e1 the K on f1: one part each.  K is a
    promoted type (M's step promotes to it and the set-up holds none; the K is put
    on f1 by a set-up edit), so "maximal captures" 2 keeps the capture of the K
    while true keeps both."""
    setup = "(board-setup (A (M a1) (M e1)) (B (M b1)))"
    two = game(tmp_path, JUMPER.format(mode="2", effect="capture") + setup, board=EIGHT)
    assert sorted(two.tables.types[t] for t in two.promoted) == ["K"]
    assert notations(two.edited_state([("B", "K", "f1")])) == ["partial 2 M e1 - g1 x f1"]
    one = game(tmp_path, JUMPER.format(mode="true", effect="capture") + setup, board=EIGHT)
    assert notations(one.edited_state([("B", "K", "f1")])) == ["partial 2 M a1 - c1 x b1",
                                                               "partial 2 M e1 - g1 x f1"]


# ---------------------------------------------------------------- finite turns, no silent limits

HOPS = """
  (option "pass partial" true)
  (piece (name H) (moves
     (move-type hop)
       (e (verify not-empty?) e (verify empty?) (add-partial hop))
       (w (verify not-empty?) w (verify empty?) (add-partial hop))))
  (piece (name W))
"""


def test_a_turn_never_returns_the_board_to_an_earlier_arrangement(tmp_path):
    """H on a1 hops the wall b1 to c1; hopping back to a1 would restore the start
    board and is not a continuation, so the turn may only stop (Pass): 1 move.
    Before the rule, the chain went back and forth until a cap cut it silently."""
    g = game(tmp_path, HOPS + "(board-setup (A (H a1)) (B (W b1)))")
    assert notations(g.initial_state()) == ["partial 1 H a1 - c1"]
    assert g.notices == []


def test_a_part_that_only_hands_the_turn_on_continues(tmp_path):
    """P steps c1 - d1 and continues with type hand, whose block picks up the Q on a1
    and puts it back as the continuing piece of type go (the board does not change);
    Q then steps a1 - b1.  The hand-over part gives back the board of the state before
    it, but with another continuing cell, so it is a new state and the turn goes on:
    the turn that moves both P and Q exists (before the rule was refined it ended
    after P's step).  Generated Alpha Centauri passes its second part on this way."""
    g = game(tmp_path, """
      (piece (name P) (moves
         (move-type first) (e (verify empty?) (add-partial hand))
         (move-type hand) (a1 (verify (piece? Q)) from (add-partial Q go))))
      (piece (name Q) (moves (move-type go) (e (verify empty?) add)))
      (board-setup (A (P c1) (Q a1)) (B (P f1)))""")
    s = g.initial_state()
    boards = {frozenset(s.apply(m).signature().board) for m in s.legal_moves()}
    assert frozenset({("d1", "A", "P"), ("b1", "A", "Q"), ("f1", "B", "P")}) in boards
    assert frozenset({("d1", "A", "P"), ("a1", "A", "Q"), ("f1", "B", "P")}) not in boards


def test_a_chain_of_64_parts_ends_with_a_located_warning(tmp_path):
    """A piece on a line of 70 cells must keep stepping east (no "pass partial"); every
    part reaches a new board, so only MAX_PARTS stops the chain, with warning W503
    located at the move block."""
    files = "/".join(f"x{i}" for i in range(70))
    board = f"""
      (players A B) (turn-order A B)
      (board (grid (start-rectangle 0 0 10 10) (dimensions ("{files}" (10 0)) ("1" (0 10)))
                   (directions (e 1 0))))
    """
    g = game(tmp_path, """
      (piece (name C) (moves (move-type go) (e (verify empty?) (add-partial go))))
      (board-setup (A (C x01)))""", board=board)
    moves = g.initial_state().legal_moves()
    assert [len(m.parts) for m in moves] == [64]
    [w] = g.notices
    assert w.code == "W503" and w.severity == "warning"
    assert w.format().startswith(f"{tmp_path / 't.zrf'}:6:45: W503 ")  # the (e ...) block


def test_random_move_draws_what_choice_over_the_list_draws(tmp_path):
    """ZrfState.random_move chooses without the list; the draw equals rng.choice(list)."""
    g = game(tmp_path, """
      (piece (name P) (moves (e (while empty? add e)) (w (while empty? add w))))
      (board-setup (A (P c1)) (B (P f1)))""")
    for seed in range(5):
        fresh = g.initial_state()
        listed = g.initial_state()
        assert fresh.random_move(random.Random(seed)) == random.Random(seed).choice(listed.legal_moves())


def test_a_stalemate_test_generates_one_turn(tmp_path):
    """bool(raw_moves()) makes no turn and only the parts of the first piece that has one:
    a1 slides to b1 and c1 (d1 is its own piece's), d1's e1 and f1 are not made until the
    list is read, in the same order as ever: 4 turns."""
    g = game(tmp_path, """
      (piece (name P) (moves (e (while empty? add e))))
      (board-setup (A (P a1 d1)))""")
    raw = g.initial_state().raw_moves()
    assert raw
    assert not raw._held
    assert [p.moves[0][:2] for p in raw._source._stream.made] == [(0, 1), (0, 2)]
    assert [m.notation for m in raw] == ["P a1 - b1", "P a1 - c1", "P d1 - e1", "P d1 - f1"]


def test_a_count_makes_no_moves_and_the_list_still_reads(tmp_path):
    """count() counts the turns past those held without making them moves; the
    list read afterwards is the full list, in the same order as a fresh one."""
    g = game(tmp_path, """
      (piece (name P) (moves (e (while empty? add e))))
      (board-setup (A (P a1)))""")
    raw = g.initial_state().raw_moves()
    assert raw
    assert raw.count() == 5
    assert not raw._held
    assert [m.notation for m in raw] == notations(g.initial_state())
    assert [m.notation for m in raw] == ["P a1 - b1", "P a1 - c1", "P a1 - d1", "P a1 - e1",
                                         "P a1 - f1"]


def test_a_count_past_the_cap_counts_every_turn_and_says_the_list_was_cut(tmp_path):
    from runtime.interpreter.wholeturns import MoveList, TurnSource

    g = game(tmp_path, """
      (piece (name P) (moves (e (while empty? add e))))
      (board-setup (A (P a1)))""")
    moves = MoveList(TurnSource(g.initial_state()), cap=3)
    assert moves.count() == 5
    assert [w.code for w in g.notices] == ["W504"]
    assert len(moves) == 3


def test_legal_move_count_counts_a_pass(tmp_path):
    """With (pass-turn true) the count is the turns plus the pass, as the list has them."""
    g = game(tmp_path, """
      (option "pass turn" true)
      (piece (name P) (moves (e (while empty? add e))))
      (board-setup (A (P a1)))""")
    assert g.initial_state().legal_move_count() == 6
    assert len(g.initial_state().legal_moves()) == 6


# ---------------------------------------------------------------- king safety

ROYAL = """
  (loss-condition (A B) (checkmated K))
  (piece (name K) (moves (e (verify empty?) add)))
  (piece (name X) (moves (w (verify not-friend?) {landing})))
  (board-setup (A (K a1)) (B (X c1) (K f1)))
"""


def test_a_capture_that_leaves_as_many_royal_pieces_is_not_an_attack(tmp_path):
    """A's King may step from a1 to b1 next to B's X.  X captures by stepping west;
    when that step turns X into a King (add K), the capture would leave as many Kings
    on the board as before, and Zillions does not count it as an attack (PassiveChess.zsg
    lines 33-34, where every move turns the mover into the type of its new square).
    When X stays an X the step into its reach is illegal."""
    promoting = game(tmp_path, ROYAL.format(landing="(add K)"))
    assert notations(promoting.initial_state()) == ["K a1 - b1"]
    plain = game(tmp_path, ROYAL.format(landing="add"))
    assert notations(plain.initial_state()) == []


# ---------------------------------------------------------------- notation


def test_changes_are_written_as_zillions_groups_them(tmp_path):
    """P moves a1 -> b1 and becomes Q (add Q) after turning the B pieces on c1 and d1
    into Q (change-type) and the one on e1 into R.  Zillions writes the two equal changes
    as one group and the mover's promotion as a change on its square, last (KoShogi.zsg
    line 74: 'CL 17H - 17F = EV on 1F 19J = HV on 19N 1P = MA on 17F')."""
    g = game(tmp_path, """
      (piece (name P) (moves (e (verify empty?) (change-type Q c1) (change-type Q d1)
                                (change-type R e1) (add Q))))
      (piece (name Q)) (piece (name R))
      (board-setup (A (P a1)) (B (P c1) (P d1) (P e1)))""")
    assert notations(g.initial_state()) == ["P a1 - b1 = Q on c1 d1 = R on e1 = Q on b1"]
    alone = game(tmp_path, """
      (piece (name P) (moves (e (verify empty?) (add Q))))
      (piece (name Q))
      (board-setup (A (P a1)))""")
    assert notations(alone.initial_state()) == ["P a1 - b1 = Q"]
