"""The packages depend one way: ``zrf`` <- ``runtime`` <- ``variants``; ``codegen`` uses all three.

Inside ``runtime`` the subpackages stand on floors (:data:`RUNTIME_FLOORS`): a
module imports its own subpackage and the floors below it, never a floor
above nor another subpackage of its own floor, and nothing of ours imports the
sweeps.  The root of ``runtime`` holds only ``__init__.py``, and no module name
repeats across ``zrf``, ``runtime`` and ``codegen`` (a module named after its
CLI command inside a ``commands`` package aside), so a name says one job.

Every module's source is read with :mod:`ast` (nothing is imported), and every
import in it counts, at module level or inside a function, as does an
``importlib.import_module("...")`` call with a constant name: an import moved
into a function to dodge a cycle is still an import.  No module is exempt:
the command line finds the commands of higher packages, and the language
commands the rules files of registered games, through entry-point groups
declared in pyproject.toml (docs/architecture.md), and a test below holds
``zrf`` to naming no higher package even in a string.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("zrf", "runtime", "variants", "codegen")

#: package -> the packages of ours it must never import
FORBIDDEN = {
    "zrf": {"runtime", "variants", "codegen"},
    "runtime": {"variants", "codegen"},
    "variants": {"codegen"},
    "codegen": set(),
}


#: runtime's subpackages, lowest floor first (docs/architecture.md has the table)
RUNTIME_FLOORS: tuple[frozenset[str], ...] = tuple(frozenset(floor) for floor in (
    {"core"},                                            # the engine contract
    {"jobs", "engines"},                                 # where jobs run, time limits; external engines
    {"interpreter"},                                     # ZRF run as a Game
    {"loading"},                                         # registry, opening a GAME argument
    {"players", "verify", "savedgames", "pictures"},    # what uses games, independent of each other
    {"rl", "matches"},                                   # OpenSpiel and PettingZoo adapters; zrf match
    {"fairy", "lsp", "evaluation_runs"},                 # the Fairy-Stockfish bridge, the language server; zrf evaluate
    {"web"},                                             # the ``zrf serve`` application
    {"commands"},                                        # the subcommands that play games
    {"sweeps"},                                          # corpus sweeps (python -m), imported by nobody
))
FLOOR = {package: level for level, floor in enumerate(RUNTIME_FLOORS) for package in floor}
#: the floor nothing of ours may import
UNIMPORTED = "sweeps"


def _modules() -> dict[str, Path]:
    out = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


MODULES = _modules()


def imported_names(name: str, source: str, is_package: bool = False) -> set[str]:
    """Every module the source of module ``name`` imports anywhere (absolute names),
    including ``importlib.import_module("x")`` with a constant name."""
    tree = ast.parse(source, name)
    package = name if is_package else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package
                for _ in range(node.level - 1):
                    anchor = anchor.rpartition(".")[0]
                base = f"{anchor}.{base}" if base else anchor
            out.add(base)
            out.update(f"{base}.{alias.name}" for alias in node.names)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "import_module" and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            out.add(node.args[0].value)
    return out


def _imports_of(name: str) -> set[str]:
    path = MODULES[name]
    return imported_names(name, path.read_text(encoding="utf-8"), path.name == "__init__.py")


def test_the_walk_sees_relative_function_local_and_by_name_imports():
    """The checker itself, on a made-up module ``runtime.tool`` that hides all three kinds."""
    source = ("from . import games\n"
              "from .interpreter.engine import ZrfGame\n"
              "def f():\n"
              "    from variants import pictures\n"
              "    import codegen.render\n"
              "    importlib.import_module('zrf.lint')\n")
    assert imported_names("runtime.tool", source) == {
        "runtime", "runtime.games", "runtime.interpreter.engine", "runtime.interpreter.engine.ZrfGame",
        "variants", "variants.pictures", "codegen.render", "zrf.lint"}
    assert {"zrf.cli", "runtime.loading.registry", "variants.pictures", "codegen.render"} <= set(MODULES)


def test_the_cycle_finder_finds_a_cycle_through_a_third_module():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_imports_a_higher_layer(name):
    package = name.split(".")[0]
    wrong = sorted(m for m in _imports_of(name) if m.split(".")[0] in FORBIDDEN[package])
    assert not wrong, f"{MODULES[name].relative_to(ROOT)} ({package}) imports {wrong}"


def _subpackage(name: str) -> str | None:
    """``runtime.players.knowledge`` -> ``players``; None for a module outside runtime's subpackages."""
    parts = name.split(".")
    return parts[1] if parts[0] == "runtime" and len(parts) > 1 else None


def runtime_floor_problems(name: str, imported: set[str]) -> list[str]:
    """The imports of module ``name`` that break runtime's floors (see the module docstring)."""
    problems = []
    own = _subpackage(name)
    for target in sorted(imported):
        if target not in MODULES and target.rpartition(".")[0] in imported:
            continue  # a name imported from a module already judged
        theirs = _subpackage(target)
        if theirs is None or theirs == own or theirs not in FLOOR:
            continue
        if theirs == UNIMPORTED and own != UNIMPORTED:
            problems.append(f"{target} (the sweeps are imported by nothing)")
        elif own is not None and own in FLOOR and FLOOR[theirs] >= FLOOR[own]:
            problems.append(f"{target} ({theirs} is not below {own})")
        elif own is None and name.split(".")[0] == "runtime":
            problems.append(f"{target} (runtime's root holds no module)")
    return problems


@pytest.mark.parametrize("name", sorted(MODULES))
def test_runtime_floors_point_down(name):
    problems = runtime_floor_problems(name, _imports_of(name))
    assert not problems, f"{MODULES[name].relative_to(ROOT)} imports {problems}"


def test_the_floor_check_refuses_upward_sideways_and_sweep_imports():
    """Made-up imports: down is fine; up, sideways on a floor and into the sweeps are not."""
    assert runtime_floor_problems("runtime.players.mcts", {"runtime.core.protocol", "runtime.loading.opening",
                                                           "runtime.players.player", "zrf.model"}) == []
    assert runtime_floor_problems("runtime.core.protocol", {"runtime.players.knowledge"}) == [
        "runtime.players.knowledge (players is not below core)"]
    assert runtime_floor_problems("runtime.pictures.svg", {"runtime.verify.perft"}) == [
        "runtime.verify.perft (verify is not below pictures)"]
    assert runtime_floor_problems("variants.canopus.engine", {"runtime.sweeps.coverage"}) == [
        "runtime.sweeps.coverage (the sweeps are imported by nothing)"]
    assert set(FLOOR) >= {path.name for path in (ROOT / "runtime").iterdir()
                          if path.is_dir() and (path / "__init__.py").exists()}, "a subpackage without a floor"


def test_runtime_root_holds_only_its_init():
    loose = sorted(path.name for path in (ROOT / "runtime").glob("*.py") if path.name != "__init__.py")
    assert not loose, f"modules at runtime/'s root (each belongs in a subpackage): {loose}"


def _command_names() -> set[str]:
    from zrf.cli import registered_commands
    return set(registered_commands())


def test_no_module_name_repeats_across_zrf_runtime_and_codegen():
    """A file name says one job: a CLI command's own module inside a ``commands`` package aside."""
    commands = _command_names()
    seen: dict[str, list[str]] = {}
    for name, path in MODULES.items():
        if name.split(".")[0] not in ("zrf", "runtime", "codegen") or path.name == "__init__.py":
            continue
        if path.parent.name == "commands" and path.stem in commands:
            continue
        seen.setdefault(path.stem, []).append(str(path.relative_to(ROOT)))
    repeated = {stem: paths for stem, paths in seen.items() if len(paths) > 1}
    assert not repeated, f"module names used twice: {repeated}"


def test_zrf_names_no_higher_package_even_in_a_string():
    """``"runtime.commands.play:play"`` in zrf/ would be an upward import by another name (prose that
    mentions a module, such as the keyword table's meanings, is not a name to load)."""
    higher = re.compile(r"(runtime|variants|codegen)(\.\w+)+(:\w+)?")
    found = []
    for name, path in MODULES.items():
        if name.split(".")[0] != "zrf":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body
                      and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
                    and higher.fullmatch(node.value)):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value[:60]!r}")
    assert not found, found


def test_no_import_cycle_between_modules():
    """No two modules of ours import each other, directly or through others (anywhere in the file)."""
    graph = {name: {m for m in _imports_of(name) if m in MODULES} for name in MODULES}
    cycles = _cycles(graph)
    assert not cycles, f"import cycles: {cycles}"


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found
