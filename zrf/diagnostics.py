"""Diagnostics: what every tool reports about a ZRF file instead of a traceback.

A :class:`Diagnostic` prints as ``path:line:col: CODE message`` (the ruff
convention).  Codes: ``E1xx`` syntax, ``E2xx`` macros and includes, ``E3xx``
model (undefined names, wrong arity), ``W...`` warnings for suspicious but
legal code, ``A001`` a file that needs an Axiom engine plug-in.  See
``docs/diagnostics.md`` for the full list.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from .syntax import NO_SPAN, Span

ERROR = "error"
WARNING = "warning"
INFO = "info"


@dataclass(frozen=True)
class Diagnostic:
    """One finding, anchored at a source span."""

    code: str
    message: str
    span: Span = NO_SPAN
    severity: str = ERROR

    def format(self) -> str:
        """``path:line:col: CODE message``, plus one ``note:`` line per macro call site."""
        where = self.span.root() if self.span.via is not None else self.span
        lines = [f"{where}: {self.code} {self.message}"]
        if self.span.via is not None:
            chain = self.span.call_chain()
            lines.append(f"{chain[0]}: note: in macro body")
            for call in chain[1:-1]:
                lines.append(f"{call}: note: expanded from here")
        return "\n".join(lines)

    def as_json(self) -> dict:
        where = self.span.root()
        return {
            "path": where.file, "line": where.line, "column": where.col,
            "code": self.code, "severity": self.severity, "message": self.message,
            "chain": [{"path": s.file, "line": s.line, "column": s.col}
                      for s in self.span.call_chain()],
        }

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR


class ZrfError(Exception):
    """Raised when a file cannot be read or built; carries the diagnostics that explain why."""

    def __init__(self, diagnostics: Iterable[Diagnostic]):
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.format() for d in self.diagnostics))


@dataclass
class Report:
    """Diagnostics collected while processing one file."""

    diagnostics: list[Diagnostic] = field(default_factory=list)

    def add(self, code: str, message: str, span: Span = NO_SPAN, severity: str = ERROR) -> None:
        self.diagnostics.append(Diagnostic(code, message, span, severity))

    def error(self, code: str, message: str, span: Span = NO_SPAN) -> None:
        self.add(code, message, span, ERROR)

    def warning(self, code: str, message: str, span: Span = NO_SPAN) -> None:
        self.add(code, message, span, WARNING)

    @property
    def has_errors(self) -> bool:
        return any(d.is_error for d in self.diagnostics)
