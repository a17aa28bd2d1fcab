"""The built-in games drawn with their own pictures: piece icons and the marked board.

A built-in game is a native engine; ``zrf gen --package`` writes a Zillions
package for it (the ZRF written for the engine, a board bitmap with its zones
marked, one icon per piece type and player), reached through the registry
(:func:`runtime.loading.registry.package_files`), since the writer sits above
``runtime``.  :class:`PackagePictures` writes each game's package once into a
folder the server owns and opens its rules file as a ZRF game; the page then
draws the native position with that game's layout and bitmaps
(``render_svg(..., drawn_as=...)``), so Alpha Centauri shows its coloured rows
and Encounter Zone, Canopus its goal squares, and every piece its symbol.  A
game without a package (or whose package cannot be made) is drawn as before.
"""

from __future__ import annotations

import os
import threading

from runtime.core.protocol import Game
from runtime.loading.opening import open_game
from runtime.loading.registry import find_game, game_names, package_files
from zrf.model import build_file


class PackagePictures:
    """Each built-in game's package, written under ``root`` on first use; one per registered game."""

    def __init__(self, root: str):
        self.root = root
        self._games: dict[str, Game | None] = {}
        self._lock = threading.Lock()

    def drawing_game(self, name: str) -> Game | None:
        """The ZRF game of built-in game ``name``'s package (its layout and bitmaps), or None."""
        key = name.lower()
        with self._lock:
            if key not in self._games and key in game_names():
                self._games[key] = self._open(key)
            return self._games.get(key)

    def _open(self, name: str) -> Game | None:
        files = package_files(name)
        entry = find_game(name)
        if not files or entry is None:
            return None
        folder = os.path.join(self.root, name)
        rules = None
        for rel, content in files.items():
            path = os.path.join(folder, *rel.split("/"))
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as fh:
                fh.write(content)
            if rel.endswith(".zrf"):
                rules = path
        if rules is None:
            return None
        return open_game(build_file(rules), entry.zrf_variant)
