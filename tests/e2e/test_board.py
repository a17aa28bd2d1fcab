"""The page as players expect it (issue 16 item 3, issue 15's browser part), in headless Chromium.

The game is on the board when the page opens, with the ZRF's own bitmaps
(checked on the pixels of a screenshot, not only in the DOM); a click or a
drag shows legal targets and makes moves; the last move and a king in check
are marked; the move list and the step buttons show earlier positions; a
corpus saved game is opened and stepped through; the computer plays itself.
"""

from __future__ import annotations

import io
import os
from collections import Counter

import pytest

from .playing import CHESS, cell, check_download_replays, person_turn, wait_person_or_end

pytestmark = pytest.mark.e2e

PIL = pytest.importorskip("PIL.Image", reason="Pillow reads the game's bitmaps and the screenshots")

GREEN = (0, 255, 0)
#: the colours the page itself paints pieces and cells with when a game has no bitmaps
DRAWN = {(0xf8, 0xf8, 0xf0), (0x20, 0x20, 0x20), (0xe8, 0xd8, 0xb8), (0xb0, 0x88, 0x58), (0xd8, 0xc8, 0xa8),
         (0xf4, 0xf1, 0xea), (255, 255, 255), (0, 0, 0)}


def opened(page, url: str) -> None:
    """Open the page and wait for the game it opens by itself."""
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("body:not([data-loading]) #board svg .cell")


def colours(image) -> Counter:
    rgb = image.convert("RGB")
    return Counter(rgb.getpixel((x, y)) for y in range(rgb.height) for x in range(rgb.width))


def shots_dir() -> str | None:
    return os.environ.get("ZRF_E2E_SHOTS")


def cubic_chess(zillions_dir):
    rules = zillions_dir / "Rules" / "CubicChess.zrf"
    images = next((p for p in (zillions_dir / "Images").iterdir() if p.name.lower() == "cubicchess"), None)
    if not rules.is_file() or images is None:
        pytest.skip("CubicChess is not in this Zillions folder")
    return rules, images


def assert_own_bitmaps_shown(page, images) -> None:
    """The drawn board has pixels in the colours of the game's piece bitmaps that its board
    bitmap and the page's drawn pieces do not have, and no pure green (the transparent colour)."""
    board = PIL.open(images / "b1.bmp")
    pieces = Counter()
    for name in ("WP.bmp", "BP.bmp", "WK.bmp", "BK.bmp"):
        pieces.update(colours(PIL.open(images / name)))
    own = {c for c in pieces if c != GREEN and c not in colours(board) and c not in DRAWN}
    assert own, "the piece bitmaps have no colour of their own to look for"
    shot = colours(PIL.open(io.BytesIO(page.locator("#board svg").screenshot())))
    assert sum(shot[c] for c in own) >= 1000
    assert shot[GREEN] == 0


def test_the_default_game_is_drawn_with_its_own_bitmaps(serve, page, zillions_dir):
    """CubicChess from the Zillions folder, without pressing anything; its texts and piece help."""
    rules, images = cubic_chess(zillions_dir)
    opened(page, serve(str(rules)))
    page.wait_for_load_state("networkidle")
    assert_own_bitmaps_shown(page, images)
    assert page.locator("#rules-description").inner_text().startswith("Rules")
    page.click('#board .piece[data-cell="a2"]')
    assert page.inner_text("#piece-help") == "Pawn: moves forward or diagonally"  # the ZRF's (help ...)
    if shots_dir():
        page.screenshot(path=os.path.join(shots_dir(), "cubic-chess.png"), full_page=True)


def test_the_bitmaps_load_under_the_content_security_policy(serve, browser, zillions_dir):
    """The same pixels with the server's policy enforced (the other tests bypass it), and no
    violation reported."""
    rules, images = cubic_chess(zillions_dir)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        pg = context.new_page()
        pg.set_default_timeout(60_000)
        messages = []
        pg.on("console", lambda msg: messages.append(msg.text))
        pg.goto(serve(str(rules)))
        pg.locator("body:not([data-loading]) #board svg .cell").first.wait_for()
        pg.wait_for_load_state("networkidle")
        assert_own_bitmaps_shown(pg, images)
        assert not [m for m in messages if "Content Security Policy" in m]
    finally:
        context.close()


def marked(page, cls: str) -> set[str]:
    return set(page.eval_on_selector_all(f"#board .cell.{cls}", "els => els.map(e => e.dataset.cell)"))


def test_click_shows_targets_and_the_last_move_check_and_history(serve, page):
    """Chess by hand for both sides: 1.e4 f6 2.Qh5+ (a hand-checked check on e8)."""
    opened(page, serve(CHESS))
    page.select_option("#seat-1", "person")
    cell(page, "e2")
    assert marked(page, "target") == {"e3", "e4"}
    assert page.locator("#marks .target-dot").count() == 2
    cell(page, "e4")
    page.wait_for_function("document.body.dataset.plies === '1'")
    assert marked(page, "last") == {"e2", "e4"}
    cell(page, "f7")
    cell(page, "f6")
    page.wait_for_function("document.body.dataset.plies === '2'")
    assert marked(page, "check") == set()
    cell(page, "d1")
    cell(page, "h5")
    page.wait_for_function("document.body.dataset.plies === '3'")
    assert marked(page, "check") == {"e8"}
    assert page.inner_text("#status").endswith("check")
    # the move list: an earlier position, its last move marked, no moves possible there
    page.locator("#history .ply").first.click()
    page.wait_for_function("document.body.dataset.view === '1'")
    assert marked(page, "last") == {"e2", "e4"} and marked(page, "check") == set()
    assert page.locator('#board .piece[data-cell="f6"]').count() == 0
    assert page.get_attribute("#status", "data-viewing") == "1"
    cell(page, "e7")
    assert marked(page, "target") == set()
    page.click("#nav-last")
    page.wait_for_function("document.body.dataset.view === '3'")
    assert marked(page, "check") == {"e8"}


def test_a_piece_is_dragged_to_its_target(serve, page):
    opened(page, serve(CHESS))
    page.select_option("#seat-1", "person")
    box = {c: page.locator(f'#board .cell[data-cell="{c}"]').bounding_box() for c in ("g1", "f3")}
    centre = {c: (b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for c, b in box.items()}
    page.mouse.move(*centre["g1"])
    page.mouse.down()
    assert marked(page, "target") == {"f3", "h3"}
    page.mouse.move(*centre["f3"], steps=8)
    page.mouse.up()
    page.wait_for_function("document.body.dataset.plies === '1'")
    assert page.locator("#history .ply").first.inner_text() == "Knight g1 - f3"
    assert page.locator('#board .piece[data-cell="f3"]').get_attribute("data-type") == "Knight"


def test_a_corpus_saved_game_is_stepped_through(serve, page, corpus_dir):
    """SimpleShogi.zsg (a Zillions file: 37 one-line turns, ending Silver a3 - b4, which wins for South)."""
    folder = corpus_dir / "SimpleShogi"
    if not (folder / "SimpleShogi.zsg").is_file():
        pytest.skip(f"{folder} is not in this corpus")
    lines = [ln.split(". ", 1)[1] for ln in (folder / "SimpleShogi.zsg").read_text().splitlines()
             if ln[:1].isdigit()]
    opened(page, serve(str(folder / "SimpleShogi.zrf")))
    page.set_input_files("#zsg-file", str(folder / "SimpleShogi.zsg"))
    page.wait_for_function("document.body.dataset.plies === '37' && document.body.dataset.view === '0'")
    assert [t.strip() for t in page.locator("#history .ply").all_inner_texts()] == lines
    assert marked(page, "last") == set()
    for ply in (1, 2, 3):
        page.click("#nav-next")
        page.wait_for_function(f"document.body.dataset.view === '{ply}'")
        src, _, dst = lines[ply - 1].split()[1:4]
        assert marked(page, "last") == {src, dst}
        assert page.locator("#history .ply.current").inner_text() == lines[ply - 1]
    page.click("#nav-prev")
    page.wait_for_function("document.body.dataset.view === '2'")
    page.click("#nav-last")
    page.wait_for_function("document.body.dataset.view === '37'")
    assert page.inner_text("#status").startswith("Game over: South wins")
    page.click("#nav-first")
    page.wait_for_function("document.body.dataset.view === '0'")
    if shots_dir():
        page.screenshot(path=os.path.join(shots_dir(), "saved-game.png"), full_page=True)


@pytest.mark.slow
def test_a_full_alpha_centauri_game_against_the_computer(serve, page, tmp_path):
    """Issue 16's "Done when": the person's side follows the page's own hints, the computer
    (alpha-beta at strength 1) plays Black, until the page shows the result."""
    opened(page, serve("alpha-centauri"))
    page.select_option("#strength", "1")
    person = page.get_attribute("#seat-0", "data-player")
    assert page.input_value("#seat-1") == "ai"
    for _ in range(200):
        wait_person_or_end(page, person)
        if page.get_attribute("#status", "data-over") == "1":
            break
        person_turn(page)
    else:
        pytest.fail("no result after 200 turns")
    shown = page.inner_text("#status")
    assert shown.startswith("Game over: ") and "wins" in shown
    if shots_dir():
        page.screenshot(path=os.path.join(shots_dir(), "alpha-centauri-end.png"), full_page=True)
    check_download_replays(page, tmp_path, "alpha-centauri", shown)


def test_the_computer_plays_itself(serve, page):
    """Computer vs computer on Alpha Centauri at strength 1: both sides move with no click on the
    board (four turns, two each), until the button gives the first side back to the person."""
    opened(page, serve("alpha-centauri"))
    page.select_option("#strength", "1")
    page.click("#watch")
    assert [page.input_value("#seat-0"), page.input_value("#seat-1")] == ["ai", "ai"]
    page.wait_for_function("Number(document.body.dataset.plies) >= 4")
    page.click("#watch")
    assert [page.input_value("#seat-0"), page.input_value("#seat-1")] == ["person", "ai"]
    wait_person_or_end(page, page.get_attribute("#seat-0", "data-player"))
