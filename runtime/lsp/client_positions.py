"""Places in a text as the editing tools count them and as an LSP client counts them.

:mod:`zrf.editing` counts lines and columns from 1, columns in characters;
the protocol counts from 0, columns in the code units of the encoding agreed
at start-up (UTF-16 unless the client offers another; pygls's
:class:`~pygls.workspace.PositionCodec` knows which).
"""

from __future__ import annotations

import bisect
import re

from lsprotocol import types
from pygls.workspace import PositionCodec

from zrf.syntax import Span

_WORD = re.compile(r'[^ \t\r\n\f\v()";]+')


class ClientText:
    """One text's lines, to convert places between the tools' counting and the client's."""

    def __init__(self, text: str, codec: PositionCodec):
        self.text = text
        self.lines = text.split("\n")
        self.codec = codec
        starts = [0]
        for line in self.lines[:-1]:
            starts.append(starts[-1] + len(line) + 1)
        self.starts = starts

    def position(self, line: int, col: int) -> types.Position:
        """The client's position of (line, column) counted from 1."""
        index = line - 1
        if index < 0:
            return types.Position(0, 0)
        if index >= len(self.lines):
            return types.Position(len(self.lines), 0)
        prefix = self.lines[index][:max(col - 1, 0)]
        return types.Position(index, self.codec.client_num_units(prefix))

    def position_at(self, offset: int) -> types.Position:
        """The client's position of a character offset."""
        line = max(0, bisect.bisect_right(self.starts, offset) - 1)
        return self.position(line + 1, offset - self.starts[line] + 1)

    def offset(self, position: types.Position) -> int:
        """The character offset of the client's ``position`` (clamped to the text)."""
        if position.line >= len(self.lines):
            return len(self.text)
        line = self.lines[position.line]
        units = 0
        for i, char in enumerate(line):
            if units >= position.character:
                return self.starts[position.line] + i
            units += self.codec.client_num_units(char)
        return self.starts[position.line] + len(line)

    def range(self, span: Span) -> types.Range:
        """The client's range of ``span``; a span without an end covers the word it starts."""
        start = self.position(span.line, span.col)
        if span.end_line:
            return types.Range(start, self.position(span.end_line, span.end_col))
        index = span.line - 1
        length = 1
        if 0 <= index < len(self.lines):
            found = _WORD.match(self.lines[index], max(span.col - 1, 0))
            if found is not None:
                length = max(1, found.end() - found.start())
        return types.Range(start, self.position(span.line, span.col + length))

    def range_of(self, start: int, end: int) -> types.Range:
        """The client's range from one character offset to another."""
        return types.Range(self.position_at(start), self.position_at(end))

