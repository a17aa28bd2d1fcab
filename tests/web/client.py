"""A client that talks to ``zrf serve`` as the page does: launch token, game tokens, JSON."""

from __future__ import annotations

import base64

import httpx

TIMEOUT = 60


class PageClient:
    """Sends what the page's script sends; ``raw`` gives the :class:`httpx.Client` for attacks."""

    def __init__(self, live, raw: httpx.Client | None = None):
        """``live`` gives ``url`` and ``launch_token``; ``raw`` replaces the HTTP client (Starlette's
        in-process ``TestClient`` is one)."""
        self.live = live
        self.raw = raw if raw is not None else httpx.Client(base_url=live.url, timeout=TIMEOUT)
        self.tokens: dict[str, str] = {}

    def close(self) -> None:
        self.raw.close()

    def get(self, path: str, **params) -> httpx.Response:
        return self.raw.get(path, params=params)

    def post(self, path: str, body: dict, token: str | None = None) -> httpx.Response:
        if token is None:
            token = self.live.launch_token if path == "/api/new" else self.tokens.get(body.get("id"), "")
        return self.raw.post(path, json=body, headers={"X-ZRF-Token": token})

    def new(self, **body) -> httpx.Response:
        res = self.post("/api/new", body)
        if res.status_code == 200:
            self.tokens[res.json()["id"]] = res.json()["token"]
        return res

    def upload(self, name: str, data: bytes, includes: dict[str, bytes] | None = None,
               variant: str | None = None) -> httpx.Response:
        def item(n, d):
            return {"name": n, "data": base64.b64encode(d).decode()}
        return self.new(upload=item(name, data), includes=[item(n, d) for n, d in (includes or {}).items()],
                        variant=variant)
