"""Building the current Fairy-Stockfish from source: the engine sources inside the pyffish source distribution.

Fairy-Stockfish plays chess, xiangqi, shogi and a hundred other variants at a
strength that can be set (``UCI_LimitStrength``, ``UCI_Elo`` 500 to 2850),
which makes it the yardstick of ``zrf match``.  Distributions package old
versions (Debian's 11.1 predates custom pieces), and a downloaded binary is
code nobody here compiled, so ``zrf engines build fairy-stockfish`` builds it:

1. ``pip download --no-deps --no-binary :all: pyffish`` fetches the source
   distribution of the Python binding, which carries the whole engine under
   ``src/`` (or ``--from FILE`` takes one already downloaded);
2. every ``src/*.cpp``, ``src/syzygy/*.cpp``, ``src/nnue/*.cpp`` and
   ``src/nnue/features/*.cpp`` except the bindings (``pyffish.cpp``,
   ``ffishjs.cpp``) is compiled with :data:`FLAGS` (large boards and all
   variants, no embedded network), ``jobs`` files at a time, then linked;
3. the program must answer ``uci`` with ``uciok`` before it is moved, all at
   once, into the engine cache (:mod:`.engine_cache`) with a ``build.json``
   record of what it was built from.

On two cores the build takes several minutes (docs/play.md gives the time
measured).  Any failing step raises :class:`BuildError` naming the step and
the last lines of its output; nothing is left in the cache then.
"""

from __future__ import annotations

import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Callable

from runtime.engines.engine_cache import RECORD_NAME, BuildRecord, cache_dir
from runtime.engines.uci_client import UciEngine, UciFailure

ENGINE = "fairy-stockfish"

PACKAGE = "pyffish"
"""The source distribution that carries the engine's sources."""

FLAGS: tuple[str, ...] = ("-std=c++17", "-O2", "-DNDEBUG", "-DLARGEBOARDS", "-DALLVARS", "-DPRECOMPUTED_MAGICS",
                          "-DNNUE_EMBEDDING_OFF", "-pthread") + (("-DIS_64BIT",) if sys.maxsize > 2**32 else ())
"""Compiler flags: 12x10 boards and every variant, magic bitboards precomputed, no network embedded
(the classical evaluation plays), 64-bit where the machine is."""

SOURCE_FOLDERS = ("src", "src/syzygy", "src/nnue", "src/nnue/features")
"""Folders (inside the source distribution) whose ``.cpp`` files make the engine."""

BINDINGS = frozenset({"pyffish.cpp", "ffishjs.cpp"})
"""The Python and JavaScript bindings, which are not part of the UCI program."""

OUTPUT_LINES = 15
"""Lines of a failed step's output quoted in :class:`BuildError`."""

Progress = Callable[[str], None]


class BuildError(RuntimeError):
    """A step of the build failed; the message names it and quotes the end of its output."""


def _tail(text: str) -> str:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    return "\n".join(lines[-OUTPUT_LINES:])


def _run(step: str, command: list[str], cwd: Path | None = None) -> str:
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, errors="replace")
    except OSError as exc:
        raise BuildError(f"{step}: cannot run {command[0]}: {exc.strerror or exc}") from None
    if done.returncode != 0:
        raise BuildError(f"{step} failed (exit status {done.returncode}):\n{_tail(done.stdout + done.stderr)}")
    return done.stdout


def download(folder: Path, version: str | None = None) -> Path:
    """The pyffish source distribution, downloaded into ``folder`` by pip (sources only)."""
    requirement = f"{PACKAGE}=={version}" if version else PACKAGE
    _run("pip download", [sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:",
                          "--disable-pip-version-check", "-d", str(folder), requirement])
    found = sorted(p for p in folder.iterdir() if p.name.startswith(PACKAGE) and _archive(p))
    if not found:
        raise BuildError(f"pip download: no {PACKAGE} source distribution in what pip fetched")
    return found[-1]


def _archive(path: Path) -> bool:
    return path.name.endswith((".tar.gz", ".tgz", ".zip"))


def version_of(sdist: Path) -> str:
    """``0.0.90`` from ``pyffish-0.0.90.tar.gz``; ``unknown`` for another name."""
    m = re.match(rf"{PACKAGE}-(.+?)(\.tar\.gz|\.tgz|\.zip)$", sdist.name)
    return m.group(1) if m else "unknown"


def unpack(sdist: Path, folder: Path) -> Path:
    """Unpack the source distribution into ``folder`` (no member may land outside it); the folder
    holding ``src/``."""
    try:
        if sdist.name.endswith(".zip"):
            with zipfile.ZipFile(sdist) as archive:
                archive.extractall(folder)  # zipfile drops '..' and absolute parts of member names
        else:
            with tarfile.open(sdist) as archive:
                root = folder.resolve()
                for member in archive.getmembers():  # the "data" filter refuses these too, where it exists
                    target = (folder / member.name).resolve()
                    if not (member.isfile() or member.isdir()) or root not in (target, *target.parents):
                        raise BuildError(f"unpack: {sdist.name} holds an unsafe member {member.name!r}")
                try:
                    archive.extractall(folder, filter="data")
                except TypeError:  # a Python without extraction filters: the check above is all there is
                    archive.extractall(folder)
    except (OSError, tarfile.TarError, zipfile.BadZipFile) as exc:
        raise BuildError(f"unpack {sdist.name}: {exc}") from None
    for candidate in sorted(folder.rglob("src")):
        if candidate.is_dir() and any(candidate.glob("*.cpp")):
            return candidate.parent
    raise BuildError(f"unpack: {sdist.name} has no src/ folder of .cpp files")


def sources(root: Path) -> list[Path]:
    """The engine's ``.cpp`` files under ``root`` (see :data:`SOURCE_FOLDERS`, :data:`BINDINGS`)."""
    found = []
    for sub in SOURCE_FOLDERS:
        found += sorted(p for p in (root / sub).glob("*.cpp") if p.name not in BINDINGS)
    if not found:
        raise BuildError(f"no engine sources under {root}")
    return found


def compile_and_link(root: Path, files: list[Path], output: Path, compiler: str, jobs: int,
                     progress: Progress | None = None) -> None:
    """Compile ``files`` ``jobs`` at a time into objects beside ``output``, then link ``output``."""
    objects = output.parent / "objects"
    objects.mkdir(parents=True, exist_ok=True)
    done = 0

    def one(source: Path) -> Path:
        nonlocal done
        obj = objects / (str(source.relative_to(root)).replace(os.sep, "_").replace("/", "_")[:-4] + ".o")
        _run(f"compile {source.relative_to(root)}", [compiler, *FLAGS, "-c", str(source), "-o", str(obj)])
        done += 1
        if progress:
            progress(f"compiled {done}/{len(files)} {source.relative_to(root)}")
        return obj

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        built = list(pool.map(one, files))
    if progress:
        progress("linking")
    _run("link", [compiler, *FLAGS, *map(str, built), "-o", str(output)])


def check_program(program: Path) -> str:
    """The program's ``id name``: it must answer ``uci`` with ``uciok``."""
    try:
        with UciEngine(program) as engine:
            return engine.name
    except UciFailure as exc:
        raise BuildError(f"check: the program built does not speak UCI: {exc}") from None


def build(jobs: int = 2, version: str | None = None, sdist: Path | None = None, compiler: str | None = None,
          progress: Progress | None = None) -> BuildRecord:
    """Build Fairy-Stockfish and put it in the engine cache (see the module docstring); its record."""
    compiler = compiler or os.environ.get("CXX") or "g++"
    if shutil.which(compiler) is None:
        raise BuildError(f"no C++ compiler {compiler!r} on PATH (set CXX, or install g++)")
    started = time.monotonic()
    home = cache_dir() / ENGINE
    home.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="build-", dir=home.parent) as work_text:
        work = Path(work_text)
        if sdist is None:
            if progress:
                progress(f"downloading the {PACKAGE}{'==' + version if version else ''} source distribution")
            sdist = download(work / "download", version)
        if progress:
            progress(f"unpacking {sdist.name}")
        root = unpack(sdist, work / "unpacked")
        files = sources(root)
        program = work / "out" / ENGINE
        program.parent.mkdir()
        compile_and_link(root, files, program, compiler, jobs, progress)
        if progress:
            progress("checking that it speaks UCI")
        id_name = check_program(program)
        record = BuildRecord(engine=ENGINE, source=sdist.name, version=version_of(sdist), compiler=compiler,
                             flags=FLAGS, seconds=round(time.monotonic() - started, 1),
                             built=datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                             id_name=id_name)
        home.mkdir(exist_ok=True)
        staged = home / f".{ENGINE}.new"
        shutil.copy2(program, staged)
        os.replace(staged, home / ENGINE)
        (home / RECORD_NAME).write_text(json.dumps(record.as_json(), indent=2) + "\n", encoding="utf-8")
    return record
