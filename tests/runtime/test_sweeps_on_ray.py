"""The same cross-check and the same corpus sweeps on Ray as in a process pool and in one process.

One local Ray (2 CPUs, no dashboard) is started for the module through
``runtime.executors`` itself, so its start-up options are the ones the
commands use; every run below finds it initialised and uses it.  The
reference of each comparison is the one-worker run in this process, the
code path the rest of the suite checks against independent engines; the
timings (``seconds``) are the only fields left out.  Skipped without Ray.
"""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

import pytest

pytest.importorskip("ray", reason="Ray is not installed (pip install -e '.[ray]'); the ray backend is untested")

from click.testing import CliRunner  # noqa: E402

from runtime.commands.crosscheck import crosscheck  # noqa: E402
from runtime.crosscheck_run import CrossCheckSpec, run  # noqa: E402
from runtime.executors import open_executor  # noqa: E402
from runtime.interpreter import backend_equality, coverage  # noqa: E402
from runtime.registry import find_game  # noqa: E402

GAMES = Path(__file__).resolve().parents[1] / "games"

#: where each way runs: (backend, workers)
WAYS = [("process", 1), ("process", 2), ("ray", 2)]


@pytest.fixture(scope="module", autouse=True)
def local_ray():
    with open_executor("ray", 2):
        yield


def _result_json(result) -> dict:
    return {"positions": result.positions, "playouts": result.playouts,
            "unexplained": result.unexplained, "known": result.known,
            "disagreements": [d.as_json() for d in result.disagreements]}


def test_crosscheck_is_the_same_on_every_backend():
    """Canon Chess, tree to depth 2 plus 4 playouts: the positions, the counts and the kept
    disagreements in the same order (this run has known differences, so the order shows)."""
    entry = find_game("canon-chess")
    spec = CrossCheckSpec("canon-chess", entry.zrf, entry.zrf_variant, entry.name_map_json(),
                          known=entry.known_differences, merge_turns=entry.merge_turns)
    runs = [_result_json(run(spec, 2, 4, 60, 0, workers, None, backend)) for backend, workers in WAYS]
    assert runs[0]["known"], "the comparison needs disagreements to compare their order"
    assert runs[1] == runs[0]
    assert runs[2] == runs[0]


def test_crosscheck_command_on_ray():
    """``zrf crosscheck --backend ray`` prints what the default backend prints, but for the time."""
    outputs = []
    for extra in ([], ["--backend", "ray", "--workers", "2"]):
        result = CliRunner().invoke(crosscheck, ["canon-chess", "--depth", "2", "--games", "2", "--json"] + extra)
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        data.pop("seconds")
        outputs.append(data)
    assert outputs[1] == outputs[0]


@pytest.fixture(scope="module")
def tiny_corpus(tmp_path_factory) -> Path:
    """Four games of tests/games, an Axiom row, a broken file, and two saved games of chess
    (Fool's mate, and a game whose second line is illegal), laid out like the shared corpus."""
    root = tmp_path_factory.mktemp("corpus")
    rows = []
    for name in ("chess", "checkers", "xiangqi", "shogi"):
        (root / name).mkdir()
        shutil.copy(GAMES / f"{name}.zrf", root / name / f"{name}.zrf")
        rows.append((name, f"{name}.zrf", "-", "-"))
    (root / "broken").mkdir()
    (root / "broken" / "broken.zrf").write_text("(game (title \"Broken\")\n")
    rows.append(("broken", "broken.zrf", "-", "-"))
    rows.append(("axiomatic", "axiomatic.zrf", "axiom", "-"))
    head = "Zillions Save Game File Version 0.02 HH\r\nRulesFile=chess.zrf\r\nVariantName=Chess\r\n"
    games = {"fools.zsg": ["1. Pawn f2 - f3", "1. Pawn e7 - e5", "2. Pawn g2 - g4", "2. Queen d8 - h4"],
             "illegal.zsg": ["1. Pawn e2 - e4", "1. Pawn e7 - e4"]}
    for file, lines in games.items():
        (root / "chess" / file).write_bytes((head + "".join(f"{x}\r\n" for x in lines)).encode())
    rows[0] = ("chess", "chess.zrf", "-", ",".join(games))
    manifest = "slug\tfile\tengine\tsaved_games\n" + "".join("\t".join(r) + "\n" for r in rows)
    (root / "MANIFEST.tsv").write_text(manifest)
    return root


def _without_seconds(text: str) -> str:
    """A sweep's output with its timings blanked (coverage's seconds column, equality's '(N s)')."""
    text = re.sub(r" \(\d+\.\d s\)$", "", text, flags=re.M)
    return "\n".join("\t".join("-" if i == 8 else cell for i, cell in enumerate(line.split("\t")))
                     if line.count("\t") == 9 else line for line in text.splitlines())


def _sweep_outputs(sweep) -> list[str]:
    outputs = []
    for backend, workers in WAYS:
        out = io.StringIO()
        sweep(out, backend, workers)
        outputs.append(_without_seconds(out.getvalue()))
    return outputs


def test_coverage_sweep_is_the_same_on_every_backend(tiny_corpus):
    """Rows in MANIFEST order and the same tally; the hand count: 6 rows, 1 Axiom, 4 load and play."""
    tallies = []

    def sweep(out, backend, workers):
        tallies.append(coverage.coverage_table(tiny_corpus, plies=20, timeout=60, backend=backend,
                                               workers=workers, out=out))
    outputs = _sweep_outputs(sweep)
    assert outputs[1] == outputs[0] and outputs[2] == outputs[0]
    assert tallies[0] == tallies[1] == tallies[2]
    assert tallies[0]["games"] == 6 and tallies[0]["axiom"] == 1
    assert tallies[0]["load"] == tallies[0]["playout finished"] == 4
    slugs = [line.split("\t")[0] for line in outputs[0].splitlines()[1:]]
    assert slugs == ["chess", "checkers", "xiangqi", "shogi", "broken", "axiomatic"]


def test_replay_sweep_is_the_same_on_every_backend(tiny_corpus):
    """One row per saved game in MANIFEST order; the illegal one stops at its file line 5
    (three header lines, then its second move)."""
    outputs = _sweep_outputs(lambda out, backend, workers: coverage.replay_all(
        tiny_corpus, 60, backend, workers, out=out))
    assert outputs[1] == outputs[0] and outputs[2] == outputs[0]
    lines = outputs[0].splitlines()
    assert lines[1].startswith("chess\tfools.zsg\t4\t4\tok: ")
    assert lines[2].startswith("chess\tillegal.zsg\t2\t1\tline 5 '1. Pawn e7 - e4'")


def test_perft_and_replay_equality_sweep_is_the_same_on_every_backend(tiny_corpus):
    """backend_equality (perft(1)) over the tiny corpus: every game and saved game equal, in MANIFEST order."""
    counts = []

    def sweep(out, backend, workers):
        counts.append(backend_equality.run(tiny_corpus, 1, 120, None, out, backend, workers))
    outputs = _sweep_outputs(sweep)
    assert outputs[1] == outputs[0] and outputs[2] == outputs[0]
    assert counts[0] == counts[1] == counts[2]
    # 4 games whose trees are equal, the broken file, the Axiom row, the 2 saved games
    assert counts[0]["perft equal"] == 4 and counts[0]["replay equal"] == 2
    assert counts[0]["perft skipped"] == 1
