"""The keyword table (zrf/keywords.py) drives the linter, the move compiler, the goal compiler
and docs/keywords.md; these tests make "checks clean but does nothing" impossible."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from runtime.loading.opening import open_game
from runtime.interpreter.compiler import Compiler
from runtime.interpreter.goals import GoalCompiler
from zrf import keywords as kw
from zrf import lint
from zrf.keyword_reference import render
from zrf.lint import lint_file

ROOT = Path(__file__).resolve().parents[2]

#: The runtime class that runs each runtime context's keywords.
RUNNERS = {kw.STATEMENT: Compiler, kw.CONDITION: Compiler, kw.GOAL: GoalCompiler, kw.OCCUPIER: GoalCompiler}


def test_every_runtime_keyword_has_a_handler():
    """A keyword the linter accepts in a move block, condition or goal must name a runtime handler."""
    missing = [(name, ctx) for ctx in kw.RUNTIME_CONTEXTS for name, use in kw.table(ctx).items()
               if use.run is None or not hasattr(RUNNERS[ctx], "run_" + use.run)]
    assert missing == []


def test_every_runtime_handler_has_a_keyword():
    """The reverse: a ``run_*`` method no keyword names would run something the linter rejects."""
    for cls in set(RUNNERS.values()):
        named = {use.run for ctx, runner in RUNNERS.items() if runner is cls
                 for use in kw.table(ctx).values()}
        handlers = {n[4:] for n, _ in inspect.getmembers(cls, inspect.isfunction) if n.startswith("run_")}
        assert handlers == named, cls.__name__


def test_keywords_outside_the_runtime_say_what_gives_them_meaning():
    for k in kw.KEYWORDS:
        for use in k.uses:
            if use.context in kw.RUNTIME_CONTEXTS:
                assert use.meaning == "runtime", k.name
            else:
                assert use.run is None and use.meaning in kw.MEANINGS and use.meaning != "runtime", k.name


def test_every_check_name_is_a_linter_method_and_every_check_method_is_named():
    owners = (lint._ProgramChecker, lint._GameLinter)
    named = {use.check for k in kw.KEYWORDS for use in k.uses if use.check}
    for name in named:
        assert any(hasattr(o, "check_" + name) for o in owners), name
    defined = {n[6:] for o in owners for n, _ in inspect.getmembers(o, inspect.isfunction)
               if n.startswith("check_")}
    assert defined == named


def test_kinds_and_arities_are_well_formed():
    for k in kw.KEYWORDS:
        assert k.name not in kw.BY_NAME or kw.BY_NAME[k.name] is k  # each keyword defined once
        for use in k.uses:
            assert use.context in kw.CONTEXTS
            assert use.arity is not None or use.atom or use.context == kw.OPTION, k.name
            assert sum(a.endswith("*") for a in use.args) <= 1, k.name
            for a in use.args:
                assert a.rstrip("*") in kw.KINDS, (k.name, a)
    assert len(kw.KEYWORDS) == len(kw.BY_NAME)


def test_keyword_page_matches_a_fresh_render():
    """docs/keywords.md is generated: `python -m zrf.keyword_reference > docs/keywords.md`."""
    assert (ROOT / "docs" / "keywords.md").read_text(encoding="utf-8") == render()


# --------------------------------------------------------------------------- lint and runtime agree

GAME = """(game (title "T")
  (players A B) (turn-order A B)
  (board (grid (start-rectangle 0 0 10 10)
               (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
               (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0)))
         (zone (name promo) (players A B) (positions a3)))
  (piece (name Man) (attribute moved? false)
         (moves (move-type mt) ((set-flag f true) (set-position-flag f true) {block} add)))
  (board-setup (A (Man b2)) (B (Man a1)))
  (loss-condition (A B) {goal}))
"""

#: A valid argument of each kind in GAME.
SAMPLE = {"place": "n", "direction": "n", "position": "a1", "piece": "Man", "zone": "promo",
          "attribute": "moved?", "flag": "f", "move-type": "mt", "number": "1", "go-target": "from",
          "condition": "empty?", "statement": "n", "goal": "stalemated", "occupier": "Man",
          "name": "Man", "string": '"x"', "any": "(a1)"}


def _forms(context: str):
    """Every keyword of ``context`` written with its fewest and with more arguments."""
    for name, use in kw.table(context).items():
        if name == "else":
            yield name, "(if true n else n)"
            continue
        if use.atom:
            yield name, name
        if use.arity is not None:
            lo, hi = use.arity
            for n in sorted({lo, hi if hi is not None else lo + 2}):
                args = " ".join(SAMPLE[k] for k in use.kinds_for(n))
                if name == "relative-config":  # occupiers and directions alternate
                    args = " ".join(["Man", "n", "Man"][:max(n, 1)])
                elif name == "create":  # [player] [piece] [place], in that order
                    args = " ".join(["A", "Man", "a1"][:n])
                yield name, f"({name}{' ' + args if args else ''})"


CASES = ([(kw.STATEMENT, n, f) for n, f in _forms(kw.STATEMENT)]
         + [(kw.CONDITION, n, f"(verify {f})") for n, f in _forms(kw.CONDITION)]
         + [(kw.GOAL, n, f) for n, f in _forms(kw.GOAL)]
         + [(kw.OCCUPIER, n, f"(absolute-config {f} (a1))") for n, f in _forms(kw.OCCUPIER)])


@pytest.mark.parametrize("context,name,form", CASES, ids=[f"{c}:{f}" for c, n, f in CASES])
def test_every_keyword_lints_clean_and_compiles_without_a_runtime_problem(tmp_path, context, name, form):
    """Each keyword written correctly: no lint error, and the runtime compiles it without W501/W502."""
    block, goal = (form, "stalemated") if context in (kw.STATEMENT, kw.CONDITION) else ("n", form)
    path = tmp_path / "t.zrf"
    path.write_text(GAME.format(block=block, goal=goal))
    errors = [d.format() for d in lint_file(str(path)).diagnostics if d.is_error]
    assert errors == []
    game = open_game(str(path))
    assert [d.format() for d in game.report.diagnostics if d.code in ("W501", "W502")] == []
    game.initial_state().legal_moves()


@pytest.mark.parametrize("atom,listed", [("back", "(back)"), ("cascade", "(cascade)"), ("add", "(add)"),
                                         ("mark", "(mark)"), ("from", "(from)"), ("to", "(to)"),
                                         ("capture", "(capture)"), ("create", "(create)")])
def test_list_forms_of_atom_statements_run_like_the_atoms(tmp_path, atom, listed):
    """``(back)`` and ``(cascade)`` once checked clean and then lost the piece's moves (W501)."""
    program = "(mark n (verify empty?) {x} n cascade n add)"
    got = []
    for text in (atom, listed):
        path = tmp_path / f"{len(got)}.zrf"
        path.write_text(GAME.format(block="", goal="stalemated").replace(
            "((set-flag f true) (set-position-flag f true)  add)", program.format(x=text)))
        game = open_game(str(path))
        assert [d for d in game.report.diagnostics if d.code == "W501"] == []
        got.append(sorted(m.notation for m in game.initial_state().legal_moves()))
    assert got[0] == got[1]
