"""What one ``zrf serve`` process allows: sessions, request sizes and times, thinking time.

One frozen value, built by the ``serve`` command from its options and read by
every part of the server, so each limit is stated once.  Every limit is
reported when it is hit: a request over a size gets 413 with the size, an
expired or evicted game answers 404 saying which limit closed it, a request
that is not complete within ``read_seconds`` has its connection closed (the
server logs it), a computer move past ``searches`` running and ``search_queue``
waiting gets 503 saying so.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ServerLimits:
    """The server's caps; the defaults suit one person playing on this machine."""

    #: games open at once; beyond it the least recently used game is closed
    max_sessions: int = 32
    #: a game untouched for this long is closed and its upload deleted
    idle_seconds: float = 3600.0
    #: bytes of one request body (an upload is sent base64-encoded: 4/3 of its size)
    max_body_bytes: int = 4 * 1024 * 1024
    #: files in one upload (the .zrf and the files it includes)
    max_upload_files: int = 32
    #: seconds a client has to send one whole request (head and body)
    read_seconds: float = 20.0
    #: seconds the computer may think for one move or hint
    max_think_seconds: float = 60.0
    #: requests doing a person's game work (loading, moving, drawing) at the same time; others wait
    workers: int = 2
    #: computer moves and hints worked out at the same time, in their own pool: a person's move
    #: never waits behind another game's search
    searches: int = 2
    #: computer moves waiting for a searcher; one more is answered 503 at once, saying so
    search_queue: int = 8
    #: open connections; beyond it the server answers 503
    max_connections: int = 64
    #: live-update streams open at once (each holds a connection, so fewer than
    #: ``max_connections``); one more is answered 503, saying so
    max_streams: int = 32
    #: move lines of one opened saved game (each is matched against the legal moves)
    max_saved_moves: int = 3000

    @property
    def max_upload_bytes(self) -> int:
        """Largest total of uploaded file bytes that fits in one request body."""
        return self.max_body_bytes * 3 // 4
