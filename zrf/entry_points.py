"""The entry points of one group, installed or (for a checkout run in place) read from pyproject.toml.

Packages plug into the toolkit through entry-point groups: ``zrf.commands``
(the subcommands of ``zrf``), ``zrf.games`` (the game registry,
:mod:`runtime.loading.registry`) and ``zrf.game_files`` (what turns a GAME
name into its rules file for the language commands).  So no lower package
names a higher one's modules: each package declares what it offers in its
own ``pyproject.toml``.

Entry points are package metadata, written when the package is installed
(``pip install -e .``).  Run from a plain checkout (``PYTHONPATH``), or with
an installation made before the checkout declared a group, this
distribution's entries of that group are missing; :func:`entry_points` then
reads them from the checkout's ``pyproject.toml`` and says so through the
caller's ``note`` (the registry warns; the command line stays quiet, since
its own output is what is being asked for).
"""

from __future__ import annotations

import importlib.metadata
import os
from typing import Callable

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: no TOML reader, so no fallback to pyproject.toml
    tomllib = None

#: this toolkit's distribution, whose checkout's pyproject.toml is read when its entries are missing
DISTRIBUTION = "zrf-toolkit"

_CHECKOUT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

#: an installed or checkout entry point, with the distribution that declared it
Declared = tuple[importlib.metadata.EntryPoint, str]


def entry_points(group: str, note: Callable[[str], None] = lambda message: None) -> list[Declared]:
    """Every entry point of ``group`` with its distribution's name, this distribution's first.

    When none of them is this distribution's, the checkout's ``pyproject.toml`` is read for the
    group and ``note`` is told why.
    """
    points = [(point, point.dist.name if point.dist is not None else "?")
              for point in importlib.metadata.entry_points(group=group)]
    if not any(provider == DISTRIBUTION for _, provider in points):
        points = [(point, DISTRIBUTION) for point in _checkout_entry_points(group, note)] + points
    return points


def _checkout_entry_points(group: str, note: Callable[[str], None]) -> list[importlib.metadata.EntryPoint]:
    """The ``group`` table of the checkout's pyproject.toml (entry points not installed)."""
    path = os.path.join(_CHECKOUT, "pyproject.toml")
    if not os.path.exists(path):  # an installed copy without this group's metadata
        return []
    if tomllib is None:
        note(f"the {group!r} entry points are not installed and Python 3.10 cannot read {path}; "
             "run 'pip install -e .'")
        return []
    try:
        with open(path, "rb") as fh:
            project = tomllib.load(fh).get("project", {})
    except (OSError, tomllib.TOMLDecodeError):
        return []
    if project.get("name") != DISTRIBUTION:
        return []
    table = project.get("entry-points", {}).get(group, {})
    if table:
        note(f"the {group!r} entry points are not installed (run 'pip install -e .'); they are read from {path}")
    return [importlib.metadata.EntryPoint(name, value, group) for name, value in table.items()]
