"""Grammar-aware fuzzing: ZRF games written from the keyword table (tests/zrf/grammar.py) go
through the reader, expander, model, linter and interpreter (load, one move generation, one
move, the outcome).  Only diagnostics may come out: a ZrfError (ZrfRuntimeError included) or a
GameLoadError; anything else, or an example running longer than its alarm, fails.

Sizes: the quick test runs 300 examples; the slow one runs 100,000 at full size
(ZRF_SLOW_SCALE=1) and ``scaled(50_000)`` below it (5,000 at the CI scale ZRF_SLOW_SCALE=0.1, about
170 s on one core of the 2-core machine: the largest single test of the suite, sized to keep CI
within its 30 minutes).  Every case the fuzzer found is kept in
tests/zrf/test_fuzz_regressions.py.  The corpus test runs the same layers on the real files
(every .zrf under the corpus, a share of them below ZRF_SLOW_SCALE=1).
"""

from __future__ import annotations

import os
import tempfile

import pytest
from hypothesis import HealthCheck, given, settings

from runtime.core.errors import GameLoadError
from runtime.loading.opening import open_game
from tests.conftest import find_corpus, full_scale, scaled, time_limit
from tests.zrf.grammar import zrf_game
from zrf.diagnostics import ZrfError
from zrf.lint import lint_model
from zrf.macros import expand_document
from zrf.model import build_model
from zrf.reader import decode, parse_text

#: Seconds one example may take (a hang fails the test instead of stalling it).
SECONDS_PER_EXAMPLE = 30
#: Seconds one corpus file may take (the largest take about 20 s on a quiet machine).
SECONDS_PER_CORPUS_FILE = 600




def run_everything(text: str, path: str = "fuzz.zrf") -> list:
    """Every layer on ``text``; returns the lint diagnostics.  Only diagnostics may escape as errors."""
    try:
        doc = parse_text(text, path)
    except ZrfError as exc:
        assert exc.diagnostics
        return list(exc.diagnostics)
    zf = build_model(expand_document(doc), path)
    diagnostics = lint_model(zf)
    for d in diagnostics:
        d.format()
        d.as_json()
    entries = [g for g in zf.games if g.playable][:2]
    with tempfile.TemporaryDirectory() as folder:  # open_game reads a file, as every tool does
        written = os.path.join(folder, os.path.basename(path))
        with open(written, "w", encoding="utf-8", errors="surrogateescape") as fh:
            fh.write(text)
        games = []
        for entry in entries:
            try:
                games.append(open_game(written, entry.title))
            except GameLoadError as exc:
                assert str(exc)
    for game in games:
        try:
            state = game.initial_state()
            moves = state.legal_moves()
            state.outcome()
            if moves:
                after = state.apply(moves[0])
                after.legal_moves()
                after.outcome()
        except ZrfError as exc:
            assert exc.diagnostics and exc.diagnostics[0].format()
    return diagnostics


LONG_EXAMPLES = 100_000 if full_scale() else scaled(50_000, minimum=300)
"""The slow test's examples (see the module docstring)."""


def _settings(n: int):
    return settings(max_examples=n, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))


@_settings(300)
@given(zrf_game())
def test_generated_games_give_only_diagnostics(text):
    with time_limit(SECONDS_PER_EXAMPLE):
        run_everything(text)


@pytest.mark.slow
@_settings(LONG_EXAMPLES)
@given(zrf_game())
def test_generated_games_give_only_diagnostics_long(text):
    with time_limit(SECONDS_PER_EXAMPLE):
        run_everything(text)


def _corpus_files() -> list[str]:
    corpus = find_corpus()
    return sorted(str(p) for p in corpus.rglob("*.zrf")) if corpus is not None else []


CORPUS_FILES = _corpus_files()
CORPUS_SAMPLE = CORPUS_FILES[::max(1, len(CORPUS_FILES) // scaled(len(CORPUS_FILES)))] if CORPUS_FILES else []


@pytest.mark.slow
@pytest.mark.corpus
@pytest.mark.parametrize("path", CORPUS_SAMPLE, ids=[os.path.relpath(p, find_corpus()) for p in CORPUS_SAMPLE])
def test_corpus_file_gives_only_diagnostics(path):
    """check + load + one move generation (and one move) on a real file: no traceback, no hang."""
    with open(path, "rb") as fh:
        text, _ = decode(fh.read())
    with time_limit(SECONDS_PER_CORPUS_FILE):
        run_everything(text, path)
