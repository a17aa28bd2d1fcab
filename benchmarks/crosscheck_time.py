"""Benchmark: the time of one ``zrf crosscheck`` run, this checkout against a previous revision.

    python benchmarks/crosscheck_time.py GAME [--previous main] [--depth 2] [--games 100]
        [--plies 60] [--workers 2]

The previous revision (default ``main``) is checked out into a temporary git
worktree beside this one (removed afterwards).  The same cross-check command
(``zrf crosscheck GAME --depth D --games N --plies P --workers W --json``) runs
in each checkout, one after the other, each comparing its own generated ZRF of
GAME with its own native engine; the report gives, per checkout, the verdict
(agree, positions, unexplained differences), the wall time and the processor
time of the command and every worker it waited for, and the ratio previous /
ours of both.  Processor time is the figure to compare on a shared machine:
other people's jobs lengthen the wall time of both sides unevenly, and the
load average before, between and after the runs is printed to say how much.
Whether the two checkouts' ZRF files and native engines are the same bytes is
printed too (each apart), since the comparison is of the interpreter and the
checker alone only when both are.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

from previous_checkout import previous_checkout

ROOT = Path(__file__).resolve().parent.parent


def digest(checkout: Path, folder: str, suffix: str) -> str:
    """A hash of the ``suffix`` files of ``folder`` in ``checkout`` (which generated ZRF or engine ran)."""
    h = hashlib.sha256()
    for path in sorted((checkout / folder).rglob("*")):
        if path.is_file() and path.suffix == suffix:
            h.update(path.relative_to(checkout).as_posix().encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:12]


def timed_run(checkout: Path, command: list[str]) -> dict:
    """Run ``command`` in ``checkout``'s Python; its verdict, wall and processor seconds (workers included)."""
    env = dict(os.environ, PYTHONPATH=str(checkout), PYTHONHASHSEED="0")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "zrf.cli", *command], capture_output=True, text=True,
                          env=env, cwd=checkout)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    try:
        verdict = json.loads(proc.stdout)
    except json.JSONDecodeError:
        verdict = {"error": (proc.stderr or proc.stdout).strip().splitlines()[-1:]}
    return {"exit": proc.returncode, "wall": wall, "cpu": cpu, "verdict": verdict}


def summary(verdict: dict) -> str:
    keys = ("agree", "positions", "playouts", "unexplained", "known")
    return ", ".join(f"{k} {verdict.get(k)}" for k in keys if k in verdict) or str(verdict)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--previous", default="main")
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--plies", type=int, default=60)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    command = ["crosscheck", args.game, "--depth", str(args.depth), "--games", str(args.games),
               "--plies", str(args.plies), "--workers", str(args.workers), "--json"]
    with previous_checkout(ROOT, args.previous, "crosscheck-time-") as (_, previous, commit):
        load = [os.getloadavg()[0]]
        ours = timed_run(ROOT, command)
        load.append(os.getloadavg()[0])
        before = timed_run(previous, command)
        load.append(os.getloadavg()[0])
        same = {suffix: digest(ROOT, "variants", suffix) == digest(previous, "variants", suffix)
                for suffix in (".zrf", ".py")}
    print(f"zrf {' '.join(command)}")
    print(f"the same in both checkouts: generated ZRF files (variants/**/*.zrf) {same['.zrf']}, "
          f"native engines (variants/**/*.py) {same['.py']}")
    for name, r in (("ours", ours), (f"previous ({commit})", before)):
        print(f"  {name}: exit {r['exit']}, {summary(r['verdict'])}; wall {r['wall']:.1f} s, "
              f"processor {r['cpu']:.1f} s")
    print("load average (1 minute) at the start, between the runs, at the end: "
          + ", ".join(f"{x:.1f}" for x in load))
    print(f"speed-up (previous / ours): processor {before['cpu'] / ours['cpu']:.2f}, "
          f"wall {before['wall'] / ours['wall']:.2f}")
    return 0 if ours["exit"] == before["exit"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
