"""Every non-Axiom corpus game loads, generates moves and plays 200 random plies without an exception.

Slow: the sample is scaled by ZRF_SLOW_SCALE.  A game may hit the per-game
time limit (reported as such); what must never happen is an exception escaping
the runtime.  A game whose first player has no move at the start (or where a
goal holds at once) is not played; its note says why.  The macro-only include file common.zrf has no game to load.
"""

from __future__ import annotations

import pytest

from tests.conftest import corpus_entries, scaled

ROWS = [r for r in corpus_entries() if r["engine"] != "axiom" and r["slug"] != "common"]
SAMPLE = ROWS[::max(1, len(ROWS) // scaled(len(ROWS)))] if ROWS else []


@pytest.mark.slow
@pytest.mark.parametrize("row", SAMPLE, ids=[r["slug"] for r in SAMPLE])
def test_game_plays_without_exception(corpus_dir, row):
    from runtime.sweeps.coverage import check_game

    cov = check_game(str(corpus_dir / row["slug"] / row["file"]), row["slug"], 200, 0, timeout=60)
    if cov.note.startswith("timeout"):
        pytest.skip(cov.note)
    assert cov.loads and cov.generates, cov.note
    # a game with no move (or a goal already met) at the start says why instead of playing
    assert cov.playout or (cov.start in ("none", "over") and cov.note), cov.note


def test_no_move_at_the_start_is_explained(tmp_path):
    """Drops with no stock: the coverage check does not count a playout, it says why."""
    from runtime.sweeps.coverage import check_game

    p = tmp_path / "t.zrf"
    p.write_text("""(game (title "T") (players A B) (turn-order A B)
      (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b" (10 0)) ("1" (0 10)))))
      (piece (name S) (drops ((verify empty?) add))))""")
    cov = check_game(str(p), "t", 10, 0, timeout=30)
    assert (cov.loads, cov.generates, cov.start, cov.playout) == (True, True, "none", False)
    assert cov.note.startswith("drops with no stock")
