"""``zrf import fairy``: Fairy-Stockfish variants as ZRF, checked against Fairy-Stockfish itself.

The expected counts come from pyffish at test time (an independent engine) or from hand counts
written beside them.  Skipped without pyffish.
"""

from __future__ import annotations

import copy
import os

import pytest
from click.testing import CliRunner

pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed: pip install 'zrf-toolkit[fairy]'")

from codegen.fairy_import import import_variant, render_variant
from runtime.fairy.betza import read
from runtime.fairy.library import FairyLibrary
from runtime.fairy.position import FairyGame
from runtime.fairy.uci_moves import notation_of
from runtime.fairy.variant_rules import EndValue, read_variant
from runtime.fairy.verification import verify
from runtime.loading.opening import open_game
from tests.conftest import scaled
from zrf.cli import main


@pytest.fixture(scope="module")
def gardner():
    """Gardner's minichess as the probes read it (read once: each probe asks pyffish)."""
    return read_variant("gardner")


def _both_starts(rules, path):
    """The start of an imported variant in our interpreter (its ZRF written to ``path``) and in
    Fairy-Stockfish, and the UCI notation of our moves."""
    text, naming = render_variant(rules)
    path.write_text(text)
    return (open_game(str(path)).initial_state(), FairyGame(rules.variant, naming).initial_state(),
            notation_of(naming))


def _both_play(ours, theirs, notation, uci: str):
    """Both positions after the move ``uci``, found among each one's legal moves."""
    return (ours.apply(next(m for m in ours.legal_moves() if notation.text(m) == uci)),
            theirs.apply(next(m for m in theirs.legal_moves() if m.notation == uci)))


def test_gardner_minichess_imports_checks_and_verifies(gardner):
    """Gardner's 5x5 minichess: the ZRF has no lint error and plays as Fairy-Stockfish does.
    Hand count of the start (RNBQK behind five pawns): five pawn steps and the knight's b1-a3
    and b1-c3, so perft(1) = 7."""
    imported = import_variant("gardner", depth=2, positions=scaled(200, 20), rules=gardner)
    assert imported.lint_errors == []
    v = imported.verification
    assert v.perft_theirs[0] == 7
    assert v.ok, v.describe()
    assert {p.name for p in imported.rules.pieces.values()} == {"Pawn", "Knight", "Bishop", "Rook", "Queen", "King"}


def test_a_wrong_import_fails_verification_at_the_start(gardner):
    """Gardner with the knight written as a wazir: boxed in on b1 it has no move, so the ZRF
    counts perft(1) 5 (the pawn steps) against Fairy-Stockfish's 7, and the difference is at
    the start: only Fairy-Stockfish has the knight's two moves."""
    rules = copy.deepcopy(gardner)
    rules.pieces["n"].steps = {s: None for s in read("W")}
    text, naming = render_variant(rules)
    path = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"wrong-gardner-{os.getpid()}.zrf")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    try:
        result = verify(FairyGame(rules.variant, naming), open_game(path), depth=1, positions=3)
    finally:
        os.unlink(path)
    assert result.perft_ours == [5] and result.perft_theirs == [7]
    assert result.first_difference.path == []
    assert sorted(result.first_difference.only_reference) == ["b1a3", "b1c3"]


@pytest.mark.slow
def test_import_command_writes_a_zillions_package(tmp_path):
    """``--package``: the rules file and one bitmap per board and per piece of each side; the
    rules file passes ``zrf check``."""
    result = CliRunner().invoke(main, ["import", "fairy", "gardner", "--package", str(tmp_path),
                                       "--positions", str(scaled(200, 20))])
    assert result.exit_code == 0, result.output
    rules = tmp_path / "Rules" / "FS-gardner.zrf"
    images = sorted(p.name for p in (tmp_path / "Images" / "FS-gardner").iterdir())
    assert images == sorted(["board.bmp"] + [f"{side}{piece}.bmp" for side in ("White", "Black")
                                             for piece in ("Pawn", "Knight", "Bishop", "Rook", "Queen", "King")])
    check = CliRunner().invoke(main, ["check", str(rules)])
    assert check.exit_code == 0, check.output


def test_a_variant_with_drops_is_refused_with_the_reason():
    result = CliRunner().invoke(main, ["import", "fairy", "crazyhouse", "--no-verify"])
    assert result.exit_code == 1
    assert "drops" in result.output


def _import_unverified(tmp_path, name: str, section: str):
    """``zrf import fairy NAME --no-verify`` of a variants.ini holding ``section``: the command's result."""
    config = tmp_path / f"{name}.ini"
    config.write_text(section)
    return CliRunner().invoke(main, ["import", "fairy", name, "--config", str(config), "--no-verify"])


def test_a_variant_where_a_player_may_pass_is_refused_naming_the_pass(tmp_path):
    """Fairy-Stockfish writes a pass as a piece's move to its own square (Janggi's ``e2e2``;
    here ``pass = true`` on a four-rank chess board, the king on e1: ``e1e1``).  The probes
    took that move for a step of length zero and looped for ever (Janggi's four forms never
    finished); now the import is refused at once, naming the pass."""
    result = _import_unverified(tmp_path, "passfour",
                                "[passfour:chess]\nmaxRank = 4\ncastling = false\npass = true\n"
                                "startFen = 4k3/8/8/4K3 w - - 0 1\n")
    assert result.exit_code == 1, result.output
    assert "passing (Fairy-Stockfish's move e1e1" in result.output


def test_a_variant_where_the_first_check_wins_is_refused(tmp_path):
    """Karouk is Cambodian chess where the first check wins; its start FEN counts nothing, so
    the import read it as Cambodian and 200 random positions, reaching no check, agreed.  A
    probe now gives a check (White's rook beside Black's king's corner) and Fairy-Stockfish's
    position after it counts the check: refused, naming check counting."""
    result = _import_unverified(tmp_path, "karoukfour",
                                "[karoukfour:karouk]\nmaxRank = 4\npromotionRegionWhite = *4\n"
                                "promotionRegionBlack = *1\nstartFen = r3k3/8/8/R2K4 w - - 0 1\n")
    assert result.exit_code == 1, result.output
    assert "check counting (a check is counted" in result.output


def test_a_variant_whose_moves_also_place_a_wall_is_refused_naming_the_move(tmp_path):
    """Fairy-Stockfish writes a move that also puts a wall on the board as two moves joined by a
    comma (``wallingRule = past`` here: the king leaves a wall on the square it left, ``e1e2,e2e1``;
    Amazons, Duck, Isolation, Joust, Snailtrail).  The probes took the part after the comma for a
    promotion, and those variants did not finish in the sweep's time limit; now the import is
    refused at once, naming the move (the first in sorted order of the king's five steps)."""
    result = _import_unverified(tmp_path, "wallfour",
                                "[wallfour:chess]\nmaxRank = 4\ncastling = false\nwallingRule = past\n"
                                "startFen = 4k3/8/8/4K3 w - - 0 1\n")
    assert result.exit_code == 1, result.output
    assert "a move that also puts a wall on the board (Fairy-Stockfish's move e1d1,d1e1)" in result.output


def test_an_unknown_variant_is_a_usage_error():
    result = CliRunner().invoke(main, ["import", "fairy", "no-such-variant"])
    assert result.exit_code == 2
    assert "no-such-variant" in result.output


def test_a_capture_only_line_is_read_as_a_slide():
    """Hoppel-Poppel: knights take as bishops and bishops take as knights (the variant's rule;
    Fairy-Stockfish moved a knight from g1 to take on a7 where the first import had only short
    diagonal captures read from the centre)."""
    rules = read_variant("hoppelpoppel")
    assert read(rules.pieces["n"].betza) == read("mNcB")
    assert read(rules.pieces["b"].betza) == read("cNmB")


#: Kings and rooks alone on an 8x4 board, every castling right kept: both castlings are legal at
#: the start and, after either, the other side's.
CASTLING_CONFIG = """\
[castlefour:chess]
maxRank = 4
startFen = r3k2r/8/8/R3K2R w KQkq - 0 1
"""


@pytest.fixture(scope="module")
def castlefour():
    return read_variant("castlefour", CASTLING_CONFIG)


@pytest.mark.parametrize("moves", [["e1g1"], ["e1c1"], ["e1g1", "e4c4"], ["e1c1", "e4g4"]])
def test_castling_puts_the_rook_where_fairy_stockfish_does(castlefour, moves, tmp_path):
    """After each castling the imported ZRF's board equals Fairy-Stockfish's (king on g1 and rook
    on f1, or king on c1 and rook on d1).  The first import sent the rook of a short castling to
    d1 and of a long one to f1: `back` returns to the king's start square, and the rook's square
    lies east of it for the short castling, west for the long one."""
    rules = castlefour
    ours, theirs, notation = _both_starts(rules, tmp_path / "castlefour.zrf")
    for uci in moves:
        ours, theirs = _both_play(ours, theirs, notation, uci)
        assert ours.signature().core() == theirs.signature().core(), (uci, ours.signature().pretty())


#: Rooks inside the corners (the corners are walls), as in Gustav III's chess and Omicron.
CASTLING_WALL_CONFIG = """\
[castlewall:chess]
maxFile = j
maxRank = 4
startFen = *r2k3r*/10/10/*R2K3R* w KQkq - 0 1
"""


@pytest.mark.parametrize("moves", [["e1g1"], ["e1c1"]])
def test_castling_with_rooks_inside_walled_corners(moves, tmp_path):
    """King e1, rooks b1 and i1, walls on a1 and j1: Fairy-Stockfish castles e1-g1 with the rook
    i1-f1 and e1-c1 with the rook b1-d1.  The import read castling with the pieces on the
    corners of the rank only (here walls: no castling, and the rook without its never-moved
    attribute); now the rook is whatever piece of the rank moves with the king, and the
    imported board after either castling equals Fairy-Stockfish's."""
    rules = read_variant("castlewall", CASTLING_WALL_CONFIG)
    assert sorted((c.king_from, c.king_to, c.rook_from, c.rook_to) for c in rules.castlings) == \
        [(4, 2, 1, 3), (4, 6, 8, 5)]
    ours, theirs, notation = _both_starts(rules, tmp_path / "castlewall.zrf")
    for uci in moves:
        ours, theirs = _both_play(ours, theirs, notation, uci)
        assert ours.signature().core() == theirs.signature().core(), (uci, ours.signature().pretty())


#: A king castling with a chancellor on one side and a rook on the other, as in Perfect chess.
TWO_PARTNERS_CONFIG = """\
[twopartners:chess]
maxRank = 4
chancellor = c
castlingRookPieces = rc
startFen = c3k2r/8/8/C3K2R w KQkq - 0 1
"""


@pytest.mark.parametrize("moves", [["e1g1"], ["e1c1"]])
def test_castling_with_two_kinds_of_partner(moves, tmp_path):
    """King e1, chancellor a1, rook h1: Fairy-Stockfish castles e1-g1 with the rook (h1-f1) and
    e1-c1 with the chancellor (a1-d1).  The import kept the castlings of the first partner type
    that gave any (Perfect chess lost its short castling); now each castling names its partner,
    and the board after either equals Fairy-Stockfish's."""
    rules = read_variant("twopartners", TWO_PARTNERS_CONFIG)
    assert sorted((c.king_to, c.rook_from, c.rook_to, c.partner) for c in rules.castlings) == \
        [(2, 0, 3, "c"), (6, 7, 5, "r")]
    ours, theirs, notation = _both_starts(rules, tmp_path / "twopartners.zrf")
    for uci in moves:
        ours, theirs = _both_play(ours, theirs, notation, uci)
        assert ours.signature().core() == theirs.signature().core(), (uci, ours.signature().pretty())


#: The four-rank castling board with Chess960's castling, which Fairy-Stockfish writes as the
#: king taking its own rook (``e1h1``, ``e1a1``), as in Fischer random and Capablanca random chess.
CASTLING_960_CONFIG = CASTLING_CONFIG.replace("[castlefour:chess]", "[castle960:chess]\nchess960 = true")


@pytest.mark.parametrize("moves", [["e1h1"], ["e1a1"], ["e1h1", "e4a4"]])
def test_a_castling_written_as_the_king_taking_its_rook(moves, tmp_path):
    """King e1, rooks a1 and h1, Chess960's castling: Fairy-Stockfish's UCI castlings are
    ``e1h1`` (king to g1, rook to f1) and ``e1a1`` (king to c1, rook to d1).  The import read
    the king's destination as the square the move names (h1, its own rook's: no castling in the
    ZRF, and Fischer random's random games differed); now the king's square is read from the
    position after the move, the notation from the move, and both engines' moves agree.  Hand
    count of the start: rook a1 six moves (a2-a4, b1-d1), rook h1 five (h2-h4, g1, f1), king
    five steps and two castlings: 18."""
    rules = read_variant("castle960", CASTLING_960_CONFIG)
    assert sorted((c.king_to, c.rook_from, c.rook_to, c.written_to) for c in rules.castlings) == \
        [(2, 0, 3, 0), (6, 7, 5, 7)]
    ours, theirs, notation = _both_starts(rules, tmp_path / "castle960.zrf")
    assert sorted(notation.text(m) for m in ours.legal_moves()) == sorted(m.notation for m in theirs.legal_moves())
    assert len(theirs.legal_moves()) == 18
    for uci in moves:
        ours, theirs = _both_play(ours, theirs, notation, uci)
        assert ours.signature().core() == theirs.signature().core(), (uci, ours.signature().pretty())


#: Coregal's rule on four ranks: the queen is royal as well as the king (Fairy-Stockfish's
#: pseudo-royal pieces); White's queen d1 is attacked by Black's rook d4.
ROYAL_QUEEN_CONFIG = """\
[queenfour:coregal]
maxRank = 4
castling = false
startFen = 3r3k/8/8/K2Q4 w - - 0 1
"""


def test_a_queen_that_is_royal_as_well_as_the_king(tmp_path):
    """King a1, queen d1 attacked by the rook d4, Black's king h4.  The queen must get out of the
    attack, without stepping onto a square the rook or the king attacks: hand count of White's
    moves: the capture d1xd4, six along the first rank (b1, c1, e1-h1) and four diagonal steps
    (c2, b3, e2, f3) -- not d2, d3, a4, g4, nor any king move: 11.  The import read only the
    king as royal (Coregal's perft(3) 8902 against 8882); now the queen is found royal by a
    probe and written into the checkmated goal, and both engines have the same 11 moves."""
    rules = read_variant("queenfour", ROYAL_QUEEN_CONFIG)
    assert sorted(t for t, p in rules.pieces.items() if p.royal) == ["k", "q"]
    ours, theirs, notation = _both_starts(rules, tmp_path / "queenfour.zrf")
    moves = sorted(m.notation for m in theirs.legal_moves())
    assert len(moves) == 11 and "d1d4" in moves and not any(m.startswith("a1") for m in moves)
    assert sorted(notation.text(m) for m in ours.legal_moves()) == moves


#: Cambodian chess on five ranks: White's king d1 and neang e1 and Black's king e5 still have
#: their first moves (``DEe``); Black's pawn e4 stands between its king and the e-file below.
#: (The pawns promote on the last rank: Cambodian's own zones are ranks 6-8 and 1-3.)
CAMBODIAN_CONFIG = """\
[cambofive:cambodian]
maxRank = 5
promotionRegionWhite = *5
promotionRegionBlack = *1
startFen = r3k3/4p3/8/8/3KM2R w DEe - 0 1
"""


@pytest.fixture(scope="module")
def cambofive():
    return read_variant("cambofive", CAMBODIAN_CONFIG)


@pytest.mark.parametrize("moves, leaps", [
    ([], {"d1b2", "d1f2", "e1e3"}),
    (["h1h2"], {"e5c4", "e5g4"}),
    (["h1h2", "a5b5", "h2h3"], {"e5c4", "e5g4"}),
    (["h1h2", "a5b5", "h2e2"], set()),
    (["e1e3", "a5a4"], {"d1b2", "d1f2"}),
    (["d1b2", "a5a4", "b2c1", "a4a5", "c1d1", "a5a4"], {"e1e3"}),
])
def test_first_moves_of_a_cambodian_king_and_neang(cambofive, moves, leaps, tmp_path):
    """Fairy-Stockfish's Cambodian first moves: the king's leap to a knight's square of the next
    rank (d1-b2, d1-f2; Black's e5-c4, e5-g4) and the neang's two squares forward (e1-e3).
    Hand count of the start: king c1, c2, d2, e2 and the two leaps, neang d2, f2 and its leap,
    rook f1, g1, h2-h5: 15.  A right is lost when its piece moves (the king back on d1 has no
    leap) and the king's when an enemy rook arrives on its file or rank whatever stands
    between (h2-e2 behind Black's pawn e4), not elsewhere (h2-h3).  The import wrote none of
    them (Cambodian's perft(1) 23 against 25); now both engines have the same moves, and the
    leaps listed are there, the others not."""
    rules = cambofive
    assert rules.first_moves["k"].leaps == ((-2, 1), (2, 1)) and rules.first_moves["k"].not_in_check
    assert rules.first_moves["k"].lost_when_aligned == ("r",) and rules.first_moves["m"].leaps == ((0, 2),)
    ours, theirs, notation = _both_starts(rules, tmp_path / "cambofive.zrf")
    for uci in moves:
        ours, theirs = _both_play(ours, theirs, notation, uci)
    expected = sorted(m.notation for m in theirs.legal_moves())
    assert sorted(notation.text(m) for m in ours.legal_moves()) == expected
    special = {"d1b2", "d1f2", "e1e3", "e5c4", "e5g4"}
    assert special & set(expected) == leaps
    if not moves:
        assert len(expected) == 15


#: Petrified chess on four ranks: a piece that captures stays as a wall, and the king may not capture.
PETRIFIED_CONFIG = """\
[petrifour:petrified]
maxRank = 4
castling = false
startFen = 4k3/n6r/3n4/R3K3 w - - 0 1
"""


@pytest.fixture(scope="module")
def petrifour():
    return read_variant("petrifour", PETRIFIED_CONFIG)


@pytest.mark.parametrize("moves", [[], ["a1a3"], ["a1a3", "h3b3"], ["e1e2", "d2b3", "a1a3"]])
def test_a_piece_that_captures_becomes_a_wall(petrifour, moves, tmp_path):
    """White: king e1, rook a1; Black: knights a3 and d2, rook h3, king e4.  Hand count of the
    start: the rook's a2, a3 (taking the knight), b1, c1, d1, and the king's d1, e2, f2 (not f1,
    which the knight d2 attacks, nor d2: Petrified's king may not capture): 8.  After a1xa3 the
    rook stands on a3 as a wall: Black's rook h3 slides to b3 and no further, and nobody takes
    the wall.  The import wrote the capture as a plain move (a random game of Petrified differed
    after a capture); now the capturer becomes a wall piece (Fairy-Stockfish's wall square, owned
    by whoever made it), and both engines' moves and positions agree along each line."""
    rules = petrifour
    assert rules.petrifying == {"n", "r"}
    assert not any(s.modality.value == "c" for s in rules.pieces["k"].steps)
    ours, theirs, notation = _both_starts(rules, tmp_path / "petrifour.zrf")
    for uci in moves:
        ours, theirs = _both_play(ours, theirs, notation, uci)
        assert ours.signature().core() == theirs.signature().core(), (uci, ours.signature().pretty())
    expected = sorted(m.notation for m in theirs.legal_moves())
    assert sorted(notation.text(m) for m in ours.legal_moves()) == expected
    if not moves:
        assert len(expected) == 8 and "e1d2" not in expected
    if moves == ["a1a3"]:
        assert "h3b3" in expected and "h3a3" not in expected


#: A knight standing on the far rank wins (Fairy-Stockfish's flag rule, for White on rank 4).
FLAG_CONFIG = """\
[flagfour:chess]
maxRank = 4
maxFile = d
startFen = n2k/4/4/K2N w - - 0 1
flagPiece = n
flagRegionWhite = *4
flagRegionBlack = *1
"""


def test_a_flag_region_ends_the_imported_game_as_fairy_stockfish_ends_it(tmp_path):
    """White's knight d1-b2, Black's knight a4-c3, White's knight b2-c4: the knight arrives on the
    fourth rank and Fairy-Stockfish ends the game as White's win.  The imported ZRF must end it
    the same way, through a win-condition on the region (the probes found the squares a4-d4),
    and not after the first two moves, where no knight stands on its flag rank."""
    rules = read_variant("flagfour", FLAG_CONFIG)
    assert rules.flags == {"n": ["a4", "b4", "c4", "d4"]}
    ours, theirs, notation = _both_starts(rules, tmp_path / "flagfour.zrf")
    for uci in ("d1b2", "a4c3", "b2c4"):
        assert ours.outcome() is None and theirs.outcome() is None
        ours, theirs = _both_play(ours, theirs, notation, uci)
    assert theirs.outcome() is not None and theirs.outcome().winners == ("White",)
    assert ours.outcome() is not None and ours.outcome().winners == ("White",)


def test_a_flag_region_that_must_be_held_is_refused_with_its_squares(tmp_path):
    """Jeson Mor's knight wins only when it is still on e5 at its owner's next turn
    (Fairy-Stockfish's ``flagMove``), which a ZRF win-condition judged after the arriving move
    does not say: the import is refused, naming the square, rather than written wrong."""
    result = CliRunner().invoke(main, ["import", "fairy", "jesonmor", "--no-verify"])
    assert result.exit_code == 1, result.output
    assert "a piece n standing on e5 ends the game only after the opponent's move" in result.output


#: Black's king boxed in a corner by two rooks; any quiet White move stalemates it, and a
#: stalemated player loses (Fairy-Stockfish's stalemateValue, as in shatranj and courier).
STALEMATE_CONFIG = """\
[stalefour:chess]
maxRank = 4
maxFile = d
castling = false
stalemateValue = loss
startFen = k3/3R/4/1R1K w - - 0 1
"""


def test_a_stalemate_that_loses_ends_the_imported_game_as_fairy_stockfish_ends_it(tmp_path):
    """After White's king steps d1-c1, Black (king on a4; a3 and the b-file held by the rooks)
    has no move and is not in check.  Fairy-Stockfish ends the game with Black's loss; the
    imported ZRF must end it the same way (it wrote stalemate as a draw before the import
    read the value)."""
    rules = read_variant("stalefour", STALEMATE_CONFIG)
    ours, theirs, notation = _both_starts(rules, tmp_path / "stalefour.zrf")
    ours, theirs = _both_play(ours, theirs, notation, "d1c1")
    assert theirs.outcome() is not None and "White" in theirs.outcome().describe()
    assert ours.outcome() is not None and ours.outcome().key() == theirs.outcome().key()


def test_a_pawn_that_slides_two_squares_takes_en_passant():
    """Torpedo's pawns step one or two squares forward from any rank (``mfW2``, a short slide,
    not a separate double step); Fairy-Stockfish lets a pawn on f5 take en passant on g6 after
    g7-g5.  The import read en passant only beside a (0, 2) leap and left it out."""
    rules = read_variant("torpedo")
    assert rules.pieces["p"].en_passant
    fen = "rnbq1bnr/pppk4/4pp1p/2Qp1Pp1/P1P5/1P6/3PPKPP/RNB2BNR w - g6 0 11"
    assert "f5g6" in FairyLibrary.get().module.legal_moves("torpedo", fen, [])


#: Two kings on the b-file with a White piece between them, under xiangqi's rule that the kings
#: may not face each other on an open file (Fairy-Stockfish's ``flyingGeneral``).
FACING_CONFIG = """\
[facesix:chess]
maxRank = 6
maxFile = f
castling = false
flyingGeneral = true
startFen = 1k4/6/6/6/1B4/1K4 w - - 0 1
"""


def test_kings_that_may_not_face_each_other_pin_the_piece_between_them(tmp_path):
    """White: King b1, Bishop b2; Black: King b6 (a 6x6 board: on a smaller one the probes'
    enemy king, in the corner farthest from the king probed, would share its file).  Counted by
    hand: every bishop move leaves the b-file and would let the kings face each other, so only
    the king moves, to a1, c1, a2 and c2; Fairy-Stockfish gives those four and so must the
    imported ZRF, which without the rule also let the bishop go to a1, c1, a3, c3, d4, e5 and
    f6 (eleven moves)."""
    rules = read_variant("facesix", FACING_CONFIG)
    assert rules.royals_may_not_face
    ours, theirs, notation = _both_starts(rules, tmp_path / "facesix.zrf")
    expected = {"b1a1", "b1c1", "b1a2", "b1c2"}
    assert {m.notation for m in theirs.legal_moves()} == expected
    assert {notation.text(m) for m in ours.legal_moves()} == expected


#: A knight beside two wall squares (a2, b2) on a 4x4 board.
WALL_CONFIG = """\
[wallfour:chess]
maxRank = 4
maxFile = d
castling = false
startFen = k3/4/**2/N1K1 w - - 0 1
"""


def test_a_knight_jumps_a_wall_square_and_a_king_may_not_enter_one(tmp_path):
    """White: Knight a1, King c1; walls on a2 and b2.  Counted by hand: the knight leaps to b3
    (over the walls) and c2; the king steps to b1, c2, d1 and d2, not onto the wall b2: six
    moves, as Fairy-Stockfish gives them.  The imported ZRF kills the wall positions and writes
    the knight's leaps as directions of their own: a path of unit steps through a2 would have
    lost a1-b3."""
    rules = read_variant("wallfour", WALL_CONFIG)
    assert rules.walls == {(0, 1), (1, 1)} and not rules.unsupported
    ours, theirs, notation = _both_starts(rules, tmp_path / "wallfour.zrf")
    expected = {"a1b3", "a1c2", "c1b1", "c1c2", "c1d1", "c1d2"}
    assert {m.notation for m in theirs.legal_moves()} == expected
    assert {notation.text(m) for m in ours.legal_moves()} == expected


def test_having_no_move_loses_in_clobber_as_fairy_stockfish_says():
    """Clobber has no royal piece; Fairy-Stockfish ends a game where the player to move has no
    move as that player's loss (its ``stalemateValue``), and the import now reads that value
    from a lone White stone with Black to move instead of writing a draw."""
    rules = read_variant("clobber")
    assert rules.stalemate == {"White": EndValue.LOSS, "Black": EndValue.LOSS}
    text, _ = render_variant(rules)
    assert "(loss-condition (White Black) stalemated)" in text


@pytest.mark.parametrize("variant, checkmate, stalemate, goals", [
    ("misere", ("win", "win"), ("draw", "draw"),
     ["(win-condition (White Black) (checkmated King))", "(draw-condition (White Black) stalemated)"]),
    ("armageddon", ("loss", "loss"), ("loss", "win"),
     ["(loss-condition (White Black) (checkmated King))", "(loss-condition (White) stalemated)",
      "(win-condition (Black) stalemated)"]),
])
def test_the_values_of_checkmate_and_stalemate_are_written_for_each_side(variant, checkmate, stalemate, goals):
    """Misère's checkmated player wins; in Armageddon a stalemated White loses and a stalemated
    Black wins (Black wins every drawn game).  The values are Fairy-Stockfish's own results of a
    mate and a stalemate with each side to move; the import refused both variants before, and
    now writes each value as the goal of the players it holds for."""
    rules = read_variant(variant)
    assert not rules.unsupported
    assert (rules.checkmate["White"].value, rules.checkmate["Black"].value) == checkmate
    assert (rules.stalemate["White"].value, rules.stalemate["Black"].value) == stalemate
    text, _ = render_variant(rules)
    assert [line.strip() for line in text.splitlines() if "-condition" in line] == goals


@pytest.fixture(scope="module")
def antichess():
    return read_variant("antichess")


def test_captures_are_compulsory_in_an_imported_antichess(antichess, tmp_path):
    """After 1.e4 d5, counted by hand, White's only capture is e4xd5 (the queen's diagonal to
    the pawn is closed by d2's pawn); in antichess a player who can capture must, so it is the
    only legal move, as Fairy-Stockfish says, and the imported ZRF's move priorities make it the
    only one too.  The king is not royal there (a king may step onto an attacked square) and a
    player left without pieces, or without a move, wins."""
    rules = antichess
    assert rules.captures_compulsory and not any(p.royal for p in rules.pieces.values())
    assert rules.no_pieces is EndValue.WIN and rules.stalemate["White"] is EndValue.WIN
    ours, theirs, notation = _both_starts(rules, tmp_path / "antichess.zrf")
    for uci in ("e2e4", "d7d5"):
        ours, theirs = _both_play(ours, theirs, notation, uci)
    assert [m.notation for m in theirs.legal_moves()] == ["e4d5"]
    assert [notation.text(m) for m in ours.legal_moves()] == ["e4d5"]


def test_a_berolina_pawn_takes_en_passant_straight_ahead(tmp_path):
    """Berolina's pawns step diagonally and capture straight.  After 1.c2-a4 Ng8-f6 2.a4-b5,
    Black's a7 pawn double-steps diagonally to c5 over b6, the square in front of White's b5
    pawn; Fairy-Stockfish lets b5 step to b6 taking it (the position after has no pawn on c5).
    The import looked for en passant beside a straight double step only, and had none."""
    rules = read_variant("berolina")
    assert rules.pieces["p"].en_passant_straight
    ours, theirs, notation = _both_starts(rules, tmp_path / "berolina.zrf")
    for uci in ("c2a4", "g8f6", "a4b5", "a7c5", "b5b6"):
        ours, theirs = _both_play(ours, theirs, notation, uci)
    assert ours.signature().core() == theirs.signature().core()
    assert "c5" not in ours.signature().pretty()


#: A pawn that promotes, on the last rank and nowhere else, to its own promoted form ``+p``,
#: which moves as a queen (Fairy-Stockfish writes the move with a trailing ``+``, as in Wolf).
PLUS_CONFIG = """\
[plusfour:chess]
maxRank = 4
maxFile = d
castling = false
doubleStep = false
promotionRegionWhite = *4
promotionRegionBlack = *1
promotionPieceTypes = -
promotedPieceType = p:q
mandatoryPiecePromotion = true
startFen = 3k/1P2/4/K3 w - - 0 1
"""


def test_a_promotion_to_the_promoted_form_is_read_as_a_piece_of_its_own(tmp_path):
    """White: King a1, Pawn b3; Black: King d4.  The pawn's only move is b3-b4 promoting to
    ``+p``, a queen's mover; then, counted by hand, Black's king is checked along the rank and
    the diagonal c3 is covered, so d4-d3 is its only move.  The probes took the ``+`` of
    ``b3b4+`` for a piece letter of its own and refused the variant (Wolf, Sho Shogi); the
    import must give the same moves as Fairy-Stockfish before and after the promotion."""
    rules = read_variant("plusfour", PLUS_CONFIG)
    assert not rules.unsupported and rules.pieces["p"].promotions == ["+p"]
    ours, theirs, notation = _both_starts(rules, tmp_path / "plusfour.zrf")
    assert {notation.text(m) for m in ours.legal_moves()} == {m.notation for m in theirs.legal_moves()} \
        == {"b3b4+", "a1b1", "a1a2", "a1b2"}
    ours = ours.apply(next(m for m in ours.legal_moves() if notation.text(m) == "b3b4+"))
    theirs = theirs.apply(next(m for m in theirs.legal_moves() if m.notation == "b3b4+"))
    assert ours.signature().core() == theirs.signature().core()
    assert [notation.text(m) for m in ours.legal_moves()] == [m.notation for m in theirs.legal_moves()] == ["d4d3"]


#: Kings that are not royal and two types that must not die out (Fairy-Stockfish's extinction
#: rule, as in the variant Extinction).
EXTINCTION_CONFIG = """\
[extfour:chess]
maxRank = 4
maxFile = d
castling = false
king = -
commoner = k
extinctionValue = loss
extinctionPieceTypes = kn
startFen = 3k/2n1/4/KN2 w - - 0 1
"""


def test_losing_every_piece_of_a_type_ends_the_imported_game_as_fairy_stockfish_ends_it(tmp_path):
    """White: King a1, Knight b1; Black: King d4, Knight c3.  White's knight takes Black's only
    knight (b1xc3): Black has lost every piece of a type that must not die out, and
    Fairy-Stockfish ends the game as White's win.  The import reads the types from the start
    position without White's pieces of each type, and writes a `pieces-remaining 0` loss for
    each; the ZRF must end the game the same way."""
    rules = read_variant("extfour", EXTINCTION_CONFIG)
    assert rules.extinctions == {"k": EndValue.LOSS, "n": EndValue.LOSS}
    ours, theirs, notation = _both_starts(rules, tmp_path / "extfour.zrf")
    assert ours.outcome() is None and theirs.outcome() is None
    ours, theirs = _both_play(ours, theirs, notation, "b1c3")
    assert theirs.outcome() is not None and theirs.outcome().winners == ("White",)
    assert ours.outcome() is not None and ours.outcome().winners == ("White",)
