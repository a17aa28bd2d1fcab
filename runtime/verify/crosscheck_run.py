"""Running a cross-check as a job: loading both games, splitting work over workers.

:class:`CrossCheckSpec` says what to compare in plain data (so worker
processes can rebuild both games); :func:`run` walks the tree to ``depth``
(one job per root move) and plays ``games`` seeded random playouts (one job
per game), optionally in ``workers`` processes or Ray tasks
(:mod:`runtime.jobs.executors`), calling ``progress`` after each job.
Transpositions are compared once within a root move's subtree, and the jobs'
results are merged in job order, so the positions compared and the
disagreements kept are the same for any number of workers and any backend.
Each job compares with the garbage collector held off the loaded games
(:class:`runtime.jobs.collector_scope.CollectorScope`).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Callable, Sequence

from runtime.core.merged_turns import MergedTurns
from runtime.core.protocol import Game
from runtime.jobs.collector_scope import CollectorScope
from runtime.jobs.executors import Backend, memo_scope, open_executor, worker_memo
from runtime.loading.opening import open_game
from runtime.verify.crosscheck import (
    CrossChecker,
    CrossCheckResult,
    KnownDifference,
    NameMap,
    start_states,
)


@dataclass(frozen=True)
class CrossCheckSpec:
    """What to compare: a built-in game against a ZRF file (plus options)."""

    game: str
    zrf: str
    variant: str | None = None
    #: the name map as JSON text (kept as text so the spec stays hashable)
    names: str = "{}"
    moves: tuple[str, ...] = ()
    #: gives the documented KnownDifference list (the registry entry's module-level function), or None
    known: Callable[[], Sequence[KnownDifference]] | None = None
    #: compare whole turns: merge the candidate's consecutive turns by one player (two-part turns)
    merge_turns: bool = False
    #: another reference engine than a built-in game: a module-level function (pickled by name to
    #: the workers) called with the ZRF's path, its variant and :attr:`against` (the command
    #: chooses it: ``--against fairy``)
    reference_factory: Callable[[str, str | None, str], Game] | None = None
    against: str = ""

    def load(self) -> tuple[Game, Game, NameMap, list[KnownDifference]]:
        if self.reference_factory is not None:
            reference = self.reference_factory(self.zrf, self.variant, self.against)
        else:
            reference = open_game(self.game)
        candidate = open_game(self.zrf, self.variant)
        if self.merge_turns:
            candidate = MergedTurns(candidate)
        names = NameMap.from_json(json.loads(self.names))
        known = list(self.known()) if self.known is not None else []
        return reference, candidate, names, known


def load_name_map(path: str | None) -> str:
    """A --names file, validated and returned as JSON text.

    The file is JSON ``{"cells": {...}, "pieces": {...}, "players": {...}}``
    mapping the ZRF's names to the native engine's names; every section is optional.
    """
    if not path:
        return "{}"
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    NameMap.from_json(data)  # validate
    return json.dumps(data, sort_keys=True)


def _build_checker(spec: CrossCheckSpec):
    """The checker of ``spec``, its two start states and the moves to them (both games loaded)."""
    reference, candidate, names, known = spec.load()
    ref, cand, path = start_states(reference, candidate, spec.moves, names)
    return CrossChecker(reference, candidate, names, known), ref, cand, path


def _checker(spec: CrossCheckSpec):
    """:func:`_build_checker`, once per worker for the jobs of one spec (:func:`worker_memo`)."""
    return worker_memo().get(spec, lambda: _build_checker(spec))


def _tree_job(spec: CrossCheckSpec, depth: int, root_index: int | None) -> CrossCheckResult:
    checker, ref, cand, path = _checker(spec)
    with CollectorScope("a cross-check job"):
        if root_index is None:
            return checker.tree(ref, cand, depth, path)
        result = CrossCheckResult()
        pairs = checker.compare(ref, cand, path, CrossCheckResult())
        move, r, c = pairs[root_index]
        return checker.tree(r, c, depth - 1, path + [move.notation], result)


def _playout_job(spec: CrossCheckSpec, seed: int, plies: int) -> CrossCheckResult:
    checker, ref, cand, path = _checker(spec)
    with CollectorScope("a cross-check job"):
        return checker.playout(ref, cand, seed, plies, path)


def run(spec: CrossCheckSpec, depth: int, games: int, plies: int, seed: int = 0,
        workers: int = 1, progress: Callable[[int, int], None] | None = None,
        backend: Backend | str = Backend.PROCESS, address: str | None = None) -> CrossCheckResult:
    """Tree to ``depth`` plus ``games`` playouts; merges the results of every job, in job order.

    ``backend`` and ``address`` choose where the jobs run (:func:`runtime.jobs.executors.open_executor`).
    """
    start = time.perf_counter()
    with memo_scope():  # the games loaded here serve the jobs run in this process too
        checker, ref, cand, path = _checker(spec)
        result = CrossCheckResult()
        with CollectorScope("a cross-check job"):
            root_pairs = checker.compare(ref, cand, path, result)
        jobs: list[tuple] = []
        if depth >= 2:
            jobs.extend((_tree_job, (spec, depth, i)) for i in range(len(root_pairs)))
        jobs.extend((_playout_job, (spec, seed + g, plies)) for g in range(games))
        if len(jobs) <= 1 and backend == Backend.PROCESS:
            workers = 1  # one job: no pool to start
        with open_executor(backend, workers, address) as executor:
            for job_result in executor.run(jobs, progress):
                result.merge(job_result)
    result.seconds = time.perf_counter() - start
    return result
