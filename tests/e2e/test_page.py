"""The play page in headless Chromium: whole games by clicking, and a corpus .zrf uploaded.

The person's side is played by clicking what the page's own Hint button
suggests (cells first, then a promotion or "Pass" button when one is asked
for); the computer plays the other side.  A game is played until the page
shows the outcome, and the downloaded .zsg is replayed on a freshly loaded
engine, which must reach the same outcome.
"""

from __future__ import annotations

import os

import pytest

from .playing import CHESS, cell, check_download_replays, choose_button, person_turn, start, wait_person_or_end

pytestmark = pytest.mark.e2e

MAX_TURNS = 400


def play_to_the_end(page, computer_kind: str, strength: str = "1") -> str:
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#strength", strength)
    start(page)
    person = page.get_attribute("#seat-0", "data-player")
    page.select_option("#seat-1", computer_kind)
    for _ in range(MAX_TURNS):
        wait_person_or_end(page, person)
        if page.get_attribute("#status", "data-over") == "1":
            break
        person_turn(page)
    else:
        pytest.fail(f"no result after {MAX_TURNS} turns")
    return page.inner_text("#status")


def test_full_chess_game_against_the_computer(serve, page, tmp_path):
    page.goto(serve(CHESS))
    shown = play_to_the_end(page, "random")
    assert shown == "Game over: White wins: Black's King is checkmated"
    assert page.get_attribute("#status", "data-rule") == "White wins (loss-condition (checkmated King))"
    shots = os.environ.get("ZRF_E2E_SHOTS")
    if shots:
        page.screenshot(path=os.path.join(shots, "chess-end.png"), full_page=True)
    check_download_replays(page, tmp_path, CHESS, shown)


def test_full_canopus_game_against_the_computer(serve, page, tmp_path):
    page.goto(serve())
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game-select", "canopus")
    shown = play_to_the_end(page, "random")
    assert shown.startswith("Game over: White wins")
    shots = os.environ.get("ZRF_E2E_SHOTS")
    if shots:
        page.screenshot(path=os.path.join(shots, "canopus-end.png"), full_page=True)
    check_download_replays(page, tmp_path, "canopus", shown)


def test_upload_a_corpus_zrf_and_move(serve, page, corpus_dir):
    from zrf.model import build_file

    path = corpus_dir / "05.StavropolCheckers" / "05.StavropolCheckers.zrf"
    if not path.is_file():
        pytest.skip(f"{path} is not in this corpus")
    cells = build_file(str(path)).entry().board.cell_count
    page.goto(serve())
    page.wait_for_selector("body[data-ready='1']")
    page.set_input_files("#zrf-file", str(path))
    start(page)
    assert page.locator("#board rect.cell").count() == cells
    page.select_option("#seat-1", "random")
    wait_person_or_end(page, page.get_attribute("#seat-0", "data-player"))
    assert page.locator("#game-select option:checked").inner_text() == f"{path.name} (uploaded: {page.evaluate('current.game')})"
    before = page.locator("#history .ply").count()
    notation = person_turn(page)
    assert page.locator("#history .ply").nth(before).inner_text() == notation
    shots = os.environ.get("ZRF_E2E_SHOTS")
    if shots:
        page.screenshot(path=os.path.join(shots, "upload.png"), full_page=True)


def test_a_broken_upload_shows_its_diagnostics(serve, page, tmp_path):
    bad = tmp_path / "broken.zrf"
    bad.write_text('(game (title "Broken")\n', encoding="utf-8")
    page.goto(serve())
    page.wait_for_selector("body[data-ready='1']")
    page.set_input_files("#zrf-file", str(bad))
    page.click("#start")
    page.wait_for_function("document.querySelector('#error').textContent.includes('E102')")
    assert "cannot load this game" in page.inner_text("#error")


def test_a_two_part_turn_is_entered_part_by_part(serve, page):
    """Alpha Centauri's turn is two moves; the page asks for the second part after the first."""
    page.goto(serve("alpha-centauri"))
    page.wait_for_selector("body[data-ready='1']")
    start(page)
    page.select_option("#seat-1", "person")  # only people: nothing thinks in the background
    first = page.evaluate("current.moves[0]")
    assert len(first["parts"]) == 2
    a, b = first["parts"]
    cell(page, a["from"])
    assert page.locator("#board rect.cell.target").count() >= 1
    cell(page, a["to"])
    if not page.inner_text("#status").endswith("part 2 of the turn"):
        choose_button(page, a["text"])
    page.wait_for_function("document.querySelector('#status').textContent.endsWith('part 2 of the turn')")
    cell(page, b["from"])
    cell(page, b["to"])
    choose_button(page, b["text"])
    page.wait_for_function("Number(document.body.dataset.plies) === 1")
    assert page.locator("#history .ply").first.inner_text() == first["notation"]
    assert page.get_attribute("#status", "data-to-move") == "Black"


def test_page_runs_under_its_content_security_policy(serve, browser):
    """The page keeps working with the server's policy enforced (no inline script or style),
    and the browser reports no violation: a move is clicked and shows in the history."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        pg = context.new_page()
        pg.set_default_timeout(60_000)
        messages = []
        pg.on("console", lambda msg: messages.append(msg.text))
        response = pg.goto(serve(CHESS))
        assert "script-src 'self'" in response.headers["content-security-policy"]
        pg.locator("body[data-ready='1']").wait_for()
        pg.click("#start")
        pg.locator("#board svg rect.cell").first.wait_for()
        pg.select_option("#seat-1", "person")
        cell(pg, "e2")
        cell(pg, "e4")
        pg.locator("#history .ply").first.wait_for()
        assert pg.locator("#history .ply").first.inner_text() == "Pawn e2 - e4"
        assert not [m for m in messages if "Content Security Policy" in m]
    finally:
        context.close()
