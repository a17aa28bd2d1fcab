"""Writes are atomic and keep the file whole (issue 20, item 4).

Each test attacks one write path the audit found unsafe: a full disk (here
``RLIMIT_FSIZE`` in a child process, which fails writes past a size exactly
as a full disk does) must leave the old file as it was; a device or FIFO is
never replaced; ``zrf gen`` never writes a render with errors and ``--all -o``
never lets one game overwrite another.
"""

from __future__ import annotations

import os
import stat

import pytest
from click.testing import CliRunner

from codegen import commands as gen_commands
from codegen.render import Target, generatable, render, target_for
from zrf.atomic_write import write_bytes_atomically

from .conftest import run_limited

OLD = b"OLD CONTENT\r\n"


def _leftovers(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_terminal_save_on_a_full_disk_keeps_the_old_saved_game(tmp_path):
    """``save`` in ``zrf play`` used to truncate first: a full disk left a cut file."""
    path = tmp_path / "game.zsg"
    path.write_bytes(OLD)
    child = run_limited(f"""
        from click.testing import CliRunner
        from runtime.commands.play import play
        keys = "e2 - e4\\nsave {path}\\nquit\\n"
        result = CliRunner().invoke(play, ["canopus", "--black", "random"], input=keys)
        print(result.output)
    """, file_size=60)
    assert child.returncode == 0, child.stderr
    assert "cannot save" in child.stdout and "nothing was written" in child.stdout
    assert path.read_bytes() == OLD
    assert _leftovers(tmp_path) == []


def test_fmt_on_a_full_disk_keeps_the_old_file(tmp_path):
    path = tmp_path / "a.zrf"
    original = b'(game (title "T")     (players A B)\n\n\n   (turn-order A B))\n' + b"; pad\n" * 20
    path.write_bytes(original)
    child = run_limited(f"""
        from click.testing import CliRunner
        from zrf.commands.fmt import fmt
        result = CliRunner().invoke(fmt, ["{path}"])
        print(result.exit_code, result.output)
    """, file_size=30)
    assert child.stdout.startswith("2 "), child.stdout + child.stderr
    assert "E004 cannot write file" in child.stdout
    assert path.read_bytes() == original
    assert _leftovers(tmp_path) == []


def test_a_symbolic_link_stays_a_link(tmp_path):
    real = tmp_path / "real.zsg"
    real.write_bytes(OLD)
    link = tmp_path / "link.zsg"
    link.symlink_to(real)
    write_bytes_atomically(link, b"NEW")
    assert link.is_symlink() and real.read_bytes() == b"NEW"


def test_a_fifo_is_refused_and_stays_a_fifo(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(OSError) as exc:
        write_bytes_atomically(fifo, b"data")
    assert "not a regular file" in str(exc.value)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert _leftovers(tmp_path) == []


def test_permission_bits_are_kept(tmp_path):
    path = tmp_path / "x.zrf"
    path.write_bytes(OLD)
    os.chmod(path, 0o640)
    write_bytes_atomically(path, b"NEW")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640


def _fake_target(monkeypatch, tmp_path, text: str) -> Target:
    """Make ``zrf gen`` render ``text`` for every game and write into ``tmp_path``, not variants/."""
    target = Target(str(tmp_path / "canopus.zrf"), "canopus/canopus.zrf.j2", "canopus")
    monkeypatch.setattr(gen_commands, "render", lambda name: text)
    monkeypatch.setattr(gen_commands, "target_for", lambda entry: target)
    return target


def test_gen_write_refuses_a_render_with_errors(monkeypatch, tmp_path):
    """A broken template must not replace the committed file (it used to)."""
    target = _fake_target(monkeypatch, tmp_path, '(game (title "broken"\n')
    with open(target.output, "wb") as fh:
        fh.write(OLD)
    result = CliRunner().invoke(gen_commands.gen, ["canopus", "--write"])
    assert result.exit_code == 1
    assert "E102" in result.output and "not written" in result.output
    assert open(target.output, "rb").read() == OLD


def test_gen_output_file_refuses_a_render_with_errors(monkeypatch, tmp_path):
    _fake_target(monkeypatch, tmp_path, '(game (title "broken"\n')
    out = tmp_path / "out.zrf"
    out.write_bytes(OLD)
    result = CliRunner().invoke(gen_commands.gen, ["canopus", "-o", str(out)])
    assert result.exit_code == 1 and out.read_bytes() == OLD


def test_gen_all_into_one_file_is_refused(tmp_path):
    """``--all -o FILE`` used to keep only the last game in FILE."""
    out = tmp_path / "all.zrf"
    result = CliRunner().invoke(gen_commands.gen, ["--all", "-o", str(out)])
    assert result.exit_code == 2 and "must be an existing folder" in result.output
    assert not out.exists()


def test_gen_all_into_a_folder_writes_one_file_per_game(tmp_path):
    result = CliRunner().invoke(gen_commands.gen, ["--all", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    expected = {}
    for entry in generatable():
        expected.setdefault(os.path.basename(target_for(entry).output), render(entry.name))
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(expected)
    for name, text in expected.items():
        assert (tmp_path / name).read_text(encoding="utf-8") == text


def test_render_writes_atomically_and_never_over_a_fifo(tmp_path):
    from runtime.commands.render import render

    out = tmp_path / "board.svg"
    out.write_bytes(OLD)
    result = CliRunner().invoke(render, ["canopus", "-o", str(out)])
    assert result.exit_code == 0 and out.read_bytes().startswith(b"<svg")
    fifo = tmp_path / "pipe.svg"
    os.mkfifo(fifo)
    result = CliRunner().invoke(render, ["canopus", "-o", str(fifo)])
    assert result.exit_code == 2 and "not a regular file" in result.output
    assert stat.S_ISFIFO(os.stat(fifo).st_mode) and _leftovers(tmp_path) == []
