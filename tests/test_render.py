"""SVG rendering draws one cell per board cell and one disc per piece."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from runtime.core.layout import grid_coordinates
from runtime.core.protocol import Game, Move, State, make_signature
from runtime.pictures.svg import piece_label, render_svg


class Grid3(Game):
    name = "Three by three"
    players = ("White", "Black")
    positions = tuple(f"{f}{r}" for r in (1, 2, 3) for f in "abc")
    piece_types = ("Man",)

    def initial_state(self):
        return Grid3State(self)


class Grid3State(State):
    def __init__(self, game):
        self.game = game

    current_player = "White"

    def legal_moves(self):
        return [Move.single("Man a1 - a2")]

    def apply(self, move):
        return self

    def outcome(self):
        return None

    def signature(self):
        return make_signature("White", [("a1", "White", "Man"), ("c3", "Black", "Man")],
                              [("White", "Man", 2)])


def test_svg_has_one_cell_per_position_and_one_piece_per_occupied_cell():
    svg = render_svg(Grid3().initial_state())
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    cells = [e for e in root.iter(f"{ns}rect") if e.get("class") == "cell"]
    pieces = [e for e in root.iter(f"{ns}g") if e.get("class") == "piece"]
    assert sorted(c.get("data-cell") for c in cells) == sorted(Grid3.positions)
    assert sorted((p.get("data-cell"), p.get("data-owner")) for p in pieces) == [("a1", "White"), ("c3", "Black")]
    assert "White holds 2 Man" in svg


def test_rank_one_is_drawn_at_the_bottom():
    svg = render_svg(Grid3().initial_state())
    y = {m.group(1): float(m.group(2)) for m in re.finditer(r'data-cell="(\w+)" x="[\d.]+" y="([\d.]+)"', svg)}
    assert y["a1"] > y["a3"]


def test_labels_and_coordinates():
    assert piece_label("Mage-Apprentice") == "MA"
    assert piece_label("King") == "Ki"
    assert grid_coordinates(["a1", "i9"]) == {"a1": (0, 1), "i9": (8, 9)}
    assert grid_coordinates(["a1", "hand"]) is None


TRIANGLE_ZRF = """
(game
  (title "Triangle")
  (players A B)
  (turn-order A B)
  (board
    (positions (p1 0 0 40 40) (p2 100 0 140 40) (p3 50 80 90 120) (hidden 0 0 0 0))
    (links n (p1 p2) (p2 p3) (p3 p1))
    (dummy hidden)
  )
  (piece (name Stone) (help "steps along n") (moves (n add)))
  (board-setup (A (Stone p1)) (B (Stone p3)))
  (draw-condition (A B) stalemated)
  (win-condition (A B) (absolute-config Stone (p2)))
)
"""


def _svg_cells(svg: str) -> dict[str, tuple[float, float, float, float]]:
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    return {e.get("data-cell"): tuple(float(e.get(k)) for k in ("x", "y", "width", "height"))
            for e in root.iter(f"{ns}rect") if e.get("class") == "cell"}


def test_zrf_explicit_positions_are_drawn_at_their_rectangles_with_links(tmp_path):
    from runtime.loading.opening import open_game
    path = tmp_path / "triangle.zrf"
    path.write_text(TRIANGLE_ZRF, encoding="utf-8")
    game = open_game(str(path))
    svg = render_svg(game.initial_state())
    # the rectangles written in the file (left, top, right, bottom); the dummy is not drawn
    assert _svg_cells(svg) == {"p1": (0, 0, 40, 40), "p2": (100, 0, 40, 40), "p3": (50, 80, 40, 40)}
    assert svg.count('<line class="link"') == 3
    root = ET.fromstring(svg)
    pieces = sorted((g.get("data-cell"), g.get("data-owner")) for g in root.iter("{http://www.w3.org/2000/svg}g"))
    assert pieces == [("p1", "A"), ("p3", "B")]
    # the protocol's layout() gives the same rectangles as (x, y, width, height)
    assert game.layout() == {"p1": (0.0, 0.0, 40.0, 40.0), "p2": (100.0, 0.0, 40.0, 40.0),
                             "p3": (50.0, 80.0, 40.0, 40.0)}


def test_zrf_grid_board_uses_the_start_rectangle_and_steps():
    from runtime.loading.opening import open_game
    from .conftest import ROOT
    game = open_game(str(ROOT / "tests" / "games" / "chess.zrf"))
    cells = _svg_cells(render_svg(game.initial_state()))
    assert len(cells) == 64 == game.gdef.board.cell_count
    # every cell of a grid has one size; a1 is bottom left, h8 top right, a8 above a1
    assert len({(w, h) for _, _, w, h in cells.values()}) == 1
    assert cells["a1"][0] == min(x for x, _, _, _ in cells.values())
    assert cells["a1"][1] == max(y for _, y, _, _ in cells.values())
    assert cells["h8"][0] > cells["a8"][0] and cells["a8"][1] < cells["a1"][1]


def test_text_board_of_explicit_positions_is_a_picture_with_a_name_map(tmp_path):
    from runtime.loading.opening import open_game
    from runtime.pictures.textboard import board_text
    path = tmp_path / "triangle.zrf"
    path.write_text(TRIANGLE_ZRF, encoding="utf-8")
    lines = board_text(open_game(str(path)).initial_state()).splitlines()
    # top row: A's stone on p1 (left) and empty p2 (right); bottom row: B's stone on p3 (middle)
    assert lines[0].split() == ["ST", "."] and lines[1].split() == ["st"]
    assert lines[1].index("st") > lines[0].index("ST")
    assert lines[3] == "cells:" and lines[4].split() == ["p1", "p2"] and lines[5].split() == ["p3"]


def _paren_balance(path) -> int:
    """Opening minus closing parentheses outside strings and ``;`` comments (an independent check)."""
    depth, in_string, in_comment = 0, False, False
    for ch in path.read_bytes().decode("latin-1"):
        if in_comment:
            in_comment = ch != "\n"
        elif in_string:
            in_string = ch != '"'
        elif ch == ";":
            in_comment = True
        elif ch == '"':
            in_string = True
        elif ch in "()":
            depth += 1 if ch == "(" else -1
    return depth


def _corpus_sample() -> list:
    """Every non-Axiom corpus game (fragments are not games), every k-th one at a reduced ZRF_SLOW_SCALE."""
    from .conftest import corpus_entries, slow_scale
    rows = [r for r in corpus_entries() if r["engine"] not in ("axiom", "fragment")]
    scale = slow_scale()
    step = max(1, round(1 / scale)) if 0 < scale < 1 else 1
    return rows[::step] or [None]


@pytest.mark.slow
@pytest.mark.parametrize("row", _corpus_sample(), ids=lambda r: r["slug"] if r else "no-corpus")
def test_render_draws_every_corpus_board(row, corpus_dir):
    """`zrf render`'s drawing of each corpus game has one cell (rectangle or hexagon) per Board.cell_count."""
    from runtime.loading.opening import open_game
    if row is None:
        pytest.skip("no corpus entries")
    from runtime.loading.opening import GameLoadError
    path = corpus_dir / row["slug"] / row["file"]
    try:
        game = open_game(str(path))
    except GameLoadError as exc:
        # only a file that is not well-formed may be refused, with its diagnostic
        assert "E102" in str(exc) and _paren_balance(path) != 0, str(exc)
        return
    svg = render_svg(game.initial_state())
    assert svg.count('<rect class="cell"') + svg.count('<polygon class="cell"') == game.gdef.board.cell_count
    placed = {c for c, _ in game.initial_state().board().items()}
    drawn_pieces = svg.count('<g class="piece"')
    dummies = {p.name for p in game.gdef.board.positions.values() if p.dummy}
    assert drawn_pieces == len(placed - dummies)


def test_pieces_named_after_a_player_take_its_colour():
    from runtime.pictures.svg import colour_index
    players = ["Black", "Red", "Neutral"]
    assert colour_index("Neutral", "RedChecker", players) == 1
    assert colour_index("Neutral", "BlackChecker", players) == 0
    assert colour_index("Red", "Stone", players) == 1
    assert colour_index("Nobody", "Stone", players) == 7
