"""What one check of a file computed that the next check of the same file can use again.

An editor checks a file again at every pause in typing, and then nearly all of
the file is as it was.  Two things a check of a big file spends most of its
time on are kept, each under a key that says everything its result depends on:

* **the expansion of each macro call written outside macros** (in the text the
  user wrote, not in a macro body): it depends only on the call's source text
  and place (expanded nodes carry places), how deeply it is nested, the macros
  (their texts and places) and the resource limits;
* **what checking each move block found**: it depends only on the source text
  and place the block comes from (the outermost call it came through, or the
  block itself: :meth:`zrf.syntax.Span.root`), the places of the macro bodies
  and calls in between (one call may make several blocks), the macros and
  limits, the names of the game it is checked in, the piece, and whether it
  is a move or a drop block; the flags a block sets depend on its text and
  places alone.

A result is kept with the diagnostics its work reported, in order, and the
units of expansion work it took; a later check sends those diagnostics to its
report again and counts that work again instead of doing it, so the report
(which merges repeats and caps the count) and the expansion limits see what a
fresh check would give them: the diagnostics are the same
(``tests/zrf/test_recheck_memo.py`` compares the two on edited corpus files).
A kept expansion is used only when the work it took still fits the limit.

Only the results the latest finished check used are kept, so the memo is
bounded by one file's calls and blocks; a cancelled check adds what it
learnt, within twice that.  One check uses the memo at a time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from zrf import limits

from .diagnostics import Diagnostic, Report
from .line_index import LineIndex
from .syntax import Node, Span


class RecordingReport(Report):
    """A report that passes every diagnostic on to ``target`` and keeps a list of them."""

    def __init__(self, target: Report):  # no state of its own: the target merges and caps
        self.target = target
        self.found: list[Diagnostic] = []

    def append(self, d: Diagnostic) -> None:
        self.found.append(d)
        self.target.append(d)


@dataclass(frozen=True)
class KeptExpansion:
    """A macro call's expansion: the nodes it made, the work and pasting it took, the ``$k``
    taken from enclosing calls, and the diagnostics it reported."""

    nodes: tuple[Node, ...]
    work: int
    pasted: int
    inherited: int
    diagnostics: tuple[Diagnostic, ...]


class _Shared:
    """A large key part (the macros, a game's names) with its hash worked out once; the memo hands
    out one object per value, so keys that share it compare by identity."""

    __slots__ = ("value", "_hash")

    def __init__(self, value: tuple):
        self.value = value
        self._hash = hash(value)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, _Shared) and self._hash == other._hash
                                 and self.value == other.value)


class RecheckMemo:
    """The kept results of one file's latest checks (see the module docstring)."""

    def __init__(self) -> None:
        self._kept: dict[tuple, object] = {}
        self._used: dict[tuple, object] = {}
        self._sources: dict[str, tuple[str, list[int]]] = {}
        self._context = _Shared(())
        #: the shared key parts of the latest checks, by value
        self._shared: dict[tuple, _Shared] = {}
        self._shared_used: dict[tuple, _Shared] = {}
        #: results used again and results worked out by the latest check (for tests and benchmarks)
        self.reused = 0
        self.computed = 0

    # -- a check

    def begin(self, texts: dict[str, str], macros: list[tuple[str, Span]]) -> None:
        """Start a check of a file whose files read have ``texts`` (by path, as spans name them)
        and whose macros are ``macros`` (name, the span of its define form)."""
        self._sources = {}
        for path, text in texts.items():
            self._sources[path] = (text, LineIndex(text).starts)
        self._shared_used = {}
        self._context = self.shared((limits.current(),) + tuple((name, self._where(span)) for name, span in macros))
        self._used = {}
        self.reused = self.computed = 0

    def shared(self, value: tuple) -> _Shared:
        """The one key part for ``value`` (a game's names: every block of the game shares it)."""
        found = self._shared_used.get(value)
        if found is None:
            found = self._shared.get(value) or _Shared(value)
            self._shared_used[value] = found
        return found

    def finish(self) -> None:
        """The check ended: keep only what it used."""
        self._kept, self._used = self._used, {}
        self._shared, self._shared_used = self._shared_used, {}

    def abandon(self) -> None:
        """The check was cancelled: keep what it learnt too, within twice the last size."""
        limit = 2 * max(len(self._kept), 1000)
        self._kept.update(self._used)
        self._used = {}
        self._shared.update(self._shared_used)
        self._shared_used = {}
        while len(self._kept) > limit:
            self._kept.pop(next(iter(self._kept)))

    def _place(self, span: Span) -> tuple | None:
        """Where a node is: its outermost place with the source text there, and the places of the
        chain of macro bodies and calls in between (two blocks one call makes differ in those);
        None when unknown."""
        where = self._where(span)
        if where is None:
            return None
        if span.via is None:
            return where
        return where + tuple((s.file, s.line, s.col, s.end_line, s.end_col) for s in span.call_chain()[:-1])

    def _where(self, span: Span) -> tuple | None:
        """The outermost place of ``span`` and the source text there, or None when unknown."""
        root = span.root()
        source = self._sources.get(root.file)
        if source is None or not root.end_line:
            return None
        text, starts = source
        if root.end_line > len(starts):
            return None
        start = starts[root.line - 1] + root.col - 1
        end = starts[root.end_line - 1] + root.end_col - 1
        return (root.file, root.line, root.col, root.end_line, root.end_col, text[start:end])

    def _get(self, key: tuple):
        found = self._used.get(key)
        if found is None:
            found = self._kept.get(key)
            if found is not None:
                self._used[key] = found
        return found

    def _put(self, key: tuple, value) -> None:
        self._used[key] = value
        self.computed += 1

    # -- expansions

    def call_key(self, call: Node, level: int) -> tuple | None:
        """The key of expanding the call ``call`` written at nesting ``level`` outside macros."""
        where = self._place(call.span)
        return None if where is None else ("call", where, level, self._context)

    def expansion(self, key: tuple, fits: Callable[[KeptExpansion], bool]) -> KeptExpansion | None:
        """The kept expansion of ``key`` if there is one and it ``fits`` (the limits), else None."""
        found = self._get(key)
        if found is None or not fits(found):
            return None
        self.reused += 1
        return found

    def keep_expansion(self, key: tuple, expansion: KeptExpansion) -> None:
        self._put(key, expansion)

    # -- move blocks

    def block_key(self, program: Node, names: _Shared, piece: str, kind: str) -> tuple | None:
        """The key of checking ``program`` against ``names`` (from :meth:`shared`) as a ``kind``
        block of ``piece``."""
        where = self._place(program.span)
        return None if where is None else ("block", where, names, piece, kind, self._context)

    def replay(self, key: tuple, report: Report) -> bool:
        """Send ``report`` what checking the block of ``key`` sent last time; False when unknown."""
        found = self._get(key)
        if found is None:
            return False
        for d in found:
            report.append(d)
        self.reused += 1
        return True

    def keep_block(self, key: tuple, found: list[Diagnostic]) -> None:
        self._put(key, tuple(found))

    def flags(self, program: Node, work_out) -> tuple[set[str], set[str]]:
        """The flags ``program`` sets, as ``work_out(program)`` gives them, kept by its place and text."""
        where = self._place(program.span)
        if where is None:
            return work_out(program)
        key = ("flags", where, self._context)
        found = self._get(key)
        if found is None:
            found = work_out(program)
            self._put(key, found)
        else:
            self.reused += 1
        return found
