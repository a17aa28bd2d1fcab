"""Every game of the shared Zillions install is drawn with its own bitmaps (issue 15, item 4).

../shared/zillions is a Zillions install (Rules/ + Images/, 51 rules files).
Three of its files also name Zillions' *stock* piece sets, which ship with
Zillions itself and are not part of this install: Chessence and FarmersChess
(``images/Chess/SHaag/...``, 6 and 10 references) and LifeOrDeath
(``images/Go-Moku/...``, 3 references).  Every other reference of every file
must be found and read: per file, resolved == referenced.

The five ``levels_*.zrf`` files include ``sokoban.inc``, which the install
lacks, so they have no players; they are refused (E211 named), not drawn.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import lru_cache

import pytest
from click.testing import CliRunner

pytest.importorskip("PIL")

from runtime.pictures.bitmaps import game_graphics, file_resolution  # noqa: E402
from runtime.pictures.svg import render_svg  # noqa: E402
from runtime.loading.setup_only import SetupOnlyGame  # noqa: E402
from zrf.model import build_file  # noqa: E402

from .conftest import find_zillions, slow_scale  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"
STOCK_FOLDERS = ("images/chess/shaag/", "images/go-moku/")
STOCK_MISSING = {"Chessence.zrf": 6, "FarmersChess.zrf": 10, "LifeOrDeath.zrf": 3}
NO_INCLUDE = {f"levels_{n}.zrf" for n in ("01_10", "11_20", "31_40", "41_50", "51_60")}


@lru_cache(maxsize=None)
def _model(path):
    """Each file is read once for both tests (macro expansion of the biggest takes seconds)."""
    return build_file(str(path))


def _rules() -> list:
    found = find_zillions()
    return sorted((found / "Rules").glob("*.zrf")) if found else [None]


def _name(path) -> str:
    return path.name if path else "no-zillions"


@pytest.mark.parametrize("path", _rules(), ids=_name)
def test_every_referenced_bitmap_is_found_and_read(path, zillions_dir):
    zfile = _model(path)
    referenced, missing = file_resolution(zfile, str(path))
    assert referenced > 0
    stock = [m for m in missing if m.ref.written.replace("\\", "/").lower().startswith(STOCK_FOLDERS)]
    assert [m.ref.written for m in missing if m not in stock] == []
    assert len(stock) == STOCK_MISSING.get(path.name, 0)
    assert all(m.reason == "not found" for m in stock)


@pytest.mark.parametrize("path", _rules(), ids=_name)
def test_set_up_position_is_drawn_with_the_files_bitmaps(path, zillions_dir):
    """The default entry's set-up position (read from the model, so Axiom games too) shows the
    board bitmap and, for every placed piece whose bitmap exists, that bitmap."""
    gdef = _model(path).entry()
    graphics = game_graphics(gdef, str(path))
    game = SetupOnlyGame(gdef, str(path))
    root = ET.fromstring(render_svg(game.initial_state(), graphics=graphics))
    boards = [e for e in root.iter(f"{SVG}use") if e.get("class") == "board-image"]
    assert bool(boards) == (graphics.board is not None)
    for g in root.iter(f"{SVG}g"):
        if g.get("class") != "piece":
            continue
        key = (g.get("data-type"), g.get("data-owner"))
        has_bitmap = g.find(f"{SVG}use") is not None
        assert has_bitmap == (key in graphics.pieces), key
    if path.name not in STOCK_MISSING and path.name not in NO_INCLUDE:
        assert graphics.missing == [] and graphics.resolved == graphics.referenced
        assert graphics.board is not None or not any(r for r in gdef.board.forms if r.head == "image")


def _render_sample() -> list:
    rules = _rules()
    scale = slow_scale()
    step = max(1, round(1 / scale)) if 0 < scale < 1 else 1
    return rules[::step]


@pytest.mark.slow
@pytest.mark.parametrize("path", _render_sample(), ids=_name)
def test_zrf_render_draws_each_game_as_png(path, zillions_dir, tmp_path):
    """`zrf render FILE -o x.png`: the real command, playable games loaded by the interpreter."""
    from PIL import Image

    from zrf.cli import main
    out = tmp_path / "x.png"
    result = CliRunner().invoke(main, ["render", str(path), "-o", str(out)])
    if path.name in NO_INCLUDE:
        assert result.exit_code == 2 and "E211" in result.output and "sokoban.inc" in result.output
        return
    assert result.exit_code == 0, result.output
    assert ("W601" in result.output) == (path.name in STOCK_MISSING)
    assert Image.open(out).size[0] > 100
