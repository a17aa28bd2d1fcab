"""``zrf check`` and ``zrf info`` through click's CliRunner: exit codes, text and JSON output."""

from __future__ import annotations

import json

from click.testing import CliRunner

from zrf.cli import main

GOOD = """(game (title "T") (players White Black) (turn-order White Black)
  (board (grid (start-rectangle 0 0 10 10)
               (dimensions ("a/b" (10 0)) ("2/1" (0 10)))
               (directions (n 0 -1) (s 0 1))))
  (piece (name Man) (moves (n (verify empty?) add)))
  (piece (name Stone))
  (board-setup (White (Man a1)) (Black (Man b2)))
  (loss-condition (White Black) stalemated))
(variant (title "V") (players White Black Grey))
"""


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_warnings_only_exit_0(tmp_path):
    path = write(tmp_path, "good.zrf", GOOD)
    r = run("check", path)
    assert r.exit_code == 0
    assert r.output.splitlines() == [
        f"{path}:6:3: W330 piece 'Stone' has no moves or drops and is not a (dummy)"]


def test_errors_exit_1_and_json(tmp_path):
    path = write(tmp_path, "bad.zrf", GOOD.replace("(n (verify", "(nw (verify"))
    r = run("check", path)
    assert r.exit_code == 1
    assert f"{path}:5:29: E371 unknown direction or position 'nw' in a move program" in r.output.splitlines()
    r = run("check", "--format", "json", path)
    assert r.exit_code == 1
    data = json.loads(r.output)
    assert [(d["code"], d["line"], d["column"], d["severity"]) for d in data] == [
        ("E371", 5, 29, "error"), ("W330", 6, 3, "warning")]


def test_syntax_error_exit_1(tmp_path):
    path = write(tmp_path, "broken.zrf", GOOD + ")")
    r = run("check", path)
    assert r.exit_code == 1
    assert r.output.splitlines() == [f"{path}:10:1: E101 unbalanced ')': no '(' to close"]


def test_unreadable_file_and_unknown_variant_exit_2(tmp_path):
    r = run("check", str(tmp_path / "missing.zrf"))
    assert r.exit_code == 2
    path = write(tmp_path, "good.zrf", GOOD)
    r = run("check", "--variant", "Nope", path)
    assert r.exit_code == 2


def test_variant_and_folder_arguments(tmp_path):
    write(tmp_path, "good.zrf", GOOD)
    r = run("check", "--variant", "V", str(tmp_path))
    assert r.exit_code == 0
    assert "W330" in r.output
    assert run("check", "--format", "xml", str(tmp_path)).exit_code == 2


def test_info_text_and_json(tmp_path):
    path = write(tmp_path, "good.zrf", GOOD)
    r = run("info", path)
    assert r.exit_code == 0
    assert "title:       T" in r.output and "encoding:    utf-8" in r.output
    assert "board:       grids 2x2; 4 cells, 0 dummy, 0 killed" in r.output
    r = run("info", "--json", "--variant", "V", path)
    assert r.exit_code == 0
    s = json.loads(r.output)
    assert s["title"] == "V" and s["neutral_players"] == ["Grey"]
    assert [e["title"] for e in s["entries"]] == ["T", "V"]
    assert s["board"]["opposites"] == {"n": "s", "s": "n"}
    assert [(p["name"], p["moves"]) for p in s["pieces"]] == [("Man", 1), ("Stone", 0)]
    assert s["setup"]["placements"] == {"White": 1, "Black": 1}
    assert s["goals"] == [{"kind": "loss", "players": ["White", "Black"], "condition": "stalemated"}]


def test_info_exit_codes(tmp_path):
    assert run("info", str(tmp_path / "missing.zrf")).exit_code == 2
    path = write(tmp_path, "good.zrf", GOOD)
    assert run("info", "--variant", "Nope", path).exit_code == 2


def test_info_axiom_engine(tmp_path):
    text = GOOD.replace('(title "T")', '(title "T") (engine "Axiom.dll")')
    r = run("info", write(tmp_path, "ax.zrf", text))
    assert "engine:      Axiom.dll" in r.output
    r = run("check", str(tmp_path / "ax.zrf"))
    assert r.exit_code == 0 and "A001" in r.output and "W330" not in r.output


def test_json_flag_and_format_alias_agree(tmp_path):
    path = write(tmp_path, "bad.zrf", GOOD.replace("(n (verify", "(nw (verify"))
    assert json.loads(run("check", "--json", path).output) == json.loads(run("check", "--format", "json", path).output)


def test_builtin_game_names_are_accepted(tmp_path):
    r = run("check", "canopus")
    assert r.exit_code == 0, r.output
    r = run("info", "--json", "canopus")
    assert r.exit_code == 0
    assert json.loads(r.output)["title"] == "Canopus"


def test_info_says_why_it_exits_1(tmp_path):
    path = write(tmp_path, "bad.zrf", GOOD.replace("(board-setup", "(board-setup (White (Man (x)))"))
    r = CliRunner().invoke(main, ["info", path])
    assert r.exit_code == 1
    assert r.output.splitlines()[-1] == (f"zrf: info: exit status 1: the file has 1 error while building"
                                         f" its model (see zrf check {path})")


def test_folder_check_reports_every_file_even_after_a_crash(tmp_path, monkeypatch):
    """A bug in the linter on one file (simulated) is E000 for that file; the others are still checked."""
    import zrf.commands.check as check_command
    write(tmp_path, "a.zrf", "(boom)")
    good = write(tmp_path, "b.zrf", GOOD)
    real = check_command.lint_file

    def flaky(path, variant=None):
        if path.endswith("a.zrf"):
            raise IndexError("simulated")
        return real(path, variant)
    monkeypatch.setattr(check_command, "lint_file", flaky)
    r = run("check", str(tmp_path))
    assert r.exit_code == 2
    lines = r.output.splitlines()
    assert lines[0].endswith("a.zrf:1:1: E000 internal error IndexError while checking this file "
                             "(please report it): simulated")
    assert f"{good}:6:3: W330 piece 'Stone' has no moves or drops and is not a (dummy)" in lines
