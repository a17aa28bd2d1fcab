"""The play server's JSON API, driven over loopback HTTP with a built-in game."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request

import pytest

from runtime.web.moves import part_cells
from runtime.web.server import make_server


def test_part_cells():
    assert part_cells("Pawn e2 - e4") == ("e2", "e4")
    assert part_cells("partial 2 Checker a3 - c5 x b4") == ("a3", "c5")
    assert part_cells("White Pawn e4") == (None, "e4")
    assert part_cells("Pass") == (None, None)


@pytest.fixture()
def server():
    srv = make_server("127.0.0.1", 0)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{srv.server_address[1]}"
    srv.shutdown()
    srv.server_close()


def call(base, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as res:
            return res.status, json.loads(res.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def _first_engine():
    from variants.registry import BUILTIN_GAMES
    for name, entry in BUILTIN_GAMES.items():
        try:
            entry.load()
            return name
        except ImportError:
            continue
    pytest.skip("no native engine is available")


def test_new_game_move_undo_and_download(server):
    name = _first_engine()
    status, games = call(server, "/api/games")
    assert status == 200 and name in [g["name"] for g in games["games"]]
    status, state = call(server, "/api/new", {"game": name})
    assert status == 200 and state["history"] == [] and state["moves"]
    first = state["moves"][0]["notation"]
    status, after = call(server, "/api/move", {"id": state["id"], "notation": first})
    assert status == 200 and after["history"] == [first]
    assert after["to_move"] != state["to_move"] or len(state["players"]) == 1
    with urllib.request.urlopen(f"{server}/api/zsg?id={state['id']}", timeout=30) as res:
        text = res.read().decode()
    assert text.startswith("Zillions Save Game File") and first.split(";")[0] in text
    status, undone = call(server, "/api/undo", {"id": state["id"]})
    assert status == 200 and undone["history"] == []


def test_errors_are_json_not_crashes(server):
    status, body = call(server, "/api/state?id=nope")
    assert status == 404 and "no such game" in body["error"]
    status, body = call(server, "/api/new", {"zrf": "(game (title \"x\"", "filename": "bad.zrf"})
    assert status == 400 and any("E102" in line for line in body.get("diagnostics", []))
    name = _first_engine()
    _, state = call(server, "/api/new", {"game": name})
    status, body = call(server, "/api/move", {"id": state["id"], "notation": "Nothing z9 - z10"})
    assert status == 400 and "illegal move" in body["error"]


def test_hint_names_a_legal_move_without_playing_it(server):
    _, state = call(server, "/api/new", {"game": "canopus"})
    status, body = call(server, "/api/hint", {"id": state["id"], "kind": "ai", "strength": 1})
    assert status == 200
    assert body["hint"]["notation"] in [m["notation"] for m in state["moves"]]
    _, again = call(server, f"/api/state?id={state['id']}")
    assert again["history"] == []


def test_downloaded_zsg_replays_to_the_same_position(server, tmp_path):
    from runtime.games import load_game
    from runtime.savegames import load
    _, state = call(server, "/api/new", {"game": "canopus"})
    sid = state["id"]
    for _ in range(6):
        status, state = call(server, "/api/ai", {"id": sid, "kind": "random"})
        assert status == 200
    with urllib.request.urlopen(f"{server}/api/zsg?id={sid}&seats=HC", timeout=30) as res:
        data = res.read()
    assert data.startswith(b"Zillions Save Game File Version 0.02 HC\r\nRulesFile=canopus.zrf\r\n")
    path = tmp_path / "g.zsg"
    path.write_bytes(data)
    final, history = load(str(path), load_game("canopus"))
    assert [m.notation for _, m in history] == state["history"]
    assert final.current_player == state["to_move"]
