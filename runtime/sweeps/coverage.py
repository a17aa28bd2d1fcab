"""Corpus coverage: does each ZRF game load, generate moves, and finish a random playout?

Used by the slow corpus test and to produce the table in
docs/compatibility.md::

    python -m runtime.sweeps.coverage CORPUS_DIR [--plies 200] [--seed 0] [--limit N] [--timeout S] [--shard i/n]
    python -m runtime.sweeps.coverage CORPUS_DIR --replays

The second form replays every saved game of the corpus (MANIFEST column
saved_games) and prints one row per game: lines replayed, first failing line.
Both take ``--workers N [--backend process|ray] [--ray-address ADDR]``
(:mod:`runtime.jobs.executors`): the games then run N at a time, and the rows are
still printed in MANIFEST order, the same whatever the backend.

Each game runs under a wall-clock alarm (POSIX only) so one slow file cannot
stall the whole run; a timeout is reported as such, not hidden.  A game whose
first player has no legal move at the start is counted apart from the
finished playouts (column ``start`` = ``none``), with the reason found by
:func:`why_no_start_move`.  Run-time limits a game met (W503, W504) are added
to its note.
"""

from __future__ import annotations

import csv
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from runtime.jobs.time_limits import TimeLimitExceeded, time_limit
from runtime.jobs.executors import BackendError, add_arguments, open_executor

from .failures import describe_failure


@dataclass
class Coverage:
    slug: str
    loads: bool = False
    generates: bool = False
    #: "moves", "none" (no legal move at the start) or "over" (a goal holds at the start)
    start: str = ""
    playout: bool = False
    plies: int = 0
    moves: int = 0
    note: str = ""
    seconds: float = 0.0


def why_no_start_move(game, state) -> str:
    """Why the player to move has no legal move in ``state`` (the start position), in words."""
    t = game.tables
    player, mover, mtype = game.entry(state.turn)
    name = t.players[player]
    own = [pc for pc in state.cells if pc is not None and pc[0] == mover]
    nt = len(t.types)
    stock = [i % nt for i, k in enumerate(state.stores) if k and i // nt == mover]
    droppable = [ti for ti, blocks in enumerate(game.drop_blocks) if blocks]
    movable = {pc[1] for pc in own if game.move_blocks[pc[1]]}
    if not own and not droppable:
        placed = [pos for pl, _, pos in game.gdef.setup.placements if pl == name]
        missing = [pos for pos in placed if pos not in t.pos_index]
        if missing:
            return (f"the board-setup puts {name}'s pieces on positions the board does not have "
                    f"({', '.join(missing[:3])}) and no piece type has drops")
        return f"the board-setup gives {name} no piece and no piece type has drops"
    if not movable and droppable and not any(ti in stock for ti in droppable):
        return (f"drops with no stock: {name}'s drops need pieces off the board and the set-up "
                f"gives none ({', '.join(t.types[ti] for ti in droppable)})")
    if not movable and not droppable:
        return f"none of {name}'s pieces has moves"
    if not t.directions and movable:
        return "a board with no directions: every move block steps in a direction"
    if mtype is not None and not any(
            mt == mtype for ti in movable for mt, _ in game.move_blocks[ti]) and not any(
            mt == mtype for ti in droppable for mt, _ in game.drop_blocks[ti]):
        return f"the turn order asks {name} for move type {mtype!r}, which none of its pieces has"
    return f"every move and drop block of {name}'s pieces fails in the start position"


def check_game(path: str, slug: str, plies: int = 200, seed: int = 0, timeout: int = 60) -> Coverage:
    """Load the default entry of ``path``, list its moves, play ``plies`` random plies."""
    from runtime.loading.opening import open_game
    from runtime.verify.playout import random_playout

    cov = Coverage(slug)
    start = time.perf_counter()
    stage = "load"
    try:
        with time_limit(timeout):
            game = open_game(path)
            cov.loads = True
            stage = "generate"
            state = game.initial_state()
            over = state.goal_outcome()
            cov.moves = state.raw_moves().count() if over is None else 0
            cov.generates = True
            if over is not None:
                cov.start = "over"
                cov.note = f"a goal holds at the start: {over.describe()}"
            elif not state.legal_moves():
                cov.start = "none"
                cov.note = why_no_start_move(game, state)
            else:
                cov.start = "moves"
                stage = "playout"
                result = random_playout(state, seed, plies)
                cov.plies = result.plies
                cov.playout = True
                cov.note = result.reason
            if game.notices:
                cov.note += "; " + "; ".join(f"{d.code} {d.message}" for d in game.notices)
    except TimeLimitExceeded:
        cov.note = f"timeout after {timeout}s in {stage}"
    except RecursionError:
        cov.note = f"recursion limit in {stage}"
    except Exception as exc:  # every failure is reported, with its kind
        cov.note = describe_failure(exc, 120, stage)
    cov.seconds = time.perf_counter() - start
    return cov


def corpus_games(corpus: Path):
    """(slug, path, engine) of every MANIFEST row."""
    with open(corpus / "MANIFEST.tsv", newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            yield row["slug"], str(corpus / row["slug"] / row["file"]), row["engine"]


def replay_line(saved_path: str, slug: str, name: str, timeout: int) -> str:
    """One saved game replayed: its TSV row (slug, file, lines, replayed, outcome or failure)."""
    from zrf.zsg import read_zsg

    from runtime.loading.opening import open_game
    from runtime.savedgames.replay import find_rules, replay

    try:
        with time_limit(timeout):
            saved = read_zsg(saved_path)
            game = open_game(find_rules(saved), saved.variant or None)
            r = replay(saved, game)
            if r.ok:
                result = "ok: " + (r.outcome.describe() if r.outcome else "game not over")
            else:
                result = f"line {r.failed_line} {r.failed_text!r}: {r.reason}"
            if r.renumbered:
                where = ", ".join(str(n) for n in r.renumbered_lines)
                result += f"; saved under other move-type numbers (line {where})"
            if r.notices:
                result += " [" + "; ".join(r.notices) + "]"
            return f"{slug}\t{name}\t{r.lines}\t{r.applied_lines}\t{result}"
    except TimeLimitExceeded:
        return f"{slug}\t{name}\t-\t-\ttimeout after {timeout}s"
    except Exception as exc:  # every failure is a row, with its kind, and the replays go on
        return f"{slug}\t{name}\t-\t-\t{describe_failure(exc, 100)}"


def _axiom_replay_line(slug: str, name: str) -> str:
    return f"{slug}\t{name}\t-\t-\tneeds an Axiom engine"


def replay_all(corpus: Path, timeout: int = 300, backend: str = "process", workers: int = 1,
               address: str | None = None, out=sys.stdout) -> None:
    """Print a TSV row per corpus saved game (:func:`replay_line`), in MANIFEST order."""
    print("slug\tsaved game\tlines\treplayed\tresult", file=out, flush=True)
    with open(corpus / "MANIFEST.tsv", newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t"))
    calls = []
    for row in rows:
        if row["saved_games"] in ("-", ""):
            continue
        for name in row["saved_games"].split(","):
            if row["engine"] == "axiom":
                calls.append((_axiom_replay_line, (row["slug"], name)))
            else:
                path = str(corpus / row["slug"] / name)
                calls.append((replay_line, (path, row["slug"], name, timeout)))
    with open_executor(backend, workers, address) as executor:
        for line in executor.run(calls):
            print(line, file=out, flush=True)


def _axiom(slug: str) -> None:
    """An Axiom game's job: nothing runs (the row says it needs an Axiom engine)."""
    return None


def coverage_table(corpus: Path, plies: int = 200, seed: int = 0, timeout: int = 60,
                   shard: tuple[int, int] = (0, 1), limit: int = 0, backend: str = "process",
                   workers: int = 1, address: str | None = None, out=sys.stdout) -> dict[str, int]:
    """Print the coverage TSV of the corpus games (every n-th from i of ``shard``), in MANIFEST order; the tally."""
    i, n = shard
    rows = list(corpus_games(corpus))[i::n]
    if limit:
        rows = rows[:limit]
    print("slug\tengine\tloads\tgenerates\tstart\tplayout\tmoves\tplies\tseconds\tnote", file=out, flush=True)
    tally = {"games": 0, "axiom": 0, "load": 0, "generate": 0, "no move at the start": 0,
             "goal at the start": 0, "playout finished": 0}
    calls = [(_axiom, (slug,)) if engine == "axiom" else
             (check_game, (path, slug, plies, seed, timeout))
             for slug, path, engine in rows]
    with open_executor(backend, workers, address) as executor:
        for (slug, _, engine), c in zip(rows, executor.run(calls)):
            tally["games"] += 1
            if c is None:
                tally["axiom"] += 1
                print(f"{slug}\taxiom\t-\t-\t-\t-\t-\t-\t-\tneeds an Axiom engine", file=out, flush=True)
                continue
            tally["load"] += c.loads
            tally["generate"] += c.generates
            tally["no move at the start"] += c.start == "none"
            tally["goal at the start"] += c.start == "over"
            tally["playout finished"] += c.playout
            print(f"{slug}\t-\t{int(c.loads)}\t{int(c.generates)}\t{c.start or '-'}\t{int(c.playout)}"
                  f"\t{c.moves}\t{c.plies}\t{c.seconds:.1f}\t{c.note}", file=out, flush=True)
    return tally


def main(argv: list[str] | None = None) -> int:
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus")
    ap.add_argument("--plies", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--shard", default="0/1", help="i/n: run every n-th game starting at i")
    ap.add_argument("--replays", action="store_true", help="replay every corpus saved game instead")
    add_arguments(ap)
    args = ap.parse_args(argv)
    where = dict(backend=args.backend, workers=args.workers, address=args.ray_address)
    try:
        if args.replays:
            replay_all(Path(args.corpus), max(args.timeout, 300), **where)
            return 0
        shard = tuple(int(x) for x in args.shard.split("/"))
        tally = coverage_table(Path(args.corpus), args.plies, args.seed, args.timeout, shard,
                               args.limit, **where)
    except BackendError as exc:
        ap.error(str(exc))
    print("# " + ", ".join(f"{k}: {v}" for k, v in tally.items()), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
