"""The diagnostic code table (zrf/codes.py) against the product's source, the docs and ``zrf explain``.

The table is checked both ways on the source, read with :mod:`ast` (nothing is
imported): every code the product writes is an entry, and every entry is
written somewhere.  A code is "written" when it stands as a whole string
constant in zrf/, runtime/, codegen/ or variants/ (zrf/codes.py itself aside);
a :class:`Diagnostic` refuses any other code when it is made, so a code built
at run time cannot slip past either.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from zrf import code_reference, codes
from zrf.cli import main
from zrf.diagnostics import Diagnostic, Report
from zrf.lint import lint_file

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ("zrf", "runtime", "codegen", "variants")
CODE = re.compile(r"[EWAZI]\d{3}[A-Z]?")

#: entries that no source line writes, and why (none today: keep the reason when adding one)
NOT_WRITTEN: dict[str, str] = {}


def _product_trees():
    for package in PRODUCT:
        for path in sorted((ROOT / package).rglob("*.py")):
            if path == ROOT / "zrf" / "codes.py":
                continue
            yield path, ast.parse(path.read_text(encoding="utf-8"), str(path))


def written_codes() -> dict[str, list[str]]:
    """code -> the files that hold it as a whole string constant."""
    out: dict[str, list[str]] = {}
    for path, tree in _product_trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and CODE.fullmatch(node.value):
                out.setdefault(node.value, []).append(path.relative_to(ROOT).as_posix())
    return out


def test_every_code_the_product_writes_is_registered():
    unknown = {code: files for code, files in written_codes().items() if code not in codes.BY_CODE}
    assert not unknown, f"codes written but missing from zrf/codes.py: {unknown}"


def test_every_registered_code_is_written_somewhere():
    unused = sorted(set(codes.BY_CODE) - set(written_codes()) - set(NOT_WRITTEN))
    assert not unused, f"codes in zrf/codes.py that nothing reports: {unused}"
    assert set(NOT_WRITTEN) <= set(codes.BY_CODE)


def test_no_product_code_steers_by_a_code_string():
    """``d.code == "E214"`` and the like: what a code does is a field of its entry (Effect)."""
    found = []
    for path, tree in _product_trees():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Compare):
                continue
            sides = [node.left, *node.comparators]
            reads_code = any(isinstance(s, ast.Attribute) and s.attr == "code" for s in sides)
            names_code = any(isinstance(c, ast.Constant) and isinstance(c.value, str) and CODE.fullmatch(c.value)
                             for s in sides for c in ast.walk(s))
            if reads_code or names_code:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, found


def test_the_table_is_well_formed():
    assert len(codes.BY_CODE) == len(codes.CODES), "a code defined twice"
    for c in codes.CODES:
        assert CODE.fullmatch(c.code), c.code
        assert c.severity is codes.FIRST_LETTER[c.code[0]], c.code
        assert c.title and c.explanation.endswith((".", ")")), c.code
        assert isinstance(c.section, codes.Section) and isinstance(c.effect, codes.Effect)
    assert [c.code for c in codes.CODES if c.effect is codes.Effect.REFUSED] == ["E214"]


def test_docs_diagnostics_md_is_the_rendered_table():
    """Regenerate with ``python -m zrf.code_reference > docs/diagnostics.md``."""
    committed = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    assert committed == code_reference.render(), "docs/diagnostics.md is stale"


def test_a_diagnostic_takes_its_severity_from_the_table_and_refuses_unknown_codes():
    assert Diagnostic("W501", "x").severity == "warning"
    assert Diagnostic("A001", "x").severity == "info" and not Diagnostic("A001", "x").is_error
    assert Diagnostic("Z001", "x").is_error
    with pytest.raises(codes.UnknownCode):
        Diagnostic("E999", "made up")
    with pytest.raises(ValueError):
        Report().warning("E102", "an error reported as a warning")


def test_a_cap_of_warnings_only_is_summed_up_as_a_warning(tmp_path, monkeypatch):
    """60 redefinitions of one macro: 59 W201, 50 kept, the other 9 counted in one W090."""
    monkeypatch.setenv("ZRF_LIMITS", "diagnostics=50")
    path = tmp_path / "w.zrf"
    path.write_text("".join(f"(define m {i})\n" for i in range(60)) + '(game (title "x"))\n')
    result = lint_file(str(path))
    summary = [d for d in result.diagnostics if d.code in ("E090", "W090")]
    assert [d.code for d in summary] == ["W090"] and not summary[0].is_error
    assert summary[0].message.startswith("9 more diagnostics not shown")


def test_explain_prints_the_entry():
    result = CliRunner().invoke(main, ["explain", "E102"])
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == "E102 (error): unclosed '('"
    assert '(game (title "x")' in result.output
    lower = CliRunner().invoke(main, ["explain", "w501"])
    assert lower.exit_code == 0 and lower.output.startswith("W501 (warning): ")
    data = json.loads(CliRunner().invoke(main, ["explain", "A001", "--json"]).output)
    assert data["severity"] == "info" and data["code"] == "A001"


def test_explain_refuses_an_unknown_code_with_the_closest_ones():
    result = CliRunner().invoke(main, ["explain", "E1022"])
    assert result.exit_code == 2
    assert "unknown diagnostic code 'E1022'" in result.output and "'E102'" in result.output
