"""The games a ``zrf serve`` page may open: built-in names and the files named on the command line.

A request names a game by its catalog name, never by a path: ``{"game":
"chess.zrf"}`` means the entry the server listed under that name, so no
request can make the server open ``/dev/zero`` or probe which files exist
(issue 20).  Uploads are the only other source (:mod:`runtime.web.uploads`).

Command-line arguments are built-in names, ``.zrf`` files, or folders (every
regular ``*.zrf`` file below them).  A file that names an engine plug-in
(``(engine "Axiom.dll")``: Axiom games, 17 of the 51 files of a Zillions
install) is listed as needing it, is never the game the page opens first, and
opens in its set-up position with the reason (as ``zrf render`` draws it).  Every file, listed or uploaded, is loaded
with its includes confined to its own folder tree (the language layer's
``confine_includes``: E214 refuses any other include before reading it).
"""

from __future__ import annotations

import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from runtime.core.errors import GameLoadError
from runtime.loading.opening import open_game
from runtime.core.protocol import Game
from runtime.loading.registry import find_game, game_names, registered_games
from zrf.codes import Effect

from runtime.web.rules_text import rules_texts


class CatalogError(ValueError):
    """A command-line argument names no game; the message says which and why."""


@dataclass(frozen=True)
class CatalogEntry:
    """One game the page can open."""

    #: what the page shows and sends back
    name: str
    summary: str
    #: a built-in game name, or the absolute path of a .zrf file
    spec: str
    #: the folder the file's name is relative to (its diagnostics show paths from there);
    #: None for a built-in game
    base: str | None = None
    #: the file names an engine plug-in (Axiom): it opens in its set-up position only
    needs_engine: bool = False

    @property
    def is_file(self) -> bool:
        return self.base is not None

    def load(self, variant: str | None) -> Game:
        """The playable game; :class:`GameLoadError` (or a ZRF error) when it does not load."""
        if not self.is_file:
            if variant:
                raise GameLoadError(f"{self.name} is a built-in game; a variant applies to .zrf files only")
            return find_game(self.spec).load()
        return load_zrf_file(self.spec, variant)

    def texts(self, game: Game) -> dict:
        """The rules texts of ``game`` as loaded from this entry (a built-in game's from its generated ZRF)."""
        entry = None if self.is_file else find_game(self.spec)
        if entry is None:
            return rules_texts(game)
        return rules_texts(game, entry.zrf, entry.zrf_variant)


def load_zrf_file(path: str, variant: str | None) -> Game:
    """A ZRF game through the interpreter (never a built-in of the same name), its includes
    confined to the file's folder tree (E214 refuses any other, before reading it).

    A file that a resource limit cut (:attr:`zrf.codes.Effect.CUT`: a 300x300 grid is left out
    by ``board_cells``) is refused with those diagnostics: what was read is not the game written.
    """
    game = open_game(path, variant, confine_includes=True)
    cut = [d for d in game.report.diagnostics if d.entry.effect is Effect.CUT]
    if cut:
        raise GameLoadError("\n".join(d.format() for d in cut), cut)
    return game


#: an ``(engine ...)`` form: the game's moves come from a plug-in (Axiom) no engine here runs
_ENGINE_FORM = re.compile(rb"\(\s*engine\s")
#: bytes of a file read to look for that form (the largest file of a Zillions install: 120 KB)
ENGINE_SCAN_BYTES = 1 << 20


def names_an_engine(path: Path) -> bool:
    """Does the file's text have an ``(engine ...)`` form (outside comments)?  A quick look for the
    listing; loading the game still decides (:class:`runtime.interpreter.EngineRequired`)."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(ENGINE_SCAN_BYTES)
    except OSError:
        return False
    return any(_ENGINE_FORM.search(line.split(b";", 1)[0]) for line in data.splitlines())


def _is_regular_file(path: Path) -> bool:
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return False


class Catalog:
    """Games by name, in the order the page lists them (command-line games first)."""

    def __init__(self, entries: Sequence[CatalogEntry], default: str | None = None):
        self._entries: dict[str, CatalogEntry] = {}
        for e in entries:
            self._entries.setdefault(e.name, e)
        self.default = default

    @classmethod
    def from_arguments(cls, arguments: Sequence[str]) -> "Catalog":
        """The built-in games plus every game the arguments name; the first argument is preselected.

        Raises :class:`CatalogError` for an argument that is neither a built-in
        name, a regular ``.zrf`` file, nor a folder holding one.
        """
        files: list[tuple[Path, Path, bool]] = []  # (file, root, named through a folder)
        builtins: list[str] = []
        for arg in arguments:
            path = Path(arg)
            if path.is_dir():
                found = sorted(p for p in path.rglob("*") if p.suffix.lower() == ".zrf" and _is_regular_file(p))
                if not found:
                    raise CatalogError(f"{arg}: no .zrf file in this folder")
                files.extend((p.resolve(), path.resolve(), True) for p in found)
            elif path.exists():
                if not _is_regular_file(path):
                    raise CatalogError(f"{arg}: not a regular file (a device or FIFO); refusing to read it")
                files.append((path.resolve(), path.resolve().parent, False))
            elif find_game(arg) is not None:
                builtins.append(find_game(arg).name)
            else:
                names = ", ".join(game_names())
                raise CatalogError(f"{arg}: no such file or folder and no built-in game of that name "
                                   f"(built-in: {names})")
        entries = []
        for name, (p, root, in_folder) in zip(_names(files), files):
            engine = names_an_engine(p)
            summary = f"{p.name} from the command line" + (" (needs the Axiom plug-in: set-up only)" if engine else "")
            entries.append(CatalogEntry(name, summary, str(p), str(root.parent if in_folder else root), engine))
        playable = [e for e in entries if not e.needs_engine]
        first = playable[0].name if playable and arguments and not find_game(arguments[0]) else None
        if first is None and builtins:
            first = builtins[0]
        entries += [CatalogEntry(g.name, g.summary, g.name) for g in registered_games().values()]
        return cls(entries, first)

    def get(self, name: str) -> CatalogEntry | None:
        return self._entries.get(name)

    def bases(self) -> list[str]:
        """The folders the listed files' names start from: cut from every path shown to the page."""
        return sorted({e.base for e in self._entries.values() if e.base})

    def listing(self) -> dict:
        """What ``GET /api/games`` answers: names and summaries, never paths."""
        return {"default": self.default,
                "games": [{"name": e.name, "summary": e.summary, "file": e.is_file, "engine": e.needs_engine}
                          for e in self._entries.values()]}


def _names(files: list[tuple[Path, Path, bool]]) -> list[str]:
    """A unique short name per file: its path from the named folder (``Rules/chess.zrf``), or
    the file name alone for a file named directly; repeats get `` (2)``, `` (3)``..."""
    names: list[str] = []
    seen: dict[str, int] = {}
    for path, root, in_folder in files:
        base = path.relative_to(root.parent).as_posix() if in_folder else path.name
        count = seen.get(base, 0) + 1
        seen[base] = count
        names.append(base if count == 1 else f"{base} ({count})")
    return names
