"""Where a sweep's jobs run: in this process, in a local process pool, or on Ray.

Every parallel driver (``zrf crosscheck``, the corpus sweeps of
:mod:`runtime.sweeps.coverage` and :mod:`runtime.sweeps.backend_equality`)
hands its work here as a list of calls ``(function, arguments)`` and gets the
results back **in the order of the list**, whatever order the jobs finished
in, so a report is the same for any backend and any number of workers.  Only
the progress callback sees completions as they happen.

Backends (:class:`Backend`):

* ``process`` (the default): one worker runs the calls in this process; more
  run them in a :class:`concurrent.futures.ProcessPoolExecutor` of at most as
  many processes as the machine has CPUs (asking for more says so in a
  warning).
* ``ray``: each call is a Ray task, at most ``workers`` of them in flight.
  The Ray cluster is the one at ``address`` (``ray://host:10001`` or
  ``host:6379``), else at ``$RAY_ADDRESS``; with neither, a local Ray is
  started with ``workers`` CPUs and stopped at the end.  A Ray this process
  had already started (``ray.init`` by the caller) is used as it is.  Ray is
  imported here and nowhere else, and only when asked for; without it the
  error says which extra to install.

The functions must be importable by name (module-level), and on a cluster the
toolkit and the files the calls name must exist on every node
(docs/runtime.md, "Running sweeps on a cluster").
"""

from __future__ import annotations

import logging
import os
import warnings
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from zrf.text_enum import TextEnum

class Backend(TextEnum):
    """Where the jobs run (see the module docstring)."""

    PROCESS = "process"
    RAY = "ray"


#: the names ``--backend`` accepts; the first is the default
BACKENDS = tuple(b.value for b in Backend)

#: one job: a module-level function and its positional arguments
Call = tuple[Callable[..., Any], tuple]

#: ``progress(done, total)``, called once per finished job
Progress = Callable[[int, int], None]

RAY_MISSING = "the ray backend needs Ray: pip install -e '.[ray]'"


class BackendError(RuntimeError):
    """The backend asked for cannot run: an unknown name, Ray missing or unreachable."""


class ExecutorWarning(UserWarning):
    """A request the executor changed, such as more workers than CPUs."""


class WorkerMemo:
    """What one worker keeps between the jobs it runs: the value built for the last key, one entry.

    The jobs of one driver often need the same costly value (a cross-check's two
    loaded games); a job asks :func:`worker_memo` for it, and the worker builds
    it for its first job and hands it to the next ones with the same key.  The
    owner is the worker: in this process, the :func:`memo_scope` the driver
    opened (so its own jobs, run inline, share what it built, and nothing is kept
    after the block), else one per run of an :class:`InlineExecutor`; in a pool
    or Ray worker process, one for the process.
    """

    def __init__(self) -> None:
        self._key: Any = None
        self._value: Any = None
        self._full = False

    def get(self, key: Any, build: Callable[[], Any]) -> Any:
        """The value for ``key``: the one kept, or ``build()`` (which then replaces it)."""
        if not self._full or self._key != key:
            self._key, self._value, self._full = key, None, False  # let the old value go first
            self._value = build()
            self._key, self._full = key, True
        return self._value


_MEMO: ContextVar[WorkerMemo | None] = ContextVar("worker_memo", default=None)


def worker_memo() -> WorkerMemo:
    """The memo of the worker running the current job (see :class:`WorkerMemo`)."""
    memo = _MEMO.get()
    if memo is None:  # a pool or Ray worker process's first job: the process's memo from now on
        memo = WorkerMemo()
        _MEMO.set(memo)
    return memo


@contextmanager
def memo_scope() -> Iterator[WorkerMemo]:
    """A fresh :class:`WorkerMemo` for this process while the block runs (the driver's and its
    inline jobs'); the one before is back, and this one dropped, when it ends."""
    memo = WorkerMemo()
    token = _MEMO.set(memo)
    try:
        yield memo
    finally:
        _MEMO.reset(token)


class Executor:
    """Runs lists of calls; :meth:`run` yields their results in list order."""

    def run(self, calls: Sequence[Call], progress: Progress | None = None) -> Iterator[Any]:
        """``fn(*args)`` of every call, in the order of ``calls``; ``progress`` after each job."""
        results: dict[int, Any] = {}
        following = 0
        done = 0
        for index, result in self._completed(calls):
            results[index] = result
            done += 1
            if progress:
                progress(done, len(calls))
            while following in results:
                yield results.pop(following)
                following += 1

    def _completed(self, calls: Sequence[Call]) -> Iterator[tuple[int, Any]]:
        """(index, result) of every call, in the order the jobs finish."""
        raise NotImplementedError


class InlineExecutor(Executor):
    """One worker: the calls run here, one after the other (no process is started)."""

    def _completed(self, calls):
        token = _MEMO.set(WorkerMemo()) if _MEMO.get() is None else None
        try:
            for index, (fn, args) in enumerate(calls):
                yield index, fn(*args)
        finally:
            if token is not None:
                _MEMO.reset(token)


class ProcessExecutor(Executor):
    """A local process pool, kept open for every :meth:`run` of one :func:`open_executor`."""

    def __init__(self, pool: ProcessPoolExecutor):
        self.pool = pool

    def _completed(self, calls):
        futures = {self.pool.submit(fn, *args): index for index, (fn, args) in enumerate(calls)}
        try:
            for future in as_completed(futures):
                yield futures[future], future.result()
        finally:
            for future in futures:
                future.cancel()


def _call(fn: Callable[..., Any], args: tuple) -> Any:
    """What a Ray task runs: one call."""
    return fn(*args)


class RayExecutor(Executor):
    """Ray tasks, at most ``workers`` in flight (the cluster's free CPUs also bound them)."""

    def __init__(self, ray, workers: int):
        self.ray = ray
        self.workers = workers
        self.task = ray.remote(_call)

    def _completed(self, calls):
        ray = self.ray
        pending: dict = {}
        submitted = 0
        try:
            while submitted < len(calls) or pending:
                while submitted < len(calls) and len(pending) < self.workers:
                    fn, args = calls[submitted]
                    pending[self.task.remote(fn, args)] = submitted
                    submitted += 1
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    yield pending.pop(ref), ray.get(ref)
        finally:
            for ref in pending:
                ray.cancel(ref)


@contextmanager
def open_executor(backend: Backend | str = Backend.PROCESS, workers: int = 1,
                  address: str | None = None) -> Iterator[Executor]:
    """The executor for ``backend`` with ``workers`` workers; closed (and a Ray it started stopped) on exit.

    ``address`` is used by the ``ray`` backend only (``$RAY_ADDRESS`` when None);
    giving it with ``process`` is a :class:`BackendError`, so it is never silently ignored.
    """
    if backend not in BACKENDS:
        raise BackendError(f"unknown backend {backend!r} (have: {', '.join(BACKENDS)})")
    backend = Backend(backend)
    if workers < 1:
        raise BackendError(f"workers must be at least 1, not {workers}")
    if backend is Backend.PROCESS:
        if address:
            raise BackendError("a Ray address needs --backend ray")
        if workers == 1:
            yield InlineExecutor()
            return
        cpus = os.cpu_count() or 1
        if workers > cpus:
            warnings.warn(f"{workers} workers asked for, this machine has {cpus} CPUs: "
                          f"running {cpus} processes", ExecutorWarning, stacklevel=3)
        with ProcessPoolExecutor(max_workers=min(workers, cpus)) as pool:
            yield ProcessExecutor(pool)
        return
    with _ray_session(workers, address) as ray:
        yield RayExecutor(ray, workers)


@contextmanager
def _ray_session(workers: int, address: str | None):
    """Ray, initialised: the caller's, a cluster's, or a local one started (and stopped) here."""
    try:
        import ray
    except ImportError:
        raise BackendError(RAY_MISSING) from None
    if ray.is_initialized():
        yield ray
        return
    address = address or os.environ.get("RAY_ADDRESS") or None
    options: dict[str, Any] = {"log_to_driver": False}
    if address:
        options.update(address=address, logging_level=logging.WARNING)
    else:  # our own Ray: its start-up notices (token authentication, dashboard) are not the user's
        options.update(address="local", num_cpus=workers, include_dashboard=False,
                       logging_level=logging.ERROR)
    try:
        ray.init(**options)
    except Exception as exc:  # a bad address, an unreachable or incompatible cluster
        where = f"at {address}" if address else "locally"
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise BackendError(f"cannot start Ray {where}: {first}") from None
    try:
        yield ray
    finally:
        ray.shutdown()


def run_calls(calls: Sequence[Call], backend: Backend | str = Backend.PROCESS, workers: int = 1,
              address: str | None = None, progress: Progress | None = None) -> list[Any]:
    """Every call's result, in the order of ``calls`` (one :func:`open_executor` for one list)."""
    with open_executor(backend, workers, address) as executor:
        return list(executor.run(calls, progress))


def add_arguments(parser) -> None:
    """``--workers``, ``--backend`` and ``--ray-address`` on an :mod:`argparse` parser (the sweeps' entry points)."""
    parser.add_argument("--workers", type=int, default=1, help="jobs run at once (default 1: in this process)")
    parser.add_argument("--backend", choices=BACKENDS, default=BACKENDS[0],
                        help="process: a local process pool; ray: Ray tasks (default process)")
    parser.add_argument("--ray-address", default=None, metavar="ADDR",
                        help="the Ray cluster (ray://host:10001); default $RAY_ADDRESS, else a local Ray")
