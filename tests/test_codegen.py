"""Generated ZRF: committed files match a fresh render and read back without diagnostics."""

from __future__ import annotations

import pytest

from codegen.environment import zrf_atom, zrf_string
from codegen.render import committed, generatable, render, validate
from zrf.macros import expand_document
from zrf.reader import parse_text

GAMES = [e.name for e in generatable()]


def test_string_filter_has_no_escapes():
    # ZRF strings cannot contain a double quote; Zillions shows a backquote as one
    assert zrf_string('say "hi"') == '"say `hi`"'


def test_atom_filter_rejects_what_would_split_a_token():
    assert zrf_atom("Mage-Apprentice") == "Mage-Apprentice"
    for bad in ("two words", "a(b", 'q"', "x;y", ""):
        with pytest.raises(ValueError):
            zrf_atom(bad)


@pytest.mark.parametrize("name", GAMES)
def test_committed_file_is_a_fresh_render(name):
    assert committed(name) == render(name), f"run: zrf gen {name} --write"


@pytest.mark.parametrize("name", GAMES)
def test_generated_zrf_has_no_diagnostics(name):
    diags = validate(render(name), f"{name}.zrf")
    assert [d.format() for d in diags] == []


@pytest.mark.parametrize("name", GAMES)
def test_generated_zrf_round_trips_through_the_writer(name):
    writer = pytest.importorskip("zrf.writer")
    text = render(name)
    first = expand_document(parse_text(text, "a.zrf")).forms
    again = expand_document(parse_text(writer.write_forms(first), "b.zrf")).forms
    assert again == first
