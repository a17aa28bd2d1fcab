"""Driving the play page as a person does: start a game, click cells, follow the page's hints."""

from __future__ import annotations

import json
import os

from runtime.core.outcome_words import outcome_words
from runtime.loading.opening import open_game
from runtime.savedgames.saving import load

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
#: the repository's own chess rules file
CHESS = os.path.join(ROOT, "tests", "games", "chess.zrf")


def start(page) -> None:
    """Press "New game" and wait until that game (not the one the page opened by itself) is drawn."""
    page.click("#start")
    page.wait_for_selector("body:not([data-loading]) #board svg .cell")


def cell(page, name: str) -> None:
    """Click a board cell as a person would (the piece drawn on it takes the click, hence
    ``force``, which skips Playwright's wait: the cell is first waited for, since the board may
    just be being redrawn)."""
    target = page.locator(f'#board .cell[data-cell="{name}"]')
    target.wait_for(state="visible")
    target.click(force=True)


def choose_button(page, text: str) -> bool:
    """Press the button for the part ``text``: a choice above the board, or one of the chooser's
    at the piece (which are labelled by what the piece becomes and carry the part's text)."""
    chooser = page.locator(f'#promotion button[data-part="{text}"]')
    if chooser.count():
        chooser.first.click()
        return True
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
    from playwright.sync_api import TimeoutError as PlaywrightTimeout  # a page exists, so Playwright does

    try:
        page.wait_for_function(f"Number(document.body.dataset.plies) > {plies}")
    except PlaywrightTimeout:
        raise AssertionError(f"the hinted turn {hint['notation']!r} (parts {parts}) was not played; the page "
                             f"shows {_page_report(page)}") from None
    return hint["notation"]


def _page_report(page) -> dict:
    """What the page shows of a turn being entered (for a failure's message)."""
    return page.evaluate("""() => ({status: document.querySelector('#status').textContent,
        error: (document.querySelector('#error') || {}).textContent, busy: document.body.dataset.busy,
        selected: document.body.dataset.selected, plies: document.body.dataset.plies,
        chooser: [...document.querySelectorAll('#promotion button, #choices button')].map(b => b.textContent),
        targets: document.querySelectorAll('#board .cell.target').length})""")


def check_download_replays(page, tmp_path, spec: str, shown: str) -> None:
    """The page's .zsg download, replayed on a freshly loaded engine, reaches the outcome shown."""
    with page.expect_download() as info:
        page.click("#download")
    path = tmp_path / "game.zsg"
    info.value.save_as(path)
    state, history = load(str(path), open_game(spec))
    assert history, "the downloaded game has no moves"
    assert shown == f"Game over: {outcome_words(state.game, state.outcome())}"
