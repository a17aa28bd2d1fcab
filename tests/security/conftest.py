"""Helpers for the attack tests: run a snippet in a child process under resource limits.

An attack that worked before its fix may hang, fill memory or truncate a
file; running it in a child process with a wall-clock timeout and an
address-space limit turns each of those into an ordinary test failure
instead of a stuck or killed test run.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: Memory ceiling of a child process (the issue's bound: no input may take more than 1 GB).
CHILD_MEMORY = 1 << 30


def run_limited(code: str, *, timeout: float = 60, file_size: int | None = None,
                cwd: str | None = None) -> subprocess.CompletedProcess:
    """Run Python ``code`` in a child with this checkout first on the path.

    The child may use at most :data:`CHILD_MEMORY` bytes of address space;
    ``file_size`` caps the size of any file it writes (``RLIMIT_FSIZE``, a
    full disk in miniature: writes past it fail with EFBIG).  A child still
    running after ``timeout`` seconds is killed and ``subprocess.TimeoutExpired``
    propagates, failing the test.
    """
    prelude = textwrap.dedent(f"""
        import resource, signal
        resource.setrlimit(resource.RLIMIT_AS, ({CHILD_MEMORY}, {CHILD_MEMORY}))
        if {file_size!r} is not None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, ({file_size!r}, {file_size!r}))
    """)
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-c", prelude + textwrap.dedent(code)], capture_output=True,
                          text=True, timeout=timeout, env=env, cwd=cwd or str(ROOT))
