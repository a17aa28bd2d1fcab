"""``zrf export fairy FILE`` run as a user runs it, for the tests of games it must refuse."""

from __future__ import annotations

from click.testing import CliRunner

from zrf.cli import main


def refused_export_lines(path) -> list[str]:
    """The output lines of ``zrf export fairy PATH``, which must exit 1: the game does not fit."""
    result = CliRunner().invoke(main, ["export", "fairy", str(path)])
    assert result.exit_code == 1, result.output
    return result.output.splitlines()
