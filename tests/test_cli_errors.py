"""Every game command reports a broken ZRF or a runtime error as located diagnostics
(``path:line:col: CODE message``) with exit status 2, never a traceback; usage errors are one
``zrf: error: ...`` line."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from zrf.cli import main

BOARD = ('(players A B) (board (grid (start-rectangle 0 0 1 1) (dimensions ("a/b" (1 0)) ("1/2" (0 1)))'
         ' (directions (n 0 -1))))')
LOOP = f'(game (title "x") {BOARD} (piece (name P) (moves ((while true mark) add))) (board-setup (A (P a2))))'
BROKEN = f'(game (title "x") {BOARD} (piece (name P) (moves (n (frob) add) (n add))) (board-setup (A (P a2))))'


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture()
def loop(tmp_path):
    path = tmp_path / "loop.zrf"
    path.write_text(LOOP)
    return path


@pytest.mark.parametrize("command", [["moves"], ["perft", "-d", "2"], ["render", "-o", "-"],
                                     ["play", "--white", "random", "--black", "random", "--max-plies", "2"]])
def test_runaway_loop_is_a_located_diagnostic(loop, command):
    r = run(command[0], loop, *command[1:])
    assert r.exit_code == 2, r.output
    col = LOOP.index("(while") + 1
    assert f"{loop}:1:{col}: E510 runaway while loop: more than 10000 iterations in one move block" in r.output
    assert "Traceback" not in r.output


def test_replay_of_a_runaway_game(loop, tmp_path):
    zsg = tmp_path / "g.zsg"
    zsg.write_text("Zillions Save Game File Version 0.02 HH\nRulesFile=loop.zrf\n1. P a2 - a1\n")
    r = run("replay", zsg)
    assert r.exit_code == 2
    assert f"{loop}:1:" in r.output and "E510" in r.output


def test_syntax_errors_are_diagnostics_not_usage_text(tmp_path):
    path = tmp_path / "bad.zrf"
    path.write_text("(game (title \"x\")")
    r = run("moves", path)
    assert r.exit_code == 2
    assert r.output.splitlines() == [f"{path}:1:1: E102 unbalanced '(': never closed"]


def test_lint_errors_give_a_one_line_warning(tmp_path):
    path = tmp_path / "broken.zrf"
    path.write_text(BROKEN)
    r = run("moves", path)
    assert r.exit_code == 0
    assert r.output.splitlines()[0] == (f"zrf: warning: {path} has 1 error (see zrf check {path}); "
                                        "its moves may be missing or wrong")
    assert "P a2 - a1" in r.output


def test_usage_errors_are_one_line(tmp_path):
    r = run("moves", tmp_path / "nothere.zrf")
    assert r.exit_code == 2
    [line] = r.output.splitlines()
    assert line.startswith(f"zrf: error: {tmp_path / 'nothere.zrf'}: no such file and no built-in game")
    r = run("check")
    assert r.exit_code == 2
    assert r.output.splitlines() == ["zrf: error: Missing argument 'PATH...'. (see 'zrf check --help')"]


def test_crosscheck_of_a_broken_zrf_prints_its_diagnostics(tmp_path, monkeypatch):
    monkeypatch.setenv("ZRF_LIMITS", "")  # --limit writes the variable: restored after the test
    path = tmp_path / "d.zrf"
    path.write_text('(define d (d $1$1))\n(game (title "x") (d ab))\n')
    r = run("--limit", "pasted_chars=1000", "crosscheck", "canopus", "--zrf", path, "--depth", "1", "--games", "0")
    assert r.exit_code == 2
    assert r.output.splitlines()[0].startswith(f"{path}:2:19: E225 macro expansion pastes more than 1000 characters")
    assert r.output.splitlines()[-1] == f"zrf: error: {path}: the file defines no playable game"
    assert "internal error" not in r.output
