"""A position's signature made from its parent's (runtime.interpreter.signature_delta) is its whole signature.

A search asks for the signature of every child of a position whose own
signature it has; the child then swaps only the entries of the squares its turn
changed.  Here every child of the positions of seeded random games is checked
two ways: against a position built afresh on the same board, stores and turn
(no parent, so its signature is built from every cell), and, for the board
entries, against the contract's ``board()`` view, which reads the cells without
the signature's tables.  The games cover the kinds of change a turn makes:
chess (captures, promotion, castling's attribute flags, en passant's removal on
another square), checkers (add-partial chains of captures, crowning) and shogi
(drops from and captures into the stores).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from runtime.interpreter import ZrfState
from runtime.loading.opening import open_game

GAMES = Path(__file__).resolve().parent.parent / "games"


@pytest.mark.parametrize("name", ["chess.zrf", "checkers.zrf", "shogi.zrf"])
def test_a_childs_signature_from_its_parents_is_its_whole_signature(name):
    game = open_game(str(GAMES / name))
    rng = random.Random(7)
    state = game.initial_state()
    state.signature()
    checked = 0
    for _ in range(40):
        moves = state.legal_moves()
        if not moves:
            break
        for move in moves:
            child = state.apply(move)
            sig = child.signature()
            fresh = ZrfState(game, child.cells, child.stores, child.turn, child.last_from, child.last_to,
                             child.removed, None)
            assert sig == fresh.signature(), move.notation
            assert sig.board == {(cell, owner, ptype) for cell, (owner, ptype) in child.board().items()}
            checked += 1
        state = state.apply(rng.choice(moves))
        state.signature()
    assert checked > 100
