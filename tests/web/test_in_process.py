"""The play server's application driven in process through Starlette's ``TestClient``.

The live-server tests (``test_api.py``, ``tests/security``) put uvicorn's
parsing and the read deadline in the path; these call the same Starlette
application directly, without a socket, which lets a test hold the session
store's clock: expiry, the cap on open games and the body limit are checked
through the routes a page uses.
"""

from __future__ import annotations

import gc
import os
import weakref
from pathlib import Path
from types import SimpleNamespace

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
from starlette.testclient import TestClient  # noqa: E402

from runtime.web.app import make_app  # noqa: E402
from runtime.web.catalog import Catalog  # noqa: E402
from runtime.web.server_limits import ServerLimits  # noqa: E402

from .client import PageClient  # noqa: E402

CHESS = "tests/games/chess.zrf"
ROOT = Path(__file__).resolve().parents[2]


class FakeClock:
    """A clock the test moves by hand (seconds)."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def in_process(games=(), limits: ServerLimits | None = None, clock: FakeClock | None = None):
    """(PageClient over a TestClient, the app) for a fresh application; the lifespan runs."""
    app = make_app(Catalog.from_arguments(games), limits or ServerLimits())
    if clock is not None:
        app.state.ctx.store.clock = clock
    raw = TestClient(app)
    live = SimpleNamespace(url=str(raw.base_url), launch_token=app.state.ctx.launch_token)
    return PageClient(live, raw), app


@pytest.fixture()
def app_client():
    client, app = in_process([CHESS])
    with client.raw:
        yield client, app


def test_the_page_carries_its_launch_token_and_security_headers(app_client):
    client, app = app_client
    res = client.get("/")
    assert res.status_code == 200 and app.state.ctx.launch_token in res.text
    assert res.headers["x-frame-options"] == "DENY"
    assert "script-src 'self'" in res.headers["content-security-policy"]
    names = [g["name"] for g in client.get("/api/games").json()["games"]]
    assert names[0] == "chess.zrf" and "alpha-centauri" in names


def test_a_game_is_played_stepped_back_through_and_undone(app_client):
    client, _ = app_client
    state = client.new(game="chess.zrf").json()
    for notation in ("Pawn e2 - e4", "Pawn e7 - e5"):
        state = client.post("/api/move", {"id": state["id"], "notation": notation}).json()
    assert state["history"] == ["Pawn e2 - e4", "Pawn e7 - e5"] and state["to_move"] == "White"
    start = client.get("/api/state", id=state["id"], ply="0").json()
    # the start is shown (White to move there), nothing can be moved while looking back, no last move
    assert (start["view"], start["view_to_move"], start["moves"], start["last"]) == (0, "White", [], None)
    one = client.get("/api/state", id=state["id"], ply="1").json()
    assert one["view_to_move"] == "Black" and one["last"]["parts"][0]["from"] == "e2"
    undone = client.post("/api/undo", {"id": state["id"]}).json()
    assert undone["history"] == ["Pawn e2 - e4"]


def test_a_game_idle_past_the_limit_is_closed_with_its_reason():
    clock = FakeClock()
    client, app = in_process(limits=ServerLimits(idle_seconds=60), clock=clock)
    with client.raw:
        old = client.new(game="canopus").json()
        clock.now += 59
        assert client.get("/api/state", id=old["id"]).status_code == 200  # a request keeps it open
        clock.now += 61
        assert client.new(game="canopus").status_code == 200  # opening a game purges idle ones
        res = client.get("/api/state", id=old["id"])
        assert res.status_code == 404
        assert "expired after 1 minutes without a move (--idle-minutes)" in res.json()["error"]
        assert len(app.state.ctx.store) == 1


def test_the_least_recently_used_game_is_closed_past_the_cap():
    client, app = in_process(limits=ServerLimits(max_sessions=2))
    with client.raw:
        first, second = (client.new(game="canopus").json() for _ in range(2))
        assert client.get("/api/state", id=first["id"]).status_code == 200  # now second is the oldest
        client.new(game="canopus")
        res = client.get("/api/state", id=second["id"])
        assert res.status_code == 404 and "at most 2 games open (--max-games)" in res.json()["error"]
        assert client.get("/api/state", id=first["id"]).status_code == 200
        assert len(app.state.ctx.store) == 2


def test_an_upload_over_the_body_limit_is_refused_and_leaves_no_folder():
    client, app = in_process(limits=ServerLimits(max_body_bytes=2048))
    with client.raw:
        res = client.upload("big.zrf", b"; " + b"x" * 4096 + b"\n(game (title \"x\"))")
        assert res.status_code == 413 and "2048" in res.json()["error"]
        assert os.listdir(app.state.ctx.store.upload_root) == []


def test_uploads_are_deleted_when_the_application_stops():
    client, app = in_process()
    with client.raw:
        with open(CHESS, "rb") as f:
            assert client.upload("chess.zrf", f.read()).status_code == 200
        root = app.state.ctx.store.upload_root
        assert os.listdir(root)
    assert not os.path.exists(root)


def test_a_request_addressed_to_another_host_is_refused(app_client):
    client, _ = app_client
    res = client.raw.get("/api/games", headers={"Host": "evil.example"})
    assert res.status_code == 403 and "Host header" in res.text


def test_a_closed_games_learned_knowledge_goes_with_it():
    """The computer player's knowledge of an uploaded game is dropped once the game is closed.

    Two uploads of checkers with ``--max-games 1``: the second closes the first.  After a
    computer move in each, the first game object is collected (a weak reference to it
    dies) and the server's knowledge cache holds one game, the open one.
    """
    client, app = in_process(limits=ServerLimits(max_sessions=1))
    data = (ROOT / "tests" / "games" / "checkers.zrf").read_bytes()
    with client.raw:
        first = client.upload("checkers.zrf", data).json()
        assert client.post("/api/ai", {"id": first["id"], "seconds": 0.05, "strength": 1}).status_code == 200
        first_game = weakref.ref(app.state.ctx.store.get(first["id"]).game)
        second = client.upload("checkers.zrf", data).json()
        assert client.post("/api/ai", {"id": second["id"], "seconds": 0.05, "strength": 1}).status_code == 200
        gc.collect()
        assert first_game() is None
        assert len(app.state.ctx.knowledge) == 1
