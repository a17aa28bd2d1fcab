"""Only the page this server sent may talk to it (issue 20: any web page could drive it).

An ASGI middleware in front of every route:

* ``Host`` must name this server: a loopback name (``127.0.0.1``,
  ``localhost``, ``[::1]``) or the address the connection arrived on, with
  the port it arrived on.  A page on ``evil.example`` whose name an attacker
  re-points at 127.0.0.1 (DNS rebinding) sends ``Host: evil.example`` and
  gets 403, so it can neither drive the server nor read its answers.
* For ``/api/`` routes, ``Origin`` (sent by browsers with every POST and
  cross-origin request) must be this server's own origin, and
  ``Sec-Fetch-Site``, when present, must be ``same-origin`` or ``none``: a
  page from another site, or from another port of this machine, gets 403.
* Every answer carries headers that keep other pages out: no framing
  (clickjacking), a content security policy allowing only this server's
  own scripts and styles, no MIME sniffing, no referrer.

The other two defences are per route: JSON content type and a size cap on
request bodies (:func:`runtime.web.app.json_body`), and the session token
(:mod:`runtime.web.sessions`).
"""

from __future__ import annotations

import json

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")

SECURITY_HEADERS = [
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"content-security-policy",
     b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
     b"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; "
     b"frame-ancestors 'none'"),
]


def allowed_hosts(server: tuple[str, int] | None) -> set[str]:
    """``Host`` values naming this server, given the connection's local ``(address, port)``."""
    if not server:
        return set()
    address, port = server[0], server[1]
    names = set(LOOPBACK_NAMES)
    names.add(f"[{address}]" if ":" in address else address)
    hosts = {f"{n}:{port}" for n in names}
    if port == 80:
        hosts |= names
    return hosts


def refusal(scope) -> str | None:
    """Why this request may not reach the application, or None."""
    headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
    hosts = allowed_hosts(scope.get("server"))
    host = headers.get("host", "").lower()
    if host not in hosts:
        return "this server answers only requests addressed to itself (Host header)"
    if scope.get("path", "").startswith("/api/"):
        origin = headers.get("origin")
        if origin is not None and origin.lower() not in {f"http://{h}" for h in hosts}:
            return "requests from other web pages are refused (Origin header)"
        site = headers.get("sec-fetch-site")
        if site is not None and site not in ("same-origin", "none"):
            return "requests from other web pages are refused (Sec-Fetch-Site header)"
    return None


class RequestGuard:
    """ASGI middleware: 403 for requests from elsewhere, security headers on every answer."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                message = dict(message, headers=list(message.get("headers", [])) + SECURITY_HEADERS)
            await send(message)

        reason = refusal(scope)
        if reason is None:
            await self.app(scope, receive, send_with_headers)
            return
        body = json.dumps({"error": reason}).encode()
        await send_with_headers({"type": "http.response.start", "status": 403, "headers": [
            (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
            (b"cache-control", b"no-store")]})
        await send_with_headers({"type": "http.response.body", "body": body})
