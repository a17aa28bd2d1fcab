"""Two people in two browsers, a spectator, a served Zillions folder and a built-in game's pictures.

* Two browser contexts play one chess game through an invite link and a third watches: each
  move made in one page appears in the others without a click (server-sent events); the
  invited page moves only Black, the watcher has no seat and nothing to click.
* ``zrf serve`` on a Zillions install's Rules folder (51 files, 17 needing the Axiom plug-in):
  the page opens on a game that loads, lists the Axiom ones as such, and opens one of them in
  its set-up position with the reason.
* Alpha Centauri, a built-in game, is drawn with its package's board bitmap and a bitmap per
  piece (docs/graphics.md: rows in yellow, brown and blue, the Encounter Zone framed in red).
"""

from __future__ import annotations

import pytest

from tests.live_server import live_server

from .playing import CHESS, cell

pytestmark = pytest.mark.e2e


@pytest.fixture()
def context_page(browser):
    contexts = []

    def open_(url: str, wait_board: bool = True):
        context = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(120_000)
        page.goto(url)
        page.wait_for_selector("body[data-ready='1']")
        if wait_board:
            page.wait_for_selector("body:not([data-loading]) #board svg .cell")
        return page
    yield open_
    for context in contexts:
        context.close()


def test_two_browsers_play_through_an_invite_link_and_a_third_watches(context_page):
    with live_server([CHESS]) as server:
        owner = context_page(server.url + "/")
        owner.select_option("#seat-1", "remote")
        owner.wait_for_selector("#links:not([hidden]) input.link")
        join = owner.input_value("#links input[id^='invite-']")
        watch = owner.input_value("#watch-link")
        assert "#join=" in join and "#watch=" in watch and join.split("#join=")[1].split(".")[1] not in watch
        friend = context_page(join)
        watcher = context_page(watch)
        assert friend.get_attribute("body", "data-role") == "seat" and watcher.get_attribute("body", "data-role") == "watcher"
        assert "Black (you)" in friend.inner_text("#seats")
        # the friend cannot move White's pawn; the owner can
        cell(friend, "e2")
        assert friend.locator("#board .cell.target").count() == 0
        cell(owner, "e2")
        cell(owner, "e4")
        for page in (owner, friend, watcher):
            page.wait_for_function("document.body.dataset.plies === '1'")
        cell(friend, "e7")
        cell(friend, "e5")
        for page in (owner, friend, watcher):
            page.wait_for_function("document.body.dataset.plies === '2'")
        assert watcher.locator("#history .ply").all_inner_texts() == ["Pawn e2 - e4", "Pawn e7 - e5"]
        cell(watcher, "d2")
        assert watcher.locator("#board .cell.target").count() == 0 and watcher.locator("#seats select:enabled").count() == 0


def test_a_served_zillions_folder_opens_on_a_game_that_loads(context_page, zillions_dir):
    with live_server([str(zillions_dir / "Rules")]) as server:
        page = context_page(server.url + "/")
        marked = page.eval_on_selector_all("#game-select option[data-engine]", "els => els.map(e => e.value)")
        assert len(marked) == 17 and all(name.startswith("Rules/") for name in marked)
        opened = page.input_value("#game-select")
        assert opened not in marked
        assert page.get_attribute("#status", "data-still") == "" and page.evaluate("current.moves.length") > 0
        page.select_option("#game-select", "Rules/Senet.zrf")
        page.click("#start")
        page.wait_for_function("document.querySelector('#status').dataset.still === '1'")
        assert "needs the engine plug-in" in page.inner_text("#status")
        assert page.locator("#board .piece").count() > 0


def test_a_built_in_game_is_drawn_with_its_piece_images_and_zones(context_page):
    with live_server(["alpha-centauri"]) as server:
        page = context_page(server.url + "/")
        assert page.locator("#board use.board-image").count() == 1
        assert page.locator("#board .piece").count() == 36 and page.locator("#board .piece circle").count() == 0
        size = page.evaluate("""async () => { const u = document.querySelector('#board defs image').getAttribute('href');
                                              const r = await fetch(u); return [r.status, r.headers.get('content-type')]; }""")
        assert size == [200, "image/png"]
