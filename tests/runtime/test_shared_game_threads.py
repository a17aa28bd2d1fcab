"""One loaded ZRF game played from several threads at once gives the serial answers.

A :class:`runtime.interpreter.ZrfGame` keeps no search state: attack tests
(``attacked?`` in castling, the king-safety filter, ``checkmated``) keep theirs
in an :class:`runtime.interpreter.attacks.AttackSearch` per question.  Before
that split, the nesting depth and the incremental-test state were fields of the
game, and two threads generating moves at once corrupted each other's answers.
The expected counts are the serial run's, themselves pinned against
Fairy-Stockfish by tests/runtime/test_chess_perft.py.
"""

from __future__ import annotations

import random
import sys
import threading
from pathlib import Path

import pytest

from runtime.interpreter import ZrfState
from runtime.loading.opening import open_game
from runtime.verify.perft import perft

CHESS = str(Path(__file__).resolve().parents[1] / "games" / "chess.zrf")
THREADS = 4

GUARDED = """(game (title "Guarded leaps") (players A B) (turn-order A B)
  (board (grid (start-rectangle 0 0 9 9) (dimensions ("a/b/c/d/e/f" (9 0)) ("6/5/4/3/2/1" (0 9)))
               (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0))))
  (symmetry B (n s) (s n))
  (piece (name King)
     (moves (n (verify not-friend?) add) (e (verify not-friend?) add)
            (s (verify not-friend?) add) (w (verify not-friend?) add)
            ((verify not-attacked?) n n (verify not-friend?) add)
            ((verify not-attacked?) e e (verify not-friend?) add)))
  (piece (name Rook) (moves (n (while empty? add n) (verify not-friend?) add)
                            (e (while empty? add e) (verify not-friend?) add)
                            (w (while empty? add w) (verify not-friend?) add)))
  (board-setup (A (King c1) (Rook a1 f2)) (B (King d6) (Rook a6 f5)))
  (loss-condition (A B) (checkmated King)))"""
"""Kings whose leaps are guarded by not-attacked? (from tests/runtime/test_interpreter.py):
every king-safety test re-runs the opponent's King, whose guard is an attack test inside
an attack test (the nesting depth and the incremental state at work)."""


def _positions(game, count: int, plies: int, seed: int) -> list:
    """Positions a few random plies into the game (castling rights, checks, pins)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.initial_state()
        for _ in range(plies):
            moves = state.legal_moves()
            if not moves:
                break
            state = state.apply(rng.choice(moves))
        else:
            out.append(state)
    return out


def _key(state: ZrfState) -> tuple:
    return (state.cells, state.stores, state.turn, state.last_from, state.last_to)


def _in_threads(work, jobs: list) -> list:
    """``work(job)`` for every job, THREADS threads at a time, answers in job order."""
    answers: list = [None] * len(jobs)
    errors: list = []
    start = threading.Barrier(THREADS)

    def run(k: int) -> None:
        try:
            start.wait()
            for i in range(k, len(jobs), THREADS):
                answers[i] = work(jobs[i])
        except BaseException as exc:  # reported by the test, not lost in the thread
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(k,)) for k in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    return answers


@pytest.fixture
def fast_switching():
    """Threads switch every few microseconds, so their move generations interleave finely."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


def _fresh(game, position: tuple) -> ZrfState:
    """A new state (nothing computed yet) of ``game`` at ``position`` (cells, stores, turn, last move)."""
    return ZrfState(game, *position, (), None)


def test_perft_of_one_shared_game_from_several_threads(fast_switching):
    game = open_game(CHESS)
    positions = [_key(s) for s in _positions(open_game(CHESS), 8, 14, seed=3)]
    serial = [perft(_fresh(game, p), 2) for p in positions]
    threaded = _in_threads(lambda p: perft(_fresh(game, p), 2), positions * 2)
    assert threaded == serial * 2


def test_nested_attack_tests_of_one_shared_game_from_several_threads(fast_switching, tmp_path):
    path = tmp_path / "guarded.zrf"
    path.write_text(GUARDED)
    game = open_game(str(path))
    positions = [_key(s) for s in _positions(open_game(str(path)), 12, 6, seed=7)]
    serial = [perft(_fresh(game, p), 3) for p in positions]
    threaded = _in_threads(lambda p: perft(_fresh(game, p), 3), positions * 2)
    assert threaded == serial * 2


def test_legal_moves_of_one_shared_game_from_several_threads(fast_switching):
    game = open_game(CHESS)
    positions = [_key(s) for s in _positions(open_game(CHESS), 24, 20, seed=5)]

    def moves(p):
        return [m.notation for m in _fresh(game, p).legal_moves()]
    serial = [moves(p) for p in positions]
    threaded = _in_threads(moves, positions * 2)
    assert threaded == serial * 2
