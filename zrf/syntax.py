"""The ZRF syntax tree: atoms, strings and lists, each with a source span.

ZRF has only four kinds of token: ``(``, ``)``, string literals and atoms
(see SEMANTICS §1.1).  The reader turns text into a :class:`Document` of
:class:`Atom`, :class:`String` and :class:`List` nodes; comments are kept
apart in :attr:`Document.comments` so the formatter can put them back.

Every node carries a :class:`Span`.  Nodes produced by macro expansion carry
the span of the macro *body* text, with :attr:`Span.via` pointing at the call
site (and that span's ``via`` at the outer call, and so on), so a diagnostic
inside expanded code can name both places.

The classes use ``__slots__`` and hand-written constructors: real files
expand to millions of nodes, and node creation is the expander's main cost.
Nodes and spans are treated as immutable once built; the expander shares
unchanged subtrees between the source tree and the expanded tree.
"""

from __future__ import annotations

import re
from typing import Iterator, Union


class Span:
    """Where a node came from: file, 1-based line and column, and the macro call chain.

    ``end_line``/``end_col`` give the position just past the node's last
    character (0 when unknown).  ``via`` is the span of the macro call this
    node was expanded through, or None for text written at this place.
    """

    __slots__ = ("file", "line", "col", "end_line", "end_col", "via")

    def __init__(self, file: str, line: int, col: int, end_line: int = 0, end_col: int = 0,
                 via: "Span | None" = None):
        self.file = file
        self.line = line
        self.col = col
        self.end_line = end_line
        self.end_col = end_col
        #: The span of the macro call (or include) this node was expanded through.
        self.via = via

    def _key(self) -> tuple:
        return (self.file, self.line, self.col, self.end_line, self.end_col, self.via)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Span) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        via = f", via={self.via!r}" if self.via is not None else ""
        return (f"Span({self.file!r}, {self.line}, {self.col}, {self.end_line}, "
                f"{self.end_col}{via})")

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"

    def call_chain(self) -> list["Span"]:
        """This span followed by each call site it was expanded through, innermost first."""
        chain, s = [], self
        while s is not None:
            chain.append(s)
            s = s.via
        return chain

    def root(self) -> "Span":
        """The outermost call site: where the user wrote the code that produced this node."""
        s = self
        while s.via is not None:
            s = s.via
        return s

    def through(self, call: "Span | None") -> "Span":
        """This span, recorded as reached through the macro call at ``call``.

        When this span already has a call chain, ``call`` is appended at its
        outer end (the chain is copied; spans are never modified).
        """
        if call is None:
            return self
        if self.via is None:
            return Span(self.file, self.line, self.col, self.end_line, self.end_col, call)
        return Span(self.file, self.line, self.col, self.end_line, self.end_col,
                    self.via.through(call))


NO_SPAN = Span("<generated>", 0, 0)

_INT = re.compile(r"[+-]?\d+\Z")


class _Node:
    """What every node has: a span, stored as (span of the text, macro call it came through).

    Expanded code is millions of nodes, each its macro body's span reached
    through one call site.  Storing the two parts and building the combined
    :class:`Span` only when someone asks for ``span`` halves the cost and the
    memory of macro expansion.
    """

    __slots__ = ("_span", "_via")

    @property
    def span(self) -> Span:
        """Where this node came from, with its macro call chain in ``via``."""
        via = self._via
        if via is None:
            return self._span
        return self._span.through(via)

    @span.setter
    def span(self, value: Span) -> None:
        self._span = value
        self._via = None


class Atom(_Node):
    """A bare word: keyword, name, number (``-90``), ``$1``, ``?Dice`` ...

    ``via`` (optional) is the call site when the node was copied out of a
    macro body: the node's :attr:`span` is then ``span.through(via)``.
    """

    __slots__ = ("text",)

    def __init__(self, text: str, span: Span = NO_SPAN, via: Span | None = None):
        self.text = text
        self._span = span
        self._via = via

    @property
    def is_number(self) -> bool:
        return bool(_INT.match(self.text))

    @property
    def value(self) -> int:
        """The integer value of a number atom (ValueError otherwise)."""
        return int(self.text)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Atom) and other.text == self.text

    def __hash__(self) -> int:
        return hash(("atom", self.text))

    def __repr__(self) -> str:
        return f"Atom({self.text!r})"


class String(_Node):
    """A string literal.  ``text`` is the raw content between the quotes (no escapes exist)."""

    __slots__ = ("text",)

    def __init__(self, text: str, span: Span = NO_SPAN, via: Span | None = None):
        self.text = text
        self._span = span
        self._via = via

    def __eq__(self, other: object) -> bool:
        return isinstance(other, String) and other.text == self.text

    def __hash__(self) -> int:
        return hash(("string", self.text))

    def __repr__(self) -> str:
        return f"String({self.text!r})"


class List(_Node):
    """A parenthesised list of nodes.  Its span runs from ``(`` to just past ``)``."""

    __slots__ = ("items",)

    def __init__(self, items: "list[Node] | None" = None, span: Span = NO_SPAN,
                 via: Span | None = None):
        self.items = [] if items is None else items
        self._span = span
        self._via = via

    @property
    def head(self) -> str | None:
        """The text of the first item when it is an atom (the keyword), else None."""
        items = self.items
        if items and type(items[0]) is Atom:
            return items[0].text
        return None

    @property
    def args(self) -> list["Node"]:
        """Everything after the head."""
        return self.items[1:]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, List) and other.items == self.items

    def __hash__(self) -> int:  # pragma: no cover - lists are rarely hashed
        return hash(("list", tuple(self.items)))

    def __repr__(self) -> str:
        return f"List({self.items!r})"

    def __iter__(self) -> Iterator["Node"]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def find(self, keyword: str) -> "List | None":
        """The first direct child list whose head is ``keyword``."""
        for item in self.items:
            if isinstance(item, List) and item.head == keyword:
                return item
        return None

    def find_all(self, keyword: str) -> list["List"]:
        """Every direct child list whose head is ``keyword``."""
        return [i for i in self.items if isinstance(i, List) and i.head == keyword]


Node = Union[Atom, String, List]


class Comment:
    """A ``;`` comment: its text (from the ``;`` to the end of the line, no line break) and where it starts."""

    __slots__ = ("text", "span")

    def __init__(self, text: str, span: Span):
        self.text = text
        self.span = span

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Comment) and (other.text, other.span) == (self.text, self.span)

    def __hash__(self) -> int:
        return hash((self.text, self.span))

    def __repr__(self) -> str:
        return f"Comment({self.text!r}, {self.span!r})"


class Document:
    """One parsed file: its top-level forms and its comments, in source order."""

    __slots__ = ("path", "forms", "comments", "encoding", "text")

    def __init__(self, path: str, forms: list[Node], comments: list[Comment] | None = None,
                 encoding: str = "utf-8", text: str = ""):
        self.path = path
        self.forms = forms
        self.comments = [] if comments is None else comments
        #: The text encoding the bytes were decoded with ("utf-8", "utf-8-sig" for a
        #: UTF-8 file with a byte-order mark, or the single-byte fallback).
        self.encoding = encoding
        self.text = text

    def __repr__(self) -> str:
        return (f"Document({self.path!r}, {len(self.forms)} forms, "
                f"{len(self.comments)} comments, {self.encoding!r})")


def to_text(node: Node) -> str:
    """Compact one-line ZRF text of a node (for messages and tests)."""
    if isinstance(node, Atom):
        return node.text
    if isinstance(node, String):
        return f'"{node.text}"'
    return "(" + " ".join(to_text(i) for i in node.items) + ")"


#: Characters of source text a diagnostic message may quote (see :func:`excerpt`).
EXCERPT_WIDTH = 40


def excerpt(node: Node, width: int = EXCERPT_WIDTH) -> str:
    """At most ``width`` characters of ``node``'s one-line text, ``...`` marking a cut.

    Messages quote source text only through this, so a diagnostic never
    prints more of a file than a short piece of the offending token (an
    included ``/proc/self/environ`` is one huge atom), and never walks a
    whole expanded tree to build a message.
    """
    pieces: list[str] = []
    size = 0
    stack: list = [node]
    while stack and size <= width:
        n = stack.pop()
        if type(n) is str:
            text = n
        elif isinstance(n, Atom):
            text = n.text
        elif isinstance(n, String):
            text = f'"{n.text}"'
        else:
            stack.append(")")
            for i, item in enumerate(reversed(n.items)):
                stack.append(item)
                if i < len(n.items) - 1:
                    stack.append(" ")
            text = "("
        pieces.append(text[:width + 1 - size])
        size += len(pieces[-1])
    out = "".join(pieces)
    return out if len(out) <= width and not stack else out[:width - 3] + "..."


def walk(node: Node) -> Iterator[Node]:
    """Every node in the tree below and including ``node``, depth first."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        if isinstance(n, List):
            stack.extend(reversed(n.items))


def same_tree(a: "Node | list[Node]", b: "Node | list[Node]") -> bool:
    """Structural equality of two trees or form lists (kinds and texts; spans ignored).

    Iterative, so it works on trees of any depth.
    """
    stack = [(a, b)]
    while stack:
        x, y = stack.pop()
        if isinstance(x, list) or isinstance(y, list):
            if not (isinstance(x, list) and isinstance(y, list)) or len(x) != len(y):
                return False
            stack.extend(zip(x, y))
        elif type(x) is not type(y):
            return False
        elif type(x) is List:
            if len(x.items) != len(y.items):
                return False
            stack.extend(zip(x.items, y.items))
        elif x.text != y.text:
            return False
    return True
