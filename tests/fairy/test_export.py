"""The Fairy-Stockfish bridge: Betza as Fairy-Stockfish reads it, export, verification, diagnostics.

Every expected move set and count comes from Fairy-Stockfish itself (pyffish) or from a hand
count written beside it; our interpreter is the side under test.  Skipped without pyffish.
"""

from __future__ import annotations

import textwrap

import pytest
from click.testing import CliRunner

pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed: pip install 'zrf-toolkit[fairy]'")

from runtime.fairy.betza import Modality, read
from runtime.fairy.export import export_game, fairy_game
from runtime.fairy.library import FairyLibrary
from runtime.fairy.position import FairyGame
from runtime.fairy.section import read_sections
from runtime.fairy.verification import verify
from runtime.loading.opening import open_game
from tests.conftest import scaled
from tests.fairy.export_refusals import refused_export_lines
from tests.fairy.exported import export_and_verify
from tests.fairy.games import TINY
from zrf.cli import main

CHESS = "tests/games/chess.zrf"

#: Three players and a two-part move: two constructs an export cannot have, at known places.
UNFIT = textwrap.dedent("""\
    (game
      (title "Unfit")
      (players A B C)
      (turn-order A B C)
      (board
        (grid (start-rectangle 0 0 50 50)
          (dimensions ("a/b/c" (50 0)) ("3/2/1" (0 50)))
          (directions (n 0 -1) (s 0 1))))
      (piece (name Man) (moves (n (verify empty?) (add-partial))))
      (board-setup (A (Man a1)) (B (Man b3)) (C (Man c1)))
      (loss-condition (A B C) stalemated))
    """)


@pytest.fixture
def tiny(tmp_path):
    path = tmp_path / "tiny.zrf"
    path.write_text(TINY)
    return str(path)


@pytest.mark.parametrize("betza", ["N", "fN", "fsN", "frN", "WfF", "FfW", "fmWfcF", "mRcpR", "nN", "B2", "fR", "sW"])
def test_betza_read_as_fairy_stockfish_reads_it(betza):
    """A piece X on e5 of a 9x9 board, kings in the corners: Fairy-Stockfish's moves of X on an
    empty board are the quiet steps we read from its Betza, and on a board full of immobile enemies
    its captures are our capturing leaps, the first square of each capturing slide and the
    second of each capturing hop."""
    text = (f"[betza-probe]\nmaxRank = 9\nmaxFile = 9\nking = k\ncustomPiece1 = x:{betza}\ncustomPiece2 = y:\n"
            "castling = false\ncheckmateValue = loss\nstartFen = k8/9/9/9/9/9/9/9/8K w - - 0 1\n")
    library = FairyLibrary.get()
    variant = library.load(text)["betza-probe"]
    steps = read(betza)

    def theirs(fen):
        return {m[2:4] for m in library.module.legal_moves(variant, fen, []) if m.startswith("e5")}

    def square(dx, dy):
        f, r = 4 + dx, 4 + dy
        return f"{chr(97 + f)}{r + 1}" if 0 <= f < 9 and 0 <= r < 9 else None

    quiet = set()
    for s in steps:
        if s.modality is Modality.QUIET and s.kind.value in ("", "n"):
            k = 1
            while (sq := square(s.dx * k, s.dy * k)) and not (s.distance and k > s.distance):
                quiet.add(sq)
                k += 1
    assert theirs("k8/9/9/9/4X4/9/9/9/8K w - - 0 1") == quiet
    full = "k" + "y" * 8 + "/" + "/".join(["y" * 9] * 3) + "/yyyyXyyyy/" + "/".join(["y" * 9] * 3) + "/" + "y" * 8 + "K"
    captures = {square(s.dx, s.dy) for s in steps
                if s.modality is Modality.CAPTURE and s.kind.value == ""} - {None, "a9", "i1"}
    captures |= {square(2 * s.dx, 2 * s.dy) for s in steps  # a hop over the next piece onto the one beyond
                 if s.modality is Modality.CAPTURE and s.kind.value in ("p", "g")}
    assert theirs(full + " w - - 0 1") == captures


@pytest.mark.slow
def test_chess_exports_and_verifies():
    """Our chess ZRF as a section: Fairy-Stockfish then counts perft 20, 400 (the known chess
    counts) like our interpreter, and the random games agree."""
    game = open_game(CHESS)
    export, _, result = export_and_verify(game, depth=2, positions=scaled(200, 20))
    options = export.section.options
    assert options["pawn"] == "p" and options["castling"] == "true"
    assert options["startFen"] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert result.perft_theirs == [20, 400]
    assert result.ok, result.describe()


def test_a_wrong_section_fails_verification_at_its_first_position():
    """The chess export with the knight made a wazir (W): boxed in at the start it has no move,
    so Fairy-Stockfish counts perft(1) 16 (the 16 pawn moves, by hand) against our 20, and the
    first difference is the start, where only the ZRF has the knights' four moves."""
    game = open_game(CHESS)
    export = export_game(game)
    section = export.section
    knight = next(k for k, v in section.options.items() if v == "n:N")
    section.options[knight] = "n:W"
    result = verify(fairy_game(export), game, depth=1, positions=5)
    assert not result.ok
    assert result.perft_theirs == [16] and result.perft_ours == [20]
    assert result.first_difference is not None and result.first_difference.path == []
    assert sorted(result.first_difference.only_candidate) == [
        "Knight b1 - a3", "Knight b1 - c3", "Knight g1 - f3", "Knight g1 - h3"]


def test_unfit_file_lists_every_blocking_construct_where_it_is_written(tmp_path):
    path = tmp_path / "unfit.zrf"
    path.write_text(UNFIT)
    output = refused_export_lines(path)
    lines = output
    assert f"{path}:3:3: E801 Fairy-Stockfish plays two players, this game has 3" in lines
    assert any(line.startswith(f"{path}:9:48: E805 add-partial: Fairy-Stockfish has no multi-part moves")
               for line in lines), lines


@pytest.mark.slow
def test_export_command_writes_a_verified_section_and_crosscheck_agrees(tiny, tmp_path):
    """The tiny game exported with -o, read back (its set-up as a FEN written by hand from the
    board-setup: black rook a4, black king d4, white king a1, white rook d1), then
    cross-checked against Fairy-Stockfish playing that section."""
    out = tmp_path / "tiny.ini"
    result = CliRunner().invoke(main, ["export", "fairy", tiny, "-o", str(out), "--positions", str(scaled(200, 30))])
    assert result.exit_code == 0, result.output
    sections = read_sections(out.read_text())
    assert list(sections) == ["zrf-tiny-rooks"]
    assert sections["zrf-tiny-rooks"].options["startFen"] == "r2k/4/4/K2R w - - 0 1"
    check = CliRunner().invoke(main, ["crosscheck", tiny, "--against", "fairy", "--depth", "3", "--games", "2"])
    assert check.exit_code == 0, check.output
    assert "agree" in check.output


def test_crosscheck_against_a_built_in_variant_finds_the_rules_difference():
    """Our chess ZRF against Fairy-Stockfish's shatranj: the start positions already differ
    (shatranj's kings and ferzes stand elsewhere), a disagreement at the root, exit 1."""
    result = CliRunner().invoke(main, ["crosscheck", CHESS, "--against", "fairy:shatranj", "--depth", "1",
                                       "--games", "0"])
    assert result.exit_code == 1
    assert "DISAGREEMENT (position) after: (start)" in result.output


def test_fairy_game_follows_the_contract():
    """Fairy-Stockfish's chess as a Game: 20 moves at the start, the position after e2e4."""
    game = FairyGame("chess")
    state = game.initial_state()
    assert len(state.legal_moves()) == 20
    after = state.apply(next(m for m in state.legal_moves() if m.notation == "e2e4"))
    assert after.current_player == "Black"
    assert ("e4", "White", "Pawn") in after.signature().board
    assert state.signature().to_move == "White"


def test_a_goal_listing_positions_needs_all_of_them(tmp_path):
    """``(absolute-config King (a4 b4))`` is won only with a King on both cells (SEMANTICS 6.1,
    confirmed by a Zillions saved game); the export says so as flagPieceCount 2, and Fairy-
    Stockfish then plays the game as our interpreter does.  (Written as "any of them" it ended
    Fidchell's games early: the corpus sweep's first difference there.)"""
    text = TINY.replace("(draw-condition (White Black) stalemated)",
                        "(draw-condition (White Black) stalemated)\n  (win-condition (White) (absolute-config King (a4 b4)))")
    path = tmp_path / "flag.zrf"
    path.write_text(text)
    game = open_game(str(path))
    export, _, result = export_and_verify(game, depth=2, positions=scaled(200, 30))
    assert export.section.options["flagPieceCount"] == "2"
    assert export.section.options["flagRegionWhite"] == "a4 b4"
    assert result.ok, result.describe()


def test_uci_game_gives_a_uci_engine_what_it_needs(tiny):
    """What a UCI engine loads (VariantPath text, UCI_Variant) and the squares of the ZRF's cells:
    the text defines that variant, and Fairy-Stockfish's start moves there are exactly our
    interpreter's start moves written in the game's notation."""
    from runtime.fairy.engine_variant import uci_game

    game = open_game(tiny)
    played = uci_game(game, depth=2, positions=20)
    assert played.variant in read_sections(played.variants_ini)
    assert played.notation.square("a1") == "a1" and played.notation.square("d4") == "d4"
    library = FairyLibrary.get()
    loaded = library.load(played.variants_ini)[played.variant]
    theirs = set(library.module.legal_moves(loaded, library.module.start_fen(loaded), []))
    ours = {played.notation.text(m) for m in game.initial_state().legal_moves()}
    assert ours == theirs


def test_a_move_to_the_pieces_own_square_is_no_slide_direction():
    """A rook on a 3x3 board that may also stay where it stands (Fairy-Stockfish writes Janggi's
    pass as ``e2e2``): its slides are the four orthogonal directions to the edge, and the move
    to its own square is no direction.  The slide reader stepped along that null direction for
    ever (Janggi's import never finished); a time limit makes a relapse fail, not hang."""
    from runtime.fairy.probing import BoardFrame, rider_directions
    from runtime.jobs.time_limits import time_limit

    frame = BoardFrame(3, 3, {f"{chr(97 + f)}{r + 1}": (f, r) for f in range(3) for r in range(3)})
    reached = {cell: {other for other, (g, s) in frame.square.items() if g == f or s == r}
               for cell, (f, r) in frame.square.items()}
    assert all(cell in targets for cell, targets in reached.items())
    with time_limit(20):
        riders = rider_directions(frame, reached)
    assert riders == {(1, 0): 0, (-1, 0): 0, (0, 1): 0, (0, -1): 0}
