"""Resolving a GAME argument: a registered game's name or a path to a ``.zrf`` file."""

from __future__ import annotations

import os

from runtime.interpreter import load_zrf_game
from runtime.core.errors import GameLoadError
from runtime.core.protocol import Game
from runtime.loading.registry import find_game, game_names

__all__ = ["GameLoadError", "load_game"]


def load_game(spec: str, variant: str | None = None) -> Game:
    """A playable :class:`Game` for ``spec``.

    ``spec`` is a registered game's name (see ``zrf variants``) or a ``.zrf``
    path (an existing file wins); ``variant`` picks a game or variant title
    inside a ZRF file.
    """
    entry = find_game(spec)
    if entry is not None and not os.path.exists(spec):
        if variant:
            raise GameLoadError(f"{spec} is a built-in game; --variant applies to .zrf files only")
        return entry.load()
    if not os.path.exists(spec):
        names = ", ".join(game_names())
        raise GameLoadError(f"{spec}: no such file and no built-in game of that name (built-in: {names})")
    return load_zrf_game(spec, variant=variant)
