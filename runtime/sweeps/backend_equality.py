"""Are the translated move programs the same game as the closures?  Checked over a corpus.

    python -m runtime.sweeps.backend_equality CORPUS_DIR [--depth 2] [--timeout 120] [--limit N]
        [--workers N] [--backend process|ray] [--ray-address ADDR]

For every game of every file of the corpus (the MANIFEST rows; each playable
game and variant of a file) that loads, the game is loaded twice, once with
the closure compiler (the reference) and once with the translator
(:mod:`.translate`), and the two trees are walked together to ``--depth``
plies: at every node the legal moves must be the same notations in the same
order, and the outcome the same.  Every saved game of the corpus is replayed
with both; the replays must agree on how many lines apply, where and why
one stops, the outcome, and the final position.

Prints one line per game and saved game (``equal``, ``DIFFERENT: why``,
``skipped: why``, ``timeout``, ``load failed: why``) and the counts of each;
exits 1 when any pair differs.  Each item runs under a wall-clock alarm
(POSIX), reported as a timeout, never hidden.  With ``--workers N`` the items
run N at a time in processes or Ray tasks (:mod:`runtime.jobs.executors`); the
lines come out in the same order as with one worker.
"""

from __future__ import annotations

import argparse
import csv
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from zrf.diagnostics import ZrfError
from zrf.model import build_file
from zrf.zsg import read_zsg

from runtime.jobs.time_limits import TimeLimitExceeded, time_limit
from runtime.jobs.executors import BackendError, add_arguments, open_executor
from runtime.core.errors import GameLoadError
from runtime.savedgames.replay import find_rules, replay

from runtime.interpreter import MoveBackEnd
from runtime.loading.opening import open_game

from .failures import describe_failure

EQUAL, DIFFERENT, SKIPPED, TIMEOUT, LOAD_FAILED = "equal", "DIFFERENT", "skipped", "timeout", "load failed"


@dataclass
class Verdict:
    """One item's result: its name, kind (``perft`` or ``replay``), status and why."""

    item: str
    kind: str
    status: str
    why: str = ""
    seconds: float = 0.0

    def line(self) -> str:
        why = f": {self.why}" if self.why else ""
        return f"{self.kind} {self.item}: {self.status}{why} ({self.seconds:.1f} s)"


def load_both(path: str, variant: str | None = None):
    """The game of ``path`` (or its ``variant``) as (closures, translated), each from its own read of the file."""
    return (open_game(path, variant, back_end=MoveBackEnd.CLOSURES),
            open_game(path, variant, back_end=MoveBackEnd.TRANSLATED))


def tree_difference(reference, candidate, depth: int) -> str | None:
    """Walk both states' trees to ``depth`` plies; the first difference as text, None when equal.

    At every node: the outcome, then the legal moves' notations in order;
    the children are the same-numbered moves of both.
    """
    stack = [(reference, candidate, depth, ())]
    while stack:
        a, b, d, line = stack.pop()
        where = " ".join(line) or "the start"
        oa, ob = _either(lambda: a.outcome()), _either(lambda: b.outcome())
        da = oa if isinstance(oa, _Raised) or oa is None else oa.describe()
        db = ob if isinstance(ob, _Raised) or ob is None else ob.describe()
        if da != db:
            return f"after {where}: outcome {da} vs {db}"
        if d == 0 or da is not None:
            continue
        ma, mb = _either(a.legal_moves), _either(b.legal_moves)
        if isinstance(ma, _Raised) or isinstance(mb, _Raised):
            if ma != mb:
                return f"after {where}: moves {ma if isinstance(ma, _Raised) else len(ma)} vs " \
                       f"{mb if isinstance(mb, _Raised) else len(mb)}"
            continue
        na = [" ".join(m.notation) for m in ma]
        nb = [" ".join(m.notation) for m in mb]
        if na != nb:
            extra = sorted(set(nb) - set(na))[:3]
            missing = sorted(set(na) - set(nb))[:3]
            return (f"after {' '.join(line) or 'the start'}: {len(na)} moves vs {len(nb)}"
                    f" (translation adds {extra}, lacks {missing}; order differs when both are empty)")
        for x, y, text in zip(ma, mb, na):
            stack.append((a.apply(x), b.apply(y), d - 1, line + (text,)))
    return None


def playout_difference(reference, candidate, plies: int, seed: int = 0) -> str | None:
    """Both states' games along one seeded random line of ``plies`` turns (the same move
    numbers in both): the outcome and the legal moves at every position of the line.  For
    games whose trees are too big to walk."""
    rng = random.Random(seed)
    a, b = reference, candidate
    for ply in range(plies + 1):
        diff = tree_difference(a, b, 0)
        if diff is None:
            ma, mb = _either(a.legal_moves), _either(b.legal_moves)
            if isinstance(ma, _Raised) or isinstance(mb, _Raised):
                diff = None if ma == mb else f"moves {ma} vs {mb}"
                if diff is None:
                    return None
            elif [m.notation for m in ma] != [m.notation for m in mb]:
                diff = f"{len(ma)} moves vs {len(mb)}"
        if diff is not None:
            return f"ply {ply} of the playout (seed {seed}): {diff}"
        if a.outcome() is not None or not ma:
            return None
        k = rng.randrange(len(ma))
        a, b = a.apply(ma[k]), b.apply(mb[k])
    return None


@dataclass(frozen=True)
class _Raised:
    """An exception one back end raised, as a value to compare with the other's."""

    kind: str
    message: str

    def __str__(self) -> str:
        return f"raised {self.kind}: {self.message}"


def _either(fn):
    """``fn()``, or the error it raised as a :class:`_Raised` (a timeout still stops the item)."""
    try:
        return fn()
    except TimeLimitExceeded:
        raise
    except Exception as exc:  # compared, not hidden: both back ends must raise the same
        return _Raised(type(exc).__name__, str(exc).splitlines()[0][:160] if str(exc) else "")


def _timed(item: str, kind: str, timeout: int, fn) -> Verdict:
    start = time.perf_counter()
    try:
        with time_limit(timeout):
            status, why = fn()
    except TimeLimitExceeded:
        status, why = TIMEOUT, f"after {timeout} s"
    except (GameLoadError, ZrfError) as exc:  # a file that does not read is no difference
        status, why = LOAD_FAILED, str(exc).splitlines()[0][:160] if str(exc) else type(exc).__name__
    except Exception as exc:  # every failure is counted with its kind, never hidden
        status, why = DIFFERENT, describe_failure(exc, 160)
    return Verdict(item, kind, status, why, time.perf_counter() - start)


def perft_verdict(path: str, variant: str | None, depth: int, timeout: int) -> Verdict:
    """Both back ends' trees of one game compared to ``depth`` plies."""
    def run():
        ref, cand = load_both(path, variant)
        diff = tree_difference(ref.initial_state(), cand.initial_state(), depth)
        return (EQUAL, "") if diff is None else (DIFFERENT, diff)
    name = Path(path).name + (f" [{variant}]" if variant else "")
    return _timed(name, "perft", timeout, run)


def replay_difference(saved_path: str) -> tuple[str, str]:
    """Replay one saved game with both back ends: (status, why)."""
    saved = read_zsg(saved_path)
    rules = find_rules(saved)
    ref, cand = load_both(rules, saved.variant or None)
    if ref.gdef.engine:
        return SKIPPED, "needs an Axiom engine plug-in"
    ra, rb = _either(lambda: replay(saved, ref)), _either(lambda: replay(saved, cand))
    if isinstance(ra, _Raised) or isinstance(rb, _Raised):
        return (EQUAL, f"both {ra}") if ra == rb else (DIFFERENT, f"closures {ra} vs translated {rb}")

    def summary(r):
        return (r.ok, r.applied_lines, r.turns, r.failed_line, r.failed_text, r.reason,
                r.outcome and r.outcome.describe(), r.final and r.final.signature())
    sa, sb = summary(ra), summary(rb)
    if sa != sb:
        return DIFFERENT, f"closures {sa[:6]} vs translated {sb[:6]}"
    return EQUAL, f"{ra.applied_lines} lines" + ("" if ra.ok else f", both stop at line {ra.failed_line}")


def replay_verdict(saved_path: str, timeout: int) -> Verdict:
    return _timed(Path(saved_path).parent.name + "/" + Path(saved_path).name, "replay", timeout,
                  lambda: replay_difference(saved_path))


def corpus_rows(corpus: Path) -> list[dict]:
    with open(corpus / "MANIFEST.tsv", newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh, delimiter="\t"))


def entries(path: str) -> list[str | None]:
    """The titles of the playable games and variants of ``path`` (None: the file is unreadable)."""
    try:
        zf = build_file(path)
    except ZrfError:
        return [None]
    titles = []
    for g in zf.games:
        if g.playable and g.title not in titles:
            titles.append(g.title)
    return titles or [None]


def _skipped(item: str, kind: str, why: str) -> Verdict:
    return Verdict(item, kind, SKIPPED, why)


def run(corpus: Path, depth: int, timeout: int, limit: int | None, out=sys.stdout,
        backend: str = "process", workers: int = 1, address: str | None = None) -> dict[str, int]:
    """Every game's perft and every saved game's replay, compared; counts per (kind, status).

    Two rounds of jobs: the playable entries of every file, then one job per
    game and saved game; lines are printed in MANIFEST order either way.
    """
    counts: dict[str, int] = {}
    rows = corpus_rows(corpus)[:limit]
    paths = [str(corpus / row["slug"] / row["file"]) for row in rows]
    with open_executor(backend, workers, address) as executor:
        readable = [row["engine"] != "axiom" and row["slug"] != "common" for row in rows]
        titles = iter(executor.run([(entries, (path,)) for path, ok in zip(paths, readable) if ok]))
        calls = []
        for row, path, ok in zip(rows, paths, readable):
            if row["engine"] == "axiom":
                calls.append((_skipped, (row["slug"], "perft", "needs an Axiom engine plug-in")))
            elif ok:
                calls.extend((perft_verdict, (path, title, depth, timeout)) for title in next(titles))
            saved = row.get("saved_games") or "-"
            for name in ([] if saved == "-" else saved.split(",")):
                calls.append((replay_verdict, (str(corpus / row["slug"] / name), timeout)))
        for v in executor.run(calls):
            print(v.line(), file=out, flush=True)
            k = f"{v.kind} {v.status}"
            counts[k] = counts.get(k, 0) + 1
    print("# " + ", ".join(f"{k}: {n}" for k, n in sorted(counts.items())), file=out)
    return counts


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", type=Path)
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=120, help="seconds per game or saved game")
    ap.add_argument("--limit", type=int, default=None, help="only the first N manifest rows")
    add_arguments(ap)
    args = ap.parse_args(argv)
    try:
        counts = run(args.corpus, args.depth, args.timeout, args.limit,
                     backend=args.backend, workers=args.workers, address=args.ray_address)
    except BackendError as exc:
        ap.error(str(exc))
    return 1 if any(k.endswith(DIFFERENT) for k in counts) else 0


if __name__ == "__main__":
    sys.exit(main())
