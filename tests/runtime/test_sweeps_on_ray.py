"""The same cross-check and the same corpus sweeps on Ray as in a process pool and in one process.

What is compared is :func:`tests.runtime.sweep_outputs.outputs`: a Canon Chess
cross-check (as a function and as ``zrf crosscheck --json``), and the
coverage, replay and perft-equality sweeps over a tiny corpus, timings left
out.  The reference is the one-worker run in this process, the code path the
rest of the suite checks against independent engines.  The Ray run is one
child process that starts a local Ray once (2 CPUs, no dashboard, through
``runtime.jobs.executors`` itself, so with the options the commands use) and runs
everything on it; a child, because a process that has run Ray keeps more than
1 GB of address space that every later fork of this session would inherit.
Skipped without Ray.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.runtime.sweep_outputs import outputs

pytestmark = pytest.mark.skipif(importlib.util.find_spec("ray") is None,
                                reason="Ray is not installed (pip install -e '.[ray]'); the ray backend is untested")

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "tests" / "games"


@pytest.fixture(scope="module")
def tiny_corpus(tmp_path_factory) -> Path:
    """Four games of tests/games, a broken file, an Axiom row, and two saved games of chess
    (Fool's mate, and a game whose second move is illegal), laid out like the shared corpus."""
    root = tmp_path_factory.mktemp("corpus")
    rows = []
    for name in ("chess", "checkers", "xiangqi", "shogi"):
        (root / name).mkdir()
        shutil.copy(GAMES / f"{name}.zrf", root / name / f"{name}.zrf")
        rows.append((name, f"{name}.zrf", "-", "-"))
    (root / "broken").mkdir()
    (root / "broken" / "broken.zrf").write_text("(game (title \"Broken\")\n")
    rows.append(("broken", "broken.zrf", "-", "-"))
    rows.append(("axiomatic", "axiomatic.zrf", "axiom", "-"))
    head = "Zillions Save Game File Version 0.02 HH\r\nRulesFile=chess.zrf\r\nVariantName=Chess\r\n"
    games = {"fools.zsg": ["1. Pawn f2 - f3", "1. Pawn e7 - e5", "2. Pawn g2 - g4", "2. Queen d8 - h4"],
             "illegal.zsg": ["1. Pawn e2 - e4", "1. Pawn e7 - e4"]}
    for file, lines in games.items():
        (root / "chess" / file).write_bytes((head + "".join(f"{x}\r\n" for x in lines)).encode())
    rows[0] = ("chess", "chess.zrf", "-", ",".join(games))
    manifest = "slug\tfile\tengine\tsaved_games\n" + "".join("\t".join(r) + "\n" for r in rows)
    (root / "MANIFEST.tsv").write_text(manifest)
    return root


@pytest.fixture(scope="module")
def in_one_process(tiny_corpus) -> dict:
    return outputs(tiny_corpus, "process", 1)


@pytest.fixture(scope="module")
def in_a_pool(tiny_corpus) -> dict:
    return outputs(tiny_corpus, "process", 2)


@pytest.fixture(scope="module")
def on_ray(tiny_corpus) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    child = subprocess.run([sys.executable, "-m", "tests.runtime.sweep_outputs", str(tiny_corpus), "ray", "2"],
                           capture_output=True, text=True, cwd=ROOT, env=env, timeout=600)
    assert child.returncode == 0, child.stderr[-3000:]
    return json.loads(child.stdout)


@pytest.mark.parametrize("report", ["crosscheck", "crosscheck command", "coverage", "replays", "equality"])
def test_the_report_is_the_same_on_every_backend(report, in_one_process, in_a_pool, on_ray):
    assert in_a_pool[report] == in_one_process[report]
    assert on_ray[report] == in_one_process[report]


def test_the_crosscheck_keeps_disagreements_whose_order_shows(in_one_process):
    """Canon Chess's declared no-repetition difference shows up in this run, so the
    comparison above covers the order of the kept reports, not only the counts."""
    result = in_one_process["crosscheck"]
    assert result["unexplained"] == 0 and len(result["disagreements"]) >= 2
    assert in_one_process["crosscheck command"]["exit"] == 0


def test_the_sweeps_report_every_row_in_manifest_order(in_one_process):
    """Hand count of the tiny corpus: 6 rows, 1 Axiom, 4 games that load and play, the broken
    file; the two saved games, the illegal one stopping at its file line 5 (three header
    lines, then its second move); perft(1) equal for the 4 games."""
    cov = in_one_process["coverage"]
    assert cov["tally"]["games"] == 6 and cov["tally"]["axiom"] == 1
    assert cov["tally"]["load"] == cov["tally"]["playout finished"] == 4
    slugs = [line.split("\t")[0] for line in cov["table"].splitlines()[1:]]
    assert slugs == ["chess", "checkers", "xiangqi", "shogi", "broken", "axiomatic"]
    replays = in_one_process["replays"].splitlines()
    assert replays[1].startswith("chess\tfools.zsg\t4\t4\tok: ")
    assert replays[2].startswith("chess\tillegal.zsg\t2\t1\tline 5 '1. Pawn e7 - e4'")
    counts = in_one_process["equality"]["counts"]
    assert counts["perft equal"] == 4 and counts["replay equal"] == 2 and counts["perft skipped"] == 1
