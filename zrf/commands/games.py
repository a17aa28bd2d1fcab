"""Built-in game names as arguments of the language commands (``zrf check canopus``).

A built-in game's rules file is the ZRF generated for it in ``variants/``.
The registry lives above the ``zrf`` package, so it is looked up through
:mod:`importlib` the same way ``zrf.cli`` loads the commands that play games:
the command line sits on top of every package (docs/architecture.md), and
``zrf`` used as a library never imports it.
"""

from __future__ import annotations

import importlib
import os


def builtin_zrf(spec: str) -> str | None:
    """The generated ZRF of the built-in game named ``spec``, or None (an existing path wins)."""
    if os.path.exists(spec):
        return None
    try:
        registry = importlib.import_module("variants.registry")
    except ModuleNotFoundError:  # the language tools installed on their own
        return None
    entry = registry.builtin(spec)
    if entry is None:
        return None
    return registry.generated_zrf_path(entry)


def resolve(spec: str) -> str:
    """``spec`` itself, or the generated ZRF when it names a built-in game."""
    return builtin_zrf(spec) or spec
