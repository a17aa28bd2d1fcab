"""The game so far as a Zillions saved game (``.zsg``) download.

The bytes are the same as ``zrf play``'s ``save`` writes
(:func:`runtime.savedgames.saving.saved_game_bytes`: cp1252 as Zillions writes, or
UTF-8 with a byte-order mark for other names), so a download replays with
``zrf replay``.  The file name in ``Content-Disposition`` is never game text
as such (issue 20: a title with line breaks injected headers): an ASCII name
made of letters, digits and ``._-`` only, and the full title percent-encoded
in ``filename*`` (RFC 6266), which cannot hold a line break or a quote.
"""

from __future__ import annotations

import re
from urllib.parse import quote

from starlette.responses import Response

from runtime.savedgames.saving import saved_game_bytes

from runtime.web.sessions import Session

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def attachment_header(title: str, suffix: str = ".zsg") -> str:
    """A ``Content-Disposition`` value naming the file after ``title``, safe for any title."""
    ascii_name = _UNSAFE.sub("_", title).strip("._")[:60] or "game"
    return f"attachment; filename=\"{ascii_name}{suffix}\"; filename*=UTF-8''{quote(title[:200] + suffix, safe='')}"


def seat_letters(session: Session, seats: str) -> str | None:
    """``seats`` (one ``H``/``C`` per player) if it fits the game, else None (all ``H``)."""
    letters = seats.upper()
    if len(letters) == len(session.game.players) and set(letters) <= {"H", "C"}:
        return letters
    return None


def zsg_response(session: Session, seats: str) -> Response:
    data = saved_game_bytes(session.game, session.spec, [m for _, m in session.history],
                            seat_letters(session, seats))
    return Response(data, media_type="application/octet-stream", headers={
        "Content-Disposition": attachment_header(session.game.name or "game"),
        "Cache-Control": "no-store"})
