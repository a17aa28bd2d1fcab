"""The ``zrf`` command line: one lazily-loaded subcommand per job.

Subcommands live next to the code they drive (``zrf.commands`` for the
language tools, ``runtime.commands`` for anything that plays a game) and are
imported only when invoked, so ``zrf check`` never pays for the runtime and
the ``zrf`` package itself never imports ``runtime`` at module level.

Exit codes follow the ruff/black conventions: 0 success, 1 a finding (errors
in a file, a disagreement, a ``--check`` that would reformat), 2 a usage or
input error.
"""

from __future__ import annotations

import importlib

import click

from . import limits

#: name -> ("module:attribute", one-line help shown in ``zrf --help``)
COMMANDS: dict[str, tuple[str, str]] = {
    "check": ("zrf.commands.check:check", "Lint ZRF files: path:line:col: CODE message."),
    "fmt": ("zrf.commands.fmt:fmt", "Format ZRF files, keeping comments and macros."),
    "info": ("zrf.commands.info:info", "Summarise a ZRF file: title, players, board, pieces, goals."),
    "moves": ("runtime.commands.moves:moves", "List the legal moves of a game position."),
    "perft": ("runtime.commands.perft:perft", "Count move-tree leaves per depth (perft)."),
    "replay": ("runtime.commands.replay:replay", "Replay a Zillions saved game (.zsg) and check every move."),
    "variants": ("runtime.commands.variants:variants", "List the built-in games."),
    "crosscheck": ("runtime.commands.crosscheck:crosscheck", "Compare a ZRF with a native engine position by position."),
    "gen": ("codegen.commands:gen", "Generate the ZRF of a built-in game from its template."),
    "play": ("runtime.commands.play:play", "Play a game in the terminal against people or the computer."),
    "render": ("runtime.commands.render:render", "Draw a game position as SVG."),
    "serve": ("runtime.commands.serve:serve", "Serve a local web page to play any game in a browser."),
}


class LazyGroup(click.Group):
    """A click group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        target, short_help = COMMANDS[name]
        module_name, _, attr = target.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name and module_name.startswith(exc.name):
                return _unavailable(name, short_help)
            raise
        command = getattr(module, attr)
        command.short_help = command.short_help or short_help
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][1]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


def _unavailable(name: str, short_help: str) -> click.Command:
    @click.command(name=name, help=short_help + "\n\n(Not built yet in this version.)")
    def stub() -> None:
        raise click.ClickException(f"'zrf {name}' is not available in this version yet")
    return stub


def _apply_limits(ctx: click.Context, param: click.Parameter, settings: tuple[str, ...]) -> None:
    """``--limit NAME=VALUE``: raise or lower a resource limit for this run (docs/limits.md)."""
    try:
        limits.apply_settings(settings)
    except limits.LimitError as exc:
        raise click.BadParameter(str(exc), ctx, param) from None


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="zrf-toolkit", prog_name="zrf")
@click.option("--limit", "limit_settings", multiple=True, metavar="NAME=VALUE", expose_value=False,
              callback=_apply_limits, is_eager=True,
              help="Change a resource limit for this run, e.g. --limit board_cells=500000 "
                   "(repeatable; see docs/limits.md; also $ZRF_LIMITS).")
def main() -> None:
    """Read, write, check, run, generate and cross-check Zillions of Games rules files.

    GAME arguments take a .zrf path or a built-in game name (see `zrf variants`).
    """


if __name__ == "__main__":  # pragma: no cover
    main()
