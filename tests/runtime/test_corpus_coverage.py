"""Every non-Axiom corpus game loads, generates moves and plays 200 random plies without an exception.

Slow: the sample is scaled by ZRF_SLOW_SCALE.  A game may hit the per-game
time limit (reported as such); what must never happen is an exception escaping
the runtime.  The macro-only include file common.zrf has no game to load.
"""

from __future__ import annotations

import pytest

from tests.conftest import corpus_entries, scaled

ROWS = [r for r in corpus_entries() if r["engine"] != "axiom" and r["slug"] != "common"]
SAMPLE = ROWS[::max(1, len(ROWS) // scaled(len(ROWS)))] if ROWS else []


@pytest.mark.slow
@pytest.mark.parametrize("row", SAMPLE, ids=[r["slug"] for r in SAMPLE])
def test_game_plays_without_exception(corpus_dir, row):
    from runtime.interpreter.coverage import check_game

    cov = check_game(str(corpus_dir / row["slug"] / row["file"]), row["slug"], 200, 0, timeout=60)
    if cov.note.startswith("timeout"):
        pytest.skip(cov.note)
    assert cov.loads and cov.generates and cov.playout, cov.note
