"""Done-when checks of the syntax layer on the real corpus.

* every corpus file reads, except ginseng.zrf, which is really broken;
* the fast reader and the pyparsing reference grammar agree;
* ``zrf fmt`` keeps every comment (count and text), is idempotent, and the
  formatted file expands to the same tree as the original;
* the canonical writer's text of the expanded tree reads back to that tree.
"""

from __future__ import annotations

import os
import time

import pytest

from tests.conftest import scaled
from zrf.diagnostics import ZrfError
from zrf.macros import expand_document
from zrf.reader import parse_text, read_file, reference_grammar
from zrf.syntax import List, String, same_tree
from zrf.writer import format_document, write_forms

#: Files Zillions would reject too, with the diagnostic we give (see docs/syntax.md).
BROKEN = {"ginseng/ginseng.zrf": ("E102", 8, 1)}


def corpus_files(corpus_dir) -> list[str]:
    return sorted(str(p) for p in corpus_dir.rglob("*.zrf"))


def sample(files: list[str], n: int) -> list[str]:
    """``n`` files spread evenly over the sorted list (all of them when n >= len)."""
    if n >= len(files):
        return files
    step = len(files) / n
    return [files[int(i * step)] for i in range(n)]


def rel(path: str, corpus_dir) -> str:
    return os.path.relpath(path, corpus_dir).replace(os.sep, "/")


def test_every_corpus_file_reads(corpus_dir):
    files = corpus_files(corpus_dir)
    assert len(files) >= 500
    failures = {}
    for path in files:
        try:
            read_file(path)
        except ZrfError as exc:
            d = exc.diagnostics[0]
            failures[rel(path, corpus_dir)] = (d.code, d.span.line, d.span.col)
    assert failures == BROKEN


def _plain(node):
    if isinstance(node, List):
        return [_plain(i) for i in node.items]
    if isinstance(node, String):
        return ('"', node.text)
    return node.text


def test_reader_agrees_with_pyparsing_reference_grammar(corpus_dir):
    grammar = reference_grammar()
    files = [f for f in corpus_files(corpus_dir) if os.path.getsize(f) < 6000]
    for path in sample(files, 12):
        doc = read_file(path)
        ref = grammar.parse_string(doc.text, parse_all=True).as_list()
        assert [_plain(f) for f in doc.forms] == ref, path


def check_file(path: str) -> None:
    """Formatter and writer contract on one file (assertions name the file)."""
    doc = read_file(path)
    formatted = format_document(doc)
    again = parse_text(formatted, path, doc.encoding)
    assert [c.text.rstrip() for c in again.comments] == [c.text.rstrip() for c in doc.comments], path
    assert format_document(again) == formatted, f"{path}: formatting twice differs"
    assert same_tree(again.forms, doc.forms), path
    expanded = expand_document(doc)
    assert same_tree(expand_document(again).forms, expanded.forms), path
    canonical = parse_text(write_forms(expanded.forms), path)
    assert same_tree(canonical.forms, expanded.forms), f"{path}: canonical text reads back differently"
    formatted.encode(doc.encoding)  # the file's own encoding can hold the result


def test_formatter_and_writer_on_small_sample(corpus_dir):
    files = [f for f in corpus_files(corpus_dir) if rel(f, corpus_dir) not in BROKEN]
    for path in sample([f for f in files if os.path.getsize(f) < 20000], 25):
        check_file(path)


@pytest.mark.slow
def test_formatter_and_writer_on_corpus(corpus_dir):
    files = [f for f in corpus_files(corpus_dir) if rel(f, corpus_dir) not in BROKEN]
    start = time.perf_counter()
    for path in sample(files, scaled(len(files))):
        check_file(path)
    print(f"\n{scaled(len(files))} corpus files formatted and round-tripped in "
          f"{time.perf_counter() - start:.1f} s")
