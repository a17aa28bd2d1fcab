"""End-to-end tests: the ``zrf serve`` page driven in headless Chromium.

They need Debian's chromium (``/usr/bin/chromium``, or ``$ZRF_CHROMIUM``) and
Playwright for Python; without either they are skipped with the reason.
Playwright never downloads a browser here: it launches the system one.
Select them with ``-m e2e``.
"""

from __future__ import annotations

import os
import shutil

import pytest

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def pytest_configure(config):
    config.addinivalue_line("markers", "e2e: drives the browser page in headless Chromium (needs chromium + playwright)")


def chromium_path() -> str | None:
    path = os.environ.get("ZRF_CHROMIUM") or "/usr/bin/chromium"
    if os.path.isfile(path) and os.access(path, os.X_OK):
        return path
    return shutil.which("chromium")


@pytest.fixture(scope="session")
def browser():
    os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("Playwright for Python is not installed (pip install playwright)")
    path = chromium_path()
    if path is None:
        pytest.skip("chromium not found (apt-get install chromium, or set ZRF_CHROMIUM)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture()
def serve():
    """Start ``zrf serve`` (uvicorn) in-process on a free loopback port: ``serve(GAME...) -> base URL``."""
    from contextlib import ExitStack

    from tests.live_server import live_server

    with ExitStack() as stack:
        def start(*games: str) -> str:
            return stack.enter_context(live_server(games)).url + "/"
        yield start


PAGE_TIMEOUT_MS = 180_000
"""How long a page action or wait may take before the test fails."""


@pytest.fixture()
def page(browser):
    # Playwright's wait_for_function evaluates strings, which the page's content security
    # policy forbids; test_page_runs_under_its_content_security_policy covers the policy.
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True,
                                  bypass_csp=True)
    pg = context.new_page()
    # the computer's first move or hint also learns the game (runtime/players/knowledge.py: 10 s of
    # processor time for Alpha Centauri, docs/play.md), which a loaded 2-core machine stretches
    pg.set_default_timeout(PAGE_TIMEOUT_MS)
    yield pg
    context.close()


DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.fixture()
def open_page(browser):
    """``open_page(url, viewport=DESKTOP)``: a page of its own browser context, loaded and its board
    drawn (the contexts are closed after the test)."""
    contexts = []

    def open_(url: str, viewport=DESKTOP):
        context = browser.new_context(viewport=viewport, bypass_csp=True)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(120_000)
        page.goto(url)
        page.wait_for_selector("body[data-ready='1']")
        page.wait_for_selector("body:not([data-loading]) #board svg .cell")
        return page
    yield open_
    for context in contexts:
        context.close()
