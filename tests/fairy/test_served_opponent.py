"""Fairy-Stockfish as a seat of the ``zrf serve`` page, through the server's HTTP API.

The page sends ``/api/ai`` with ``kind: "fairy-stockfish"`` for a seat the person gave to it;
the server plays the engine on the game's verified export (:mod:`runtime.fairy.opponents`).
The engine's moves are checked against a position counted by hand, and a game that does not
export is refused with its located reasons.  The tests skip, with the reason, where ``zrf
engines build fairy-stockfish`` has not been run or ``pyffish`` is missing.
"""

from __future__ import annotations

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")

from runtime.engines.engine_cache import EngineNotFound, resolve
from tests.fairy.games import TINY
from tests.live_server import live_server
from tests.web.client import PageClient

from ..conftest import ROOT

CHECKERS = ROOT / "tests" / "games" / "checkers.zrf"


def _engine() -> None:
    try:
        resolve("fairy-stockfish")
    except EngineNotFound as exc:
        pytest.skip(str(exc))
    pytest.importorskip("pyffish")  # the export is verified against pyffish before it is played


@pytest.fixture(scope="module")
def client():
    with live_server() as live:
        c = PageClient(live)
        yield c
        c.close()


def test_the_page_offers_fairy_stockfish_as_a_seat(client):
    """The seat choices of the page's script name the kind the server plays."""
    script = client.get("/static/app.js").text
    assert '["fairy-stockfish", ' in script


def test_fairy_stockfish_mates_in_one_through_the_api(client):
    """Tiny Rooks after ``Ka1-b1 Kd4-c3 Kb1-c1``: White King c1, Rook d1; Black King c3, Rook a4,
    Black to move.  By hand, ``Ra4-a1`` is mate (the king's squares b1, b2, c2, d2 are taken
    by the rook's rank and Black's king, the rook on a1 is two squares away, and White's rook
    cannot come between); no other Black move mates.  The engine, thinking a tenth of a second,
    plays it, and the server ends the game as Black's win; asking again (the engine kept for
    the game) after taking the moves back gives a move of the start position."""
    _engine()
    state = client.upload("tiny.zrf", TINY.encode()).json()
    gid = state["id"]
    for notation in ("King a1 - b1", "King d4 - c3", "King b1 - c1"):
        res = client.post("/api/move", {"id": gid, "notation": notation})
        assert res.status_code == 200, res.text
    res = client.post("/api/ai", {"id": gid, "kind": "fairy-stockfish", "seconds": 0.1})
    assert res.status_code == 200, res.text
    after = res.json()
    assert after["history"][-1] == "Rook a4 - a1"
    assert after["outcome"]["winners"] == ["Black"]
    for _ in range(4):
        assert client.post("/api/undo", {"id": gid}).status_code == 200
    start = client.get("/api/state", id=gid).json()
    assert start["history"] == [] and start["to_move"] == "White"
    res = client.post("/api/ai", {"id": gid, "kind": "fsf", "seconds": 0.1})
    assert res.status_code == 200, res.text
    assert res.json()["history"][0] in [m["notation"] for m in start["moves"]]


def test_a_game_that_does_not_export_is_refused_with_its_reasons(client):
    """Checkers' jumps are multi-part moves, which Fairy-Stockfish cannot play: the answer is a
    400 whose diagnostics locate each reason in the rules file (E805 add-partial)."""
    _engine()
    state = client.upload("checkers.zrf", CHECKERS.read_bytes()).json()
    res = client.post("/api/ai", {"id": state["id"], "kind": "fairy-stockfish", "seconds": 0.1})
    assert res.status_code == 400, res.text
    body = res.json()
    assert "does not export" in body["error"]
    assert any(line.startswith("checkers.zrf:") and "E805" in line for line in body["diagnostics"])
    assert client.get("/api/state", id=state["id"]).json()["history"] == []


def test_the_opponents_keep_at_most_their_capacity_of_engines(tmp_path):
    """With room for one engine, the second game's seat closes the first game's engine; closing
    the owner ends the rest."""
    _engine()
    from runtime.fairy.opponents import FairyOpponents
    from runtime.loading.opening import open_game

    path = tmp_path / "tiny.zrf"
    path.write_text(TINY)
    first, second = open_game(str(path)), open_game(str(path))
    opponents = FairyOpponents(capacity=1, positions=20)
    try:
        one = opponents.seat(first)
        assert one.engine is not None and len(opponents) == 1
        two = opponents.seat(second)
        assert one.engine is None and two.engine is not None and len(opponents) == 1
        assert opponents.seat(second) is two
    finally:
        opponents.close()
    assert two.engine is None and len(opponents) == 0
