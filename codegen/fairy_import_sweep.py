"""Sweep: which of Fairy-Stockfish's built-in variants import as ZRF, pass ``zrf check`` and verify.

    python -m codegen.fairy_import_sweep [--positions N] [--depth D] [--timeout S] [--only a,b] [--shard i/n]

One tab-separated row per variant: name, status (``verified``; ``perft`` when perft to
``--depth`` agrees but the random games found a difference; ``differs``; ``check`` when the
ZRF has errors; ``unfit`` with the reason; ``error``; ``timeout``), the perft counts (ours,
Fairy-Stockfish's), the first difference or reason, seconds.  A tally on standard error.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

from runtime.fairy.library import FairyLibrary
from runtime.jobs.time_limits import TimeLimitExceeded, time_limit

from .fairy_import import ImportUnfit, import_variant


def sweep_one(name: str, depth: int, positions: int, timeout: int) -> list[str]:
    start = time.perf_counter()
    status, counts, note = "error", "", ""
    try:
        with time_limit(timeout):
            imported = import_variant(name, None, depth, positions)
        v = imported.verification
        if imported.lint_errors:
            status, note = "check", imported.lint_errors[0].format().splitlines()[0]
        elif v is None:
            note = "the import was not verified"
        else:
            counts = f"{v.perft_ours} {v.perft_theirs}"
            status = "verified" if v.ok else "perft" if v.perft_ours == v.perft_theirs else "differs"
            if not v.ok:
                note = v.describe().replace("\n", " | ")[:2000]
    except ImportUnfit as exc:
        status, note = "unfit", str(exc)
    except TimeLimitExceeded:
        status = "timeout"
    except Exception as exc:  # a sweep reports every failure as a row and goes on
        note = f"{type(exc).__name__}: {str(exc)[:200]}"
    return [name, status, counts, note, f"{time.perf_counter() - start:.1f}"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depth", type=int, default=3, help="perft depth compared (default 3)")
    ap.add_argument("--positions", type=int, default=200,
                    help="positions of seeded random games compared (default 200)")
    ap.add_argument("--timeout", type=int, default=600,
                    help="seconds per variant: import, zrf check and verification (default 600)")
    ap.add_argument("--only", default="", help="comma-separated variant names (default: every built-in variant)")
    ap.add_argument("--shard", default="0/1", help="i/n: every n-th variant starting at i")
    args = ap.parse_args(argv)
    index, count = (int(x) for x in args.shard.split("/"))
    names = [n for n in args.only.split(",") if n] or FairyLibrary.get().builtin_variants()
    tally: Counter = Counter()
    for i, name in enumerate(names):
        if i % count != index:
            continue
        row = sweep_one(name, args.depth, args.positions, args.timeout)
        print("\t".join(row), flush=True)
        tally[row[1]] += 1
    print("tally: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items())), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
