"""Text from a file never reaches the terminal as control characters (issue 30, finding 8).

A game's title, description, player and piece names are the author's text;
printed raw, an escape sequence in them clears the screen, retitles the
window (OSC 0), rewrites earlier lines or hides what follows.  Every command
that prints such text is run here on a game made of escapes, as a person
would run it, and its output must hold none: each is shown as ``\\x1b``.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from zrf.cli import main
from zrf.printable import printable

#: clear the screen, set the window's title, a CSI in its one-byte C1 form, a right-to-left override
ESCAPES = "\x1b[2J\x1b]0;owned\x07\x9b31m\u202e"
#: the same in a name (an atom: no ``;``, which would start a comment)
NAME = "P\x1b[2J\x1b]0,owned\x07\x9b31m\u202e"
CONTROLS = ("\x1b", "\x07", "\x9b", "\u202e")

GAME = f"""(game (title "Trap{ESCAPES}") (description "Read me{ESCAPES}")
  (players White Black) (turn-order White Black)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c" (10 0)) ("2/1" (0 10)))
               (directions (e 1 0) (w -1 0))))
  (piece (name {NAME}) (moves (e add) (w add)))
  (board-setup (White ({NAME} a1)) (Black ({NAME} c2))))
"""


@pytest.fixture()
def rules(tmp_path) -> str:
    path = tmp_path / "trap.zrf"
    path.write_text(GAME, encoding="utf-8")
    return str(path)


def _assert_clean(output: str) -> None:
    for c in CONTROLS:
        assert c not in output, repr(output)


@pytest.mark.parametrize("args", [["info"], ["moves"], ["perft", "--depth", "1", "--divide"],
                                  ["render", "-o", "{tmp}/x.svg"]])
def test_commands_print_no_escape_from_the_file(rules, tmp_path, args):
    out = CliRunner().invoke(main, [args[0], rules] + [a.replace("{tmp}", str(tmp_path)) for a in args[1:]])
    assert out.exit_code == 0, out.output
    _assert_clean(out.output)


def test_info_shows_the_escapes_as_text(rules):
    out = CliRunner().invoke(main, ["info", rules])
    assert "title:       Trap\\x1b[2J\\x1b]0;owned\\x07\\x9b31m\\u202e" in out.output


def test_play_and_replay_print_no_escape(rules, tmp_path):
    saved = tmp_path / "g.zsg"  # (what a person types is echoed: the short form names no piece)
    out = CliRunner().invoke(main, ["play", rules, "--black", "random"], input=f"moves\na1 - b1\nsave {saved}\nquit\n")
    assert out.exit_code == 0, out.output
    _assert_clean(out.output)
    text = saved.read_text(encoding="utf-8-sig").replace("1. ", "1. x", 1)  # the first move made illegal
    saved.write_text(text, encoding="utf-8")
    out = CliRunner().invoke(main, ["replay", str(saved)])
    assert out.exit_code == 1 and "illegal move" in out.output
    _assert_clean(out.output)


def test_diagnostics_print_no_escape(tmp_path):
    path = tmp_path / "bad.zrf"
    path.write_text(f'(game (title "x") (players A B) (turn-order A {NAME}))\n', encoding="utf-8")
    out = CliRunner().invoke(main, ["check", str(path)])
    assert out.exit_code == 1 and "E374" in out.output
    _assert_clean(out.output)


def test_the_helper_keeps_ordinary_text():
    """Letters of any script, tabs and (unless asked) line breaks are printed as they are."""
    text = "Πύργοι\tשחמט 象棋\nline two"
    assert printable(text) == text
    assert printable(text, one_line=True) == "Πύργοι\tשחמט 象棋\\nline two"
    assert printable("\x1b[0m\x00\x7f\x85\r") == "\\x1b[0m\\x00\\x7f\\x85\\r"
