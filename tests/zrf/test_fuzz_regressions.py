"""Every input the grammar fuzzer (test_grammar_fuzz.py) found to crash or hang, reduced by hand:
each must now give only diagnostics.  The comment names what broke and the fix."""

from __future__ import annotations

import pytest

from tests.zrf.test_grammar_fuzz import run_everything

BOARD = ('(players A B) (turn-order A B) (board (grid (start-rectangle 0 0 10 10) '
         '(dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10))) (directions (n 0 -1) (s 0 1))))')


def game(extra: str = "", moves: str = "(n add)", goal: str = "stalemated", defines: str = "") -> str:
    return (f'{defines}(game (title "T") {BOARD} (piece (name Man) (moves {moves})) '
            f'(board-setup (A (Man a1)) (B (Man c3))) (loss-condition (A B) {goal}) {extra})')


CASES = {
    # $0 read argument -1 (IndexError in the expander): $0 names no argument, W202
    "dollar-zero": (game(goal="(fz)", defines="(define fz ($1 $0 $2))\n"), {"W202"}),
    "dollar-zero-head": (game(extra="(fz)", defines='(define fz (include ($0 x$1) $2))\n'), {"W202"}),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_found_case_gives_only_diagnostics(name):
    text, expected = CASES[name]
    codes = {d.code for d in run_everything(text)}
    assert expected <= codes, codes
