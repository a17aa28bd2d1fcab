"""Exports with pieces in hand: the hands in the start FEN, the drop options, and what stays refused.

Every perft count is counted by hand in the test's docstring; Fairy-Stockfish (pyffish), with the
section loaded, is the engine compared.  Skipped without pyffish.
"""

from __future__ import annotations

import textwrap

import pytest

pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed: pip install 'zrf-toolkit[fairy]'")

from runtime.fairy.export import export_game, fairy_game
from runtime.fairy.verification import verify
from runtime.loading.opening import open_game
from tests.conftest import scaled
from tests.fairy.export_refusals import refused_export_lines
from tests.fairy.exported import export_and_verify


def drop_game(drops: str, setup: str, board: str = "3", macros: str = "", extra: str = "") -> str:
    """A square board of ``board`` files and ranks, one piece type (Man, no moves) dropped by
    ``drops``, set up by ``setup``; being stalemated is a draw."""
    size = int(board)
    files = "/".join("abcdefgh"[:size])
    ranks = "/".join(str(r) for r in range(size, 0, -1))
    return textwrap.dedent(f"""\
        {macros}
        (game
          (title "Drops")
          (players White Black)
          (turn-order White Black)
          (board
            (grid (start-rectangle 0 0 50 50)
              (dimensions ("{files}" (50 0)) ("{ranks}" (0 50)))
              (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0)))
            {extra})
          (piece (name Man) (drops {drops}))
          (board-setup {setup})
          (draw-condition (White Black) stalemated))
        """)


def _open(tmp_path, text: str):
    """The game of ``text``, written to drops.zrf in ``tmp_path``."""
    path = tmp_path / "drops.zrf"
    path.write_text(text)
    return open_game(str(path))


def _export(tmp_path, text: str):
    """The game of ``text`` and its export, ok or not."""
    game = _open(tmp_path, text)
    return game, export_game(game)


def test_pieces_off_the_board_are_a_hand_dropped_anywhere(tmp_path):
    """Five men off the board for White, four for Black, dropped on any empty cell of 3x3: the
    start FEN's hand is ``[MMMMMmmmm]``, there is no drop region, and both engines count
    perft 9, 72 (9 x 8), 504 (9 x 8 x 7): no hand runs out in three plies."""
    game = _open(tmp_path, drop_game("((verify empty?) add)",
                                     "(White (Man off 5)) (Black (Man off 4))"))
    export, _, result = export_and_verify(game, positions=scaled(200, 30))
    options = export.section.options
    assert options["startFen"] == "3/3/3[MMMMMmmmm] w - - 0 1"
    assert options["pieceDrops"] == "true" and "dropRegionWhite" not in options
    assert result.perft_theirs == [9, 72, 504]
    assert result.ok, result.describe()


def test_a_hand_that_runs_out_is_compared(tmp_path):
    """One man each on a 3x3 board: after both drop, neither has a move (perft 9, 72, 0 by
    hand); the hands, empty then, are part of every position compared."""
    game = _open(tmp_path, drop_game("((verify empty?) add)",
                                     "(White (Man off 1)) (Black (Man off 1))"))
    export, _, result = export_and_verify(game, positions=scaled(200, 20))
    assert export.section.options["startFen"] == "3/3/3[Mm] w - - 0 1"
    assert result.perft_ours == result.perft_theirs == [9, 72, 0]
    assert result.ok, result.describe()


def test_a_wrong_hand_fails_verification_at_the_start(tmp_path):
    """The export of the five-and-four game with one white man fewer in the start FEN's hand:
    the perft counts to depth 3 are still equal (no hand runs out), but the first position
    compared differs, by its hand."""
    game, export = _export(tmp_path, drop_game("((verify empty?) add)",
                                               "(White (Man off 5)) (Black (Man off 4))"))
    export.section.options["startFen"] = "3/3/3[MMMMmmmm] w - - 0 1"
    result = verify(fairy_game(export), game, depth=3, positions=5)
    assert result.perft_ours == result.perft_theirs == [9, 72, 504]
    assert not result.ok
    assert result.first_difference is not None and result.first_difference.path == []
    assert result.first_difference.kind == "position"


def test_drops_into_a_zone_are_a_drop_region(tmp_path):
    """Men dropped only into the dropping player's zone ``home`` (White: ranks 1-2 of 4x4,
    Black: ranks 3-4): dropRegionWhite is those eight squares, dropRegionBlack their mirror,
    and perft is 8, 64 (8 x 8, the regions are apart), 448 (8 x 8 x 7)."""
    zone = ("(zone (name home) (players White) (positions a1 b1 c1 d1 a2 b2 c2 d2))\n"
            "    (zone (name home) (players Black) (positions a3 b3 c3 d3 a4 b4 c4 d4))")
    game = _open(tmp_path, drop_game("((verify empty?) (verify (in-zone? home)) add)",
                                     "(White (Man off 3)) (Black (Man off 3))", board="4",
                                     extra=zone))
    export, _, result = export_and_verify(game, positions=scaled(200, 30))
    options = export.section.options
    assert options["dropRegionWhite"] == "a1 b1 c1 d1 a2 b2 c2 d2"
    assert options["dropRegionBlack"] == "a3 b3 c3 d3 a4 b4 c4 d4"
    assert result.perft_theirs == [8, 64, 448]
    assert result.ok, result.describe()


def test_a_second_player_dropping_elsewhere_than_the_mirror_is_a_located_e810(tmp_path):
    """Both players may drop a man on any empty cell of 3x3 but c3 (a cell named in the drop
    program, not a zone of each player): White's squares mirrored rank by rank are all but c1,
    Black's are all but c3.  Fairy-Stockfish mirrors one rule for both sides, so the export
    names the two squares (the corpus's RenShogi and SimpleShogi walk each file for both
    players alike and stop short of its last cell: the second player never drops a pawn on
    its own first rank)."""
    text = drop_game("((verify empty?) (verify (not-position? c3)) add)", "(White (Man off 2)) (Black (Man off 2))")
    path = tmp_path / "unmirrored.zrf"
    path.write_text(text)
    output = refused_export_lines(path)
    assert f"{path}:11:28: E810 Black drops Man elsewhere than White's squares mirrored rank by rank (on the " \
           "empty board, also on c1; not on c3): Fairy-Stockfish's drop rules are the same for both sides" in output


#: A drop refused on a file that holds a man of one's own, walking the file both ways.
NO_DOUBLED = ("((verify empty?)"
              " mark (while (on-board? n) n (verify (not (and friend? (piece? Man))))) back"
              " mark (while (on-board? s) s (verify (not (and friend? (piece? Man))))) back add)")


def test_no_two_men_of_a_side_on_a_file_is_drop_no_doubled(tmp_path):
    """A man may not be dropped on a file holding one of its side's men (shogi's pawn rule):
    ``dropNoDoubled = m``.  By hand on 3x3: perft(1) 9, perft(2) 72; perft(3): after White's
    man, Black's stands on its file (2 ways, White then has the 6 cells of the other files) or
    not (6 ways, 5 cells left there): 9 x (2 x 6 + 6 x 5) = 378."""
    game = _open(tmp_path, drop_game(NO_DOUBLED, "(White (Man off 2)) (Black (Man off 2))"))
    export, _, result = export_and_verify(game, positions=scaled(200, 30))
    assert export.section.options["dropNoDoubled"] == "m"
    assert result.perft_theirs == [9, 72, 378]
    assert result.ok, result.describe()


def test_a_drop_rule_fairy_stockfish_lacks_is_a_located_e810(tmp_path):
    """A man dropped only next to a man of its side: on the empty board it cannot be dropped at
    all, which no Fairy-Stockfish option says; the export exits 1 with E810 at the drops."""
    text = drop_game("((verify empty?) (verify (or (friend? n) (friend? e) (friend? s) (friend? w))) add)",
                     "(White (Man a1 off 2)) (Black (Man c3 off 2))")
    path = tmp_path / "adjacent.zrf"
    path.write_text(text)
    output = refused_export_lines(path)
    assert f"{path}:11:28: E810 Man cannot be dropped on the empty board, so where it may be dropped depends " \
           "on the pieces on it: no Fairy-Stockfish drop rule says this" in output


def test_a_drop_onto_a_piece_is_refused(tmp_path):
    """A man dropped on any cell, empty or not (capturing what stands there): Fairy-Stockfish
    drops only on empty squares."""
    _, export = _export(tmp_path, drop_game("(add)", "(White (Man off 2)) (Black (Man off 2))"))
    assert not export.ok
    messages = [d.message for d in export.diagnostics]
    assert all(d.code == "E810" for d in export.diagnostics), messages
    assert "Man may be dropped onto a piece (on b2): Fairy-Stockfish drops only on empty squares" in messages


def test_a_dropped_type_without_a_store_is_a_game_without_moves(tmp_path):
    """Drops but no ``off`` count anywhere: Zillions drops only from a store, so the game has no
    move, and the export says why at the drops."""
    text = drop_game("((verify empty?) add)", "(White) (Black)")
    path = tmp_path / "nostore.zrf"
    path.write_text(text)
    output = refused_export_lines(path)
    assert f"{path}:11:28: E810 Man is dropped, but no player has one off the board at the start (no `off` " \
           "count): the game has no move" in output


def test_a_forced_pass_is_refused_where_it_can_happen(tmp_path):
    """``pass turn`` forced without a stalemate goal (which would end the game before the pass):
    Fairy-Stockfish ends a game as a draw when both players pass in turn (its passOnStalemate,
    seen on this 2x2 game: after M@b1, M@b2, M@a2 and two passes it has no move), our
    interpreter plays on; the export refuses the option where it is written.  With the goal,
    the pass never happens and the game exports."""
    text = drop_game("((verify empty?) add)", "(White (Man a1 off 2)) (Black (Man off 2))", board="2")
    text = text.replace('(title "Drops")', '(title "Drops")\n  (option "pass turn" forced)')
    _, export = _export(tmp_path, text)
    assert export.ok, [d.format() for d in export.diagnostics]
    assert "passOnStalemate" not in export.section.options
    export.section.options["passOnStalemate"] = "true"
    state = fairy_game(export).initial_state()
    for uci in ("M@b1", "M@b2", "M@a2", "b2b2", "a1a1"):
        state = state.apply(next(m for m in state.legal_moves() if m.notation == uci))
    assert state.uci_moves() == []
    path = tmp_path / "passing.zrf"
    path.write_text(text.replace("(draw-condition (White Black) stalemated)", ""))
    output = refused_export_lines(path)
    assert f"{path}:4:3: E813 pass turn forced: Fairy-Stockfish ends the game as a draw when both players " \
           "pass in turn, the ZRF plays on: once neither player can move, it has them pass on, none of its " \
           "goals ending the game" in output


#: Men on one rank of five cells, dropped (move type drop-type) or stepping east or west onto an
#: empty cell (normal-type); the move priorities put drops first.
DROPS_FIRST = textwrap.dedent("""\
    (game
      (title "Drops First")
      (players White Black)
      (turn-order White Black)
      (move-priorities drop-type normal-type)
      (board
        (grid (start-rectangle 0 0 50 50)
          (dimensions ("a/b/c/d/e" (50 0)) ("1" (0 50)))
          (directions (e 1 0) (w -1 0))))
      (piece (name Man)
        (drops (move-type drop-type) ((verify empty?) add))
        (moves (move-type normal-type) (e (verify empty?) add) (w (verify empty?) add)))
      (board-setup (White (Man a1 off 1)) (Black (Man e1 off 1)))
      (draw-condition (White Black) stalemated))
    """)


def test_drops_first_by_move_priorities_is_must_drop(tmp_path):
    """``(move-priorities drop-type normal-type)`` with every drop of the first type and every
    move of the second is Fairy-Stockfish's ``mustDrop``.  By hand: White drops on b1, c1 or
    d1 (3; its a1 man may not step while it can drop), Black on one of the two left (6), then
    White's men step into the one empty cell when beside it: after b/c 0, b/d 1, c/b 1, c/d 2
    (from a1 and c1 to b1), d/b 1, d/c 1: perft(3) 6."""
    path = tmp_path / "first.zrf"
    path.write_text(DROPS_FIRST)
    game = open_game(str(path))
    export, _, result = export_and_verify(game, positions=scaled(200, 30))
    assert export.section.options["mustDrop"] == "true"
    assert result.perft_theirs == [3, 6, 6]
    assert result.ok, result.describe()


def test_other_move_priorities_stay_refused(tmp_path):
    """Moves first and drops after is no Fairy-Stockfish rule: the first rank is moves, the
    only other priority Fairy-Stockfish has, captures first, needs them all to capture, and
    these steps never do.  E813 at the first block of that rank, with the steps the probes saw."""
    path = tmp_path / "moves-first.zrf"
    path.write_text(DROPS_FIRST.replace("(move-priorities drop-type normal-type)",
                                        "(move-priorities normal-type drop-type)"))
    output = refused_export_lines(path)
    assert f"{path}:12:36: E813 move-priorities: normal-type ranks first, but Man's blocks of it also move " \
           "without capturing (a1-b1, b1-a1, b1-c1, c1-b1...): Fairy-Stockfish's mustCapture puts captures " \
           "first, and nothing else" in output


def test_drops_first_with_a_royal_piece_is_refused(tmp_path):
    """With a ``checkmated`` goal, Zillions ranks the drops before it removes the turns leaving
    the king in check (SEMANTICS 2.5), so a king in check whose every drop is illegal may not
    step away; Fairy-Stockfish's mustDrop ranks only legal drops first: E813."""
    text = DROPS_FIRST.replace("(draw-condition (White Black) stalemated)",
                               "(loss-condition (White Black) (checkmated Man))")
    path = tmp_path / "royal.zrf"
    path.write_text(text)
    output = refused_export_lines(path)
    assert f"{path}:5:3: E813 move-priorities: drops first in a game with a royal piece; they rank before the " \
           "turns that leave it in check are removed (SEMANTICS 2.5), Fairy-Stockfish's mustDrop ranks only " \
           "legal drops first" in output


def test_priorities_that_rank_every_block_alike_are_no_priority(tmp_path):
    """Every drop and move of one type, the priorities listing another type first that no block
    has: nothing ranks above anything, so the export has no option for it.  By hand: White may
    drop on b1, c1, d1 or step a1-b1, perft(1) 4."""
    text = DROPS_FIRST.replace("(move-priorities drop-type normal-type)", "(move-priorities unused-type normal-type)")
    path = tmp_path / "alike.zrf"
    path.write_text(text.replace("(move-type drop-type)", "(move-type normal-type)"))
    game = open_game(str(path))
    export, _, result = export_and_verify(game, depth=2, positions=scaled(200, 30))
    assert "mustDrop" not in export.section.options
    assert result.perft_theirs[0] == 4
    assert result.ok, result.describe()


def test_drop_regions_that_differ_by_type_are_refused(tmp_path):
    """Men dropped anywhere, stones only on the dropping player's first rank (Black's ``s`` is
    White's ``n``): Fairy-Stockfish has one drop region for every piece type, so the export
    refuses the second type's drops (E810)."""
    text = drop_game("((verify empty?) add)", "(White (Man off 2) (Stone off 2)) (Black (Man off 2) (Stone off 2))",
                     extra="(symmetry Black (n s) (s n))")
    text = text.replace("(piece (name Man)",
                        "(piece (name Stone) (drops ((verify empty?) (verify (not (on-board? s))) add)))\n  (piece (name Man)")
    _, export = _export(tmp_path, text)
    assert not export.ok
    assert [(d.code, d.message) for d in export.diagnostics] == [
        ("E810", ("Stone is dropped on other squares than Man: Fairy-Stockfish has one drop region for every "
                  "piece type"))]
