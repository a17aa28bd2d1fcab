"""Exports of ``stalemated`` goals: one value for both players, or a located refusal.

The small game: a 3x3 board; Men step forward onto empty cells, White's (on a1 and b1)
north, Black's (on c3) south; nothing captures, so the game ends when a player
to move has no step left.  Fairy-Stockfish's ``stalemateValue`` is one for both players; a
``stalemated`` goal of one player leaves the other's stalemate a draw (Zillions' default), a
rule no section says.  Skipped without pyffish.
"""

from __future__ import annotations


import pytest

pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed: pip install 'zrf-toolkit[fairy]'")

from runtime.loading.opening import open_game
from tests.conftest import scaled
from tests.fairy.export_refusals import refused_export_lines
from tests.fairy.exported import export_and_verify
from tests.fairy.stepping_games import stepping_game


def test_a_stalemate_loss_given_to_each_player_by_its_own_goal_is_stalemate_value_loss(tmp_path):
    """Two goals, ``(loss-condition (White) stalemated)`` and ``(loss-condition (Black)
    stalemated)``: one rule for both.  perft(1) = 2 (a1-a2, b1-b2); perft(2) = 2 (c3-c2 after
    each); perft(3) = 4 (the Man that moved steps on to the third rank, or the other one
    starts).  The random games end by stalemate (Black's Man has two steps in all)."""
    path = tmp_path / "stepping.zrf"
    path.write_text(stepping_game("(loss-condition (White) stalemated)\n(loss-condition (Black) stalemated)"))
    game = open_game(str(path))
    export, _, result = export_and_verify(game, positions=scaled(200, 60))
    assert export.section.options["stalemateValue"] == "loss"
    assert result.perft_ours == result.perft_theirs == [2, 2, 4]
    assert result.ok, result.describe()


def test_a_stalemate_loss_of_one_player_only_is_a_located_e809(tmp_path):
    """Only White loses when stalemated; Black's stalemate stays a draw."""
    path = tmp_path / "stepping.zrf"
    text = stepping_game("(loss-condition (White) stalemated)")
    path.write_text(text)
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "loss-condition" in t)
    assert refused_export_lines(path) == [
        (f"{path}:{line}:3: E809 loss-condition stalemated for White only (Black stalemated draws, Zillions' "
         "default): Fairy-Stockfish's stalemateValue is one for both players")]
