"""Positions beside the one grid: left out of an export when no piece ever stands on them,
an exact E802 when one may."""

from __future__ import annotations

import pytest

pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed: pip install 'zrf-toolkit[fairy]'")

from runtime.fairy.export import export_game
from runtime.loading.opening import open_game
from tests.conftest import scaled
from tests.fairy.export_refusals import refused_export_lines
from tests.fairy.exported import export_and_verify
from tests.fairy.games import TINY

#: TINY with a position of its own beside the grid (a seal drawn on the board), nothing on it.
SEALED = TINY.replace("(board\n", "(board\n    (positions (Seal 250 0 290 40))\n")


def test_a_position_no_piece_reaches_is_left_out(tmp_path):
    """The seal is linked to no cell, holds nothing at the start, and no move reaches it: the
    section is the grid alone, as written by hand from the set-up (black rook a4, black king
    d4, white king a1, white rook d1), the same as the game without the seal, and both engines
    give the same perft(3) and random positions."""
    assert SEALED != TINY
    path = tmp_path / "sealed.zrf"
    path.write_text(SEALED)
    game = open_game(str(path))
    export, _, result = export_and_verify(game, positions=scaled(200, 30))
    assert export.section.options["startFen"] == "r2k/4/4/K2R w - - 0 1"
    assert (export.section.options["maxFile"], export.section.options["maxRank"]) == ("4", "4")
    plain = tmp_path / "plain.zrf"
    plain.write_text(TINY)
    assert export.section.options == export_game(open_game(str(plain))).section.options
    assert result.ok, result.describe()


def test_a_position_holding_a_piece_stays_e802(tmp_path):
    """The white rook set up on the seal instead of d1: the seal is part of the game."""
    path = tmp_path / "held.zrf"
    path.write_text(SEALED.replace("(Rook d1)", "(Rook Seal)"))
    assert f"{path}:7:3: E802 Fairy-Stockfish plays on one rectangular grid: this board has positions outside " \
           "its grid (Seal), and the set-up puts a piece on Seal" in refused_export_lines(path)


def test_a_position_linked_to_the_grid_stays_e802(tmp_path):
    """A direction from d4 to the seal: a move may follow it."""
    path = tmp_path / "linked.zrf"
    path.write_text(SEALED.replace("(positions (Seal 250 0 290 40))",
                                   "(positions (Seal 250 0 290 40))\n    (links out (d4 Seal))"))
    assert f"{path}:7:3: E802 Fairy-Stockfish plays on one rectangular grid: this board has positions outside " \
           "its grid (Seal), and the board links them to it (out from d4 to Seal)" in refused_export_lines(path)


def test_a_position_a_drop_reaches_stays_e802(tmp_path):
    """A token in White's hand, dropped on any empty position: the seal is one."""
    text = SEALED.replace("(piece (name Rook)", "(piece (name Token) (drops ((verify empty?) add)))\n  (piece (name Rook)") \
        .replace("(White (King a1)", "(White (Token off 1) (King a1)")
    path = tmp_path / "dropped.zrf"
    path.write_text(text)
    assert f"{path}:7:3: E802 Fairy-Stockfish plays on one rectangular grid: this board has positions outside " \
           "its grid (Seal), and a move or drop reaches Seal" in refused_export_lines(path)
