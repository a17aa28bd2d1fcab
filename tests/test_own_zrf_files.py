"""Every ZRF file this project writes (test games, generated seed games) lints clean."""

from __future__ import annotations

from pathlib import Path

import pytest

from zrf.lint import lint_file

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted(ROOT.glob("tests/games/*.zrf")) + sorted(ROOT.glob("variants/*/*.zrf"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_errors_or_warnings(path):
    result = lint_file(str(path))
    assert [d.format() for d in result.diagnostics if d.severity in ("error", "warning")] == []
