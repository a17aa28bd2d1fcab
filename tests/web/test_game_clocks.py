"""The server's clocks (runtime/web/game_clocks.py), on a hand-moved clock and through the API.

Hand count for 300 + 2: White thinks 10 s and moves (300 - 10 + 2 = 292 left), Black thinks
295 s and moves (300 - 295 + 2 = 7), White then has 292 s and flags 292 s later.
"""

from __future__ import annotations

import time

from runtime.web.game_clocks import GameClocks, parse_control
from tests.live_server import live_server
from tests.web.client import PageClient


class Hand:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        return self.t


def test_clocks_count_charge_and_flag_by_hand():
    hand = Hand()
    clocks = GameClocks(300, 2, ["White", "Black"], "White", now=hand)
    hand.t = 10
    assert clocks.time_left("White") == 290 and clocks.flagged() is None
    clocks.moved("Black")
    assert clocks.left == {"White": 292, "Black": 300}
    hand.t = 305
    clocks.moved("White")
    assert clocks.left == {"White": 292, "Black": 7}
    hand.t = 305 + 292
    assert clocks.flagged() == "White"
    assert clocks.view()["left"] == {"White": 0, "Black": 7000}
    clocks.turn_to("Black")  # a move taken back: White's time is charged, no increment
    assert clocks.left == {"White": 0, "Black": 7} and clocks.running == "Black"
    assert parse_control("300+2") == (300.0, 2.0)
    assert [parse_control(t) for t in ("0+0", "300", "99999999+0", "5+601", 300, "1e3+0")] == [None] * 6


def test_a_flag_ends_the_game_on_the_server():
    """A 1-second game: after 1.2 s White's move is refused and the outcome is a loss on time."""
    with live_server(["tests/games/chess.zrf"]) as server:
        client = PageClient(server)
        state = client.new(game="chess.zrf", clock="1+0").json()
        assert state["clock"]["running"] == "White" and state["clock"]["left"]["Black"] == 1000
        assert client.new(game="chess.zrf", clock="fast").status_code == 400
        time.sleep(1.2)
        res = client.post("/api/move", {"id": state["id"], "notation": "e2 - e4"})
        assert res.status_code == 400 and res.json()["error"] == "the game is over"
        after = client.get("/api/state", id=state["id"]).json()
        assert after["outcome"]["words"] == "Black wins: White's time ran out" and after["history"] == []
        client.close()


def test_undo_gives_the_clocks_back_the_time_of_the_moves_taken_back():
    """Hand count for 300 + 2: White thinks 10 s and moves (292 left), Black thinks 20 s and moves
    (300 - 20 + 2 = 282); 5 s later Black's move is taken back: the clocks show what they did when
    Black moved (White 292, Black 300) and Black's runs again from the undo; 3 s later White's move
    is taken back too: both show 300, and White's runs.  (Charging instead of refunding would leave
    White 287 after the first undo.)  Moves replaced by a saved game forget their readings: an undo
    after that charges the running clock."""
    hand = Hand()
    clocks = GameClocks(300, 2, ["White", "Black"], "White", now=hand)
    hand.t = 10
    clocks.moved("Black")
    hand.t = 30
    clocks.moved("White")
    assert clocks.left == {"White": 292, "Black": 282}
    hand.t = 35
    clocks.took_back("Black")
    assert clocks.left == {"White": 292, "Black": 300} and clocks.running == "Black"
    hand.t = 38
    assert clocks.time_left("Black") == 297
    clocks.took_back("White")
    assert clocks.left == {"White": 300, "Black": 300} and clocks.running == "White"
    hand.t = 40
    clocks.replaced("Black")
    assert clocks.left == {"White": 298, "Black": 300} and clocks.running == "Black"
    hand.t = 41
    clocks.took_back("White")
    assert clocks.left == {"White": 298, "Black": 299} and clocks.running == "White"


def test_undo_through_the_api_refunds_the_clock():
    """A 60-second game: White waits 1.5 s, plays e2 - e4 and takes it back: White's clock shows 60 s
    again (without the refund it would show at most 58.5)."""
    with live_server(["tests/games/chess.zrf"]) as server:
        client = PageClient(server)
        state = client.new(game="chess.zrf", clock="60+0").json()
        time.sleep(1.5)
        moved = client.post("/api/move", {"id": state["id"], "notation": "e2 - e4"}).json()
        assert moved["clock"]["left"]["White"] <= 58_500
        undone = client.post("/api/undo", {"id": state["id"]}).json()
        assert undone["history"] == [] and undone["clock"]["running"] == "White"
        assert undone["clock"]["left"]["White"] > 59_000
        client.close()
