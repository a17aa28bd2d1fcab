"""Where each line of a text starts: offsets <-> (line, column), both counted from 1.

The reader locates its diagnostics with it, the editor features turn an
editor's line and column into an offset with it, and the re-check memo finds
a span's source text with it; lines end at ``\\n``.
"""

from __future__ import annotations

import bisect


class LineIndex:
    """Offsets of a text <-> (line, column), both counted from 1, in O(log n) a lookup."""

    __slots__ = ("starts", "size")

    def __init__(self, text: str):
        starts = [0]
        find = text.find
        i = find("\n")
        while i >= 0:
            starts.append(i + 1)
            i = find("\n", i + 1)
        self.starts = starts
        self.size = len(text)

    def position(self, offset: int) -> tuple[int, int]:
        """The (line, column) of ``offset``."""
        line = bisect.bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1

    def offset(self, line: int, col: int) -> int:
        """The offset of (line, column), clamped to the text."""
        if line < 1:
            return 0
        if line > len(self.starts):
            return self.size
        start = self.starts[line - 1]
        end = self.starts[line] - 1 if line < len(self.starts) else self.size
        return min(start + max(col, 1) - 1, end)

    @property
    def line_count(self) -> int:
        return len(self.starts)
