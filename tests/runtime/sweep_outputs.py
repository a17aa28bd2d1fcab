"""What test_sweeps_on_ray.py compares across backends: a cross-check's and each sweep's output.

:func:`outputs` runs, with one backend and number of workers, a small Canon
Chess cross-check (as a function and as the ``zrf crosscheck --json``
command), and the coverage, replay and perft-equality sweeps over a corpus
folder, and returns what each reports with the timings left out.

The Ray runs happen in a child process (``python -m tests.runtime.sweep_outputs
CORPUS ray 2`` prints the same dictionary as JSON): a process that has run
Ray keeps more than 1 GB of address space mapped after ``ray.shutdown()``,
and every process the test session forks would inherit it (the fuzz tests
fork children limited to 1 GB of address space).
"""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

from click.testing import CliRunner

from runtime.commands.crosscheck import crosscheck
from runtime.verify.crosscheck_run import CrossCheckSpec, run
from runtime.jobs.executors import open_executor
from runtime.sweeps import backend_equality, coverage
from runtime.loading.registry import find_game


def _without_seconds(text: str) -> str:
    """A sweep's output with its timings blanked (coverage's seconds column, equality's '(N s)')."""
    text = re.sub(r" \(\d+\.\d s\)$", "", text, flags=re.M)
    return "\n".join("\t".join("-" if i == 8 else cell for i, cell in enumerate(line.split("\t")))
                     if line.count("\t") == 9 else line for line in text.splitlines())


def _crosscheck(backend: str, workers: int) -> dict:
    """Canon Chess from its registry entry, tree to depth 2 plus 4 playouts (it has known differences)."""
    entry = find_game("canon-chess")
    spec = CrossCheckSpec("canon-chess", entry.zrf, entry.zrf_variant, entry.name_map_json(),
                          known=entry.known_differences, merge_turns=entry.merge_turns)
    result = run(spec, 2, 4, 60, 0, workers, None, backend)
    return {"positions": result.positions, "playouts": result.playouts,
            "unexplained": result.unexplained, "known": result.known,
            "disagreements": [d.as_json() for d in result.disagreements]}


def _crosscheck_command(backend: str, workers: int) -> dict:
    args = ["canon-chess", "--depth", "2", "--games", "2", "--json",
            "--backend", backend, "--workers", str(workers)]
    result = CliRunner().invoke(crosscheck, args)
    data = json.loads(result.output)
    data.pop("seconds")
    return {"exit": result.exit_code, "report": data}


def outputs(corpus: Path, backend: str, workers: int) -> dict:
    """Every report, as JSON-ready data (so a child's answer compares equal to this process's)."""
    out: dict = {"crosscheck": _crosscheck(backend, workers),
                 "crosscheck command": _crosscheck_command(backend, workers)}
    text = io.StringIO()
    tally = coverage.coverage_table(corpus, plies=20, timeout=60, backend=backend, workers=workers, out=text)
    out["coverage"] = {"table": _without_seconds(text.getvalue()), "tally": tally}
    text = io.StringIO()
    coverage.replay_all(corpus, 60, backend, workers, out=text)
    out["replays"] = _without_seconds(text.getvalue())
    text = io.StringIO()
    counts = backend_equality.run(corpus, 1, 120, None, text, backend, workers)
    out["equality"] = {"lines": _without_seconds(text.getvalue()), "counts": counts}
    return json.loads(json.dumps(out))


def main(argv: list[str]) -> int:
    corpus, backend, workers = Path(argv[0]), argv[1], int(argv[2])
    with open_executor(backend, workers):  # with ray: one Ray start for every run below
        print(json.dumps(outputs(corpus, backend, workers)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
