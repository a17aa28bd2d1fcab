"""benchmarks/versus_previous.py: a revision's player seated as a UCI engine through its own ``zrf uci``.

Only the wiring is tested (a launcher in a scratch folder, ``zrf match`` with
``uci:`` it, the worktree removed afterwards), with two short games; what a
long match measures is written in docs/play.md.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from ..conftest import ROOT

BENCHMARK = ROOT / "benchmarks" / "versus_previous.py"
CHESS = ROOT / "tests" / "games" / "chess.zrf"


def git(*words: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(ROOT), *words], capture_output=True, text=True, check=False)


pytestmark = pytest.mark.skipif(shutil.which("git") is None or git("rev-parse", "HEAD").returncode != 0,
                                reason="needs a git checkout")


def run(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(BENCHMARK), *arguments], capture_output=True, text=True,
                          timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)}, check=False)


def test_the_previous_revision_plays_through_its_zrf_uci():
    """HEAD against itself: two games of 8 plies at 30 nodes a move, the old side a UCI engine
    named by HEAD's zrf uci; its temporary worktree is gone afterwards."""
    if git("cat-file", "-e", "HEAD:runtime/commands/uci.py").returncode != 0:
        pytest.skip("HEAD has no zrf uci yet (uncommitted)")
    before = git("worktree", "list").stdout
    done = run(str(CHESS), "--previous", "HEAD", "--games", "2", "--nodes", "30", "--max-plies", "8")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "old = HEAD" in out and "through its zrf uci" in out
    assert "(zrf-toolkit alphabeta (Chess))" in out  # the engine's id name, read by zrf match
    assert "new vs old: " in out and " in 2 games" in out
    assert out.count("load average") == 2
    assert git("worktree", "list").stdout == before


def test_a_revision_without_zrf_uci_is_refused():
    first = git("rev-list", "--max-parents=0", "HEAD").stdout.split()
    if not first:
        pytest.skip("a shallow checkout has no first commit")
    done = run(str(CHESS), "--previous", first[-1])
    assert done.returncode == 2
    assert "has no 'zrf uci' (runtime/commands/uci.py)" in done.stderr
    done = run(str(CHESS), "--previous", "no-such-revision")
    assert done.returncode == 2 and "is no revision" in done.stderr
