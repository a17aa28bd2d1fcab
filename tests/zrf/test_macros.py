"""Macro and include expansion per SEMANTICS §1.2-1.3, with exact diagnostics and call chains."""

from __future__ import annotations


from zrf.confinement import allowing_outside
from zrf.macros import expand_document, expand_file
from zrf.reader import parse_text
from zrf.syntax import to_text


def expand(text: str, path: str = "m.zrf"):
    return expand_document(parse_text(text, path))


def out(text: str) -> list[str]:
    e = expand(text)
    assert not e.report.diagnostics, [d.format() for d in e.report.diagnostics]
    return [to_text(f) for f in e.forms]


def codes(e) -> list[tuple[str, int, int]]:
    return [(d.code, d.span.line, d.span.col) for d in e.report.diagnostics]


def test_one_list_body_versus_spliced_sequence():
    assert out("(define slide ($1 (while empty? add $1)))\n(moves (slide n) (slide e))") == [
        "(moves (n (while empty? add n)) (e (while empty? add e)))"]
    assert out("(define grid (dimensions a) (directions b))\n(board (grid) (x))") == [
        "(board (dimensions a) (directions b) (x))"]


def test_macro_emits_top_level_forms():
    assert out("(define two (game (title \"a\")) (variant (title \"b\")))\n(two)") == [
        '(game (title "a"))', '(variant (title "b"))']


def test_pasting_in_atoms_and_strings():
    assert out('(define p (piece (name D$2) (image "r$2.bmp") (x $1-moved? to-rank-$1)))\n(p 7 31)') == [
        '(piece (name D31) (image "r31.bmp") (x 7-moved? to-rank-7))']
    # A string argument pastes its text; $10 is parameter ten, not $1 then "0".
    args = " ".join(f"a{i}" for i in range(1, 11))
    assert out(f'(define q ($10 "$1/$10"))\n(q {args})') == ['(a10 "a1/a10")']


def test_argument_no_call_passes_expands_to_nothing_with_a_warning():
    """A ``$k`` that neither the call nor any enclosing call supplies: nothing, and W202 at the body."""
    e = expand("(define m (a $1 $2 x$3 \"[$3]\"))\n(m 1)")
    assert [to_text(f) for f in e.forms] == ['(a 1 x "[]")']
    # one warning per place: $2 at 1:17, x$3 at 1:20, "[$3]" at 1:24, each reached through (m 1)
    assert codes(e) == [("W202", 1, 17), ("W202", 1, 20), ("W202", 1, 24)]
    assert {d.span.root().line for d in e.report.diagnostics} == {2}
    assert e.report.diagnostics[0].format().splitlines() == [
        "m.zrf:2:1: W202 $2 has no argument: neither this call nor an enclosing one passes "
        "2 arguments, so it expands to nothing",
        "m.zrf:1:17: note: in macro body"]
    e = expand("(define m ($1 $2))\n(z (m))")
    assert [to_text(f) for f in e.forms] == ["(z ())"]
    assert [c for c, _, _ in codes(e)] == ["W202", "W202"]


def test_missing_arguments_are_taken_from_the_enclosing_call():
    """Zillions expands textually: an inner call's missing ``$k`` takes the enclosing call's argument.

    The pattern of MancalaKnights.zrf (``(end-1)`` inside ``sow-1``) and pasang.zrf
    (``(common-slide)`` inside ``slide-1``), reduced: ``inner`` is called with no
    arguments, so its ``$1`` and ``$2`` are ``outer``'s.
    """
    assert out("(define inner (i $1 $2))\n(define outer (o (inner)))\n(outer A B)") == ["(o (i A B))"]
    # fewer arguments than used: $1 from the inner call itself, $2 from outer
    assert out("(define inner (i $1 $2))\n(define outer (inner X))\n(outer A B)") == ["(i X B)"]


def test_inherited_arguments_reach_through_three_calls_and_skip_shorter_ones():
    """``$k`` comes from the nearest enclosing call with at least k arguments.

    c uses $1 and $2; b calls (c) with none, b itself was called with one
    argument (Q), a with two (A B): $1 is Q (b has one), $2 skips b and is B.
    """
    text = ("(define c (cc $1 $2))\n(define b (bb (c)))\n(define a (aa (b Q)))\n(a A B)")
    assert out(text) == ["(aa (bb (cc Q B)))"]
    # three deep with every inner call argument-less: all from the outermost
    text = "(define c ($1 $2))\n(define b ((c)))\n(define a ((b)))\n(a x y)"
    assert out(text) == ["(((x y)))"]


def test_inherited_arguments_paste_into_atoms_and_strings():
    text = '(define inner (set-flag $1-B "$2.bmp"))\n(define outer (inner))\n(outer d img)'
    assert out(text) == ['(set-flag d-B "img.bmp")']


def test_call_inside_an_argument_inherits_from_where_it_is_written():
    """``(pass (inner))`` in outer's body: inner's missing ``$1`` is outer's, not pass's."""
    text = ("(define inner (i $1))\n(define pass (p $1 $2))\n"
            "(define outer (pass (inner) Z))\n(outer A)")
    assert out(text) == ["(p (i A) Z)"]


def test_dollar_outside_any_macro_body_stays_as_written():
    """Top-level text is never substituted: ``$1`` there is an ordinary atom (and argument)."""
    assert out("(game $1 x$2 \"$3\")") == ['(game $1 x$2 "$3")']
    assert out("(define m (mm $1))\n(game (m $2))") == ["(game (mm $2))"]


def test_list_argument_and_nested_macros_with_caller_context():
    text = ("(define inner (i $1 $2))\n"
            "(define outer (inner $2 (w $1)))\n"
            "(outer A (B c))")
    assert out(text) == ["(i (B c) (w A))"]


def test_substituted_head_names_a_macro():
    assert out("(define go (g $1))\n(define call ($1 x))\n(call go)") == ["(g x)"]
    assert out("(define m-1 (one))\n(define pick (m-$1))\n(pick 1)") == ["(one)"]


def test_macro_name_not_in_head_position_is_an_atom():
    assert out("(define m (x))\n(a m (m))") == ["(a m (x))"]


def test_hoisting_and_redefinition_warning():
    e = expand("(use)\n(define use (first))\n(define use (second))\n")
    assert [to_text(f) for f in e.forms] == ["(second)"]
    assert codes(e) == [("W201", 3, 9)]
    assert e.report.diagnostics[0].severity == "warning"
    assert "first at m.zrf:2:1" in e.report.diagnostics[0].message


def test_define_without_name():
    assert codes(expand("(define)\n(define (x) y)")) == [("E201", 1, 1), ("E201", 2, 1)]


def test_call_chain_points_at_body_and_call_sites():
    text = ("(define inner\n  (bad $1))\n"
            "(define outer (inner $1))\n"
            "(game\n  (outer q))\n")
    e = expand(text)
    [bad] = e.forms[0].items[1:]
    chain = [(s.line, s.col) for s in bad.span.call_chain()]
    # body of inner, the (inner $1) call in outer's body, the (outer q) call in the game
    assert chain == [(2, 3), (3, 15), (5, 3)]
    assert (bad.span.root().line, bad.span.root().col) == (5, 3)
    q = bad.items[1]
    assert (q.span.line, q.span.col, q.span.via) == (5, 10, None)  # arguments keep their own place


def test_diagnostic_format_names_both_places():
    from zrf.diagnostics import Diagnostic
    e = expand("(define m\n  (oops))\n(game (m))\n")
    d = Diagnostic("E375", "test", e.forms[0].items[1].span)
    assert d.format().splitlines() == ["m.zrf:3:7: E375 test", "m.zrf:2:3: note: in macro body"]


def test_self_recursive_macro_is_bounded():
    e = expand("(define loop (a (loop)))\n(game\n (loop))")
    assert [c for c, _, _ in codes(e)] == ["E220"]
    assert "more than 100 calls deep" in e.report.diagnostics[0].message


def test_exploding_macros_hit_the_node_budget(monkeypatch):
    monkeypatch.setenv("ZRF_LIMITS", "macro_work=100000")
    text = "(define m0 (x))\n" + "".join(f"(define m{i} (m{i-1}) (m{i-1}))\n" for i in range(1, 40))
    e = expand(text + "(m39)")
    [d] = e.report.diagnostics
    assert (d.code, d.span.root().line, d.span.root().col) == ("E221", 41, 1)
    assert d.format().splitlines()[0] == "m.zrf:41:1: E221 macro expansion exceeds 100000 nodes (exploding macros?; limit macro_work=100000; raise it with --limit macro_work=N or ZRF_LIMITS)"


def test_exponential_calls_that_produce_nothing_are_bounded(monkeypatch):
    monkeypatch.setenv("ZRF_LIMITS", "macro_work=100000")
    text = "(define m0)\n" + "".join(f"(define m{i} (m{i-1}) (m{i-1}))\n" for i in range(1, 60))
    e = expand(text + "(game (m59))")
    assert [c for c, _, _ in codes(e)] == ["E221"]


def test_doubling_arguments_are_bounded(monkeypatch):
    monkeypatch.setenv("ZRF_LIMITS", "macro_work=100000")
    text = "(define d $1 $1)\n(game " + "(d " * 60 + "(big list here)" + ")" * 60 + ")"
    e = expand(text)
    assert [c for c, _, _ in codes(e)] == ["E221"]


def test_nesting_growth_is_bounded():
    e = expand("(define deep ((((((((((deep)))))))))))\n(deep)")
    assert [c for c, _, _ in codes(e)] == ["E222"]


def test_pasting_a_list_is_an_error():
    e = expand("(define m (x$1 \"s$1\"))\n(m (a b))")
    assert codes(e) == [("E223", 1, 12), ("E223", 1, 16)]
    assert [to_text(f) for f in e.forms] == ['(x "s")']


def test_pasting_that_breaks_an_atom_is_an_error():
    e = expand('(define m (x$1))\n(m "a b")')
    assert codes(e) == [("E224", 1, 12)]
    assert [to_text(f) for f in e.forms] == ["()"]


def test_includes_relative_then_as_given(tmp_path, monkeypatch):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "common.zrf").write_text("(define c (from-common))\n")
    (tmp_path / "top.inc").write_text("(define t (from-top))\n")
    main = tmp_path / "sub" / "main.zrf"
    main.write_text('(include "common.zrf")\n(include "top.inc")\n(game (c) (t))\n')
    monkeypatch.chdir(tmp_path)  # "top.inc" is not next to main.zrf: found as given
    # top.inc is outside main.zrf's folder tree: refused, unless the user allows it
    assert codes(expand_file(str(main))) == [("E214", 2, 1)]
    with allowing_outside():
        e = expand_file(str(main))
    # then read, with a warning at the include
    assert codes(e) == [("W213", 2, 1)]
    assert [to_text(f) for f in e.forms] == ["(game (from-common) (from-top))"]
    assert len(e.documents) == 3


def test_include_errors(tmp_path):
    (tmp_path / "a.zrf").write_text('(include "b.zrf")\n(a)\n')
    (tmp_path / "b.zrf").write_text('\n(include "a.zrf")\n')
    (tmp_path / "bad.zrf").write_text("(x")
    main = tmp_path / "main.zrf"
    main.write_text('(include "a.zrf")\n(include "missing.zrf")\n(include x)\n(include "bad.zrf")\n')
    e = expand_file(str(main))
    got = [(d.code, d.span.file.rsplit("/", 1)[-1], d.span.line, d.span.col) for d in e.report.diagnostics]
    assert got == [("E212", "b.zrf", 2, 1), ("E211", "main.zrf", 2, 1), ("E210", "main.zrf", 3, 1),
                   ("E102", "bad.zrf", 1, 1)]
    assert "include cycle: a.zrf -> b.zrf -> a.zrf" in e.report.diagnostics[0].message
    assert [to_text(f) for f in e.forms] == ["(a)"]


def test_unchanged_source_is_shared_not_copied():
    doc = parse_text("(game (board (grid x)) (m))\n(define m (y))")
    e = expand_document(doc)
    assert e.forms[0].items[1] is doc.forms[0].items[1]


def test_includes_outside_the_folder_tree_warn_or_are_refused(tmp_path):
    (tmp_path / "game").mkdir()
    (tmp_path / "secret.txt").write_text("(define s (secret-token-123))\n")
    main = tmp_path / "game" / "main.zrf"
    main.write_text('(include "../secret.txt")\n(game (s))\n')
    with allowing_outside():
        e = expand_file(str(main))
        assert [(d.code, d.severity) for d in e.report.diagnostics] == [("W213", "warning")]
        assert [to_text(f) for f in e.forms] == ["(game (secret-token-123))"]
        # a server confines whatever the run allows
        e = expand_file(str(main), confine_includes=True)
        assert [(d.code, d.severity) for d in e.report.diagnostics] == [("E214", "error")]
        assert "allow-outside" not in e.report.diagnostics[0].message
    e = expand_file(str(main))  # by default
    assert [(d.code, d.severity) for d in e.report.diagnostics] == [("E214", "error")]
    assert [to_text(f) for f in e.forms] == ["(game (s))"]
    assert "secret-token" not in e.report.diagnostics[0].format()
    assert e.report.diagnostics[0].message.endswith("refused (zrf --allow-outside reads it)")


def test_included_special_files_are_refused_and_never_printed(tmp_path, monkeypatch):
    """``(include "/proc/self/environ")`` must not print the environment; /dev/zero must not be read."""
    monkeypatch.setenv("ZRF_TEST_SECRET", "hunter2-secret")
    main = tmp_path / "main.zrf"
    main.write_text('(include "/proc/self/environ")\n(include "/dev/zero")\n(game (title "x"))\n')
    from zrf.lint import lint_file
    with allowing_outside():  # by default both are refused before reading (E214)
        text = "\n".join(d.format() for d in lint_file(str(main)).diagnostics)
    assert "hunter2" not in text
    assert "/dev/zero:1:1: E002 not a regular file" in text
    assert "main.zrf:1:1: W213" in text and "main.zrf:2:1: W213" in text
    for line in text.splitlines():
        assert len(line) < 400
