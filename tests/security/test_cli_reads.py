"""The command line reads only the game's own folder tree, and never prints another file's text.

Issue 30, finding 3: a saved game with ``RulesFile=../../secret/credentials``,
or a ZRF with ``(include "/etc/shadow")`` (only a W213 warning), made ``zrf
replay`` and ``zrf check`` read the file and print its tokens in E301
diagnostics, 40 characters at a time.  Each attack below is made the way the
issue describes, with a secret file of this test standing in for the user's
credentials: outside the folder tree of the file that names it, the file is
refused unless the user passes ``zrf --allow-outside``; and a diagnostic
never quotes the text of a file that is not a ZRF (``*.zrf``), even one the
user allowed or one inside the tree.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from zrf.cli import main

from .conftest import ROOT

SECRET = "aws_secret_access_key=SECRET-4711\npassword hunter2-secret\n(token ABCDEF-secret)\n"
SECRET_WORDS = ("SECRET-4711", "hunter2", "ABCDEF", "aws_secret", "password", "token")


def _secret(tmp_path) -> str:
    folder = tmp_path / "secret"
    folder.mkdir()
    path = folder / "credentials"
    path.write_text(SECRET)
    return str(path)


def _zrf(*args: str):
    """``zrf ARGS`` in this process; ``--allow-outside`` writes ``$ZRF_ALLOW_OUTSIDE``, restored after."""
    return CliRunner().invoke(main, list(args), env={"ZRF_ALLOW_OUTSIDE": None})


def _shows_no_secret(output: str) -> None:
    for word in SECRET_WORDS:
        assert word not in output, output


def _saved_game(folder, rules_file: str):
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "evil.zsg"
    path.write_bytes(f"Zillions Save Game File Version 0.02 HH\r\nRulesFile={rules_file}\r\nVariantName=x\r\n"
                     "1. Pawn e2 - e4\r\n".encode())
    return path


def test_a_saved_game_cannot_name_a_rules_file_outside_its_folder(tmp_path):
    _secret(tmp_path)
    path = _saved_game(tmp_path / "games" / "sub", "../../secret/credentials")
    out = _zrf("replay", str(path))
    assert out.exit_code == 2, out.output
    assert (f"{path}:2:1: Z003 RulesFile= '../../secret/credentials' is outside the saved game's folder: "
            "refused") in out.output
    assert "--allow-outside" in out.output and "--zrf" in out.output
    _shows_no_secret(out.output)


def test_an_allowed_rules_file_outside_is_read_but_never_quoted(tmp_path):
    _secret(tmp_path)
    path = _saved_game(tmp_path / "games" / "sub", "../../secret/credentials")
    out = _zrf("--allow-outside", "replay", str(path))
    assert out.exit_code == 2, out.output
    assert "credentials:1:1: E301 unexpected atom at top level" in out.output
    _shows_no_secret(out.output)


def test_a_rules_file_inside_the_folder_that_is_not_a_zrf_is_never_quoted(tmp_path):
    """Inside the tree nothing is refused, but a file that is not a ZRF is still not shown."""
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "notes.txt").write_text(SECRET)
    out = _zrf("replay", str(_saved_game(folder, "notes.txt")))
    assert out.exit_code == 2 and "notes.txt:1:1: E301 unexpected atom at top level" in out.output
    assert "notes.txt:3:1: E303 unknown top-level keyword (its text is not shown: the file is not a ZRF)" in out.output
    _shows_no_secret(out.output)


def test_an_include_outside_the_folder_is_refused(tmp_path):
    secret = _secret(tmp_path)
    (tmp_path / "game").mkdir()
    path = tmp_path / "game" / "main.zrf"
    path.write_text(f'(include "{secret}")\n(game (title "x"))\n')
    out = _zrf("check", str(path))
    assert out.exit_code == 1, out.output
    assert (f"{path}:1:1: E214 include '{secret}' is outside the folder of the file being read: refused "
            "(zrf --allow-outside reads it)") in out.output
    _shows_no_secret(out.output)


@pytest.mark.parametrize("command", [["check"], ["info"], ["moves"], ["perft", "--depth", "1"]])
def test_no_command_reads_an_include_outside_the_folder(tmp_path, command):
    """The whole game is in the included file outside the folder (titled OUTSIDE): a command that
    read it would show its title, its moves or its move count."""
    (tmp_path / "elsewhere").mkdir()
    outside = tmp_path / "elsewhere" / "rules.zrf"
    chess = (ROOT / "tests" / "games" / "chess.zrf").read_text(encoding="utf-8")
    outside.write_text(chess.replace('(title "Chess")', '(title "OUTSIDE")', 1), encoding="utf-8")
    assert '(title "OUTSIDE")' in outside.read_text(encoding="utf-8")
    (tmp_path / "game").mkdir()
    path = tmp_path / "game" / "main.zrf"
    path.write_text(f'(include "{outside}")\n', encoding="utf-8")
    out = _zrf(command[0], str(path), *command[1:])
    assert out.exit_code != 0, out.output
    for shown in ("OUTSIDE", "moves for", "depth 1:"):
        assert shown not in out.output, out.output


def test_an_allowed_include_outside_is_read_but_never_quoted(tmp_path):
    secret = _secret(tmp_path)
    (tmp_path / "game").mkdir()
    path = tmp_path / "game" / "main.zrf"
    path.write_text(f'(include "{secret}")\n(game (title "x"))\n')
    out = _zrf("--allow-outside", "check", str(path))
    assert f"{path}:1:1: W213 include" in out.output
    assert f"{secret}:1:1: E301 unexpected atom at top level" in out.output
    _shows_no_secret(out.output)


def test_the_option_is_documented():
    out = _zrf("--help")
    assert out.exit_code == 0 and "--allow-outside" in out.output
