"""Running a cross-check as a job: loading both games, splitting work over workers.

:class:`CrossCheckSpec` says what to compare in plain data (so worker
processes can rebuild both games); :func:`run` walks the tree to ``depth``
(one job per root move) and plays ``games`` seeded random playouts (one job
per game), optionally in ``workers`` processes or Ray tasks
(:mod:`runtime.jobs.executors`), calling ``progress`` after each job.
Transpositions are compared once within a root move's subtree, and the jobs'
results are merged in job order, so the positions compared and the
disagreements kept are the same for any number of workers and any backend.
"""

from __future__ import annotations

import importlib
import json
import time
from dataclasses import dataclass
from typing import Callable

from runtime.verify.crosscheck import CrossChecker, CrossCheckResult, KnownDifference, NameMap, start_states
from runtime.jobs.executors import open_executor
from runtime.loading.opening import load_game
from runtime.core.protocol import Game
from runtime.core.merged_turns import MergedTurns


@dataclass(frozen=True)
class CrossCheckSpec:
    """What to compare: a built-in game against a ZRF file (plus options)."""

    game: str
    zrf: str
    variant: str | None = None
    #: the name map as JSON text (kept as text so the spec stays hashable)
    names: str = "{}"
    moves: tuple[str, ...] = ()
    #: "module:attr" returning a list of KnownDifference, or None
    known: str | None = None
    #: compare whole turns: merge the candidate's consecutive turns by one player (two-part turns)
    merge_turns: bool = False
    #: another reference engine than a built-in game: ``"module:callable"`` called with the ZRF's
    #: path, its variant and :attr:`against` (the command chooses it: ``--against fairy``)
    reference_factory: str | None = None
    against: str = ""

    def load(self) -> tuple[Game, Game, NameMap, list[KnownDifference]]:
        if self.reference_factory:
            module, _, attr = self.reference_factory.partition(":")
            reference = getattr(importlib.import_module(module), attr)(self.zrf, self.variant, self.against)
        else:
            reference = load_game(self.game)
        candidate = load_game(self.zrf, self.variant)
        if self.merge_turns:
            candidate = MergedTurns(candidate)
        names = NameMap.from_json(json.loads(self.names))
        known: list[KnownDifference] = []
        if self.known:
            module, _, attr = self.known.partition(":")
            try:
                loaded = importlib.import_module(module)
            except ModuleNotFoundError as exc:
                if exc.name != module:
                    raise
                loaded = None  # the game declares no known differences
            if loaded is not None:
                known = list(getattr(loaded, attr)())
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


_WORKER_CACHE: dict = {}


def _checker(spec: CrossCheckSpec):
    key = spec
    if key not in _WORKER_CACHE:
        reference, candidate, names, known = spec.load()
        ref, cand, path = start_states(reference, candidate, spec.moves, names)
        _WORKER_CACHE.clear()
        _WORKER_CACHE[key] = (CrossChecker(reference, candidate, names, known), ref, cand, path)
    return _WORKER_CACHE[key]


def _tree_job(spec: CrossCheckSpec, depth: int, root_index: int | None) -> CrossCheckResult:
    checker, ref, cand, path = _checker(spec)
    if root_index is None:
        return checker.tree(ref, cand, depth, path)
    result = CrossCheckResult()
    pairs = checker.compare(ref, cand, path, CrossCheckResult())
    move, r, c = pairs[root_index]
    return checker.tree(r, c, depth - 1, path + [move.notation], result)


def _playout_job(spec: CrossCheckSpec, seed: int, plies: int) -> CrossCheckResult:
    checker, ref, cand, path = _checker(spec)
    return checker.playout(ref, cand, seed, plies, path)


def run(spec: CrossCheckSpec, depth: int, games: int, plies: int, seed: int = 0,
        workers: int = 1, progress: Callable[[int, int], None] | None = None,
        backend: str = "process", address: str | None = None) -> CrossCheckResult:
    """Tree to ``depth`` plus ``games`` playouts; merges the results of every job, in job order.

    ``backend`` and ``address`` choose where the jobs run (:func:`runtime.jobs.executors.open_executor`).
    """
    start = time.perf_counter()
    checker, ref, cand, path = _checker(spec)
    result = CrossCheckResult()
    root_pairs = checker.compare(ref, cand, path, result)
    jobs: list[tuple] = []
    if depth >= 2:
        jobs.extend((_tree_job, (spec, depth, i)) for i in range(len(root_pairs)))
    jobs.extend((_playout_job, (spec, seed + g, plies)) for g in range(games))
    if len(jobs) <= 1 and backend == "process":
        workers = 1  # one job: no pool to start
    with open_executor(backend, workers, address) as executor:
        for job_result in executor.run(jobs, progress):
            result.merge(job_result)
    result.seconds = time.perf_counter() - start
    return result
