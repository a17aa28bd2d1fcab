"""The family column of the Fairy-Stockfish export sweep (runtime/sweeps/fairy_export.py).

A game is in the chess family when it has two players and a win or loss goal naming a royal
piece type: ``checkmated`` of it, ``pieces-remaining 0`` of it, or ``absolute-config`` of it on
given cells.  The sweep's rows print the family as the words ``chess`` and ``other``.  The games
are the small stepping game of the stalemate tests (one piece type, Man) with the goals given here.
"""

from __future__ import annotations

import pytest

from runtime.sweeps.fairy_export import Family, Row, family
from tests.fairy.stepping_games import stepping_game
from zrf.macros import expand_document
from zrf.model import build_model
from zrf.reader import parse_text


def _family(goals: str, players: str = "White Black") -> Family:
    text = stepping_game(goals, players=players)
    zf = build_model(expand_document(parse_text(text, "stepping.zrf")), "stepping.zrf")
    return family(zf.games[0])


@pytest.mark.parametrize("goal", [
    "(loss-condition (White Black) (checkmated Man))",
    "(loss-condition (White Black) (pieces-remaining 0 Man))",
    "(win-condition (White Black) (absolute-config Man (c3)))",
    # inside an or, beside a goal that names no piece
    "(loss-condition (White Black) (or (pieces-remaining 1) (pieces-remaining 0 Man)))",
])
def test_a_goal_naming_a_royal_piece_type_is_chess(goal):
    assert _family(goal + "\n(draw-condition (White Black) stalemated)") is Family.CHESS


@pytest.mark.parametrize("goal", [
    "(loss-condition (White Black) stalemated)",
    # every piece gone, of no type; one piece of the type left
    "(loss-condition (White Black) (pieces-remaining 0))",
    "(loss-condition (White Black) (pieces-remaining 1 Man))",
    # a draw, not a win or loss
    "(draw-condition (White Black) (checkmated Man))",
    # a type the game does not declare
    "(loss-condition (White Black) (checkmated King))",
])
def test_a_goal_naming_no_royal_piece_type_is_other(goal):
    assert _family(goal) is Family.OTHER


def test_a_game_of_three_players_is_other():
    assert _family("(loss-condition (White Black Red) (checkmated Man))", players="White Black Red") is Family.OTHER


def test_a_row_prints_its_family_as_a_word():
    assert Row("tiny", _family("(loss-condition (White Black) (checkmated Man))")).line().split("\t")[:3] == [
        "tiny", "chess", "error"]
    assert Row("tiny").line().split("\t")[:3] == ["tiny", "other", "error"]
