"""The lowered form of move programs (runtime/interpreter/lowered): one reading of the keyword text,
consumed by the closures, the generated source and the reach analysis.

The listings are checked against the test file's text by hand (each line and
column is written in the docstring); the moves of small games are counted by
hand; the back ends are compared with each other on the same form.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from click.testing import CliRunner

from runtime.interpreter import MoveBackEnd
from runtime.loading.opening import open_game
from runtime.interpreter import compiler, source_writer
from runtime.interpreter.lowered import Lowering, listing
from runtime.interpreter.lowered.form import CONDITION_OPS, HERE, STATEMENT_OPS, Op, Step, Predicate
from runtime.interpreter.lowered.lowering import dispatch
from zrf import keywords as kw
from zrf.cli import main

ROOT = Path(__file__).resolve().parents[2]
CHESS = str(ROOT / "tests" / "games" / "chess.zrf")
INTERPRETER = ROOT / "runtime" / "interpreter"

GAME = """(game (title "T") (players A B) (turn-order A B)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c/d" (10 0)) ("4/3/2/1" (0 10)))
               (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0))))
  (piece (name P) (moves {block}))
  (board-setup (A (P a1)) (B (P d4))))
"""


def _game(tmp_path, block: str, back_end: MoveBackEnd | None = None):
    path = tmp_path / "t.zrf"
    path.write_text(GAME.format(block=block))
    return open_game(str(path), back_end=back_end)


def _lines(game, piece: str = "P") -> list[str]:
    ti = game.tables.type_index[piece]
    return [line for b in game.lowered_moves[ti] for line in listing(b, game.tables)]


def test_every_op_has_a_closure_and_a_source():
    """Both back ends handle every statement op, and every condition op (a test of each kind)."""
    assert set(compiler._STATEMENTS) == STATEMENT_OPS
    assert set(source_writer._STATEMENTS) == STATEMENT_OPS
    game = open_game(CHESS)
    closures = compiler.Compiler(game.tables, game)
    source = source_writer.Translator(game.tables, {})
    for op in CONDITION_OPS - {Op.TRUE, Op.FALSE, Op.AND, Op.OR, Op.NOT}:
        arg = "flag" if op in (Op.FLAG, Op.POSITION_FLAG) else 0
        assert callable(closures.condition(Predicate(op, HERE, arg)))
        assert isinstance(source.condition(Predicate(op, HERE, arg)), str)


CONSUMERS = ("compiler.py", "source_writer.py", "reach.py")


@pytest.mark.parametrize("name", CONSUMERS)
def test_consumers_read_the_form_never_the_keyword_text(name):
    """The closures, the generated source and the reach analysis import neither the keyword table,
    nor the syntax tree, nor the lowering: only the form."""
    tree = ast.parse((INTERPRETER / name).read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            imported.add(("." * node.level) + (node.module or ""))
        elif isinstance(node, ast.Import):
            imported.update(a.name for a in node.names)
    assert not imported & {"zrf.keywords", "zrf.syntax", "zrf", ".lowered.lowering", ".lowered",
                           ".lowered.listing"}, imported
    assert ".lowered.form" in imported


def test_a_new_keyword_needs_only_its_lowering(tmp_path, monkeypatch):
    """A keyword whose meaning the form's nodes already express: one row in the keyword table and
    one lowering method, and both back ends and the reach analysis run it.  ``(hop d)`` is two
    steps in direction d.  Hand count, P on a1 of a 4x4 board: ``(hop n)`` lands on a3, ``(hop e)``
    on c1; the reach of each block is that one square."""
    use = kw.Use(kw.STATEMENT, (1, 1), args=("direction",), run="hop")
    monkeypatch.setitem(kw.table(kw.STATEMENT), "hop", use)

    def lower_hop(self, name, node, args):
        d = self.t.dir_index[args[0].text]
        return (Step(d, False, node), Step(d, False, node))
    monkeypatch.setattr(Lowering, "lower_hop", lower_hop, raising=False)
    monkeypatch.setattr(Lowering, "statement_keywords", dispatch(kw.STATEMENT, Lowering))
    for back_end in MoveBackEnd:
        game = _game(tmp_path, "((hop n) add) ((hop e) add)", back_end)
        assert [m.notation for m in game.initial_state().legal_moves()] == ["P a1 - a3", "P a1 - c1"]
        assert [d for d in game.report.diagnostics if d.code == "W501"] == []
        reach = game.attack_reach[0]
        assert [reach.blocks[i].hits(0, game.tables.pos_index["a1"]) for i in (0, 1)] == [
            frozenset({game.tables.pos_index["a3"]}), frozenset({game.tables.pos_index["c1"]})]


def test_the_pawns_step_as_lowered():
    """tests/games/chess.zrf, the Pawn's first block ``(pawn-step)`` (line 59, column 12), whose
    macro is written on line 17: ``n`` at column 22, ``(verify empty?)`` at 24; its
    ``(promote-or-add)`` expands to line 15's ``(if`` at column 3, ``(add Queen ...)`` at 33 and the
    ``add`` after ``else`` at 69 (counted in the file)."""
    assert _lines(open_game(CHESS), "Pawn")[:7] == [
        "Pawn move block 1 (17:21 via 59:12)",
        "  17:22 via 59:12  step n",
        "  17:24 via 59:12  verify empty?",
        "  15:3 via 59:12   if (in-zone? promotion-zone)",
        "  15:33 via 59:12    (add Queen Rook Bishop Knight)",
        "                   else",
        "  15:69 via 59:12    add",
    ]


FOLDED = ("((verify true) (if false n else e) (while false n) (verify (and true empty?))"
          " (if (or false friend?) (capture)) add (verify false) (frob) n add)")


def test_constants_are_folded_and_dead_code_dropped_but_read(tmp_path):
    """``(verify true)`` and ``(while false ...)`` vanish, ``(if false n else e)`` is its else
    branch, ``true``/``false`` drop out of ``and``/``or``, ``(verify false)`` is a stop and what
    follows it is gone, yet its unknown ``(frob)`` is still reported.  Columns counted in the
    block as written into the file's line 4 (``(moves`` at column 19, the block at 26)."""
    game = _game(tmp_path, FOLDED)
    assert [line.split("  ", 2)[-1].strip() for line in _lines(game)[1:]] == [
        "step e", "verify empty?", "if friend?", "capture", "add", "stop (verify false)"]
    said = [(d.span.line, d.span.col, d.message) for d in game.report.diagnostics if d.code == "W501"]
    assert said == [(4, 26 + FOLDED.index("(frob)"), "unknown instruction 'frob'")]
    assert [m.notation for m in game.initial_state().legal_moves()] == ["P a1 - b1"]


def test_moves_command_prints_a_pieces_lowered_blocks():
    runner = CliRunner()
    out = runner.invoke(main, ["moves", CHESS, "--lowered", "Knight"])
    assert out.exit_code == 0, out.output
    blocks = out.output.strip().split("\n\n")
    assert len(blocks) == 8  # the knight's eight leaps
    assert blocks[0].splitlines()[1:3] == ["  62:19           step n", "  62:21           step ne"]
    bad = runner.invoke(main, ["moves", CHESS, "--lowered", "Wizard"])
    assert bad.exit_code == 2 and "its pieces: Pawn, Knight" in bad.output
