"""The game registry: native engines, found through the ``zrf.games`` entry points.

``runtime`` defines what a registered game is (:class:`GameEntry`) and how to
find one; packages fill the registry by declaring entry points in the group
``zrf.games``, each naming a :class:`GameEntry` object::

    [project.entry-points."zrf.games"]
    my-game = "my_package.games:MY_GAME"

So ``runtime`` never imports the built-in games (``variants`` registers them
the same way in this project's pyproject.toml), and an engine published as
its own package is listed by ``zrf variants`` and accepted wherever a GAME
is asked for.  An entry holds callables (its engine's factory, its known
differences, its name map), never ``"module:attr"`` strings; a registration
module should keep them cheap to import, importing the engine only when the
factory is called.

Entry points not installed (a checkout run in place) are read from the
checkout's ``pyproject.toml`` with a :class:`RegistryWarning`
(:mod:`zrf.entry_points`).  An entry point that cannot be loaded or does not
name a matching ``GameEntry`` is left out with a ``RegistryWarning`` too:
nothing is dropped silently.  The group ``zrf.game_files`` registers
:func:`generated_zrf`, through which the language commands (``zrf check
canopus``) find a game's rules file without importing ``runtime``.
"""

from __future__ import annotations

import functools
import importlib.metadata
import json
import os
import warnings
from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping, Sequence

from zrf.entry_points import entry_points

from runtime.core.protocol import Game

#: The entry-point group games are registered in.
ENTRY_POINT_GROUP = "zrf.games"

#: The entry-point group of the games' picture packages: each entry, named after a game, names a
#: callable ``(game name) -> {relative path: bytes}`` giving the game's Zillions package
#: (``Rules/<Game>.zrf`` and the ``Images/<Game>/`` bitmaps it names).  The package writer sits
#: above ``runtime`` (this project's is ``codegen.package:package_files``), so runtime reaches it
#: only through this group, as it reaches the games.
PACKAGE_GROUP = "zrf.packages"


class RegistryWarning(UserWarning):
    """Registered games could not all be found the ordinary way; the message says why."""


@dataclass(frozen=True)
class GameEntry:
    """One registered game: its GAME name, engine factory and what the tools know of it."""

    #: the name accepted wherever a GAME is asked for (lower case; the entry point's name)
    name: str
    #: makes the :class:`runtime.core.protocol.Game` (a module-level function, so worker processes can
    #: be handed it)
    factory: Callable[[], Game]
    #: one line for ``zrf variants``
    summary: str
    #: absolute path of the ZRF written for this engine (the cross-checker's default), if any
    zrf: str | None = None
    #: game or variant title to select inside that file, if not its first entry
    zrf_variant: str | None = None
    #: gives the documented :class:`runtime.verify.crosscheck.KnownDifference` list of that ZRF
    #: (a module-level function; the cross-checker stands above the registry, so it is not named here)
    known_differences: Callable[[], Sequence[Any]] | None = None
    #: the ZRF splits one native turn into several turn-order entries of the same player
    merge_turns: bool = False
    #: gives the cross-check's name map for that ZRF (a dict in the ``--names`` format, e.g. cells
    #: it keeps for bookkeeping under ``"ignore"``)
    names: Callable[[], Mapping[str, Any]] | None = None
    #: the distribution that registered the entry (filled in by the registry)
    provider: str = ""

    def load(self) -> Game:
        """A fresh game from the factory (imports the engine's module)."""
        return self.factory()

    def name_map_json(self) -> str:
        """The cross-check name map of :attr:`zrf` as JSON text (``"{}"`` when it has none)."""
        if self.names is None:
            return "{}"
        return json.dumps(self.names(), sort_keys=True)

    def is_generated_zrf(self, path: str) -> bool:
        """Whether ``path`` is this game's own ZRF (where its name map and known differences apply)."""
        return bool(self.zrf) and os.path.abspath(path) == os.path.abspath(self.zrf)

    def problems(self) -> list[str]:
        """What is wrong with the entry's fields (a callable that is not one); empty when nothing."""
        out = [] if callable(self.factory) else [f"its factory is a {type(self.factory).__name__}, not a callable"]
        for field in ("known_differences", "names"):
            value = getattr(self, field)
            if value is not None and not callable(value):
                out.append(f"its {field} is a {type(value).__name__}, not a callable")
        return out


def registered_games() -> dict[str, GameEntry]:
    """Every registered game by name, in name order (loaded once per process)."""
    return dict(_load_registry())


def find_game(name: str) -> GameEntry | None:
    """The registered game called ``name`` (case-insensitive), or ``None``."""
    return _load_registry().get(name.lower())


def game_names() -> list[str]:
    """The registered names, sorted (for messages listing what a GAME may be)."""
    return list(_load_registry())


def generated_zrf(spec: str) -> str | None:
    """The ZRF written for the registered game named ``spec``, or None (an existing path wins).

    Registered in the ``zrf.game_files`` entry-point group, for the language commands.
    """
    if os.path.exists(spec):
        return None
    entry = find_game(spec)
    return entry.zrf if entry is not None else None


def package_files(name: str) -> dict[str, bytes] | None:
    """The Zillions package of registered game ``name`` (see :data:`PACKAGE_GROUP`), or None when
    no package writer is registered for it or the writer fails (a :class:`RegistryWarning` says why)."""
    target = _package_writers().get(name.lower())
    if target is None:
        return None
    try:
        return target.load()(name.lower())
    except Exception as exc:  # a broken writer costs the pictures, never the game
        _warn(f"the picture package of {name} cannot be made ({target.value}): {type(exc).__name__}: {exc}")
        return None


@functools.cache
def _package_writers() -> dict[str, importlib.metadata.EntryPoint]:
    found: dict[str, importlib.metadata.EntryPoint] = {}
    for point, _provider in entry_points(PACKAGE_GROUP):
        found.setdefault(point.name.lower(), point)
    return found


@functools.cache
def _load_registry() -> dict[str, GameEntry]:
    found: dict[str, GameEntry] = {}
    for point, provider in entry_points(ENTRY_POINT_GROUP, _warn):
        entry = _entry_from(point, provider)
        if entry is None:
            continue
        if entry.name in found:
            _warn(f"game {entry.name!r} is registered twice ({found[entry.name].provider} and "
                  f"{entry.provider}); the first is used")
            continue
        found[entry.name] = entry
    if not found:
        _warn(f"no games are registered in the {ENTRY_POINT_GROUP!r} entry-point group")
    return dict(sorted(found.items()))


def _entry_from(point: importlib.metadata.EntryPoint, provider: str) -> GameEntry | None:
    where = f"entry point {point.name} = {point.value} ({provider})"
    try:
        entry = point.load()
    except Exception as exc:  # a broken third-party package must not break the others
        _warn(f"{where} cannot be loaded: {type(exc).__name__}: {exc}")
        return None
    if not isinstance(entry, GameEntry):
        _warn(f"{where} names a {type(entry).__name__}, not a runtime.loading.registry.GameEntry")
        return None
    if entry.name != point.name.lower():
        _warn(f"{where} names the game {entry.name!r}, not {point.name.lower()!r}")
        return None
    if entry.problems():
        _warn(f"{where} is not usable: {'; '.join(entry.problems())}")
        return None
    return replace(entry, provider=provider)


def _warn(message: str) -> None:
    warnings.warn(message, RegistryWarning, stacklevel=2)
