"""The ZRF syntax tree: atoms, strings and lists, each with a source span.

ZRF has only four kinds of token: ``(``, ``)``, string literals and atoms
(see SEMANTICS §1.1).  The reader turns text into a :class:`Document` of
:class:`Atom`, :class:`String` and :class:`List` nodes; comments are kept
apart in :attr:`Document.comments` so the formatter can put them back.

Every node carries a :class:`Span`.  Nodes produced by macro expansion carry
the span of the macro *body* text, with :attr:`Span.via` pointing at the call
site (and that span's ``via`` at the outer call, and so on), so a diagnostic
inside expanded code can name both places.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterator, Union


@dataclass(frozen=True)
class Span:
    """Where a node came from: file, 1-based line and column, and the macro call chain."""

    file: str
    line: int
    col: int
    end_line: int = 0
    end_col: int = 0
    #: The span of the macro call (or include) this node was expanded through.
    via: "Span | None" = None

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
        """This span, recorded as reached through the macro call at ``call``."""
        if call is None:
            return self
        if self.via is None:
            return Span(self.file, self.line, self.col, self.end_line, self.end_col, call)
        return Span(self.file, self.line, self.col, self.end_line, self.end_col,
                    self.via.through(call))


NO_SPAN = Span("<generated>", 0, 0)

_INT = re.compile(r"[+-]?\d+\Z")


@dataclass(eq=False)
class Atom:
    """A bare word: keyword, name, number (``-90``), ``$1``, ``?Dice`` ..."""

    text: str
    span: Span = NO_SPAN

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


@dataclass(eq=False)
class String:
    """A string literal.  ``text`` is the raw content between the quotes (no escapes exist)."""

    text: str
    span: Span = NO_SPAN

    def __eq__(self, other: object) -> bool:
        return isinstance(other, String) and other.text == self.text

    def __hash__(self) -> int:
        return hash(("string", self.text))

    def __repr__(self) -> str:
        return f"String({self.text!r})"


@dataclass(eq=False)
class List:
    """A parenthesised list of nodes."""

    items: list["Node"] = field(default_factory=list)
    span: Span = NO_SPAN

    @property
    def head(self) -> str | None:
        """The text of the first item when it is an atom (the keyword), else None."""
        if self.items and isinstance(self.items[0], Atom):
            return self.items[0].text
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


@dataclass(frozen=True)
class Comment:
    """A ``;`` comment: its text (from the ``;`` on) and where it starts."""

    text: str
    span: Span


@dataclass
class Document:
    """One parsed file: its top-level forms and its comments, in source order."""

    path: str
    forms: list[Node]
    comments: list[Comment] = field(default_factory=list)
    #: The text encoding the bytes were decoded with ("utf-8" or the fallback).
    encoding: str = "utf-8"
    text: str = ""


def to_text(node: Node) -> str:
    """Compact one-line ZRF text of a node (for messages and tests)."""
    if isinstance(node, Atom):
        return node.text
    if isinstance(node, String):
        return f'"{node.text}"'
    return "(" + " ".join(to_text(i) for i in node.items) + ")"


def walk(node: Node) -> Iterator[Node]:
    """Every node in the tree below and including ``node``, depth first."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        if isinstance(n, List):
            stack.extend(reversed(n.items))
