"""Benchmark: the computer player's search speed on fixed positions, beside a peer in the same run.

    python benchmarks/search_speed.py [--previous REV] [--games chess,xiangqi,canopus,alpha-centauri]
        [--positions 4] [--depth 3] [--budget 400] [--sunfish-nodes 20000] [--repeat 1] [--rounds 1]

For each game (its ZRF file in this checkout: tests/games/chess.zrf and
xiangqi.zrf, the generated Canopus and Alpha Centauri files; ``alpha-centauri-engine``,
``canopus-engine`` and ``epsilon-eridani-engine`` are the native engines, the ones
``zrf play`` and the web page play) a seeded random
game is played and every tenth position from ply 10 on is kept, written as a
``--position`` set-up text (:mod:`runtime.loading.setup_text`), so each side
searches exactly the same positions.  Each engine runs in its own subprocess,
one after the other, and times itself in processor seconds:

* **ours**: this checkout's :class:`runtime.players.alphabeta.AlphaBetaPlayer`
  (``max_depth=--depth``, ``node_budget=--budget``, seed 0) on each position;
* **previous**: the same player of ``--previous`` (default: ``main``),
  checked out into a temporary git worktree beside this one (removed
  afterwards), searching the same set-up texts of the same files;
* **sunfish** (chess only): the pure-Python chess engine ``sunfish`` on the
  same chess positions, until it has counted ``--sunfish-nodes`` nodes.

A node is what each engine counts: ours one move generation or sixteen static
evaluations (docs/play.md), sunfish one call of its bound search (quiescence
included), so the nodes/s of the two are of different nodes.  Ours also counts
the positions its search entered, every call of the search and of quiescence
(``SearchInfo.positions``), which is sunfish's kind of node; that rate is
printed beside (a checkout from before the count prints none).  Each player's
game knowledge is learned before its clock starts.  The move chosen, its
score and the node count are printed per position (``--repeat N``: each position is
searched N times in its worker, and the least processor time counts, which
steadies the figures on a loaded machine; ``--rounds N``: both workers run N
times, alternating which goes first, and each position keeps its least time): with the same code on both
sides they must agree, and a change meant to speed the search up without
changing it must keep them (``PYTHONHASHSEED`` is fixed to 0 in the workers).
The machine's load average is printed at the start and the end of the run.

``--instructions`` counts instead of timing: each worker runs under callgrind
(valgrind), which counts the machine instructions of the searches only
(switched on after the game is loaded, its knowledge learned and one pass of
the same searches has filled the memos; address-space randomisation off where
``setarch`` can).  The counts do not move with the load or from run to run, so
a change of a percent shows; the times printed in that mode are callgrind's,
many times the machine's.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from previous_checkout import previous_checkout

ROOT = Path(__file__).resolve().parent.parent

GAMES = {
    "chess": ("tests/games/chess.zrf", None),
    "xiangqi": ("tests/games/xiangqi.zrf", None),
    "canopus": ("variants/canopus/canopus.zrf", None),
    "alpha-centauri": ("variants/alpha_centauri/alpha_centauri.zrf", None),
    # the native engines, by their registry names
    "alpha-centauri-engine": ("alpha-centauri", None),
    "canopus-engine": ("canopus", None),
    "epsilon-eridani-engine": ("epsilon-eridani", None),
}


def game_source(path: str) -> str:
    """What ``open_game`` is given: a file of this checkout, or a built-in game's name."""
    return str(ROOT / path) if path.endswith(".zrf") else path

#: The worker run in each checkout's Python: it uses only what both checkouts have.
WORKER = r'''
import json, sys, time
try:
    from runtime.loading.opening import open_game as load_game
except ImportError:  # a checkout from before open_game
    from runtime.interpreter import load_zrf_game as load_game
from runtime.loading.setup_text import set_up
from runtime.players.alphabeta import AlphaBetaPlayer
job = json.load(sys.stdin)
game = load_game(job["path"], job["variant"])
try:
    from runtime.players.knowledge import knowledge_for  # a checkout whose learned knowledge was global
    knowledge_for(game, 0)
    extra = {}
except ImportError:  # learned knowledge kept by a cache given to the player
    from runtime.players.knowledge import KnowledgeCache
    cache = KnowledgeCache(capacity=1)
    cache.knowledge(game, 0)
    extra = {"knowledge_cache": cache}
def search(text):
    state = set_up(game, text)
    player = AlphaBetaPlayer(max_depth=job["depth"], node_budget=job["budget"], seed=0, **extra)
    t = time.process_time()
    move = player.choose(state)
    return player, move, time.process_time() - t
def entry(player, move, seconds):
    return {"nodes": player.info.nodes, "positions": getattr(player.info, "positions", None),
            "seconds": seconds, "move": move.notation,
            "score": round(player.info.score, 6), "depth": player.info.depth}
out = []
if job.get("instructions"):  # under callgrind: count only the searches, after a pass that fills the memos
    import os, subprocess
    for text in job["positions"]:
        search(text)
    switch = ["callgrind_control", "-i", "on", str(os.getpid())]
    subprocess.run(switch, capture_output=True, check=True)
    found = [search(text) for text in job["positions"]]
    switch[2] = "off"
    subprocess.run(switch, capture_output=True, check=True)
    out = [entry(*f) for f in found]
else:
    for text in job["positions"]:
        seconds = None
        for _ in range(job["repeat"]):  # the least processor time of the repeats
            player, move, spent = search(text)
            seconds = spent if seconds is None else min(seconds, spent)
        out.append(entry(player, move, seconds))
json.dump(out, sys.stdout)
'''

SUNFISH = r'''
import json, sys, time
import sunfish
job = json.load(sys.stdin)
out = []
for board, white in job["boards"]:
    rows = [" " * 9 + "\n"] * 2
    for rank in range(8, 0, -1):
        row = " "
        for f in "abcdefgh":
            row += board.get(f"{f}{rank}", ".")
        rows.append(row + "\n")
    rows += [" " * 9 + "\n"] * 2
    text = "".join(rows)
    score = sum(sunfish.pst[c][i] for i, c in enumerate(text) if c.isupper()) - \
        sum(sunfish.pst[c.upper()][119 - i] for i, c in enumerate(text) if c.islower())
    wc = (text[sunfish.A1] == "R" and text[sunfish.A1 + 4] == "K", text[sunfish.H1] == "R" and text[sunfish.A1 + 4] == "K")
    bc = (text[sunfish.H8] == "r" and text[sunfish.A8 + 4] == "k", text[sunfish.A8] == "r" and text[sunfish.A8 + 4] == "k")
    pos = sunfish.Position(text, score, wc, bc, 0, 0)
    if not white:
        pos = pos.rotate()
    searcher = sunfish.Searcher()
    t = time.process_time()
    for depth, gamma, score, move in searcher.search([pos]):
        if searcher.nodes >= job["nodes"] or depth > 30:
            break
    out.append({"nodes": searcher.nodes, "seconds": time.process_time() - t, "depth": depth})
json.dump(out, sys.stdout)
'''

LETTERS = {"Pawn": "P", "Knight": "N", "Bishop": "B", "Rook": "R", "Queen": "Q", "King": "K"}


def positions(path: str, variant: str | None, count: int, seed: int) -> list:
    """Set-up texts of every tenth position (from ply 10) of one seeded random game, and the states."""
    from runtime.loading.opening import open_game
    from runtime.loading.setup_text import SetupText

    game = open_game(game_source(path), variant)
    rng = random.Random(seed)
    state = game.initial_state()
    out = []
    for ply in range(1, 10 * count + 10):
        moves = state.legal_moves()
        if not moves or state.outcome() is not None:
            break
        state = state.apply(rng.choice(moves))
        if ply % 10 == 0:
            board = state.board()
            text = SetupText(state.current_player,
                             tuple((c, p, t) for c, (p, t) in sorted(board.items()))).text()
            out.append((text, state))
    return out[:count]


def run(python_path: Path, code: str, job: dict) -> list:
    """The worker's results; with ``job["instructions"]`` it runs under callgrind, and each
    result also carries ``instructions``: the machine instructions of all the searches."""
    env = dict(os.environ, PYTHONPATH=str(python_path), PYTHONHASHSEED="0", ZRF_TRANSLATION_CACHE="1")
    command = [sys.executable, "-c", code]
    with tempfile.TemporaryDirectory(prefix="search-speed-callgrind-") as scratch:
        counts = Path(scratch) / "callgrind.out"
        if job.get("instructions"):
            command = callgrind_command(counts) + command
        proc = subprocess.run(command, input=json.dumps(job), capture_output=True, text=True, env=env,
                              cwd=python_path)
        if proc.returncode != 0:
            raise SystemExit(f"worker in {python_path} failed:\n{proc.stderr}")
        results = json.loads(proc.stdout)
        if job.get("instructions"):
            total = callgrind_total(counts)
            for r in results:
                r["instructions"] = total
    return results


def callgrind_command(counts: Path) -> list[str]:
    """The prefix that runs a worker under callgrind, counting nothing until the worker switches
    it on (``callgrind_control -i on``), with address-space randomisation off where ``setarch``
    can do that (the same layout from run to run)."""
    missing = [tool for tool in ("valgrind", "callgrind_control") if shutil.which(tool) is None]
    if missing:
        raise SystemExit(f"--instructions needs {' and '.join(missing)} (Debian: apt-get install valgrind)")
    prefix = ["setarch", platform.machine(), "-R"] if shutil.which("setarch") else []
    return prefix + ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={counts}"]


def callgrind_total(counts: Path) -> int:
    """The instructions a callgrind output file counted: its ``totals:`` line, written at the end
    (the ``summary:`` line near the top is written before anything is counted)."""
    for line in reversed(counts.read_text().splitlines()):
        key, _, value = line.partition(":")
        if key == "totals":
            return int(value.split()[0])
    raise SystemExit(f"no instruction count in {counts}")


def rounds(ours_path: Path, previous_path: Path, job: dict, count: int) -> tuple[list, list]:
    """Both checkouts' results for ``job``, their workers run ``count`` times in turn, the first
    round ours first, the next previous first, and so on (whichever side runs first on a busy
    machine is not always the same); each position keeps the least processor time of its rounds."""
    ours: list = []
    before: list = []
    for i in range(count):
        sides = [(ours_path, ours), (previous_path, before)]
        for path, kept in (sides if i % 2 == 0 else sides[::-1]):
            results = run(path, WORKER, job)
            if not kept:
                kept.extend(results)
                continue
            for k, r in zip(kept, results):
                if (k["move"], k["score"], k["nodes"]) != (r["move"], r["score"], r["nodes"]):
                    raise SystemExit(f"worker in {path} searched differently in round {i + 1}: {k} against {r}")
                k["seconds"] = min(k["seconds"], r["seconds"])
    return ours, before


def rate(results: list) -> tuple[int, float]:
    nodes = sum(r["nodes"] for r in results)
    seconds = sum(r["seconds"] for r in results)
    return nodes, seconds


def positions_entered(results: list) -> int | None:
    """The positions the searches entered, or None from a checkout whose player does not count them."""
    counts = [r.get("positions") for r in results]
    return None if None in counts else sum(counts)


def _load() -> str:
    """The 1, 5 and 15 minute load averages (the benchmark's figures move with them)."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--previous", default="main", help="the revision to compare with (a git commit or branch)")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--positions", type=int, default=4)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--budget", type=int, default=400, help="node budget per move of our player")
    ap.add_argument("--sunfish-nodes", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=1,
                    help="search each position this many times in each worker and keep the least time")
    ap.add_argument("--rounds", type=int, default=1,
                    help="run both checkouts' workers this many times, alternating which goes first")
    ap.add_argument("--instructions", action="store_true",
                    help="count machine instructions under callgrind (valgrind) instead of timing: the same "
                         "count on any load; one pass, after a pass that fills the memos (no --repeat, --rounds)")
    args = ap.parse_args()
    if args.instructions:
        callgrind_command(Path("check"))  # says what is missing before any work
        args.repeat = args.rounds = 1
    sys.path.insert(0, str(ROOT))

    print(f"load average at start: {_load()}")
    with previous_checkout(ROOT, args.previous, "search-speed-") as (_, previous, commit):
        for name in args.games.split(","):
            path, variant = GAMES[name]
            found = positions(path, variant, args.positions, args.seed)
            job = {"path": game_source(path), "variant": variant, "positions": [t for t, _ in found],
                   "depth": args.depth, "budget": args.budget, "repeat": args.repeat,
                   "instructions": args.instructions}
            ours, before = rounds(ROOT, previous, job, args.rounds)
            print(f"{name}: {len(found)} positions, depth {args.depth}, budget {args.budget} nodes"
                  + (" (times under callgrind)" if args.instructions else ""))
            for i, (a, b) in enumerate(zip(ours, before)):
                same = "same" if (a["move"], a["score"], a["nodes"]) == (b["move"], b["score"], b["nodes"]) \
                    else "DIFFERENT"
                print(f"  position {i + 1}: ours {a['move']} {a['score']} ({a['nodes']} nodes, depth {a['depth']}, "
                      f"{a['seconds']:.2f} s); previous {b['move']} {b['score']} ({b['nodes']} nodes, "
                      f"{b['seconds']:.2f} s): {same}")
            n1, s1 = rate(ours)
            n0, s0 = rate(before)
            print(f"  ours: {n1} nodes in {s1:.2f} s, {n1 / s1:,.0f} nodes/s; previous ({commit}): {n0} nodes in "
                  f"{s0:.2f} s, {n0 / s0:,.0f} nodes/s; ratio {(n1 / s1) / (n0 / s0):.2f}")
            if args.instructions:
                i1, i0 = ours[0]["instructions"], before[0]["instructions"]
                print(f"  instructions: ours {i1:,} ({i1 / n1:,.0f} a node), previous {i0:,} ({i0 / n0:,.0f} a node); "
                      f"ours / previous {i1 / i0:.4f}")
            for side, results, seconds in (("ours", ours, s1), ("previous", before, s0)):
                entered = positions_entered(results)
                if entered is not None:
                    print(f"  {side}: {entered} positions entered, {entered / seconds:,.0f} a second "
                          f"(the kind of node sunfish counts)")
            if name == "chess" and not args.instructions:
                boards = [({c: (LETTERS[t] if p == "White" else LETTERS[t].lower())
                            for c, (p, t) in st.board().items()}, st.current_player == "White")
                          for _, st in found]
                sun = run(ROOT, SUNFISH, {"boards": boards, "nodes": args.sunfish_nodes})
                n2, s2 = rate(sun)
                print(f"  sunfish: {n2} nodes in {s2:.2f} s, {n2 / s2:,.0f} nodes/s (its nodes: bound() calls)")
    print(f"load average at end: {_load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
