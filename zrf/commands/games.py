"""Game names as arguments of the language commands (``zrf check canopus``).

A registered game's rules file is the ZRF written for it (for the built-in
games, the one generated in ``variants/``).  The registry lives in
``runtime``, above the ``zrf`` package, so it is reached through the
``zrf.game_files`` entry-point group (:mod:`zrf.entry_points`): each
registration is a function from a GAME argument to a rules file or None.  The
``zrf`` package names no higher package, and installed on its own it simply
finds no registration.  A registration that cannot be loaded or called is an
error naming it, never a silent "no such game".
"""

from __future__ import annotations

import functools
from typing import Callable

from zrf.cli import RegistrationError
from zrf.entry_points import entry_points

#: The entry-point group of functions turning a GAME name into its rules file.
ENTRY_POINT_GROUP = "zrf.game_files"


@functools.cache
def _resolvers() -> tuple[Callable[[str], str | None], ...]:
    out = []
    for point, provider in entry_points(ENTRY_POINT_GROUP):
        where = f"game-file lookup {point.name} ({point.value}, registered by {provider})"
        try:
            resolver = point.load()
        except Exception as exc:
            raise RegistrationError(f"{where} cannot be loaded: {type(exc).__name__}: {exc}") from None
        if not callable(resolver):
            raise RegistrationError(f"{where} is a {type(resolver).__name__}, not a function")
        out.append(resolver)
    return tuple(out)


def builtin_zrf(spec: str) -> str | None:
    """The ZRF of the registered game named ``spec``, or None (an existing path wins)."""
    for resolver in _resolvers():
        found = resolver(spec)
        if found is not None:
            return found
    return None


def resolve(spec: str) -> str:
    """``spec`` itself, or the generated ZRF when it names a registered game."""
    return builtin_zrf(spec) or spec
