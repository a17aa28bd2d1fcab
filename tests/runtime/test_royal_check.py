"""``in_check`` of a position and of each position its turns make, against other engines.

A child's answer comes from its parent's board (:mod:`runtime.interpreter.royal_check`): the
first child asking gets the whole-board test, the later ones re-run only the attackers their
turn touched.  The children's king-safety filters share the parent's baselines the same way
(:meth:`.attacks.AttackSearch.baseline_after`): each child's legal moves are counted against
the same engines.  Every child of seeded random positions is compared with python-chess's
``Board.is_check`` (chess) and Fairy-Stockfish's ``gives_check`` with no moves, which tells
whether the side to move is in check (xiangqi), on the position written as a FEN: 354 chess
children (12 in check) and 437 xiangqi children (12 in check) of twelve positions each.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from runtime.interpreter.attacks import AttackSearch
from runtime.loading.opening import open_game

from .oracles import chess_fen, random_positions, xiangqi_fen

GAMES = Path(__file__).resolve().parents[1] / "games"


def _children(game, positions: int, seed: int):
    """(move, child) for every child of ``positions`` seeded random positions, one position's
    children after another; the parent's signature is made first, as a search makes it."""
    for state in random_positions(game, positions, seed):
        state.signature()
        for move in state.legal_moves():
            yield move, state.apply(move)


def _children_checks(game, positions: int, seed: int, oracle) -> tuple[list, int, int]:
    """(disagreements, children compared, children in check) over every child (:func:`_children`)."""
    wrong, compared, checked = [], 0, 0
    for move, child in _children(game, positions, seed):
        ours = child.in_check()
        theirs = oracle(child)
        compared += 1
        checked += theirs
        if ours != theirs or child.in_check() != ours:
            wrong.append((move.notation, ours, theirs))
    return wrong, compared, checked


def test_every_childs_check_is_python_chesss():
    chess = pytest.importorskip("chess")
    game = open_game(str(GAMES / "chess.zrf"))
    wrong, compared, checked = _children_checks(game, 12, 5, lambda s: chess.Board(chess_fen(s)).is_check())
    assert not wrong, wrong[:5]
    assert compared > 200 and checked > 0  # both answers met, most children through the parent's baseline


def test_every_childs_check_is_fairy_stockfishs_in_xiangqi():
    pyffish = pytest.importorskip("pyffish")
    game = open_game(str(GAMES / "xiangqi.zrf"))
    wrong, compared, checked = _children_checks(
        game, 12, 5, lambda s: pyffish.gives_check("xiangqi", xiangqi_fen(s), []))
    assert not wrong, wrong[:5]
    assert compared > 200 and checked > 0


def _children_moves(game, positions: int, seed: int, oracle, monkeypatch) -> tuple[list, int, int]:
    """(disagreements, children compared, baselines brought up from a parent's) over every child
    (:func:`_children`): the child's legal moves counted by us and by ``oracle``, the children's
    move lists made one after the other, as a search makes them."""
    brought = []
    original = AttackSearch.baseline_after

    def counted(self, *args, **kwargs):
        brought.append(1)
        return original(self, *args, **kwargs)
    monkeypatch.setattr(AttackSearch, "baseline_after", counted)
    wrong, compared = [], 0
    for move, child in _children(game, positions, seed):
        ours, theirs = len(child.legal_moves()), oracle(child)
        compared += 1
        if ours != theirs:
            wrong.append((move.notation, ours, theirs))
    return wrong, compared, len(brought)


def test_every_childs_moves_are_python_chesss(monkeypatch):
    chess = pytest.importorskip("chess")
    game = open_game(str(GAMES / "chess.zrf"))
    wrong, compared, brought = _children_moves(
        game, 40, 5, lambda s: chess.Board(chess_fen(s)).legal_moves.count(), monkeypatch)
    assert not wrong, wrong[:5]
    assert compared > 200 and brought > 100  # most children's filters from the parent's baselines


def test_every_childs_moves_are_fairy_stockfishs_in_xiangqi(monkeypatch):
    pyffish = pytest.importorskip("pyffish")
    game = open_game(str(GAMES / "xiangqi.zrf"))
    wrong, compared, brought = _children_moves(
        game, 40, 5, lambda s: len(pyffish.legal_moves("xiangqi", xiangqi_fen(s), [])), monkeypatch)
    assert not wrong, wrong[:5]
    assert compared > 200 and brought > 100
