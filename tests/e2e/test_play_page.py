"""The play page as lichess players expect it, at 1280 and 390 pixels wide (issue 34).

One server per module serves the chess rules file of this repository and, when
the shared Zillions install is there, its Ur.  Checked in headless Chromium:
no horizontal scroll on a phone and a board as wide as the screen; Flip turns
the board round and clicks still land on the cells under the pointer; a
promotion is chosen in a chooser over the promotion cell, named by the piece;
a clock runs down and flags, and the computer is asked to think for a share of
its time left; Ur's random players roll (the person is never asked for a
roll, and the page never asks the search for one).

``ZRF_E2E_SHOTS=FOLDER`` saves the screenshots docs/play.md shows
(``play-1280.png``, ``play-390.png``).
"""

from __future__ import annotations

import json
import os

import pytest

from tests.live_server import live_server

from .conftest import DESKTOP, PHONE
from .playing import CHESS, cell

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def server(request):
    from tests.conftest import find_zillions

    games = [CHESS]
    zillions = find_zillions()
    ur = zillions / "Rules" / "07.Ur.zrf" if zillions else None
    if ur is not None and ur.is_file():
        games.append(str(ur))
    with live_server(games) as live:
        live.ur = ur if ur is not None and ur.is_file() else None
        yield live


def choose_game(page, name: str) -> None:
    """Pick ``name`` in the Game list, start it and wait until it is drawn."""
    before = page.evaluate("current.id")
    page.select_option("#game-select", label=name)
    page.click("#start")
    page.wait_for_function("(id) => current && current.id !== id && !document.body.dataset.loading", arg=before)
    page.wait_for_selector("body:not([data-loading]) #board svg .cell")


def centre(page, name: str) -> tuple[float, float]:
    box = page.locator(f'#board .cell[data-cell="{name}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def save_shot(page, name: str) -> None:
    folder = os.environ.get("ZRF_E2E_SHOTS")
    if folder:
        page.screenshot(path=os.path.join(folder, name), full_page=True)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
def test_the_page_fits_the_screen_and_the_board_fills_a_phone(server, open_page, viewport):
    """At 390 px nothing scrolls sideways and the board is at least 90 % of the width; at
    1280 px the board is at least 600 px wide with the players and moves beside it."""
    page = open_page(server.url + "/", viewport)
    width = viewport["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate("window.visualViewport.scale") == 1
    board = page.locator("#board svg").bounding_box()
    aside = page.locator("aside").bounding_box()
    if width < 500:
        assert board["width"] >= 0.9 * width
        assert aside["y"] >= board["y"] + board["height"] - 1  # below the board, one column
    else:
        assert board["width"] >= 600 and aside["x"] >= board["x"] + 500
    # the edge shows file letters and rank numbers, each cell's own name is gone
    letters = page.eval_on_selector_all("#board text.edge-coord", "els => els.map(e => e.textContent)")
    assert sorted(letters) == sorted(list("abcdefgh") + [str(r) for r in range(1, 9)])
    assert page.locator("#board text.coord").count() == 0
    save_shot(page, f"play-{width}.png")


def test_flip_turns_the_board_and_clicks_still_land(server, open_page):
    """Chess: before Flip e2 is below e7 and a is left of h; after it the other way round, the
    pieces' labels stay upright, and clicking e2 then e4 plays Pawn e2 - e4; then Black's reply
    d7 - d5 is made from the keyboard alone."""
    page = open_page(server.url + "/")
    page.select_option("#seat-1", "person")
    assert centre(page, "e2")[1] > centre(page, "e7")[1] and centre(page, "a1")[0] < centre(page, "h1")[0]
    page.click("#flip")
    page.wait_for_function("document.body.dataset.flipped === '1'")
    assert centre(page, "e2")[1] < centre(page, "e7")[1] and centre(page, "a1")[0] > centre(page, "h1")[0]
    # each piece is turned back round its own centre, so its label reads upright
    assert page.get_attribute('#board .piece[data-cell="e2"]', "transform").startswith("rotate(180")
    cell(page, "e2")
    cell(page, "e4")
    page.wait_for_function("document.body.dataset.plies === '1'")
    assert page.locator("#history .ply").first.inner_text() == "Pawn e2 - e4"
    page.click("#flip")
    page.wait_for_function("document.body.dataset.flipped === ''")
    assert centre(page, "e2")[1] > centre(page, "e7")[1]
    # from the keyboard: each cell is a labelled button; Enter picks up d7 and puts it on d5
    assert page.get_attribute('#board .cell[data-cell="d7"]', "aria-label") == "d7: Black Pawn"
    page.focus('#board .cell[data-cell="d7"]')
    page.keyboard.press("Enter")
    assert page.get_attribute("body", "data-selected") == "d7"
    assert page.locator("#marks .mark.selected").count() == 1  # drawn above the pieces too
    page.focus('#board .cell[data-cell="d5"]')
    page.keyboard.press("Enter")
    page.wait_for_function("document.body.dataset.plies === '2'")
    assert page.locator("#history li").count() == 1  # 1. e4 d5 on one line


def test_the_promotion_chooser_stands_at_the_piece(server, open_page):
    """Chess by hand: 1. a4 b5 2. axb5 a6 3. bxa6 Bb7 4. axb7 Nc6 5. bxa8: the pawn reaching a8
    may become a Queen, Rook, Bishop or Knight (the rules file's promotion list).  The chooser
    opens over a8 with those four names and no choice above the board; Knight puts a White
    Knight on a8, and clicking a piece twice puts it down again."""
    page = open_page(server.url + "/")
    page.select_option("#seat-1", "person")
    cell(page, "e2")
    assert page.get_attribute("body", "data-selected") == "e2"
    cell(page, "e2")
    assert page.get_attribute("body", "data-selected") == ""
    for plies, (src, dst) in enumerate([("a2", "a4"), ("b7", "b5"), ("a4", "b5"), ("a7", "a6"), ("b5", "a6"),
                                        ("c8", "b7"), ("a6", "b7"), ("b8", "c6")], 1):
        cell(page, src)
        cell(page, dst)
        page.wait_for_function(f"document.body.dataset.plies === '{plies}'")
    cell(page, "b7")
    cell(page, "a8")
    page.wait_for_selector("#promotion:not([hidden]) button.promote")
    names = page.eval_on_selector_all("#promotion button.promote", "els => els.map(e => e.textContent)")
    assert sorted(names) == ["Bishop", "Knight", "Queen", "Rook"]
    assert page.locator("#choices button").count() == 0
    chooser = page.locator("#promotion").bounding_box()
    square = page.locator('#board .cell[data-cell="a8"]').bounding_box()
    assert abs(chooser["x"] - square["x"]) < square["width"] and abs(chooser["y"] - square["y"]) < square["height"]
    page.click("#promotion button.promote >> text=Knight")
    page.wait_for_function("document.body.dataset.plies === '9'")
    piece = page.locator('#board .piece[data-cell="a8"]')
    assert (piece.get_attribute("data-owner"), piece.get_attribute("data-type")) == ("White", "Knight")
    lines = page.eval_on_selector_all("#history li", "els => els.map(e => e.value)")
    assert lines == [1, 2, 3, 4, 5]  # nine plies, one line per full move


def test_a_clock_runs_down_and_flags(server, open_page):
    """A 2-second clock (a time control added to the list; the server keeps it): White's clock runs
    while White is to move and shows less time after a moment; at zero the server says White lost
    on time, and no move can be made.  With 60 s + 0, the computer is asked to think at most a
    30th of its time left."""
    page = open_page(server.url + "/")
    asked = []
    page.on("request", lambda r: asked.append(json.loads(r.post_data)) if r.url.endswith("/api/ai") else None)
    page.select_option("#strength", "1")
    page.evaluate("""() => { const o = document.createElement('option'); o.value = '2+0'; o.textContent = '2 s';
                            document.querySelector('#clock').appendChild(o); }""")
    page.select_option("#clock", "2+0")
    page.click("#start")
    page.wait_for_selector("body:not([data-loading]) #clocks .clock.running[data-player='White']")
    first = int(page.get_attribute("#clocks .clock[data-player='White']", "data-ms"))
    page.wait_for_function("Number(document.querySelector(\"#clocks .clock[data-player='White']\").dataset.ms) < 1500")
    assert first <= 2000
    page.wait_for_function("document.querySelector('#status').dataset.over === '1'")
    assert page.inner_text("#status") == "Game over: Black wins: White's time ran out"
    assert page.locator("#clocks .clock.flagged[data-player='White']").count() == 1
    cell(page, "e2")
    assert page.locator("#board .cell.target").count() == 0
    # a real time control: the computer's share of its time
    page.select_option("#clock", "60+0")
    page.click("#start")
    page.wait_for_selector("body:not([data-loading]) #clocks .clock.running[data-player='White']")
    cell(page, "e2")
    cell(page, "e4")
    page.wait_for_function("document.body.dataset.plies === '2'")
    assert asked and all(0 < a["seconds"] <= 60 / 30 + 0.01 for a in asked)


def test_ur_rolls_its_dice(server, open_page):
    """Ur (Zillions' own file: players ?Up, Up, Down, ?Dice; turn order Down, then four ?Dice
    turns, then Up ...).  The random players are no seat (no list to choose a player kind),
    every ?Dice turn is asked of the server as a random roll, never of the search, and the
    person (Up) is first asked to move after Down's move and the four rolls."""
    if server.ur is None:
        pytest.skip("Ur is not in the shared Zillions install")
    page = open_page(server.url + "/")
    asked = []
    page.on("request", lambda r: asked.append(json.loads(r.post_data)) if r.url.endswith("/api/ai") else None)
    page.select_option("#strength", "1")
    choose_game(page, "07.Ur.zrf")
    players = page.evaluate("current.players")
    assert players == ["?Up", "Up", "Down", "?Dice"]
    assert page.locator("#seats select").count() == 2
    assert page.inner_text("#seat-3") == "?Dice: rolls by chance"
    page.wait_for_function("document.querySelector('#status').dataset.toMove === 'Up' && !document.body.dataset.busy")
    history = page.evaluate("current.history")
    assert len(history) == 5 and all(n.startswith("?Dice ") for n in history[1:])
    assert [a["kind"] for a in asked] == ["ai", "random", "random", "random", "random"]
    assert page.inner_text("#status").startswith("Up to move")
