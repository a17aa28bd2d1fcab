"""The cyclic garbage collector's settings during one search: the search stops paying for what outlives it.

A search makes and drops hundreds of thousands of objects; a position and its
moves are freed by reference counting alone (no cycle,
``tests/runtime/test_position_cycles.py``), and so is the evaluator, so the
cyclic collector finds next to no garbage during a search.  Its collections
still cost: every full collection walks every tracked object alive, most of
them living for the whole search (the game's tables, the learned knowledge,
the memos, the transposition table).  :class:`SearchCollector`, entered by a
player around its search, therefore

* freezes the objects alive when the search starts (:func:`gc.freeze`: the
  collector no longer walks them), unless something in the process froze
  objects already (a freeze is not nested: unfreezing would thaw theirs too);
* raises the collector's thresholds (:data:`SEARCH_THRESHOLDS`, never lowering
  one), so the young generations are collected less often.

Collections still run, so a cycle a search makes is still freed within a
bounded number of allocations.  On leaving, however the search ends (a
result, an exception, a cancelled clock), the thresholds are put back and
the frozen objects thawed, so the settings change only while a search runs.
Searches in several threads at once share one collector: a scope puts the
thresholds back only when they are still those it set, and thaws only what it
froze itself, so whichever order they end in, the last leaves the settings as
the first found them.
"""

from __future__ import annotations

import gc

SEARCH_THRESHOLDS = (10_000, 100, 10)
"""The collector's thresholds during a search (Python's defaults: 700, 10, 10): a young collection
every 10,000 net allocations instead of 700, and a middle one every 100 young ones instead of 10.
The objects a search keeps (its memos and tables) are walked by the young collections before they
reach the middle generation, and walked again by each middle collection until they leave it; those
walks, not garbage (positions are freed by reference counting), are what the collector costs a
search.  Measured in docs/benchmarks.md ("Search speed, 2026-11-28: the collector during a
search")."""


class SearchCollector:
    """A context manager: the collector's settings for one search (see the module docstring).

    One scope is entered at a time (a player's searches do not nest); entering
    it again before leaving is an error.
    """

    def __init__(self, thresholds: tuple[int, int, int] = SEARCH_THRESHOLDS):
        self.thresholds = thresholds
        self._saved: tuple[int, ...] | None = None
        self._set: tuple[int, ...] = ()
        self._froze = False

    def __enter__(self) -> SearchCollector:
        if self._saved is not None:
            raise RuntimeError("a search's collector scope entered twice")
        self._saved = gc.get_threshold()
        self._set = tuple(max(old, new) for old, new in zip(self._saved, self.thresholds))
        gc.set_threshold(*self._set)
        self._froze = gc.isenabled() and gc.get_freeze_count() == 0
        if self._froze:
            gc.freeze()
        return self

    def __exit__(self, *exc) -> None:
        saved, self._saved = self._saved, None
        if gc.get_threshold() == self._set:
            gc.set_threshold(*saved)
        if self._froze:
            self._froze = False
            gc.unfreeze()
