"""Benchmark: perft(2) of every corpus game that loads, this checkout against a previous revision.

    python benchmarks/corpus_perft.py CORPUS_DIR [--previous main] [--depth 2] [--timeout 60] [--limit N] [--every K]

The previous revision (default ``main``) is checked out into a temporary git
worktree beside this one (removed afterwards).  Every non-Axiom game of the
corpus MANIFEST (each file's default game) is loaded in a worker process of
each checkout, and ``perft(depth)`` of its start position is timed there in
processor seconds (loading and translating are not timed: each worker has a
translation cache of its own, in a temporary folder).  The two workers run one
after the other, game by game, so they never compete for the machine.  A game
counts when both finish it within ``--timeout`` seconds with the same count;
the report gives the median of previous / ours over those games, the spread,
the ten games ours takes longest on with both times, and every game whose
counts differ (which must be none).  ``--every K`` times every K-th game of the
MANIFEST (an even sample across the alphabet), ``--limit N`` the first N.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from previous_checkout import previous_checkout

ROOT = Path(__file__).resolve().parent.parent

#: Run in each checkout's Python, one game per line on stdin: uses only what both checkouts have.
WORKER = r'''
import json, signal, sys, time
try:
    from runtime.loading.opening import open_game as load_game
except ImportError:  # a checkout from before open_game
    from runtime.interpreter import load_zrf_game as load_game
from runtime.verify.perft import perft

class Timeout(Exception):
    pass

def alarm(*_):
    raise Timeout()

signal.signal(signal.SIGALRM, alarm)
depth, limit = int(sys.argv[1]), int(sys.argv[2])
for line in sys.stdin:
    path = line.strip()
    out = {"path": path}
    signal.alarm(limit)
    try:
        game = load_game(path)
        state = game.initial_state()
        t = time.process_time()
        out["count"] = perft(state, depth)
        out["seconds"] = time.process_time() - t
        out["status"] = "ok"
    except Timeout:
        out["status"] = "timeout"
    except BaseException as exc:
        out["status"] = f"error {type(exc).__name__}"
    finally:
        signal.alarm(0)
    print(json.dumps(out), flush=True)
'''


class Worker:
    """One checkout's worker process, fed one game at a time."""

    def __init__(self, checkout: Path, depth: int, timeout: int, cache: str):
        env = dict(os.environ, PYTHONPATH=str(checkout), ZRF_CACHE_DIR=cache, PYTHONHASHSEED="0")
        self.checkout, self.depth, self.timeout, self.env = checkout, depth, timeout, env
        self.proc = None

    def _start(self):
        self.proc = subprocess.Popen([sys.executable, "-c", WORKER, str(self.depth), str(self.timeout)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, env=self.env, cwd=self.checkout)

    def run(self, path: str) -> dict:
        """The worker's answer for one game (a worker that died is restarted: a crash, not a result)."""
        if self.proc is None or self.proc.poll() is not None:
            self._start()
        self.proc.stdin.write(path + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            self.proc = None
            return {"path": path, "status": "crashed"}
        return json.loads(line)

    def close(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus")
    ap.add_argument("--previous", default="main")
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--every", type=int, default=1)
    args = ap.parse_args()
    corpus = Path(args.corpus)
    with open(corpus / "MANIFEST.tsv", newline="", encoding="utf-8") as fh:
        rows = [r for r in csv.DictReader(fh, delimiter="\t") if r["engine"] != "axiom" and r["slug"] != "common"]
    rows = rows[::max(1, args.every)]
    rows = rows[:args.limit] if args.limit else rows
    timed, differ, other = [], [], []
    with previous_checkout(ROOT, args.previous, "corpus-perft-") as (tmp, previous, commit):
        ours = Worker(ROOT, args.depth, args.timeout, str(tmp / "cache-ours"))
        before = Worker(previous, args.depth, args.timeout, str(tmp / "cache-previous"))
        try:
            for i, row in enumerate(rows, 1):
                path = str((corpus / row["slug"] / row["file"]).resolve())
                a, b = ours.run(path), before.run(path)
                slug = row["slug"]
                if a["status"] == b["status"] == "ok":
                    if a["count"] != b["count"]:
                        differ.append((slug, a["count"], b["count"]))
                    else:
                        timed.append((slug, a["seconds"], b["seconds"], a["count"]))
                else:
                    other.append((slug, a["status"], b["status"]))
                print(f"[{i}/{len(rows)}] {slug}: ours {a.get('seconds', a['status'])}, previous "
                      f"{b.get('seconds', b['status'])}", file=sys.stderr, flush=True)
        finally:
            ours.close()
            before.close()
    ratios = sorted(b / a for _, a, b, _ in timed if a > 0)
    print(f"perft({args.depth}) of {len(rows)} corpus games, this checkout against {commit}; "
          f"timeout {args.timeout} s")
    print(f"both finished with the same count: {len(timed)}; counts differ: {len(differ)}; "
          f"not finished by both: {len(other)}")
    if ratios:
        q = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else [ratios[0]] * 3
        print(f"speed-up (previous / ours): median {statistics.median(ratios):.2f}, quartiles {q[0]:.2f} - "
              f"{q[2]:.2f}, range {ratios[0]:.2f} - {ratios[-1]:.2f}")
        print(f"total: ours {sum(a for _, a, _, _ in timed):.1f} s, previous {sum(b for _, _, b, _ in timed):.1f} s")
    print("the ten games ours takes longest on:")
    for slug, a, b, n in sorted(timed, key=lambda t: -t[1])[:10]:
        print(f"  {slug}: perft {n}, ours {a:.2f} s, previous {b:.2f} s, speed-up {b / a:.2f}")
    for slug, a, b in differ:
        print(f"  COUNTS DIFFER {slug}: ours {a}, previous {b}")
    for slug, a, b in other:
        print(f"  not timed {slug}: ours {a}, previous {b}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
