"""benchmarks/calibrate_strength.py's ladder: the games it is asked for, its table, its exit status.

The ladder is played here on noughts and crosses (small_games.py: nine
plies at most), levels 1 and 2, two games (one opening from both sides), so
it takes seconds.  What a level is worth is measured by the full runs whose
tables are in docs/play.md ("The strength scale"), never by a test.
"""

from __future__ import annotations

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


def test_levels_outside_the_scale_are_refused():
    done = subprocess.run([sys.executable, str(BENCHMARK), "ladder", "canopus", "--levels", "0-11"],
                          check=False, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "'0-11': strength is 1 to 10, not 0" in done.stderr and "Traceback" not in done.stderr
