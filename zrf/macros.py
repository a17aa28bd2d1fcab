"""Macro and include expansion (SEMANTICS §1.2, §1.3).

* ``(include "file")`` is replaced by the forms of that file, resolved
  relative to the including file's directory (then as given).
* Every ``(define NAME body...)`` in the file and its includes is collected
  first (macros are hoisted; a later definition of the same name wins).
* A list whose head atom names a macro is replaced by the macro body with
  ``$k`` substituted, *spliced* into the parent: a body of several forms
  inserts several siblings.  ``$k`` is also pasted inside longer atoms
  (``D$2``) and inside strings.  A missing argument expands to nothing.
* Expanded nodes keep the span of the macro body text, with ``via`` set to
  the call site, so diagnostics can point at both.
* Runaway expansion (recursion, exponential growth) stops at a limit with an
  ``E2xx`` diagnostic instead of hanging.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

from .diagnostics import Report
from .reader import read_file
from .syntax import Atom, Document, List, Node, Span, String
from .diagnostics import ZrfError

MAX_DEPTH = 200
MAX_NODES = 2_000_000
MAX_INCLUDE_DEPTH = 16

_PARAM = re.compile(r"\$(\d+)")


@dataclass
class Macro:
    """One ``define``: its name, body forms and where it was defined."""

    name: str
    body: list[Node]
    span: Span


@dataclass
class Expanded:
    """The result of expansion: top-level forms (defines and includes removed) and diagnostics."""

    forms: list[Node]
    macros: dict[str, Macro] = field(default_factory=dict)
    report: Report = field(default_factory=Report)
    documents: list[Document] = field(default_factory=list)


class _Budget(Exception):
    """Internal: the expansion limit was hit."""


def expand_document(doc: Document, report: Report | None = None) -> Expanded:
    """Resolve includes, collect macros and expand every macro call in ``doc``."""
    report = report or Report()
    docs: list[Document] = [doc]
    forms = _inline_includes(doc.forms, doc.path, report, docs, 0)
    macros: dict[str, Macro] = {}
    body_forms: list[Node] = []
    for form in forms:
        if isinstance(form, List) and form.head == "define":
            if len(form.items) < 2 or not isinstance(form.items[1], Atom):
                report.error("E201", "define needs a macro name", form.span)
                continue
            name = form.items[1].text
            if name in macros:
                report.warning("W201", f"macro {name!r} redefined (first at {macros[name].span}); the later definition is used", form.items[1].span)
            macros[name] = Macro(name, form.items[2:], form.span)
        else:
            body_forms.append(form)
    expander = _Expander(macros, report)
    out: list[Node] = []
    try:
        for form in body_forms:
            out.extend(expander.expand(form, None, 0))
    except _Budget:
        pass
    return Expanded(out, macros, report, docs)


def expand_file(path: str) -> Expanded:
    """Read ``path`` and expand it.  Syntax errors raise :class:`ZrfError`."""
    return expand_document(read_file(path))


def _inline_includes(forms: list[Node], path: str, report: Report, docs: list[Document],
                     depth: int) -> list[Node]:
    out: list[Node] = []
    for form in forms:
        if isinstance(form, List) and form.head == "include":
            if len(form.items) != 2 or not isinstance(form.items[1], String):
                report.error("E210", 'include takes one file name string: (include "file")', form.span)
                continue
            if depth >= MAX_INCLUDE_DEPTH:
                report.error("E212", "includes nested too deeply (an include cycle?)", form.span)
                continue
            name = form.items[1].text.replace("\\", "/")
            base = os.path.dirname(path)
            candidates = [os.path.join(base, name), name]
            target = next((c for c in candidates if os.path.isfile(c)), None)
            if target is None:
                report.error("E211", f"included file not found: {form.items[1].text}", form.span)
                continue
            try:
                sub = read_file(target)
            except ZrfError as exc:
                report.diagnostics.extend(exc.diagnostics)
                continue
            docs.append(sub)
            out.extend(_inline_includes(sub.forms, target, report, docs, depth + 1))
        else:
            out.append(form)
    return out


class _Expander:
    def __init__(self, macros: dict[str, Macro], report: Report):
        self.macros = macros
        self.report = report
        self.nodes = 0

    def expand(self, node: Node, call: Span | None, depth: int) -> list[Node]:
        """Expand ``node``; returns the list of nodes it becomes (splicing)."""
        self.nodes += 1
        if self.nodes > MAX_NODES:
            self.report.error("E221", f"macro expansion exceeds {MAX_NODES} nodes (exploding macros?)", node.span)
            raise _Budget()
        if not isinstance(node, List):
            return [node]
        head = node.head
        if head is not None and head in self.macros:
            if depth >= MAX_DEPTH:
                self.report.error("E220", f"macro {head!r} expands too deeply (recursive macro?)", node.span)
                raise _Budget()
            macro = self.macros[head]
            args = node.items[1:]
            result: list[Node] = []
            for body in macro.body:
                substituted = substitute(body, args, node.span)
                result.extend(self.expand(substituted, node.span, depth + 1))
            return result
        items: list[Node] = []
        for item in node.items:
            items.extend(self.expand(item, call, depth))
        return [List(items, node.span)]


def substitute(node: Node, args: list[Node], call: Span) -> Node:
    """A copy of macro body ``node`` with ``$k`` replaced by ``args[k-1]``, spans routed via ``call``.

    Arguments are already in the caller's context; they keep their own spans.
    """
    if isinstance(node, Atom):
        text = node.text
        if "$" not in text:
            return Atom(text, node.span.through(call))
        m = _PARAM.fullmatch(text)
        if m:
            k = int(m.group(1))
            if 1 <= k <= len(args):
                return args[k - 1]
            return _MISSING
        return Atom(_paste(text, args), node.span.through(call))
    if isinstance(node, String):
        if "$" in node.text:
            return String(_paste(node.text, args), node.span.through(call))
        return String(node.text, node.span.through(call))
    items: list[Node] = []
    for item in node.items:
        sub = substitute(item, args, call)
        if sub is _MISSING:
            continue
        items.append(sub)
    return List(items, node.span.through(call))


_MISSING = Atom("")


def _paste(text: str, args: list[Node]) -> str:
    def repl(m: re.Match) -> str:
        k = int(m.group(1))
        if 1 <= k <= len(args):
            a = args[k - 1]
            if isinstance(a, Atom):
                return a.text
            if isinstance(a, String):
                return a.text
            from .syntax import to_text
            return to_text(a)
        return ""
    return _PARAM.sub(repl, text)
