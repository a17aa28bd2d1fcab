"""Macro and include expansion (SEMANTICS §1.2, §1.3).

* ``(include "file")`` at top level is replaced by the forms of that file,
  resolved relative to the including file's directory, then as given.
  Include cycles are reported (E212), never followed.
* Every top-level ``(define NAME body...)`` in the file and its includes is
  collected first (macros are hoisted); a later definition of the same name
  wins everywhere, with a W201 warning.
* A list whose head atom names a macro is replaced by the macro body with
  ``$k`` substituted, *spliced* into the parent: a body of several forms
  inserts several siblings.  ``$k`` is also pasted inside longer atoms
  (``D$2``) and inside strings.  A ``$k`` the call does not pass is taken
  from the enclosing call, as Zillions' textual expansion does: the nearest
  enclosing call with at least k arguments supplies it (:class:`_Frame`);
  when none does it expands to nothing, with W202.  Arguments are substituted first and the result is expanded again, so a
  macro may pass its own ``$2`` on to another macro, and a substituted or
  pasted head may itself name a macro.
* Expanded nodes keep the span of the macro body text, with ``via`` set to
  the call site, so diagnostics can point at both.  Text outside macro
  bodies (including argument subtrees) is shared, not copied.
* Runaway expansion stops with an ``E22x`` diagnostic naming the limit
  (:mod:`zrf.limits`): macro calls nested deeper than ``macro_depth``, more
  than ``macro_work`` units of work (nodes created or re-walked, and macro
  calls), lists nested deeper than ``expanded_nesting``, or more than
  ``pasted_chars`` characters made by pasting (a macro that doubles an atom
  at each call).  The expander never hangs and never runs out of Python
  stack.
* An include outside the folder tree of the file being expanded is refused
  (E214) before it is read, unless the user allows it for the run
  (:mod:`zrf.confinement`: ``zrf --allow-outside``); it is then read with
  warning W213.  A caller may confine includes whatever the run allows (the
  web server does, for every game it serves).
"""

from __future__ import annotations

import gc
import os
import re
from dataclasses import dataclass, field
from typing import Callable

from . import limits
from .confinement import OPTION, inside, outside_allowed
from .diagnostics import Report, ZrfError
from .reader import read_file
from .recheck_memo import KeptExpansion, RecheckMemo, RecordingReport
from .syntax import Atom, Document, List, Node, Span, String

_PARAM = re.compile(r"\$(\d+)")
_NUMBER = re.compile(r"[+-]?\d+")
_PARAM_ONLY = re.compile(r"\$(\d+)\Z")
_ATOM_BREAKERS = re.compile(r'[ \t\r\n\f\v()";]')


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
    #: Units of work the expansion took (compare with the ``macro_work`` limit).
    work: int = 0
    #: Characters made by pasting ``$k`` (compare with the ``pasted_chars`` limit).
    pasted: int = 0


#: Reads an included file into a :class:`Document` (raising :class:`ZrfError` like
#: :func:`zrf.reader.read_file`, the default); an editor answers with its unsaved buffers.
IncludeReader = Callable[[str], Document]


class _Budget(Exception):
    """Internal: an expansion limit was hit (the diagnostic is already reported)."""


def expand_document(doc: Document, report: Report | None = None, confine_includes: bool | None = None,
                    read_include: IncludeReader | None = None, memo: RecheckMemo | None = None) -> Expanded:
    """Resolve includes, collect macros and expand every macro call in ``doc``.

    An include outside ``doc``'s folder tree is refused (E214) unless the run
    allows reading outside (:func:`zrf.confinement.outside_allowed`), when it
    is read with a warning (W213).  ``confine_includes=True`` refuses it
    whatever the run allows (a server); ``False`` reads it with the warning.
    ``read_include`` reads an included file (default
    :func:`zrf.reader.read_file`).  ``memo`` gives the expansions of the calls
    written outside macros that the previous expansion of the same file made
    (:mod:`zrf.recheck_memo`); it begins a check here.
    """
    report = report if report is not None else Report()
    docs: list[Document] = [doc]
    home = os.path.dirname(os.path.realpath(doc.path))
    if confine_includes is None:
        confinement = _Confinement(home, strict=not outside_allowed(), hint=f" ({OPTION} reads it)")
    else:
        confinement = _Confinement(home, strict=confine_includes)
    forms = _inline_includes(doc.forms, doc.path, report, docs, [os.path.abspath(doc.path)],
                             confinement, read_include or read_file)
    macros: dict[str, Macro] = {}
    body_forms: list[Node] = []
    for form in forms:
        if type(form) is List and form.head == "define":
            if len(form.items) < 2 or type(form.items[1]) is not Atom:
                report.add("E201", "define needs a macro name: (define NAME body...)", form.span)
                continue
            name = form.items[1].text
            if name in macros:
                report.add("W201", f"macro {name!r} redefined (first at {macros[name].span}); "
                               "the later definition is used", form.items[1].span)
            macros[name] = Macro(name, form.items[2:], form.span)
        else:
            body_forms.append(form)
    if memo is not None:
        memo.begin({d.path: d.text for d in docs}, [(name, m.span) for name, m in macros.items()])
    expander = _Expander(macros, report, memo)
    out: list[Node] = []
    # Expansion allocates millions of small acyclic objects; the cyclic
    # garbage collector would rescan them over and over (4x slower).
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        for form in body_forms:
            expander.source(form, out, 0, 1, None)
    except _Budget:
        pass
    except RecursionError:  # pragma: no cover - the limits above should prevent it
        report.add("E222", "macro expansion nests too deeply", Span(doc.path, 1, 1))
    finally:
        if gc_was_enabled:
            gc.enable()
    return Expanded(out, macros, report, docs, expander.work, expander.pasted)


def expand_file(path: str, confine_includes: bool | None = None) -> Expanded:
    """Read ``path`` and expand it.  Syntax errors raise :class:`ZrfError`."""
    return expand_document(read_file(path), confine_includes=confine_includes)


@dataclass(frozen=True)
class _Confinement:
    """Where includes may come from: the top file's folder tree (``home``), strictly or with a warning.

    ``hint`` ends a refusal: how the user may allow it (nothing for a server's uploads).
    """

    home: str
    strict: bool
    hint: str = ""

    def allows(self, target: str, form: List, report: Report) -> bool:
        """Is reading ``target`` (for the include ``form``) allowed?  Reports W213 or E214 when outside."""
        if inside(target, self.home):
            return True
        name = form.items[1].text
        if self.strict:
            report.add("E214", f"include {name!r} is outside the folder of the file being read: refused"
                         + self.hint, form.span)
            return False
        report.add("W213", f"include {name!r} reads a file outside the folder of the file being read",
                       form.span)
        return True


def _inline_includes(forms: list[Node], path: str, report: Report, docs: list[Document],
                     chain: list[str], confinement: _Confinement, read: IncludeReader) -> list[Node]:
    """``forms`` with every top-level include replaced by the included file's forms."""
    out: list[Node] = []
    for form in forms:
        if not (type(form) is List and form.head == "include"):
            out.append(form)
            continue
        if len(form.items) != 2 or type(form.items[1]) is not String:
            report.add("E210", 'include takes one file name string: (include "file")', form.span)
            continue
        name = form.items[1].text.replace("\\", "/")
        candidates = [os.path.join(os.path.dirname(path), name), name]
        target = next((c for c in candidates if os.path.exists(c)), None)
        if target is None:
            report.add("E211", f"included file not found: {form.items[1].text}", form.span)
            continue
        if not confinement.allows(target, form, report):
            continue
        real = os.path.abspath(target)
        if real in chain:
            cycle = " -> ".join(os.path.basename(p) for p in chain[chain.index(real):] + [real])
            report.add("E212", f"include cycle: {cycle}", form.span)
            continue
        if len(chain) > limits.current().include_depth:
            report.add("E212", f"includes nested more than {limits.current().include_depth} deep "
                         f"({limits.hint('include_depth')})", form.span)
            continue
        try:
            sub = read(target)
        except ZrfError as exc:
            report.extend(exc.diagnostics)
            continue
        docs.append(sub)
        out.extend(_inline_includes(sub.forms, target, report, docs, chain + [real], confinement, read))
    return out


class _Frame:
    """One macro call being expanded: its arguments and the call it was written in.

    ``parent`` is the frame whose text holds this call (None for text outside
    every macro body).  A ``$k`` that this call does not supply is looked up
    in ``parent``, then its parent, and so on (Zillions expands textually;
    docs/zrf-semantics.md, "Macros").
    """

    __slots__ = ("args", "parent", "call")

    def __init__(self, args: list[Node], parent: "_Frame | None", call: Span):
        self.args = args
        self.parent = parent
        self.call = call


def _lookup(frame: "_Frame | None", k: int) -> "tuple[Node, _Frame | None] | None":
    """Argument ``$k`` seen from ``frame``: the nearest enclosing call with at least k arguments.

    Returns the argument and the frame its text was written in (where macro
    calls inside it expand), or None when no enclosing call has k arguments.
    """
    if k < 1:
        return None
    while frame is not None:
        args = frame.args
        if k <= len(args):
            return args[k - 1], frame.parent
        frame = frame.parent
    return None


class _Expander:
    """Expands macro calls.  Two walks: :meth:`source` for text that needs no
    substitution (top-level forms and substituted arguments) and :meth:`body`
    for macro body text under a call's :class:`_Frame`.

    Written for speed (real files expand to millions of nodes): atoms are
    copied inline in the list loops, the work budget is charged per list,
    and ``$k`` pasting uses a per-text cache of the split text.
    """

    def __init__(self, macros: dict[str, Macro], report: Report, memo: RecheckMemo | None = None):
        self.macros = macros
        self.report = report
        self.memo = memo
        bounds = limits.current()
        self.max_depth = bounds.macro_depth
        self.max_work = bounds.macro_work
        self.max_nesting = bounds.expanded_nesting
        self.max_pasted = bounds.pasted_chars
        self.max_digits = bounds.number_digits
        self.work = 0
        self.pasted = 0
        #: ``$k`` taken from an enclosing call because the call itself had fewer arguments
        self.inherited = 0
        self._splits: dict[str, list[str]] = {}
        self._unresolved: set = set()

    # -- limits ---------------------------------------------------------------

    def _over_budget(self, span: Span) -> None:
        self.report.add("E221", f"macro expansion exceeds {self.max_work} nodes (exploding macros?; "
                          f"{limits.hint('macro_work')})", span)
        raise _Budget()

    def _too_deep(self, span: Span) -> None:
        self.report.add("E222", f"macro expansion nests lists more than {self.max_nesting} deep "
                          f"({limits.hint('expanded_nesting')})", span)
        raise _Budget()

    def _too_much_text(self, span: Span) -> None:
        self.report.add("E225", f"macro expansion pastes more than {self.max_pasted} characters "
                          f"(a macro that doubles its text?; {limits.hint('pasted_chars')})", span)
        raise _Budget()

    # -- parameters -------------------------------------------------------------

    def argument(self, frame: _Frame, k: int, span: Span) -> "tuple[Node, _Frame | None] | None":
        """``$k`` in the body of ``frame``'s macro (``span`` is where the ``$k`` is written).

        An argument the call lacks is inherited from the enclosing calls; when
        none has it, W202 says so once per place and the caller drops it.
        """
        args = frame.args
        if 1 <= k <= len(args):
            return args[k - 1], frame.parent
        found = _lookup(frame.parent, k)
        if found is not None:
            self.inherited += 1
            return found
        where = span.through(frame.call)
        key = (k, tuple((s.file, s.line, s.col) for s in where.call_chain()))
        if key not in self._unresolved:
            self._unresolved.add(key)
            what = ("there is no parameter $0" if k < 1 else
                    f"neither this call nor an enclosing one passes {k} argument{'s' if k != 1 else ''}")
            self.report.add("W202", f"${k} has no argument: {what}, so it expands to nothing", where)
        return None

    # -- walks ----------------------------------------------------------------

    def source(self, node: Node, out: list[Node], depth: int, level: int, frame: "_Frame | None") -> None:
        """Append the expansion of ``node`` (no ``$k`` substitution) to ``out``.

        ``frame`` is the macro call whose text ``node`` was written in (None
        outside macro bodies): calls inside ``node`` inherit missing arguments
        from it.  Unchanged subtrees are appended as they are, not copied.
        """
        if type(node) is not List:
            out.append(node)
            return
        items = node.items
        self.work += 1 + len(items)
        if self.work > self.max_work:
            self._over_budget(node.span)
        if items and type(items[0]) is Atom:
            macro = self.macros.get(items[0].text)
            if macro is not None:
                if frame is None and depth == 0 and self.memo is not None:
                    self._remembered_call(macro, node, level, out)
                else:
                    self.call(macro, items[1:], node.span, depth, level, out, frame)
                return
        if level > self.max_nesting:
            self._too_deep(node.span)
        new: list[Node] = []
        changed = False
        for item in items:
            if type(item) is List:
                n = len(new)
                self.source(item, new, depth, level + 1, frame)
                if not changed and (len(new) != n + 1 or new[n] is not item):
                    changed = True
            else:
                new.append(item)
        out.append(List(new, node.span) if changed else node)

    def _remembered_call(self, macro: Macro, node: List, level: int, out: list[Node]) -> None:
        """A call written outside macros: its kept expansion when the memo has one that still
        fits the limits, else expanded (and kept) as :meth:`call` does."""
        memo = self.memo
        assert memo is not None
        key = memo.call_key(node, level)
        kept = memo.expansion(key, self._fits) if key is not None else None
        if kept is not None:
            out.extend(kept.nodes)
            self.work += kept.work
            self.pasted += kept.pasted
            self.inherited += kept.inherited
            for d in kept.diagnostics:
                self.report.append(d)
            return
        report, start = self.report, len(out)
        work, pasted, inherited = self.work, self.pasted, self.inherited
        self.report = recorder = RecordingReport(report)
        try:
            self.call(macro, node.items[1:], node.span, 0, level, out, None)
        finally:
            self.report = report
        if key is not None:
            memo.keep_expansion(key, KeptExpansion(tuple(out[start:]), self.work - work, self.pasted - pasted,
                                                   self.inherited - inherited, tuple(recorder.found)))

    def _fits(self, kept: KeptExpansion) -> bool:
        """Would redoing the work of ``kept`` stay within the limits (so no limit stops it)?"""
        return self.work + kept.work <= self.max_work and self.pasted + kept.pasted <= self.max_pasted

    def call(self, macro: Macro, args: list[Node], call: Span, depth: int, level: int,
             out: list[Node], parent: "_Frame | None") -> None:
        """Append the expansion of ``macro`` called with ``args`` at ``call``, written in ``parent``."""
        if depth >= self.max_depth:
            self.report.add("E220", f"macro {macro.name!r} expands more than {self.max_depth} calls deep "
                              f"(recursive macro?; {limits.hint('macro_depth')})", call)
            raise _Budget()
        self.work += 1
        frame = _Frame(args, parent, call)
        body = self.body
        for form in macro.body:
            body(form, frame, depth + 1, level, out)

    def body(self, node: Node, frame: _Frame, depth: int, level: int, out: list[Node]) -> None:
        """Append the expansion of macro body ``node`` under ``frame`` to ``out``."""
        kind = type(node)
        call = frame.call
        if kind is not List:
            text = node.text
            if "$" in text:
                if kind is Atom:
                    m = _PARAM_ONLY.match(text)
                    if m is not None:
                        found = self.argument(frame, _index(m.group(1)), node._span)
                        if found is not None:
                            self.source(found[0], out, depth, level, found[1])
                        return
                text = self._paste(text, frame, node._span, kind is Atom)
                if not text and kind is Atom:
                    return
            out.append(kind(text, node._span, call))
            self.work += 1
            return
        items = node.items
        self.work += 1 + len(items)
        if self.work > self.max_work:
            self._over_budget(node._span.through(call))
        if items and type(items[0]) is Atom:
            head = self._head(items[0], frame)
            macro = self.macros.get(head) if head is not None else None
            if macro is not None:
                call_args = []
                for item in items[1:]:
                    sub = self.substitute(item, frame)
                    if sub is not None:
                        call_args.append(sub)
                self.call(macro, call_args, node._span.through(call), depth, level, out, frame)
                return
        if level > self.max_nesting:
            self._too_deep(node._span.through(call))
        new: list[Node] = []
        append = new.append
        body = self.body
        for item in items:
            kind = type(item)
            if kind is List or "$" in item.text:
                body(item, frame, depth, level + 1, new)
            else:
                append(kind(item.text, item._span, call))
        out.append(List(new, node._span, call))

    def _head(self, first: Atom, frame: _Frame) -> str | None:
        """The text the head atom of a body list has after substitution (None if not an atom)."""
        text = first.text
        if "$" not in text:
            return text
        m = _PARAM_ONLY.match(text)
        if m is not None:
            found = _lookup(frame, _index(m.group(1)))
            if found is not None and type(found[0]) is Atom:
                return found[0].text
            return None
        return _PARAM.sub(lambda mm: _arg_text(frame, _index(mm.group(1))), text)

    def substitute(self, node: Node, frame: _Frame) -> Node | None:
        """A copy of body ``node`` with ``$k`` replaced (no expansion); None when it expands to nothing."""
        kind = type(node)
        s = node._span
        call = frame.call
        if kind is not List:
            text = node.text
            if "$" in text:
                if kind is Atom:
                    m = _PARAM_ONLY.match(text)
                    if m is not None:
                        found = self.argument(frame, _index(m.group(1)), s)
                        return found[0] if found is not None else None
                text = self._paste(text, frame, s, kind is Atom)
                if not text and kind is Atom:
                    return None
            self.work += 1
            return kind(text, s, call)
        self.work += 1
        if self.work > self.max_work:
            self._over_budget(call)
        new = []
        for item in node.items:
            sub = self.substitute(item, frame)
            if sub is not None:
                new.append(sub)
        return List(new, s, call)

    def _paste(self, text: str, frame: _Frame, span: Span, in_atom: bool) -> str:
        """``text`` with every ``$k`` replaced by the text of argument k (a missing one by nothing)."""
        parts = self._splits.get(text)
        if parts is None:
            parts = self._splits[text] = _PARAM.split(text)
        # parts alternates literal text and parameter numbers: ["D", "2", ""].
        pieces = []
        for i, part in enumerate(parts):
            if not i & 1:
                pieces.append(part)
                continue
            k = _index(part)
            found = self.argument(frame, k, span)
            if found is None:
                continue
            a = found[0]
            if type(a) is List:
                where = "an atom" if in_atom else "a string"
                self.report.add("E223", f"cannot paste the list argument ${k} into {where}; "
                                  "it expands to nothing", span.through(frame.call))
            else:
                pieces.append(a.text)
        pasted = "".join(pieces)
        self.pasted += len(pasted)
        if self.pasted > self.max_pasted:
            self._too_much_text(span.through(frame.call))
        if in_atom and _ATOM_BREAKERS.search(pasted):
            self.report.add("E224", f"pasting gives {pasted[:40]!r}, which is not one atom; "
                              "it expands to nothing", span.through(frame.call))
            return ""
        if in_atom and len(pasted) > self.max_digits and _NUMBER.fullmatch(pasted):
            self.report.add("E226", f"pasting gives a number with more than {self.max_digits} digits; "
                              f"it expands to nothing ({limits.hint('number_digits')})",
                              span.through(frame.call))
            return ""
        return pasted


def _index(digits: str) -> int:
    """The parameter number of ``$digits``; absurdly long ones name no argument (never a huge int)."""
    return int(digits) if len(digits) <= 9 else 10**9


def _arg_text(frame: _Frame, k: int) -> str:
    """The text pasted for ``$k``: an atom's or string's text, nothing for a missing argument."""
    found = _lookup(frame, k)
    if found is not None and type(found[0]) is not List:
        return found[0].text
    return ""

