"""A forced pass in an export: what our interpreter does once neither player can move, what
Fairy-Stockfish does, and the refusal that names the difference."""

from __future__ import annotations

import textwrap

import pytest

pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed: pip install 'zrf-toolkit[fairy]'")

from runtime.fairy.export import export_game, fairy_game
from runtime.loading.opening import open_game
from tests.fairy.export_refusals import refused_export_lines

#: Two cells, one stone in each hand, a forced pass, and a draw by repetition.
TWO_CELLS = textwrap.dedent("""\
    (game
      (title "Two Cells")
      (option "pass turn" forced)
      (players White Black)
      (turn-order White Black)
      (board
        (grid (start-rectangle 0 0 50 50)
          (dimensions ("a/b" (50 0)) ("1" (0 50)))
          (directions (e 1 0) (w -1 0))))
      (piece (name Stone) (drops ((verify empty?) add)))
      (board-setup (White (Stone off 1)) (Black (Stone off 1)))
      (draw-condition (White Black) repetition))
    """)


def test_a_forced_pass_ending_by_repetition_is_refused(tmp_path):
    """By hand: White drops on a1, Black on b1, and the board is full.  Then both pass: the
    position (full board, White to move, empty hands) is there for the second time after two
    passes and the third after four, when the repetition goal draws (SEMANTICS 6.1): our
    interpreter has a pass after two passes and no move after four.  Fairy-Stockfish with the
    section and ``passOnStalemate`` has no move after two passes (its double-pass end), so the
    export refuses the pass, naming the repetition."""
    path = tmp_path / "two-cells.zrf"
    path.write_text(TWO_CELLS)
    game = open_game(str(path))
    state = game.initial_state()
    for notation in ("White Stone a1", "Black Stone b1", "Pass", "Pass"):
        state = state.apply(next(m for m in state.legal_moves() if m.notation == notation))
    assert [m.notation for m in state.legal_moves()] == ["Pass"] and state.outcome() is None
    for _ in range(2):
        state = state.apply(state.legal_moves()[0])
    assert state.outcome() is not None and state.outcome().draw

    output = refused_export_lines(path)
    assert f"{path}:3:3: E813 pass turn forced: Fairy-Stockfish ends the game as a draw when both players pass " \
           "in turn, the ZRF plays on: once neither player can move, it ends it by repetition two passes " \
           "later" in output

    path.write_text(TWO_CELLS.replace('  (option "pass turn" forced)\n', ""))
    export = export_game(open_game(str(path)))
    assert export.ok, [d.format() for d in export.diagnostics]
    export.section.options["passOnStalemate"] = "true"
    fairy = fairy_game(export).initial_state()
    for uci in ("S@a1", "S@b1", "a1a1", "b1b1"):
        fairy = fairy.apply(next(m for m in fairy.legal_moves() if m.notation == uci))
    assert fairy.uci_moves() == []
