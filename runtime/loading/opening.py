"""Opening a game: the one way every command, the web page and the Python API get a :class:`Game`.

``open_game(spec, variant=None, ...)`` takes a registered game's name (see
``zrf variants``), a ``.zrf`` path (an existing file wins) or a file already
read (:class:`zrf.model.ZrfFile`: an editor's unsaved buffers), and for a file
the title of the game or variant to play.  Every failure is a
:class:`runtime.core.errors.GameLoadError` whose ``diagnostics`` say where in
the file (none for a name that is neither a file nor a registered game); an
Axiom game is :class:`runtime.core.errors.EngineRequired`, or its set-up
position (:class:`AxiomGames`).
"""

from __future__ import annotations

import enum
import os
import warnings

from zrf import limits
from zrf.codes import Effect
from zrf.diagnostics import Diagnostic, ZrfError
from zrf.lint import lint_model
from zrf.model import ZrfFile, build_file

from runtime.core.errors import EngineRequired, GameLoadError
from runtime.core.protocol import Game
from runtime.interpreter import MoveBackEnd, ZrfGame
from runtime.loading.registry import find_game, game_names
from runtime.loading.setup_only import SetupOnlyGame

__all__ = ["open_game", "AxiomGames", "LintWarning", "GameLoadError", "EngineRequired"]


class AxiomGames(enum.Enum):
    """What :func:`open_game` does with a game whose moves an Axiom engine plug-in makes."""

    #: raise :class:`EngineRequired`
    REFUSE = "refuse"
    #: a :class:`SetupOnlyGame`: the set-up position, with no moves (for pictures)
    SHOW_SET_UP = "show set-up"


class LintWarning(UserWarning):
    """The file opened has errors ``zrf check`` reports: its moves may be missing or wrong."""


def open_game(spec: str | ZrfFile, variant: str | None = None, *, confine_includes: bool | None = None,
              lint: bool = False, axiom: AxiomGames = AxiomGames.REFUSE,
              back_end: MoveBackEnd | None = None) -> Game:
    """The game ``spec`` names: a registered game, or the entry ``variant`` of a ``.zrf`` file
    (a path, or a file already read).

    An include outside the file's folder is refused (E214) unless the run allows it
    (:mod:`zrf.confinement`); ``confine_includes=True`` refuses it always (a server
    reading an upload).  ``lint`` lints a file and warns (:class:`LintWarning`) when it
    has errors; the game is opened all the same.  ``axiom`` says what an Axiom game
    gives; ``back_end`` which back end runs its move programs (default: ``ZRF_TRANSLATE``'s).
    """
    if isinstance(spec, ZrfFile):
        return _open_entry(spec, variant, str(spec.path), lint, axiom, back_end)
    entry = find_game(spec)
    if entry is not None and not os.path.exists(spec):
        if variant:
            raise GameLoadError(f"{spec} is a built-in game; --variant applies to .zrf files only")
        return entry.load()
    if not os.path.exists(spec):
        names = ", ".join(game_names())
        raise GameLoadError(f"{spec}: no such file and no built-in game of that name (built-in: {names})")
    try:
        zf = build_file(spec, confine_includes)
    except ZrfError as exc:
        raise GameLoadError(str(exc), exc.diagnostics) from None
    return _open_entry(zf, variant, spec, lint, axiom, back_end)


def _open_entry(zf: ZrfFile, variant: str | None, spec: str, lint: bool, axiom: AxiomGames,
                back_end: MoveBackEnd | None) -> Game:
    """The entry ``variant`` of the file ``zf`` read (``spec`` as the user named it)."""
    refused = [d for d in zf.report.diagnostics if d.entry.effect is Effect.REFUSED]
    if refused:
        raise GameLoadError("\n".join(d.format() for d in refused), refused)
    try:
        gdef = zf.entry(variant)
    except KeyError as exc:
        # when the file is broken, the errors say why no such entry exists
        raise GameLoadError(f"{zf.path}: {exc.args[0]}", [d for d in zf.report.diagnostics if d.is_error]) from None
    if lint:
        errors = sum(1 for d in lint_model(zf, gdef.title) if d.is_error)
        if errors:
            warnings.warn(f"{spec} has {errors} error{'s' if errors != 1 else ''} (see zrf check {spec}); "
                          "its moves may be missing or wrong", LintWarning, stacklevel=3)
    if gdef.engine:
        if axiom is AxiomGames.SHOW_SET_UP:
            return SetupOnlyGame(gdef, zf.path)
        raise EngineRequired(f"{zf.path}: {gdef.title!r} needs the engine plug-in {gdef.engine}")
    if not gdef.players:
        errors = [d for d in zf.report.diagnostics if d.is_error]
        why = f" (first error: {errors[0].format()})" if errors else ""
        raise GameLoadError(f"{zf.path}: {gdef.title!r} has no players{why}", errors)
    try:
        return ZrfGame(gdef, zf.path, zf.report, back_end)
    except ZrfError as exc:
        raise GameLoadError(str(exc), exc.diagnostics) from None
    except RecursionError:
        d = Diagnostic("E222", f"the forms of {gdef.title!r} nest too deeply to compile (raised "
                       f"{limits.hint('expanded_nesting')}?)", gdef.span)
        raise GameLoadError(d.format(), [d]) from None
