"""The goal forms read from the parsed condition (runtime/fairy/goal_forms.py).

Each case is a condition written here, parsed by the reader, and the form read by hand from its
text: ``(checkmated T)`` names one type, ``(checkmated T...)`` one or more; ``(pieces-remaining
N [T])`` an unsigned count and perhaps a type; ``(absolute-config T where...)`` a type and at
least one place.  A form written any other way is refused (None): another keyword case, a list
or a spaced string where a type stands, a signed or non-decimal count, a missing or extra
argument, the form nested inside another.  A string literal standing for a type is read as its
quoted text, which no declared piece type is.
"""

from __future__ import annotations

import pytest

from runtime.fairy.goal_forms import (RemainingCount, checkmated_type, checkmated_type_of, checkmated_types,
                                      checkmated_types_of, none_left_type, none_left_type_of, pieces_remaining,
                                      pieces_remaining_of, reached_type_of)
from tests.fairy.stepping_games import stepping_game
from zrf.macros import expand_document
from zrf.model import build_model
from zrf.reader import parse_text
from zrf.syntax import Node


def node(text: str) -> Node:
    """The one form of ``text``, as the reader parses it."""
    [form] = parse_text(text, "goal.zrf").forms
    return form


@pytest.mark.parametrize("text, types", [
    ("(checkmated King)", ["King"]),
    ("(checkmated King Queen)", ["King", "Queen"]),
    ("(checkmated 3)", ["3"]),
    ('(checkmated "King")', ['"King"']),
    ("(checkmated)", None),
    ("(checkmated (King))", None),
    ("(checkmated King (Queen))", None),
    ('(checkmated "a king")', None),
    ('(checkmated "a(b")', None),
    ("(Checkmated King)", None),
    ('("checkmated" King)', None),
    ("checkmated", None),
    ("(not (checkmated King))", None),
])
def test_checkmated_types(text, types):
    assert checkmated_types_of(node(text)) == types


@pytest.mark.parametrize("text, ptype", [
    ("(checkmated King)", "King"),
    ("(checkmated 3)", "3"),
    ('(checkmated "K")', '"K"'),
    # two types are not the one-type form
    ("(checkmated King Queen)", None),
    ("(checkmated)", None),
    ("(checkmated (King))", None),
    ("(pieces-remaining 0 King)", None),
])
def test_checkmated_type(text, ptype):
    assert checkmated_type_of(node(text)) == ptype


@pytest.mark.parametrize("text, count", [
    ("(pieces-remaining 0 King)", (0, "King")),
    ("(pieces-remaining 2)", (2, None)),
    ("(pieces-remaining 00 King)", (0, "King")),
    ("(pieces-remaining 12 3)", (12, "3")),
    ('(pieces-remaining 1 "K")', (1, '"K"')),
    # Arabic-Indic digit one: a decimal digit
    ("(pieces-remaining \u0661)", (1, None)),
    ("(pieces-remaining +0 King)", None),
    ("(pieces-remaining -1)", None),
    ("(pieces-remaining \u00b2)", None),  # superscript two is a digit but not a decimal one
    ("(pieces-remaining 1_0)", None),
    ('(pieces-remaining "0" King)', None),
    ("(pieces-remaining King 0)", None),
    ("(pieces-remaining 0 (King))", None),
    ('(pieces-remaining 0 "a king")', None),
    ("(pieces-remaining 0 King Queen)", None),
    ("(pieces-remaining)", None),
    ("(checkmated King)", None),
])
def test_pieces_remaining(text, count):
    assert pieces_remaining_of(node(text)) == count


def test_a_count_has_named_fields():
    assert pieces_remaining_of(node("(pieces-remaining 3 Pawn)")) == RemainingCount(count=3, type="Pawn")


@pytest.mark.parametrize("text, ptype", [
    ("(pieces-remaining 0 King)", "King"),
    ("(pieces-remaining 000 King)", "King"),
    ("(pieces-remaining 0)", None),
    ("(pieces-remaining 1 King)", None),
    ("(pieces-remaining -0 King)", None),
    ("(and (pieces-remaining 0 King))", None),
])
def test_none_left_type(text, ptype):
    assert none_left_type_of(node(text)) == ptype


@pytest.mark.parametrize("text, ptype", [
    ("(absolute-config King (a1))", "King"),
    ("(absolute-config King (a1 b1) (c3))", "King"),
    ('(absolute-config "K" (a1))', '"K"'),
    ("(absolute-config King)", None),
    ("(absolute-config (King Queen) (a1))", None),
    ("(checkmated King)", None),
])
def test_reached_type(text, ptype):
    assert reached_type_of(node(text)) == ptype


def test_a_games_goals_are_read_from_their_conditions():
    """The goal-level readers on a built game: the first goal's condition is (checkmated Man), the
    second's (pieces-remaining 0 Man), the third's an ``and`` whose forms are inside it."""
    text = stepping_game("(loss-condition (White Black) (checkmated Man))\n"
                         "(loss-condition (White Black) (pieces-remaining 0 Man))\n"
                         "(win-condition (White Black) (checkmated Man) (pieces-remaining 1))")
    gdef = build_model(expand_document(parse_text(text, "stepping.zrf")), "stepping.zrf").games[0]
    assert len(gdef.goals) == 3
    assert [checkmated_type(g) for g in gdef.goals] == ["Man", None, None]
    assert [pieces_remaining(g) for g in gdef.goals] == [None, (0, "Man"), None]
    assert [none_left_type(g) for g in gdef.goals] == [None, "Man", None]
    assert checkmated_types(gdef) == {"Man"}
