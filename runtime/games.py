"""Resolving a GAME argument: a built-in game name or a path to a ``.zrf`` file."""

from __future__ import annotations

import importlib
import os

from zrf.diagnostics import ZrfError

from .protocol import Game


class GameLoadError(ZrfError):
    """The GAME argument names nothing playable; the message says why.

    When the cause is in a ZRF file, ``diagnostics`` holds the located
    :class:`zrf.diagnostics.Diagnostic` objects (a server answers with them);
    it is empty for a name that is neither a file nor a built-in game.
    """

    def __init__(self, message: str, diagnostics=()):
        Exception.__init__(self, message)
        self.diagnostics = list(diagnostics)

    def __reduce__(self):
        return (type(self), (str(self), self.diagnostics))


def load_game(spec: str, variant: str | None = None) -> Game:
    """A playable :class:`Game` for ``spec``.

    ``spec`` is a built-in name (see ``zrf variants``) or a ``.zrf`` path;
    ``variant`` picks a game or variant title inside a ZRF file.
    """
    from variants.registry import builtin

    entry = builtin(spec)
    if entry is not None and not os.path.exists(spec):
        if variant:
            raise GameLoadError(f"{spec} is a built-in game; --variant applies to .zrf files only")
        return entry.load()
    if not os.path.exists(spec):
        from variants.registry import BUILTIN_GAMES
        names = ", ".join(sorted(BUILTIN_GAMES))
        raise GameLoadError(f"{spec}: no such file and no built-in game of that name (built-in: {names})")
    try:
        interpreter = importlib.import_module("runtime.interpreter")
    except ImportError as exc:  # pragma: no cover - only while the runtime is being built
        raise GameLoadError(f"the ZRF runtime is not available: {exc}") from exc
    return interpreter.load_zrf_game(spec, variant=variant)
