"""Fairy-Stockfish as a player of a ZRF game it is given as an export (``fairy-stockfish``, ``fsf``).

The real engine plays through ``zrf match`` and ``zrf play``: on Tiny Rooks
(tests/fairy/games.py: two kings and a rook each on a 4x4 board, its export
verified in tests/fairy) and on the chess ZRF, whose games python-chess, an
independent rules engine, reads back from the saved PGN.  A game that does
not export (the checkers ZRF: its jumps are multi-part moves) is refused
with the export's located reasons.  Each test that needs the engine skips,
with the reason, where ``zrf engines build fairy-stockfish`` has not been run
(found as the other engine tests find it); the refusal of a missing engine
needs none.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from runtime.engines.engine_cache import EngineNotFound, resolve
from tests.fairy.games import TINY
from zrf.cli import main

from ..conftest import ROOT

CHESS = str(ROOT / "tests" / "games" / "chess.zrf")
CHECKERS = str(ROOT / "tests" / "games" / "checkers.zrf")


def zrf(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _engine() -> None:
    try:
        resolve("fairy-stockfish")
    except EngineNotFound as exc:
        pytest.skip(str(exc))
    pytest.importorskip("pyffish")  # the export is verified against pyffish before it is played


@pytest.fixture
def tiny(tmp_path):
    path = tmp_path / "tiny.zrf"
    path.write_text(TINY)
    return str(path)


def test_fairy_stockfish_plays_a_match_on_an_exported_zrf(tiny):
    """Two games on Tiny Rooks, one from each seat: every move the engine chose was a legal move of
    the ZRF (no forfeit, no void game), and the engine searched to the depth the spec gave it
    (its own ``info depth`` lines)."""
    _engine()
    result = zrf("match", tiny, "--player", "fs=fsf:depth=3", "--player", "r=random", "--games", "2",
                 "--max-plies", "40", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["games_counted"] == 2 and out["void"] == 0
    assert [g["seats"] for g in out["games"]] == [{"White": "fs", "Black": "r"}, {"White": "r", "Black": "fs"}]
    for record in out["games"]:
        assert record["termination"] in ("rules", "repetition", "ply limit"), record["reason"]
        assert record["depths"]["fs"] and set(record["depths"]["fs"]) == {3}


def test_fairy_stockfish_plays_a_person_in_zrf_play(tiny):
    """``zrf play`` with the engine on one side and the random mover on the other, to the end or 20
    plies: the game ends by the ZRF's rules or the ply limit, never by the engine failing."""
    _engine()
    result = zrf("play", tiny, "--white", "random", "--black", "fairy-stockfish:depth=2", "--max-plies", "20",
                 "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["stopped"] in ("game over", "--max-plies")
    assert len(out["moves"]) <= 20


@pytest.mark.slow
def test_fairy_stockfish_plays_the_chess_zrf_and_python_chess_reads_every_game(tmp_path):
    """Two games of the chess ZRF's export against our weakest level: python-chess replays each
    saved PGN without an illegal move, and a game the ZRF ended by checkmate is checkmate there."""
    _engine()
    chess_pgn = pytest.importorskip("chess.pgn")
    saved = tmp_path / "games"
    result = zrf("match", CHESS, "--player", "fs=fsf:depth=2", "--player", "ours=alphabeta:strength=1",
                 "--games", "2", "--random-plies", "2", "--max-plies", "60", "--save", saved, "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["games_counted"] == 2
    for record in out["games"]:
        assert record["termination"] in ("rules", "repetition", "ply limit"), record["reason"]
        _, pgn = record["saved"]
        with open(pgn, encoding="utf-8") as handle:
            parsed = chess_pgn.read_game(handle)
        assert not parsed.errors
        assert len(list(parsed.mainline_moves())) == record["plies"]
        if "checkmated" in record["reason"]:
            assert parsed.end().board().is_checkmate()


@pytest.mark.parametrize("command", [
    ("match", CHECKERS, "--player", "fs=fsf", "--player", "r=random"),
    ("play", CHECKERS, "--white", "fsf", "--max-plies", "2"),
])
def test_a_game_that_does_not_export_is_refused_with_the_exports_reasons(command):
    """The checkers ZRF's jumps continue with add-partial (its line 27); both commands exit 2 with
    the export's located diagnostics, before a game starts."""
    _engine()
    result = zrf(*command)
    assert result.exit_code == 2, result.output
    assert "Fairy-Stockfish cannot play English Checkers" in result.output
    assert "checkers.zrf:27:33: E805 add-partial: Fairy-Stockfish has no multi-part moves" in result.output


def test_a_missing_engine_is_refused_with_how_to_build_it(tiny, tmp_path, monkeypatch):
    monkeypatch.setenv("ZRF_ENGINES_DIR", str(tmp_path / "empty"))
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))
    result = zrf("match", tiny, "--player", "fs=fsf", "--player", "r=random")
    assert result.exit_code == 2
    assert "zrf engines build fairy-stockfish" in result.output


def test_the_engine_hears_the_moves_typed_before_the_game(tiny):
    """After ``--moves "a1 - b1"`` (out of the rook's check) it is Black's turn; an engine told only the start position would
    answer a White move, which the ZRF refuses.  Its move is legal, so it was told the opening."""
    _engine()
    result = zrf("play", tiny, "--moves", "a1 - b1", "--white", "human", "--black", "fsf:depth=2",
                 "--max-plies", "1", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["stopped"] == "--max-plies" and len(out["moves"]) == 1
    assert out["moves"][0].split()[0] in ("King", "Rook")
