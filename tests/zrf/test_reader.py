"""The reader: tokens, spans, comments, decoding and exact E1xx diagnostics (line:col)."""

from __future__ import annotations

import pytest

from zrf.diagnostics import ZrfError
from zrf.limits import Limits
from zrf.reader import decode, parse_text, read_file, reference_grammar

MAX_NESTING = Limits().read_nesting
from zrf.syntax import Atom, List, String, to_text


def diag(text: str) -> tuple[str, int, int, str]:
    """(code, line, col, message) of the one diagnostic parsing ``text`` raises."""
    with pytest.raises(ZrfError) as info:
        parse_text(text, "t.zrf")
    [d] = info.value.diagnostics
    return d.code, d.span.line, d.span.col, d.message


def test_tokens_and_kinds():
    doc = parse_text('(game (title "A; b") -90 ?Dice D$2 #Dum never-moved?)')
    [game] = doc.forms
    assert isinstance(game, List) and game.head == "game"
    items = game.items
    assert isinstance(items[1], List) and items[1].items[1] == String("A; b")
    assert [type(i).__name__ for i in items[2:]] == ["Atom"] * 5
    assert items[2].is_number and items[2].value == -90
    assert [i.text for i in items[3:]] == ["?Dice", "D$2", "#Dum", "never-moved?"]
    assert doc.comments == []  # the ';' inside the string is not a comment


def test_strings_are_raw_span_lines_and_keep_backslashes():
    text = '(help "a\\b\r\n  second ; line")\r\n; after\r\n'
    doc = parse_text(text)
    s = doc.forms[0].items[1]
    assert s.text == 'a\\b\r\n  second ; line'
    assert (s.span.line, s.span.col, s.span.end_line, s.span.end_col) == (1, 7, 2, 17)
    [c] = doc.comments
    assert c.text == "; after" and (c.span.line, c.span.col) == (3, 1)  # no CR in the text


def test_spans_of_atoms_and_lists():
    doc = parse_text("; head\n(a\n  (b c)\n)\n", "f.zrf")
    a = doc.forms[0]
    assert (a.span.file, a.span.line, a.span.col, a.span.end_line, a.span.end_col) == ("f.zrf", 2, 1, 4, 2)
    b = a.items[1]
    assert (b.span.line, b.span.col, b.span.end_line, b.span.end_col) == (3, 3, 3, 8)
    c = b.items[1]
    assert (c.span.line, c.span.col, c.span.end_col) == (3, 6, 7)
    assert str(c.span) == "f.zrf:3:6"


def test_whitespace_is_ascii_only():
    # A no-break space is part of an atom; form feed and vertical tab separate.
    doc = parse_text("(a\u00a0b c\fd\ve)")
    assert [i.text for i in doc.forms[0].items] == ["a\u00a0b", "c", "d", "e"]


def test_unbalanced_close():
    assert diag("(a b))\n") == ("E101", 1, 6, "unbalanced ')': no '(' to close")
    assert diag("(a)\n\n  )")[:3] == ("E101", 3, 3)


def test_never_closed_points_at_innermost_open_paren():
    assert diag("(a\n  (b c)\n  (d e\n")[:3] == ("E102", 3, 3)


def test_never_closed_hints_at_form_starting_in_column_one():
    code, line, col, message = diag("(game\n  (piece (name X)\n\n(variant (title \"v\"))\n")
    assert (code, line, col) == ("E102", 2, 3)
    assert "the form at 4:1 starts inside it" in message


def test_unterminated_string():
    code, line, col, _ = diag('(a "ok")\n(title "never\nclosed)\n')
    assert (code, line, col) == ("E103", 2, 8)


def test_text_after_last_form():
    assert diag("(game)\n; fine\n  junk ; comment\n")[:3] == ("E104", 3, 3)
    assert diag('(game) "s"')[:3] == ("E104", 1, 8)
    # Text between forms is for the model to judge, not the reader.
    assert len(parse_text("(a) b (c)").forms) == 3


def test_nesting_limit():
    deep = "(" * MAX_NESTING + ")" * MAX_NESTING
    assert len(parse_text(deep).forms) == 1
    assert diag("(" * (MAX_NESTING + 1))[:3] == ("E105", 1, MAX_NESTING + 1)


def test_empty_and_comment_only_documents():
    assert parse_text("").forms == []
    doc = parse_text("; only\n;; two\n")
    assert doc.forms == [] and [c.text for c in doc.comments] == ["; only", ";; two"]


def test_decode_utf8_bom_and_fallback():
    assert decode("é".encode("utf-8")) == ("é", "utf-8")
    assert decode(b"\xef\xbb\xbf(a)") == ("(a)", "utf-8-sig")
    assert decode(b"caf\xe9 \x93q\x94") == ("café \u201cq\u201d", "cp1252")
    # 0x81 is undefined in cp1252: latin-1 takes it.
    assert decode(b"\x81\xe9") == ("\x81\xe9", "latin-1")


def test_read_file_records_encoding(tmp_path):
    p = tmp_path / "x.zrf"
    p.write_bytes(b'(game (title "Caf\xe9"))\r\n')
    doc = read_file(p)
    assert doc.encoding == "cp1252" and doc.forms[0].items[1].items[1].text == "Café"


def test_missing_file_is_a_diagnostic(tmp_path):
    with pytest.raises(ZrfError) as info:
        read_file(tmp_path / "nope.zrf")
    assert info.value.diagnostics[0].code == "E001"


def _plain(node):
    if isinstance(node, List):
        return [_plain(i) for i in node.items]
    if isinstance(node, String):
        return ('"', node.text)
    return node.text


def test_reference_grammar_agrees_on_tricky_text():
    text = ('; c\n(a "x;y" (b\t"multi\r\nline")  ;tail\n  -1 $1 D$2 () (()) "")\r\n'
            '(define m ($1 (while empty? add $1)))')
    fast = [_plain(f) for f in parse_text(text).forms]
    ref = reference_grammar().parse_string(text, parse_all=True).as_list()
    assert fast == ref
    assert to_text(parse_text(text).forms[0]) == '(a "x;y" (b "multi\r\nline") -1 $1 D$2 () (()) "")'


def test_atom_equality_ignores_span():
    a, b = parse_text("(x x)").forms[0].items
    assert a == b == Atom("x") and a.span != b.span
