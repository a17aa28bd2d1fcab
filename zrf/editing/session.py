"""The state an editor's tools keep across calls, with one owner: the open texts and their analyses.

An :class:`EditingSession` holds, for each file the editor has open, its
current text and version, its latest :class:`~zrf.editing.analysis.Analysis`,
and the latest one that parsed (whose names completion and hover go on using
while the text being typed does not parse).  Nothing is kept for a file once
it is closed, so what the session holds is bounded by what the editor has
open.

It is not thread-safe: one thread (a server's event loop) calls it.  The
analysis itself may run elsewhere: :meth:`EditingSession.job` hands out what
:func:`~zrf.editing.analysis.analyze` needs, as values, and
:meth:`EditingSession.store` takes the result back only if the text has not
changed meanwhile.

Which file a diagnostic is shown in: each analysis groups its diagnostics by
the file they belong to (:meth:`Analysis.diagnostics_by_file`).  A file shows
the diagnostics every open file's analysis gives it; a file that another open
file includes is shown in that context only (read alone, a file of macros for
others has no game, and ``zrf check`` of it alone would say other things).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from zrf.diagnostics import Diagnostic
from zrf.macros import IncludeReader
from zrf.recheck_memo import RecheckMemo

from .analysis import Analysis, analyze, buffer_reader
from .name_index import NameIndex
from .paths import normalize


@dataclass
class _Open:
    """One open file: its text, its version (counts changes), its analyses, and what they worked
    out that the next analysis can use again."""

    text: str
    version: int
    latest: Analysis | None = None
    parsed: Analysis | None = None
    memo: RecheckMemo = field(default_factory=RecheckMemo)


@dataclass(frozen=True)
class Job:
    """What one analysis needs: the file, its text and version, how to read its includes, and the
    file's memo (used by one analysis at a time)."""

    path: str
    text: str
    version: int
    read_include: IncludeReader
    memo: RecheckMemo


class EditingSession:
    """The open files of one editor (see the module docstring)."""

    def __init__(self) -> None:
        self._open: dict[str, _Open] = {}
        self._versions = 0

    # -- texts

    def open(self, path: str, text: str) -> int:
        """Record ``text`` as the content of ``path`` (opened or changed); returns its version."""
        self._versions += 1
        key = normalize(path)
        entry = self._open.get(key)
        if entry is None:
            self._open[key] = _Open(text, self._versions)
        else:
            entry.text, entry.version = text, self._versions
        return self._versions

    change = open

    def close(self, path: str) -> None:
        self._open.pop(normalize(path), None)

    def is_open(self, path: str) -> bool:
        return normalize(path) in self._open

    def paths(self) -> list[str]:
        """The open files (normalized paths)."""
        return list(self._open)

    def text(self, path: str) -> str | None:
        entry = self._open.get(normalize(path))
        return entry.text if entry is not None else None

    def version(self, path: str) -> int | None:
        entry = self._open.get(normalize(path))
        return entry.version if entry is not None else None

    # -- analyses

    def job(self, path: str) -> Job | None:
        """What analysing ``path``'s current text needs, or None when it is not open."""
        key = normalize(path)
        entry = self._open.get(key)
        if entry is None:
            return None
        texts = {p: e.text for p, e in self._open.items()}
        return Job(key, entry.text, entry.version, buffer_reader(texts), entry.memo)

    def store(self, job: Job, analysis: Analysis | None) -> bool:
        """Keep ``analysis`` of ``job`` if the file still has that version; says whether it was kept."""
        entry = self._open.get(job.path)
        if entry is None or entry.version != job.version or analysis is None:
            return False
        entry.latest = analysis
        if analysis.parsed:
            entry.parsed = analysis
        return True

    def analyze_now(self, path: str, cancelled: Callable[[], bool] | None = None) -> Analysis | None:
        """Analyse ``path``'s current text in this thread and keep the result."""
        job = self.job(path)
        if job is None:
            return None
        analysis = analyze(job.path, job.text, job.read_include, cancelled, job.memo)
        self.store(job, analysis)
        return analysis

    def current(self, path: str) -> Analysis | None:
        """The analysis of ``path``'s current text, or None when it is not analysed yet."""
        entry = self._open.get(normalize(path))
        if entry is None or entry.latest is None or entry.latest.text != entry.text:
            return None
        return entry.latest

    def latest(self, path: str) -> Analysis | None:
        """The latest analysis of ``path``, perhaps of an older text."""
        entry = self._open.get(normalize(path))
        return entry.latest if entry is not None else None

    def parsed(self, path: str) -> Analysis | None:
        """The latest analysis of ``path`` whose text parsed, perhaps of an older text."""
        entry = self._open.get(normalize(path))
        return entry.parsed if entry is not None else None

    def names(self, path: str) -> NameIndex | None:
        """The names that hold in ``path``: those of the latest analysis of it that parsed, or
        else of an open file that includes it."""
        key = normalize(path)
        entry = self._open.get(key)
        if entry is not None and entry.parsed is not None and entry.parsed.model is not None:
            if entry.parsed.model.games or not self._includers(key):
                return entry.parsed.names
        for other in self._includers(key):
            parsed = self._open[other].parsed
            if parsed is not None:
                return parsed.names
        if entry is not None and entry.parsed is not None:
            return entry.parsed.names
        return None

    def texts(self) -> dict[str, str]:
        """Every open file's text, by normalized path."""
        return {p: e.text for p, e in self._open.items()}

    # -- diagnostics by file

    def _includers(self, key: str) -> list[str]:
        """The open files whose latest analysis read ``key`` as an include."""
        out = []
        for other, entry in self._open.items():
            if other != key and entry.latest is not None and key in entry.latest.files():
                out.append(other)
        return out

    def diagnostics(self, path: str) -> list[Diagnostic]:
        """What file ``path`` shows (see the module docstring), in file order."""
        key = normalize(path)
        includers = self._includers(key)
        sources = includers if includers else [key]
        out: list[Diagnostic] = []
        seen: set[tuple] = set()
        for source in sources:
            entry = self._open.get(source)
            if entry is None or entry.latest is None:
                continue
            for d in entry.latest.diagnostics_by_file().get(key, []):
                where = d.span.root()
                found = (d.code, d.message, where.line, where.col)
                if found not in seen:
                    seen.add(found)
                    out.append(d)
        return sorted(out, key=lambda d: (d.span.root().line, d.span.root().col, d.code))

    def affected(self, before: Analysis | None, after: Analysis | None) -> set[str]:
        """The files whose shown diagnostics may change when ``before`` is replaced by ``after``."""
        out: set[str] = set()
        for analysis in (before, after):
            if analysis is not None:
                out |= analysis.files()
        return out
