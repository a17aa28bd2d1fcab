"""Tools read what a move does from its data, never by splitting its notation text.

:attr:`runtime.core.protocol.Move.details` says which piece moved where, what was
captured and what changed; the notation is the move's identity (saved games,
replay, cross-checks) and the text shown to people.  This test reads every
consumer module with :mod:`ast` and fails when one takes notation text apart:
a ``split``/``partition``/``index``/regular-expression call, or an ``in`` test
for a word, applied to a move's ``parts`` or ``notation`` (or to a name bound
by iterating over them, or to a parameter called ``part``, ``parts`` or
``notation``).  Modules that *read notation as input* are not consumers:
:mod:`runtime.core.notation` parses what a person types, :mod:`runtime.savedgames.replay`
matches a saved game's lines with the moves' notation, and the engines
(``runtime/interpreter``, ``variants``) write it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

NOT_CONSUMERS = {"runtime/core/notation.py", "runtime/savedgames/replay.py"}
NOT_CONSUMER_FOLDERS = ("runtime/interpreter/",)

TEXT_ATTRIBUTES = {"parts", "notation"}
TEXT_PARAMETERS = {"part", "parts", "notation"}
TEXT_METHODS = {"split", "rsplit", "partition", "rpartition", "index", "find", "startswith", "endswith"}
REGEX_FUNCTIONS = {"match", "search", "findall", "fullmatch", "finditer", "split"}


def consumer_modules() -> list[Path]:
    out = []
    for folder in ("runtime", "codegen", "benchmarks"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel not in NOT_CONSUMERS and not rel.startswith(NOT_CONSUMER_FOLDERS):
                out.append(path)
    return out


def _mentions(node: ast.AST, names: set[str]) -> bool:
    """Does the expression read a move's text: ``.parts``, ``.notation`` or a tainted name?"""
    for sub in ast.walk(node):
        if isinstance(sub, ast.Attribute) and sub.attr in TEXT_ATTRIBUTES:
            return True
        if isinstance(sub, ast.Name) and sub.id in names:
            return True
    return False


def notation_parsing(source: str, name: str) -> list[str]:
    """Where the module takes a move's notation text apart (``line: code``)."""
    tree = ast.parse(source, name)
    tainted: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            tainted.update(a.arg for a in node.args.args + node.args.kwonlyargs
                           if a.arg in TEXT_PARAMETERS)
    changed = True
    while changed:  # names bound by iterating over text, to a fixed point
        changed = False
        for node in ast.walk(tree):
            if isinstance(node, (ast.For, ast.comprehension)) and _mentions(node.iter, tainted):
                for target in ast.walk(node.target):
                    if isinstance(target, ast.Name) and target.id not in tainted:
                        tainted.add(target.id)
                        changed = True
    found = []
    for node in ast.walk(tree):
        bad = False
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in TEXT_METHODS and _mentions(node.func.value, tainted):
                bad = True
            elif (node.func.attr in REGEX_FUNCTIONS and isinstance(node.func.value, ast.Name)
                  and node.func.value.id == "re" and any(_mentions(a, tainted) for a in node.args)):
                bad = True
        elif isinstance(node, ast.Compare) and any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops):
            if isinstance(node.left, ast.Constant) and isinstance(node.left.value, str) \
                    and any(_mentions(c, tainted) for c in node.comparators):
                bad = True
        if bad:
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


@pytest.mark.parametrize("path", consumer_modules(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_consumer_parses_notation(path):
    assert notation_parsing(path.read_text(encoding="utf-8"), str(path)) == []


@pytest.mark.parametrize("source", [
    "def f(move):\n    return move.parts[0].split()[:3]\n",                # terminal hints, before
    "def part_cells(part):\n    return part.split()\n",                      # web page, before
    "def t(move):\n    return any(w in S for p in move.parts for w in p.split())\n",  # search, before
    "def t(move):\n    return ' x ' in move.notation\n",
    "import re\ndef t(move):\n    return re.findall(r'[a-h][1-8]', move.notation)\n",
])
def test_the_check_finds_notation_parsing(source):
    assert notation_parsing(source, "example")


def test_the_check_passes_data_and_identity():
    source = ("def f(move, best):\n"
              "    cells = [m.source for p in move.details for m in p.movements]\n"
              "    return move.notation == best, {'text': move.notation}, cells\n")
    assert notation_parsing(source, "example") == []
