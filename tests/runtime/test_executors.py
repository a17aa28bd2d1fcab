"""runtime.jobs.executors without Ray: results in call order, progress once per job, clear errors.

The Ray backend itself is tested in test_sweeps_on_ray.py (skipped without Ray).
"""

from __future__ import annotations

import contextvars
import sys
import time

import pytest

from runtime.jobs import executors
from runtime.jobs.executors import RAY_MISSING, BackendError, memo_scope, open_executor, run_calls, worker_memo


def _square_after(delay: float, x: int) -> int:
    """``x * x``, after ``delay`` seconds (so later calls can finish first)."""
    time.sleep(delay)
    return x * x


def _fail(x: int) -> int:
    raise ValueError(f"job {x} failed")


def test_results_come_back_in_call_order_from_a_pool():
    """The first calls sleep longest, so the pool finishes them last; the list is still in call order."""
    calls = [(_square_after, (0.3 - 0.05 * i, i)) for i in range(6)]
    seen = []
    results = run_calls(calls, "process", 2, progress=lambda done, total: seen.append((done, total)))
    assert results == [0, 1, 4, 9, 16, 25]
    assert seen == [(k, 6) for k in range(1, 7)]


def test_one_worker_runs_in_this_process():
    """One worker starts no pool: the calls run here (a lambda could not be sent to a process)."""
    assert run_calls([(lambda x: x + 1, (1,)), (lambda x: x + 1, (2,))]) == [2, 3]


def test_a_job_error_reaches_the_caller():
    with pytest.raises(ValueError, match="job 1 failed"):
        run_calls([(_square_after, (0, 2)), (_fail, (1,))], "process", 2)


def test_more_workers_than_cpus_is_said(monkeypatch):
    monkeypatch.setattr("os.cpu_count", lambda: 1)
    with pytest.warns(UserWarning, match="3 workers asked for, this machine has 1 CPUs: running 1"):
        assert run_calls([(_square_after, (0, 3))], "process", 3) == [9]


@pytest.mark.parametrize("backend, workers, address, message", [
    ("threads", 1, None, "unknown backend 'threads' (have: process, ray)"),
    ("process", 0, None, "workers must be at least 1, not 0"),
    ("process", 2, "ray://head:10001", "a Ray address needs --backend ray"),
])
def test_bad_requests_are_errors(backend, workers, address, message):
    with pytest.raises(BackendError, match=message.replace("(", r"\(").replace(")", r"\)")):
        with open_executor(backend, workers, address):
            pass


def test_ray_missing_says_which_extra_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    with pytest.raises(BackendError) as exc:
        with open_executor("ray", 2):
            pass
    assert str(exc.value) == RAY_MISSING == "the ray backend needs Ray: pip install -e '.[ray]'"


def test_the_commands_say_ray_is_missing(monkeypatch, capsys, tmp_path):
    """The sweeps' entry points exit 2 with the message (argparse's usage error)."""
    from runtime.sweeps import coverage

    (tmp_path / "MANIFEST.tsv").write_text("slug\tfile\tengine\tsaved_games\n")
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(SystemExit) as exc:
        coverage.main([str(tmp_path), "--backend", "ray", "--workers", "2"])
    assert exc.value.code == 2
    assert RAY_MISSING in capsys.readouterr().err


BUILT: list[str] = []


def _memo_job(key: str) -> str:
    """The worker's value for ``key``, built (and counted) only when the worker has not got it."""
    return worker_memo().get(key, lambda: BUILT.append(key) or f"value of {key}")


def test_a_workers_memo_builds_a_value_once_and_the_driver_shares_it_inline():
    """Three jobs of key a after the driver built it: no build; then b: one build.  After the
    driver's scope nothing is kept (a fresh context sees no memo)."""
    BUILT.clear()

    def drive():
        with memo_scope():
            assert _memo_job("a") == "value of a"
            assert run_calls([(_memo_job, ("a",))] * 3) == ["value of a"] * 3
            assert run_calls([(_memo_job, ("b",)), (_memo_job, ("b",))]) == ["value of b"] * 2
        return executors._MEMO.get()
    assert contextvars.copy_context().run(drive) is None
    assert BUILT == ["a", "b"]
