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
