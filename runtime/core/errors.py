"""The errors of a GAME argument that names nothing playable.

Below every package that opens or builds games (:mod:`runtime.loading.opening`,
the interpreter, the tools that report a failed load), so each can raise or
catch them without importing the others.
"""

from __future__ import annotations

from zrf.diagnostics import ZrfError


class GameLoadError(ZrfError):
    """The GAME argument names nothing playable; the message says why.

    When the cause is in a ZRF file, ``diagnostics`` holds the located
    :class:`zrf.diagnostics.Diagnostic` objects (a server answers with them);
    it is empty for a name that is neither a file nor a registered game.
    """

    def __init__(self, message: str, diagnostics=()):
        Exception.__init__(self, message)
        self.diagnostics = list(diagnostics)

    def __reduce__(self):
        return (type(self), (str(self), self.diagnostics))


class EngineRequired(GameLoadError):
    """The game needs an Axiom engine plug-in (a Windows DLL) that cannot be run."""
