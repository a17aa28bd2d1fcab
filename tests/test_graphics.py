"""Pictures with a ZRF's own bitmaps, and geometry that matches the board (issue 15, items 2 and 3).

The bitmaps here are drawn by the tests themselves with Pillow, so every
expected pixel is known: the board is red on its left half and blue on its
right half, a piece bitmap is a yellow square on pure green.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

PIL = pytest.importorskip("PIL")
from PIL import Image  # noqa: E402

from runtime.loading.opening import open_game  # noqa: E402
from runtime.pictures.bitmaps import GameGraphics, graphics_for, load_bitmap  # noqa: E402
from runtime.pictures.labels import piece_labels  # noqa: E402
from runtime.core.layout import board_layout, hexagon_shape  # noqa: E402
from runtime.pictures.png import render_png  # noqa: E402
from runtime.pictures.svg import render_svg  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"
RED, BLUE, YELLOW, GREEN = (200, 0, 0), (0, 0, 200), (250, 220, 0), (0, 255, 0)

MINI = """
(game
  (title "Mini")
  (players White Black)
  (turn-order White Black)
  (board
    (image "../images/Mini/board.bmp")
    (grid (start-rectangle 0 0 50 50)
          (dimensions ("a/b/c/d" (50 0)) ("2/1" (0 50)))
          (directions (n 0 -1) (s 0 1))))
  (piece (name Man) (image White "../Images/Mini/WMAN.bmp" Black "../images/mini/bman.bmp") (moves (n add)))
  (piece (name King) (image White "../images/Mini/wking.bmp" Black "../images/Mini/bking.bmp") (moves (n add)))
  (board-setup (White (Man a1) (King d1)) (Black (Man a2) (King d2)))
  (draw-condition (White Black) stalemated)
)
"""


def _piece_bitmap(path, colour=YELLOW, size=30):
    """A ``size`` square bitmap: pure green with a 20-pixel square of ``colour`` in the middle."""
    im = Image.new("RGB", (size, size), GREEN)
    m = (size - 20) // 2
    im.paste(colour, (m, m, m + 20, m + 20))
    im.save(path, "BMP")


def _install(tmp_path, missing=()):
    """Rules/Mini.zrf and Images/Mini/ (200 x 100 board, red left half, blue right half)."""
    (tmp_path / "Rules").mkdir()
    rules = tmp_path / "Rules" / "Mini.zrf"
    rules.write_text(MINI, encoding="utf-8")
    folder = tmp_path / "Images" / "Mini"
    folder.mkdir(parents=True)
    board = Image.new("RGB", (200, 100), RED)
    board.paste(BLUE, (100, 0, 200, 100))
    board.save(folder / "board.bmp", "BMP")
    for name in ("wman", "bman", "wking", "bking"):
        if name not in missing:
            _piece_bitmap(folder / f"{name}.bmp")
    return rules


def test_pure_green_is_transparent_and_nothing_else_is(tmp_path):
    im = Image.new("RGB", (3, 1))
    im.putpixel((0, 0), GREEN)
    im.putpixel((1, 0), (0, 254, 0))  # nearly green: stays opaque
    im.putpixel((2, 0), (1, 255, 0))
    im.save(tmp_path / "p.bmp", "BMP")
    rgba = load_bitmap(str(tmp_path / "p.bmp"), transparent_green=True)
    assert [rgba.getpixel((x, 0))[3] for x in range(3)] == [0, 255, 255]
    # a board bitmap is opaque everywhere, green or not
    assert load_bitmap(str(tmp_path / "p.bmp"), transparent_green=False).getpixel((0, 0))[3] == 255


def test_paletted_and_32_bit_bitmaps_load(tmp_path):
    im = Image.new("RGB", (2, 1))
    im.putpixel((0, 0), GREEN)
    im.putpixel((1, 0), RED)
    im.convert("P", palette=Image.Palette.ADAPTIVE, colors=2).save(tmp_path / "p8.bmp", "BMP")
    # a 32-bit bitmap whose alpha bytes are all 0: Zillions ignores them, so must we
    rgba = im.convert("RGBA")
    rgba.putalpha(0)
    rgba.save(tmp_path / "p32.bmp", "BMP")
    for name in ("p8.bmp", "p32.bmp"):
        got = load_bitmap(str(tmp_path / name), transparent_green=True)
        assert got.getpixel((0, 0))[3] == 0, name
        assert got.getpixel((1, 0)) == RED + (255,), name


def test_svg_embeds_the_board_and_piece_bitmaps_once_each(tmp_path):
    game = open_game(str(_install(tmp_path)))
    graphics = graphics_for(game)
    assert (graphics.referenced, graphics.resolved, graphics.warnings()) == (5, 5, [])
    root = ET.fromstring(render_svg(game.initial_state()))
    defs = [e for e in root.iter(f"{SVG}image")]
    # one board and four piece bitmaps, all embedded as PNG data
    assert len(defs) == 5 and all(e.get("href").startswith("data:image/png;base64,") for e in defs)
    board_use = [e for e in root.iter(f"{SVG}use") if e.get("class") == "board-image"]
    assert [(e.get("x"), e.get("y")) for e in board_use] == [("0.0", "0.0")]
    pieces = [g for g in root.iter(f"{SVG}g") if g.get("class") == "piece"]
    assert len(pieces) == 4 and not list(root.iter(f"{SVG}circle"))
    # the 30 x 30 bitmap is centred on the 50 x 50 cell: a1 is (0, 50)-(50, 100), centre (25, 75)
    a1 = next(g for g in pieces if g.get("data-cell") == "a1")
    use = a1.find(f"{SVG}use")
    assert (use.get("x"), use.get("y")) == ("10.0", "60.0")
    # cells stay as see-through click targets
    cells = [e for e in root.iter(f"{SVG}rect") if e.get("class") == "cell"]
    assert len(cells) == 8 and all(e.get("fill-opacity") == "0" for e in cells)


def test_png_shows_the_board_the_pieces_and_the_board_through_the_green(tmp_path):
    game = open_game(str(_install(tmp_path)))
    png = Image.open(io.BytesIO(render_png(game.initial_state()))).convert("RGB")
    root = ET.fromstring(render_svg(game.initial_state()))
    vx, vy = (float(v) for v in root.get("viewBox").split()[:2])

    def at(x, y):
        return png.getpixel((round(x - vx), round(y - vy)))

    assert at(25, 75) == YELLOW            # a1's piece
    assert at(12, 62) == RED               # the green corner of a1's bitmap shows the red board
    assert at(175, 25) == YELLOW           # d2's piece, over the blue half
    assert at(162, 37) == BLUE
    assert at(75, 25) == RED and at(125, 75) == BLUE  # empty cells: the board itself


def test_missing_images_are_reported_once_and_drawn_as_labelled_discs_with_a_legend(tmp_path):
    game = open_game(str(_install(tmp_path, missing=("bman", "bking"))))
    graphics = graphics_for(game)
    (warning,) = graphics.warnings()
    assert (graphics.referenced, graphics.resolved) == (5, 3)
    assert warning.code == "W601" and "2 of 5 images" in warning.message
    assert warning.span.line == 11  # the first missing file: Black's Man image
    svg = render_svg(game.initial_state())
    root = ET.fromstring(svg)
    discs = {g.get("data-cell") for g in root.iter(f"{SVG}g") if g.find(f"{SVG}circle") is not None}
    assert discs == {"a2", "d2"}
    legend = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "legend"]
    assert legend == ["pieces: Ki = King, Ma = Man"]


def test_render_command_writes_png_and_says_once_what_is_missing(tmp_path):
    from zrf.cli import main
    rules = _install(tmp_path, missing=("bman", "bking", "wking"))
    out = tmp_path / "mini.png"
    result = CliRunner().invoke(main, ["render", str(rules), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.count("W601") == 1 and "3 of 5 images" in result.output
    assert Image.open(out).format == "PNG"
    # --no-images draws discs for every piece and needs no bitmap at all
    svg = CliRunner().invoke(main, ["render", str(rules), "--no-images", "-o", "-"]).output
    assert svg.count("<circle") == 4 and "<image" not in svg
    bad = CliRunner().invoke(main, ["render", str(rules), "--piece-set", "2", "-o", "-"])
    assert bad.exit_code == 2 and "set 2" in bad.output


def test_unreadable_bitmap_is_reported_not_raised(tmp_path):
    rules = _install(tmp_path)
    (tmp_path / "Images" / "Mini" / "wman.bmp").write_bytes(b"BM not really a bitmap")
    graphics = graphics_for(open_game(str(rules)))
    assert [m.ref.written for m in graphics.missing] == ["../Images/Mini/WMAN.bmp"]
    assert "cannot read" in graphics.missing[0].reason


def test_game_without_images_has_no_graphics():
    from .conftest import ROOT
    assert graphics_for(open_game(str(ROOT / "tests" / "games" / "chess.zrf"))) is None


# ---------------------------------------------------------------- labels

def test_labels_are_unique_within_a_game():
    labels = piece_labels(["King", "Knight", "Kite", "Grand-Soldier", "Grand-Sergeant", "Pawn"])
    assert len(set(labels.values())) == 6
    assert labels["Pawn"] == "Pa"  # unclashing labels keep the short form
    # King and Kite clash at "Ki" and take three letters; Knight ("Kn") keeps its two
    assert (labels["King"], labels["Kite"], labels["Knight"]) == ("Kin", "Kit", "Kn")
    assert labels["Grand-Soldier"] != labels["Grand-Sergeant"]
    # identical short forms all the way down still end up different
    assert len(set(piece_labels(["Ab", "Ab-", "AB"]).values())) == 3


# ---------------------------------------------------------------- geometry

HEX = """
(game (title "Hex cells") (players A B) (turn-order A B)
  (board (grid (start-rectangle 0 0 40 40)
               (dimensions ("a/b/c/d/e" (40 0)) ("1/2/3/4/5" (20 35)))
               (directions (e 1 0) (w -1 0) (se 0 1) (nw 0 -1) (sw -1 1) (ne 1 -1))))
  (piece (name Stone) (drops ((verify empty?) add)))
  (board-setup (A (Stone off 5)) (B (Stone off 5)))
  (draw-condition (A B) stalemated))
"""

CUBE = """
(game (title "Levels") (players A B) (turn-order A B)
  (board (grid (start-rectangle 0 0 30 30)
               (dimensions ("a/b/c" (30 0)) ("3/2/1" (0 30)) ("X/Y" (0 0)))
               (directions (n 0 -1 0) (up 0 0 1))))
  (piece (name Stone) (moves (n add)))
  (board-setup (A (Stone a1X)) (B (Stone c3Y)))
  (draw-condition (A B) stalemated))
"""


def _load_text(tmp_path, text):
    path = tmp_path / "game.zrf"
    path.write_text(text, encoding="utf-8")
    return open_game(str(path))


def test_hexagonal_grid_is_drawn_as_hexagons(tmp_path):
    game = _load_text(tmp_path, HEX)
    root = ET.fromstring(render_svg(game.initial_state()))
    hexes = [e for e in root.iter(f"{SVG}polygon") if e.get("class") == "cell"]
    assert len(hexes) == 25 and not [e for e in root.iter(f"{SVG}rect") if e.get("class") == "cell"]
    a1 = next(e for e in hexes if e.get("data-cell") == "a1")
    points = [tuple(map(float, p.split(","))) for p in a1.get("points").split()]
    assert len(points) == 6
    # neighbours 40 px apart along e (40.3 along the other two lines): flat sides about 40
    # apart, so the hexagon is about 40 wide, centred on a1's rectangle (0, 0)-(40, 40)
    xs = [x for x, _ in points]
    assert max(xs) - min(xs) == pytest.approx(40, rel=0.01)
    assert (max(xs) + min(xs)) / 2 == pytest.approx(20)


def test_hexagon_test_on_plain_vectors():
    # square grid with diagonals: not hexagonal
    assert hexagon_shape([(1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, -1)]) is None
    spacing, angle = hexagon_shape([(40, 0), (-40, 0), (20, 35), (-20, -35), (-20, 35), (20, -35)])
    assert spacing == pytest.approx(40, rel=0.01) and angle == pytest.approx(0)


def test_levels_of_a_3d_grid_are_side_by_side(tmp_path):
    game = _load_text(tmp_path, CUBE)
    layout = board_layout(game)
    places = {(c.x, c.y) for c in layout.cells}
    assert len(places) == 18  # no two cells on one spot
    by_name = {c.name: c for c in layout.cells}
    # level Y is to the right of level X, same rows; the gap is half a cell
    assert by_name["a3Y"].x == by_name["a3X"].x + 3 * 30 + 15
    assert by_name["a3Y"].y == by_name["a3X"].y
    assert layout.bitmap_offsets == [(0.0, 0.0), (105.0, 0.0)]


def test_graphics_result_is_reused_for_a_game(tmp_path):
    game = open_game(str(_install(tmp_path)))
    first = graphics_for(game)
    assert isinstance(first, GameGraphics) and graphics_for(game) is first


def test_legend_wraps_to_the_picture_width_without_splitting_an_entry():
    from runtime.pictures.scene import legend_lines
    entries = [f"L{i} = Piece-number-{i}" for i in range(8)]
    lines = legend_lines(entries, 45)
    assert lines[0].startswith("pieces: L0 = Piece-number-0,")
    assert all(len(line) <= 45 for line in lines)
    assert " ".join(lines).replace(",", " ").split().count("=") == 8


LEAPS = """
(game (title "Square with leaps") (players A B) (turn-order A B)
  (board (grid (start-rectangle 0 0 39 37)
               (dimensions ("a/b/c/d/e/f" (39 0)) ("6/5/4/3/2/1" (0 37)))
               (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0) (ee 2 0) (ww -2 0)
                           (nne 1 -2) (nnw -1 -2) (sse 1 2) (ssw -1 2))))
  (piece (name Stone) (moves (n add)))
  (board-setup (A (Stone a1)) (B (Stone f6)))
  (draw-condition (A B) stalemated))
"""


def test_square_board_whose_leaps_lie_60_degrees_apart_is_not_hexagonal(tmp_path):
    """Ko Shogi's shape: 39 x 37 cells; the two-step (78 px, 0 deg) and knight leaps (84 px,
    62 and 118 deg) form a near-hexagonal triple, but every cell has nearer neighbours."""
    game = _load_text(tmp_path, LEAPS)
    assert all(c.shape is None for c in board_layout(game).cells)
