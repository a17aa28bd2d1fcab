"""Saved games keep every name and every line, and ``zrf replay`` opens only regular files.

Issue 20 found names outside Latin-1 saved as ``?`` (the game could not be
replayed), game text able to add lines to a ``.zsg``, and ``zrf replay``
following ``RulesFile=`` into ``/dev/zero`` (memory filled) or a FIFO
(blocked for good).  The Greek game below is written for these tests:
its title, players and piece are outside cp1252.
"""

from __future__ import annotations

import json
import os

from click.testing import CliRunner

from runtime.commands.play import play
from runtime.commands.replay import replay
from runtime.loading.opening import open_game
from runtime.savedgames.saving import save
from zrf.zsg import parse_zsg, read_zsg, zsg_bytes

from .conftest import ROOT, run_limited

GREEK = """(game (title "Πύργοι")
  (players Λευκά Μαύρα) (turn-order Λευκά Μαύρα)
  (board (grid (start-rectangle 0 0 10 10)
               (dimensions ("a/b/c/d" (10 0)) ("2/1" (0 10)))
               (directions (e 1 0) (w -1 0) (n 0 -1) (s 0 1))))
  (piece (name Πύργος) (moves (e add) (w add) (n add) (s add)))
  (board-setup (Λευκά (Πύργος a1)) (Μαύρα (Πύργος d2))))
"""

GERMAN = GREEK.replace("Πύργοι", "Türme").replace("Λευκά", "Weiß").replace("Μαύρα", "Schwarz") \
              .replace("Πύργος", "Königin")


def _write_game(tmp_path, text: str, name: str = "game.zrf") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_greek_game_saved_in_the_terminal_replays(tmp_path):
    rules = _write_game(tmp_path, GREEK)
    saved = tmp_path / "greek.zsg"
    keys = f"a1 - b1\nsave {saved}\nquit\n"
    result = CliRunner().invoke(play, [rules, "--black", "random", "--seed", "2"], input=keys)
    assert result.exit_code == 0, result.output
    data = saved.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")  # UTF-8 with a byte-order mark: cp1252 cannot hold the names
    assert "VariantName=Πύργοι".encode() in data and "1. Πύργος a1 - b1".encode() in data
    out = CliRunner().invoke(replay, [str(saved), "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.output)
    assert report["ok"] and report["turns"] == 2 and report["lines"] == 2


def test_a_latin_name_is_saved_as_zillions_does(tmp_path):
    """Names that fit cp1252 are written in cp1252, byte for byte what Zillions writes."""
    rules = _write_game(tmp_path, GERMAN)
    game = open_game(rules)
    move = next(m for m in game.initial_state().legal_moves() if m.notation == "Königin a1 - b1")
    path = tmp_path / "t.zsg"
    save(str(path), game, rules, [move], "HC")
    data = path.read_bytes()
    assert data == (b"Zillions Save Game File Version 0.02 HC\r\nRulesFile=game.zrf\r\n"
                    b"VariantName=T\xfcrme\r\n1. K\xf6nigin a1 - b1\r\n")
    out = CliRunner().invoke(replay, [str(path), "--json"])
    assert out.exit_code == 0 and json.loads(out.output)["ok"], out.output


def test_a_saved_game_read_and_written_keeps_its_encoding(tmp_path):
    path = tmp_path / "u.zsg"
    original = "\ufeffZillions Save Game File Version 0.02 HH\r\nRulesFile=x.zrf\r\nVariantName=Πύργοι\r\n"
    path.write_bytes(original.encode("utf-8"))
    again = read_zsg(str(path))
    assert again.variant == "Πύργοι" and zsg_bytes(again) == path.read_bytes()


def test_game_text_cannot_add_lines_to_a_saved_game(tmp_path):
    """A title with line breaks used to write a second RulesFile= and a fake move into the file."""
    title = "Trap\r\nRulesFile=/dev/zero\r\n1. Πύργος d2 - d1"
    rules = _write_game(tmp_path, GREEK.replace("Πύργοι", title))
    game = open_game(rules)
    assert "\n" in game.name
    path = tmp_path / "t.zsg"
    save(str(path), game, rules, [])
    text = path.read_bytes().decode("utf-8-sig")
    assert text.count("\r\n") == 3  # header, RulesFile=, VariantName=: no move and no second RulesFile
    parsed = parse_zsg(text)
    assert parsed.rules_file == "game.zrf" and parsed.moves == []


def _saved_game_naming(tmp_path, rules: str):
    path = tmp_path / "evil.zsg"
    path.write_bytes(f"Zillions Save Game File Version 0.02 HH\r\nRulesFile={rules}\r\nVariantName=x\r\n"
                     "1. Pawn e2 - e4\r\n".encode())
    return path


def _replay_in_child(path, allow_outside: bool = False) -> str:
    child = run_limited(f"""
        import os
        if {allow_outside!r}:
            os.environ["ZRF_ALLOW_OUTSIDE"] = "1"
        from click.testing import CliRunner
        from runtime.commands.replay import replay
        result = CliRunner().invoke(replay, ["{path}"])
        print(result.exit_code, result.output)
    """, timeout=60)
    assert child.returncode == 0, child.stderr[-2000:]
    return child.stdout


def test_replay_refuses_a_rules_file_that_is_a_device(tmp_path):
    """RulesFile=/dev/zero filled memory (the child's 1 GB limit turns that into a failure).
    It is outside the saved game's folder, so refused unread (Z003); allowed, it is still no file."""
    out = _replay_in_child(_saved_game_naming(tmp_path, "/dev/zero"))
    assert out.startswith("2 ") and "Z003 RulesFile= '/dev/zero' is outside" in out
    out = _replay_in_child(_saved_game_naming(tmp_path, "/dev/zero"), allow_outside=True)
    assert out.startswith("2 ") and "not a regular file" in out


def test_replay_refuses_a_rules_file_that_is_a_fifo(tmp_path):
    """A FIFO blocked the replay for good (the child's timeout turns that into a failure)."""
    fifo = tmp_path / "rules.zrf"
    os.mkfifo(fifo)
    out = _replay_in_child(_saved_game_naming(tmp_path, "rules.zrf"))
    assert out.startswith("2 ") and "not a regular file" in out


def _replay_cli(tmp_path, text: str):
    (tmp_path / "chess.zrf").write_bytes((ROOT / "tests" / "games" / "chess.zrf").read_bytes())
    path = tmp_path / "t.zsg"
    path.write_bytes(text.encode("cp1252"))
    return CliRunner().invoke(replay, [str(path)])


HEAD = "Zillions Save Game File Version 0.02 HH\r\nRulesFile=chess.zrf\r\nVariantName=Chess\r\n"


def test_a_set_up_edit_on_no_cell_is_a_located_error(tmp_path):
    """Found by the byte fuzzer: an edit naming an unknown cell gave a KeyError traceback."""
    out = _replay_cli(tmp_path, HEAD + "(White King e1)\r\n(White King z9)\r\n1. Pawn e2 - e4\r\n")
    assert out.exit_code == 2
    assert out.output.strip().endswith("t.zsg:5:1: Z001 set-up edit names unknown position 'z9'")


def test_a_move_number_of_5000_digits_is_a_located_error(tmp_path):
    """Issue 20: integers over 4,300 digits gave ValueError tracebacks in replay and play --load."""
    out = _replay_cli(tmp_path, HEAD + "9" * 5000 + ". Pawn e2 - e4\r\n")
    assert out.exit_code == 2 and "Traceback" not in out.output
    assert "t.zsg:4:1: Z001 " in out.output


def test_a_nul_byte_in_the_rules_file_name_is_a_located_error(tmp_path):
    """Issue 30: ``RulesFile=`` holding a NUL byte was an internal error (``ValueError: embedded
    null byte``); it is a located diagnostic at the RulesFile line."""
    from zrf.cli import main

    path = tmp_path / "nul.zsg"
    path.write_bytes(b"Zillions Save Game File Version 0.02 HH\r\nRulesFile=a\x00b.zrf\r\n1. Pawn e2 - e4\r\n")
    out = CliRunner().invoke(main, ["replay", str(path)])
    assert out.exit_code == 2, out.output
    assert "internal error" not in out.output and "\x00" not in out.output
    assert f"{path}:2:1: Z002 RulesFile= names no file: it holds a NUL character" in out.output
