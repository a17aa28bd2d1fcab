"""A person's move under load: ``zrf serve`` with many clients playing against the computer.

Usage: ``python benchmarks/server_load.py [--clients 20] [--moves 50] [--seconds 0.5] [--game canopus]``.

Starts ``zrf serve`` in a child process and plays, over HTTP as the page does:

* **alone** (the peer): one client makes ``--moves`` moves, each answered by
  the random player (no search), so nothing else runs on the server;
* **under load**: ``--clients`` clients at once, each making ``--moves`` moves
  and asking the computer (alpha-beta, ``--seconds`` per move) to answer each.
  A computer move refused because the search queue is full (503, said so) is
  asked again a moment later and counted.

It prints the latency of a person's move (``POST /api/move``, the request the
page waits on after a click) in each phase, p50, p90, p99 and the largest,
their ratio, the computer moves refused and any failure.  Every figure is
wall time on this machine; run it on a quiet machine to compare runs.
"""

from __future__ import annotations

import argparse
import os
import queue
import random
import re
import signal
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent


def start_server() -> tuple[subprocess.Popen, str]:
    """``zrf serve --port 0`` in a child; its process and base URL."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-c", "from zrf.cli import main; main()", "serve", "--port", "0",
                             "--max-games", "64"], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
                            env=env, cwd=str(ROOT))
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [lines.put(ln) for ln in proc.stderr], daemon=True).start()
    while True:
        line = lines.get(timeout=120)
        if line.startswith("serving on "):
            return proc, line.split()[2].rstrip("/")


class Client:
    """One page: a game against the computer, its token, the moves' latencies."""

    def __init__(self, url: str, launch: str, game: str, seed: int):
        self.http = httpx.Client(base_url=url, timeout=600)
        self.launch = launch
        self.game = game
        self.rng = random.Random(seed)
        self.latencies: list[float] = []
        self.refused = 0
        self.failures: list[str] = []
        self.state: dict = {}
        self.token = ""

    def new(self) -> None:
        res = self.http.post("/api/new", json={"game": self.game}, headers={"X-ZRF-Token": self.launch})
        res.raise_for_status()
        self.state, self.token = res.json(), res.json()["token"]

    def post(self, path: str, body: dict) -> httpx.Response:
        return self.http.post(path, json={"id": self.state["id"], **body}, headers={"X-ZRF-Token": self.token})

    def play(self, moves: int, computer: str, seconds: float) -> None:
        self.new()
        for _ in range(moves):
            if self.state["outcome"] is not None or not self.state["moves"]:
                self.new()
            move = self.rng.choice(self.state["moves"])["notation"]
            start = time.perf_counter()
            res = self.post("/api/move", {"notation": move})
            self.latencies.append(time.perf_counter() - start)
            if res.status_code != 200:
                self.failures.append(f"move {res.status_code} {res.text[:100]}")
                return
            self.state = res.json()
            if self.state["outcome"] is not None:
                continue
            while True:
                res = self.post("/api/ai", {"kind": computer, "seconds": seconds})
                if res.status_code != 503:
                    break
                self.refused += 1
                time.sleep(0.2)
            if res.status_code != 200:
                self.failures.append(f"ai {res.status_code} {res.text[:100]}")
                return
            self.state = res.json()


def run(url: str, launch: str, clients: int, moves: int, computer: str, seconds: float, game: str):
    pages = [Client(url, launch, game, seed) for seed in range(clients)]
    threads = [threading.Thread(target=p.play, args=(moves, computer, seconds)) for p in pages]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - start
    latencies = sorted(x for p in pages for x in p.latencies)
    return latencies, sum(p.refused for p in pages), [f for p in pages for f in p.failures], wall


def percentile(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def report(name: str, latencies: list[float], refused: int, failures: list[str], wall: float) -> float:
    p99 = percentile(latencies, 0.99)
    print(f"{name:<12} {len(latencies):5d} moves  p50 {statistics.median(latencies) * 1000:8.1f} ms  "
          f"p90 {percentile(latencies, 0.9) * 1000:8.1f} ms  p99 {p99 * 1000:8.1f} ms  "
          f"max {latencies[-1] * 1000:8.1f} ms  computer moves refused (503) {refused}  "
          f"failures {len(failures)}  {wall:.0f} s")
    for f in failures[:5]:
        print("   ", f)
    return p99


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--moves", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=0.5, help="the computer's time per move under load")
    ap.add_argument("--game", default="canopus")
    args = ap.parse_args()
    proc, url = start_server()
    try:
        html = httpx.get(url + "/", timeout=60).text
        launch = re.search(r'<meta name="zrf-token" content="([^"]+)">', html).group(1)
        alone = report("alone", *run(url, launch, 1, args.moves, "random", args.seconds, args.game))
        loaded = report("under load", *run(url, launch, args.clients, args.moves, "ai", args.seconds, args.game))
        print(f"p99 under load / alone: {loaded / alone:.1f}")
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(60)


if __name__ == "__main__":
    main()
