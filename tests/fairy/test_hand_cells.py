"""Exports of games that keep their hands as board cells: capture to hand, drops from hand cells.

The small games are written here: a 3x3 playing area (files a-c) between White's hand column
``h`` and Black's hand column ``i``; a Man steps one square orthogonally, and a capture carries
the captured man to the capturer's first empty hand cell and flips it there (as the corpus
shogi files do); a man on a hand cell drops onto any empty cell of the playing area.  Perft
counts are worked out by hand in each docstring; Fairy-Stockfish (pyffish) with the section
loaded is the engine compared.  Skipped without pyffish.
"""

from __future__ import annotations

import textwrap
from collections import Counter

import pytest

pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed: pip install 'zrf-toolkit[fairy]'")

from runtime.fairy.export import export_game
from runtime.fairy.hand_cells import playing_area
from runtime.fairy.hand_view import HandCellGame
from runtime.fairy.naming import Naming
from runtime.fairy.uci_moves import notation_of
from runtime.loading.opening import open_game
from tests.conftest import scaled
from tests.fairy.export_refusals import refused_export_lines
from tests.fairy.exported import export_and_verify

HAND_CELLS = frozenset({"h1", "h2", "h3", "i1", "i2", "i3"})


def hand_game(setup: str, carry: str = "flip add", drop_onto: str = "empty?", drop_tail: str = "add",
              capture: str = "(carry)") -> str:
    """The game of the module docstring, set up by ``setup``; ``capture`` is what a man does on
    an enemy's cell, ``carry`` ends the capture at the hand cell, ``drop_onto`` says where a drop
    may land, ``drop_tail`` how it lands (the flag ``from-odd`` says that the man left h2 or i2)."""
    return textwrap.dedent(f"""\
        (define carry cascade START to-hand (while not-empty? in-hand) {carry})
        (define step ((verify (in-zone? board)) $1 (verify (in-zone? board)) (verify not-friend?)
                      (if empty? add else {capture})))
        (define drop ((verify (not-in-zone? board)) (set-flag from-odd (in-zone? odd)) START
                      (while (on-board? next) next (if {drop_onto} {drop_tail}))))
        (game
          (title "Hands")
          (players White Black)
          (turn-order White Black)
          (board
            (grid (start-rectangle 0 0 50 50)
              (dimensions ("h/a/b/c/i" (50 0)) ("3/2/1" (0 50)))
              (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0)))
            (dummy START)
            (links next (START a1) (a1 b1) (b1 c1) (c1 a2) (a2 b2) (b2 c2) (c2 a3) (a3 b3) (b3 c3))
            (links to-hand (START h1))
            (links to-other (START i3))
            (links in-hand (h1 h2) (h2 h3) (i3 i2) (i2 i1))
            (symmetry Black (n s) (s n) (to-hand to-other) (to-other to-hand))
            (zone (name board) (players White Black) (positions a1 b1 c1 a2 b2 c2 a3 b3 c3))
            (zone (name odd) (players White Black) (positions h2 i2)))
          (piece (name Man) (moves (step n) (step e) (step s) (step w) (drop)))
          (piece (name King))
          (board-setup {setup})
          (draw-condition (White Black) stalemated))
        """)


def _open(tmp_path, text: str, name: str = "hands.zrf"):
    path = tmp_path / name
    path.write_text(text)
    return path, open_game(str(path))


def test_the_hand_columns_are_found_by_the_moves_not_the_names(tmp_path):
    """The men reach the nine cells of files a-c and nothing else, so those are the playing area;
    h1 holds a man at the start but no move reaches it: a hand cell."""
    _, game = _open(tmp_path, hand_game("(White (Man a1 h1)) (Black (Man a2))"))
    area = playing_area(game)
    assert area == {f + r for f in "abc" for r in "123"}


def test_capture_to_hand_and_drops_from_hand_cells_export_and_verify(tmp_path):
    """White: men on a1 and on its hand cell h1; Black: a man on a2.  The section plays on 3x3
    with the man on h1 in White's hand: ``3/m2/M2[M]``, captures to hand and drops.
    perft(1) = 9: a1 takes a2 or steps to b1 (2), or the man in hand drops on one of the 7
    empty cells.  perft(2) = 24: after a1xa2 Black has no piece and no hand (0); after a1-b1
    Black's man goes to a1, a3 or b2 (3); after each of the 7 drops it goes to a1 (taking),
    a3 and b2 (taking the dropped man there, or not): 3 x 7 = 21."""
    _, game = _open(tmp_path, hand_game("(White (Man a1 h1)) (Black (Man a2))"))
    export, _, result = export_and_verify(game, positions=scaled(200, 30))
    options = export.section.options
    assert (options["maxFile"], options["maxRank"]) == ("3", "3")
    assert options["startFen"] == "3/m2/M2[M] w - - 0 1"
    assert options["capturesToHand"] == options["pieceDrops"] == "true"
    assert "dropRegionWhite" not in options
    assert result.perft_ours[:2] == result.perft_theirs[:2] == [9, 24]
    assert result.ok, result.describe()


def test_identical_men_on_two_hand_cells_are_one_drop_each(tmp_path):
    """White has men on h1 and h2 only, Black a man on c3.  Our interpreter has 16 first moves
    (either man onto any of the 8 empty cells); each pair with the same UCI text (``M@b1``)
    leads to equal positions (one man on b1, one in hand), so the view and Fairy-Stockfish have
    8.  perft(2) = 16: Black's man then goes to c2 and b3 (taking a man dropped there)."""
    _, game = _open(tmp_path, hand_game("(White (Man h1 h2)) (Black (Man c3))"))
    export, _, result = export_and_verify(game, depth=2, positions=scaled(200, 30))
    assert export.section.options["startFen"].startswith("2m/3/3[MM] w")
    assert len(game.initial_state().legal_moves()) == 16
    view = HandCellGame(game, export.naming.hand_cells, notation_of(export.naming))
    assert len(view.initial_state().legal_moves()) == 8
    assert result.perft_ours == result.perft_theirs == [8, 16]
    assert result.ok, result.describe()


def test_drops_with_the_same_text_and_other_results_stay_apart(tmp_path):
    """As above, but a man leaving h2 lands as a King: ``M@b1`` from h1 and from h2 lead to
    different positions, so the view keeps both: 16 moves, every UCI text twice."""
    _, game = _open(tmp_path, hand_game("(White (Man h1 h2)) (Black (Man c3))",
                                        drop_tail="(if (flag? from-odd) (add King) else add)"))
    naming = Naming({"m": "Man", "k": "King"}, {(f, r): "abc"[f] + str(r + 1) for f in range(3) for r in range(3)},
                    ("White", "Black"), hand_cells=HAND_CELLS)
    notation = notation_of(naming)
    view = HandCellGame(game, HAND_CELLS, notation)
    texts = Counter(notation.text(m) for m in view.initial_state().legal_moves())
    assert len(texts) == 8 and set(texts.values()) == {2}


def test_a_capture_kept_by_its_owner_is_a_located_e806(tmp_path):
    """The captured man is carried to the capturer's hand column but not flipped: it stays the
    loser's, which Fairy-Stockfish's capturesToHand never does."""
    path, _ = _open(tmp_path, hand_game("(White (Man a1)) (Black (Man c3))", carry="add"))
    output = refused_export_lines(path)
    assert f"{path}:10:3: E806 hands kept as board cells: a captured Man is carried to the hand cell h1 of " \
           "Black, not to the capturer White: Fairy-Stockfish's capturesToHand gives it to the capturer" \
           in output


def test_a_drop_from_a_hand_cell_onto_a_piece_is_a_located_e810(tmp_path):
    """A man on a hand cell may land on an enemy man too (taking it): no Fairy-Stockfish drop
    captures."""
    path, _ = _open(tmp_path, hand_game("(White (Man a1)) (Black (Man c3))", drop_onto="not-friend?"))
    output = refused_export_lines(path)
    lines = [line for line in output if " E810 " in line]
    assert f"{path}:10:3: E810 hands kept as board cells: a move from the hand cell h1 is not one piece put " \
           "on an empty cell of the playing area (it goes to b2, capturing on b2)" in lines


def test_a_corpus_shogi_with_hand_columns_exports_its_playing_area(corpus_dir):
    """simple-shogi (3x5 between four hand columns, a gold and a silver of each side on hand
    cells at the start) exports as 3x5 with those pieces in hand and verifies."""
    path = corpus_dir / "simple-shogi" / "simple-shogi.zrf"
    if not path.exists():
        pytest.skip("simple-shogi is not in this corpus")
    game = open_game(str(path))
    export, _, result = export_and_verify(game, positions=scaled(200, 30))
    fen = export.section.options["startFen"]
    assert fen.split()[0].split("[")[0].count("/") == 4 and "[" in fen
    assert sorted(fen.split("[")[1].split("]")[0].lower()) == ["g", "g", "s", "s"]
    assert result.ok, result.describe()


def test_a_piece_whose_capture_removes_it_is_a_located_e806(tmp_path):
    """Men go to hand when captured, a (motionless) king is removed: Fairy-Stockfish's
    capturesToHand would put the king in the capturer's hand too (Dobutsu's files end so)."""
    path, _ = _open(tmp_path, hand_game("(White (Man a1)) (Black (King c3) (Man c1))",
                                        capture="(if (piece? King) add else (carry))"))
    output = refused_export_lines(path)
    assert f"{path}:10:3: E806 hands kept as board cells: a captured King is removed, not carried to a hand " \
           "cell: Fairy-Stockfish's capturesToHand puts every captured piece in the capturer's hand" \
           in output


def _fleeing_game() -> str:
    """The module's game where a man with an enemy east of it may also flee two cells west."""
    text = hand_game("(White (Man a1 h1)) (Black (Man a2))").replace("(drop)))", "(drop) (flee)))")
    return "(define flee ((verify (enemy? e)) w w (verify (not-in-zone? board)) (verify empty?) add))\n" + text


def test_a_move_onto_a_hand_cell_without_a_capture_is_a_located_e806(tmp_path):
    """A man with an enemy east of it may also flee two cells west, off the playing area onto a
    hand cell (from b2 over a2 to h2).  Alone on the board it never does, so the hand columns are
    still found; the probes with an enemy beside the man see it, and Fairy-Stockfish has no move
    off the board: the export is refused at the board, naming the move."""
    path, _ = _open(tmp_path, _fleeing_game())
    output = refused_export_lines(path)
    assert f"{path}:11:3: E806 hands kept as board cells: a piece moves from b2 to the hand cell h2 without " \
           "capturing" in output


def test_reasons_beyond_the_kept_ones_are_said_to_exist(tmp_path, monkeypatch):
    """The fleeing game gives two reasons (above); with one kept, the export lists it and says
    that the probes saw more, rather than dropping the second in silence."""
    import runtime.fairy.export as export_module
    import runtime.fairy.hand_cells as hand_cells_module
    monkeypatch.setattr(hand_cells_module, "MAX_PROBLEMS", 1)
    monkeypatch.setattr(export_module, "MAX_PROBLEMS", 1)
    _, game = _open(tmp_path, _fleeing_game())
    messages = [d.message for d in export_game(game).diagnostics if d.message.startswith("hands kept")]
    assert len(messages) == 2, messages
    assert messages[-1] == "hands kept as board cells: the probes saw more reasons than the first 1 listed here"


def _king_hunt(setup: str) -> str:
    """The module's game where a captured (motionless) king is removed, the other captures go to
    hand, and a player with no king left loses."""
    return hand_game(setup, capture="(if (piece? King) add else (carry))").replace(
        "(draw-condition (White Black) stalemated)",
        "(draw-condition (White Black) stalemated) (loss-condition (White Black) (pieces-remaining 0 King))")


def test_a_king_removed_by_the_capture_that_ends_the_game_exports_and_verifies(tmp_path):
    """White: king a1, man b2; Black: king b3, man c1; a captured king is removed, and a player
    with no king loses, so where a captured king goes never matters (Fairy-Stockfish puts it in
    hand, its extinction counting the loser's pieces only).  perft(1) = 4: the man takes the
    king on b3 (the game is over) or steps to c2, b1, a2.  perft(2) = 6: after b2xb3 nothing;
    after each of the three steps Black's man on c1 has two moves (to c2 and b1, taking the man
    on whichever it stands on).  perft(3) = 9: after b2-c2, c1xc2 leaves White nothing to move
    (0) and c1-b1 leaves the man on c2 three steps (3); after b2-b1, c1-c2 leaves it b2 and c1
    (2, its own king on a1), c1xb1 nothing (0); after b2-a2, either Black move leaves it a3 and
    b2 (2 + 2).  After b2xb3 both engines say Black lost, and the captured king is in White's
    hand in Fairy-Stockfish's position and in the view of ours."""
    _, game = _open(tmp_path, _king_hunt("(White (King a1) (Man b2)) (Black (King b3) (Man c1))"))
    export, fairy, result = export_and_verify(game, positions=scaled(200, 60))
    options = export.section.options
    assert options["capturesToHand"] == "true" and options["extinctionValue"] == "loss"
    assert export.naming.removed_at_end == {"King"}
    theirs = fairy.initial_state()
    theirs = theirs.apply(next(m for m in theirs.legal_moves() if m.notation == "b2b3"))
    view = HandCellGame(game, export.naming.hand_cells, notation_of(export.naming), export.naming.removed_at_end)
    ours = view.initial_state()
    ours = ours.apply(next(m for m in ours.legal_moves() if m.notation == "Man b2 x b3"))
    assert ours.outcome().losers == theirs.outcome().losers == ("Black",)
    assert ("White", "King", 1) in theirs.signature().hands
    assert ours.signature().core() == theirs.signature().core()
    assert result.perft_ours == result.perft_theirs == [4, 6, 9]
    assert result.ok, result.describe()


def test_a_removed_king_that_is_not_the_last_is_a_located_e806(tmp_path):
    """As above with a second black king on a3: taking one king does not end the game, so where
    it goes matters, and the export is refused as for a game with no goal on the king."""
    path, _ = _open(tmp_path, _king_hunt("(White (King a1) (Man b2)) (Black (King a3 b3) (Man c1))"))
    output = refused_export_lines(path)
    assert f"{path}:10:3: E806 hands kept as board cells: a captured King is removed, not carried to a hand " \
           "cell: Fairy-Stockfish's capturesToHand puts every captured piece in the capturer's hand" \
           in output
