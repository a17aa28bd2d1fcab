"""Where a ZRF text folds: every list that spans lines, and every run of comment lines.

Read from the tokens (:func:`zrf.editing.cursor.tokens`), not the reader, so
a text that does not parse still folds where its lists are: a ``)`` with no
``(`` is skipped and lists never closed do not fold.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from zrf.line_index import LineIndex

from .cursor import TokenKind, tokens


class FoldKind(Enum):
    """What a folding range holds."""

    LIST = "list"
    COMMENT = "comment"


@dataclass(frozen=True)
class Fold:
    """Lines ``start`` to ``end`` (counted from 1) fold into ``start``."""

    start: int
    end: int
    kind: FoldKind


def folding_ranges(text: str) -> list[Fold]:
    """The folds of ``text``, ordered by their first line."""
    lines = LineIndex(text)
    out: list[Fold] = []
    opened: list[int] = []
    comment_start = comment_end = 0
    for tok in tokens(text):
        kind = tok.kind
        if kind is TokenKind.OPEN:
            opened.append(lines.position(tok.start)[0])
        elif kind is TokenKind.CLOSE:
            if opened:
                first = opened.pop()
                last = lines.position(tok.start)[0]
                if last > first:
                    out.append(Fold(first, last, FoldKind.LIST))
        elif kind is TokenKind.COMMENT:
            line = lines.position(tok.start)[0]
            if comment_end and line == comment_end + 1:
                comment_end = line
            else:
                if comment_end > comment_start:
                    out.append(Fold(comment_start, comment_end, FoldKind.COMMENT))
                comment_start = comment_end = line
    if comment_end > comment_start:
        out.append(Fold(comment_start, comment_end, FoldKind.COMMENT))
    return sorted(out, key=lambda f: (f.start, -f.end))
