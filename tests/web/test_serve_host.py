"""``zrf serve --host``: the server listens beyond this machine only when asked, and says so.

Each test starts ``zrf serve`` as a command in a child process and reaches it
over this machine's own non-loopback address (the one a route to the outside
would use), as a second computer on the network would.
"""

from __future__ import annotations

import os
import queue
import socket
import subprocess
import sys
import threading
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
START_SECONDS = 60


def _outside_address() -> str | None:
    """This machine's address toward the outside (no packet is sent), or None without one."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: a route is chosen, nothing is sent
        address = probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()
    return None if address.startswith("127.") else address


class Served:
    """A ``zrf serve`` child: its address line, every line of standard error so far, and the process."""

    def __init__(self, *args: str):
        env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        self.proc = subprocess.Popen([sys.executable, "-c", "from zrf.cli import main; main()", "serve",
                                      "--port", "0", *args], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                     text=True, env=env, cwd=str(ROOT))
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=lambda: [self.lines.put(ln) for ln in self.proc.stderr], daemon=True).start()
        self.said: list[str] = []
        while True:
            try:
                line = self.lines.get(timeout=START_SECONDS)
            except queue.Empty:
                self.proc.kill()
                raise RuntimeError("zrf serve did not start") from None
            self.said.append(line)
            if line.startswith("serving on "):
                self.port = int(line.split()[2].rstrip("/").rsplit(":", 1)[1])
                break

    def said_after_start(self, seconds: float = 2.0) -> list[str]:
        """The lines said so far, waiting up to ``seconds`` for one after the address line."""
        try:
            self.said.append(self.lines.get(timeout=seconds))
        except queue.Empty:
            pass
        return self.said

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(30)


@pytest.fixture
def outside():
    address = _outside_address()
    if address is None:
        pytest.skip("this machine has no address beyond loopback to serve on")
    return address


def test_host_serves_beyond_this_machine_with_a_warning(outside):
    """Asked for ``--host 0.0.0.0``, the server warns that anyone who can reach it may open games,
    answers the page at the machine's outside address, and still refuses a request addressed to
    another name (a DNS-rebinding page)."""
    served = Served("--host", "0.0.0.0")
    try:
        said = served.said_after_start()
        assert any(line.startswith("warning: --host serves beyond this machine") for line in said), said
        page = httpx.get(f"http://{outside}:{served.port}/", timeout=30)
        assert page.status_code == 200 and "zrf-token" in page.text
        foreign = httpx.get(f"http://{outside}:{served.port}/", headers={"Host": f"evil.example:{served.port}"},
                            timeout=30)
        assert foreign.status_code >= 400 and "Host header" in foreign.text
    finally:
        served.stop()


def test_by_default_only_this_machine_is_served(outside):
    """Without ``--host`` the server says no warning and the outside address finds nobody listening."""
    served = Served()
    try:
        said = served.said_after_start(1.0)
        assert not any(line.startswith("warning:") for line in said), said
        assert httpx.get(f"http://127.0.0.1:{served.port}/", timeout=30).status_code == 200
        with pytest.raises(httpx.ConnectError):
            httpx.get(f"http://{outside}:{served.port}/", timeout=30)
    finally:
        served.stop()
