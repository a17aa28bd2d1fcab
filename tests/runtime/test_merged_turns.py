"""runtime.core.merged_turns.MergedTurns: consecutive turns of one player as one move, never cut silently."""

from __future__ import annotations

import pytest

from runtime.loading.opening import open_game
from runtime.core.merged_turns import MAX_CHAIN, MergedTurns


def _game(tmp_path, turns_in_a_row: int):
    order = " ".join(["A"] * turns_in_a_row) + " B"
    p = tmp_path / "t.zrf"
    p.write_text(f"""(game (title "T") (players A B) (turn-order {order})
      (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b" (10 0)) ("1" (0 10)))
                   (directions (e 1 0) (w -1 0))))
      (piece (name P) (moves (e (verify empty?) add) (w (verify empty?) add)))
      (board-setup (A (P a1)) (B (P b1))) (option "pass turn" true))""")
    return open_game(str(p))


def test_two_turns_in_a_row_are_one_move(tmp_path):
    """A moves twice, then B: A's merged moves are every pair of its turns.  P on a1 is
    blocked by b1, so each turn is a Pass: one merged move of two passes."""
    moves = MergedTurns(_game(tmp_path, 2)).initial_state().legal_moves()
    assert [m.notation for m in moves] == ["Pass; Pass"]


def test_a_run_longer_than_the_limit_is_an_error_not_a_cut(tmp_path):
    with pytest.raises(ValueError, match=f"more than {MAX_CHAIN} turns in a row"):
        MergedTurns(_game(tmp_path, MAX_CHAIN + 1)).initial_state().legal_moves()
