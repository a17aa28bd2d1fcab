"""Text from a file made safe for a terminal: every character a terminal would obey is shown instead.

A game's title, description, player and piece names, a saved game's move
text and the tokens a diagnostic quotes are written by the file's author.
Printed raw, an escape sequence in them clears the screen, retitles the
window, moves the cursor to rewrite earlier lines, or hides what follows; a
right-to-left override reorders what the reader sees.  Every command prints
such text through :func:`printable`, which writes each of those characters
as an escape a person can read (``\\x1b``, ``\\u202e``) and leaves every
other character, of any script, as it is.  JSON output needs nothing more:
``json.dumps`` escapes control characters itself.
"""

from __future__ import annotations

import re

#: C0 controls but tab and line feed, DEL, C1 controls (0x9b is a one-byte CSI), and the
#: invisible characters that reorder or hide text: bidirectional marks, embeddings,
#: overrides and isolates, and the zero-width and line/paragraph separators.
_OBEYED = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")
_OBEYED_OR_LINE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")


_NAMED = {"\n": "\\n", "\r": "\\r"}


def _escape(match: re.Match) -> str:
    char = match.group()
    code = ord(char)
    return _NAMED.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def printable(text: str, one_line: bool = False) -> str:
    """``text`` with every character a terminal would obey written as an escape.

    Line breaks are kept (a board, a diagnostic with its notes) unless
    ``one_line``: a field printed on one line (a title) then cannot add lines.
    """
    return (_OBEYED_OR_LINE if one_line else _OBEYED).sub(_escape, text)
