"""Live updates of a shared game: server-sent events telling every open page that it changed.

A page showing a game (a player's, an invited player's, a spectator's) opens
``GET /api/events?id=ID`` with the browser's ``EventSource``; the answer is an
event stream that says ``changed`` with the game's version number whenever a
move, an undo or an opened saved game changes it, and a comment line now and
then so that proxies keep the connection.  The page then reads the game with
``/api/state``, so the stream carries no position and needs no token: it tells
a spectator nothing the game's id does not already show.

Streams are bounded (:class:`StreamCount`, ``ServerLimits.max_streams``): one
more is refused with 503 and the reason; each stream polls its game's
version, so it holds no lock and no thread, and ends when the game closes or
the page goes.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Awaitable, Callable

#: seconds between two looks at the game's version
POLL_SECONDS = 0.2
#: seconds between two keep-alive comments
KEEPALIVE_SECONDS = 15.0


class TooManyStreams(RuntimeError):
    """Every live-update stream the server allows is open."""


class StreamCount:
    """How many live-update streams are open, at most ``limit`` (thread-safe)."""

    def __init__(self, limit: int):
        self.limit = limit
        self.open = 0
        #: the server is stopping: every stream ends at its next look
        self.stopping = False
        self._lock = threading.Lock()

    def stop(self) -> None:
        """End every stream (the server is stopping) and refuse new ones."""
        self.stopping = True

    def take(self) -> None:
        """Count one more open stream; :class:`TooManyStreams` when all are taken."""
        with self._lock:
            if self.stopping:
                raise TooManyStreams("the server is stopping")
            if self.open >= self.limit:
                raise TooManyStreams(f"the server keeps at most {self.limit} live-update streams open "
                                     "(--max-watchers); close a page showing a game, or try again later")
            self.open += 1

    def give_back(self) -> None:
        """A stream taken with :meth:`take` has ended."""
        with self._lock:
            self.open -= 1


async def change_events(version: Callable[[], int | None], gone: Callable[[], Awaitable[bool]],
                        poll: float = POLL_SECONDS, keepalive: float = KEEPALIVE_SECONDS) -> AsyncIterator[str]:
    """The event stream's text: ``changed`` with the version at once and after every change.

    ``version()`` is the game's version, None once the game is closed (the stream then says
    ``closed`` and ends); ``gone()`` is true once the page has disconnected.
    """
    last = None
    quiet = 0.0
    while True:
        now = version()
        if now is None:
            yield "event: closed\ndata: the game was closed\n\n"
            return
        if now != last:
            last, quiet = now, 0.0
            yield f"event: changed\ndata: {now}\n\n"
        elif quiet >= keepalive:
            quiet = 0.0
            yield ": still here\n\n"
        if await gone():
            return
        await asyncio.sleep(poll)
        quiet += poll
