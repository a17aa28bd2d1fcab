"""``zrf match`` end to end: seats, openings, random players, saving and replaying, SPRT, errors.

Most matches are noughts and crosses (small_games.py), nine plies at most,
so a match of several games takes seconds; the searching player looks four
plies ahead (``alphabeta:depth=4``), far stronger than the random mover and
quick.  The engines' matches (Fairy-Stockfish, sunfish) are skipped, with the
reason, where the engine is not installed.
"""

from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner

from runtime.engines.engine_cache import EngineNotFound, resolve
from runtime.matches import match_table
from zrf.cli import main

from ..conftest import ROOT
from .fake_engines import fake_engine
from .small_games import THREE_IN_A_ROW, THREE_IN_A_ROW_WITH_CHANCE, write

CHESS = str(ROOT / "tests" / "games" / "chess.zrf")


def zrf(*args: str):
    return CliRunner().invoke(main, [str(a) for a in args])


def replay(zsg: str, *args: str):
    """``zrf replay`` of a saved game whose rules lie outside its folder, which the user allows."""
    return zrf("--allow-outside", "replay", zsg, *args)


def match_json(*args: str) -> dict:
    result = zrf("match", *args, "--json")
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def test_seats_alternate_and_every_saved_game_replays_to_its_result(tmp_path):
    game = write(tmp_path, THREE_IN_A_ROW)
    saved = tmp_path / "games"
    out = match_json(game, "--player", "ab=alphabeta:depth=4", "--player", "r=random", "--games", "4",
                     "--save", saved)
    result = out["result"]
    assert (result["first"], result["second"]) == ("ab", "r")
    assert result["wins"] + result["draws"] + result["losses"] == 4 == out["games_counted"]
    assert [g["seats"] for g in out["games"]] == [{"X": "ab", "O": "r"}, {"X": "r", "O": "ab"}] * 2
    assert out["stop"] == "every game was played" and out["clock"] == "cpu"
    assert json.loads((saved / "match.json").read_text())["games_played"] == 4
    for record in out["games"]:
        zsg, = record["saved"]  # not chess: no PGN
        replayed = replay(zsg, "--json")
        assert replayed.exit_code == 0, replayed.output
        data = json.loads(replayed.stdout)
        assert data["applied_lines"] == record["plies"]
        points = record["points"]["ab"]
        ours = next(seat for seat, name in record["seats"].items() if name == "ab")
        if points == 0.5:
            assert data["outcome"]["draw"]
        else:
            assert (data["outcome"]["winners"] == [ours]) == (points == 1.0)


def test_a_native_engine_game_is_saved_in_its_generated_zrf_moves(tmp_path):
    """Canopus is played by its native engine, whose Star writes a jump and a slide as one part; the
    saved game names the generated ZRF, which writes them as two, and replays there."""
    saved = tmp_path / "games"
    out = match_json("canopus", "--player", "a=random", "--player", "b=random", "--games", "2",
                     "--max-plies", "40", "--save", saved)
    split = 0
    for record in out["games"]:
        assert record["notes"] == []
        replayed = json.loads(replay(record["saved"][0], "--json").stdout)
        assert replayed["ok"] and replayed["turns"] == record["plies"]
        split += replayed["lines"] - replayed["turns"]
    assert split > 0  # some native one-part moves were written as the ZRF's two parts


def test_the_sprt_stops_a_lopsided_match(tmp_path):
    """Four plies of search against the random mover: far more than 200 Elo apart, so the test
    accepts H1 long before 200 games."""
    game = write(tmp_path, THREE_IN_A_ROW)
    result = zrf("match", game, "--player", "ab=alphabeta:depth=4", "--player", "r=random",
                 "--games", "200", "--sprt", "0,200")
    assert result.exit_code == 0, result.output
    assert "the SPRT has decided" in result.stdout and "H1 accepted" in result.stdout
    played = int(result.stdout.split("stopped after ")[1].split(" ")[0])
    assert played < 60
    # the other way round: the random mover is not 200 Elo stronger; H0, exit status 1
    flipped = zrf("match", game, "--player", "r=random", "--player", "ab=alphabeta:depth=4",
                  "--games", "200", "--sprt", "0,200", "--json")
    assert flipped.exit_code == 1
    assert json.loads(flipped.stdout)["sprt"]["verdict"] == "H0 accepted"


def test_random_players_roll_and_never_sit(tmp_path):
    game = write(tmp_path, THREE_IN_A_ROW_WITH_CHANCE)
    args = (game, "--player", "a=random", "--player", "b=random", "--games", "4")
    first, again = match_json(*args), match_json(*args)
    assert [g["moves"] for g in first["games"]] == [g["moves"] for g in again["games"]]
    assert all(set(g["seats"]) == {"X", "O"} for g in first["games"])
    assert any("?R Block" in move for g in first["games"] for move in g["moves"])
    other = match_json(*args[:-2], "--games", "4", "--seed", "1")
    assert [g["moves"] for g in other["games"]] != [g["moves"] for g in first["games"]]
    three = zrf("match", *args, "--player", "c=random")
    assert three.exit_code == 2 and "2 players who choose their moves (X, O); ?R roll at random" in three.output


def test_workers_play_the_same_games(tmp_path):
    game = write(tmp_path, THREE_IN_A_ROW)
    args = (game, "--player", "a=random", "--player", "b=alphabeta:depth=2", "--games", "6")
    alone, parallel = match_json(*args), match_json(*args, "--workers", "2")
    assert [(g["index"], g["moves"]) for g in alone["games"]] == [(g["index"], g["moves"]) for g in parallel["games"]]


def test_openings_are_played_from_both_sides(tmp_path):
    game = write(tmp_path, THREE_IN_A_ROW)
    book = tmp_path / "book.txt"
    book.write_text("# corners\nX Stone a1\nX Stone b2, O Stone a1\n", encoding="utf-8")
    out = match_json(game, "--player", "a=random", "--player", "b=random", "--games", "4", "--openings", book)
    assert [g["moves"][:1] for g in out["games"]] == [["X Stone a1"]] * 2 + [["X Stone b2"]] * 2
    assert [g["opening"] for g in out["games"]] == [0, 0, 1, 1]
    book.write_text("X Stone a1\nX Stone a1, O Stone a1\n", encoding="utf-8")
    bad = zrf("match", game, "--player", "a=random", "--player", "b=random", "--openings", book)
    assert bad.exit_code == 2 and f"{book}:2: move 2: illegal move 'O Stone a1'" in bad.output
    plies = match_json(game, "--player", "a=random", "--player", "b=random", "--games", "4", "--random-plies", "2")
    assert [len(o["moves"]) for o in plies["openings"]] == [2, 2]
    assert plies["games"][0]["moves"][:2] == plies["games"][1]["moves"][:2]


@pytest.mark.parametrize("args, said", [
    (["--player", "a=random"], "at least two --player"),
    (["--player", "a=random", "--player", "b=oracle"], "unknown player 'oracle'"),
    (["--player", "a=random", "--player", "b=alphabeta:strength=11"], "strength=11: strength is 1 to 10"),
    (["--player", "a=random", "--player", "a=random"], "'a' names two players"),
    (["--player", "a=random", "--player", "b=human"], "computer players only"),
    (["--player", "a=random", "--player", "b=random", "--time", "1", "--nodes", "5"], "--time or --nodes"),
    (["--player", "a=random", "--player", "b=random", "--sprt", "10,0"], "ELO0 < ELO1"),
    (["--player", "a=random", "--player", "b=random", "--sprt", "ten"], "ELO0,ELO1"),
    (["--player", "a=random", "--player", "b=uci:no-such-engine-here"], "neither built in"),
])
def test_usage_errors_say_what_is_wrong(tmp_path, args, said):
    result = zrf("match", write(tmp_path, THREE_IN_A_ROW), *args)
    assert result.exit_code == 2, result.output
    assert said in result.output and "Traceback" not in result.output


def test_an_engine_that_answers_illegal_moves_loses_every_game(tmp_path):
    engine = fake_engine(tmp_path, "illegal")
    out = match_json(CHESS, "--player", "r=random", "--player", f"f=uci:{engine}?Skill=2", "--games", "2",
                     "--time", "0.05")
    assert out["result"]["wins"] == 2
    assert all(g["termination"] == "forfeit" and "e2e5 is not legal in the ZRF" in g["reason"]
               for g in out["games"])
    assert out["contestants"][1]["spec"] == f"uci:{engine}?Skill=2&time=0.05"


def test_ctrl_c_prints_the_result_so_far(tmp_path, monkeypatch):
    played = []
    real = match_table.MatchTable.play

    def play(self, index):
        if len(played) == 3:
            raise KeyboardInterrupt
        played.append(index)
        return real(self, index)

    monkeypatch.setattr(match_table.MatchTable, "play", play)
    result = zrf("match", write(tmp_path, THREE_IN_A_ROW), "--player", "a=random", "--player", "b=random",
                 "--games", "10")
    assert result.exit_code == 130
    assert "interrupted after 3 of 10 games; the result so far:" in result.stdout
    assert "in 3 games" in result.stdout


def _engine(name: str) -> None:
    try:
        resolve(name)
    except EngineNotFound as exc:
        pytest.skip(str(exc))


def test_two_games_against_fairy_stockfish_with_pgn(tmp_path):
    """Our weakest level against Fairy-Stockfish's weakest: every game ends by the ZRF's rules or an
    adjudication, and its PGN, read by python-chess, replays to the position the ZRF ended in."""
    _engine("fairy-stockfish")
    chess_pgn = pytest.importorskip("chess.pgn")
    saved = tmp_path / "games"
    out = match_json(CHESS, "--player", "ours=alphabeta:strength=1", "--player",
                     "fs=uci:fairy-stockfish?UCI_LimitStrength=true&UCI_Elo=500&time=0.05",
                     "--games", "2", "--random-plies", "2", "--save", saved, "--max-plies", "200")
    assert out["games_counted"] == 2
    for record in out["games"]:
        assert record["termination"] in ("rules", "repetition", "ply limit"), record["reason"]
        zsg, pgn = record["saved"]
        with open(pgn, encoding="utf-8") as handle:
            parsed = chess_pgn.read_game(handle)
        board = parsed.end().board()
        assert len(list(parsed.mainline_moves())) == record["plies"]
        if record["termination"] == "rules" and "checkmated" in record["reason"]:
            assert board.is_checkmate()
        assert parsed.headers["White"] == record["seats"]["White"]
        assert replay(zsg).exit_code == 0


def test_two_games_against_sunfish():
    _engine("sunfish-uci")
    out = match_json(CHESS, "--player", "ours=alphabeta:strength=1", "--player", "sf=uci:sunfish-uci?time=0.05",
                     "--games", "2", "--max-plies", "30")
    assert out["games_played"] == 2 and out["void"] == 0
    assert {g["termination"] for g in out["games"]} <= {"rules", "repetition", "ply limit"}
    assert math.isclose(sum(c["wins"] + c["draws"] / 2 for c in out["contestants"]), 2)


def test_a_terminal_gets_a_progress_bar_with_the_score_and_an_eta(tmp_path, monkeypatch):
    from runtime.commands import match as command

    monkeypatch.setattr(command, "progress_enabled", lambda: True)
    result = zrf("match", write(tmp_path, THREE_IN_A_ROW), "--player", "a=alphabeta:depth=2", "--player",
                 "b=random", "--games", "4")
    assert result.exit_code == 0, result.output
    assert "[#####---------------] 1/4  +" in result.stderr and "ETA" in result.stderr
    assert "4/4" in result.stderr and "%  Elo" in result.stderr
    assert "\r" in result.stderr and "ETA" not in result.stdout
