"""``position fen`` of ``zrf uci``: the position built from a FEN written by another program.

The loop ``zrf uci`` runs (:func:`runtime.commands.uci.engine_loop`) is driven through its
line interface; each FEN comes from an engine written apart from ours, and so does the
judgement of the state built from it: python-chess for chess (its ``board.fen()`` after seeded
random games, and positions made to have castling rights partly lost and en-passant squares;
its legal moves against the built state's, castling and en passant included), Fairy-Stockfish
(``pyffish``) for xiangqi and shogi.  A game with pieces in hand in off-board stores is a
small ZRF written here, its drops counted by hand.  A refused FEN is answered by its exact
``info string``, and the next ``go`` by ``bestmove 0000``.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from runtime.commands.uci import engine_loop
from runtime.loading.opening import open_game
from runtime.players.spec import parse_player_spec
from runtime.players.uci_engine import UciEngineLoop

from .conftest import ROOT, scaled
from .runtime.oracles import chess_fen, shogi_fen, xiangqi_fen

GAMES = ROOT / "tests" / "games"
NO_POSITION = "no position until the next valid 'position' (go answers bestmove 0000)"
REFUSED_GO = "info string no position to search: the last 'position' was refused; send a valid 'position'"


def loop_for(name: str | Path) -> UciEngineLoop:
    game = open_game(str(name if isinstance(name, Path) else GAMES / f"{name}.zrf"))
    return engine_loop(game, parse_player_spec("alphabeta"), "test")


def answers(loop: UciEngineLoop, commands: str) -> list[str]:
    """The loop's answer lines to ``commands`` (their end waits for the search's ``bestmove``)."""
    out = io.StringIO()
    loop.run(io.BytesIO(commands.encode()), out)
    return out.getvalue().splitlines()


def our_moves(loop: UciEngineLoop) -> set[str]:
    assert loop.state is not None
    return {loop.notation.text(m) or f"(no UCI form) {m.notation}" for m in loop.state.legal_moves()}


# ---------------------------------------------------------------------- chess

CONSTRUCTED = [  # (moves from the start, for python-chess) each reaching what random games seldom do
    "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 h1g1 f6g8 g1h1 a7a6",       # White's king-side right lost, rook back home
    "e2e4 e7e5 g1f3 g8f6 f1c4 f8c5 e1e2 e8e7 e2e1 e7e8",       # both kings out and back: no right at all
    "d2d4 d7d5 c1f4 c8f5 b1c3 b8c6 d1d2 d8d7 a2a3 a8b8 a3a4 b8a8 a4a5",  # Black's queen-side right lost
    "e2e4 a7a6 e4e5 d7d5",                                      # en passant e5d6 possible
    "g1f3 e7e5 b1c3 e5e4 d2d4",                                 # Black's en passant e4d3
    "e2e4 e7e5 g1f3 g8f6 f1e2 f8e7 e1g1 e8g8",                 # both castled
    "a2a4 b7b5 a4b5 c7c5",                                      # en passant b5c6 after c7c5
    "e2e4 e7e5 g1f3 g8f6 f1c4 f8c5",                            # both may castle king-side
]


def chess_positions(count: int, seed: int) -> list:
    """python-chess boards: ``count`` seeded random games' positions, then :data:`CONSTRUCTED`."""
    chess = pytest.importorskip("chess")
    rng = random.Random(seed)
    boards = []
    while len(boards) < count:
        board = chess.Board()
        for _ in range(rng.randint(1, 80)):
            moves = list(board.legal_moves)
            if not moves or board.is_game_over():
                break
            board.push(rng.choice(moves))
        if not board.is_game_over():
            boards.append(board)
    for line in CONSTRUCTED:
        board = chess.Board()
        for move in line.split():
            board.push_uci(move)
        boards.append(board)
    return boards


def lost_right_at_home(board) -> bool:
    """Has the side to move lost a castling right with its king and that rook on their squares
    (the case a position's board alone cannot tell)?"""
    chess = pytest.importorskip("chess")
    colour = board.turn
    rank = 0 if colour == chess.WHITE else 7
    king = board.piece_at(chess.square(4, rank))
    if king is None or king.piece_type != chess.KING or king.color != colour:
        return False
    for rook_file, has in ((7, board.has_kingside_castling_rights), (0, board.has_queenside_castling_rights)):
        rook = board.piece_at(chess.square(rook_file, rank))
        if rook is not None and rook.piece_type == chess.ROOK and rook.color == colour and not has(colour):
            return True
    return False


def test_chess_fens_make_the_position_python_chess_has():
    """For each FEN (the en-passant square written after every double step, as a GUI may): the
    built state's legal moves are python-chess's, and ``go``'s bestmove is legal there."""
    chess = pytest.importorskip("chess")
    loop = loop_for("chess")
    fens = [b.fen(en_passant="fen") for b in chess_positions(scaled(20, 6), seed=7)]
    partial = [f for f in fens if f.split()[2] not in ("KQkq", "-")]
    passant = [f for f in fens if f.split()[3] != "-"]
    assert len(partial) >= 3 and len(passant) >= 3  # the rules beyond the board are exercised
    assert sum(lost_right_at_home(chess.Board(f)) for f in fens) >= 3
    assert any(chess.Board(f).is_castling(m) for f in fens for m in chess.Board(f).legal_moves)
    assert any(chess.Board(f).is_en_passant(m) for f in fens for m in chess.Board(f).legal_moves)
    for fen in fens:
        lines = answers(loop, f"position fen {fen}\ngo depth 1\n")
        assert not [line for line in lines if line.startswith("info string")], (fen, lines)
        board = chess.Board(fen)
        assert our_moves(loop) == {m.uci() for m in board.legal_moves}, fen
        # written back by the tests' own state -> FEN (never-moved? and the last move): the FEN given
        assert chess_fen(loop.state).split()[:4] == fen.split()[:4]
        best = lines[-1].split()[1]
        assert chess.Move.from_uci(best) in board.legal_moves, (fen, best)


def test_shredder_fen_castling_letters_are_the_rooks_files():
    chess = pytest.importorskip("chess")
    loop = loop_for("chess")
    answers(loop, "position fen r3k2r/8/8/8/8/8/8/R3K2R w Ha - 0 1\n")
    assert our_moves(loop) == {m.uci() for m in chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1").legal_moves}
    assert "e1g1" in our_moves(loop) and "e1c1" not in our_moves(loop)


def test_moves_after_a_fen_are_played():
    chess = pytest.importorskip("chess")
    loop = loop_for("chess")
    fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    lines = answers(loop, f"position fen {fen} moves f1c4 g8f6\n")
    assert lines == [] and loop.moves == ["f1c4", "g8f6"]
    board = chess.Board(fen)
    board.push_uci("f1c4")
    board.push_uci("g8f6")
    assert our_moves(loop) == {m.uci() for m in board.legal_moves} and "e1g1" in our_moves(loop)
    # the GUI's next position repeats the game: the moves past the current position are played
    answers(loop, f"position fen {fen} moves f1c4 g8f6 e1g1\n")
    board.push_uci("e1g1")
    assert loop.moves == ["f1c4", "g8f6", "e1g1"] and our_moves(loop) == {m.uci() for m in board.legal_moves}


def test_a_fen_repeated_by_the_gui_is_read_once():
    loop = loop_for("chess")
    read, reader = [], loop.read_fen

    def counted(fen):
        read.append(fen)
        return reader(fen)
    loop.read_fen = counted
    fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    other = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    answers(loop, f"position fen {fen} moves f1c4\nposition fen {fen} moves f1c4 g8f6\n"
                  f"position fen {fen}\n")
    assert read == [fen] and loop.moves == []  # read once; the last position went back to the FEN
    answers(loop, f"position fen {other}\nposition startpos\nposition fen {other} moves g1f3\n")
    assert read == [fen, other, other] and loop.moves == ["g1f3"]  # another origin in between: read again
    assert "g8f6" in our_moves(loop)


START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"

MALFORMED = [
    ("8/8/8/8/8/8/8 w - - 0 1", "the FEN has 7 rows, Chess's board 8"),
    (f"{START[:-1]}X w KQkq - 0 1", "no piece of Chess has the FEN letter 'x' (its letters: b k n p q r)"),
    ("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "row 2 of the FEN ('ppppppp') has 7 squares, Chess's board 8"),
    (f"{START} x KQkq - 0 1", f"side to move 'x' in FEN '{START} x KQkq - 0 1'"),
    (START, f"not a FEN: '{START}'"),
    (f"{START[:-1]}* w KQkq - 0 1", "a wall '*' on h1: it is a square of Chess"),
    ("rnbqkbn1/pppppppr/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "castling right 'k' needs Black's King on e8 and Rook on h8"),
    (f"{START} w KQkqX - 0 1", "castling right 'X': Chess has no such castling (its rights: KQkq)"),
    (f"{START} w KQkq e3 0 1", "en-passant square e3: no Black piece on e2 with e3 and e4 empty"),
    ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e9 0 1",
     "en-passant square e9 is not a square of Chess"),
    ("rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
     "en-passant square e3: no White piece on e4 with e3 and e2 empty"),
]


@pytest.mark.parametrize("fen, why", MALFORMED)
def test_a_refused_fen_leaves_no_position(fen, why):
    """Each refusal says exactly why; the next go answers bestmove 0000 (no stale position), and a
    valid position afterwards is searched again."""
    loop = loop_for("chess")
    lines = answers(loop, f"position startpos moves e2e4\nposition fen {fen}\ngo depth 1\n")
    assert lines == [f"info string position fen refused: {why}; {NO_POSITION}", REFUSED_GO, "bestmove 0000"]
    assert loop.state is None
    lines = answers(loop, "position startpos moves e2e4\ngo depth 1\n")
    assert lines[-1] != "bestmove 0000" and not any(line.startswith("info string") for line in lines)


def test_neither_startpos_nor_fen_leaves_no_position():
    loop = loop_for("chess")
    lines = answers(loop, "position e2e4\ngo depth 1\n")
    assert lines == ["info string 'position startpos' or 'position fen FEN' expected, not 'position e2e4'; "
                     f"{NO_POSITION}", REFUSED_GO, "bestmove 0000"]
    assert answers(loop, "ucinewgame\ngo depth 1\n")[-1] != "bestmove 0000"


# ---------------------------------------------------------------------- Fairy-Stockfish's games

def pyffish_game(variant: str, plies: int, seed: int) -> list[tuple[str, list[str]]]:
    """(FEN, the moves from the start) of each position of a seeded random pyffish game."""
    pyffish = pytest.importorskip("pyffish")
    rng = random.Random(seed)
    start, moves, out = pyffish.start_fen(variant), [], []
    for _ in range(plies):
        out.append((pyffish.get_fen(variant, start, moves), list(moves)))
        legal = pyffish.legal_moves(variant, start, moves)
        if not legal:
            break
        moves.append(rng.choice(sorted(legal)))
    return out


def test_xiangqi_fens_from_fairy_stockfish():
    """Fairy-Stockfish's letters (r for the chariot, n the horse, b the elephant, c the cannon)."""
    pyffish = pytest.importorskip("pyffish")
    loop = loop_for("xiangqi")
    start = pyffish.start_fen("xiangqi")
    for fen, moves in pyffish_game("xiangqi", scaled(24, 8), seed=3):
        lines = answers(loop, f"position fen {fen}\n")
        assert lines == [], (fen, lines)
        assert our_moves(loop) == set(pyffish.legal_moves("xiangqi", start, moves)), fen
        assert xiangqi_fen(loop.state).split()[:2] == fen.split()[:2]


def squares_and_promotion(text: str) -> tuple[str, bool]:
    """A board move as its squares and whether it promotes: Fairy-Stockfish ends a shogi
    promotion with ``+``, our cell-name notation with the new type's letter."""
    return (text.rstrip("+"), True) if text.endswith("+") else \
        ((text[:-1], True) if text[-1].isalpha() else (text, False))


def test_shogi_fens_from_fairy_stockfish_and_its_hands_on_cells():
    """shogi.zrf keeps its hands on cells, where a FEN's pieces in hand have no place: a FEN
    with an empty hand is the position Fairy-Stockfish has, one with a piece in hand is refused."""
    pyffish = pytest.importorskip("pyffish")
    loop = loop_for("shogi")
    start = pyffish.start_fen("shogi")
    compared = 0
    for fen, moves in pyffish_game("shogi", scaled(16, 6), seed=5):
        if "[]" not in fen or "+" in fen.split()[0]:
            break  # a capture put a piece in hand, or a piece promoted (a letter the export has not)
        assert answers(loop, f"position fen {fen}\n") == [], fen
        written = shogi_fen(loop.state).split()
        assert (written[0].partition("[")[0], written[1]) == (fen.partition("[")[0], fen.split()[1])
        theirs = {squares_and_promotion(m) for m in pyffish.legal_moves("shogi", start, moves)}
        assert {squares_and_promotion(m) for m in our_moves(loop)} == theirs, fen
        compared += 1
    assert compared >= 4
    hand = start.replace("[]", "[Pp]").replace("[-]", "[Pp]")
    lines = answers(loop, f"position fen {hand}\ngo depth 1\n")
    assert lines == [f"info string position fen refused: 1 Pawn in hand: Shogi drops no Pawn from off the board; "
                     f"{NO_POSITION}", REFUSED_GO, "bestmove 0000"]


HAND_GAME = """
(game (title "Hand Test")
  (players White Black)
  (turn-order White Black)
  (board (grid (start-rectangle 0 0 40 40) (dimensions ("a/b/c" (40 0)) ("3/2/1" (0 40)))))
  (piece (name Stone) (drops ((verify empty?) add)))
  (piece (name Disc) (drops ((verify empty?) add)))
  (board-setup (White (Stone off 2) (Disc off 1)) (Black (Stone off 2) (Disc off 1)))
  (draw-condition (White Black) stalemated))
"""


def test_pieces_in_hand_are_the_off_board_stores(tmp_path):
    """The FEN's hand is each player's stores: White, with a Stone and no Disc in hand, drops
    only the Stone, on each empty square; after it Black drops both its types."""
    path = tmp_path / "hand.zrf"
    path.write_text(HAND_GAME, encoding="utf-8")
    loop = loop_for(path)
    letters = {piece: token for token, piece in loop.read_fen.__self__.naming.pieces.items()}
    stone, disc = letters["Stone"], letters["Disc"]
    fen = f"{stone}2/1{disc.upper()}1/3[{stone.upper()}{stone}{disc}] w - - 0 1"
    assert answers(loop, f"position fen {fen}\n") == []
    empty = ["b3", "c3", "a2", "c2", "a1", "b1", "c1"]
    assert our_moves(loop) == {f"{stone.upper()}@{cell}" for cell in empty}
    answers(loop, f"position fen {fen} moves {stone.upper()}@c1\n")
    assert our_moves(loop) == {f"{letter.upper()}@{cell}" for cell in empty[:-1] for letter in (stone, disc)}
    assert loop.state.hands() == {("Black", "Stone"): 1, ("Black", "Disc"): 1}
