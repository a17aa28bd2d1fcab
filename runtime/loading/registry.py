"""The game registry: native engines, found through the ``zrf.games`` entry points.

``runtime`` defines what a registered game is (:class:`GameEntry`) and how to
find one; packages fill the registry by declaring entry points in the group
``zrf.games``, each naming a :class:`GameEntry` object::

    [project.entry-points."zrf.games"]
    my-game = "my_package.games:MY_GAME"

So ``runtime`` never imports the built-in games (``variants`` registers them
the same way in this project's pyproject.toml), and an engine published as
its own package is listed by ``zrf variants`` and accepted wherever a GAME
is asked for.  A module an entry point names should only build entries: the
engine itself is imported when :meth:`GameEntry.load` is called.

Entry points are package metadata, written when the package is installed
(``pip install -e .``).  Run from a plain checkout (``PYTHONPATH``), or with
an installation made before the checkout declared them, the toolkit's own
entries are missing; the checkout's ``pyproject.toml`` is then read for its
``zrf.games`` table, and a :class:`RegistryWarning` says so.  An entry point that cannot be
loaded or does not name a matching ``GameEntry`` is left out with a
``RegistryWarning`` too: nothing is dropped silently.
"""

from __future__ import annotations

import functools
import importlib
import importlib.metadata
import json
import os
import warnings
from dataclasses import dataclass, replace

from runtime.core.protocol import Game

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: no TOML reader, so no fallback to pyproject.toml
    tomllib = None

#: The entry-point group games are registered in.
ENTRY_POINT_GROUP = "zrf.games"

#: The entry-point group of the games' picture packages: each entry, named after a game, names a
#: callable ``(game name) -> {relative path: bytes}`` giving the game's Zillions package
#: (``Rules/<Game>.zrf`` and the ``Images/<Game>/`` bitmaps it names).  The package writer sits
#: above ``runtime`` (this project's is ``codegen.package:package_files``), so runtime reaches it
#: only through this group, as it reaches the games.
PACKAGE_GROUP = "zrf.packages"

#: The distribution whose pyproject.toml is read when the group is not installed.
DISTRIBUTION = "zrf-toolkit"

_CHECKOUT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class RegistryWarning(UserWarning):
    """Registered games could not all be found the ordinary way; the message says why."""


@dataclass(frozen=True)
class GameEntry:
    """One registered game: its GAME name, engine factory and what the tools know of it."""

    #: the name accepted wherever a GAME is asked for (lower case; the entry point's name)
    name: str
    #: ``"module:callable"`` returning the :class:`runtime.core.protocol.Game`
    factory: str
    #: one line for ``zrf variants``
    summary: str
    #: absolute path of the ZRF written for this engine (the cross-checker's default), if any
    zrf: str | None = None
    #: game or variant title to select inside that file, if not its first entry
    zrf_variant: str | None = None
    #: ``"module:callable"`` returning the documented KnownDifference list of that ZRF
    known_differences: str | None = None
    #: the ZRF splits one native turn into several turn-order entries of the same player
    merge_turns: bool = False
    #: ``"module:attr"`` giving the cross-check's name map for that ZRF (a dict in the
    #: ``--names`` format, e.g. cells it keeps for bookkeeping under ``"ignore"``)
    names: str | None = None
    #: the distribution that registered the entry (filled in by the registry)
    provider: str = ""

    def load(self) -> Game:
        """A fresh game from the factory (imports the engine's module)."""
        return _attribute(self.factory)()

    def name_map_json(self) -> str:
        """The cross-check name map of :attr:`zrf` as JSON text (``"{}"`` when it has none)."""
        if not self.names:
            return "{}"
        return json.dumps(_attribute(self.names), sort_keys=True)

    def is_generated_zrf(self, path: str) -> bool:
        """Whether ``path`` is this game's own ZRF (where its name map and known differences apply)."""
        return bool(self.zrf) and os.path.abspath(path) == os.path.abspath(self.zrf)


def _attribute(target: str):
    module_name, _, attr = target.partition(":")
    return getattr(importlib.import_module(module_name), attr)


def registered_games() -> dict[str, GameEntry]:
    """Every registered game by name, in name order (loaded once per process)."""
    return dict(_load_registry())


def find_game(name: str) -> GameEntry | None:
    """The registered game called ``name`` (case-insensitive), or ``None``."""
    return _load_registry().get(name.lower())


def game_names() -> list[str]:
    """The registered names, sorted (for messages listing what a GAME may be)."""
    return list(_load_registry())


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
    points = list(importlib.metadata.entry_points(group=PACKAGE_GROUP))
    if not any(point.dist is not None and point.dist.name == DISTRIBUTION for point in points):
        points = _checkout_entry_points(PACKAGE_GROUP, quiet=True) + points
    found: dict[str, importlib.metadata.EntryPoint] = {}
    for point in points:
        found.setdefault(point.name.lower(), point)
    return found


@functools.cache
def _load_registry() -> dict[str, GameEntry]:
    points = [(point, point.dist.name if point.dist is not None else "?")
              for point in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)]
    if not any(provider == DISTRIBUTION for _, provider in points):
        points = [(point, DISTRIBUTION) for point in _checkout_entry_points()] + points
    found: dict[str, GameEntry] = {}
    for point, provider in points:
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
    return replace(entry, provider=provider)


def _checkout_entry_points(group: str = ENTRY_POINT_GROUP, quiet: bool = False) -> list[importlib.metadata.EntryPoint]:
    """The ``group`` table of the checkout's pyproject.toml (entry points not installed); ``quiet``:
    no warning that they are read from there (the games' warning already said so)."""
    path = os.path.join(_CHECKOUT, "pyproject.toml")
    if not os.path.exists(path):  # an installed copy without its built-in games' metadata
        return []
    if tomllib is None:
        if not quiet:
            _warn(f"the {group!r} entry points are not installed and Python 3.10 cannot read "
                  f"{path}; run 'pip install -e .'")
        return []
    try:
        with open(path, "rb") as fh:
            project = tomllib.load(fh).get("project", {})
    except (OSError, tomllib.TOMLDecodeError):
        return []
    if project.get("name") != DISTRIBUTION:
        return []
    table = project.get("entry-points", {}).get(group, {})
    if table and not quiet:
        _warn(f"the {group!r} entry points are not installed (run 'pip install -e .'); "
              f"the games are read from {path}")
    return [importlib.metadata.EntryPoint(name, value, group) for name, value in table.items()]


def _warn(message: str) -> None:
    warnings.warn(message, RegistryWarning, stacklevel=2)
