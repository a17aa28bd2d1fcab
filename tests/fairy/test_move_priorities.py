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
    export = export_game(game)
    assert export.ok, [d.format() for d in export.diagnostics]
    assert export.section.options["mustCapture"] == "true"
    result = verify(fairy_game(export), game, depth=3, positions=scaled(200, 30))
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
