"""runtime/jobs/time_limits.py: the per-job time limit of the corpus sweeps stops a runaway job and leaves no alarm behind."""

from __future__ import annotations

import signal
import threading
import time

import pytest

from runtime.jobs.time_limits import NoTimeLimitWarning, TimeLimitExceeded, available, time_limit

pytestmark = pytest.mark.skipif(not available(), reason="SIGALRM is POSIX-only (main thread)")


def test_a_job_past_its_limit_is_stopped():
    start = time.monotonic()
    with pytest.raises(TimeLimitExceeded):
        with time_limit(1):
            while True:
                pass
    assert time.monotonic() - start < 30


def test_the_previous_handler_comes_back_and_no_alarm_is_left():
    def mine(signum, frame):
        raise AssertionError("no alarm may be left pending")
    previous = signal.signal(signal.SIGALRM, mine)
    try:
        with time_limit(5):
            pass
        assert signal.getsignal(signal.SIGALRM) is mine
        assert signal.alarm(0) == 0
    finally:
        signal.signal(signal.SIGALRM, previous)


def test_where_no_limit_can_be_set_it_says_so():
    """Outside the main thread SIGALRM cannot be used: the job still runs, with a warning."""
    caught = []

    def job():
        with pytest.warns(NoTimeLimitWarning, match="no time limit of 3 s") as record:
            with time_limit(3):
                caught.append("ran")
        caught.extend(str(w.message) for w in record)

    worker = threading.Thread(target=job)
    worker.start()
    worker.join()
    assert caught[0] == "ran" and "runtime/jobs/time_limits.py" in caught[1]
