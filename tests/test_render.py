"""SVG rendering draws one cell per board cell and one disc per piece."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from runtime.layout import grid_coordinates
from runtime.protocol import Game, Move, State, make_signature
from runtime.render import piece_label, render_svg


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
