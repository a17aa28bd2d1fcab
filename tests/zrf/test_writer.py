"""The canonical writer and the comment-preserving formatter: exact layouts and their contract."""

from __future__ import annotations

import pytest

from zrf.reader import parse_text
from zrf.syntax import Atom, List, String, same_tree
from zrf.writer import WIDTH, format_document, format_text, write_forms, write_node


def test_short_lists_stay_on_one_line():
    assert format_text("(game\n  (title   \"T\")\n)") == '(game (title "T"))\n'


def test_long_lists_break_with_sublists_indented():
    pieces = " ".join(f"(piece (name P{i}) (image White \"p{i}.bmp\"))" for i in range(4))
    assert format_text(f"(game {pieces})") == (
        "(game\n"
        '   (piece (name P0) (image White "p0.bmp"))\n'
        '   (piece (name P1) (image White "p1.bmp"))\n'
        '   (piece (name P2) (image White "p2.bmp"))\n'
        '   (piece (name P3) (image White "p3.bmp")))\n')


def test_atoms_fill_lines_up_to_the_width():
    names = [f"a{i}" for i in range(60)]
    text = format_text("(kill-positions " + " ".join(names) + ")")
    lines = text.splitlines()
    assert len(lines) == 3 and all(len(line) <= WIDTH for line in lines)
    assert lines[1].startswith("   a") and text.split() == ["(kill-positions", *names[:-1], names[-1] + ")"]


def test_comments_stay_in_place():
    src = ("; header\n\n(game ; the game\n  ; own line\n  (title \"T\") ; trailing\n"
           "  (players A B)\n  ; last\n)\n; footer\n")
    assert format_text(src) == (
        "; header\n\n"
        "(game ; the game\n"
        "   ; own line\n"
        '   (title "T") ; trailing\n'
        "   (players A B)\n"
        "   ; last\n"
        ")\n"
        "; footer\n")


def test_blank_lines_kept_as_one():
    assert format_text("(a)\n\n\n\n(b)\n(c)") == "(a)\n\n(b)\n(c)\n"


def test_multiline_strings_written_raw():
    src = '(game (description "line one\\\r\n      line two") (x y))\r\n'
    doc = parse_text(src)
    text = format_document(doc)
    assert text == '(game\r\n   (description "line one\\\r\n      line two")\r\n   (x y))\r\n'
    assert same_tree(parse_text(text).forms, doc.forms)


def test_crlf_kept_and_lf_default():
    assert format_text("(a)\r\n(b)\r\n") == "(a)\r\n(b)\r\n"
    assert format_text("(a)\n") == "(a)\n"


def test_macros_and_includes_are_kept_unexpanded():
    src = '(include "common.zrf")\n(define m ($1 (while empty? add $1)))\n(game (m n))\n'
    assert format_text(src) == src


def test_canonical_writer_of_built_trees():
    tree = List([Atom("piece"), List([Atom("name"), Atom("Pawn")]), String("a\\b")])
    assert write_node(tree) == '(piece (name Pawn) "a\\b")'
    assert write_forms([tree, List([Atom("x")])]) == '(piece (name Pawn) "a\\b")\n\n(x)\n'


@pytest.mark.parametrize("bad", [Atom("two words"), Atom(""), Atom("a;b"), String('say "hi"')])
def test_unwritable_nodes_are_refused(bad):
    with pytest.raises(ValueError):
        write_node(List([Atom("x"), bad]))


def test_deep_trees_are_written():
    from zrf.limits import Limits
    MAX_NESTING, EXPANDED_LIMIT = Limits().read_nesting, Limits().expanded_nesting
    text = "(" * MAX_NESTING + "x" + ")" * MAX_NESTING
    doc = parse_text(text)
    assert same_tree(parse_text(format_document(doc)).forms, doc.forms)
    tree = Atom("x")
    for _ in range(EXPANDED_LIMIT):
        tree = List([tree])
    assert write_forms([tree]) == "(" * EXPANDED_LIMIT + "x" + ")" * EXPANDED_LIMIT + "\n"
