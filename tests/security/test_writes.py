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


# --------------------------------------------------------------------------- gen --zip and --package (issue 30, finding 5)

def _gen_in_child(args: list[str], file_size: int = 30_000):
    """``zrf gen ARGS`` in a child whose files may not grow past ``file_size`` bytes (a full disk:
    the package's 650 KB board bitmap and its zip cannot be written)."""
    child = run_limited(f"""
        from click.testing import CliRunner
        from codegen.commands import gen
        result = CliRunner().invoke(gen, {args!r})
        print(result.exit_code, result.output)
    """, file_size=file_size, timeout=120)
    assert child.returncode == 0, child.stderr[-2000:]
    return child.stdout


def _tree(folder) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else b"<dir>")
            for p in sorted(folder.rglob("*"))}


def test_gen_zip_on_a_full_disk_keeps_the_old_zip(tmp_path):
    """An existing valid zip became a corrupt 57 KB file when the disk filled during the write."""
    import zipfile
    target = tmp_path / "canopus.zip"
    with zipfile.ZipFile(target, "w") as zf:
        zf.writestr("Rules/Old.zrf", "(game)")
    old = target.read_bytes()
    out = _gen_in_child(["canopus", "--zip", str(target)])
    assert out.startswith("2 ") and "cannot write the package" in out, out
    assert target.read_bytes() == old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["canopus.zip"]


def test_gen_zip_on_a_full_disk_leaves_no_new_file(tmp_path):
    """A new target was left as a 0-byte zip."""
    out = _gen_in_child(["canopus", "--zip", str(tmp_path / "new.zip")])
    assert out.startswith("2 "), out
    assert list(tmp_path.iterdir()) == []


def test_gen_package_on_a_full_disk_keeps_the_old_package(tmp_path):
    """The package folder was written file by file: a full disk left half a new package."""
    rules = tmp_path / "Rules"
    images = tmp_path / "Images" / "Canopus"
    images.mkdir(parents=True)
    rules.mkdir()
    (rules / "Canopus.zrf").write_bytes(OLD)
    (images / "board.bmp").write_bytes(OLD)
    (rules / "Other.zrf").write_bytes(b"another game's rules")
    before = _tree(tmp_path)
    out = _gen_in_child(["canopus", "--package", str(tmp_path)])
    assert out.startswith("2 ") and "cannot write the package" in out, out
    assert _tree(tmp_path) == before


def test_gen_package_on_a_full_disk_leaves_no_partial_folder(tmp_path):
    """A new target was left with a half-written Rules folder."""
    out = _gen_in_child(["canopus", "--package", str(tmp_path / "pkg")])
    assert out.startswith("2 "), out
    assert _tree(tmp_path) in ({}, {"pkg": b"<dir>"})


def test_gen_package_replaces_an_old_package_whole(tmp_path):
    """Without a full disk the package replaces the old one's files and keeps other games'."""
    images = tmp_path / "Images" / "Canopus"
    images.mkdir(parents=True)
    (images / "stale.bmp").write_bytes(OLD)
    (tmp_path / "Rules").mkdir()
    (tmp_path / "Rules" / "Other.zrf").write_bytes(b"another game's rules")
    result = CliRunner().invoke(gen_commands.gen, ["canopus", "--package", str(tmp_path)])
    assert result.exit_code == 0, result.output
    from codegen.package import package_files
    expected = package_files("canopus")
    got = {k: v for k, v in _tree(tmp_path).items() if v != b"<dir>"}
    assert got == {**{k.replace("/", os.sep): v for k, v in expected.items()},
                   os.path.join("Rules", "Other.zrf"): b"another game's rules"}
