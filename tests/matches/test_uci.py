"""UCI engines as players: the client's protocol and deadlines, moves across the cell names, forfeits.

The translation is checked against independent move generators: python-chess
on random games of the chess ZRF (every move of ours is one of python-chess's
legal moves in UCI, and the engine's text finds our move again), and
Fairy-Stockfish's own move list (pyffish) on random games of the xiangqi ZRF.
Engines that misbehave are small fake programs (fake_engines.py).
"""

from __future__ import annotations

import random

import pytest

from runtime.engines import uci_client
from runtime.engines.engine_cache import EngineNotFound, resolve
from runtime.engines.uci_client import GoLimit, LimitKind, UciEngine, UciFailure, UciOptionError, parse_option
from runtime.loading.opening import open_game
from runtime.players.player import Forfeit
from runtime.players.spec import parse_player_spec
from runtime.players.uci import UciSeat, UciSetupError, legal_move_for, uci_text

from ..conftest import ROOT
from .fake_engines import fake_engine

CHESS = str(ROOT / "tests" / "games" / "chess.zrf")
XIANGQI = str(ROOT / "tests" / "games" / "xiangqi.zrf")


def test_option_lines_are_read_with_their_spaces():
    assert parse_option("option name Skill Level type spin default 20 min -20 max 20") == \
        uci_client.UciOption("Skill Level", "spin", "20", -20, 20)
    combo = parse_option("option name UCI_Variant type combo default chess var chess var xiangqi")
    assert combo.choices == ("chess", "xiangqi") and combo.default == "chess"
    assert parse_option("option name Debug Log File type string default ").default == ""
    assert parse_option("id name x") is None
    assert combo.checked("XIANGQI") == "xiangqi"
    with pytest.raises(UciOptionError):
        combo.checked("shogi")
    with pytest.raises(UciOptionError):
        uci_client.UciOption("Ponder", "check").checked("maybe")


def test_chess_moves_cross_to_uci_and_back():
    """Random games of the chess ZRF: each legal move of ours is written as python-chess writes the
    same move (castling e1g1, promotion e7e8q, en passant), and read back to the same move."""
    chess = pytest.importorskip("chess")
    game = open_game(CHESS)
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        state, board = game.initial_state(), chess.Board()
        for _ in range(100):
            if state.outcome() is not None:
                break
            ours = {uci_text(m) for m in state.legal_moves()}
            assert ours == {m.uci() for m in board.legal_moves}
            move = state.random_move(rng)
            text = uci_text(move)
            assert legal_move_for(state, text) == move
            state = state.apply(move)
            board.push_uci(text)
            checked += 1
    assert checked > 200


def test_xiangqi_moves_cross_to_fairy_stockfish_and_back():
    """Random games of the xiangqi ZRF: our legal moves in UCI are Fairy-Stockfish's legal moves (cells
    a1 to i10 on both sides)."""
    pyffish = pytest.importorskip("pyffish")
    game = open_game(XIANGQI)
    start = pyffish.start_fen("xiangqi")
    for seed in range(2):
        rng = random.Random(seed)
        state, played = game.initial_state(), []
        for _ in range(40):
            if state.outcome() is not None:
                break
            assert {uci_text(m) for m in state.legal_moves()} == set(pyffish.legal_moves("xiangqi", start, played))
            move = state.random_move(rng)
            played.append(uci_text(move))
            state = state.apply(move)


def test_an_engine_name_is_found_in_the_cache_before_path(tmp_path, monkeypatch):
    monkeypatch.setenv("ZRF_ENGINES_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "cache" / "fairy-stockfish"
    folder.mkdir(parents=True)
    built = fake_engine(folder, "illegal").rename(folder / "fairy-stockfish")
    assert resolve("fairy-stockfish") == built
    assert resolve(str(built)) == built
    with pytest.raises(EngineNotFound, match="zrf engines build fairy-stockfish"):
        monkeypatch.setenv("ZRF_ENGINES_DIR", str(tmp_path / "empty"))
        monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))
        resolve("fairy-stockfish")
    with pytest.raises(EngineNotFound, match="no such file"):
        resolve(str(tmp_path / "missing" / "engine"))


def test_options_are_checked_against_what_the_engine_declares(tmp_path):
    with UciEngine(fake_engine(tmp_path, "illegal")) as engine:
        assert engine.id_name == "Fake illegal" and engine.has_option("skill")
        engine.set_option("skill", "3")
        with pytest.raises(UciOptionError, match="takes 0 to 5, not 9"):
            engine.set_option("Skill", "9")
        with pytest.raises(UciOptionError, match="has no option 'Threads'"):
            engine.set_option("Threads", "1")
        answer = engine.search(["e2e4"], GoLimit(LimitKind.DEPTH, 3))
        assert (answer.move, answer.depth, answer.nodes, answer.score_cp) == ("e2e5", 3, 10, 5)


def test_a_spec_the_engine_cannot_play_is_refused_before_play(tmp_path):
    engine = fake_engine(tmp_path, "illegal")
    with pytest.raises(UciSetupError, match="has no option 'Hash'"):
        UciSeat(parse_player_spec(f"uci:{engine}?Hash=16")).open()
    with pytest.raises(UciSetupError, match="plays only chess"):
        UciSeat(parse_player_spec(f"uci:{engine}"), variant="xiangqi").open()
    with pytest.raises(UciSetupError, match="no such file"):
        UciSeat(parse_player_spec(f"uci:{tmp_path}/absent")).open()


@pytest.mark.parametrize("mode, reason", [
    ("illegal", "the engine's move e2e5 is not legal in the ZRF"),
    ("none", r"answered bestmove \(none\) where the rules allow 20 moves"),
    ("die", "closed its output"),
    ("silent", "no bestmove within"),
])
def test_an_engine_that_fails_forfeits(tmp_path, monkeypatch, mode, reason):
    monkeypatch.setattr(uci_client, "GRACE_SECONDS", 0.3)
    monkeypatch.setattr(uci_client, "STOP_SECONDS", 0.3)
    seat = UciSeat(parse_player_spec(f"uci:{fake_engine(tmp_path, mode)}?time=0.05"))
    state = open_game(CHESS).initial_state()
    player = seat.player()
    try:
        player.begin(state)
        with pytest.raises(Forfeit, match=reason):
            player.choose(state)
        assert seat.engine is None or mode == "illegal" or mode == "none"  # a failed process is ended
    finally:
        seat.close()


def test_a_dead_program_cannot_start(tmp_path):
    broken = tmp_path / "broken"
    broken.write_text("#!/bin/sh\nexit 1\n")
    broken.chmod(0o755)
    with pytest.raises(UciFailure, match="has exited|closed its output"):
        UciEngine(broken).start()
