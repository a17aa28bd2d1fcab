"""A failing game in a corpus sweep (runtime/sweeps/) is a row that says what was raised and where.

Each sweep catches every exception of one game and goes on; the row keeps the exception's
kind, the first line of its message and the innermost frame of the toolkit's code in its
traceback (runtime/sweeps/failures.py).  The failures here are made by real toolkit code
(``Atom.value`` of an atom that is no number, raised by ``int`` called in zrf/syntax.py) or by
code outside the toolkit's packages (here, the test's own: the frame is the sweep's call); the
expected lines are found in the sources by their text.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import runtime.loading.opening
import zrf.zsg
from runtime.sweeps import backend_equality, coverage, fairy_export
from zrf.syntax import Atom

ROOT = Path(__file__).resolve().parents[1]


def _line_of(path: str, statement: str) -> str:
    """``path:LINE`` of the one line of ``path`` (from the repository root) that holds ``statement``."""
    lines = [n for n, text in enumerate((ROOT / path).read_text().splitlines(), 1) if statement in text]
    assert len(lines) == 1, (path, statement, lines)
    return f"{path}:{lines[0]}"


def _not_a_number(*args, **kwargs):
    return Atom("x").value


INT_FAILURE = (f"ValueError at {_line_of('zrf/syntax.py', 'return int(self.text)')}: "
               "invalid literal for int() with base 10: 'x'")


def test_the_fairy_sweep_row_names_the_kind_the_place_and_the_message(monkeypatch):
    monkeypatch.setattr(fairy_export, "open_game", _not_a_number)
    row = fairy_export.sweep_one("x.zrf", "x", timeout=10, depth=1, positions=1)
    assert row.status is fairy_export.Status.ERROR
    assert row.first == INT_FAILURE


def test_a_failure_outside_our_code_is_placed_at_our_call_and_keeps_the_row_one_line(monkeypatch):
    def two_lines(*args):
        raise RuntimeError("first line\nsecond line")
    monkeypatch.setattr(fairy_export, "open_game", two_lines)
    row = fairy_export.sweep_one("x.zrf", "x", timeout=10, depth=1, positions=1)
    where = _line_of("runtime/sweeps/fairy_export.py", "game = open_game(path, variant)")
    assert row.first == f"RuntimeError at {where}: first line"
    assert "\n" not in row.line()


def test_the_coverage_note_names_the_stage_too(monkeypatch):
    monkeypatch.setattr(runtime.loading.opening, "open_game", _not_a_number)
    cov = coverage.check_game("x.zrf", "x", plies=1, timeout=10)
    assert cov.note == INT_FAILURE.replace("ValueError at", "ValueError in load at")


def test_the_replay_row_ends_with_the_failure(monkeypatch):
    monkeypatch.setattr(zrf.zsg, "read_zsg", _not_a_number)
    assert coverage.replay_line("x.zsg", "x", "x.zsg", timeout=10) == f"x\tx.zsg\t-\t-\t{INT_FAILURE}"


def test_the_back_end_verdict_is_different_with_the_failure(monkeypatch):
    monkeypatch.setattr(backend_equality, "load_both", _not_a_number)
    verdict = backend_equality.perft_verdict("x.zrf", None, depth=1, timeout=10)
    assert (verdict.status, verdict.why) == (backend_equality.DIFFERENT, INT_FAILURE)


def test_the_openspiel_survey_note_names_the_stage_too(monkeypatch):
    pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (pip install -e '.[rl]')")
    from runtime.sweeps import openspiel_survey
    monkeypatch.setattr(openspiel_survey, "load", _not_a_number)
    row = openspiel_survey.survey_game("x", "x.zrf", timeout=10, max_game_length=10, sims=1)
    assert row.note == INT_FAILURE.replace("ValueError at", "ValueError in load at")
