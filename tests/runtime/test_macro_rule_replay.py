"""MancalaKnights.zsg, written by Zillions, replays past its first sowing move only under
the textual macro rule (docs/zrf-semantics.md, "Macros").

Its sowing macros call ``(end-1)``, ``(end-2)`` ... with no arguments inside
``sow-1 $1`` and ``cont-sow-1 $1``; ``end-N`` steps in direction ``$1``.  When a
missing argument expanded to nothing, no sowing move was generated and the replay
failed at line 4 (``1. P5 c2 - a4 White P1 c2 White P1 b3 = P3 on a4``).  With the
direction inherited from the enclosing call, lines 4 to 15 (turns 1 to 4 of both
players, counted in the saved game) replay.  Later failures belong to the runtime.
"""

from __future__ import annotations

import pytest


@pytest.mark.slow
@pytest.mark.corpus
def test_mancala_knights_replays_past_the_first_sowing(corpus_dir):
    from zrf.zsg import read_zsg

    from runtime.loading.opening import open_game
    from runtime.savedgames.replay import find_rules, replay

    path = corpus_dir / "MancalaKnights-a8fd9d" / "MancalaKnights.zsg"
    if not path.exists():
        pytest.skip("MancalaKnights-a8fd9d/MancalaKnights.zsg not in this corpus")
    saved = read_zsg(str(path))
    result = replay(saved, open_game(find_rules(saved), saved.variant or None))
    assert result.applied_lines >= 12
    assert result.ok or result.failed_line > 4
