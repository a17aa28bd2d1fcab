"""`zrf gen GAME --package DIR` / `--zip FILE`: generated games as Zillions folders (issue 15, item 1).

Each built-in game's package is written, read back by `zrf check` and
`zrf render` (every named bitmap found, none missing), and its bitmaps are
checked pixel by pixel against the rules' own description of the board
(docs/variants/RULES.md via the seed rules): the expected colours below are
written by hand from those rules, not read from the drawing code.
"""

from __future__ import annotations

import struct
import zipfile

import pytest
from click.testing import CliRunner

pytest.importorskip("PIL")
from PIL import Image  # noqa: E402

from codegen.package import package_files  # noqa: E402
from codegen.symbols import SYMBOL_OF  # noqa: E402
from runtime.loading.opening import open_game  # noqa: E402
from runtime.pictures.bitmaps import graphics_for  # noqa: E402
from runtime.loading.registry import registered_games  # noqa: E402
from zrf.cli import main  # noqa: E402
from zrf.model import build_file  # noqa: E402

GAMES = sorted(registered_games())
GREEN = (0, 255, 0)


@pytest.fixture(scope="module")
def packages(tmp_path_factory):
    """Each game's package written once: name -> (folder, rules file)."""
    out = {}
    for name in GAMES:
        folder = tmp_path_factory.mktemp(name)
        result = CliRunner().invoke(main, ["gen", name, "--package", str(folder)])
        assert result.exit_code == 0, result.output
        rules = list((folder / "Rules").glob("*.zrf"))
        assert len(rules) == 1
        out[name] = (folder, rules[0])
    return out


def _bits_per_pixel(path) -> int:
    """biBitCount of a Windows BMP (offset 28 of the file), read without Pillow."""
    data = path.read_bytes()
    assert data[:2] == b"BM"
    return struct.unpack_from("<H", data, 28)[0]


@pytest.mark.parametrize("name", GAMES)
def test_package_is_a_zillions_folder_that_reads_back_clean(name, packages):
    folder, rules = packages[name]
    package = rules.stem
    images = sorted(p.name for p in (folder / "Images" / package).iterdir())
    assert images and all(i.endswith(".bmp") for i in images)
    assert all(_bits_per_pixel(folder / "Images" / package / i) == 24 for i in images)
    # the rules file names them as ../images/<Package>/... and nothing else
    text = rules.read_text(encoding="utf-8")
    assert f'"../images/{package}/' in text and "(image" in text
    check = CliRunner().invoke(main, ["check", str(rules)])
    assert check.exit_code == 0 and check.output.strip() == "", check.output
    entry = registered_games()[name]
    render = CliRunner().invoke(main, ["render", str(rules), "--variant", entry.zrf_variant,
                                       "-o", str(folder / "x.svg")])
    assert render.exit_code == 0 and "W601" not in render.output
    graphics = graphics_for(open_game(str(rules), entry.zrf_variant))
    assert graphics.missing == [] and graphics.resolved == graphics.referenced > 0
    # every bitmap in the folder is named by the file (nothing unused is shipped)
    named = {m.rsplit("/", 1)[1] for m in _written(rules)}
    assert named == set(images)


def _written(rules) -> set[str]:
    from zrf.images import file_references
    return {r.written for r in file_references(build_file(str(rules)))}


@pytest.mark.parametrize("name", GAMES)
def test_piece_bitmaps_are_green_outside_and_differ_per_type(name, packages):
    folder, rules = packages[name]
    game = open_game(str(rules), registered_games()[name].zrf_variant)
    graphics = graphics_for(game)
    seen = {}
    for (ptype, player), bitmap in graphics.pieces.items():
        raw = Image.open(bitmap.path).convert("RGB")
        w, h = raw.size
        assert raw.getpixel((0, 0)) == GREEN and raw.getpixel((w - 1, h - 1)) == GREEN
        assert raw.getpixel((w // 2, h // 2)) != GREEN
        seen.setdefault(player, {})[ptype] = raw.tobytes()
    for player, by_type in seen.items():
        assert len(set(by_type.values())) == len(by_type), player  # no two types look the same


def test_every_seed_game_gives_its_types_distinct_symbols():
    for name, entry in registered_games().items():
        types = entry.load().piece_types
        symbols = [SYMBOL_OF[t] for t in types]
        assert len(set(symbols)) == len(symbols), name


def _cell_pixel(rules, variant, cell):
    """The board bitmap's colour at the centre of ``cell``'s position rectangle in the ZRF."""
    game = open_game(str(rules), variant)
    graphics = graphics_for(game)
    left, top, w, h = game.gdef.board.positions[cell].box
    return graphics.board.image.convert("RGB").getpixel((left + w // 2, top + h // 2)), graphics.board.image


def test_canopus_board_is_checkered_with_red_goals(packages):
    """RULES.md 1: ordinary checkering (a1 dark as on a chessboard); goals d1-f1, d8-f8 framed red."""
    _, rules = packages["canopus"]
    a1, image = _cell_pixel(rules, "Canopus", "a1")
    b1, _ = _cell_pixel(rules, "Canopus", "b1")
    a2, _ = _cell_pixel(rules, "Canopus", "a2")
    b2, _ = _cell_pixel(rules, "Canopus", "b2")
    assert a1 == b2 != b1 == a2 and sum(a1) < sum(b1)  # a1 darker than b1
    game = open_game(str(rules), "Canopus")
    for cell in ("d1", "f1", "e8"):
        left, top, w, h = game.gdef.board.positions[cell].box
        r, g, b = image.convert("RGB").getpixel((left + w // 2, top + 3))  # the frame's edge
        assert r > 150 and g < 80 and b < 80, cell
    left, top, w, h = game.gdef.board.positions["c1"].box
    assert image.convert("RGB").getpixel((left + w // 2, top + 3)) != image.convert("RGB").getpixel(
        (left + w // 2 + 150, top + 3))  # c1 has no frame, e1 has


def test_alpha_centauri_rows_are_yellow_brown_blue(packages):
    """RULES.md 8: yellow rows 1, 4, 7; brown 2, 5, 8; blue 3, 6, 9."""
    _, rules = packages["alpha-centauri"]
    colour = {r: _cell_pixel(rules, "Alpha Centauri", f"a{r}")[0] for r in range(1, 10)}
    yellow, brown, blue = colour[1], colour[2], colour[3]
    assert yellow[0] > 200 and yellow[1] > 180 and yellow[2] < 130
    assert blue[2] > blue[0] and blue[2] > 180
    assert brown[0] > brown[2] and brown[0] < 200
    assert [colour[r] for r in (4, 7)] == [yellow, yellow]
    assert [colour[r] for r in (5, 8)] == [brown, brown]
    assert [colour[r] for r in (6, 9)] == [blue, blue]


def test_epsilon_eridani_bands_and_hole(packages):
    """RULES.md 6: colour bands ranks 1/4/7, 2/5/8, 3/6/9; c5 is a hole (no position, drawn dark)."""
    _, rules = packages["epsilon-eridani"]
    colour = {r: _cell_pixel(rules, "Epsilon Eridani", f"b{r}")[0] for r in range(1, 10)}
    assert colour[1] == colour[4] == colour[7]
    assert colour[2] == colour[5] == colour[8]
    assert colour[3] == colour[6] == colour[9]
    assert len({colour[1], colour[2], colour[3]}) == 3
    game = open_game(str(rules), "Epsilon Eridani")
    positions = game.gdef.board.positions
    assert "c5" not in positions
    # the hole lies between b5 and d5: sample just inside its top-left corner
    left, top, w, h = positions["b5"].box
    hole = graphics_for(game).board.image.convert("RGB").getpixel((left + w + 5, top + 5))
    assert sum(hole) < 120


def test_star_pool_has_the_pool_and_four_citadels(packages):
    """RULES.md 7: e5 is the Star Pool, not a square; four citadels outside the corners."""
    _, rules = packages["star-pool-chess"]
    game = open_game(str(rules), "Star Pool Chess")
    positions = game.gdef.board.positions
    image = graphics_for(game).board.image.convert("RGB")
    assert "e5" not in positions
    left, top, w, h = positions["e4"].box
    pool = image.getpixel((left + w // 2, top - h // 2))  # the centre of e5, above e4
    assert pool[2] > pool[0] or pool[0] > 200  # the water or the star, not a square's colour
    for cit, corner in (("w1", "a1"), ("w2", "i1"), ("w3", "a9"), ("w4", "i9")):
        cl, ct, _, _ = positions[cit].box
        al, at, _, _ = positions[corner].box
        assert abs(cl - al) == 50 and abs(ct - at) == 50, cit  # diagonally beyond its corner
    white = _cell_pixel(rules, "Star Pool Chess", "w1")[0]
    black = _cell_pixel(rules, "Star Pool Chess", "w3")[0]
    assert sum(white) > sum(black)  # White's citadels light, Black's dark


def test_canonical_lattice_marks_the_crossing_and_the_fortresses(packages):
    """RULES.md 5: crossing = row h = 8 on 81 points (a9 ... i1); White fortress a1-c3."""
    _, rules = packages["canonical-chess"]
    crossing = {f"{chr(ord('a') + f)}{9 - f}" for f in range(9)}
    for cell in ("a9", "e5", "i1"):
        r, g, b = _cell_pixel(rules, "Canonical Chess", cell)[0]
        assert r > 150 and g < 80 and b < 80, cell  # a red point
    for cell in ("a1", "c3", "e4"):
        assert cell not in crossing
        assert sum(_cell_pixel(rules, "Canonical Chess", cell)[0]) < 200, cell  # a dark point
    # the three boards are three bitmaps, one per entry
    names = {graphics_for(open_game(str(rules), v)).board.path
             for v in ("Canonical Chess", "Canonic Chess", "Canon Chess")}
    assert len(names) == 3


def test_zip_holds_the_same_files_and_is_reproducible(tmp_path):
    first, second = tmp_path / "a.zip", tmp_path / "b.zip"
    for target in (first, second):
        result = CliRunner().invoke(main, ["gen", "alpha-centauri", "--zip", str(target)])
        assert result.exit_code == 0, result.output
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as zf:
        members = {i.filename: zf.read(i) for i in zf.infolist()}
    assert members == package_files("alpha-centauri")
    assert "Rules/AlphaCentauri.zrf" in members and "Images/AlphaCentauri/board.bmp" in members


def test_package_options_refuse_all_and_report_write_errors(tmp_path):
    result = CliRunner().invoke(main, ["gen", "--all", "--package", str(tmp_path)])
    assert result.exit_code == 2 and "one GAME" in result.output
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = CliRunner().invoke(main, ["gen", "canopus", "--package", str(blocker / "sub")])
    assert result.exit_code == 2 and "cannot write" in result.output
