"""A game that forbids a pawn drop that mates (shogi's rule) has no Fairy-Stockfish counterpart.

Fairy-Stockfish forbids no drop for mating: its ``shogiPawnDropMateIllegal`` keeps the drop and
scores the mate as a win for the mated side (for its built-in shogi pawn only).  The export asks
our interpreter whether a mating pawn drop is among the moves (:mod:`runtime.fairy.drop_mates`).
The small game is written here: 3x4, kings stepping one square any way, pawns stepping forward
and dropped from stores on any empty cell.  Skipped without pyffish.
"""

from __future__ import annotations

import textwrap

import pytest

pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed: pip install 'zrf-toolkit[fairy]'")

from runtime.loading.opening import open_game
from tests.conftest import scaled
from tests.fairy.export_refusals import refused_export_lines
from tests.fairy.exported import export_and_verify

#: No pawn may be dropped right in front of the enemy king where it mates, as the corpus's
#: SimpleShogi says it: the pawn is guarded and every square the king could flee to is held by
#: its own piece, guarded, or off the board.
NO_MATE = ("(verify (or (not-piece? King n) (not-enemy? n) not-defended? (safe e) (safe w) (safe ne) (safe nw)"
           " (safe nn)))")
SAFE = "(define safe (and (on-board? $1) (not-defended? $1) (not-enemy? $1)))"


def pawn_drop_game(rule: str = "") -> str:
    """The game of the module docstring; ``rule`` is added to the pawn's drop."""
    return textwrap.dedent(f"""\
        {SAFE}
        (define step ($1 (verify not-friend?) add))
        (game
          (title "Pawn drops")
          (players White Black)
          (turn-order White Black)
          (board
            (grid (start-rectangle 0 0 50 50)
              (dimensions ("a/b/c" (50 0)) ("4/3/2/1" (0 50)))
              (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0) (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1) (nn 0 -2) (ss 0 2)))
            (symmetry Black (n s) (s n) (ne se) (se ne) (nw sw) (sw nw) (nn ss) (ss nn)))
          (piece (name King) (moves (step n) (step e) (step s) (step w) (step ne) (step nw) (step se) (step sw)))
          (piece (name Pawn) (moves (step n)) (drops ((verify empty?) {rule} add)))
          (board-setup (White (King a1) (Pawn off 2)) (Black (King c4) (Pawn off 2)))
          (loss-condition (White Black) (checkmated King))
          (draw-condition (White Black) stalemated))
        """)


def test_a_mating_pawn_drop_the_game_forbids_is_a_located_e810(tmp_path):
    """The pawn may not be dropped in front of the enemy king where it mates: in the probe
    position (Black's king on b4 held in by its pawns on a4, a3, c4, c3; White's king on b2) the
    drop on b3 mates and is not among White's moves, without Black's pawn on a4 (the king
    escapes there) it is; refused at the pawn's drops."""
    path = tmp_path / "nomate.zrf"
    path.write_text(pawn_drop_game(NO_MATE))
    output = refused_export_lines(path)
    assert f"{path}:13:46: E810 a drop of Pawn that mates (on b3, the enemy King beside it held in by its own " \
           "pieces) is not among the moves, where the same drop that does not mate is: Fairy-Stockfish forbids no " \
           "mating drop (its shogiPawnDropMateIllegal keeps the drop and scores that mate as a win for the mated " \
           "side, for its own shogi pawn only)" in output


def test_a_mating_pawn_drop_the_game_allows_exports_and_verifies(tmp_path):
    """Without the rule the probe finds the mating drop allowed, and the export verifies.
    perft(1) = 3 + 10: White's king on a1 steps to a2, b1, b2; a pawn drops on any of the other
    ten cells of the twelve (its own king's a1 and Black's c4 are taken)."""
    path = tmp_path / "mate.zrf"
    path.write_text(pawn_drop_game())
    game = open_game(str(path))
    _, _, result = export_and_verify(game, positions=scaled(200, 30))
    assert result.perft_ours[0] == result.perft_theirs[0] == 13
    assert result.ok, result.describe()
