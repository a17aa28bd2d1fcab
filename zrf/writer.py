"""Writing syntax trees back to ZRF text: a canonical writer and a comment-keeping formatter.

:func:`write_forms` / :func:`write_node` turn any tree (read or expanded,
or built by code) into ZRF text that reads back to the same tree: strings
are written raw between quotes (no escapes exist in ZRF, and line breaks
inside strings are kept byte for byte), atoms and numbers as they are.

:func:`format_document` rewrites a whole :class:`~zrf.syntax.Document` from
its *unexpanded* tree, so every macro definition and include stays, and puts
every comment back: a comment that followed code on the same line stays at
the end of that code's line; a comment on a line of its own stays on a line
of its own before the same code, indented like it.  A blank line between
two items in the source is kept as one blank line.

Layout (the same for both writers):

* a list that fits in :data:`WIDTH` columns and holds no comment, no blank
  line and no multi-line string is written on one line: ``(name Pawn)``;
* otherwise ``(`` and its first item start the first line, atoms and
  one-line strings fill lines up to :data:`WIDTH`, and every sub-list
  starts a new line indented :data:`INDENT` spaces deeper than the ``(``;
* ``)`` closes on the last line, or on a line of its own after a comment.

The layout depends only on the tree, the comments and the blank lines,
all of which formatting keeps, so formatting twice equals formatting once.
"""

from __future__ import annotations

import re
from typing import Iterable, Union

from .syntax import Atom, Comment, Document, List, Node

WIDTH = 100
INDENT = 3

_BAD_ATOM = re.compile(r'[ \t\r\n\f\v()";]')


class _Leaf:
    """An atom or string as it is written: its text and whether it spans lines."""

    __slots__ = ("text", "multiline", "blank")

    def __init__(self, text: str, blank: bool = False):
        self.text = text
        self.multiline = "\n" in text
        self.blank = blank  # a blank line precedes it in the source


class _Group:
    """A list: its elements (leaves, groups and notes) in order."""

    __slots__ = ("items", "blank", "flat")

    def __init__(self, items: list, blank: bool = False):
        self.items = items
        self.blank = blank
        self.flat: str | None = None


class _Note:
    """A comment.  ``trailing``: it follows code on the same source line."""

    __slots__ = ("text", "trailing", "blank")

    def __init__(self, text: str, trailing: bool, blank: bool = False):
        self.text = text
        self.trailing = trailing
        self.blank = blank


_Element = Union[_Leaf, _Group, _Note]


def _leaf_text(node: Node) -> str:
    if isinstance(node, Atom):
        text = node.text
        if not text or _BAD_ATOM.search(text):
            raise ValueError(f"atom {text!r} cannot be written as ZRF (empty, or holds a separator)")
        return text
    if '"' in node.text:
        raise ValueError(f"string {node.text!r} cannot be written as ZRF (ZRF strings cannot hold '\"')")
    return '"' + node.text + '"'


def _from_node(node: Node) -> _Element:
    """The element tree of a node without comments (iterative: any depth)."""
    if not isinstance(node, List):
        return _Leaf(_leaf_text(node))
    root = _Group([])
    stack = [(node.items, root.items)]
    while stack:
        items, out = stack.pop()
        for item in items:
            if isinstance(item, List):
                g = _Group([])
                out.append(g)
                stack.append((item.items, g.items))
            else:
                out.append(_Leaf(_leaf_text(item)))
    return root


# -- layout ------------------------------------------------------------------

def _flat(group: _Group) -> str | None:
    """The one-line text of ``group``, or None when it must be broken (comment, blank, multi-line)."""
    if group.flat is not None:
        return group.flat or None
    parts = []
    for item in group.items:
        if type(item) is _Note or item.blank:
            group.flat = ""
            return None
        if type(item) is _Leaf:
            if item.multiline:
                group.flat = ""
                return None
            parts.append(item.text)
        else:
            sub = _flat(item)
            if sub is None:
                group.flat = ""
                return None
            parts.append(sub)
    group.flat = "(" + " ".join(parts) + ")"
    return group.flat


class _Out:
    """Lines being written.  A line may hold raw line breaks from multi-line strings."""

    def __init__(self) -> None:
        self.lines: list[str] = [""]
        self.col = 0  # the column at the end of the current line

    def write(self, text: str) -> None:
        self.lines[-1] += text
        nl = text.rfind("\n")
        self.col = self.col + len(text) if nl < 0 else len(text) - nl - 1

    def newline(self, indent: int, blank: bool = False) -> None:
        if blank:
            self.lines.append("")
        self.lines.append(" " * indent)
        self.col = indent


def _write_group(group: _Group, out: _Out, indent: int) -> None:
    """Write ``group`` starting at the current position; ``indent`` is the column of its ``(``."""
    flat = _flat(group)
    if flat is not None and out.col + len(flat) <= WIDTH:
        out.write(flat)
        return
    child = indent + INDENT
    out.write("(")
    after_note = False     # the current line ends in a comment
    after_group = False    # the previous item was a sub-list
    first = True
    for item in group.items:
        kind = type(item)
        if kind is _Note:
            if item.trailing and not after_note:
                out.write(" " + item.text)
            else:
                out.newline(child, item.blank and not first)
                out.write(item.text)
            after_note = True
            first = False
            continue
        if kind is _Leaf:
            fits = out.col + 1 + len(item.text.split("\n", 1)[0]) <= WIDTH
            if first and not after_note:
                out.write(item.text)
            elif after_note or after_group or item.blank or not fits:
                out.newline(child, item.blank and not first)
                out.write(item.text)
            else:
                out.write(" " + item.text)
            after_group = False
        else:
            if first and not after_note:
                _write_group(item, out, out.col)
            else:
                out.newline(child, item.blank and not first)
                _write_group(item, out, child)
            after_group = True
        after_note = False
        first = False
    if after_note:
        out.newline(indent)
    out.write(")")


def _write_elements(elements: list[_Element], out: _Out) -> None:
    """Write top-level elements, each form starting a line."""
    first = True
    after_note = False
    for item in elements:
        kind = type(item)
        if kind is _Note and item.trailing and not first and not after_note:
            out.write(" " + item.text)
            after_note = True
            continue
        if not first:
            out.newline(0, item.blank)
        if kind is _Note:
            out.write(item.text)
            after_note = True
        elif kind is _Leaf:
            out.write(item.text)
            after_note = False
        else:
            _write_group(item, out, 0)
            after_note = False
        first = False


def _finish(out: _Out, newline: str) -> str:
    text = newline.join(out.lines)
    return text + newline if text else ""


# -- canonical writer ----------------------------------------------------------

def write_node(node: Node, indent: int = 0) -> str:
    """ZRF text of one node, laid out as if its ``(`` were at column ``indent``.

    Raises ValueError for an atom or string that no ZRF text can hold (an
    atom with a space, a string with a ``"``).
    """
    out = _Out()
    out.col = indent
    element = _from_node(node)
    if type(element) is _Leaf:
        out.write(element.text)
    else:
        _write_group(element, out, indent)
    return "\n".join(out.lines)


def write_forms(forms: Iterable[Node], newline: str = "\n") -> str:
    """ZRF text of top-level forms (read or expanded), one blank line between forms."""
    elements = []
    for i, form in enumerate(forms):
        element = _from_node(form)
        element.blank = i > 0
        elements.append(element)
    out = _Out()
    _write_elements(elements, out)
    return _finish(out, newline)


# -- comment-preserving formatter ------------------------------------------------

def _start(node: Node) -> tuple[int, int]:
    s = node.span
    return (s.line, s.col)


def _end_line(node: Node) -> int:
    s = node.span
    return s.end_line or s.line


def _document_elements(doc: Document) -> list[_Element]:
    """Interleave ``doc``'s comments with its forms by source position.

    Each element records whether a blank line precedes it (never for the
    first element of a list) and each comment whether code precedes it on
    its line (``trailing``).  Iterative, so any nesting depth works.
    """
    comments: list[Comment] = sorted(doc.comments, key=lambda c: (c.span.line, c.span.col))
    ci = 0

    class Frame:
        __slots__ = ("nodes", "index", "out", "prev_line", "limit")

        def __init__(self, nodes, out, prev_line, limit):
            self.nodes, self.index, self.out = nodes, 0, out
            self.prev_line, self.limit = prev_line, limit

    def take_notes(frame: Frame, limit: tuple[int, int]) -> None:
        """Move the comments before ``limit`` into ``frame``."""
        nonlocal ci
        while ci < len(comments) and (comments[ci].span.line, comments[ci].span.col) < limit:
            c = comments[ci]
            line = c.span.line
            trailing = line == frame.prev_line
            blank = bool(frame.out) and not trailing and line > frame.prev_line + 1
            frame.out.append(_Note(c.text.rstrip(" \t\r"), trailing, blank))
            frame.prev_line = line
            ci += 1

    top: list[_Element] = []
    stack = [Frame(doc.forms, top, 0, (1 << 62, 0))]
    while stack:
        frame = stack[-1]
        if frame.index == len(frame.nodes):
            take_notes(frame, frame.limit)
            stack.pop()
            if stack:  # the list just finished ends on the line of its ")"
                parent = stack[-1]
                parent.prev_line = _end_line(parent.nodes[parent.index - 1])
            continue
        node = frame.nodes[frame.index]
        frame.index += 1
        start = _start(node)
        take_notes(frame, start)
        blank = bool(frame.out) and start[0] > frame.prev_line + 1
        if isinstance(node, List):
            group = _Group([], blank)
            frame.out.append(group)
            s = node.span
            stack.append(Frame(node.items, group.items, s.line, (s.end_line, s.end_col - 1)))
        else:
            frame.out.append(_Leaf(_leaf_text(node), blank))
            frame.prev_line = _end_line(node)
    return top


def newline_of(text: str) -> str:
    """The line break a text uses: ``\\r\\n`` when its first line ends so, else ``\\n``."""
    i = text.find("\n")
    return "\r\n" if i > 0 and text[i - 1] == "\r" else "\n"


def format_document(doc: Document, newline: str | None = None) -> str:
    """The formatted text of ``doc``: its unexpanded forms with every comment in place.

    ``newline`` defaults to the document's own line break style.
    """
    out = _Out()
    _write_elements(_document_elements(doc), out)
    return _finish(out, newline or newline_of(doc.text))


def format_text(text: str, path: str = "<string>") -> str:
    """Parse ``text`` and format it (raises :class:`~zrf.diagnostics.ZrfError` on bad syntax)."""
    from .reader import parse_text
    return format_document(parse_text(text, path))
