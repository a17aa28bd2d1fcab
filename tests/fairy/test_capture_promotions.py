"""Exports of pieces that change type when they capture (micro shogi's rule).

The small game is written here: a 3x3 board; a Man steps one square orthogonally and, when it
captures, becomes a Lord; a Lord steps one square diagonally and, when it captures, becomes a
Man again.  Fairy-Stockfish says so with promotions on capture and demotions
(``piecePromotionOnCapture``, ``mandatoryPiecePromotion``, ``pieceDemotion``).  Perft counts
are worked out by hand in the docstrings; Fairy-Stockfish (pyffish), with the section loaded,
is the engine compared.  Skipped without pyffish.
"""

from __future__ import annotations

import textwrap

import pytest

pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed: pip install 'zrf-toolkit[fairy]'")

from runtime.fairy.export import export_game, fairy_game
from runtime.loading.opening import open_game
from tests.conftest import scaled
from tests.fairy.export_refusals import refused_export_lines
from tests.fairy.exported import export_and_verify


def turning_game(man_captures: str = "(take n Lord) (take e Lord) (take s Lord) (take w Lord)") -> str:
    """The game of the module docstring; ``man_captures`` are the Man's capturing moves."""
    return textwrap.dedent(f"""\
        (define step ($1 (verify empty?) add))
        (define take ($1 (verify enemy?) (add $2)))
        (game
          (title "Turning")
          (players White Black)
          (turn-order White Black)
          (board
            (grid (start-rectangle 0 0 50 50)
              (dimensions ("a/b/c" (50 0)) ("3/2/1" (0 50)))
              (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0) (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1))))
          (piece (name Man) (moves (step n) (step e) (step s) (step w) {man_captures}))
          (piece (name Lord) (moves (step ne) (step nw) (step se) (step sw)
                                    (take ne Man) (take nw Man) (take se Man) (take sw Man)))
          (board-setup (White (Man a1 c1)) (Black (Man b2 b3)))
          (draw-condition (White Black) stalemated))
        """)


def test_pieces_that_turn_over_when_they_capture_export_and_verify(tmp_path):
    """White: men on a1 and c1; Black: men on b2 and b3 (no symmetry: both sides' ``n`` is up).
    perft(1) = 4: a1 to a2 or b1, c1 to c2 or b1.  perft(2) = 20: after each, Black's man on b2
    has three moves (of c2, b1, a2, one of them taking White's man there and turning into a
    Lord; b3 blocks it upwards) and the man on b3 two (c3, a3): 4 x 5.  The section promotes a
    Man to its promoted form (``+m``) on every capture, anywhere, and turns a Lord back when it
    captures."""
    path = tmp_path / "turning.zrf"
    path.write_text(turning_game())
    game = open_game(str(path))
    export, _, result = export_and_verify(game, positions=scaled(200, 60))
    options = export.section.options
    assert options["promotedPieceType"] == "m:l"
    assert options["piecePromotionOnCapture"] == options["mandatoryPiecePromotion"] == "true"
    assert options["pieceDemotion"] == "true"
    assert options["promotionRegionWhite"] == "a1 b1 c1 a2 b2 c2 a3 b3 c3"
    assert result.perft_ours[:2] == result.perft_theirs[:2] == [4, 20]
    assert result.ok, result.describe()


def test_a_capture_that_may_keep_the_type_where_another_must_turn_is_a_located_e808(tmp_path):
    """The Man may also capture without turning into a Lord, while a Lord always turns back:
    Fairy-Stockfish's promotions on capture are all mandatory or all the player's choice
    (``mandatoryPiecePromotion``, demotions included); refused at the Man."""
    path = tmp_path / "either.zrf"
    path.write_text(turning_game("(take n Lord) (take e Lord) (take s Lord) (take w Lord) "
                                 "(take n Man) (take e Man) (take s Man) (take w Man)"))
    output = refused_export_lines(path)
    assert f"{path}:11:3: E808 Man may capture as Man or turn into Lord, where Lord turns on every capture: " \
           "Fairy-Stockfish's mandatoryPiecePromotion is one rule for every piece" in output


def test_captures_that_may_turn_or_not_are_the_players_choice(tmp_path):
    """Both the Man and the Lord may capture unchanged or turned over: the player's choice on
    every capture, ``mandatoryPiecePromotion = false``.  perft(1) = 4 as in the first game (no
    capture yet); perft(2) = 24: the one capture among Black's five moves after each White move
    is now two moves (4 x 6)."""
    path = tmp_path / "choice.zrf"
    text = turning_game("(take n Lord) (take e Lord) (take s Lord) (take w Lord) "
                        "(take n Man) (take e Man) (take s Man) (take w Man)")
    path.write_text(text.replace("(take sw Man)))", "(take sw Man) (take ne Lord) (take nw Lord) (take se Lord) "
                                 "(take sw Lord)))"))
    game = open_game(str(path))
    export, _, result = export_and_verify(game, positions=scaled(200, 60))
    assert export.section.options["mandatoryPiecePromotion"] == "false"
    assert result.perft_ours[:2] == result.perft_theirs[:2] == [4, 24]
    assert result.ok, result.describe()


def test_a_demotion_is_written_as_fairy_stockfish_writes_it(tmp_path):
    """Along seeded random games of the first game, the first Lord that can capture (turning back
    into a Man): Fairy-Stockfish's moves in that position hold the same move, written with a
    trailing ``-`` (``c3d3-``)."""
    import random

    from runtime.fairy.uci_moves import notation_of

    path = tmp_path / "turning.zrf"
    path.write_text(turning_game())
    game = open_game(str(path))
    export = export_game(game)
    fairy = fairy_game(export)
    notation = notation_of(export.naming)
    for seed in range(50):
        rng = random.Random(seed)
        ours, theirs = game.initial_state(), fairy.initial_state()
        for _ in range(30):
            moves = ours.legal_moves()
            demotions = [m for m in moves if m.details and m.details[0].promotion == "Man"
                         and m.details[0].movements[0].piece[1] == "Lord"]
            if demotions:
                text = notation.text(demotions[0])
                assert text is not None and text.endswith("-")
                assert text in {m.notation for m in theirs.legal_moves()}
                return
            if not moves:
                break
            move = rng.choice(moves)
            uci = notation.text(move)
            ours = ours.apply(move)
            theirs = theirs.apply(next(m for m in theirs.legal_moves() if m.notation == uci))
    pytest.fail("no random game reached a Lord that can capture")
