"""zrf.images: which bitmaps a game names and where Zillions would find them."""

from __future__ import annotations

import pytest

from zrf.images import (BOARD, PIECE, choose, board_references, file_references, piece_references,
                        resolve)
from zrf.macros import expand_document
from zrf.model import build_model
from zrf.reader import parse_text

GAME = """
(define piece-images (image White "../images/Duel/w$1.bmp" "../images/Duel/set2/w$1.bmp"
                            Black "../images/Duel/b$1.bmp"))
(game
  (title "Duel")
  (players White Black)
  (turn-order White Black)
  (board
    (image "../images/Duel/board.bmp" "../images/Duel/board2.bmp")
    (grid (start-rectangle 0 0 50 50)
          (dimensions ("a/b" (50 0)) ("2/1" (0 50)))
          (directions (n 0 -1))))
  (piece (name Man) (piece-images man) (moves (n add)))
  (piece (name King) (image White "../images/Duel/wking.bmp") (image Black "../images/Duel/bking.bmp")
         (moves (n add)))
  (board-setup (White (Man a1) (King b1)) (Black (Man a2)))
  (draw-condition (White Black) stalemated)
)
(variant (title "Plain") (board (grid (start-rectangle 0 0 50 50) (dimensions ("a/b" (50 0)) ("2/1" (0 50))))))
"""


def _model(text: str = GAME):
    return build_model(expand_document(parse_text(text, "Rules/Duel.zrf")), "Rules/Duel.zrf")


def test_board_images_are_the_default_then_the_alternatives():
    gdef = _model().games[0]
    refs = board_references(gdef)
    assert [(r.written, r.kind, r.alternative) for r in refs] == [
        ("../images/Duel/board.bmp", BOARD, 0), ("../images/Duel/board2.bmp", BOARD, 1)]
    assert refs[0].span.line == 9  # located at the string in the file


def test_piece_images_per_player_and_set_with_macro_arguments_substituted():
    gdef = _model().games[0]
    got = [(r.piece, r.player, r.alternative, r.written) for r in piece_references(gdef)]
    assert got == [
        ("Man", "White", 0, "../images/Duel/wman.bmp"),
        ("Man", "White", 1, "../images/Duel/set2/wman.bmp"),
        ("Man", "Black", 0, "../images/Duel/bman.bmp"),
        # two image forms in one piece add up
        ("King", "White", 0, "../images/Duel/wking.bmp"),
        ("King", "Black", 0, "../images/Duel/bking.bmp"),
    ]
    assert all(r.kind == PIECE for r in piece_references(gdef))


def test_a_variant_without_a_board_image_has_none_and_file_references_count_each_string_once():
    zfile = _model()
    assert board_references(zfile.games[1]) == []
    # the variant inherits the pieces' forms: the same strings, counted once for the file
    assert len(file_references(zfile)) == 2 + 5


def test_choose_a_piece_set_and_a_board():
    gdef = _model().games[0]
    first = choose(gdef)
    assert first.board.written.endswith("board.bmp")
    assert first.pieces[("Man", "White")].written == "../images/Duel/wman.bmp"
    assert first.substitutes == ()
    second = choose(gdef, piece_set=1, board=1)
    assert second.board.written.endswith("board2.bmp")
    assert second.pieces[("Man", "White")].written == "../images/Duel/set2/wman.bmp"
    # Black's Man and both Kings have one set only: they keep their default file, and say so
    assert second.pieces[("Man", "Black")].written == "../images/Duel/bman.bmp"
    assert sorted(second.substitutes) == [("King", "Black"), ("King", "White"), ("Man", "Black")]
    with pytest.raises(IndexError):
        choose(gdef, piece_set=2)
    with pytest.raises(IndexError):
        choose(gdef, board=2)


def _install(tmp_path):
    """A Zillions layout: Rules/Duel.zrf next to Images/Duel/Board.BMP and a stock set."""
    rules = tmp_path / "Rules"
    rules.mkdir()
    (rules / "Duel.zrf").write_text("(game)", encoding="utf-8")
    images = tmp_path / "Images" / "Duel"
    images.mkdir(parents=True)
    (images / "Board.BMP").write_bytes(b"BM")
    stock = tmp_path / "Images" / "Chess" / "SHaag"
    stock.mkdir(parents=True)
    (stock / "wking.bmp").write_bytes(b"BM")
    return rules / "Duel.zrf"


def test_resolve_ignores_case_and_accepts_backslashes(tmp_path):
    rules = _install(tmp_path)
    want = str(tmp_path / "Images" / "Duel" / "Board.BMP")
    assert resolve("../images/duel/board.bmp", str(rules)) == want
    assert resolve("..\\IMAGES\\Duel\\BOARD.bmp", str(rules)) == want
    assert resolve("../images/Duel/./board.bmp", str(rules)) == want


def test_resolve_finds_stock_sets_relative_to_the_install_folder(tmp_path):
    """Zillions' own games name "images\\Chess\\..." from Rules/: the folder above the rules folder."""
    rules = _install(tmp_path)
    assert resolve("images\\Chess\\SHaag\\WKing.bmp", str(rules)) == str(
        tmp_path / "Images" / "Chess" / "SHaag" / "wking.bmp")


def test_resolve_gives_none_for_missing_absolute_and_folder_paths(tmp_path):
    rules = _install(tmp_path)
    assert resolve("../images/Duel/nothere.bmp", str(rules)) is None
    assert resolve("C:\\Zillions\\Images\\Duel\\board.bmp", str(rules)) is None
    assert resolve("/images/Duel/board.bmp", str(rules)) is None
    assert resolve("../images/Duel", str(rules)) is None  # a folder is not a bitmap
    assert resolve("", str(rules)) is None
