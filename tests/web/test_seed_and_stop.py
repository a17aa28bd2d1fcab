"""The page's seed and Stop through the API (issue 34): a seeded game rolls and plays the same again, and
the computer's move at a version of the game the page stopped is not worked out nor played."""

from __future__ import annotations

import threading

import pytest

from runtime.loading.opening import open_game
from runtime.players.alphabeta import AlphaBetaPlayer
from runtime.players.clock import TimeControl
from runtime.players.mcts import MCTSPlayer
from tests.live_server import live_server
from tests.matches.small_games import THREE_IN_A_ROW_WITH_CHANCE, write
from tests.web.client import PageClient

CHESS = "tests/games/chess.zrf"


def _first_round(client: PageClient, seed: int | None) -> list[str]:
    """X (a person) plays a1, O is the page's random mover, then ?R rolls where its Block goes."""
    body = {"game": "three.zrf"} if seed is None else {"game": "three.zrf", "seed": seed}
    state = client.new(**body).json()
    gid = state["id"]
    client.post("/api/move", {"id": gid, "notation": "X Stone a1"})
    client.post("/api/ai", {"id": gid, "kind": "random"})
    rolled = client.post("/api/ai", {"id": gid, "kind": "ai"}).json()
    assert rolled["random_players"] == ["?R"] and len(rolled["history"]) == 3
    assert rolled["history"][2].startswith("?R Block ")
    return rolled["history"]


def test_a_seeded_game_rolls_and_plays_the_same_again(tmp_path):
    """The same seed gives the same O move (a random mover) and the same roll in two games; over ten
    seeds the first rounds are not all one (the seed is what decides them: 8 cells for O, 7 for the Block)."""
    path = write(tmp_path, THREE_IN_A_ROW_WITH_CHANCE)
    with live_server([str(path)]) as server:
        client = PageClient(server)
        assert _first_round(client, 7) == _first_round(client, 7)
        assert len({tuple(_first_round(client, seed)) for seed in range(10)}) > 1
        res = client.new(game="three.zrf", seed=-1)
        assert res.status_code == 400 and "seed" in res.json()["error"]
        client.close()


def test_a_stopped_version_is_not_searched_nor_played():
    """The page stops the computer's move at the version it shows: the answer is the game unchanged,
    marked stopped.  After a move (a new version) the computer moves again.  A kind with its own
    budget (which could think without end) is refused."""
    with live_server([CHESS]) as server:
        client = PageClient(server)
        state = client.new(game="chess.zrf").json()
        gid = state["id"]
        assert client.post("/api/stop", {"id": gid, "version": state["version"]}).status_code == 200
        stopped = client.post("/api/ai", {"id": gid, "kind": "ai", "strength": 10, "seconds": 30}).json()
        assert stopped["stopped"] is True and stopped["history"] == []
        moved = client.post("/api/move", {"id": gid, "notation": "e2 - e4"}).json()
        answered = client.post("/api/ai", {"id": gid, "kind": "ai", "strength": 1}).json()
        assert len(answered["history"]) == 2 and "stopped" not in answered and answered["version"] > moved["version"]
        assert client.post("/api/stop", {"id": gid, "version": "now"}).status_code == 400
        assert client.post("/api/stop", {"id": gid, "version": 1}, token="wrong").status_code == 403
        refused = client.post("/api/ai", {"id": gid, "kind": "alphabeta:depth=64"})
        assert refused.status_code == 400 and "budget" in refused.json()["error"]
        client.close()


@pytest.mark.parametrize("make", [lambda stop: AlphaBetaPlayer(max_depth=64, node_budget=None, clock=stop),
                                  lambda stop: MCTSPlayer(iterations=10**9, clock=stop)], ids=["alphabeta", "mcts"])
def test_a_search_without_limits_ends_when_cancelled(make):
    """Neither search has a limit of its own here (no node budget, no time, depth 64 or 10**9 iterations):
    only the cancel flag, set from another thread as the page's Stop is, can end it; it then answers one of
    the position's legal moves."""
    state = open_game(CHESS).initial_state()
    flag = threading.Event()
    player = make(TimeControl(cancelled=flag.is_set))
    threading.Timer(0.5, flag.set).start()
    assert player.choose(state).notation in {m.notation for m in state.legal_moves()}
    assert flag.is_set()
