"""The ``zrf`` command line: one lazily-loaded subcommand per job.

Subcommands live next to the code they drive (``zrf.commands`` for the
language tools, ``runtime.commands`` for anything that plays a game) and are
imported only when invoked, so ``zrf check`` never pays for the runtime and
the ``zrf`` package itself never imports ``runtime`` at module level.

Exit codes follow the ruff/black conventions: 0 success, 1 a finding (errors
in a file, a disagreement, a ``--check`` that would reformat), 2 a usage or
input error.  Errors are printed one way only: a problem in a ZRF or saved
game file as ``path:line:col: CODE message`` lines, anything else as one
``zrf: error: ...`` line; never a Python traceback (``ZRF_DEBUG=1`` shows
one for an internal error).
"""

from __future__ import annotations

import importlib
import os
import sys
import warnings

import click

from . import confinement, limits
from .diagnostics import ZrfError
from .printable import printable

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
    "match": ("runtime.commands.match:match", "Play a match between players and engines: Elo, LOS, SPRT."),
    "evaluate": ("runtime.commands.evaluate:evaluate", "Play a game against itself: balance, draws, length, branching."),
    "engines": ("runtime.commands.engines:engines", "List the UCI engines, or build Fairy-Stockfish from source."),
    "render": ("runtime.commands.render:render", "Draw a game position as SVG."),
    "serve": ("runtime.commands.serve:serve", "Serve a local web page to play any game in a browser."),
    "export": ("runtime.commands.export:export", "Export a ZRF game as a Fairy-Stockfish variants.ini section."),
    "import": ("codegen.fairy_commands:import_", "Import a Fairy-Stockfish variant as a ZRF (or a Zillions package)."),
    "lsp": ("runtime.commands.lsp:lsp", "Run the ZRF language server for editors (stdio)."),
}


class LazyGroup(click.Group):
    """A click group whose subcommands are imported on first use, and which prints every error
    in the one style of this tool (see the module docstring)."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        with warnings.catch_warnings():
            warnings.showwarning = _show_warning
            self._main_reporting_errors(args, prog_name, complete_var, **extra)

    def _main_reporting_errors(self, args, prog_name, complete_var, **extra):
        try:
            super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.exceptions.Exit as exc:
            sys.exit(exc.exit_code)
        except click.exceptions.NoArgsIsHelpError as exc:
            click.echo(exc.format_message(), err=True)
            sys.exit(2)
        except click.UsageError as exc:
            where = f" (see '{exc.ctx.command_path} --help')" if exc.ctx is not None else ""
            click.echo(printable(f"zrf: error: {exc.format_message()}{where}"), err=True)
            sys.exit(2)
        except click.ClickException as exc:
            click.echo(printable(f"zrf: error: {exc.format_message()}"), err=True)
            sys.exit(exc.exit_code)
        except click.Abort:
            click.echo("zrf: aborted", err=True)
            sys.exit(1)
        except ZrfError as exc:
            # a located problem in an input file that the command did not handle itself
            # (a runaway loop met while generating moves, a game that cannot be loaded)
            text = "\n".join(d.format() for d in exc.diagnostics)
            if text:
                click.echo(text, err=True)
            if str(exc) != text:
                click.echo(printable(f"zrf: error: {exc}"), err=True)
            sys.exit(2)
        except KeyboardInterrupt:
            click.echo("zrf: interrupted", err=True)
            sys.exit(130)
        except (SystemExit, GeneratorExit):
            raise
        except BaseException as exc:  # a bug: one line, the traceback only on request
            if os.environ.get("ZRF_DEBUG"):
                raise
            click.echo(printable(f"zrf: error: internal error {type(exc).__name__}: {str(exc)[:200]} "
                                 "(please report it; ZRF_DEBUG=1 shows the traceback)"), err=True)
            sys.exit(2)
        sys.exit(0)

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


def _show_warning(message, category, filename, lineno, file=None, line=None) -> None:
    """A Python warning (the game registry's, a picture's scale) as one ``zrf: warning:`` line."""
    click.echo(printable(f"zrf: warning: {message}"), err=True)


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


def _allow_outside(ctx: click.Context, param: click.Parameter, allowed: bool) -> None:
    """``--allow-outside``: read includes and rules files outside the game's folder tree (docs/security.md)."""
    if allowed:
        confinement.allow_outside_for_run()


@click.group(name="zrf", cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="zrf-toolkit", prog_name="zrf")
@click.option("--limit", "limit_settings", multiple=True, metavar="NAME=VALUE", expose_value=False,
              callback=_apply_limits, is_eager=True,
              help="Change a resource limit for this run, e.g. --limit board_cells=500000 "
                   "(repeatable; see docs/limits.md; also $ZRF_LIMITS).")
@click.option("--allow-outside", is_flag=True, expose_value=False, callback=_allow_outside, is_eager=True,
              help="Let a game read files outside its own folder tree: includes (else refused, E214) and "
                   "a saved game's RulesFile= (else Z003); text of a file that is not a .zrf is never "
                   "printed (see docs/security.md; also $ZRF_ALLOW_OUTSIDE=1).")
def main() -> None:
    """Read, write, check, run, generate and cross-check Zillions of Games rules files.

    GAME arguments take a .zrf path or a built-in game name (see `zrf variants`).
    """


if __name__ == "__main__":  # pragma: no cover
    main()
