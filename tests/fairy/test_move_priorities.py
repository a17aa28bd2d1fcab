"""Move priorities as Fairy-Stockfish's mustCapture, and the priorities that stay refused.

Expected counts are worked out by hand in the docstrings and checked against Fairy-Stockfish
(pyffish) as well as our interpreter; the refusals are the exact located diagnostics.
"""

from __future__ import annotations

import textwrap

import pytest

pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed: pip install 'zrf-toolkit[fairy]'")

import pyffish

from runtime.fairy.export import export_game, fairy_game
from runtime.fairy.verification import verify
from runtime.loading.opening import open_game
from tests.conftest import scaled
from tests.fairy.export_refusals import refused_export_lines
from tests.fairy.exported import export_and_verify

#: Men on a 4x4 board stepping orthogonally onto an empty cell (normal-type) and capturing
#: diagonally (capture-type); the priorities put the captures first.
CAPTURES_FIRST = textwrap.dedent("""\
    (define step-q ($1 (verify empty?) add))
    (define step-c ($1 (verify enemy?) add))
    (game
      (title "Takers")
      (players White Black)
      (turn-order White Black)
      (move-priorities capture-type normal-type)
      (board
        (grid (start-rectangle 0 0 50 50)
          (dimensions ("a/b/c/d" (50 0)) ("4/3/2/1" (0 50)))
          (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0) (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1))))
      (piece (name Man)
        (moves
          (move-type normal-type) (step-q n) (step-q e) (step-q s) (step-q w)
          (move-type capture-type) (step-c ne) (step-c nw) (step-c se) (step-c sw)))
      (board-setup (White (Man a1 b1)) (Black (Man c4 d4)))
      (loss-condition (White Black) stalemated))
    """)


def _write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_captures_first_is_must_capture(tmp_path):
    """Every capture-type block only captures and every normal-type block never does, so the
    priorities are Fairy-Stockfish's ``mustCapture``.  By hand, from the start: White's a1 man
    steps to a2 (b1 is taken), the b1 man to b2 or c1: 3; no capture is in reach of either side
    for two plies, Black's c4 man steps to c3 or b4 and the d4 man to d3: perft(2) 9.  With
    White's man on a1 and Black's on b2 and d4, the a1 man must take b2 (a1-a2 and a1-b1 would
    be legal without the priority): 1 move in both engines."""
    path = _write(tmp_path, "takers.zrf", CAPTURES_FIRST)
    game = open_game(str(path))
    export, _, result = export_and_verify(game, positions=scaled(200, 30))
    assert export.section.options["mustCapture"] == "true"
    assert result.perft_theirs[:2] == [3, 9]
    assert result.ok, result.describe()

    pyffish.load_variant_config(export.section.text())
    assert pyffish.legal_moves(export.section.name, "3m/4/1m2/M3 w - - 0 1", []) == ["a1b2"]
    state = game.edited_state([(None, None, c) for c in game.positions]
                              + [("White", "Man", "a1"), ("Black", "Man", "b2"), ("Black", "Man", "d4")])
    assert [m.notation for m in state.legal_moves()] == ["Man a1 x b2"]


def test_without_must_capture_fairy_stockfish_plays_otherwise(tmp_path):
    """The option is what makes the two engines agree: the same section without it lets a
    player step while a capture is in reach, and the verification names a difference."""
    path = _write(tmp_path, "takers.zrf", CAPTURES_FIRST)
    game = open_game(str(path))
    export = export_game(game)
    del export.section.options["mustCapture"]
    result = verify(fairy_game(export), game, depth=3, positions=scaled(200, 30))
    assert not result.ok


def test_a_first_ranked_block_that_moves_without_capturing_is_refused(tmp_path):
    """A capture-type block that also steps onto an empty cell: the first rank is not the
    captures alone.  E813 at that block, with the moves the probes saw (a1-b2 ... on the empty
    board; listed from the squares in order)."""
    text = CAPTURES_FIRST.replace("(step-c ne)", "(ne (verify not-friend?) add)")
    path = _write(tmp_path, "quiet-first.zrf", text)
    output = refused_export_lines(path)
    assert f"{path}:15:32: E813 move-priorities: capture-type ranks first, but Man's blocks of it also move " \
           "without capturing (a1-b2, a2-b3, a3-b4, b1-c2...): Fairy-Stockfish's mustCapture puts captures " \
           "first, and nothing else" in output


def test_a_later_ranked_block_that_captures_is_refused(tmp_path):
    """A normal-type block that also captures: a capture the priorities rank with the quiet
    moves, where Fairy-Stockfish's mustCapture would put it first.  E813 at that block."""
    text = CAPTURES_FIRST.replace("(step-q n)", "(n (verify not-friend?) add)")
    path = _write(tmp_path, "later-captures.zrf", text)
    output = refused_export_lines(path)
    assert f"{path}:14:31: E813 move-priorities: Man's blocks of a later rank (normal-type) capture too: " \
           "Fairy-Stockfish's mustCapture puts every capture first" in output


def test_captures_first_with_a_royal_piece_is_refused(tmp_path):
    """With a ``checkmated`` goal Zillions ranks the captures before it removes the moves that
    leave the royal piece attacked (SEMANTICS 2.5): a pinned capture still forbids every quiet
    move.  Fairy-Stockfish's mustCapture counts only legal captures (``Position::has_capture``
    tests ``legal``), so the two differ: E813 at the priorities."""
    text = CAPTURES_FIRST.replace("(loss-condition (White Black) stalemated)",
                                  "(loss-condition (White Black) (checkmated Man))")
    path = _write(tmp_path, "royal.zrf", text)
    output = refused_export_lines(path)
    assert f"{path}:7:3: E813 move-priorities: capture-type ranks before normal-type in a game with a royal " \
           "piece: Zillions ranks the moves before it removes those that leave the royal piece attacked " \
           "(SEMANTICS 2.5), so a capture that is illegal still forbids the other moves; Fairy-Stockfish's " \
           "mustCapture, its only priority of captures, counts only legal captures" in output


def test_three_ranks_are_refused(tmp_path):
    """Captures, then two steps, then the two others: three ranks, and Fairy-Stockfish's two
    priorities each split the moves in two.  E813 at the priorities."""
    text = CAPTURES_FIRST.replace("(step-q s) (step-q w)", "(move-type slow-type) (step-q s) (step-q w)") \
        .replace("(move-priorities capture-type normal-type)", "(move-priorities capture-type normal-type slow-type)")
    path = _write(tmp_path, "three.zrf", text)
    output = refused_export_lines(path)
    assert f"{path}:7:3: E813 move-priorities: the blocks fall into 3 ranks (capture-type, then normal-type, then " \
           "slow-type): Fairy-Stockfish has two, drops before the rest (mustDrop) or captures before the rest " \
           "(mustCapture)" in output


#: Kings, rooks and bishops that step or slide onto empty cells (normal-type) and capture the
#: same way (capture-type), captures first; White's rook on b2 is pinned to its king on a1 by
#: Black's bishop on c3, and its only capture, b4, would leave the king attacked.
PINNED_CAPTURE = textwrap.dedent("""\
    (define q ($1 (verify empty?) add))
    (define c ($1 (verify enemy?) add))
    (define qs ($1 (while empty? add $1)))
    (define cs ($1 (while empty? $1) (verify enemy?) add))
    (game
      (title "Pinned Capture")
      (players White Black)
      (turn-order White Black)
      (move-priorities capture-type normal-type)
      (board
        (grid (start-rectangle 0 0 50 50)
          (dimensions ("a/b/c/d" (50 0)) ("4/3/2/1" (0 50)))
          (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0) (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1))))
      (piece (name King)
        (moves
          (move-type normal-type) (q n) (q e) (q s) (q w) (q ne) (q nw) (q se) (q sw)
          (move-type capture-type) (c n) (c e) (c s) (c w) (c ne) (c nw) (c se) (c sw)))
      (piece (name Rook)
        (moves
          (move-type normal-type) (qs n) (qs e) (qs s) (qs w)
          (move-type capture-type) (cs n) (cs e) (cs s) (cs w)))
      (piece (name Bishop)
        (moves
          (move-type normal-type) (qs ne) (qs nw) (qs se) (qs sw)
          (move-type capture-type) (cs ne) (cs nw) (cs se) (cs sw)))
      (board-setup (White (King a1) (Rook b2)) (Black (King d4) (Bishop c3) (Rook b4)))
      (loss-condition (White Black) (checkmated King)))
    """)

#: The same game as a Fairy-Stockfish section written by hand: a royal king, a rook and a bishop,
#: captures first.
PINNED_CAPTURE_INI = textwrap.dedent("""\
    [pinned-capture]
    maxRank = 4
    maxFile = 4
    king = k
    customPiece1 = r:R
    customPiece2 = b:B
    mustCapture = true
    castling = false
    checkmateValue = loss
    stalemateValue = draw
    startFen = 1r1k/2b1/1R2/K3 w - - 0 1
    """)


def test_an_illegal_capture_forbids_the_quiet_moves_in_zillions_only(tmp_path):
    """Why captures first with a royal piece is refused, on one position.  White's one capture,
    Rook b2 x b4, ranks first and suppresses every quiet move; the king-safety filter then
    removes it (the bishop on c3 would attack a1): our interpreter has no move at all (SEMANTICS
    2.5).  Fairy-Stockfish's mustCapture counts only legal captures, so with none it allows the
    quiet moves: by hand the king's a1-a2 and a1-b1 (b2 is its own rook; the pinned rook has no
    legal move).  The export refuses it, E813 at the priorities."""
    path = tmp_path / "pinned.zrf"
    path.write_text(PINNED_CAPTURE)
    assert list(open_game(str(path)).initial_state().legal_moves()) == []
    pyffish.load_variant_config(PINNED_CAPTURE_INI)
    assert sorted(pyffish.legal_moves("pinned-capture", pyffish.start_fen("pinned-capture"), [])) == \
        ["a1a2", "a1b1"]
    assert f"{path}:9:3: E813 move-priorities: capture-type ranks before normal-type in a game with a royal " \
           "piece: Zillions ranks the moves before it removes those that leave the royal piece attacked " \
           "(SEMANTICS 2.5), so a capture that is illegal still forbids the other moves; Fairy-Stockfish's " \
           "mustCapture, its only priority of captures, counts only legal captures" in refused_export_lines(path)
