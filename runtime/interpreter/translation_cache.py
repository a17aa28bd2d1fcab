"""The on-disk cache of translated move programs (:mod:`.translate`), so a second command starts fast.

An entry is the compiled code of each of one game's blocks (code objects, stored
with :mod:`marshal`; None for a block that runs as closures).  Its key hashes the translator's version, the Python
bytecode version, the expanded game (every top-level form of the entry,
after macros and inheritance, as text) and the integer tables the source
bakes in, so any change to what the translation read gives a new key.

Where: ``$ZRF_CACHE_DIR`` if set, else ``$XDG_CACHE_HOME/zrf-toolkit/translated``,
else ``~/.cache/zrf-toolkit/translated``.  ``ZRF_TRANSLATION_CACHE=0`` turns the
cache off (every command translates).  The folder keeps the :data:`MAX_ENTRIES` entries
written last.  A cache that cannot be read, holds a
corrupt entry or cannot be written never fails a command: the first such
problem is said (:class:`TranslationCacheWarning`; Python's warning filters,
which by default show a given message from a given place once, decide how
often) and the game is translated as if there were no cache.
"""

from __future__ import annotations

import hashlib
import importlib.util
import marshal
import os
import warnings
from pathlib import Path
from types import CodeType

from runtime.core.cache_folders import cache_folder
from zrf.atomic_write import write_bytes_atomically
from zrf.syntax import to_text

CACHE_DIR_ENV = "ZRF_CACHE_DIR"
SWITCH_ENV = "ZRF_TRANSLATION_CACHE"

MAX_ENTRIES = 256
"""Entries kept; storing one more removes the least recently written (a server translating
uploaded games must not fill the disk)."""


class TranslationCacheWarning(UserWarning):
    """The translation cache could not be used; commands go on without it."""


def enabled() -> bool:
    """Is the cache on (``ZRF_TRANSLATION_CACHE`` is not ``0``)?"""
    return os.environ.get(SWITCH_ENV, "1").strip().lower() not in ("0", "false", "no", "off")


def directory() -> Path:
    """Where entries live (see the module docstring)."""
    return cache_folder("translated", CACHE_DIR_ENV)


def key(version: int, gdef, tables, sources=()) -> str:
    """The hash naming the entry of ``gdef``'s translation (see the module docstring).

    ``sources``: the files of the translator itself, hashed too, so an edited
    translator never meets an entry of its older self.
    """
    h = hashlib.sha256()
    h.update(f"translator {version}\n".encode())
    for src in sources:
        try:
            h.update(Path(src).read_bytes())
        except OSError:
            h.update(str(src).encode("utf-8", "surrogatepass"))
    h.update(importlib.util.MAGIC_NUMBER)
    for name, forms in gdef.forms.items():
        h.update(f"\n({name}\n".encode())
        for form in forms:
            h.update(to_text(form).encode("utf-8", "surrogatepass"))
            h.update(b"\n")
    for table in (tables.positions, tables.directions, tables.players, tables.types, tables.attributes,
                  tables.zone_names, tables.neutral, tables.attr_defaults, sorted(gdef.move_types)):
        h.update(repr(table).encode("utf-8", "surrogatepass"))
    # the moves and drops the translation reads, in its order (inheritance may reorder forms)
    for pname, piece in gdef.pieces.items():
        h.update(f"\npiece {pname}\n".encode("utf-8", "surrogatepass"))
        for b in list(piece.moves) + list(piece.drops):
            h.update(to_text(b.program).encode("utf-8", "surrogatepass"))
            h.update(b"\n")
        h.update(f"{len(piece.moves)} {len(piece.drops)}".encode())
    return h.hexdigest()


def _say(message: str) -> None:
    warnings.warn(f"translation cache {directory()}: {message}", TranslationCacheWarning, stacklevel=3)


def load(name: str) -> list[CodeType | None] | None:
    """The entry ``name``: the code of each block (None: it runs as closures); None when the
    entry is absent, off or unusable."""
    if not enabled():
        return None
    path = directory() / f"{name}.bin"
    try:
        data = path.read_bytes()
    except (FileNotFoundError, NotADirectoryError):
        return None  # no entry yet (or no folder: the write says why)
    except OSError as exc:
        _say(f"cannot read {path.name} ({exc.strerror or exc}); going on without it")
        return None
    try:
        codes = marshal.loads(data)
        if not (isinstance(codes, list) and all(c is None or isinstance(c, CodeType) for c in codes)):
            raise ValueError("unexpected contents")
    except (ValueError, EOFError, TypeError) as exc:
        _say(f"entry {path.name} is corrupt ({exc}); the game is translated again")
        return None
    return codes


def store(name: str, codes: list[CodeType | None]) -> None:
    """Write the entry ``name`` (atomically: a reader never sees half a file); problems are said as warnings."""
    if not enabled():
        return
    folder = directory()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_bytes_atomically(folder / f"{name}.bin", marshal.dumps(list(codes)))
        _evict(folder)
    except OSError as exc:
        _say(f"cannot write ({exc.strerror or exc}); going on without it")
    except ValueError as exc:  # marshal refused the entry
        _say(f"cannot write ({exc}); going on without it")


def _evict(folder: Path) -> None:
    """Keep the :data:`MAX_ENTRIES` most recently written entries of ``folder``."""
    entries = []
    for p in folder.glob("*.bin"):
        try:
            entries.append((p.stat().st_mtime, p))
        except OSError:
            continue
    if len(entries) <= MAX_ENTRIES:
        return
    entries.sort()
    for _, p in entries[:len(entries) - MAX_ENTRIES]:
        try:
            p.unlink()
        except OSError:
            pass
