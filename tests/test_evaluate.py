"""``zrf evaluate``: self-play statistics on tiny games whose answers are worked out by hand."""

from __future__ import annotations

import importlib.util
import json

import pytest
from click.testing import CliRunner

from runtime.commands.evaluate import evaluate as evaluate_command
from runtime.evaluation_runs.record_log import LOG_NAME
from runtime.matches.match_statistics import wilson_interval

FIRST_WINS = """
(game (title "First Wins") (players A B) (turn-order A B)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c" (10 0)) ("1" (0 10)))))
  (piece (name Stone) (drops ((verify empty?) add)))
  (board-setup (A (Stone off 1)) (B (Stone off 1)))
  (win-condition (A B) (relative-config Stone)))
"""

ALWAYS_DRAWS = """
(game (title "Always Draws") (players A B) (turn-order A B)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b" (10 0)) ("1" (0 10)))))
  (piece (name Stone) (drops ((verify empty?) add)))
  (board-setup (A (Stone off 1)) (B (Stone off 1)))
  (draw-condition (A B) stalemated))
"""

TWO_IN_A_ROW = """
(game (title "Two In A Row") (players A B) (turn-order A B)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c" (10 0)) ("2/1" (0 10)))
         (directions (e 1 0))))
  (piece (name Stone) (drops ((verify empty?) add)))
  (board-setup (A (Stone off 3)) (B (Stone off 3)))
  (win-condition (A B) (relative-config Stone e Stone))
  (draw-condition (A B) stalemated))
"""


def _write(tmp_path, text, name):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _evaluate(*args):
    result = CliRunner().invoke(evaluate_command, list(args))
    return result


def _json(*args) -> dict:
    result = _evaluate(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_wilson_interval_against_hand_values():
    """z = 1.959964.  10 of 10: the lower end is n / (n + z^2) = 10 / 13.8415 = 0.7225, the upper 1.
    5 of 10: centre 0.5, half-width z sqrt(0.025 + z^2/400) / (1 + z^2/10) = 0.2634, so 0.2366 to 0.7634.
    0 of 0: no interval."""
    assert wilson_interval(10, 10).low == pytest.approx(0.7225, abs=1e-4)
    assert wilson_interval(10, 10).high == 1.0
    five = wilson_interval(5, 10)
    assert (five.low, five.high) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))
    assert wilson_interval(0, 0) is None


@pytest.mark.parametrize("player", ["random", "alphabeta:strength=1"])
def test_a_game_the_first_player_always_wins(tmp_path, player):
    """A three-cell row; each side has one stone to drop on an empty cell and wins with a stone on the
    board.  The first mover, A, drops one of three stones and wins at once: every game is A's in one
    ply with a branching factor of 3, whatever the players do, so the win rate is 1 with the Wilson
    interval of 6 of 6 (6 / (6 + 1.96^2) = 0.6097 to 1), no draw, decisiveness 1."""
    out = _json(_write(tmp_path, FIRST_WINS, "first.zrf"), "--games", "6", "--player", player)
    s = out["summary"]
    assert (s["first_player"], s["first_player_wins"], s["second_player_wins"], s["draws"]) == ("A", 6, 0, 0)
    assert s["first_player_win_rate"]["rate"] == 1.0
    assert s["first_player_win_rate"]["low"] == pytest.approx(0.6097, abs=1e-4)
    assert s["decisiveness"]["rate"] == 1.0 and s["draw_rate"]["rate"] == 0.0
    assert s["length"]["min"] == s["length"]["max"] == 1
    assert [g["branching"] for g in out["games"]] == [[3]] * 6
    assert list(s["outcomes_by_goal"].values()) == [{"first": 6, "second": 0, "draw": 0}]


def test_a_game_that_always_draws(tmp_path):
    """Two cells, one stone each, no way to win: A drops on one of 2 cells, B on the last one, and A,
    with nothing left to drop, is stalemated, which the rules call a draw.  Every game: 2 plies, branching
    2 then 1, a draw by the rules (not adjudicated), draw rate 1 and decisiveness 0."""
    out = _json(_write(tmp_path, ALWAYS_DRAWS, "draws.zrf"), "--games", "4", "--player", "random")
    s = out["summary"]
    assert (s["first_player_wins"], s["second_player_wins"], s["draws"], s["adjudicated_draws"]) == (0, 0, 4, 0)
    assert s["draw_rate"]["rate"] == 1.0 and s["decisiveness"]["rate"] == 0.0
    assert s["first_player_share_of_decisive"] is None
    assert [g["branching"] for g in out["games"]] == [[2, 1]] * 4
    assert all(g["termination"] == "rules" and "stalemated" in g["goal"] for g in out["games"])


def _games_without_time(folder) -> list[dict]:
    lines = (folder / LOG_NAME).read_text(encoding="utf-8").splitlines()[1:]
    games = [json.loads(line) for line in lines]
    for g in games:
        g.pop("seconds")
        g.pop("saved")
    return sorted(games, key=lambda g: g["index"])


def test_an_interrupted_run_resumes_and_plays_the_same_games(tmp_path):
    """A run of 6 random games in one go, and the same run cut after 2 games with its log's next line
    half written (as an interruption leaves it) and then run again: the second plays only the 4
    missing games, and both logs hold the same 6 games, saved games included (same seed, same games)."""
    rules = _write(tmp_path, TWO_IN_A_ROW, "row.zrf")
    whole, cut = tmp_path / "whole", tmp_path / "cut"
    assert _evaluate(rules, "--games", "6", "--player", "random", "--seed", "3", "--report", str(whole)).exit_code == 0
    assert _evaluate(rules, "--games", "2", "--player", "random", "--seed", "3", "--report", str(cut)).exit_code == 0
    with (cut / LOG_NAME).open("a", encoding="utf-8") as log:
        log.write('{"index": 2, "fir')
    before = {p.name: p.stat().st_mtime_ns for p in cut.glob("game-*.zsg")}
    result = _evaluate(rules, "--games", "6", "--player", "random", "--seed", "3", "--report", str(cut))
    assert result.exit_code == 0, result.output
    assert _games_without_time(cut) == _games_without_time(whole)
    assert {p.name: p.stat().st_mtime_ns for p in cut.glob("game-*.zsg") if p.name in before} == before
    for k in range(6):
        assert (cut / f"game-{k:04d}.zsg").read_text() == (whole / f"game-{k:04d}.zsg").read_text()
    lengths = {g["plies"] for g in _games_without_time(whole)}
    assert len(lengths) > 1, "the random games should differ for this test to mean something"
    page = (cut / "index.html").read_text(encoding="utf-8")
    assert page.count("<svg") == 3 and "<script" not in page and "game-0005.zsg" in page


def test_a_folder_of_another_evaluation_is_refused(tmp_path):
    """Resuming with another seed would mix two plans' games: exit status 2, nothing played."""
    rules = _write(tmp_path, FIRST_WINS, "first.zrf")
    folder = tmp_path / "r"
    assert _evaluate(rules, "--games", "1", "--player", "random", "--report", str(folder)).exit_code == 0
    result = _evaluate(rules, "--games", "2", "--player", "random", "--seed", "9", "--report", str(folder))
    assert result.exit_code == 2 and "seed" in result.output


def test_a_game_of_three_players_is_refused(tmp_path):
    rules = _write(tmp_path, FIRST_WINS.replace("(players A B) (turn-order A B)",
                                                "(players A B C) (turn-order A B C)")
                   .replace("(B (Stone off 1))", "(B (Stone off 1)) (C (Stone off 1))")
                   .replace("(A B)", "(A B C)"), "three.zrf")
    result = _evaluate(rules, "--games", "1", "--player", "random")
    assert result.exit_code == 2 and "two" in result.output


@pytest.mark.parametrize("backend", ["process", pytest.param("ray", marks=[
    pytest.mark.slow, pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray not installed")])])
def test_workers_play_the_same_games_as_one_process(tmp_path, backend):
    """Two workers (a process pool, or Ray tasks) and one process play the same 6 games."""
    rules = _write(tmp_path, TWO_IN_A_ROW, "row.zrf")
    one = _json(rules, "--games", "6", "--player", "random", "--seed", "5")
    two = _json(rules, "--games", "6", "--player", "random", "--seed", "5", "--workers", "2", "--backend", backend)
    strip = [{k: v for k, v in g.items() if k != "seconds"} for g in one["games"]]
    assert [{k: v for k, v in g.items() if k != "seconds"} for g in two["games"]] == strip


def test_compare_sets_the_two_games_side_by_side(tmp_path):
    """First Wins (every game A's) against Always Draws (every game drawn), 2 games each: the side-by-side
    lines show 100.0 % and 0.0 % first-player wins, and the report has both pages."""
    first, draws = _write(tmp_path, FIRST_WINS, "first.zrf"), _write(tmp_path, ALWAYS_DRAWS, "draws.zrf")
    out = _json(first, "--games", "2", "--player", "random", "--compare", draws)
    assert [r["summary"]["first_player_wins"] for r in out["compare"]] == [2, 0]
    assert [r["summary"]["draws"] for r in out["compare"]] == [0, 2]
    result = _evaluate(first, "--games", "2", "--player", "random", "--compare", draws, "--report",
                       str(tmp_path / "r"))
    assert result.exit_code == 0, result.output
    row = [line for line in result.output.splitlines() if line.strip().startswith("first-player win rate")][-1]
    assert "100.0 %" in row and row.index("100.0 %") < row.index("0.0 % (95 %: 0.0")
    assert (tmp_path / "r" / "compare" / "index.html").exists()
    assert "compare/index.html" in (tmp_path / "r" / "index.html").read_text(encoding="utf-8")


def test_branching_by_phase_and_length_histogram_by_hand():
    """Six plies with 6, 6, 3, 3, 1, 1 legal moves: the thirds are plies 0-1, 2-3 and 4-5, so the phases'
    means are 6, 3 and 1.  Lengths 1, 2, 2 and 12 in at most 10 ranges: width ceil(12 / 10) = 2, so
    ranges [1,3) with 3 games, then four empty ones, and [11,13) with 1."""
    from runtime.evaluation_runs.balance_summary import (
        branching_by_phase,
        length_histogram,
    )
    from runtime.evaluation_runs.selfplay_games import GameRecord

    record = GameRecord(index=0, first="A", winner=None, draw=True, void=False, goal="g", termination="rules",
                        plies=6, branching=[6, 6, 3, 3, 1, 1])
    assert branching_by_phase([record]) == {"opening": 6.0, "middle": 3.0, "end": 1.0}
    bins = length_histogram([1, 2, 2, 12])
    assert [(b["low"], b["high"], b["games"]) for b in bins] == [
        (1, 3, 3), (3, 5, 0), (5, 7, 0), (7, 9, 0), (9, 11, 0), (11, 13, 1)]


def test_baseline_sets_the_random_players_self_play_beside_the_players(tmp_path):
    """Two In A Row (3x2, first to two side by side in a row wins) played by alpha-beta with 500 nodes a
    move and, with --baseline, by the random player, 4 games each.  A sees to it by hand: A on b1 or b2 threatens
    both neighbours of its row, B can block one, so A's second stone wins at ply 3 whatever B does;
    the searching player wins every game for the first player, in 3 plies.  The baseline column is the
    random player's, in its own report folder."""
    rules = _write(tmp_path, TWO_IN_A_ROW, "row.zrf")
    out = _json(rules, "--games", "4", "--player", "alphabeta:nodes=500", "--baseline")
    player, baseline = out["baseline"]
    assert player["player"].startswith("alphabeta") and baseline["player"] == "random"
    assert player["summary"]["first_player_wins"] == 4 and player["summary"]["length"]["max"] == 3
    assert baseline["summary"]["games_counted"] == 4
    result = _evaluate(rules, "--games", "4", "--player", "alphabeta:nodes=500", "--baseline",
                       "--report", str(tmp_path / "r"))
    assert result.exit_code == 0, result.output
    assert "random" in [line for line in result.output.splitlines() if "Two In A Row" in line][-1]
    assert (tmp_path / "r" / "baseline" / "index.html").exists()
    assert "baseline/index.html" in (tmp_path / "r" / "index.html").read_text(encoding="utf-8")
    refused = _evaluate(rules, "--player", "random", "--baseline")
    assert refused.exit_code == 2 and "give another --player" in refused.output
