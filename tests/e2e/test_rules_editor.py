"""The play page's rules editor in headless Chromium: an error typed in is marked and explained,
the fixed text is applied, the reloaded game is played, and the text downloads.

The game is the 2x2 board of tests/web/test_rules_edit.py (A's rook on a1 may step east to b1).
A closing bracket typed on the empty last line (line 6) is one too many: ``zrf check`` says so
there (E101, unbalanced).  The page runs under its own content security policy (the browser
reports no violation), which the editor keeps as it is.
"""

from __future__ import annotations

import pytest

from tests.web.test_rules_edit import GAME

from .playing import cell

pytestmark = pytest.mark.e2e


def test_an_error_is_marked_then_fixed_applied_and_played(serve, browser, tmp_path):
    rules = tmp_path / "tiny.zrf"
    rules.write_text(GAME)
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    try:
        page = context.new_page()
        page.set_default_timeout(60_000)
        messages = []
        page.on("console", lambda msg: messages.append(msg.text))
        page.goto(serve(str(rules)))
        page.wait_for_selector("body:not([data-loading]) #board svg .cell")
        page.click("#edit-rules")
        content = page.locator("#editor .cm-content")
        content.wait_for()
        content.click()
        page.keyboard.press("Control+End")
        page.keyboard.type(")")
        page.wait_for_selector("#editor .cm-lintRange-error")
        problem = page.locator("#edit-diagnostics li")
        problem.first.wait_for()
        assert problem.first.inner_text().startswith("6:1: E101 unbalanced")
        page.keyboard.press("Backspace")
        page.wait_for_selector('#edit-diagnostics[data-count="0"]', state="attached")
        assert page.locator("#editor .cm-lintRange-error").count() == 0
        page.click("#edit-apply")
        page.locator("#edit-status", has_text="Applied: 0 moves replayed.").wait_for()
        cell(page, "a1")
        cell(page, "b1")
        page.locator("#history", has_text="R a1 - b1").wait_for()
        with page.expect_download() as download:
            page.click("#edit-download")
        saved = download.value
        assert saved.suggested_filename == "tiny.zrf"
        assert open(saved.path(), encoding="utf-8").read() == GAME
        assert not [m for m in messages if "Content Security Policy" in m], messages
    finally:
        context.close()
