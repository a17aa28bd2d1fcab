"""Attacks on the page's rules editor (docs/security.md): an edit is an upload, confined as one.

An edited text may name any file in an ``(include ...)``: one outside the
game's folder is refused before it is read (E214), when checking, hovering and
applying alike, and nothing of it reaches the answer.  A text over the upload
limit is refused with the limit; only the game's owner may use the editor.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from runtime.web.server_limits import ServerLimits
from tests.conftest import scaled
from tests.live_server import live_server
from tests.web.client import PageClient
from tests.web.conftest import client, server  # noqa: F401 (fixtures)
from tests.web.test_routes_fuzz import JSON, assert_clean
from tests.web.test_rules_edit import GAME

SECRET = "secret-words-4711"


def _folders(client: PageClient) -> set[str]:
    root = client.live.store.upload_root
    return {name for name in os.listdir(root) if name.startswith("game-")}


def test_an_edit_cannot_include_outside_its_folder(client, tmp_path):
    """An absolute path, a path climbing out of the upload's folder, and a name found only
    relative to the server's working folder: each is refused as an upload's include is."""
    outside = tmp_path / "outside.zrf"
    outside.write_text(f'(define SECRET-MACRO "{SECRET}")\n')
    res = client.upload("main.zrf", GAME.encode())
    gid = res.json()["id"]
    client.post("/api/move", {"id": gid, "notation": "R a1 - b1"})
    before = _folders(client)
    climbing = os.path.relpath(outside, os.path.join(client.live.store.upload_root, "game-x"))
    for name in (str(outside), climbing, "README.md"):
        text = f'(include "{name}")\n(SECRET-MACRO)\n' + GAME
        res = client.post("/api/rules-apply", {"id": gid, "text": text})
        assert res.status_code == 400, name
        diag = res.json()["diagnostics"][0]
        assert diag.startswith(f"main.zrf:1:1: E214 include '{name}' is outside the folder"), diag
        assert client.live.store.upload_root not in res.text and SECRET not in res.text
        found = client.post("/api/rules-check", {"id": gid, "text": text}).json()["diagnostics"]
        assert (found[0]["line"], found[0]["col"], found[0]["code"]) == (1, 1, "E214")
        assert SECRET not in str(found) and client.live.store.upload_root not in str(found)
        hover = client.post("/api/rules-hover", {"id": gid, "text": text, "offset": text.index("SECRET") + 1})
        assert hover.status_code == 200 and SECRET not in hover.text
    assert _folders(client) == before  # every refused edit's folder is gone
    state = client.get("/api/state", id=gid).json()
    assert state["history"] == ["R a1 - b1"]
    assert client.post("/api/rules", {"id": gid}).json()["text"] == GAME


def test_an_applied_edit_replaces_the_games_folder(client):
    """The edit is a new upload; the game's previous folder is deleted with it."""
    gid = client.upload("main.zrf", GAME.encode()).json()["id"]
    before = _folders(client)
    assert client.post("/api/rules-apply", {"id": gid, "text": GAME}).status_code == 200
    after = _folders(client)
    assert len(before) == len(after) == 1 and before != after


def test_oversize_text_is_refused_with_its_limit():
    limits = ServerLimits(max_body_bytes=64 * 1024)
    with live_server(limits=limits) as live:
        c = PageClient(live)
        try:
            gid = c.upload("main.zrf", GAME.encode()).json()["id"]
            text = GAME + ";" * (limits.max_upload_bytes - len(GAME) + 1)
            for path in ("/api/rules-check", "/api/rules-hover", "/api/rules-apply"):
                res = c.post(path, {"id": gid, "text": text, "offset": 0})
                assert res.status_code == 413, path
                assert str(limits.max_upload_bytes) in res.json()["error"] and "--max-upload-kb" in res.json()["error"]
            assert c.post("/api/rules-check", {"id": gid, "text": text[:-1]}).status_code == 200
        finally:
            c.close()


@pytest.mark.parametrize("path", ["/api/rules", "/api/rules-check", "/api/rules-hover", "/api/rules-apply"])
def test_an_invited_seat_cannot_edit(client, path):
    gid = client.upload("main.zrf", GAME.encode()).json()["id"]
    join = client.post("/api/invite", {"id": gid, "player": "B"}).json()["join"]
    seat_token = join.split(".", 1)[1]
    res = client.post(path, {"id": gid, "text": GAME, "offset": 0}, token=seat_token)
    assert res.status_code == 403


#: pieces of ZRF text an edit in progress is made of (brackets unbalanced, includes, macros)
PIECES = st.lists(st.sampled_from(['(', ')', '"', ';', '\n', '(include "x.zrf")', '(include "/etc/passwd")',
                                   "(define M (R a1))", "(M)", "$1", "(game", "(piece (name R)", "\u00e9", " "]),
                  max_size=12)


def test_random_edits_never_break_the_routes():
    """Random texts (and random JSON in place of them) to the editor's routes: never a 500, a
    traceback or a server path; the game still answers afterwards."""
    with live_server() as live:
        c = PageClient(live)
        gid = c.upload("main.zrf", GAME.encode()).json()["id"]

        @settings(max_examples=scaled(40, 10), deadline=None, suppress_health_check=list(HealthCheck))
        @given(st.sampled_from(["/api/rules-check", "/api/rules-hover", "/api/rules-apply"]),
               PIECES.map("".join) | JSON, st.integers(-2, 400) | JSON)
        def attack(path, text, offset):
            assert_clean(c.post(path, {"id": gid, "text": text, "offset": offset}), live)
        try:
            attack()
            assert c.get("/api/state", id=gid).status_code == 200
        finally:
            c.close()
