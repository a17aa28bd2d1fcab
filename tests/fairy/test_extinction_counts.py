"""``(pieces-remaining N)`` goals, N > 0, as Fairy-Stockfish's extinction with a count
(``extinctionPieceCount``), a win, a loss or a draw; and the located refusals where the two
rules differ (runtime/fairy/extinction_goals.py).

The small game: a 3x3 board, White's Men on a1 and b1, Black's on b3 and c3; a Man steps
north, east, south or west onto a cell no friend holds, taking an enemy there.  Skipped without
pyffish.
"""

from __future__ import annotations

import textwrap

import pytest

pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed: pip install 'zrf-toolkit[fairy]'")

from runtime.loading.opening import open_game
from tests.conftest import scaled
from tests.fairy.export_refusals import refused_export_lines
from tests.fairy.exported import export_and_verify


def two_men(goals: str, setup: str = "(White (Man a1 b1)) (Black (Man b3 c3))") -> str:
    """The game of the module docstring with ``goals`` (one a line) and ``setup``."""
    return textwrap.dedent("""\
        (define step ($1 (verify not-friend?) add))
        (game
          (title "Two Men")
          (players White Black)
          (turn-order White Black)
          (board
            (grid (start-rectangle 0 0 50 50)
              (dimensions ("a/b/c" (50 0)) ("3/2/1" (0 50)))
              (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0))))
          (piece (name Man) (moves (step n) (step e) (step s) (step w)))
          (board-setup SETUP)
        GOALS)
        """).replace("SETUP", setup).replace("GOALS", textwrap.indent(goals, "  "))


def _line_of(text: str, needle: str) -> int:
    return next(i for i, t in enumerate(text.splitlines(), 1) if needle in t)


@pytest.mark.parametrize(("kind", "winners"), [("draw", ()), ("loss", ("Black",)), ("win", ("White",))])
def test_one_piece_left_ends_the_game_in_both_engines(tmp_path, kind, winners):
    """``(KIND-condition (White Black) (pieces-remaining 1))``.  By hand: White's moves are
    a1-a2 (a1's east is its own b1) and b1-b2, b1-c1 (b1's west is a1): perft(1) = 3.  Black
    then has b3-b2 (or b3xb2 after b1-b2), b3-a3 and c3-c2 (c3's west is b3) whatever White
    played: perft(2) = 9.  After b1-b2 b3xb2 White has one Man left, a1, and the game is over:
    a draw, White's loss (Black wins) or White's win.  Fairy-Stockfish says the same with
    ``extinctionPieceTypes = *``, ``extinctionPieceCount = 1`` and ``extinctionValue`` KIND;
    its perft(3) and the random games' positions must equal ours too."""
    path = tmp_path / "two-men.zrf"
    path.write_text(two_men(f"({kind}-condition (White Black) (pieces-remaining 1))"))
    game = open_game(str(path))
    export, fairy, result = export_and_verify(game, positions=scaled(200, 40))
    options = export.section.options
    assert (options["extinctionValue"], options["extinctionPieceTypes"], options["extinctionPieceCount"]) == \
        (kind, "*", "1")

    ours, theirs = game.initial_state(), fairy.initial_state()
    assert sorted(m.notation for m in ours.legal_moves()) == ["Man a1 - a2", "Man b1 - b2", "Man b1 - c1"]
    assert sorted(m.notation for m in theirs.legal_moves()) == ["a1a2", "b1b2", "b1c1"]
    for line in (("Man b1 - b2", "b1b2"), ("Man b3 x b2", "b3b2")):
        ours = ours.apply(next(m for m in ours.legal_moves() if m.notation == line[0]))
        theirs = theirs.apply(next(m for m in theirs.legal_moves() if m.notation == line[1]))
    for state in (ours, theirs):
        outcome = state.outcome()
        assert outcome is not None and tuple(outcome.winners) == winners, outcome
    assert result.perft_ours[:2] == result.perft_theirs[:2] == [3, 9]
    assert result.ok, result.describe()


#: goals the extinction rule cannot say, the goal refused (a text on its line) and the message after its
#: location, each with why
REFUSED_COUNTS = [
    pytest.param(
        # two Men each at the start: Zillions' count is exact, so the goal holds at once;
        # Fairy-Stockfish's "at most 2" would hold after every capture too
        "(draw-condition (White Black) (pieces-remaining 2))", "draw-condition",
        "E809 draw-condition (pieces-remaining 2): Zillions' count is exact and Fairy-Stockfish's at most 2, the "
        "same only for a count that starts above it (White 2, Black 2 at the start)",
        id="a-count-a-player-starts-with"),
    pytest.param(
        # a draw with one Man left and a loss with none: Fairy-Stockfish has one value and one count
        "(draw-condition (White Black) (pieces-remaining 1))\n(loss-condition (White Black) (pieces-remaining 0))",
        "loss-condition",
        "E809 loss-condition (pieces-remaining 0): beside draw-condition (pieces-remaining 1): Fairy-Stockfish's "
        "extinction has one value and one count",
        id="two-counts-or-two-values"),
    pytest.param(
        "(loss-condition (White) (pieces-remaining 1))", "loss-condition",
        "E809 loss-condition (pieces-remaining 1): for White only: Fairy-Stockfish's extinction ends the game "
        "alike for either player",
        id="a-count-of-one-player-only"),
    pytest.param(
        # White wins with a Man on c3, a goal Zillions judges before the draw that follows it in the
        # file; Fairy-Stockfish judges extinction first, so White taking Black's Man on c3 while Black
        # has two (b1-c1, c1-c2, c2xc3 with Black's b3 still there) would be a draw there
        "(win-condition (White) (absolute-config Man (c3)))\n(draw-condition (White Black) (pieces-remaining 1))",
        "draw-condition",
        "E809 draw-condition (pieces-remaining 1): after win-condition (absolute-config Man (c3)): Zillions "
        "judges the goals of every move in file order, Fairy-Stockfish extinction first",
        id="a-draw-by-count-after-a-flag-goal"),
]


@pytest.mark.parametrize(("goals", "refused", "message"), REFUSED_COUNTS)
def test_a_count_fairy_stockfish_cannot_say_is_a_located_e809(tmp_path, goals, refused, message):
    path = tmp_path / "two-men.zrf"
    text = two_men(goals)
    path.write_text(text)
    assert refused_export_lines(path) == [f"{path}:{_line_of(text, refused)}:3: {message}"]
