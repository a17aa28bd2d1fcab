"""The play page's remaining controls of issue 34, in headless Chromium: a drop from hand, the seed, Undo
giving the clocks their time back, and Stop stopping the computer at once (no move played)."""

from __future__ import annotations

import json

import pytest

from tests.live_server import live_server
from tests.matches.small_games import THREE_IN_A_ROW_WITH_CHANCE, write

from .playing import CHESS, cell

pytestmark = pytest.mark.e2e


def _x_to_move(page) -> None:
    page.wait_for_function("document.querySelector('#status').dataset.toMove === 'X' && !document.body.dataset.busy")


def test_a_stone_is_dropped_from_hand_and_a_seed_replays_the_round(tmp_path, open_page):
    """Three in a row with blocks (X and O each hold 5 Stones off the board, the random player ?R drops a
    Block after each round).  X (the person) presses its hand's button "X Stone ×5" and then b2: the move
    is the drop ``X Stone b2`` and the hand shows 4.  O is the page's random mover and ?R rolls; with the
    seed 11 typed in, the new game is asked for seed 11 and a second game with the same seed and the same
    drop gets the same O move and the same roll."""
    path = write(tmp_path, THREE_IN_A_ROW_WITH_CHANCE)
    with live_server([str(path)]) as server:
        page = open_page(server.url + "/")
        opened = []
        page.on("request", lambda r: opened.append(json.loads(r.post_data)) if r.url.endswith("/api/new") else None)
        rounds = []
        for _ in range(2):
            page.fill("#seed", "11")
            page.click("#start")
            page.wait_for_function("!document.body.dataset.loading && current.history.length === 0")
            page.select_option("#seat-1", "random")
            hand = page.locator('#hand button[data-player="X"][data-piece="Stone"]')
            assert hand.inner_text() == "X Stone \u00d75" and hand.is_enabled()
            hand.click()
            assert hand.get_attribute("aria-pressed") == "true"
            cell(page, "b2")
            page.wait_for_function("current.history.length === 3")
            _x_to_move(page)
            history = page.evaluate("current.history")
            assert history[0] == "X Stone b2"
            assert history[1].startswith("O Stone ") and history[2].startswith("?R Block ")
            assert page.locator('#hand button[data-player="X"]').inner_text() == "X Stone \u00d74"
            rounds.append(history)
        assert [o.get("seed") for o in opened[-2:]] == [11, 11]
        assert rounds[0] == rounds[1]


def test_undo_gives_the_clock_its_time_back(open_page):
    """Chess with 1 minute each: White (the person) waits 2 s, plays e2 - e4, the computer answers; Undo
    takes both moves back and White's clock shows more than 59 s again (without the refund, under 58)."""
    with live_server([CHESS]) as server:
        page = open_page(server.url + "/")
        page.select_option("#strength", "1")
        page.select_option("#clock", "60+0")
        page.click("#start")
        page.wait_for_selector("body:not([data-loading]) #clocks .clock.running[data-player='White']")
        page.wait_for_timeout(2000)
        cell(page, "e2")
        cell(page, "e4")
        page.wait_for_function("document.body.dataset.plies === '2' && !document.body.dataset.busy")
        assert int(page.get_attribute("#clocks .clock[data-player='White']", "data-ms")) < 58_000
        page.click("#undo")
        page.wait_for_function("document.body.dataset.plies === '0'")
        assert int(page.get_attribute("#clocks .clock[data-player='White']", "data-ms")) > 59_000
        assert page.locator("#clocks .clock.running[data-player='White']").count() == 1


def test_stop_stops_the_computer_before_its_move(open_page):
    """Computer against computer at strength 10 (12,800 nodes, 5 s a move): Stop is pressed while White's
    first move is being worked out.  The search is stopped on the server and its move is not played (no
    move in the game, the answer marked stopped); both seats become the person's and the page is idle."""
    with live_server([CHESS]) as server:
        page = open_page(server.url + "/")
        answers = []
        page.on("response", lambda r: answers.append(r) if r.url.endswith("/api/ai") else None)
        page.evaluate("""() => { const o = document.createElement('option'); o.value = '10'; o.textContent = '10';
                                 document.querySelector('#strength').appendChild(o); }""")
        page.select_option("#strength", "10")
        page.click("#watch")
        page.wait_for_function("document.body.dataset.busy === '1' && !document.querySelector('#stop').hidden")
        page.wait_for_timeout(500)
        page.click("#stop")
        page.wait_for_function("!document.body.dataset.busy")
        assert page.get_attribute("body", "data-plies") == "0"
        assert [json.loads(r.body())["stopped"] for r in answers] == [True]
        assert [page.input_value(f"#seat-{i}") for i in (0, 1)] == ["person", "person"]


def test_a_move_that_ends_where_it_began_is_entered_by_clicking_its_piece_twice(open_page):
    """Canopus's White Star on c1 may jump its own Soldier on c2 to c3 and jump back to c1, taking it
    (``Star c1 - c3 x c2 Star c3 - c1``, a legal first move: the rules' chain of Star jumps).  A click
    on c1 selects the Star, a second click on c1 asks for the moves that end on c1 (a chooser when
    several do) instead of putting the Star down; the move is played and c2 is empty."""
    with live_server(["canopus"]) as server:
        page = open_page(server.url + "/")
        page.click("#start")
        page.wait_for_function("!document.body.dataset.loading && current.history.length === 0")
        page.select_option("#seat-1", "person")
        wanted = "Star c1 - c3 x c2 Star c3 - c1"
        assert wanted in page.evaluate("current.moves.map(m => m.notation)")
        cell(page, "c1")
        assert page.get_attribute("body", "data-selected") == "c1"
        cell(page, "c1")
        page.wait_for_function("current.history.length === 1 || !document.querySelector('#promotion').hidden")
        if page.evaluate("current.history.length") == 0:  # several moves end on c1: the chooser asks
            page.locator(f'#promotion button[data-part="{wanted}"]').click()
        page.wait_for_function("current.history.length === 1")
        assert page.evaluate("current.history") == [wanted]
        assert page.locator('#board .piece[data-cell="c2"]').count() == 0
