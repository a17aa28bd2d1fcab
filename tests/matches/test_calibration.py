"""benchmarks/calibrate_strength.py: the ladder's games, table and exit status; the elo anchors' budget and variant.

The ladder is played here on noughts and crosses (small_games.py: nine
plies at most), levels 1 and 2, two games (one opening from both sides), so
it takes seconds.  What a level is worth is measured by the full runs whose
tables are in docs/play.md ("The strength scale"), never by a test.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from ..conftest import ROOT
from .small_games import THREE_IN_A_ROW, write

BENCHMARK = ROOT / "benchmarks" / "calibrate_strength.py"


def ladder(game, need: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(BENCHMARK), "ladder", str(game), "--levels", "1-2",
                           "--games", "2", "--random-plies", "1", "--need", need],
                          check=False, capture_output=True, text=True, timeout=120)


def test_the_ladder_plays_each_level_against_the_one_below(tmp_path):
    """No score reaches 101 %, so the level is below the bar and the exit status is 1."""
    done = ladder(write(tmp_path, THREE_IN_A_ROW), "101")
    assert done.returncode == 1, done.stderr
    assert len(re.findall(r"^  game \d+: ", done.stdout, re.MULTILINE)) == 2
    row = re.search(r"^\| 2 vs 1 \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| ([\d.]+) % \|.*\| (yes|no) \|$",
                    done.stdout, re.MULTILINE)
    assert row, done.stdout
    games, wins, draws, losses = (int(row.group(i)) for i in range(1, 5))
    assert games == 2 and wins + draws + losses == 2
    assert float(row.group(5)) == pytest.approx(100 * (wins + draws / 2) / 2)
    assert row.group(6) == "no"


def test_top_plays_a_level_against_level_1(tmp_path):
    """``top --level 3``: level 3 against level 1, two games; no score reaches 101 %, so exit status 1."""
    done = subprocess.run([sys.executable, str(BENCHMARK), "top", str(write(tmp_path, THREE_IN_A_ROW)),
                           "--level", "3", "--games", "2", "--random-plies", "1", "--need", "101"],
                          check=False, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert len(re.findall(r"^  game \d+: ", done.stdout, re.MULTILINE)) == 2
    assert re.search(r"^\| 3 vs 1 \| 2 \| \d+ \| \d+ \| \d+ \| [\d.]+ % \|.*\| no \|$", done.stdout, re.MULTILINE), \
        done.stdout
    refused = subprocess.run([sys.executable, str(BENCHMARK), "top", "canopus", "--level", "1"],
                             check=False, capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr


def test_levels_outside_the_scale_are_refused():
    done = subprocess.run([sys.executable, str(BENCHMARK), "ladder", "canopus", "--levels", "0-11"],
                          check=False, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "'0-11': strength is 1 to 10, not 0" in done.stderr and "Traceback" not in done.stderr


def listened_engine(tmp_path):
    """The cached Fairy-Stockfish behind a wrapper that keeps every line it is sent (in ``heard.txt``),
    so what the engine was asked is read from its own input, not from our report; the environment
    that makes the benchmark use it.  Skips when no engine is built."""
    from runtime.engines.engine_cache import EngineNotFound, resolve

    try:
        engine = resolve("fairy-stockfish")
    except EngineNotFound as exc:
        pytest.skip(str(exc))
    heard = tmp_path / "heard.txt"
    wrapper = tmp_path / "engines" / "fairy-stockfish" / "fairy-stockfish"
    wrapper.parent.mkdir(parents=True)
    wrapper.write_text(f"#!/bin/sh\ntee -a '{heard}' | '{engine}'\n")
    wrapper.chmod(0o755)
    return heard, {**os.environ, "ZRF_ENGINES_DIR": str(tmp_path / "engines")}


def test_the_elo_anchors_search_a_node_budget(tmp_path):
    """``elo`` with ``--anchor-nodes`` sends the engine ``go nodes N`` and never a clock.

    One level, two short games (20 plies).
    """
    heard, env = listened_engine(tmp_path)
    done = subprocess.run([sys.executable, str(BENCHMARK), "elo", "--levels", "1", "--games", "2",
                           "--batch", "2", "--anchor-nodes", "700", "--max-plies", "20"],
                          check=False, capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr
    assert len(re.findall(r"^  game \d+: ", done.stdout, re.MULTILINE)) == 2
    assert "700 nodes a move (go nodes)" in done.stdout
    goes = [line.split() for line in heard.read_text().splitlines() if line.startswith("go")]
    assert goes and all(go == ["go", "nodes", "700"] for go in goes), goes


def test_the_elo_anchors_play_the_variant_of_the_game_asked(tmp_path):
    """``elo --game tests/games/xiangqi.zrf --uci-variant xiangqi``: the engine is told
    ``UCI_Variant xiangqi`` (read from its input) and both games are played to the end or the ply
    limit.  Two games of 12 plies at level 1."""
    heard, env = listened_engine(tmp_path)
    done = subprocess.run([sys.executable, str(BENCHMARK), "elo", "--game", str(ROOT / "tests" / "games" / "xiangqi.zrf"),
                           "--uci-variant", "xiangqi", "--levels", "1", "--games", "2", "--batch", "2",
                           "--anchor-nodes", "700", "--max-plies", "12"],
                          check=False, capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr
    assert len(re.findall(r"^  game \d+: ", done.stdout, re.MULTILINE)) == 2
    told = heard.read_text().splitlines()
    assert "setoption name UCI_Variant value xiangqi" in told, told[:20]
    assert "UCI_Variant xiangqi" in done.stdout


def test_the_anchors_take_nodes_or_time_not_both():
    done = subprocess.run([sys.executable, str(BENCHMARK), "elo", "--anchor-nodes", "100", "--anchor-time", "0.1"],
                          check=False, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "not allowed with argument" in done.stderr and "Traceback" not in done.stderr
