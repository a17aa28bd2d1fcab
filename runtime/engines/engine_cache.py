"""The engine cache: where engines built by ``zrf engines build`` live, and how an engine name is found.

Where: ``$ZRF_ENGINES_DIR`` if set, else ``$XDG_CACHE_HOME/zrf-toolkit/engines``,
else ``~/.cache/zrf-toolkit/engines``.  Each built engine has its own folder,
``<cache>/<name>/``, holding the program (``<cache>/<name>/<name>``) and
``build.json``, what it was built from (:class:`BuildRecord`).

An engine named in a player spec (``uci:NAME``) is found by :func:`resolve`:
a name with a path separator is that file; any other name is the cached build
of that name first, then a program of that name on ``PATH``.  So
``fairy-stockfish`` means the build made here even where an older
``fairy-stockfish`` is installed system-wide.
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import asdict, dataclass
from pathlib import Path

from runtime.core.cache_folders import cache_folder

ENGINES_DIR_ENV = "ZRF_ENGINES_DIR"

RECORD_NAME = "build.json"
"""The file beside a built engine that says what it was built from."""


@dataclass(frozen=True)
class KnownEngine:
    """A UCI engine this toolkit knows by name, and how a user gets it."""

    name: str
    how_to_get: str
    buildable: bool = False


KNOWN_ENGINES: tuple[KnownEngine, ...] = (
    KnownEngine("fairy-stockfish", "zrf engines build fairy-stockfish (from the pyffish source distribution)",
                buildable=True),
    KnownEngine("sunfish-uci", "pip install sunfish (a pure-Python chess engine)"),
    KnownEngine("stockfish", "your system's package manager (chess only)"),
)
"""The engines ``zrf engines list`` reports on; any other UCI program is used by its path or PATH name."""


@dataclass(frozen=True)
class BuildRecord:
    """What a cached engine was built from (``build.json``)."""

    engine: str
    source: str
    """The source distribution built, e.g. ``pyffish-0.0.90.tar.gz``."""
    version: str
    compiler: str
    flags: tuple[str, ...]
    seconds: float
    """Wall-clock seconds the build took."""
    built: str
    """When, as an ISO 8601 UTC time."""
    id_name: str
    """The engine's own ``id name`` answer, read after the build."""

    def as_json(self) -> dict:
        return asdict(self)


class EngineNotFound(LookupError):
    """No program for an engine name; the message says where it was looked for and how to get it."""


def cache_dir() -> Path:
    """The engine cache (see the module docstring); it need not exist yet."""
    return cache_folder("engines", ENGINES_DIR_ENV)


def cached_program(name: str) -> Path:
    """Where the build of ``name`` lives in the cache (whether or not it is there)."""
    return cache_dir() / name / name


def build_record(name: str) -> BuildRecord | None:
    """The cached build's record, or None when there is none or it cannot be read."""
    path = cache_dir() / name / RECORD_NAME
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        data["flags"] = tuple(data.get("flags", ()))
        return BuildRecord(**data)
    except (OSError, ValueError, TypeError):
        return None


def known(name: str) -> KnownEngine | None:
    return next((k for k in KNOWN_ENGINES if k.name == name), None)


def resolve(name: str) -> Path:
    """The program to run for engine ``name`` (see the module docstring); :class:`EngineNotFound` else."""
    if not name:
        raise EngineNotFound("no engine named")
    if os.sep in name or (os.altsep and os.altsep in name):
        path = Path(name).expanduser()
        if not path.is_file():
            raise EngineNotFound(f"engine {name!r}: no such file")
        if not os.access(path, os.X_OK):
            raise EngineNotFound(f"engine {name!r}: the file is not executable")
        return path
    cached = cached_program(name)
    if cached.is_file() and os.access(cached, os.X_OK):
        return cached
    found = shutil.which(name)
    if found:
        return Path(found)
    entry = known(name)
    hint = f"; get it with: {entry.how_to_get}" if entry else ""
    raise EngineNotFound(f"engine {name!r} is neither built in {cache_dir()} nor on PATH{hint}")


@dataclass(frozen=True)
class EngineListing:
    """One row of ``zrf engines list``."""

    name: str
    path: str | None
    where: str
    """``cache``, ``PATH`` or ``missing``."""
    how_to_get: str
    record: BuildRecord | None

    def as_json(self) -> dict:
        return {"name": self.name, "path": self.path, "where": self.where, "how_to_get": self.how_to_get,
                "build": self.record.as_json() if self.record else None}


def listing() -> list[EngineListing]:
    """Every known engine and every engine in the cache, with where each was found."""
    names = [k.name for k in KNOWN_ENGINES]
    root = cache_dir()
    if root.is_dir():
        names += sorted(p.name for p in root.iterdir() if (p / p.name).is_file() and p.name not in names)
    rows = []
    for name in names:
        entry = known(name)
        how = entry.how_to_get if entry else "built here"
        cached = cached_program(name)
        if cached.is_file():
            rows.append(EngineListing(name, str(cached), "cache", how, build_record(name)))
        elif shutil.which(name):
            rows.append(EngineListing(name, shutil.which(name), "PATH", how, None))
        else:
            rows.append(EngineListing(name, None, "missing", how, None))
    return rows
