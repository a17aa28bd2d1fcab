"""Attacks on shared games (issue 34): invite links, seat tokens, watchers, the live-update stream.

docs/security.md states the rules: an invited seat's token moves only its player and only on
its turn; the owner's token no longer moves a seat given away; a watcher (the game id alone)
moves nothing; a token cannot be guessed; re-inviting withdraws the old link; the request
guard's Host and Origin rules hold for the new routes; the event streams are bounded.
Each is driven here through a real HTTP client on loopback, as an attacker would.
"""

from __future__ import annotations

import secrets

import httpx
import pytest

from runtime.web.server_limits import ServerLimits
from tests.live_server import live_server
from tests.web.client import PageClient

CHESS_MOVES = ("e2 - e4", "e7 - e5", "d2 - d4")


@pytest.fixture(scope="module")
def live():
    with live_server(["tests/games/chess.zrf"], ServerLimits(max_streams=2)) as server:
        yield server


@pytest.fixture()
def page(live):
    c = PageClient(live)
    yield c
    c.close()


def _shared(page) -> tuple[str, str, str]:
    """A chess game with Black given away: ``(id, owner token, Black's seat token)``."""
    res = page.new(game="chess.zrf")
    assert res.status_code == 200, res.text
    gid = res.json()["id"]
    invite = page.post("/api/invite", {"id": gid, "player": "Black"})
    assert invite.status_code == 200, invite.text
    join = invite.json()["join"]
    assert join.startswith(f"#join={gid}.")
    return gid, page.tokens[gid], join.split(".", 1)[1]


def test_a_seat_token_moves_only_its_seat_and_only_on_its_turn(page):
    gid, owner, black = _shared(page)
    joined = page.post("/api/join", {"id": gid}, token=black)
    assert joined.status_code == 200 and joined.json()["you"] == "Black"
    # Black's token cannot move White (the other seat, and out of turn)
    res = page.post("/api/move", {"id": gid, "notation": CHESS_MOVES[0]}, token=black)
    assert res.status_code == 403 and "this link plays Black" in res.json()["error"]
    assert page.post("/api/move", {"id": gid, "notation": CHESS_MOVES[0]}, token=owner).status_code == 200
    # the owner can no longer move Black, which was given away
    res = page.post("/api/move", {"id": gid, "notation": CHESS_MOVES[1]}, token=owner)
    assert res.status_code == 403 and "person you invited" in res.json()["error"]
    assert page.post("/api/move", {"id": gid, "notation": CHESS_MOVES[1]}, token=black).status_code == 200
    # nor may the seat ask the computer, take moves back or open a saved game
    for path, body in (("/api/ai", {"id": gid}), ("/api/undo", {"id": gid}), ("/api/invite", {"id": gid, "player": "White"})):
        assert page.post(path, body, token=black).status_code == 403, path
    assert page.get("/api/state", id=gid).json()["history"] == ["Pawn e2 - e4", "Pawn e7 - e5"]


def test_a_watcher_and_a_guesser_move_nothing(page):
    gid, _, black = _shared(page)
    for token in ("", "x" * 32, secrets.token_urlsafe(24), black[:-1] + ("A" if black[-1] != "A" else "B")):
        assert page.post("/api/move", {"id": gid, "notation": CHESS_MOVES[0]}, token=token).status_code == 403
        assert page.post("/api/join", {"id": gid}, token=token).status_code == 403
    state = page.get("/api/state", id=gid)
    assert state.status_code == 200 and state.json()["history"] == [] and "token" not in state.json()


def test_a_new_invite_withdraws_the_old_link(page):
    gid, _, first = _shared(page)
    second = page.post("/api/invite", {"id": gid, "player": "Black"}).json()["join"].split(".", 1)[1]
    assert second != first
    assert page.post("/api/join", {"id": gid}, token=first).status_code == 403
    assert page.post("/api/join", {"id": gid}, token=second).status_code == 200


def test_the_new_routes_keep_the_guards_rules(live, page):
    gid, owner, _ = _shared(page)
    for path, method in (("/api/join", "POST"), ("/api/invite", "POST"), ("/api/events", "GET")):
        headers = {"X-ZRF-Token": owner, "Origin": "http://evil.example", "Content-Type": "application/json"}
        res = httpx.request(method, live.url + path, params={"id": gid}, json={"id": gid, "player": "Black"},
                            headers=headers, timeout=30)
        assert res.status_code == 403 and "other web pages" in res.json()["error"], path
        res = httpx.request(method, live.url + path, params={"id": gid}, json={"id": gid},
                            headers={"Host": f"evil.example:{live.port}"}, timeout=30)
        assert res.status_code == 403, path


def test_the_event_stream_says_changed_and_is_bounded(live, page):
    gid, owner, _ = _shared(page)
    with httpx.Client(base_url=live.url, timeout=30) as http:
        with http.stream("GET", "/api/events", params={"id": gid}) as first:
            assert first.headers["content-type"].startswith("text/event-stream")
            lines = first.iter_lines()
            assert next(lines) == "event: changed"
            version = next(lines)
            assert version.startswith("data: ")
            with http.stream("GET", "/api/events", params={"id": gid}) as second:
                assert second.status_code == 200
                third = http.get("/api/events", params={"id": gid})
                assert third.status_code == 503 and "at most 2" in third.json()["error"]
            page.post("/api/move", {"id": gid, "notation": CHESS_MOVES[0]}, token=owner)
            seen = [next(lines) for _ in range(3)]
            assert "event: changed" in seen and any(s.startswith("data: ") and s != version for s in seen)
        assert http.get("/api/events", params={"id": "0" * 32}).status_code == 404


def test_resigning_and_drawing_go_only_through_a_held_seat(page):
    """Black's seat cannot resign or offer a draw for White; an offer accepted by the other side
    draws the game ("Draw: the players agreed"), after which no move is taken; a resignation
    ends a game for the resigning side ("White wins: Black resigned")."""
    gid, owner, black = _shared(page)
    assert page.post("/api/resign", {"id": gid, "player": "White"}, token=black).status_code == 403
    assert page.post("/api/draw", {"id": gid, "player": "White"}, token=black).status_code == 403
    offer = page.post("/api/draw", {"id": gid, "player": "White"}, token=owner)
    assert offer.status_code == 200 and offer.json()["draw_offer"] == "White" and offer.json()["outcome"] is None
    agreed = page.post("/api/draw", {"id": gid, "player": "Black"}, token=black).json()
    assert agreed["outcome"]["draw"] and agreed["outcome"]["words"] == "Draw: the players agreed"
    assert page.post("/api/move", {"id": gid, "notation": CHESS_MOVES[0]}, token=owner).status_code == 400
    gid, owner, black = _shared(page)
    resigned = page.post("/api/resign", {"id": gid, "player": "Black"}, token=black).json()
    assert resigned["outcome"]["words"] == "White wins: Black resigned"
