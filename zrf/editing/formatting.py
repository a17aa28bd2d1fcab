"""Formatting a ZRF text as ``zrf fmt`` does, as the few line edits that make the change.

An editor keeps the cursor, the folds and the marks of lines an edit does
not touch, so the formatted text (:func:`zrf.writer.format_document`) is
given as the changed runs of lines (:class:`difflib.SequenceMatcher` over
lines), each replacing whole lines of the old text.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from zrf.reader import parse_text
from zrf.writer import format_document

_LINE = re.compile(r"[^\n]*\n|[^\n]+\Z")


@dataclass(frozen=True)
class TextEdit:
    """Replace the text from offset ``start`` to ``end`` (excluded) with ``text``; both offsets
    fall at the start of a line or at the end of the text."""

    start: int
    end: int
    text: str


def formatted(text: str, path: str = "<string>") -> str:
    """``text`` as ``zrf fmt`` writes it; raises :class:`zrf.diagnostics.ZrfError` when it does not parse."""
    return format_document(parse_text(text, path))


def _lines(text: str) -> list[str]:
    """The lines of ``text``, each with its line break (the last one may have none)."""
    return _LINE.findall(text)


def format_edits(text: str, path: str = "<string>") -> list[TextEdit]:
    """The edits that turn ``text`` into :func:`formatted` ``text`` (none when it is formatted),
    in text order.  Raises :class:`zrf.diagnostics.ZrfError` when the text does not parse."""
    after = formatted(text, path)
    if after == text:
        return []
    old, new = _lines(text), _lines(after)
    starts = [0]
    for line in old:
        starts.append(starts[-1] + len(line))
    edits = []
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            edits.append(TextEdit(starts[i1], starts[i2], "".join(new[j1:j2])))
    return edits


def apply_edits(text: str, edits: list[TextEdit]) -> str:
    """``text`` with ``edits`` made (for tests and for callers without an editor)."""
    for edit in sorted(edits, key=lambda e: e.start, reverse=True):
        text = text[:edit.start] + edit.text + text[edit.end:]
    return text
