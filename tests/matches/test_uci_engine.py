"""``zrf uci``: our player as a UCI engine, driven by independent UCI clients.

python-chess's own UCI client (``chess.engine``, written apart from ours)
drives the engine on the chess ZRF and judges every ``bestmove`` with its own
move generator; our client (:class:`UciEngine`, the one ``zrf match`` uses)
drives it on the xiangqi ZRF, whose moves Fairy-Stockfish's generator
(pyffish) judges.  The engine is started through a small launcher, as a GUI
starts any engine, from this checkout.
"""

from __future__ import annotations

import os
import shlex
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from runtime.engines.uci_client import GoLimit, LimitKind, UciEngine
from runtime.players.alphabeta import WIN
from runtime.players.uci_engine import GoWord, parse_go, score_text

from ..conftest import ROOT

CHESS = ROOT / "tests" / "games" / "chess.zrf"
XIANGQI = ROOT / "tests" / "games" / "xiangqi.zrf"
CHECKERS = ROOT / "tests" / "games" / "checkers.zrf"

COMMAND = [sys.executable, "-c", "from runtime.commands.uci import uci; uci()"]
"""``zrf uci`` of this checkout, whether or not the installed ``zrf`` registers it."""

ANSWER_SECONDS = 60
"""Longest a test waits for the engine (a bound against a hang, not a speed)."""


def environment() -> dict:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def launcher(folder: Path, game: Path, *arguments: str) -> Path:
    """An executable that runs ``zrf uci GAME ARGUMENTS`` of this checkout (a UCI engine is one program)."""
    path = folder / "zrf-uci"
    words = " ".join(shlex.quote(w) for w in COMMAND + [str(game), *arguments])
    path.write_text(f"#!/bin/sh\nPYTHONPATH={shlex.quote(str(ROOT))} exec {words}\n", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def run_engine(game: Path, commands: str, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(COMMAND + [str(game), *arguments], input=commands.encode(), capture_output=True,
                          timeout=ANSWER_SECONDS, env=environment())


def test_go_words_are_read_and_bad_ones_kept():
    request = parse_go("wtime 1000 btime 2000 winc 10 binc 20 movestogo 5 nodes x depth 3 searchmoves e2e4".split())
    assert request.get(GoWord.WTIME) == 1000 and request.get(GoWord.BINC) == 20
    assert request.get(GoWord.DEPTH) == 3 and request.get(GoWord.NODES) is None
    assert request.unread == ("nodes x", "searchmoves", "e2e4")
    assert parse_go(["infinite"]).infinite and not parse_go([]).has_limit


def test_scores_are_centipawns_or_mates():
    """A win 3 plies away is mate in 2 moves; being mated in 2 plies is mate -1; 1.5 pawns is cp 150."""
    assert score_text(WIN - 3, 1.0) == "mate 2"
    assert score_text(-(WIN - 2), 1.0) == "mate -1"
    assert score_text(3.0, 2.0) == "cp 150"


def test_python_chess_plays_legal_moves_against_the_engine():
    """python-chess's client: id and options read, a few moves from the start (each legal in
    python-chess), then from 1.e4 e5 with go nodes and go movetime."""
    chess = pytest.importorskip("chess")
    engine_module = pytest.importorskip("chess.engine")

    board = chess.Board()
    with engine_module.SimpleEngine.popen_uci(COMMAND + [str(CHESS)], timeout=ANSWER_SECONDS,
                                             env=environment()) as engine:
        assert engine.id["name"].startswith("zrf-toolkit alphabeta")
        assert engine.options["Strength"].max == 10
        for _ in range(4):
            played = engine.play(board, engine_module.Limit(nodes=150))
            assert played.move in board.legal_moves
            board.push(played.move)
        engine.configure({"Strength": 2})
        board = chess.Board()
        board.push_uci("e2e4")
        board.push_uci("e7e5")
        for limit in (engine_module.Limit(nodes=200), engine_module.Limit(time=0.3), engine_module.Limit(depth=2),
                      engine_module.Limit(white_clock=5, black_clock=5, white_inc=0.1, black_inc=0.1)):
            played = engine.play(board, limit, info=engine_module.INFO_ALL)
            assert played.move in board.legal_moves, limit


def test_go_infinite_answers_stop():
    """python-chess's analysis is ``go infinite``; its stop must bring a legal bestmove (an infinite
    search that never heard stop would hang the client until the test's timeout)."""
    chess = pytest.importorskip("chess")
    engine_module = pytest.importorskip("chess.engine")

    board = chess.Board()
    board.push_uci("d2d4")
    with engine_module.SimpleEngine.popen_uci(COMMAND + [str(CHESS)], timeout=ANSWER_SECONDS,
                                             env=environment()) as engine:
        with engine.analysis(board) as analysis:
            time.sleep(0.5)
            analysis.stop()
            best = analysis.wait()
        assert best.move in board.legal_moves


def test_a_checkmated_side_illegal_moves_and_unknown_commands_are_answered_not_fatal():
    """Fool's mate (1.f3 e5 2.g4 Qh4#): White has no move, so bestmove 0000; e2e5 is no move;
    a refused FEN leaves no position (bestmove 0000); unknown words are info strings; the input's end
    ends the engine with status 0."""
    done = run_engine(CHESS, "uci\nhello\nposition startpos moves f2f3 e7e5 g2g4 d8h4\ngo nodes 50\n"
                             "position startpos moves e2e5\ngo depth 1\nsetoption name Strength value 99\n"
                             "position fen 8/8/8/8/8/8/8 w - - 0 1\ngo nodes x\nisready\n")
    out = done.stdout.decode().splitlines()
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr.decode()
    bestmoves = [line for line in out if line.startswith("bestmove")]
    assert bestmoves[0] == "bestmove 0000"
    assert bestmoves[1] in {f"bestmove {a}" for a in ("a2a3", "a2a4", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4",
                                                       "e2e3", "e2e4", "f2f3", "f2f4", "g2g3", "g2g4", "h2h3", "h2h4",
                                                       "b1a3", "b1c3", "g1f3", "g1h3")}
    assert len(bestmoves) == 3 and bestmoves[2] == "bestmove 0000"
    assert "readyok" in out  # isready is answered even while a search runs
    strings = [line for line in out if line.startswith("info string")]
    assert any("unknown command: hello" in s for s in strings)
    assert any("game is over" in s for s in strings)
    assert any("e2e5 is not a legal move" in s for s in strings)
    assert any("Strength is a whole number from 1 to 10" in s for s in strings)
    assert any("position fen refused: the FEN has 7 rows" in s for s in strings)
    assert any("no position to search" in s for s in strings)
    assert any("ignored in go: nodes x" in s for s in strings)


def test_quit_during_an_infinite_search_ends_the_engine():
    done = run_engine(CHESS, "uci\nposition startpos\ngo infinite\nquit\n")
    assert done.returncode == 0 and done.stdout.decode().splitlines()[-1].startswith("bestmove ")


def test_our_client_plays_the_engine_on_xiangqi(tmp_path):
    """Our own UCI client on a non-chess game: every bestmove is legal in Fairy-Stockfish's xiangqi
    move generator (pyffish), the moves in the cells' names (a1 to i10, as Fairy-Stockfish's)."""
    pyffish = pytest.importorskip("pyffish")
    program = launcher(tmp_path, XIANGQI)
    start = pyffish.start_fen("xiangqi")
    moves: list[str] = []
    with UciEngine(program, start_seconds=ANSWER_SECONDS).start() as engine:
        assert engine.name.startswith("zrf-toolkit alphabeta")
        engine.new_game()
        for _ in range(4):
            answer = engine.search(moves, GoLimit(LimitKind.NODES, 100))
            assert answer.move in pyffish.legal_moves("xiangqi", start, moves), (moves, answer.move)
            moves.append(answer.move)


def test_a_game_of_multi_part_turns_is_refused_where_they_are_written():
    done = run_engine(CHECKERS, "uci\n")
    err = done.stderr.decode()
    assert done.returncode == 2 and done.stdout == b""
    assert f"{CHECKERS}:27:33: E805 a multi-part move" in err
    assert "Traceback" not in err
