"""``zrf fmt``: in place, --check, --diff, -o, stdin, exit codes, encodings, never losing work."""

from __future__ import annotations

import os

from click.testing import CliRunner

from zrf.cli import main

UGLY = b"; c\r\n(game   (title \"Caf\xe9\")\r\n)\r\n"
PRETTY = b"; c\r\n(game (title \"Caf\xe9\"))\r\n"


def run(*args, input=None):
    return CliRunner().invoke(main, ["fmt", *args], input=input)


def test_rewrites_in_place_keeping_encoding_and_line_breaks(tmp_path):
    p = tmp_path / "a.zrf"
    p.write_bytes(UGLY)
    r = run(str(p))
    assert r.exit_code == 0, r.output
    assert p.read_bytes() == PRETTY  # cp1252 byte and CRLF kept
    assert [f.name for f in tmp_path.iterdir()] == ["a.zrf"]  # no temporary file left


def test_unchanged_file_is_not_rewritten(tmp_path):
    p = tmp_path / "a.zrf"
    p.write_bytes(PRETTY)
    os.utime(p, (1_000_000, 1_000_000))
    assert run(str(p)).exit_code == 0
    assert p.stat().st_mtime == 1_000_000


def test_check_lists_files_and_exits_1(tmp_path):
    ugly, pretty = tmp_path / "u.zrf", tmp_path / "p.zrf"
    ugly.write_bytes(UGLY)
    pretty.write_bytes(PRETTY)
    r = run("--check", str(tmp_path))
    assert r.exit_code == 1
    assert f"would reformat {ugly}" in r.output and str(pretty) not in r.output
    assert ugly.read_bytes() == UGLY
    assert run("--check", str(pretty)).exit_code == 0


def test_diff_prints_a_unified_diff(tmp_path):
    p = tmp_path / "u.zrf"
    p.write_bytes(UGLY)
    r = run("--diff", str(p))
    assert r.exit_code == 0
    assert '-(game   (title "Café")' in r.output and '+(game (title "Café"))' in r.output
    assert p.read_bytes() == UGLY


def test_output_file_and_its_restrictions(tmp_path):
    p, out = tmp_path / "u.zrf", tmp_path / "out.zrf"
    p.write_bytes(UGLY)
    assert run(str(p), "-o", str(out)).exit_code == 0
    assert out.read_bytes() == PRETTY and p.read_bytes() == UGLY
    r = run(str(p), str(out), "-o", str(tmp_path / "x.zrf"))
    assert r.exit_code == 2 and "exactly one input" in r.output


def test_stdin_to_stdout():
    r = run("-", input="(a\n  b)")
    assert r.exit_code == 0 and r.output == "(a b)\n"


def test_unparsable_file_exits_2_untouched(tmp_path):
    p = tmp_path / "bad.zrf"
    p.write_bytes(b"(game\n  (title \"x\")\n")
    r = run(str(p))
    assert r.exit_code == 2
    assert f"{p}:1:1: E102 unbalanced '(': never closed" in r.output
    assert p.read_bytes() == b"(game\n  (title \"x\")\n"


def test_missing_path_exits_2(tmp_path):
    r = run(str(tmp_path / "none.zrf"))
    assert r.exit_code == 2 and "E001" in r.output
