"""Built-in games drawn with their package's pictures (runtime/web/package_pictures.py).

docs/graphics.md describes Alpha Centauri's package: rows in yellow, brown and blue, the
Encounter Zone d4-f6 framed in red, and one icon per piece type and player.  The native
engine's start position drawn through the package must show that board bitmap, every one of
its 36 pieces (hand count: 18 a side on ranks 1-2 and 8-9) as an icon rather than a disc,
every one of its 81 cells, and red where the frame runs along the zone's left edge.
"""

from __future__ import annotations

import re

import pytest

from runtime.core.layout import cell_layout
from runtime.loading.opening import open_game
from runtime.pictures.bitmaps import graphics_for
from runtime.pictures.svg import render_svg
from runtime.web.package_pictures import PackagePictures

pytest.importorskip("PIL", reason="Pillow draws the package's bitmaps")


def test_alpha_centauri_is_drawn_with_its_icons_and_its_encounter_zone(tmp_path):
    drawing = PackagePictures(str(tmp_path)).drawing_game("alpha-centauri")
    assert drawing is not None
    start = open_game("alpha-centauri").initial_state()
    graphics = graphics_for(drawing)
    svg = render_svg(start, graphics=graphics, drawn_as=drawing)
    assert 'class="board-image"' in svg
    pieces = re.findall(r'<g class="piece"[^>]*>(<\w+)', svg)
    assert len(pieces) == 36 and set(pieces) == {"<use"}
    assert len(set(re.findall(r'class="cell" data-cell="([^"]+)"', svg))) == 81
    cells = {c.name: c for c in cell_layout(drawing)}
    d5 = cells["d5"]
    red = graphics.board.image.convert("RGB").getpixel((int(d5.x) + 3, int(d5.y + d5.h / 2)))
    assert red[0] > 150 and red[1] < 80 and red[2] < 80, red
    assert PackagePictures(str(tmp_path / "other")).drawing_game("no-such-game") is None
