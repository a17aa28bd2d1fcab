"""Serving the application with uvicorn on a socket this module binds (loopback by default).

uvicorn bounds the size of a request head (h11's 16 KB) and, with
``limit_concurrency``, the number of open connections (503 beyond it); it
does not bound how long a client may take to send a request.
:class:`DeadlineH11Protocol` adds that: a connection that has not delivered a
whole request (head and body) within ``ServerLimits.read_seconds`` of opening
(on a kept-alive connection, of the next request's first byte) is closed, so slow or lying clients (a ``Content-Length`` larger
than the body sent) cannot hold the server's connections (issue 20).  The
application bounds body sizes itself (:func:`runtime.web.app.json_body`).
"""

from __future__ import annotations

import asyncio
import logging
import socket
from typing import Callable

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from runtime.web.server_limits import ServerLimits

log = logging.getLogger("zrf.serve")

SWITCH_INTERVAL = 0.001
"""Seconds a thread holds the interpreter before another may take it (Python's default: 0.005), set
by ``zrf serve``.  The computer's searches are pure Python in their own threads; a person's move,
in another, got the interpreter back sooner.  ``benchmarks/server_load.py`` (20 clients, 50 moves
each against the computer, on the loaded 2-core machine): p50 148 ms, p99 1,659 ms at 0.005;
p50 73 ms, p99 888 ms at 0.001."""


class DeadlineH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline for receiving each whole request."""

    read_seconds = ServerLimits.read_seconds

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = None
        self._arm()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is h11.DONE:
            self._disarm()  # the request is in: the application's time is not the client's
        elif self._deadline is None:
            self._arm()  # the next request on a kept-alive connection has started

    def connection_lost(self, exc) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._deadline = self.loop.call_later(self.read_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            log.warning("closed a connection that sent no whole request within %g s", self.read_seconds)
            self.transport.close()


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host:port`` (port 0: any free port); OSError when it cannot."""
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                         flags=socket.AI_PASSIVE)[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock


class StoppingServer(uvicorn.Server):
    """uvicorn's server that first tells the application it stops (``before_stop``), so that open
    live-update streams end by themselves instead of being cut after the grace period."""

    def __init__(self, config: uvicorn.Config, before_stop: Callable[[], None]):
        super().__init__(config)
        self.before_stop = before_stop

    async def shutdown(self, sockets=None):
        self.before_stop()
        await super().shutdown(sockets=sockets)


def make_server(app, limits: ServerLimits, log_requests: bool = False) -> uvicorn.Server:
    """A uvicorn server for ``app`` (made by ``make_app``, whose ``state.before_stop`` ends its
    live-update streams; run it with ``server.run(sockets=[bind(...)])``)."""
    protocol = type("ServeProtocol", (DeadlineH11Protocol,), {"read_seconds": limits.read_seconds})
    config = uvicorn.Config(app, http=protocol, lifespan="on", access_log=log_requests,
                            log_level="info" if log_requests else "warning",
                            limit_concurrency=limits.max_connections, timeout_keep_alive=5,
                            timeout_graceful_shutdown=5)
    return StoppingServer(config, app.state.before_stop)


def address_of(sock: socket.socket) -> str:
    """``http://host:port/`` of a bound socket."""
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"
