"""A wall-clock limit on one job of a corpus sweep (coverage, back-end equality, the OpenSpiel survey).

``with time_limit(seconds):`` raises :class:`TimeLimitExceeded` inside the
block once ``seconds`` have passed, through ``SIGALRM``; the handler and the
alarm in place before are restored on the way out.  Signals reach only the
main thread of a POSIX process: elsewhere (Windows, another thread) the block
runs without a limit, and :class:`NoTimeLimitWarning` says so (once per
place, by Python's default warning filter); :func:`available` tells a caller
beforehand.
"""

from __future__ import annotations

import signal
import threading
import warnings
from contextlib import contextmanager
from typing import Iterator


class TimeLimitExceeded(Exception):
    """The block ran past its time limit."""


class NoTimeLimitWarning(RuntimeWarning):
    """A time limit could not be set here: the job runs without one."""


def available() -> bool:
    """Can :func:`time_limit` stop a block here (POSIX, main thread)?"""
    return hasattr(signal, "SIGALRM") and threading.current_thread() is threading.main_thread()


def _expired(signum, frame):
    raise TimeLimitExceeded()


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    """Raise :class:`TimeLimitExceeded` in the block after ``seconds`` (whole seconds, at least 1)."""
    if not available():
        warnings.warn(f"no time limit of {seconds} s here (SIGALRM needs POSIX and the main thread; "
                      "runtime/jobs/time_limits.py): the job runs until it ends", NoTimeLimitWarning,
                      stacklevel=3)
        yield
        return
    old = signal.signal(signal.SIGALRM, _expired)
    signal.alarm(max(1, int(seconds)))
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
