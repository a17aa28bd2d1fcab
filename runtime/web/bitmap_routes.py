"""A session game's own bitmaps, served to the page as PNG (``GET /api/image?id=ID&key=KEY``).

The position picture (:func:`runtime.pictures.svg.render_svg`) names each bitmap it
uses by its short key (``bm0``, ``bm1`` ...); the page's SVG links them here
instead of embedding them, so a position update is a few kilobytes of SVG
and the browser caches each picture once.  A request names a *key*, never a
path: only the bitmaps of the session's game (its chosen board and piece
set, :func:`runtime.pictures.bitmaps.graphics_for`) can be served, so no request can
read any other file.  Piece bitmaps come with pure green transparent.
"""

from __future__ import annotations

from typing import Callable
from urllib.parse import urlencode

from runtime.pictures.bitmaps import Bitmap, GameGraphics, graphics_for
from runtime.web.error_answers import ApiError
from runtime.web.sessions import Session

#: cache lifetime the answers carry: a key names the same picture for the session's whole life
IMAGE_HEADERS = {"Cache-Control": "private, max-age=86400, immutable"}
#: the longest key a request may name (keys are ``bm`` and a number)
MAX_KEY = 16


def session_graphics(session: Session) -> GameGraphics | None:
    """The bitmaps pictures of this session use (loaded once per game object); an upload's
    only from its own folder, as its includes (a path climbing out finds nothing)."""
    if session.drawn_as is not None:  # a built-in game's package, written by this server
        return graphics_for(session.drawn_as)
    return graphics_for(session.game, root=session.folder)


def bitmaps_by_key(graphics: GameGraphics | None) -> dict[str, Bitmap]:
    """Every bitmap of ``graphics`` (board and pieces) by its key."""
    if graphics is None:
        return {}
    found = [graphics.board] if graphics.board is not None else []
    found += list(graphics.pieces.values())
    return {bm.key: bm for bm in found}


def image_href(session: Session) -> Callable[[Bitmap], str]:
    """The URL the page's SVG names for a bitmap of this session."""
    def href(bm: Bitmap) -> str:
        return "/api/image?" + urlencode({"id": session.id, "key": bm.key})
    return href


def image_png(session: Session, key: object) -> bytes:
    """The PNG of the session's bitmap ``key`` (made once, then kept); 404 for any other key."""
    if not isinstance(key, str) or len(key) > MAX_KEY:
        raise ApiError(400, f"an image key is text of at most {MAX_KEY} characters")
    cached = session.pngs.get(key)
    if cached is not None:
        return cached
    bitmap = bitmaps_by_key(session_graphics(session)).get(key)
    if bitmap is None:
        raise ApiError(404, "this game has no image of that name")
    data = bitmap.png()
    session.pngs[key] = data
    return data


def graphics_notes(session: Session, hide: Callable[[list], list[str]]) -> list[str]:
    """The warnings about bitmaps left out (W610: the pixel limit) or missing (W601), paths cut
    by ``hide``; or none."""
    graphics = session_graphics(session)
    return hide(graphics.warnings()) if graphics is not None else []
