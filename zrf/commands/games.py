"""Built-in game names as arguments of the language commands (``zrf check canopus``).

A registered game's rules file is the ZRF written for it (for the built-in
games, the one generated in ``variants/``).  The registry lives in
``runtime``, above the ``zrf`` package, so it is looked up through
:mod:`importlib` the same way ``zrf.cli`` loads the commands that play games:
the command line sits on top of every package (docs/architecture.md), and
``zrf`` used as a library never imports it.
"""

from __future__ import annotations

import importlib
import os


def builtin_zrf(spec: str) -> str | None:
    """The ZRF of the registered game named ``spec``, or None (an existing path wins)."""
    if os.path.exists(spec):
        return None
    try:
        registry = importlib.import_module("runtime.loading.registry")
    except ModuleNotFoundError:  # the language tools installed on their own
        return None
    entry = registry.find_game(spec)
    return entry.zrf if entry is not None else None


def resolve(spec: str) -> str:
    """``spec`` itself, or the generated ZRF when it names a built-in game."""
    return builtin_zrf(spec) or spec
