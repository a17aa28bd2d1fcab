"""What surrounds a place in a ZRF text, even one that does not parse.

While a form is being typed the file is unbalanced most of the time, so this
module never calls the reader: it scans tokens with the reader's own patterns
(:data:`zrf.reader.TOKENS`) and keeps going where the reader would stop (a
``)`` with no ``(`` is skipped, a ``"`` with no partner runs to the end of the
text, lists still open at the end are simply open).  From the tokens before a
place it works out the word under it, whether it is in a comment or a string,
and the lists it stands in (:class:`Frame`), innermost last.

Offsets are indices into the text (characters); :class:`zrf.line_index.LineIndex` turns
them into the 1-based lines and columns of :class:`zrf.syntax.Span` and back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from typing import Iterator

from zrf.reader import TOKENS


class TokenKind(Enum):
    """The lexemes of ZRF, plus a string that is never closed."""

    COMMENT = "comment"
    STRING = "string"
    OPEN = "open"
    CLOSE = "close"
    ATOM = "atom"
    OPEN_STRING = "open string"


_KINDS = (TokenKind.COMMENT, TokenKind.STRING, TokenKind.OPEN, TokenKind.CLOSE, TokenKind.ATOM,
          TokenKind.OPEN_STRING)
_SCAN = re.compile(r"[ \t\r\n\f\v]*(?:" + "|".join(
    f"({p})" for p in (TOKENS["comment"].pattern, TOKENS["string"].pattern, r"\(", r"\)",
                       TOKENS["atom"].pattern, r'"[^"]*\Z')) + ")")


@dataclass(frozen=True)
class Token:
    """One token: its kind and where it is (``start`` included, ``end`` excluded)."""

    kind: TokenKind
    start: int
    end: int


def tokens(text: str, stop: int | None = None) -> Iterator[Token]:
    """The tokens of ``text`` in order, those starting before ``stop`` (default: all)."""
    limit = len(text) if stop is None else stop
    for m in _SCAN.finditer(text):
        kind = m.lastindex
        if kind is None:
            return
        start = m.start(kind)
        if start >= limit:
            return
        yield Token(_KINDS[kind - 1], start, m.end())


@dataclass
class Frame:
    """A list that is open at the place: its head atom (None when it has none yet or it is not
    an atom), the atoms written in it so far, and how many items come before the place."""

    head: str | None
    start: int
    atoms: list[str] = field(default_factory=list)
    items: int = 0


@dataclass
class Place:
    """What surrounds one offset of a text."""

    offset: int
    #: the atom the offset is in or just after (None between tokens) and where it runs
    word: str | None = None
    word_start: int = 0
    word_end: int = 0
    #: the part of ``word`` before the offset (what has been typed so far)
    prefix: str = ""
    in_comment: bool = False
    #: inside a string literal: its text so far and where its ``"`` is
    in_string: bool = False
    string_start: int = 0
    string_end: int = 0
    string_closed: bool = False
    #: the lists open at the offset, outermost first
    frames: list[Frame] = field(default_factory=list)

    @property
    def index(self) -> int:
        """Where the word (or what is about to be typed) stands in the innermost list:
        0 for its head, k for its k-th argument; -1 at top level."""
        if not self.frames:
            return -1
        return self.frames[-1].items


def place_at(text: str, offset: int) -> Place:
    """What surrounds ``offset`` in ``text`` (see the module docstring)."""
    offset = max(0, min(offset, len(text)))
    place = Place(offset, word_start=offset, word_end=offset)
    frames = place.frames
    for tok in tokens(text, offset + 1):
        kind = tok.kind
        if tok.start >= offset and not (kind is TokenKind.ATOM and tok.start == offset):
            break
        inside = tok.start < offset < tok.end or (kind is TokenKind.ATOM and tok.start <= offset <= tok.end)
        if kind is TokenKind.COMMENT:
            if inside or (tok.end == offset and tok.start < offset):
                place.in_comment = True
                return place
        elif kind in (TokenKind.STRING, TokenKind.OPEN_STRING):
            if inside or (kind is TokenKind.OPEN_STRING and tok.end == offset):
                place.in_string = True
                place.string_start, place.string_end = tok.start, tok.end
                place.string_closed = kind is TokenKind.STRING
                return place
            if frames:
                frames[-1].items += 1
        elif kind is TokenKind.OPEN:
            if frames:
                frames[-1].items += 1
            frames.append(Frame(None, tok.start))
        elif kind is TokenKind.CLOSE:
            if frames:
                frames.pop()
        else:  # an atom
            atom = text[tok.start:tok.end]
            if inside:
                place.word = atom
                place.word_start, place.word_end = tok.start, tok.end
                place.prefix = text[tok.start:offset]
                return place
            if frames:
                frame = frames[-1]
                if frame.items == 0:
                    frame.head = atom
                frame.atoms.append(atom)
                frame.items += 1
    return place


def word_at(text: str, offset: int) -> tuple[str, int, int] | None:
    """The atom at ``offset`` (or ending there) and where it runs, or None (comments, strings,
    space)."""
    place = place_at(text, offset)
    if place.word is None:
        return None
    return place.word, place.word_start, place.word_end


def string_at(text: str, offset: int) -> tuple[str, int, int] | None:
    """The text of the string literal ``offset`` is in (without its quotes) and where the literal
    runs, or None."""
    place = place_at(text, offset)
    if not place.in_string:
        return None
    start, end = place.string_start, place.string_end
    return text[start + 1:end - 1 if place.string_closed else end], start, end
