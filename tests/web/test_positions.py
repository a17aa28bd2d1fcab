"""What the page shows besides the board: earlier positions, check, rules texts, opened saved games."""

from __future__ import annotations

import base64

import pytest

from runtime.web.server_limits import ServerLimits
from tests.live_server import live_server

from .client import PageClient

CHESS = "tests/games/chess.zrf"
#: 1.e4 f6 2.Qh5+ : Black's King on e8 is in check (a hand-checked chess position)
CHECK_LINE = ["Pawn e2 - e4", "Pawn f7 - f6", "Queen d1 - h5"]


def play(client, state, notations):
    for n in notations:
        res = client.post("/api/move", {"id": state["id"], "notation": n})
        assert res.status_code == 200, res.text
        state = res.json()
    return state


@pytest.fixture()
def chess():
    with live_server([CHESS]) as live:
        client = PageClient(live)
        yield client, client.new(game="chess.zrf").json()
        client.close()


def test_an_earlier_position_is_shown_without_moves(chess):
    client, state = chess
    now = play(client, state, CHECK_LINE)
    assert now["view"] == 3 and now["numbers"] == [1, 1, 2] and now["moves"]
    one = client.get("/api/state", id=state["id"], ply=1).json()
    assert one["view"] == 1 and one["moves"] == [] and one["view_to_move"] == "Black"
    assert one["last"]["notation"] == "Pawn e2 - e4" and one["history"] == now["history"]
    assert 'class="piece" data-cell="e4"' in one["svg"] and 'class="piece" data-cell="f6"' not in one["svg"]
    start = client.get("/api/state", id=state["id"], ply=0).json()
    assert start["last"] is None and 'class="piece" data-cell="e2"' in start["svg"]
    beyond = client.get("/api/state", id=state["id"], ply=99).json()
    assert beyond["view"] == 3 and beyond["moves"]
    for bad in ("-1", "x", "1e3", "9" * 12, "\u00b2", "\u0663"):
        assert client.get("/api/state", id=state["id"], ply=bad).status_code == 400


def test_the_checked_king_is_named(chess):
    client, state = chess
    assert state["check"] == []
    assert play(client, state, CHECK_LINE[:2])["check"] == []
    assert play(client, state, CHECK_LINE[2:])["check"] == ["e8"]


def test_a_builtin_game_check_comes_from_its_engine(client):
    """Canopus (native engine, ``checkmated King``): no check at the start."""
    assert client.new(game="canopus").json()["check"] == []


def test_rules_texts_of_a_file_and_of_a_builtin_game(chess, client):
    _, state = chess
    assert set(state["texts"]) == {"description", "help", "strategy", "pieces"}
    alpha = client.new(game="alpha-centauri").json()["texts"]
    assert alpha["description"].startswith("Alpha Centauri is a chess variant by Roberto Lavieri")
    assert alpha["strategy"].startswith("Walk your King and Dame towards the centre")
    assert alpha["pieces"]["Guard"].startswith("Guard: one step in any direction")


def zsg_item(name: str, data: bytes) -> dict:
    return {"name": name, "data": base64.b64encode(data).decode()}


def test_a_corpus_saved_game_opens_and_every_position_can_be_shown(corpus_dir):
    """SimpleShogi.zsg (Zillions' own file) has 37 move lines of one part each: 37 turns; its
    last move, Silver a3 - b4, checkmates North's King, so South wins."""
    folder = corpus_dir / "SimpleShogi"
    if not (folder / "SimpleShogi.zsg").is_file():
        pytest.skip(f"{folder} is not in this corpus")
    with live_server([str(folder / "SimpleShogi.zrf")]) as live:
        client = PageClient(live)
        state = client.new(game="SimpleShogi.zrf").json()
        data = (folder / "SimpleShogi.zsg").read_bytes()
        opened = client.post("/api/open-zsg", {"id": state["id"], "zsg": zsg_item("SimpleShogi.zsg", data)}).json()
        assert opened["view"] == 37 and len(opened["history"]) == 37 and opened["moves"] == []
        assert opened["history"][0] == "King b1 - a2" and opened["history"][-1] == "Silver a3 - b4"
        assert opened["outcome"]["winners"] == ["South"]
        assert opened["last"]["notation"] == "Silver a3 - b4"
        start = client.get("/api/state", id=state["id"], ply=0).json()
        assert start["view"] == 0 and start["last"] is None
        second = client.get("/api/state", id=state["id"], ply=2).json()
        assert second["last"]["notation"] == "King b5 - c4"
        client.close()


def test_a_broken_or_foreign_saved_game_is_a_located_error(chess):
    client, state = chess
    res = client.post("/api/open-zsg", {"id": state["id"], "zsg": zsg_item("bad.zsg", b"hello\r\n")})
    assert res.status_code == 400 and res.json()["error"].startswith("bad.zsg:1:1: Z001")
    foreign = b"Zillions Save Game File Version 0.02 HC\r\nRulesFile=x.zrf\r\n1. Checker a3 - b4\r\n"
    res = client.post("/api/open-zsg", {"id": state["id"], "zsg": zsg_item("other.zsg", foreign)})
    assert res.status_code == 400 and "other.zsg:3:1" in " ".join(res.json()["diagnostics"])
    assert client.get("/api/state", id=state["id"]).json()["history"] == []  # the game is unchanged
    res = client.post("/api/open-zsg", {"id": state["id"], "zsg": zsg_item("x.txt", b"")})
    assert res.status_code == 400
    res = client.post("/api/open-zsg", {"id": state["id"], "zsg": zsg_item("ok.zsg", b"x")}, token="wrong")
    assert res.status_code == 403


def test_a_saved_game_longer_than_the_limit_is_refused_with_the_limit():
    long = b"Zillions Save Game File Version 0.02 HC\r\n" + b"1. Pawn e2 - e4\r\n" * 3
    with live_server([CHESS], limits=ServerLimits(max_saved_moves=2)) as live:
        client = PageClient(live)
        state = client.new(game="chess.zrf").json()
        res = client.post("/api/open-zsg", {"id": state["id"], "zsg": zsg_item("long.zsg", long)})
        client.close()
    assert res.status_code == 400 and res.json()["error"] == "long.zsg: 3 move lines; the server replays at most 2"
