"""Fuzzing: mutated corpus files give diagnostics, never a traceback or a hang.

Each example takes a real corpus file and breaks it one way (drop or add a
parenthesis, truncate, splice random bytes, duplicate a form, inject a
self-recursive macro), then runs the reader, the expander, the formatter,
the model builder (``zrf.model.build_file``) and, when present, the linter
(``zrf.lint.lint_file``).  Only :class:`ZrfError` may escape; every example
is bounded in time by an alarm.
"""

from __future__ import annotations

import importlib
import os
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import find_corpus, scaled, time_limit
from zrf.diagnostics import ZrfError
from zrf.macros import expand_document
from zrf.reader import decode, parse_text
from zrf.syntax import same_tree
from zrf.writer import format_document

SECONDS_PER_EXAMPLE = 60


def small_corpus_files() -> list[str]:
    corpus = find_corpus()
    if corpus is None:
        return []
    return sorted(str(p) for p in corpus.rglob("*.zrf") if p.stat().st_size < 15000)


FILES = small_corpus_files()
needs_corpus = pytest.mark.skipif(not FILES, reason="ZRF corpus not found: set ZRF_CORPUS or place it at ../shared/corpus")




def mutate(data: bytes, kind: str, a: int, b: int, noise: bytes) -> bytes:
    """``data`` broken in one way; ``a``, ``b`` pick positions, ``noise`` is spliced bytes."""
    n = max(1, len(data))
    i = a % n
    if kind == "drop-paren":
        parens = [m.start() for m in re.finditer(rb"[()]", data)]
        if parens:
            k = parens[a % len(parens)]
            return data[:k] + data[k + 1:]
        return data
    if kind == "add-paren":
        return data[:i] + (b"(" if b % 2 else b")") + data[i:]
    if kind == "truncate":
        return data[:i]
    if kind == "splice":
        return data[:i] + noise + data[i:]
    if kind == "duplicate-form":
        try:
            doc = parse_text(decode(data)[0])
        except ZrfError:
            return data + data[:i]
        if not doc.forms:
            return data
        form = doc.forms[a % len(doc.forms)]
        lines = decode(data)[0].splitlines(keepends=True)
        piece = "".join(lines[form.span.line - 1:form.span.end_line])
        return data + b"\n" + piece.encode("utf-8", "replace")
    if kind == "recursive-define":
        name = b"fuzz-loop"
        call = b"(" + name + b" x)"
        opens = [m.start() for m in re.finditer(rb"\((?=[a-z])", data)]
        k = opens[a % len(opens)] + 1 if opens else 0
        # Leave the head atom in place: insert the call after it.
        m = re.compile(rb"[^\s()\";]*").match(data, k)
        k = m.end() if m else k
        body = b"(define " + name + b" (y (" + name + b" $1) $1) (" + name + b" $1))\n"
        return body + data[:k] + b" " + call + data[k:]
    raise AssertionError(kind)


KINDS = ["drop-paren", "add-paren", "truncate", "splice", "duplicate-form", "recursive-define"]


def run_all_tools(path: str, data: bytes) -> None:
    """Every syntax-layer entry point plus the model and linter; only ZrfError may escape."""
    text, encoding = decode(data)
    try:
        doc = parse_text(text, path, encoding)
    except ZrfError as exc:
        assert exc.diagnostics and all(d.code.startswith("E1") for d in exc.diagnostics)
        assert all(d.span.line >= 1 and d.span.col >= 1 for d in exc.diagnostics)
    else:
        expanded = expand_document(doc)
        assert all(d.code[0] in "EW" for d in expanded.report.diagnostics)
        formatted = format_document(doc)
        assert same_tree(parse_text(formatted, path).forms, doc.forms)
    with open(path, "wb") as fh:
        fh.write(data)
    from zrf.model import build_file
    try:
        build_file(path)
    except ZrfError:
        pass
    try:
        lint = importlib.import_module("zrf.lint")
    except ModuleNotFoundError:
        return
    lint.lint_file(path)


def fuzz_examples(max_examples: int):
    return settings(max_examples=max_examples, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def _check(tmp_path, source, kind, a, b, noise):
    with open(source, "rb") as fh:
        data = fh.read()
    broken = mutate(data, kind, a, b, noise)
    path = os.path.join(tmp_path, os.path.basename(source))
    with time_limit(SECONDS_PER_EXAMPLE):
        run_all_tools(path, broken)


example = dict(
    source=st.sampled_from(FILES or ["<none>"]),
    kind=st.sampled_from(KINDS),
    a=st.integers(0, 1 << 30),
    b=st.integers(0, 1 << 30),
    noise=st.binary(min_size=1, max_size=12),
)


@needs_corpus
@fuzz_examples(40)
@given(**example)
def test_mutated_corpus_files_give_only_diagnostics(tmp_path, source, kind, a, b, noise):
    _check(tmp_path, source, kind, a, b, noise)


@pytest.mark.slow
@needs_corpus
@fuzz_examples(scaled(1000, minimum=50))
@given(**example)
def test_mutated_corpus_files_give_only_diagnostics_long(tmp_path, source, kind, a, b, noise):
    _check(tmp_path, source, kind, a, b, noise)


@needs_corpus
def test_injected_recursive_define_is_reported(tmp_path):
    data = mutate(open(FILES[0], "rb").read(), "recursive-define", 0, 0, b"")
    doc = parse_text(decode(data)[0], "f.zrf")
    codes = {d.code for d in expand_document(doc).report.diagnostics}
    assert "E220" in codes
