"""Reading ZRF text into a syntax tree (:mod:`zrf.syntax`) with a pyparsing grammar.

Lexical rules (SEMANTICS §1.1): ``;`` starts a comment to the end of the
line except inside a string; strings run from ``"`` to the next ``"`` with
no escapes (backslashes are literal) and may span lines; an atom is a run of
characters other than whitespace, parentheses, ``"`` and ``;``.

Bytes are decoded as UTF-8 when valid, else with a single-byte code page
(:func:`decode`); the document records which one was used.
"""

from __future__ import annotations

import bisect
import os

import pyparsing as pp

from .diagnostics import Diagnostic, ZrfError
from .syntax import Atom, Comment, Document, List, Node, Span, String

FALLBACK_ENCODING = "cp1252"


def decode(data: bytes) -> tuple[str, str]:
    """Text and encoding name: UTF-8 if the bytes are valid UTF-8, else a single-byte code page.

    cp1252 covers the Latin-1 comments; its five undefined bytes fall back to
    latin-1 so decoding never fails.  Cyrillic comments decode to Latin
    letters under this rule, which changes no token of the game.
    """
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    try:
        return data.decode(FALLBACK_ENCODING), FALLBACK_ENCODING
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


class _Lines:
    """Offset -> (line, column) in O(log n)."""

    def __init__(self, text: str):
        self.starts = [0]
        find = text.find
        i = find("\n")
        while i >= 0:
            self.starts.append(i + 1)
            i = find("\n", i + 1)

    def at(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1


def _grammar():
    """The ZRF grammar: comments are skipped, strings and atoms are regexes, lists recurse."""
    lpar = pp.Literal("(")
    rpar = pp.Literal(")")
    string = pp.Regex(r'"[^"]*"').set_name("string")
    atom = pp.Regex(r'[^\s()";]+').set_name("atom")
    comment = pp.Regex(r";[^\n]*").set_name("comment")
    sexp = pp.Forward()
    lst = pp.Group(lpar + pp.ZeroOrMore(sexp) + rpar)
    sexp <<= string | atom | lst
    document = pp.ZeroOrMore(sexp) + pp.StringEnd()
    document.ignore(comment)
    return document, string, atom, lst, comment


_DOCUMENT, _STRING, _ATOM, _LIST, _COMMENT = _grammar()


def parse_text(text: str, path: str = "<string>", encoding: str = "utf-8") -> Document:
    """Parse ZRF text.  Raises :class:`ZrfError` with ``E1xx`` diagnostics on bad syntax."""
    lines = _Lines(text)
    problem = _check_balance(text, path, lines)
    if problem is not None:
        raise ZrfError([problem])

    def span(start: int, end: int) -> Span:
        line, col = lines.at(start)
        eline, ecol = lines.at(end)
        return Span(path, line, col, eline, ecol)

    # Build nodes with parse actions so each carries its own span.
    def on_string(s, loc, toks):
        t = toks[0]
        return String(t[1:-1], span(loc, loc + len(t)))

    def on_atom(s, loc, toks):
        t = toks[0]
        return Atom(t, span(loc, loc + len(t)))

    def on_list(s, loc, toks):
        items = list(toks[0])[1:-1]
        end = pp.util.col(loc, s)  # unused: keeps pyparsing import of util warm
        del end
        return List(items, span(loc, loc + 1))

    string = _STRING.copy().set_parse_action(on_string)
    atom = _ATOM.copy().set_parse_action(on_atom)
    lpar, rpar = pp.Literal("("), pp.Literal(")")
    sexp = pp.Forward()
    lst = pp.Group(lpar + pp.ZeroOrMore(sexp) + rpar).set_parse_action(on_list)
    sexp <<= string | atom | lst
    document = pp.ZeroOrMore(sexp) + pp.StringEnd()
    document.ignore(_COMMENT)
    try:
        forms = list(document.parse_string(text, parse_all=True))
    except pp.ParseBaseException as exc:
        line, col = lines.at(exc.loc)
        raise ZrfError([Diagnostic("E100", f"syntax error: {exc.msg}", Span(path, line, col))]) from None
    comments = [Comment(m.group(0), span(m.start(), m.end())) for m in _comment_matches(text)]
    return Document(path, forms, comments, encoding, text)


def _comment_matches(text: str):
    """Comments (``;`` outside strings) in source order."""
    import re
    for m in re.finditer(r'"[^"]*"|;[^\n]*', text):
        if m.group(0).startswith(";"):
            yield m


def _check_balance(text: str, path: str, lines: _Lines) -> Diagnostic | None:
    """Find unbalanced parentheses or an unterminated string before parsing, with a precise place."""
    import re
    depth_stack: list[int] = []
    for m in re.finditer(r'"[^"]*"?|;[^\n]*|[()]', text):
        tok = m.group(0)
        if tok == "(":
            depth_stack.append(m.start())
        elif tok == ")":
            if not depth_stack:
                line, col = lines.at(m.start())
                return Diagnostic("E101", "unbalanced ')': no '(' to close", Span(path, line, col))
            depth_stack.pop()
        elif tok.startswith('"') and (len(tok) == 1 or not tok.endswith('"')):
            line, col = lines.at(m.start())
            return Diagnostic("E103", "unterminated string", Span(path, line, col))
    if depth_stack:
        line, col = lines.at(depth_stack[-1])
        return Diagnostic("E102", "unbalanced '(': never closed", Span(path, line, col))
    return None


def read_file(path: str | os.PathLike) -> Document:
    """Read and parse one file (no macro expansion).  Raises :class:`ZrfError`."""
    path = os.fspath(path)
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        raise ZrfError([Diagnostic("E001", f"cannot read file: {exc.strerror}", Span(path, 1, 1))]) from None
    text, encoding = decode(data)
    return parse_text(text, path, encoding)
