"""Corpus sweep: which ZRF games export to Fairy-Stockfish, verified, and why the others do not.

    python -m runtime.sweeps.fairy_export CORPUS_DIR [--timeout S] [--shard i/n] [--positions N] [--depth D]

For every MANIFEST row that needs no Axiom engine, the file's first game is loaded, exported
(:func:`runtime.fairy.export.export_game`) and, when a section comes out, verified
(:func:`runtime.fairy.verification.verify`: perft to ``--depth`` and ``--positions``
positions of random games).  One tab-separated row per game on standard output: slug,
family (``chess`` for a two-player game with a goal that names a royal piece: checkmated,
or ``pieces-remaining 0`` of a type, or a piece type reaching cells), status (``verified``, ``differs``, ``blocked``,
``error``, ``timeout``), the diagnostic codes found, the first diagnostic, seconds.  A tally
on standard error: games verified, and the chess-family games that do not export grouped
by their first blocking code.
"""

from __future__ import annotations

import argparse
import csv
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from runtime.core.errors import GameLoadError
from runtime.fairy.export import export_game, fairy_game
from runtime.fairy.verification import verify
from runtime.loading.opening import open_game
from runtime.jobs.time_limits import TimeLimitExceeded, time_limit
from zrf.syntax import to_text


@dataclass
class Row:
    slug: str
    family: str = "other"
    status: str = "error"
    codes: str = ""
    first: str = ""
    seconds: float = 0.0

    def line(self) -> str:
        return "\t".join([self.slug, self.family, self.status, self.codes, self.first, f"{self.seconds:.1f}"])


def family(game) -> str:
    """``chess`` for two players and a goal naming a royal piece (see the module docstring), else ``other``."""
    if len(game.gdef.players) != 2:
        return "other"
    for g in game.gdef.goals:
        text = to_text(g.condition)
        if re.search(r"\(checkmated [^()]+\)|\(pieces-remaining 0 [^() ]+\)|\(absolute-config [^() ]+ ", text):
            return "chess"
    return "other"


def sweep_one(path: str, slug: str, timeout: int, depth: int, positions: int) -> Row:
    row = Row(slug)
    start = time.perf_counter()
    try:
        with time_limit(timeout):
            game = open_game(path)
            row.family = family(game)
            export = export_game(game)
            if not export.ok:
                row.status = "blocked"
                row.codes = " ".join(sorted({d.code for d in export.diagnostics}))
                row.first = export.diagnostics[0].format().splitlines()[0]
            else:
                result = verify(fairy_game(export), game, depth, positions)
                row.status = "verified" if result.ok else "differs"
                if not result.ok:
                    row.first = result.describe().replace("\n", " | ")[:400]
    except TimeLimitExceeded:
        row.status = "timeout"
    except GameLoadError as exc:
        row.first = str(exc).splitlines()[0][:200]
    except Exception as exc:  # a sweep reports every failure as a row and goes on
        row.first = f"{type(exc).__name__}: {str(exc)[:200]}"
    row.seconds = time.perf_counter() - start
    return row


def corpus_rows(corpus: Path):
    with open(corpus / "MANIFEST.tsv", encoding="utf-8") as fh:
        for r in csv.DictReader(fh, delimiter="\t"):
            if r["engine"] != "-":
                continue
            yield r["slug"], str(corpus / r["slug"] / r["file"])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", help="a corpus folder with MANIFEST.tsv (the shared corpus)")
    ap.add_argument("--timeout", type=int, default=300, help="seconds per game, export and verification (default 300)")
    ap.add_argument("--shard", default="0/1", help="i/n: every n-th game starting at i")
    ap.add_argument("--depth", type=int, default=3, help="perft depth compared (default 3)")
    ap.add_argument("--positions", type=int, default=200,
                    help="positions of seeded random games compared (default 200)")
    ap.add_argument("--only", default="", help="comma-separated slugs")
    args = ap.parse_args(argv)
    index, count = (int(x) for x in args.shard.split("/"))
    only = set(filter(None, args.only.split(",")))
    tally: Counter = Counter()
    blocked: Counter = Counter()
    for n, (slug, path) in enumerate(corpus_rows(Path(args.corpus))):
        if n % count != index or (only and slug not in only):
            continue
        row = sweep_one(path, slug, args.timeout, args.depth, args.positions)
        print(row.line(), flush=True)
        tally[row.status] += 1
        if row.family == "chess" and row.status != "verified":
            blocked[row.status + " " + (row.codes.split()[0] if row.codes else "")] += 1
    print("tally: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items())), file=sys.stderr)
    print("chess family not verified: " + ", ".join(f"{k} {v}" for k, v in sorted(blocked.items())),
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
