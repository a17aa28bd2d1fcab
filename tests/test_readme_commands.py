"""The README's command table agrees with the commands themselves (click's --help)."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from zrf.cli import main, registered_commands

ROOT = Path(__file__).resolve().parent.parent
ROW = re.compile(r"^\| `zrf (\S+)(.*?)` \| (.+) \|$")

#: Commands without --json, and why.
NO_JSON = {"serve": "starts a server; it prints nothing but the address",
           "lsp": "speaks the Language Server Protocol on its standard output",
           "uci": "speaks the Universal Chess Interface on its standard output"}


def readme_rows() -> dict[str, str]:
    rows = {}
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines():
        m = ROW.match(line)
        if m:
            rows[m.group(1)] = m.group(2)
    return rows


def command(name: str) -> click.Command:
    ctx = click.Context(main)
    cmd = main.get_command(ctx, name)
    assert cmd is not None, name
    return cmd


def test_every_command_has_a_row_and_every_row_a_command():
    assert sorted(readme_rows()) == sorted(registered_commands())


@pytest.mark.parametrize("name", sorted(registered_commands()))
def test_row_options_are_the_commands_options(name):
    """Every option the row shows exists, and every option of the command is shown."""
    shown = set(re.findall(r"(?<![\w-])(--?[a-zA-Z][\w-]*)", readme_rows()[name]))
    cmd = command(name)
    real = {opt for p in cmd.params if isinstance(p, click.Option) for opt in p.opts + p.secondary_opts}
    assert shown <= real, shown - real
    for p in cmd.params:
        if isinstance(p, click.Option) and p.name not in ("help", "fmt"):
            assert shown & set(p.opts), f"{name}: {p.opts} missing from the README row"


@pytest.mark.parametrize("name", sorted(registered_commands()))
def test_every_command_has_json(name):
    if name in NO_JSON:
        pytest.skip(NO_JSON[name])
    opts = {o for p in command(name).params if isinstance(p, click.Option) for o in p.opts}
    assert "--json" in opts
