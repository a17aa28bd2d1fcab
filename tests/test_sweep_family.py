"""The family column of the Fairy-Stockfish export sweep (runtime/sweeps/fairy_export.py).

A game is in the chess family when it has two players and a goal naming a royal piece; the
sweep's rows print the family as the words ``chess`` and ``other``.  The games are the small
stepping game of the stalemate tests with the goals given here.
"""

from __future__ import annotations

from runtime.sweeps.fairy_export import Family, Row, family
from tests.fairy.stepping_games import stepping_game
from zrf.macros import expand_document
from zrf.model import build_model
from zrf.reader import parse_text


def _family(goals: str) -> Family:
    zf = build_model(expand_document(parse_text(stepping_game(goals), "stepping.zrf")), "stepping.zrf")
    return family(zf.games[0])


def test_a_row_prints_its_family_as_a_word():
    assert Row("tiny", _family("(loss-condition (White Black) (checkmated Man))")).line().split("\t")[:3] == [
        "tiny", "chess", "error"]
    assert Row("tiny").line().split("\t")[:3] == ["tiny", "other", "error"]
