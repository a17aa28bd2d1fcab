"""The play page in headless Chromium: whole games by clicking, and a corpus .zrf uploaded.

The person's side is played by clicking what the page's own Hint button
suggests (cells first, then a promotion or "Pass" button when one is asked
for); the computer plays the other side.  A game is played until the page
shows the outcome, and the downloaded .zsg is replayed on a freshly loaded
engine, which must reach the same outcome.
"""

from __future__ import annotations

import json
import os

import pytest

from runtime.games import load_game
from runtime.savegames import load

pytestmark = pytest.mark.e2e

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHESS = os.path.join(ROOT, "tests", "games", "chess.zrf")
MAX_TURNS = 400


def start(page) -> None:
    """Press "New game" and wait until that game (not the one the page opened by itself) is drawn."""
    page.click("#start")
    page.wait_for_selector("body:not([data-loading]) #board svg .cell")


def cell(page, name: str) -> None:
    """Click a board cell as a person would (the piece drawn on it takes the click)."""
    page.click(f'#board rect.cell[data-cell="{name}"]', force=True)


def choose_button(page, text: str) -> bool:
    button = page.locator("#choices button", has_text=text)
    for i in range(button.count()):
        if button.nth(i).inner_text().strip() == text:
            button.nth(i).click()
            return True
    return False


def wait_person_or_end(page, person: str) -> None:
    page.wait_for_function(
        """(person) => { const s = document.querySelector('#status');
             return s.dataset.over === '1' || (s.dataset.toMove === person && !document.body.dataset.busy); }""",
        arg=person)


def person_turn(page) -> str:
    """Ask for a hint and enter it by clicking; returns the hinted notation."""
    plies = int(page.get_attribute("body", "data-plies"))
    page.evaluate("delete document.body.dataset.hint")
    page.click("#hint")
    page.wait_for_function("document.body.dataset.hint !== undefined && !document.body.dataset.busy")
    hint = json.loads(page.get_attribute("body", "data-hint"))
    parts = hint["parts"]
    for k, part in enumerate(parts):
        if part["from"]:
            cell(page, part["from"])
            cell(page, part["to"])
        elif part["to"]:
            cell(page, part["to"])
        else:
            assert choose_button(page, part["text"]), f"no button for {part['text']!r}"
            continue
        if int(page.get_attribute("body", "data-plies")) > plies:
            break
        choose_button(page, part["text"])  # a promotion (or other) choice on the same cells
        if k == len(parts) - 1:
            choose_button(page, "(end the turn here)")
    page.wait_for_function(f"Number(document.body.dataset.plies) > {plies}")
    return hint["notation"]


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


def check_download_replays(page, tmp_path, spec: str, shown: str) -> None:
    with page.expect_download() as info:
        page.click("#download")
    path = tmp_path / "game.zsg"
    info.value.save_as(path)
    state, history = load(str(path), load_game(spec))
    assert history, "the downloaded game has no moves"
    assert shown == f"Game over: {state.outcome().describe()}"


def test_full_chess_game_against_the_computer(serve, page, tmp_path):
    page.goto(serve(CHESS))
    shown = play_to_the_end(page, "random")
    assert shown.startswith("Game over: White wins")
    assert "checkmated King" in shown
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
    before = page.locator("#history li").count()
    notation = person_turn(page)
    assert page.locator("#history li").nth(before).inner_text() == notation
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
    assert page.locator("#history li").first.inner_text() == first["notation"]
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
        pg.locator("#history li").first.wait_for()
        assert pg.locator("#history li").first.inner_text() == "Pawn e2 - e4"
        assert not [m for m in messages if "Content Security Policy" in m]
    finally:
        context.close()
