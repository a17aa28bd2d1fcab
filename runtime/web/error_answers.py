"""Error answers: a status, a message and the ZRF diagnostics, never a traceback or a server path.

Every failure a request can cause becomes a 4xx JSON answer
``{"error": MESSAGE, "diagnostics": [LINES]}`` (issue 20: error answers had
exception text and temporary paths, and a bug gave HTTP 500).  Diagnostics
keep their ``path:line:col: CODE message`` form with the server's folders
cut off the path, so an upload's error reads ``mygame.zrf:3:1: E102 ...``.
An unexpected exception (a bug in the toolkit) answers 422 with only its
type name; the traceback goes to the server's log, not to the page.
"""

from __future__ import annotations

import logging
import os
import re

from starlette.responses import JSONResponse

from zrf.diagnostics import Diagnostic

log = logging.getLogger("zrf.serve")

#: headers every JSON answer carries: never cached (positions change), never sniffed
JSON_HEADERS = {"Cache-Control": "no-store"}


class ApiError(Exception):
    """A request the server refuses; ``diagnostics`` are formatted ZRF diagnostic lines."""

    def __init__(self, status: int, message: str, diagnostics: list[str] | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.diagnostics = diagnostics or []

    def response(self) -> JSONResponse:
        body: dict = {"error": self.message}
        if self.diagnostics:
            body["diagnostics"] = self.diagnostics
        return JSONResponse(body, status_code=self.status, headers=JSON_HEADERS)


class PathHider:
    """Cuts the server's own folders out of messages: every upload's private folder (so an
    upload's file shows by its own name) and the roots of the games named on the command line."""

    def __init__(self, upload_root: str, folders: list[str]):
        roots = {os.path.realpath(f) for f in folders} | {os.path.abspath(f) for f in folders}
        uploads = {os.path.realpath(upload_root), os.path.abspath(upload_root)}
        # longest first, so a folder inside another is cut whole
        patterns = [re.escape(os.path.join(u, "")) + r"[^/\\\s]+/" for u in sorted(uploads, key=len, reverse=True)]
        patterns += [re.escape(os.path.join(r, "")) for r in sorted(roots, key=len, reverse=True)]
        self._pattern = re.compile("|".join(patterns)) if patterns else None

    def text(self, message: str) -> str:
        return self._pattern.sub("", message) if self._pattern else message

    def lines(self, diagnostics: list[Diagnostic]) -> list[str]:
        return [self.text(line) for d in diagnostics for line in d.format().splitlines()]


def unexpected(exc: BaseException, doing: str) -> ApiError:
    """The answer for an exception no rule foresaw: logged in full, shown by type name only."""
    log.error("unexpected error while %s", doing, exc_info=exc)
    return ApiError(422, f"internal error while {doing} ({type(exc).__name__}); "
                         "the server's log has the details")
