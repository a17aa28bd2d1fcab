"""The cyclic garbage collector's settings during one long computation: a search or a cross-check job.

Such a computation makes and drops hundreds of thousands of short-lived objects
(positions, moves, signatures), all freed by reference counting: no cycle
(``tests/runtime/test_position_cycles.py``, and the no-garbage tests of a search
and of a cross-check job).  The cyclic collector so frees next to nothing, but each
of its full collections still walks every tracked object alive, above all those
that live for the whole computation (the loaded games' tables and move programs,
learned knowledge, memos, a transposition table).  :class:`CollectorScope`,
entered around the computation,

* freezes the objects alive when it starts (:func:`gc.freeze`: the collector no
  longer walks them), unless something in the process froze objects already (a
  freeze is not nested: unfreezing would thaw theirs too);
* raises the thresholds (:data:`LONG_RUN_THRESHOLDS`, never lowering one), so the
  young generations are collected less often.

Collections still run, so a cycle is still freed within a bounded number of
allocations.  On leaving, however the computation ends (a result, an exception,
a cancelled clock), the thresholds are put back when they are still those it set,
and only what it froze itself is thawed: scopes in several threads at once share
one collector, and whichever order they end in, the last leaves the settings as
the first found them.
"""

from __future__ import annotations

import gc

LONG_RUN_THRESHOLDS = (10_000, 100, 10)
"""The thresholds inside a scope (Python's defaults: 700, 10, 10): a young collection every
10,000 net allocations instead of 700, a middle one every 100 young ones instead of 10.  Measured
in docs/benchmarks.md ("Search speed, 2026-11-28: the collector during a search" and "Alpha
Centauri cross-check at full size")."""


class CollectorScope:
    """A context manager: the collector's settings for one computation (see the module docstring).

    One scope object is entered once at a time; entering it again before leaving is an error.
    """

    def __init__(self, what: str, thresholds: tuple[int, int, int] = LONG_RUN_THRESHOLDS):
        self.what = what
        self.thresholds = thresholds
        self._saved: tuple[int, ...] | None = None
        self._set: tuple[int, ...] = ()
        self._froze = False

    def __enter__(self) -> CollectorScope:
        if self._saved is not None:
            raise RuntimeError(f"{self.what}'s collector scope entered twice")
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
