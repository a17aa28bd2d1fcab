"""Pawn-style promotions of pieces other than the orthodox pawn (``promotionPawnTypes``)."""

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

#: Men stepping as wazirs that must become a Lord (a king's steps) on their last rank, on a
#: 3x4 board: every step that ends there promotes, wherever it starts.
WAZIR_PAWNS = textwrap.dedent("""\
    (define step-p ($1 (verify not-friend?) (if (in-zone? last) (add Lord) else add)))
    (define step ($1 (verify not-friend?) add))
    (game
      (title "Wazir Pawns")
      (players White Black)
      (turn-order White Black)
      (board
        (grid (start-rectangle 0 0 50 50)
          (dimensions ("a/b/c" (50 0)) ("4/3/2/1" (0 50)))
          (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0) (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1)))
        (zone (name last) (players White) (positions a4 b4 c4))
        (zone (name last) (players Black) (positions a1 b1 c1)))
      (piece (name Man) (moves (step-p n) (step-p e) (step-p s) (step-p w)))
      (piece (name Lord) (moves (step n) (step e) (step s) (step w) (step ne) (step nw) (step se) (step sw)))
      (board-setup (White (Man a2)) (Black (Man c3)))
      (loss-condition (White Black) stalemated))
    """)


def test_a_wazir_that_must_promote_on_its_last_rank_is_a_promotion_pawn_type(tmp_path):
    """The Man is no orthodox pawn (it steps every way) and no shogi piece (leaving the last
    rank it does not promote), but every step ending on the last rank, and only those, makes
    it a Lord: ``promotionPawnTypes``.  By hand: White's a2 man steps to a3, b2 or a1 (3);
    Black's c3 man then to c4, c2 or b3 in each case (perft(2) 9).  A White man on b3 with a
    Black man on a1 has four moves, the one to b4 only as a Lord: b3b4l, b3a3, b3c3, b3b2, in
    both engines."""
    path = tmp_path / "wazir-pawns.zrf"
    path.write_text(WAZIR_PAWNS)
    game = open_game(str(path))
    export, _, result = export_and_verify(game, positions=scaled(200, 30))
    options = export.section.options
    assert (options["promotionPawnTypes"], options["promotionPieceTypes"]) == ("m", "l")
    assert (options["promotionRegionWhite"], options["promotionRegionBlack"]) == ("a4 b4 c4", "a1 b1 c1")
    assert options["mandatoryPawnPromotion"] == "true"
    assert result.perft_theirs[:2] == [3, 9]
    assert result.ok, result.describe()

    pyffish.load_variant_config(export.section.text())
    assert sorted(pyffish.legal_moves(export.section.name, "3/1M1/3/m2 w - - 0 1", [])) == \
        ["b3a3", "b3b2", "b3b4l", "b3c3"]
    state = game.edited_state([(None, None, c) for c in game.positions]
                              + [("White", "Man", "b3"), ("Black", "Man", "a1")])
    assert sorted(m.notation for m in state.legal_moves()) == \
        ["Man b3 - a3", "Man b3 - b2", "Man b3 - b4 = Lord", "Man b3 - c3"]


def test_optional_pawn_style_promotion_fails_the_verification(tmp_path):
    """The same section saying the promotion is optional lets the Man stop on b4 unchanged, which
    our interpreter never does: the verification names a difference."""
    path = tmp_path / "wazir-pawns.zrf"
    path.write_text(WAZIR_PAWNS)
    game = open_game(str(path))
    export = export_game(game)
    export.section.options["mandatoryPawnPromotion"] = "false"
    assert not verify(fairy_game(export), game, depth=3, positions=scaled(200, 30)).ok


def test_a_promotion_that_depends_on_the_direction_is_refused(tmp_path):
    """A step east onto the last rank leaves the Man unchanged where a step north promotes it:
    neither shogi-style nor pawn-style, two E808 at the piece."""
    path = tmp_path / "sideways.zrf"
    path.write_text(WAZIR_PAWNS.replace("(step-p e)", "(step e)"))
    output = refused_export_lines(path)
    assert f"{path}:13:3: E808 Man promotes, but not pawn-style either (Fairy-Stockfish's promotionPawnTypes): the " \
           "moves into its promotion cells promote to different types (a3-a4, a4-b4, b3-b4, b4-a4...)" in output


def test_a_promotion_whose_type_depends_on_the_landing_cell_is_refused_naming_the_cells(tmp_path):
    """Passive chess's rule, small: a Man arriving on a4 or b4 becomes a Lord, on c4 a Duke (the
    Lord's moves): pawn-style promotions promote to the same types on every cell, so the
    refusal names which type each cell gives."""
    path = tmp_path / "landing.zrf"
    text = WAZIR_PAWNS.replace("(if (in-zone? last) (add Lord) else add)",
                               "(if (in-zone? last) (add Lord) else (if (in-zone? corner) (add Duke) else add))")
    text = text.replace("(zone (name last) (players White) (positions a4 b4 c4))",
                        "(zone (name last) (players White) (positions a4 b4))\n"
                        "    (zone (name corner) (players White) (positions c4))")
    text = text.replace("(zone (name last) (players Black) (positions a1 b1 c1)))",
                        "(zone (name last) (players Black) (positions a1 b1))\n"
                        "    (zone (name corner) (players Black) (positions c1)))")
    duke = "(piece (name Duke) (moves (step n) (step e) (step s) (step w) (step ne) (step nw) (step se) (step sw)))"
    text = text.replace("  (board-setup", f"  {duke}\n  (board-setup")
    path.write_text(text)
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "(piece (name Man)" in t)
    assert f"{path}:{line}:3: E808 Man promotes, but not pawn-style either (Fairy-Stockfish's promotionPawnTypes): " \
           "the type it turns into depends on the cell it lands on (Lord on a4, b4; Duke on c4): Fairy-Stockfish " \
           "promotes to the same types on every cell of its promotion region" in refused_export_lines(path)


#: Men that only step forward onto an empty cell, two steps from their second rank over an
#: empty cell, and must become a Lord (a king's steps, never capturing) on their last rank.
QUIET_PAWNS = textwrap.dedent("""\
    (define shift (n (verify empty?) (if (in-zone? last) (add Lord) else add)))
    (define double (n (verify empty?) (verify (in-zone? third)) n (verify empty?) add))
    (define step ($1 (verify empty?) add))
    (game
      (title "Quiet Pawns")
      (players White Black)
      (turn-order White Black)
      (board
        (grid (start-rectangle 0 0 50 50)
          (dimensions ("a/b/c" (50 0)) ("5/4/3/2/1" (0 50)))
          (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0) (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1)))
        (symmetry Black (n s) (s n) (ne se) (se ne) (nw sw) (sw nw))
        (zone (name third) (players White Black) (positions a3 b3 c3))
        (zone (name last) (players White) (positions a5 b5 c5))
        (zone (name last) (players Black) (positions a1 b1 c1)))
      (piece (name Man) (moves (shift) (double)))
      (piece (name Lord) (moves (step n) (step e) (step s) (step w) (step ne) (step nw) (step se) (step sw)))
      (board-setup (White (Man a2)) (Black (Man c4)))
      (loss-condition (White Black) stalemated))
    """)


def test_a_pawn_that_never_captures_double_steps_as_an_initial_move(tmp_path):
    """Benedict chess's pawn: forward steps only, and a double step from its second rank.  Not
    the orthodox pawn (fmWfcF), so the double step is the custom piece's initial move
    (``ifmnD``, from ``doubleStepRegion``), lame because a piece between stops it.  By hand:
    White's a2 man goes to a3 or a4 (2); Black's c4 man to c3 or c2 (perft(2) 4); then the
    White man has one move, a3-a4 or a4-a5 as a Lord (perft(3) 4).  With a Black man on a3 the
    White one on a2 has no move in either engine."""
    path = tmp_path / "quiet-pawns.zrf"
    path.write_text(QUIET_PAWNS)
    game = open_game(str(path))
    export, _, result = export_and_verify(game, positions=scaled(200, 30))
    options = export.section.options
    assert options["customPiece1"] == "m:mfWifmnD"
    assert (options["doubleStepRegionWhite"], options["doubleStepRegionBlack"]) == ("a2 b2 c2", "a4 b4 c4")
    assert result.perft_theirs == [2, 4, 4]
    assert result.ok, result.describe()

    pyffish.load_variant_config(export.section.text())
    assert pyffish.legal_moves(export.section.name, "3/3/m2/M2/3 w - - 0 1", []) == []
    state = game.edited_state([(None, None, c) for c in game.positions]
                              + [("White", "Man", "a2"), ("Black", "Man", "a3")])
    assert state.legal_moves() == []
