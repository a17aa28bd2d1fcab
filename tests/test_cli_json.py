"""``--json`` on the commands that gained it: each prints one JSON document on standard output."""

from __future__ import annotations

import json

from click.testing import CliRunner

from zrf.cli import main


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])  # click 8.2+: result.stdout is stdout alone


def test_fmt_json_reports_each_file(tmp_path):
    tidy = tmp_path / "tidy.zrf"
    tidy.write_text("(game (title \"T\"))\n")
    messy = tmp_path / "messy.zrf"
    messy.write_text("(game   (title \"T\")   )")
    broken = tmp_path / "broken.zrf"
    broken.write_text("(game")
    r = run("fmt", "--check", "--json", tidy, messy, broken)
    assert r.exit_code == 2
    data = json.loads(r.stdout)
    assert [(f["path"].rsplit("/", 1)[-1], f["changed"], [d["code"] for d in f["diagnostics"]])
            for f in data["files"]] == [("tidy.zrf", False, []), ("messy.zrf", True, []), ("broken.zrf", False, ["E102"])]
    assert data["changed"] == 1 and data["written"] is False


def test_render_json_carries_the_svg_for_standard_output():
    r = run("render", "canopus", "-o", "-", "--json")
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert data["game"] == "Canopus" and data["output"] is None and data["svg"].startswith("<svg")


def test_play_json_between_computers():
    r = run("play", "canopus", "--white", "random", "--black", "random", "--max-plies", "2", "--json")
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert len(data["moves"]) == 2 and data["stopped"] == "--max-plies" and data["outcome"] is None


def test_gen_json_with_check():
    r = run("gen", "canopus", "--check", "--json")
    assert r.exit_code == 0
    [entry] = json.loads(r.stdout)
    assert entry["game"] == "canopus" and entry["diagnostics"] == [] and entry["differs"] is False
    assert run("gen", "canopus", "--json").exit_code == 2  # the ZRF text itself goes to stdout: refused
