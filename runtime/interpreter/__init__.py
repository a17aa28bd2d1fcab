"""The ZRF runtime: any Zillions rules file as a playable :class:`runtime.core.protocol.Game`.

``load_zrf_game(path, variant)`` reads and models the file (zrf.model), picks
the game or variant, derives integer tables and compiles every move program
and goal once into closures (see docs/runtime.md).  The package may import
:mod:`zrf` and :mod:`runtime.core` only.
"""

from __future__ import annotations

from zrf import limits
from zrf.diagnostics import Diagnostic, ZrfError
from zrf.model import ZrfFile, build_file

from runtime.core.errors import GameLoadError

from .compiler import WHILE_LIMIT, ZrfRuntimeError
from .game import ZrfGame
from .state import ZrfState

__all__ = ["load_zrf_game", "game_from_file", "ZrfGame", "ZrfState", "ZrfRuntimeError", "WHILE_LIMIT",
           "EngineRequired"]


class EngineRequired(GameLoadError):
    """The game needs an Axiom engine plug-in (a Windows DLL) that cannot be run."""


def load_zrf_game(path: str, variant: str | None = None, confine_includes: bool | None = None) -> ZrfGame:
    """The game (or the variant titled ``variant``) of the ZRF file at ``path``.

    Raises :class:`runtime.core.errors.GameLoadError` (whose ``diagnostics`` say
    where) when the file cannot be parsed or has no such variant, and its
    subclass :class:`EngineRequired` for Axiom games.  An include outside the
    file's folder is refused (E214) unless the run allows it
    (:mod:`zrf.confinement`); ``confine_includes=True`` refuses it always (a server).
    """
    try:
        zf = build_file(path, confine_includes)
    except ZrfError as exc:
        raise GameLoadError(str(exc), exc.diagnostics) from None
    refused = [d for d in zf.report.diagnostics if d.code == "E214"]
    if refused:
        raise GameLoadError("\n".join(d.format() for d in refused), refused)
    return game_from_file(zf, variant)


def game_from_file(zf: ZrfFile, variant: str | None = None) -> ZrfGame:
    """The game (or variant) of an already built file (see :func:`load_zrf_game`)."""
    try:
        gdef = zf.entry(variant)
    except KeyError as exc:
        # when the file is broken, the errors say why no such entry exists
        raise GameLoadError(f"{zf.path}: {exc.args[0]}",
                            [d for d in zf.report.diagnostics if d.is_error]) from None
    if gdef.engine:
        raise EngineRequired(f"{zf.path}: {gdef.title!r} needs the engine plug-in {gdef.engine}")
    if not gdef.players:
        errors = [d for d in zf.report.diagnostics if d.is_error]
        why = f" (first error: {errors[0].format()})" if errors else ""
        raise GameLoadError(f"{zf.path}: {gdef.title!r} has no players{why}", errors)
    try:
        return ZrfGame(gdef, zf.path, zf.report)
    except ZrfError as exc:
        raise GameLoadError(str(exc), exc.diagnostics) from None
    except RecursionError:
        d = Diagnostic("E222", f"the forms of {gdef.title!r} nest too deeply to compile (raised "
                       f"{limits.hint('expanded_nesting')}?)", gdef.span)
        raise GameLoadError(d.format(), [d]) from None
