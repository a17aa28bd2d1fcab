"""Corpus parse throughput: plain read vs parse vs parse + macro expansion, in MB/s.

Usage: ``python benchmarks/parse.py [PATH]`` where PATH is a folder (every
``*.zrf`` below it) or one file; default ``$ZRF_CORPUS`` or
``../shared/corpus``.  ``--reference`` also times the full pyparsing
reference grammar (slow) on the same files.

Each phase reports wall time and CPU time of this process (CPU time is the
better figure on a busy machine).  Files the reader rejects are counted and
skipped by the later phases.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from zrf.diagnostics import ZrfError  # noqa: E402
from zrf.macros import expand_document  # noqa: E402
from zrf.reader import decode, parse_text, reference_grammar  # noqa: E402


def default_corpus() -> Path:
    env = os.environ.get("ZRF_CORPUS")
    return Path(env) if env else Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"


def files_under(path: Path) -> list[Path]:
    return [path] if path.is_file() else sorted(path.rglob("*.zrf"))


class Clock:
    def __enter__(self):
        self.wall, self.cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc):
        self.wall = time.perf_counter() - self.wall
        self.cpu = time.process_time() - self.cpu


def line(name: str, megabytes: float, clock: Clock, extra: str = "") -> None:
    print(f"{name:<22} {clock.wall:8.2f} s wall {clock.cpu:8.2f} s cpu "
          f"{megabytes / max(clock.cpu, 1e-9):9.2f} MB/s (cpu) {extra}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", type=Path, default=default_corpus())
    parser.add_argument("--reference", action="store_true", help="also time the pyparsing reference grammar")
    parser.add_argument("--top", type=int, default=0, metavar="N",
                        help="also list the N files whose expansion took the most CPU time")
    args = parser.parse_args()
    files = files_under(args.path)
    if not files:
        sys.exit(f"no .zrf files under {args.path}")

    with Clock() as read:
        blobs = [f.read_bytes() for f in files]
    mb = sum(map(len, blobs)) / 1e6
    print(f"{len(files)} files, {mb:.2f} MB under {args.path}")
    line("read bytes", mb, read)

    with Clock() as dec:
        texts = [decode(b)[0] for b in blobs]
    line("decode", mb, dec)

    rejected = 0
    with Clock() as parse:
        docs = []
        for f, text in zip(files, texts):
            try:
                docs.append(parse_text(text, str(f)))
            except ZrfError:
                rejected += 1
    line("parse", mb, parse, f"({rejected} rejected)")

    if args.reference:
        grammar = reference_grammar()
        with Clock() as ref:
            for doc in docs:
                grammar.parse_string(doc.text, parse_all=True)
        line("pyparsing reference", mb, ref)

    work = 0
    per_file = []
    with Clock() as expand:
        for f, text in zip(files, texts):
            try:
                doc = parse_text(text, str(f))
            except ZrfError:
                continue
            start = time.process_time()
            result = expand_document(doc)
            per_file.append((time.process_time() - start, result.work, f))
            work += result.work
            del result
    line("parse + expand", mb, expand, f"({work / 1e6:.1f} M units of expansion work)")
    for cpu, units, f in sorted(per_file, reverse=True)[:args.top]:
        print(f"  expand {cpu:6.2f} s cpu {units / 1e6:6.2f} M units  {f}")


if __name__ == "__main__":
    main()
