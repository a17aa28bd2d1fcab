"""A player with no pieces left loses: ``(pieces-remaining 0)`` as Fairy-Stockfish's extinction of
every piece type (``extinctionPieceTypes = *``), checked on a game small enough to count by hand."""

from __future__ import annotations

import textwrap

import pytest

pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed: pip install 'zrf-toolkit[fairy]'")

from runtime.loading.opening import open_game
from tests.fairy.exported import export_and_verify

#: Three cells in a row, one Man each, stepping east or west onto an empty or enemy cell.
LAST_MAN = textwrap.dedent("""\
    (define step ($1 (verify not-friend?) add))
    (game
      (title "Last Man")
      (players White Black)
      (turn-order White Black)
      (board
        (grid (start-rectangle 0 0 50 50)
          (dimensions ("a/b/c" (50 0)) ("1" (0 50)))
          (directions (e 1 0) (w -1 0))))
      (piece (name Man) (moves (step e) (step w)))
      (board-setup (White (Man a1)) (Black (Man c1)))
      (loss-condition (White Black) (pieces-remaining 0)))
    """)


def test_no_pieces_left_loses_in_both_engines(tmp_path):
    """By hand: White's only move is a1-b1 (west of a1 is off the board, c1 is two steps away);
    Black's only move is then c1xb1, which leaves White no piece, so White has lost before it
    moves.  perft: 1, 1, then 0.  The export writes the goal as ``extinctionPieceTypes = *`` with
    the default count 0, and Fairy-Stockfish ends the game at the same position, Black the
    winner."""
    path = tmp_path / "last-man.zrf"
    path.write_text(LAST_MAN)
    game = open_game(str(path))
    export, fairy, result = export_and_verify(game, positions=20)
    options = export.section.options
    assert options["extinctionPieceTypes"] == "*" and options["extinctionValue"] == "loss"
    assert "extinctionPieceCount" not in options

    ours, theirs = game.initial_state(), fairy.initial_state()
    assert [m.notation for m in ours.legal_moves()] == ["Man a1 - b1"]
    assert [m.notation for m in theirs.legal_moves()] == ["a1b1"]
    ours, theirs = ours.apply(ours.legal_moves()[0]), theirs.apply(theirs.legal_moves()[0])
    assert [m.notation for m in theirs.legal_moves()] == ["c1b1"] and len(ours.legal_moves()) == 1
    ours, theirs = ours.apply(ours.legal_moves()[0]), theirs.apply(theirs.legal_moves()[0])
    for state in (ours, theirs):
        outcome = state.outcome()
        assert outcome is not None and outcome.winners == ("Black",), outcome
    assert result.ok
