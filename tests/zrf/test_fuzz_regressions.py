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


def _deep(kind: str, calls: int, depth: int = 95) -> str:
    """A macro nesting ``depth`` lists, called inside itself ``calls`` times, as a goal, condition or statement."""
    wrap = "(deep " * calls + "{}" + ")" * calls
    nots = "(define deep " + "(not " * depth + "$1" + ")" * depth + ")\n"
    ifs = "(define deep " + "(if true " * depth + "$1" + ")" * depth + ")\n"
    if kind == "goal":
        return game(goal=wrap.format("stalemated"), defines=nots)
    if kind == "condition":
        return game(moves=f"(n (verify {wrap.format('empty?')}) add)", defines=nots)
    return game(moves=f"({wrap.format('n')} add)", defines=ifs)


@pytest.mark.parametrize("kind", ["goal", "condition", "statement"])
def test_nesting_deeper_than_python_recursion_is_a_diagnostic(kind, monkeypatch):
    """Found by reasoning about the fuzzer's blind spot (it writes shallow forms): 380 levels made by
    macros passed the old expanded-nesting limit (400) and the linter's recursion died with
    RecursionError.  The limit is now 200 (E222 at expansion), and a raised limit meets the
    recursion limit as E222 from the linter and the loader instead of a traceback."""
    assert "E222" in {d.code for d in run_everything(_deep(kind, 4))}
    monkeypatch.setenv("ZRF_LIMITS", "expanded_nesting=5000")
    assert "E222" in {d.code for d in run_everything(_deep(kind, 8))}
