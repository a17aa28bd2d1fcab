"""The ``zrf`` command line: one lazily-loaded subcommand per job, registered as an entry point.

Subcommands live next to the code they drive (``zrf.commands`` for the
language tools, ``runtime.commands`` for anything that plays a game,
``codegen.commands`` for ``gen``) and are declared in the ``zrf.commands``
entry-point group of their package's ``pyproject.toml``, like the games
(:mod:`zrf.entry_points`).  A command's module is imported only when the
command runs (or ``zrf --help`` lists them), so ``zrf check`` never pays for
the runtime and the ``zrf`` package names no higher package's module.  A
registered command that cannot be loaded, or is not a click command, is an
error naming the registration, never a silently missing command.

Exit codes follow the ruff/black conventions: 0 success, 1 a finding (errors
in a file, a disagreement, a ``--check`` that would reformat), 2 a usage or
input error.  Errors are printed one way only: a problem in a ZRF or saved
game file as ``path:line:col: CODE message`` lines, anything else as one
``zrf: error: ...`` line; never a Python traceback (``ZRF_DEBUG=1`` shows
one for an internal error).
"""

from __future__ import annotations

import functools
import importlib.metadata
import os
import sys
import warnings

import click

from . import confinement, limits
from .diagnostics import ZrfError
from .entry_points import entry_points
from .printable import printable

#: The entry-point group subcommands are registered in.
ENTRY_POINT_GROUP = "zrf.commands"


class RegistrationError(click.ClickException):
    """A registered command (or other registration) names something that cannot be used (exit 2)."""

    exit_code = 2


@functools.cache
def registered_commands() -> dict[str, tuple[importlib.metadata.EntryPoint, str]]:
    """Every registered subcommand by name: (its entry point, the distribution that declared it).

    The first registration of a name wins (this distribution's come first).
    """
    found: dict[str, tuple[importlib.metadata.EntryPoint, str]] = {}
    for point, provider in entry_points(ENTRY_POINT_GROUP):
        found.setdefault(point.name, (point, provider))
    return dict(sorted(found.items()))


def load_command(name: str) -> click.Command:
    """The registered subcommand ``name``; :class:`RegistrationError` when its registration is broken."""
    point, provider = registered_commands()[name]
    where = f"command {name!r} ({point.value}, registered by {provider})"
    try:
        command = point.load()
    except Exception as exc:
        raise RegistrationError(f"{where} cannot be loaded: {type(exc).__name__}: {exc}") from None
    if not isinstance(command, click.Command):
        raise RegistrationError(f"{where} is a {type(command).__name__}, not a click command")
    return command


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
        return list(registered_commands())

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in registered_commands():
            return None
        return load_command(name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, load_command(name).get_short_help_str(limit=200))
                for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


def _show_warning(message, category, filename, lineno, file=None, line=None) -> None:
    """A Python warning (the game registry's, a picture's scale) as one ``zrf: warning:`` line."""
    click.echo(printable(f"zrf: warning: {message}"), err=True)


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
