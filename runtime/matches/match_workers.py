"""Playing a match's games in this process or in worker processes, and stopping them.

:func:`play_games` yields a :class:`~runtime.matches.match_table.GameReport`
for each game index as it finishes.  With one worker the games are played
here, one after the other, by one :class:`MatchTable`.  With more, each
worker is a process of its own (started fresh, not forked, so no engine
process or thread of this one is copied into it) that builds its own table
from the plan and plays the indices it is handed, one at a time, so at most
``workers`` games are in flight and a decided match stops within one game
per worker.

Stopping: the caller's ``should_stop()`` is asked before a game is started;
when the caller stops asking for reports (an SPRT decided) or is interrupted
(Ctrl-C), the workers are told to end and, if still playing, ended: the games
they had in progress are dropped.  Workers ignore Ctrl-C (the caller handles
it) and end their engines when they are ended.  A game that fails in a
worker (a bug, a game whose move generation hits a limit) ends the match
with :class:`MatchWorkerError` saying which game and why.
"""

from __future__ import annotations

import multiprocessing
import queue
import signal
import sys
from collections.abc import Callable, Iterable, Iterator

from zrf.diagnostics import ZrfError

from runtime.matches.match_table import GameReport, MatchTable
from runtime.matches.schedule import MatchPlan

POLL_SECONDS = 0.5
"""How often the caller looks at its workers while waiting for a report."""

END_SECONDS = 2.0
"""How long a worker told to end may take before it is terminated."""


class MatchWorkerError(RuntimeError):
    """A game failed in a worker process, or a worker died; the message says which game and why."""


def _failure_text(index: int, exc: BaseException) -> str:
    if isinstance(exc, ZrfError) and exc.diagnostics:
        return f"game {index}: " + "; ".join(d.format() for d in exc.diagnostics)
    return f"game {index}: {type(exc).__name__}: {exc}"


def _serve(plan: MatchPlan, tasks, results) -> None:
    """A worker process: play the indices it is handed until it gets None."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    table = None
    try:
        table = MatchTable(plan)
        while True:
            index = tasks.get()
            if index is None:
                return
            try:
                results.put(("report", table.play(index)))
            except Exception as exc:  # reported to the caller, which ends the match
                results.put(("error", _failure_text(index, exc)))
                return
    except Exception as exc:
        results.put(("error", f"a worker could not start: {type(exc).__name__}: {exc}"))
    finally:
        if table is not None:
            table.close()


def play_games(plan: MatchPlan, indices: Iterable[int], workers: int = 1,
               should_stop: Callable[[], bool] = lambda: False) -> Iterator[GameReport]:
    """Reports of the games ``indices`` as they finish (see the module docstring)."""
    if workers <= 1:
        table = MatchTable(plan)
        try:
            for index in indices:
                if should_stop():
                    return
                yield table.play(index)
        finally:
            table.close()
        return
    yield from _in_workers(plan, iter(indices), workers, should_stop)


def _in_workers(plan: MatchPlan, pending: Iterator[int], workers: int,
                should_stop: Callable[[], bool]) -> Iterator[GameReport]:
    context = multiprocessing.get_context("spawn")
    tasks, results = context.Queue(), context.Queue()
    processes = [context.Process(target=_serve, args=(plan, tasks, results), daemon=True,
                                 name=f"match-worker-{k}") for k in range(workers)]
    for process in processes:
        process.start()
    in_flight = 0

    def hand_out() -> bool:
        nonlocal in_flight
        if should_stop():
            return False
        index = next(pending, None)
        if index is None:
            return False
        tasks.put(index)
        in_flight += 1
        return True

    try:
        for _ in range(workers):
            if not hand_out():
                break
        while in_flight:
            try:
                kind, payload = results.get(timeout=POLL_SECONDS)
            except queue.Empty:
                dead = [p for p in processes if p.exitcode not in (None, 0)]
                if dead:
                    raise MatchWorkerError(f"{dead[0].name} died (exit status {dead[0].exitcode})") from None
                continue
            in_flight -= 1
            if kind == "error":
                raise MatchWorkerError(payload)
            yield payload
            hand_out()
    finally:
        for _ in processes:
            tasks.put(None)
        for process in processes:
            process.join(END_SECONDS if in_flight == 0 else 0.1)
            if process.is_alive():
                process.terminate()
                process.join(END_SECONDS)
            if process.is_alive():
                process.kill()
                process.join()
