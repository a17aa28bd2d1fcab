"""The play server's JSON API, driven over loopback HTTP as the page drives it."""

from __future__ import annotations

from runtime.loading.opening import open_game
from runtime.core.protocol import Move, PartDetails, Placement
from runtime.savedgames.saving import load
from runtime.web.move_cells import describe_move, part_cells
from tests.live_server import live_server

from .client import PageClient

CHESS = "tests/games/chess.zrf"


def test_part_cells():
    """From the moves' data: a movement, a partial jump, a drop, a pass, a move without data."""
    chess = open_game(CHESS).initial_state()
    e4 = next(m for m in chess.legal_moves() if m.notation == "Pawn e2 - e4")
    assert part_cells(e4.details[0]) == ("e2", "e4")
    checkers = open_game("tests/games/checkers.zrf").initial_state()
    for text in ("Man c3 - d4", "Man f6 - e5"):
        checkers = checkers.apply(next(m for m in checkers.legal_moves() if m.notation == text))
    (jump,) = checkers.legal_moves()
    assert jump.notation == "partial 2 Man d4 - f6 x e5"
    assert part_cells(jump.details[0]) == ("d4", "f6")
    assert part_cells(PartDetails(placements=(Placement(("White", "Pawn"), "e4"),))) == (None, "e4")
    assert part_cells(PartDetails()) == (None, None)
    assert describe_move(Move.single("Pawn e2 - e4"))["parts"] == [
        {"text": "Pawn e2 - e4", "from": None, "to": None, "piece": None, "becomes": None}]
    assert describe_move(e4)["parts"][0]["piece"] == "Pawn"


def test_new_game_move_undo_and_download(client):
    games = client.get("/api/games").json()
    assert "canopus" in [g["name"] for g in games["games"]]
    state = client.new(game="canopus").json()
    assert state["history"] == [] and state["moves"] and state["token"]
    first = state["moves"][0]["notation"]
    after = client.post("/api/move", {"id": state["id"], "notation": first}).json()
    assert after["history"] == [first] and after["to_move"] == "Black"
    text = client.get("/api/zsg", id=state["id"]).content.decode("cp1252")
    assert text.startswith("Zillions Save Game File") and f"1. {first}\r\n" in text
    undone = client.post("/api/undo", {"id": state["id"]}).json()
    assert undone["history"] == [] and undone["to_move"] == "White"


def test_errors_are_json_with_diagnostics(client):
    res = client.get("/api/state", id="nope")
    assert res.status_code == 404 and "no such game" in res.json()["error"]
    res = client.upload("bad.zrf", b'(game (title "x"')
    assert res.status_code == 400
    assert res.json()["diagnostics"] == ["bad.zrf:1:7: E102 unbalanced '(': never closed"]
    state = client.new(game="canopus").json()
    res = client.post("/api/move", {"id": state["id"], "notation": "Nothing z9 - z10"})
    assert res.status_code == 400 and "illegal move" in res.json()["error"]


def test_hint_names_a_legal_move_without_playing_it(client):
    state = client.new(game="canopus").json()
    res = client.post("/api/hint", {"id": state["id"], "kind": "ai", "strength": 1})
    assert res.status_code == 200
    assert res.json()["hint"]["notation"] in [m["notation"] for m in state["moves"]]
    assert client.get("/api/state", id=state["id"]).json()["history"] == []


def test_downloaded_zsg_replays_to_the_same_position(client, tmp_path):
    state = client.new(game="canopus").json()
    for _ in range(6):
        res = client.post("/api/ai", {"id": state["id"], "kind": "random"})
        assert res.status_code == 200
        state = res.json()
    data = client.get("/api/zsg", id=state["id"], seats="HC").content
    assert data.startswith(b"Zillions Save Game File Version 0.02 HC\r\nRulesFile=canopus.zrf\r\n")
    path = tmp_path / "g.zsg"
    path.write_bytes(data)
    final, history = load(str(path), open_game("canopus"))
    assert [m.notation for _, m in history] == state["history"]
    assert final.current_player == state["to_move"]


def test_a_file_named_on_the_command_line_is_listed_by_name_and_preselected():
    with live_server([CHESS]) as live:
        c = PageClient(live)
        listing = c.get("/api/games").json()
        assert listing["default"] == "chess.zrf"
        assert {"name": "chess.zrf", "summary": "chess.zrf from the command line", "file": True, "engine": False} in listing["games"]
        state = c.new(game="chess.zrf").json()
        assert len(state["moves"]) == 20  # the 20 opening moves of chess
        c.close()


def test_an_upload_with_its_include_loads(client):
    main = (b'(include "board.inc")\n(game (title "Inc") (players A B) (turn-order A B) (BOARD)\n'
            b'  (piece (name R) (moves (e add)))\n  (board-setup (A (R a1)) (B (R a2))))\n')
    board = (b'(define BOARD (board (grid (start-rectangle 0 0 10 10) '
             b'(dimensions ("a/b" (10 0)) ("2/1" (0 10))) (directions (e 1 0)))))\n')
    res = client.upload("main.zrf", main, {"board.inc": board})
    assert res.status_code == 200, res.text
    assert [m["notation"] for m in res.json()["moves"]] == ["R a1 - b1"]
