"""Helpers for the attack tests: code and ``zrf serve`` in child processes under resource limits.

An attack that worked before its fix may hang, fill memory or truncate a
file; running it in a child process with a wall-clock timeout and an
address-space limit turns each of those into an ordinary test failure
instead of a stuck or killed test run.
"""

from __future__ import annotations

import os
import queue
import re
import resource
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import httpx

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


class CliServer:
    """``zrf serve`` started as a command in a child process with a 1 GB memory limit."""

    def __init__(self, proc: subprocess.Popen, url: str):
        self.proc = proc
        self.url = url

    def peak_memory_kb(self) -> int:
        """The child's peak resident memory so far (VmHWM), in KiB."""
        with open(f"/proc/{self.proc.pid}/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
        return 0

    def launch_token(self) -> str:
        """The token the server put in its page, read as the page's script reads it."""
        html = httpx.get(self.url + "/", timeout=30).text
        return re.search(r'<meta name="zrf-token" content="([^"]+)">', html).group(1)


def start_cli_server(*args: str, env: dict | None = None, start_seconds: float = 60) -> CliServer:
    """Run ``zrf serve --port 0 ARGS`` and wait for its address line (bounded by ``start_seconds``)."""
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (CHILD_MEMORY, CHILD_MEMORY))

    full_env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
                    **(env or {}))
    proc = subprocess.Popen([sys.executable, "-c", "from zrf.cli import main; main()", "serve", "--port", "0",
                             *args], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
                            env=full_env, cwd=str(ROOT), preexec_fn=limit)
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [lines.put(ln) for ln in proc.stderr], daemon=True).start()
    try:
        while True:
            line = lines.get(timeout=start_seconds)
            if line.startswith("serving on "):
                return CliServer(proc, line.split()[2].rstrip("/"))
    except queue.Empty:
        proc.kill()
        raise RuntimeError("zrf serve did not start") from None


def stop_cli_server(server: CliServer) -> int:
    """Stop the child as Ctrl-C would; its exit status."""
    server.proc.send_signal(signal.SIGINT)
    try:
        return server.proc.wait(30)
    except subprocess.TimeoutExpired:
        server.proc.kill()
        return server.proc.wait(30)
