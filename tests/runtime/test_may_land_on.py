"""``State.may_land_on(cell)``: False only when no legal move ends on the cell.

A quiescence search follows, after a first capture, only the exchanges on the cell it landed on
(:meth:`runtime.players.alphabeta.AlphaBetaPlayer._quiesce`); where the interpreter's attack test
finds no move of the side to move that would capture there, the position's moves are not made,
only its outcome is asked.  Every answer False is checked against the legal moves of the same
position (the last movement of none ends there) and the outcome against a twin position that was
never asked; and a search gives the same moves, values and node counts with the answer as when
every position claims nothing.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from runtime.interpreter.state import ZrfState
from runtime.loading.opening import open_game
from runtime.players.knowledge import KnowledgeCache, move_movements
from tests.conftest import corpus_entries, scaled
from tests.search_helpers import searches_along_a_random_game

GAMES = Path(__file__).resolve().parents[1] / "games"

#: files with drops, jumps over pieces, flips, promotions by capture and multi-part turns
CHOSEN = ("Agon-618db0", "Chessence-1b3dc7", "CheckersCollection", "Dobutsu",
          "Chu_Shogi_Original_v1.3", "Dark-Light")
ROWS = {r["slug"]: r for r in corpus_entries() if r["engine"] != "axiom" and r["slug"] != "common"}
SAMPLE = sorted(set(CHOSEN) & set(ROWS)) + sorted(ROWS)[::max(1, len(ROWS) // scaled(30, 0) or 10**9)]


def _landings(state) -> set[str]:
    """The cells where a legal move's last movement ends (the quiescence search's landing)."""
    return {legs[-1][2] for move in state.legal_moves() if (legs := move_movements(move))}


def _walk(game, plies: int, seed) -> tuple[int, int]:
    """Along a seeded random game, every occupied cell of every position asked: (answers False,
    answers True).  Each position is made twice from its parent, one asked, one not."""
    rng = random.Random(seed)
    parent, move = None, None
    state = game.initial_state()
    denied = allowed = 0
    for _ply in range(plies):
        asked = state if parent is None else parent.apply(move)
        board = asked.board()
        landings = None
        for cell in sorted(board):
            if asked.may_land_on(cell):
                allowed += 1
                continue
            denied += 1
            if landings is None:
                landings = _landings(state)
            assert cell not in landings, f"{cell}: a legal move ends there after {move and move.notation}"
        assert asked.outcome() == state.outcome()
        moves = state.legal_moves()
        if not moves:
            break
        parent, move = state, moves[rng.randrange(len(moves))]
        state = parent.apply(move)
    return denied, allowed


@pytest.mark.parametrize("name", ["chess", "xiangqi"])
def test_no_legal_move_ends_where_the_answer_is_no(name):
    denied, allowed = _walk(open_game(str(GAMES / f"{name}.zrf")), scaled(80, 30), name)
    assert denied > 50 and allowed > 50  # both answers met, each checked


@pytest.mark.corpus
@pytest.mark.parametrize("slug", SAMPLE)
def test_no_legal_move_ends_where_the_answer_is_no_in_the_corpus(slug, corpus_dir):
    row = ROWS[slug]
    _walk(open_game(str(corpus_dir / slug / row["file"])), scaled(40, 15), slug)


@pytest.mark.parametrize("name", ["chess", "xiangqi"])
def test_a_search_is_the_same_with_the_answer(name, monkeypatch):
    game = open_game(str(GAMES / f"{name}.zrf"))
    cache = KnowledgeCache(capacity=1)
    denied = []
    asked = ZrfState.may_land_on

    def counted(self, cell):
        answer = asked(self, cell)
        denied.append(not answer)
        return answer

    def searches():
        return searches_along_a_random_game(game, cache, scaled(24, 12), 4, 300, 3)

    monkeypatch.setattr(ZrfState, "may_land_on", counted)
    with_answer = searches()
    monkeypatch.setattr(ZrfState, "may_land_on", lambda self, cell: True)
    without = searches()
    assert with_answer == without
    assert sum(denied) > 20  # the quiescence search met cells no move reaches
