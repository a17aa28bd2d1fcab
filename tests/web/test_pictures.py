"""The game's own bitmaps served to the page: ``/api/image`` (issue 15 item 2, the browser part)."""

from __future__ import annotations

import io
import re
from html import unescape
from pathlib import Path

import pytest

from tests.live_server import live_server

from .client import PageClient

PIL = pytest.importorskip("PIL.Image", reason="Pillow (the graphics extra) draws the bitmaps")

GREEN = (0, 255, 0)


def image_urls(svg: str) -> list[str]:
    return [unescape(u) for u in re.findall(r'<image [^>]*href="([^"]*)"', svg)]


def green_mask_and_colours(im) -> tuple[set, dict]:
    """Pixels of pure green, and the colour of every other pixel, of an RGB(A) image."""
    rgb = im.convert("RGB")
    w, h = rgb.size
    green, colours = set(), {}
    for y in range(h):
        for x in range(w):
            px = rgb.getpixel((x, y))
            if px == GREEN:
                green.add((x, y))
            else:
                colours[(x, y)] = px
    return green, colours


@pytest.fixture()
def cubic(zillions_dir):
    rules = zillions_dir / "Rules" / "CubicChess.zrf"
    if not rules.is_file():
        pytest.skip(f"{rules} is not in this Zillions folder")
    with live_server([str(rules)]) as live:
        client = PageClient(live)
        yield client, client.new(game="CubicChess.zrf").json(), zillions_dir
        client.close()


def test_the_page_links_every_bitmap_and_embeds_none(cubic):
    client, state, _ = cubic
    urls = image_urls(state["svg"])
    assert urls and all(u.startswith("/api/image?") for u in urls)
    assert "data:image" not in state["svg"]
    for url in urls:
        res = client.raw.get(url)
        assert res.status_code == 200 and res.headers["content-type"] == "image/png"
        assert "max-age" in res.headers["cache-control"]


def test_a_piece_image_is_its_bitmap_with_green_transparent(cubic):
    """Every served piece picture is one of the game's own .bmp files (compared pixel by pixel
    with the file as Pillow reads it): transparent exactly where the file is pure green."""
    client, state, zillions = cubic
    folder = next(p for p in (zillions / "Images").iterdir() if p.name.lower() == "cubicchess")
    files = {p.name: green_mask_and_colours(PIL.open(p)) for p in folder.iterdir() if p.suffix.lower() == ".bmp"}
    pieces = 0
    for url in image_urls(state["svg"]):
        png = PIL.open(io.BytesIO(client.raw.get(url).content))
        assert png.format == "PNG" and png.mode == "RGBA"
        alpha = png.getchannel("A")
        transparent = {(x, y) for y in range(png.height) for x in range(png.width) if alpha.getpixel((x, y)) == 0}
        if not transparent:
            continue  # the board: opaque
        pieces += 1
        opaque = {(x, y): png.getpixel((x, y))[:3] for y in range(png.height) for x in range(png.width)
                  if (x, y) not in transparent}
        matches = [name for name, (green, colours) in files.items() if green == transparent and colours == opaque]
        assert matches, f"{url} is none of the game's bitmaps with green made transparent"
    assert pieces >= 2


@pytest.mark.parametrize("key", ["../Rules/CubicChess.zrf", "/etc/passwd", "bm999", "", "x" * 40,
                                 "Images/CubicChess/WK.bmp"])
def test_the_image_route_serves_only_the_games_own_images(cubic, key):
    client, state, _ = cubic
    res = client.get("/api/image", id=state["id"], key=key)
    assert res.status_code in (400, 404) and res.headers["content-type"].startswith("application/json")
    assert "error" in res.json()


def test_no_image_for_a_game_without_bitmaps_or_a_closed_game(client):
    """tests/games/chess.zrf names no bitmap (a built-in game has its package's, see
    tests/web/test_package_pictures.py)."""
    state = client.upload("chess.zrf", Path("tests/games/chess.zrf").read_bytes()).json()
    assert "<image" not in state["svg"]
    assert client.get("/api/image", id=state["id"], key="bm0").status_code == 404
    assert client.get("/api/image", id="nope", key="bm0").status_code == 404


def test_missing_bitmaps_are_said_once_and_drawn_as_discs(tmp_path):
    rules = tmp_path / "nopics.zrf"
    rules.write_text(Path("tests/games/chess.zrf").read_text(encoding="utf-8").replace(
        "(board", '(board (image "images/nowhere/board.bmp")', 1), encoding="utf-8")
    with live_server([str(rules)]) as live:
        client = PageClient(live)
        state = client.new(game="nopics.zrf").json()
        client.close()
    assert len(state["notes"]) == 1 and "W601" in state["notes"][0] and "board.bmp" in state["notes"][0]
    assert str(tmp_path) not in state["notes"][0]
    assert "<image" not in state["svg"] and 'class="piece"' in state["svg"]
