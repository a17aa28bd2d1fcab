"""Reading ZRF text into a syntax tree (:mod:`zrf.syntax`).

Lexical rules (SEMANTICS §1.1): ``;`` starts a comment to the end of the
line except inside a string; strings run from ``"`` to the next ``"`` with
no escapes (backslashes are literal) and may span lines; an atom is a run of
characters other than whitespace, parentheses, ``"`` and ``;``.

The grammar is written in pyparsing (:data:`TOKENS` and
:func:`reference_grammar`).  Running the full pyparsing grammar costs a
Python call per token, about 25 times slower than needed for the corpus, so
:func:`parse_text` uses the same token patterns (taken from the pyparsing
elements) joined into one compiled regular expression, and builds lists with
an explicit stack.  That also makes nesting depth a counted limit instead of
Python recursion, and lets every error point at the exact token.  The tests
check that both readers agree on the whole corpus and on fuzzed input.

Bytes are decoded as UTF-8 when valid, else with a single-byte code page
(:func:`decode`); the document records which one was used.
"""

from __future__ import annotations

import bisect
import gc
import os
import re
import stat

import pyparsing as pp

from . import limits
from .diagnostics import Diagnostic, ZrfError
from .line_index import LineIndex
from .syntax import Atom, Comment, Document, List, Node, Span, String

FALLBACK_ENCODING = "cp1252"

# -- the grammar -------------------------------------------------------------

#: The characters that separate tokens: the ASCII white space of C's
#: ``isspace``.  Other characters (a no-break space, say) belong to atoms.
WHITESPACE = " \t\r\n\f\v"

#: The lexemes of ZRF, as pyparsing elements.  Comments end before a line
#: break (CR or LF), so a CRLF file yields the same comment text as an LF one.
TOKENS = {
    "comment": pp.Regex(r";[^\r\n]*").set_name("comment"),
    "string": pp.Regex(r'"[^"]*"').set_name("string"),
    "open": pp.Literal("("),
    "close": pp.Literal(")"),
    "atom": pp.Regex(r'[^ \t\r\n\f\v()";]+').set_name("atom"),
}
for _element in TOKENS.values():
    _element.set_whitespace_chars(WHITESPACE)


def reference_grammar() -> pp.ParserElement:
    """The whole ZRF grammar in pyparsing: ``document := sexp*``, ``sexp := string | atom | list``.

    Parse results are plain Python values: ``str`` for atoms, ``('"', text)``
    for strings and Python lists for lists.  Used by tests and the benchmark
    as an independent check of :func:`parse_text`.
    """
    string = TOKENS["string"].copy().set_parse_action(lambda t: [('"', t[0][1:-1])])
    atom = TOKENS["atom"].copy()
    sexp = pp.Forward()
    lst = pp.Group(pp.Suppress(TOKENS["open"]) + pp.ZeroOrMore(sexp) + pp.Suppress(TOKENS["close"]))
    sexp <<= string | atom | lst
    document = pp.ZeroOrMore(sexp) + pp.StringEnd()
    for element in (string, atom, sexp, lst, document):
        element.set_whitespace_chars(WHITESPACE)
    document.ignore(TOKENS["comment"])
    return document


def _scanner_pattern() -> re.Pattern:
    """One regex for the whole token layer, built from the pyparsing token patterns.

    Leading whitespace is skipped; exactly one group matches per token:
    1 comment, 2 string, 3 ``(``, 4 ``)``, 5 atom, 6 a lone ``"`` (an
    unterminated string).
    """
    parts = [TOKENS["comment"].pattern, TOKENS["string"].pattern, re.escape("("), re.escape(")"),
             TOKENS["atom"].pattern, '"']
    return re.compile(r"[ \t\r\n\f\v]*(?:" + "|".join(f"({p})" for p in parts) + ")")


_SCAN = _scanner_pattern()
#: A number atom: an optional sign and digits (SEMANTICS §1.1).
_NUMBER = re.compile(r"[+-]?\d+")
_COMMENT, _STRING, _OPEN, _CLOSE, _ATOM, _LONE_QUOTE = 1, 2, 3, 4, 5, 6


# -- decoding ----------------------------------------------------------------

def decode(data: bytes) -> tuple[str, str]:
    """Text and encoding name: UTF-8 if the bytes are valid UTF-8, else a single-byte code page.

    A UTF-8 byte-order mark is dropped and recorded as ``utf-8-sig``, so
    writing the text back in the recorded encoding gives the same bytes.
    cp1252 covers the Latin-1 comments; its five undefined bytes fall back to
    latin-1 so decoding never fails.  Cyrillic comments decode to Latin
    letters under this rule, which changes no token of the game.
    """
    if data.startswith(b"\xef\xbb\xbf"):
        try:
            return data[3:].decode("utf-8"), "utf-8-sig"
        except UnicodeDecodeError:
            pass
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    try:
        return data.decode(FALLBACK_ENCODING), FALLBACK_ENCODING
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


# -- the fast reader -----------------------------------------------------------

def _error(code: str, message: str, path: str, lines: LineIndex, offset: int) -> ZrfError:
    line, col = lines.position(offset)
    return ZrfError([Diagnostic(code, message, Span(path, line, col))])


def parse_text(text: str, path: str = "<string>", encoding: str = "utf-8") -> Document:
    """Parse ZRF text into a :class:`Document`.  Raises :class:`ZrfError` with one ``E1xx`` diagnostic.

    Errors: E101 ``)`` without ``(``, E102 ``(`` never closed, E103
    unterminated string, E104 text after the last form, E105 lists nested
    deeper than the ``read_nesting`` limit (:mod:`zrf.limits`; it keeps every
    later recursive walk of the tree safe), E106 a number with more digits
    than the ``number_digits`` limit.
    """
    # Parsing allocates many small acyclic objects: keep the cyclic garbage
    # collector from rescanning them (it would triple the time).
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _parse(text, path, encoding)
    finally:
        if gc_was_enabled:
            gc.enable()


def _parse(text: str, path: str, encoding: str) -> Document:
    bounds = limits.current()
    max_nesting = bounds.read_nesting
    max_digits = bounds.number_digits
    lines = LineIndex(text)
    starts = lines.starts
    nlines = len(starts)
    bisect_right = bisect.bisect_right
    comments: list[Comment] = []
    top: list[Node] = []
    items = top
    # One entry per open list: (its items, offset, line, col, the outer items).
    stack: list[tuple] = []
    # Hint for E102: a form starting in column 1 while a list is still open.
    col1_inside: int | None = None
    # Offset of the first atom or string after the last top-level list (E104).
    trailing: int | None = None
    line = 1
    for m in _SCAN.finditer(text):
        kind = m.lastindex
        if kind is None:  # only whitespace left
            break
        start = m.start(kind)
        end = m.end()
        # Keep ``line`` current: tokens arrive in order, so search only forward.
        if line < nlines and start >= starts[line]:
            line = bisect_right(starts, start, line)
        col = start - starts[line - 1] + 1
        if kind == _ATOM:
            if not stack and trailing is None and top and type(top[-1]) is List:
                trailing = start
            if end - start > max_digits and _NUMBER.fullmatch(text, start, end):
                raise _error("E106", f"number with more than {max_digits} digits "
                             f"({limits.hint('number_digits')})", path, lines, start)
            items.append(Atom(m.group(kind), Span(path, line, col, line, col + end - start)))
        elif kind == _OPEN:
            if len(stack) >= max_nesting:
                raise _error("E105", f"lists nested more than {max_nesting} deep "
                             f"({limits.hint('read_nesting')})", path, lines, start)
            if col == 1 and stack and col1_inside is None:
                col1_inside = start
            stack.append((items, start, line, col))
            items = []
        elif kind == _CLOSE:
            if not stack:
                raise _error("E101", "unbalanced ')': no '(' to close", path, lines, start)
            outer, _, oline, ocol = stack.pop()
            outer.append(List(items, Span(path, oline, ocol, line, col + 1)))
            items = outer
            if not stack:
                trailing = None  # text between top-level forms is the model's business
                col1_inside = None
        elif kind == _STRING:
            raw = m.group(kind)
            nl = raw.count("\n")
            if nl:
                eline = line + nl
                ecol = end - starts[eline - 1] + 1
            else:
                eline, ecol = line, col + end - start
            if not stack and trailing is None and top and type(top[-1]) is List:
                trailing = start
            items.append(String(raw[1:-1], Span(path, line, col, eline, ecol)))
        elif kind == _COMMENT:
            comments.append(Comment(m.group(kind), Span(path, line, col, line, col + end - start)))
        else:  # _LONE_QUOTE
            raise _error("E103", "unterminated string: no closing '\"' before the end of the file",
                         path, lines, start)
    if stack:
        _, start, _, _ = stack[-1]
        message = "unbalanced '(': never closed"
        if col1_inside is not None:
            hline, hcol = lines.position(col1_inside)
            message += f" (the form at {hline}:{hcol} starts inside it: is a ')' missing before it?)"
        raise _error("E102", message, path, lines, start)
    if trailing is not None:
        raise _error("E104", "text after the last form: only comments may follow the final ')'",
                     path, lines, trailing)
    return Document(path, top, comments, encoding, text)


def read_bytes(path: str | os.PathLike) -> bytes:
    """The bytes of the regular file at ``path``, at most the ``file_bytes`` limit.

    Devices, FIFOs, sockets and folders are refused before they are opened
    (E002): reading ``/dev/zero`` never ends and opening a FIFO blocks.  The
    file is opened without blocking and checked again after opening, so a
    path swapped for a FIFO in between is refused too.  Raises
    :class:`ZrfError` (E001 cannot read, E002 not a regular file, E003 too
    large).
    """
    path = os.fspath(path)
    where = Span(path, 1, 1)
    maximum = limits.current().file_bytes
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise ZrfError([Diagnostic("E002", "not a regular file (a device, FIFO, socket or folder): "
                                       "refused without reading", where)])
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise ZrfError([Diagnostic("E001", f"cannot read file: {exc.strerror}", where)]) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ZrfError([Diagnostic("E002", "not a regular file (a device, FIFO, socket or folder): "
                                       "refused without reading", where)])
        chunks, size = [], 0
        while size <= maximum:
            chunk = os.read(fd, min(1 << 20, maximum + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise ZrfError([Diagnostic("E001", f"cannot read file: {exc.strerror}", where)]) from None
    finally:
        os.close(fd)
    if size > maximum:
        raise ZrfError([Diagnostic("E003", f"file larger than {maximum} bytes ({limits.hint('file_bytes')})",
                                   where)])
    return b"".join(chunks)


def read_file(path: str | os.PathLike) -> Document:
    """Read and parse one file (no macro expansion).  Raises :class:`ZrfError`."""
    path = os.fspath(path)
    text, encoding = decode(read_bytes(path))
    return parse_text(text, path, encoding)
