"""Stalemate goals Fairy-Stockfish says by counting material: one player winning whoever is
stalemated (draw odds), the most pieces winning (``count-condition``); and games whose second
declared player moves first (their colours).

The small game: a 3x3 board; Men step forward onto empty cells, White's north, Black's south;
nothing captures, so the game ends when the player to move has no step left.  The players are
declared ``(players Black White)`` and play ``(turn-order White Black)``, as Three Musketeers
declares Red first and lets White move first: White is Fairy-Stockfish's White.  Its goals,
``(win-condition (White) stalemated)`` and ``(loss-condition (Black) stalemated)``, give White
the game whoever has no move: ``stalemateValue = draw`` with ``materialCounting =
whitedrawodds``; a ``count-condition`` of both players is ``materialCounting = unweighted``.
Skipped without pyffish.
"""

from __future__ import annotations


import pytest

pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed: pip install 'zrf-toolkit[fairy]'")

from runtime.loading.opening import open_game
from tests.conftest import scaled
from tests.fairy.export_refusals import refused_export_lines
from tests.fairy.exported import export_and_verify
from tests.fairy.stepping_games import SETUP, stepping_game

#: White wins when it is stalemated, Black loses when it is: White wins either way
WHITE_WINS_EITHER_WAY = "(win-condition (White) stalemated)\n(loss-condition (Black) stalemated)"


def declared_black_first(setup: str, goals: str) -> str:
    """The game of the module docstring, its players declared Black first, with ``setup`` and ``goals``."""
    return stepping_game(goals, setup, players="Black White")


@pytest.mark.parametrize("setup, start_fen, perft, line", [
    # White's two Men have four steps, Black's one Man two: Black is stalemated on c1 after
    # a1-a2 c3-c2 a2-a3 c2-c1 b1-b2.  perft(1) 2 (a1-a2, b1-b2), perft(2) 2 (c3-c2 after
    # each), perft(3) 4 (the Man that moved steps on, or the other one starts)
    ("(White (Man a1 b1)) (Black (Man c3))", "2m/3/MM1 w - - 0 1", [2, 2, 4],
     ["a1a2", "c3c2", "a2a3", "c2c1", "b1b2"]),
    # White's one Man has two steps, Black's two Men four: White is stalemated on a3 after
    # a1-a2 b3-b2 a2-a3 b2-b1.  perft(1) 1 (a1-a2), perft(2) 2 (b3-b2, c3-c2), perft(3) 2
    # (a2-a3 after each)
    ("(White (Man a1)) (Black (Man b3 c3))", "1mm/3/M2 w - - 0 1", [1, 2, 2],
     ["a1a2", "b3b2", "a2a3", "b2b1"]),
], ids=["black-stalemated", "white-stalemated"])
def test_one_player_winning_whoever_is_stalemated_is_its_draw_odds(tmp_path, setup, start_fen, perft, line):
    """The section has White's draw odds, White's Men upper case although White is declared
    second; pyffish counts the hand counts and scores the stalemate at the end of ``line`` a
    win for White, whoever is to move, as our interpreter does."""
    path = tmp_path / "stepping.zrf"
    path.write_text(declared_black_first(setup, WHITE_WINS_EITHER_WAY))
    game = open_game(str(path))
    export, fairy, result = export_and_verify(game, positions=scaled(200, 60))
    options = export.section.options
    assert (options["stalemateValue"], options["materialCounting"], options["nFoldRule"]) == \
        ("draw", "whitedrawodds", "0")
    assert options["startFen"] == start_fen
    assert result.perft_ours == result.perft_theirs == perft
    assert result.ok, result.describe()
    assert fairy.ffish.legal_moves(fairy.variant, fairy.start_fen, line) == []
    to_move_wins = fairy.ffish.game_result(fairy.variant, fairy.start_fen, line) > 0
    assert to_move_wins == (len(line) % 2 == 0)  # White to move after an even number of moves
    state = game.initial_state()
    for uci in line:
        state = next(state.apply(m) for m in state.legal_moves()
                     if (m.details[0].movements[0].source, m.details[0].movements[0].target) == (uci[:2], uci[2:]))
    assert state.outcome().winners == ("White",)


def test_black_winning_whoever_is_stalemated_is_blacks_draw_odds(tmp_path):
    """The same goals turned round: Black (Fairy-Stockfish's Black) wins either way."""
    path = tmp_path / "stepping.zrf"
    path.write_text(declared_black_first(SETUP,
                                         "(loss-condition (White) stalemated)\n(win-condition (Black) stalemated)"))
    game = open_game(str(path))
    export, _, result = export_and_verify(game, positions=scaled(200, 60))
    assert export.section.options["materialCounting"] == "blackdrawodds"
    assert result.perft_ours == result.perft_theirs == [2, 2, 4]
    assert result.ok, result.describe()


@pytest.mark.parametrize("setup, perft, line, winners", [
    # Black stalemated on c1 after five moves: White has two Men, Black one
    ("(White (Man a1 b1)) (Black (Man c3))", [2, 2, 4], ["a1a2", "c3c2", "a2a3", "c2c1", "b1b2"], ("White",)),
    # White stalemated on a3 after four moves: one Man each, a draw
    ("(White (Man a1)) (Black (Man c3))", [1, 1, 1], ["a1a2", "c3c2", "a2a3", "c2c1"], ()),
    # White stalemated on a3 after four moves: Black has two Men, White one.  perft(2) 2
    # (b3-b2, c3-c2 after a1-a2), perft(3) 2 (a2-a3 after each)
    ("(White (Man a1)) (Black (Man b3 c3))", [1, 2, 2], ["a1a2", "b3b2", "a2a3", "b2b1"], ("Black",)),
], ids=["white-more", "equal", "black-more"])
def test_a_stalemate_counted_by_pieces_is_unweighted_material_counting(tmp_path, setup, perft, line, winners):
    """``(count-condition (White Black) stalemated)``: the player with more pieces on the board
    wins, equal counts draw, in pyffish and in our interpreter (the players here declared
    Black first, as above)."""
    path = tmp_path / "stepping.zrf"
    path.write_text(declared_black_first(setup, "(count-condition (White Black) stalemated)"))
    game = open_game(str(path))
    export, fairy, result = export_and_verify(game, positions=scaled(200, 60))
    assert (export.section.options["stalemateValue"], export.section.options["materialCounting"]) == \
        ("draw", "unweighted")
    assert result.perft_ours == result.perft_theirs == perft
    assert result.ok, result.describe()
    assert fairy.ffish.legal_moves(fairy.variant, fairy.start_fen, line) == []
    value = fairy.ffish.game_result(fairy.variant, fairy.start_fen, line)
    white_to_move = len(line) % 2 == 0
    fairy_winners = () if value == 0 else ("White",) if (value > 0) == white_to_move else ("Black",)
    assert fairy_winners == winners
    state = game.initial_state()
    for uci in line:
        state = next(state.apply(m) for m in state.legal_moves()
                     if (m.details[0].movements[0].source, m.details[0].movements[0].target) == (uci[:2], uci[2:]))
    assert state.outcome().winners == winners


def test_draw_odds_beside_a_repetition_draw_is_a_located_e809(tmp_path):
    """Fairy-Stockfish's draw odds would score the repetition's draw as White's win too."""
    path = tmp_path / "stepping.zrf"
    text = declared_black_first(SETUP,
                                WHITE_WINS_EITHER_WAY + "\n(draw-condition (White Black) repetition)")
    path.write_text(text)
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "repetition" in t)
    assert refused_export_lines(path) == [
        (f"{path}:{line}:3: E809 draw-condition repetition beside win-condition stalemated: Fairy-Stockfish's "
         "materialCounting, which says that stalemate, would score the repetition's draw by the same count")]


def test_a_stalemate_won_by_one_player_and_drawn_by_the_other_stays_a_located_e809(tmp_path):
    """White wins when stalemated, Black's stalemate is Zillions' default draw: no odds say
    that (Hunt's rule, with the loser's side turned round)."""
    path = tmp_path / "stepping.zrf"
    text = declared_black_first(SETUP, "(win-condition (White) stalemated)")
    path.write_text(text)
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "win-condition" in t)
    assert refused_export_lines(path) == [
        (f"{path}:{line}:3: E809 win-condition stalemated for White only (Black stalemated draws, Zillions' "
         "default): Fairy-Stockfish's stalemateValue is one for both players")]
