"""Diagnostics: what every tool reports about a ZRF file instead of a traceback.

A :class:`Diagnostic` prints as ``path:line:col: CODE message`` (the ruff
convention).  Every code is an entry of :mod:`zrf.codes` (``E1xx`` syntax,
``E2xx`` macros and includes, ``E3xx`` model, ``W...`` warnings for suspicious
but legal code, ``A001`` a file that needs an Axiom engine plug-in, ``Z001`` a
saved game); a diagnostic's severity is its entry's, and a code the table
lacks is refused when the diagnostic is made.  ``docs/diagnostics.md`` is
rendered from the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from . import limits
from .codes import Code, Severity, lookup
from .printable import printable
from .syntax import NO_SPAN, Span

ERROR = Severity.ERROR
WARNING = Severity.WARNING
INFO = Severity.INFO


@dataclass(frozen=True)
class Diagnostic:
    """One finding, anchored at a source span; ``code`` must be an entry of :mod:`zrf.codes`."""

    code: str
    message: str
    span: Span = NO_SPAN

    def __post_init__(self) -> None:
        lookup(self.code)  # an unregistered code is a bug of the tool, found where it is made

    @property
    def entry(self) -> Code:
        """The code's entry in :mod:`zrf.codes`."""
        return lookup(self.code)

    @property
    def severity(self) -> Severity:
        """The severity the code's entry gives."""
        return lookup(self.code).severity

    def format(self) -> str:
        """``path:line:col: CODE message``, plus one ``note:`` line per macro call site; a
        character a terminal would obey (from a file name or quoted text) is shown as an escape."""
        where = self.span.root() if self.span.via is not None else self.span
        lines = [f"{where}: {self.code} {self.message}"]
        if self.span.via is not None:
            chain = self.span.call_chain()
            lines.append(f"{chain[0]}: note: in macro body")
            calls = [str(call) for call in chain[1:-1]]
            i = 0
            while i < len(calls):  # a recursive macro repeats one call site: say it once, with a count
                j = i
                while j < len(calls) and calls[j] == calls[i]:
                    j += 1
                times = f" ({j - i} times)" if j - i > 1 else ""
                lines.append(f"{calls[i]}: note: expanded from here{times}")
                i = j
        return "\n".join(printable(line, one_line=True) for line in lines)

    def as_json(self) -> dict:
        where = self.span.root()
        return {
            "path": where.file, "line": where.line, "column": where.col,
            "code": self.code, "severity": self.severity.value, "message": self.message,
            "chain": [{"path": s.file, "line": s.line, "column": s.col}
                      for s in self.span.call_chain()],
        }

    @property
    def is_error(self) -> bool:
        return self.severity is ERROR


class ZrfError(Exception):
    """Raised when a file cannot be read or built; carries the diagnostics that explain why."""

    def __init__(self, diagnostics: Iterable[Diagnostic]):
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.format() for d in self.diagnostics))

    def __reduce__(self):
        # rebuilt from its diagnostics, not its message (worker processes send it back pickled)
        return (type(self), (self.diagnostics,))


#: Characters of a message kept; longer ones (a quoted name from a hostile file) are cut.
MESSAGE_WIDTH = 240


class Report:
    """Diagnostics collected while processing one file.

    The same finding at the same place (code, message and call chain) is
    kept once: variants repeat their game's forms.  At most the
    ``diagnostics`` limit (:mod:`zrf.limits`) are kept; the rest are counted
    and :meth:`summary` turns the count into one E090, so a file built to
    produce millions of findings cannot flood the output.
    """

    def __init__(self, diagnostics: Iterable[Diagnostic] = ()):
        self.diagnostics: list[Diagnostic] = []
        #: findings not kept because of the cap, and whether one of them was an error
        self.dropped = 0
        self.dropped_error = False
        self._seen: set = set()
        self._cap = limits.current().diagnostics
        for d in diagnostics:
            self.append(d)

    def __repr__(self) -> str:
        return f"Report({self.diagnostics!r}, dropped={self.dropped})"

    def append(self, d: Diagnostic) -> None:
        """Keep ``d`` unless the same finding is already kept or the cap is reached."""
        key = (d.code, d.message, tuple((s.file, s.line, s.col) for s in d.span.call_chain()))
        if key in self._seen:
            return
        if len(self.diagnostics) >= self._cap:
            self.dropped += 1
            self.dropped_error = self.dropped_error or d.is_error
            return
        self._seen.add(key)
        self.diagnostics.append(d)

    def extend(self, diagnostics: Iterable[Diagnostic]) -> None:
        for d in diagnostics:
            self.append(d)

    def merge(self, other: "Report") -> None:
        """Take ``other``'s diagnostics and its count of dropped ones."""
        self.extend(other.diagnostics)
        self.dropped += other.dropped
        self.dropped_error = self.dropped_error or other.dropped_error

    def add(self, code: str, message: str, span: Span = NO_SPAN) -> None:
        """Report ``code`` (its severity is the table's) with ``message`` at ``span``."""
        if len(message) > MESSAGE_WIDTH:
            message = message[:MESSAGE_WIDTH - 3] + "..."
        self.append(Diagnostic(code, message, span))

    def error(self, code: str, message: str, span: Span = NO_SPAN) -> None:
        """:meth:`add` for a caller that says it reports an error; refused when the table disagrees."""
        self._expect(code, ERROR)
        self.add(code, message, span)

    def warning(self, code: str, message: str, span: Span = NO_SPAN) -> None:
        """:meth:`add` for a caller that says it reports a warning; refused when the table disagrees."""
        self._expect(code, WARNING)
        self.add(code, message, span)

    @staticmethod
    def _expect(code: str, severity: Severity) -> None:
        if lookup(code).severity is not severity:
            raise ValueError(f"{code} is a{'n' if lookup(code).severity is ERROR else ''} "
                             f"{lookup(code).severity.value} in zrf.codes, not a{'n' if severity is ERROR else ''} "
                             f"{severity.value}")

    def summary(self, path: str) -> Diagnostic | None:
        """E090 (W090 when none of them was an error) for the diagnostics not kept, or None."""
        if not self.dropped:
            return None
        return Diagnostic("E090" if self.dropped_error else "W090", f"{self.dropped} more diagnostics not shown "
                          f"({limits.hint('diagnostics')})", Span(path, 1, 1))

    @property
    def has_errors(self) -> bool:
        return self.dropped_error or any(d.is_error for d in self.diagnostics)
