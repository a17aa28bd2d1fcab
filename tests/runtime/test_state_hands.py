"""A ZRF state answers the engine contract's ``hands()``: off-board stores by player and type."""

from __future__ import annotations

from runtime.loading.opening import open_game

DROP_GAME = """(game (title "Drops") (players X O) (turn-order X O)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c" (10 0)) ("2/1" (0 10)))
               (directions (n 0 -1))))
  (piece (name man) (drops ((verify empty?) add)))
  (board-setup (X (man off 5)) (O (man off 2))))
"""


def test_hands_count_the_off_board_stores(tmp_path):
    path = tmp_path / "drops.zrf"
    path.write_text(DROP_GAME)
    state = open_game(str(path)).initial_state()
    assert state.hands() == {("X", "man"): 5, ("O", "man"): 2}
    # six drop squares for X; after one drop X has 4 left
    moves = state.legal_moves()
    assert len(moves) == 6
    after = state.apply(moves[0])
    assert after.hands() == {("X", "man"): 4, ("O", "man"): 2}
