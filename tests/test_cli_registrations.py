"""Subcommands and game-file lookups registered as entry points (zrf.commands, zrf.game_files)."""

from __future__ import annotations

import importlib.metadata
import tomllib
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from zrf import cli
from zrf.commands import games

ROOT = Path(__file__).resolve().parent.parent


class FakeDistribution:
    def __init__(self, name: str):
        self.name = name


def _point(name: str, value: str, group: str, dist: str = "their-pkg") -> importlib.metadata.EntryPoint:
    point = importlib.metadata.EntryPoint(name, value, group)
    return point._for(FakeDistribution(dist)) if hasattr(point, "_for") else point


@pytest.fixture
def fresh():
    """Forget the registrations read before and after the test (they are read once per process)."""
    cli.registered_commands.cache_clear()
    games._resolvers.cache_clear()
    yield
    cli.registered_commands.cache_clear()
    games._resolvers.cache_clear()


def test_each_declared_command_is_a_click_command_of_that_name():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]["zrf.commands"]
    assert set(declared) == set(cli.registered_commands())
    for name in declared:
        command = cli.load_command(name)
        assert isinstance(command, click.Command) and command.name == name
        assert command.short_help, name


def test_a_command_whose_registration_is_broken_is_an_error_naming_it(monkeypatch, fresh):
    real = importlib.metadata.entry_points

    def with_broken(group):
        points = list(real(group=group))
        if group == cli.ENTRY_POINT_GROUP:
            points += [_point("frobnicate", "their_pkg.missing:frob", group),
                       _point("notacommand", "zrf.limits:current", group)]
        return points
    monkeypatch.setattr(importlib.metadata, "entry_points", with_broken)
    result = CliRunner().invoke(cli.main, ["frobnicate"])
    assert result.exit_code == 2
    assert "command 'frobnicate' (their_pkg.missing:frob" in result.output and "cannot be loaded" in result.output
    result = CliRunner().invoke(cli.main, ["notacommand"])
    assert result.exit_code == 2 and "not a click command" in result.output
    assert CliRunner().invoke(cli.main, ["check", "--help"]).exit_code == 0  # the others still work


def test_a_game_file_lookup_that_cannot_load_is_an_error(monkeypatch, fresh, tmp_path):
    real = importlib.metadata.entry_points

    def with_broken(group):
        points = list(real(group=group))
        if group == games.ENTRY_POINT_GROUP:
            points.append(_point("theirs", "their_pkg.lookup:zrf_of", group))
        return points
    monkeypatch.setattr(importlib.metadata, "entry_points", with_broken)
    result = CliRunner().invoke(cli.main, ["check", "canopus"])
    assert result.exit_code == 2 and "game-file lookup theirs (their_pkg.lookup:zrf_of" in result.output


def test_check_finds_a_built_in_games_zrf_through_the_registration():
    assert games.builtin_zrf("canopus") == str(ROOT / "variants" / "canopus" / "canopus.zrf")
    assert games.builtin_zrf("no-such-game") is None


#: the top-level modules of the optional extras (pyproject.toml) a bare ``pip install -e .`` lacks
EXTRAS_MODULES = ("starlette", "uvicorn", "PIL", "ray", "pyspiel", "pettingzoo", "gymnasium", "pyffish",
                  "pygls", "lsprotocol")

WITHOUT_EXTRAS = """
import json
import sys
from click.testing import CliRunner

class Absent:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {extras!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}")

sys.meta_path.insert(0, Absent())
from zrf import cli
failures = {{}}
for args in [["--help"]] + [[name, "--help"] for name in sorted(cli.registered_commands())]:
    result = CliRunner().invoke(cli.main, args)
    if result.exit_code != 0:
        failures[" ".join(args)] = result.output[-500:]
print(json.dumps(failures))
"""


def test_every_command_lists_and_explains_itself_without_the_extras():
    """The quick start's ``pip install -e .`` installs no extra: ``zrf --help`` and every
    command's ``--help`` must still work (an extra is imported when a command runs, not when it is
    listed).  Run in a child where importing any extra's module fails."""
    import json
    import subprocess
    import sys

    child = subprocess.run([sys.executable, "-c", WITHOUT_EXTRAS.format(extras=EXTRAS_MODULES)],
                           capture_output=True, text=True, timeout=300, cwd=str(ROOT))
    assert child.returncode == 0, child.stderr[-2000:]
    assert json.loads(child.stdout.splitlines()[-1]) == {}
