"""The cyclic garbage collector's settings while a cross-check job compares positions.

A cross-check job loads two games once (a translated ZRF's move programs and
tables, a native engine's) and then makes and drops hundreds of thousands of
short-lived objects: positions, moves, signatures.  Those are freed by
reference counting (no cycle: a job leaves no cyclic garbage, which
``tests/test_crosscheck.py`` checks), so the cyclic collector frees next to
nothing, but every full collection still walks every object alive, the loaded
games above all.  :class:`CheckCollector`, entered around one job,

* freezes the objects alive when the job starts (:func:`gc.freeze`: the
  collector no longer walks them), unless something in the process froze
  objects already (a freeze is not nested: unfreezing would thaw theirs too);
* raises the thresholds (:data:`CHECK_THRESHOLDS`, never lowering one), so the
  young generations are collected less often.

Collections still run, so a cycle is still freed within a bounded number of
allocations; on leaving (a result or an exception) the thresholds are put
back, when they are still those it set, and what it froze is thawed.
"""

from __future__ import annotations

import gc

CHECK_THRESHOLDS = (10_000, 100, 10)
"""The thresholds during a job (Python's defaults: 700, 10, 10): a young collection every
10,000 net allocations instead of 700, a middle one every 100 young ones instead of 10.
Measured in docs/benchmarks.md ("Alpha Centauri cross-check at full size")."""


class CheckCollector:
    """A context manager: the collector's settings for one job (see the module docstring)."""

    def __init__(self, thresholds: tuple[int, int, int] = CHECK_THRESHOLDS):
        self.thresholds = thresholds
        self._saved: tuple[int, ...] | None = None
        self._set: tuple[int, ...] = ()
        self._froze = False

    def __enter__(self) -> CheckCollector:
        if self._saved is not None:
            raise RuntimeError("a cross-check job's collector scope entered twice")
        self._saved = gc.get_threshold()
        self._set = tuple(max(old, new) for old, new in zip(self._saved, self.thresholds))
        gc.set_threshold(*self._set)
        self._froze = gc.isenabled() and gc.get_freeze_count() == 0
        if self._froze:
            gc.freeze()
        return self

    def __exit__(self, *exc) -> None:
        saved, self._saved = self._saved, None
        if saved is not None and gc.get_threshold() == self._set:
            gc.set_threshold(*saved)
        if self._froze:
            self._froze = False
            gc.unfreeze()
