"""Castling that outlives a king's move away and back is no Fairy-Stockfish castling."""

from __future__ import annotations

from pathlib import Path

from runtime.fairy.export import export_game
from runtime.loading.opening import open_game
from tests.fairy.export_refusals import refused_export_lines

CHESS = Path("tests/games/chess.zrf")


def test_castling_with_never_moved_flags_exports():
    """tests/games/chess.zrf clears the king's and the rooks' never-moved? flags when they move,
    as FIDE castling needs: the castling is exported with all four rights."""
    export = export_game(open_game(str(CHESS)))
    assert export.ok, [d.format() for d in export.diagnostics]
    assert export.section.options["castling"] == "true"
    assert " w KQkq " in export.section.options["startFen"]


def test_a_king_that_keeps_its_flag_when_it_steps_is_refused(tmp_path):
    """The king's step no longer clears never-moved?: after King e1-e2 and back (the black king
    stepping away and back meanwhile) our interpreter still castles on both sides, where
    Fairy-Stockfish has lost the rights.  E806 at the castling, naming the king's trip; the
    rooks' trips end their own castling, as the flags say."""
    text = CHESS.read_text().replace(
        "(define king-step ($1 (verify not-friend?) (set-attribute never-moved? false) add))",
        "(define king-step ($1 (verify not-friend?) add))")
    path = tmp_path / "chess.zrf"
    path.write_text(text)
    assert f"{path}:75:12: E806 castling: the ZRF still castles after King e1-e2-e1; Fairy-Stockfish's castling " \
           "needs a king and rook that never moved" in refused_export_lines(path)


def test_the_trip_is_probed_with_another_enemy_piece_where_the_enemy_has_no_king(tmp_path):
    """The same king, and Black with pawns only (Horde chess's armies the other way round): the
    probe's second player, which has no king to step away and back, moves a pawn twice instead
    (a7-a6-a5: the first of the pawns farthest from White's rank), and the king's trip is found as above."""
    text = CHESS.read_text().replace(
        "(define king-step ($1 (verify not-friend?) (set-attribute never-moved? false) add))",
        "(define king-step ($1 (verify not-friend?) add))").replace(
        """(Black (Pawn a7 b7 c7 d7 e7 f7 g7 h7) (Knight b8 g8) (Bishop c8 f8)
           (Rook a8 h8) (Queen d8) (King e8))""", "(Black (Pawn a7 b7 c7 d7 e7 f7 g7 h7 a6 b6 c6 d6 e6 f6 g6 h6))")
    assert "(King e8)" not in text
    path = tmp_path / "chess.zrf"
    path.write_text(text)
    assert f"{path}:75:12: E806 castling: the ZRF still castles after King e1-e2-e1; Fairy-Stockfish's castling " \
           "needs a king and rook that never moved" in refused_export_lines(path)
