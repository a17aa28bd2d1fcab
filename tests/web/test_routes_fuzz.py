"""The page's newer routes never answer 500, a traceback or a server path, whatever they are sent.

Random query values for ``/api/state?ply=`` and ``/api/image?key=``, and random
JSON and random saved-game bytes for ``/api/open-zsg``, against a live game
with bitmaps: every answer is 200 or 4xx, JSON unless it is a served PNG.
"""

from __future__ import annotations

import base64
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import scaled
from tests.live_server import live_server

from .client import PageClient

ZSG_LINES = st.lists(st.sampled_from([
    "Zillions Save Game File Version 0.02 HC", "RulesFile=CubicChess.zrf", "VariantName=x", "1. Pawn a2 - a3",
    "1. Pawn f6 - f5", "2. = Rook on a2", "x a2", "White King d1", "1.", "2 Pawn", "", "\u00e9"]), max_size=6)
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=12),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                                 max_size=3), max_leaves=8)


def assert_clean(res, live) -> None:
    assert res.status_code == 200 or 400 <= res.status_code < 500, (res.status_code, res.text[:200])
    if res.headers["content-type"] != "image/png":
        data = res.json()
        assert res.status_code == 200 or isinstance(data.get("error"), str)
        for key in ("/tmp", live.store.upload_root, "Traceback"):
            assert key not in res.text


def test_random_requests_to_the_new_routes(zillions_dir):
    rules = zillions_dir / "Rules" / "CubicChess.zrf"
    if not rules.is_file():
        pytest.skip(f"{rules} is not in this Zillions folder")
    with live_server([str(rules)]) as live:
        c = PageClient(live)
        game = c.new(game="CubicChess.zrf").json()

        @settings(max_examples=scaled(200, 20), deadline=None, derandomize=True,
                  suppress_health_check=[HealthCheck.too_slow])
        @given(route=st.sampled_from(["state", "image", "zsg-json", "zsg-file"]),
               text=st.text(max_size=30) | st.sampled_from(["0", "1", "bm0", "bm1", "../x", "999999999999"]),
               body=JSON, lines=ZSG_LINES, name=st.sampled_from(["a.zsg", "b.txt", "../c.zsg", ""]))
        def attack(route, text, body, lines, name):
            if route == "state":
                res = c.raw.get("/api/state", params={"id": game["id"], "ply": text})
            elif route == "image":
                res = c.raw.get("/api/image", params={"id": game["id"], "key": text})
            elif route == "zsg-json":
                res = c.raw.post("/api/open-zsg", content=json.dumps({"id": game["id"], "zsg": body}),
                                 headers={"X-ZRF-Token": game["token"], "Content-Type": "application/json"})
            else:
                data = base64.b64encode("\r\n".join(lines).encode("utf-8")).decode()
                res = c.post("/api/open-zsg", {"id": game["id"], "zsg": {"name": name, "data": data}})
            assert_clean(res, live)
        attack()
        c.close()
