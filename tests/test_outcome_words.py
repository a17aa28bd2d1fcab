"""The game-over reason in words (runtime/core/outcome_words.py), read against the rules files.

tests/games/chess.zrf says ``(loss-condition (White Black) (checkmated King))`` and
``(draw-condition (White Black) stalemated)``; Zillions' Duel.zrf says
``(loss-condition (Red White) (pieces-remaining 0 King))``.  The expected sentences are
those rules written out by hand.
"""

from __future__ import annotations

from pathlib import Path

from runtime.core.outcome_words import outcome_words
from runtime.core.protocol import Outcome
from runtime.loading.opening import open_game

CHESS = str(Path(__file__).parent / "games" / "chess.zrf")


def test_checkmate_stalemate_and_a_rule_no_goal_names():
    game = open_game(CHESS)
    mate = Outcome.loss("White", game.players, "loss-condition (checkmated King)")
    assert outcome_words(game, mate) == "Black wins: White's King is checkmated"
    stale = Outcome((), (), True, "draw-condition stalemated")
    assert outcome_words(game, stale, "Black") == "Draw: Black cannot move"
    assert outcome_words(game, Outcome.drawn("no legal moves")) == "Draw: no legal move is left"
    assert outcome_words(game, Outcome.win("White", game.players, "")) == "White wins"


def test_pieces_remaining_in_a_zillions_game(zillions_dir):
    game = open_game(str(zillions_dir / "Rules" / "Duel.zrf"))
    lost = Outcome.loss("Red", game.players, "loss-condition (pieces-remaining 0 King)")
    assert outcome_words(game, lost) == "White wins: Red has no King left"
