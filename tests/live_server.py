"""A real ``zrf serve`` (uvicorn on a loopback socket) in a background thread, for tests.

Tests talk to it over HTTP like any client, so the request guard, the
protocol's read deadline and uvicorn's own parsing are all in the path.
"""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from typing import Iterator, Sequence

from runtime.web.app import make_app
from runtime.web.catalog import Catalog
from runtime.web.server_limits import ServerLimits
from runtime.web.server import address_of, bind, make_server

START_SECONDS = 30


class LiveServer:
    """A running server: its base URL (``http://127.0.0.1:PORT``), port, app and session store."""

    def __init__(self, app, sock, server):
        self.app = app
        self.store = app.state.ctx.store
        self.launch_token = app.state.ctx.launch_token
        self.port = sock.getsockname()[1]
        self.url = address_of(sock).rstrip("/")
        self._sock = sock
        self._server = server

    def stop(self) -> None:
        self._server.should_exit = True


@contextmanager
def live_server(games: Sequence[str] = (), limits: ServerLimits | None = None) -> Iterator[LiveServer]:
    """Serve ``games`` (as on the command line) on a free loopback port for the ``with`` body."""
    limits = limits or ServerLimits()
    app = make_app(Catalog.from_arguments(games), limits)
    sock = bind("127.0.0.1", 0)
    server = make_server(app, limits)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + START_SECONDS
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.01)
    live = LiveServer(app, sock, server)
    try:
        yield live
    finally:
        server.should_exit = True
        thread.join(START_SECONDS)
        sock.close()
