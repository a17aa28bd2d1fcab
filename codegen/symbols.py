"""Piece symbols: one small vector drawing per piece type of the seed games.

Each symbol is drawn with Pillow in a unit box (x right, y down, the piece's
disc has radius 1, the symbol keeps within about 0.75), so the same drawing
serves any bitmap size.  :data:`SYMBOL_OF` names the symbol of every piece
type of the seed games; within one game no two types share a symbol (a test
checks it), and the type's short label is written on the piece as well, as a
second cue (:mod:`codegen.piece_bitmaps`).
"""

from __future__ import annotations

import math
from typing import Callable

Point = tuple[float, float]


class Pen:
    """Draws in unit coordinates on a Pillow ``ImageDraw`` centred at (cx, cy) with radius r."""

    def __init__(self, draw, cx: float, cy: float, r: float, ink, paper):
        self.draw, self.cx, self.cy, self.r = draw, cx, cy, r
        self.ink, self.paper = ink, paper

    def p(self, x: float, y: float) -> Point:
        return self.cx + x * self.r, self.cy + y * self.r

    def width(self, w: float) -> int:
        return max(1, round(w * self.r))

    def polygon(self, points, fill=None, outline=None, width: float = 0.0) -> None:
        pts = [self.p(x, y) for x, y in points]
        self.draw.polygon(pts, fill=self.ink if fill is None else fill)
        if outline is not None:
            self.draw.line(pts + pts[:1], fill=outline, width=self.width(width), joint="curve")

    def circle(self, x: float, y: float, radius: float, fill=None, outline=None, width: float = 0.0) -> None:
        (x1, y1), (x2, y2) = self.p(x - radius, y - radius), self.p(x + radius, y + radius)
        self.draw.ellipse([x1, y1, x2, y2], fill=fill, outline=outline,
                          width=self.width(width) if outline is not None else 0)

    def dot(self, x: float, y: float, radius: float) -> None:
        self.circle(x, y, radius, fill=self.ink)

    def line(self, points, width: float = 0.1, fill=None) -> None:
        self.draw.line([self.p(x, y) for x, y in points], fill=self.ink if fill is None else fill,
                       width=self.width(width), joint="curve")

    def arc(self, x: float, y: float, radius: float, start: float, end: float, width: float = 0.1) -> None:
        (x1, y1), (x2, y2) = self.p(x - radius, y - radius), self.p(x + radius, y + radius)
        self.draw.arc([x1, y1, x2, y2], start, end, fill=self.ink, width=self.width(width))

    def arrow_head(self, tip: Point, towards: float, size: float = 0.22) -> None:
        """A filled triangle with its tip at ``tip`` pointing along angle ``towards`` (degrees)."""
        a = math.radians(towards)
        back = (tip[0] - size * math.cos(a), tip[1] - size * math.sin(a))
        side = (-math.sin(a) * size * 0.6, math.cos(a) * size * 0.6)
        self.polygon([tip, (back[0] + side[0], back[1] + side[1]), (back[0] - side[0], back[1] - side[1])])


def _star(n: int, outer: float, inner: float, turn: float = -90.0) -> list[Point]:
    pts = []
    for k in range(2 * n):
        radius = outer if k % 2 == 0 else inner
        a = math.radians(turn + 180.0 * k / n)
        pts.append((radius * math.cos(a), radius * math.sin(a)))
    return pts


def crown_cross(pen: Pen) -> None:
    """King: a crown with a cross."""
    pen.polygon([(-0.55, 0.42), (-0.62, -0.25), (-0.3, 0.02), (0, -0.38), (0.3, 0.02), (0.62, -0.25), (0.55, 0.42)])
    pen.line([(0, -0.38), (0, -0.72)], 0.1)
    pen.line([(-0.14, -0.58), (0.14, -0.58)], 0.1)


def coronet(pen: Pen) -> None:
    """Queen or Dame: a crown whose points end in balls."""
    tips = [(-0.62, -0.3), (-0.31, -0.48), (0, -0.6), (0.31, -0.48), (0.62, -0.3)]
    pen.polygon([(-0.52, 0.42), tips[0], (-0.28, 0.0), tips[1], (-0.1, -0.02), tips[2], (0.1, -0.02),
                 tips[3], (0.28, 0.0), tips[4], (0.52, 0.42)])
    for x, y in tips:
        pen.dot(x, y, 0.1)


def tower(pen: Pen) -> None:
    """Rook: a tower with battlements."""
    pen.polygon([(-0.5, 0.5), (-0.38, -0.25), (-0.5, -0.25), (-0.5, -0.6), (-0.28, -0.6), (-0.28, -0.42),
                 (-0.1, -0.42), (-0.1, -0.6), (0.1, -0.6), (0.1, -0.42), (0.28, -0.42), (0.28, -0.6),
                 (0.5, -0.6), (0.5, -0.25), (0.38, -0.25), (0.5, 0.5)])


def tower_flag(pen: Pen) -> None:
    """Grand-Rook: a tower with a flag."""
    pen.polygon([(-0.45, 0.55), (-0.35, -0.15), (-0.45, -0.15), (-0.45, -0.42), (-0.25, -0.42), (-0.25, -0.28),
                 (-0.08, -0.28), (-0.08, -0.42), (0.08, -0.42), (0.08, -0.28), (0.25, -0.28), (0.25, -0.42),
                 (0.45, -0.42), (0.45, -0.15), (0.35, -0.15), (0.45, 0.55)])
    pen.line([(0.0, -0.42), (0.0, -0.78)], 0.07)
    pen.polygon([(0.0, -0.78), (0.32, -0.68), (0.0, -0.58)])


def mitre(pen: Pen) -> None:
    """Bishop: a mitre with a slit."""
    pen.polygon([(-0.4, 0.5), (-0.42, 0.0), (-0.25, -0.4), (0.0, -0.65), (0.25, -0.4), (0.42, 0.0), (0.4, 0.5)])
    pen.line([(0.05, -0.3), (0.22, -0.05)], 0.09, fill=pen.paper)
    pen.line([(-0.4, 0.3), (0.4, 0.3)], 0.07, fill=pen.paper)


def mitre_star(pen: Pen) -> None:
    """Grand-Bishop: a mitre carrying a star."""
    pen.polygon([(-0.42, 0.55), (-0.44, 0.0), (-0.26, -0.42), (0.0, -0.68), (0.26, -0.42), (0.44, 0.0), (0.42, 0.55)])
    pen.polygon([(x * 0.8, y * 0.8 + 0.02) for x, y in _star(5, 0.32, 0.13)], fill=pen.paper)


def horse(pen: Pen) -> None:
    """Knight: a horse's head."""
    pen.polygon([(-0.45, 0.6), (-0.38, 0.05), (-0.2, -0.35), (-0.12, -0.62), (0.02, -0.45), (0.3, -0.38),
                 (0.58, -0.05), (0.52, 0.12), (0.3, 0.05), (0.1, 0.05), (0.3, 0.6)])
    pen.circle(0.12, -0.24, 0.07, fill=pen.paper)


def horse_crowned(pen: Pen) -> None:
    """Grand-Horse: a horse's head under a three-point crown."""
    pen.polygon([(-0.4, 0.62), (-0.34, 0.12), (-0.18, -0.2), (-0.1, -0.42), (0.02, -0.3), (0.28, -0.24),
                 (0.55, 0.06), (0.5, 0.2), (0.28, 0.14), (0.1, 0.14), (0.28, 0.62)])
    pen.circle(0.1, -0.1, 0.07, fill=pen.paper)
    pen.polygon([(-0.3, -0.5), (-0.3, -0.78), (-0.15, -0.62), (0.0, -0.82), (0.15, -0.62), (0.3, -0.78), (0.3, -0.5)])


def pawn(pen: Pen) -> None:
    """Pawn: a round head on a body."""
    pen.dot(0, -0.32, 0.24)
    pen.polygon([(-0.18, -0.12), (0.18, -0.12), (0.32, 0.38), (-0.32, 0.38)])
    pen.polygon([(-0.48, 0.38), (0.48, 0.38), (0.48, 0.55), (-0.48, 0.55)])


def helmet(pen: Pen) -> None:
    """Soldier: a crested helmet."""
    pen.draw.chord([*pen.p(-0.5, -0.4), *pen.p(0.5, 0.6)], 180, 360, fill=pen.ink)
    pen.polygon([(-0.62, 0.1), (0.62, 0.1), (0.62, 0.26), (-0.62, 0.26)])
    pen.polygon([(-0.08, -0.4), (0.08, -0.4), (0.04, -0.72), (-0.04, -0.72)])
    pen.polygon([(-0.1, 0.26), (0.1, 0.26), (0.06, 0.55), (-0.06, 0.55)])


def helmet_star(pen: Pen) -> None:
    """Grand-Soldier: a helmet carrying a star."""
    pen.draw.chord([*pen.p(-0.55, -0.45), *pen.p(0.55, 0.65)], 180, 360, fill=pen.ink)
    pen.polygon([(-0.66, 0.1), (0.66, 0.1), (0.66, 0.28), (-0.66, 0.28)])
    pen.polygon([(x, y - 0.16) for x, y in _star(5, 0.26, 0.1)], fill=pen.paper)
    pen.polygon([(-0.1, 0.28), (0.1, 0.28), (0.06, 0.58), (-0.06, 0.58)])


def star5(pen: Pen) -> None:
    """Star: a five-pointed star."""
    pen.polygon(_star(5, 0.68, 0.28))


def star8(pen: Pen) -> None:
    """Super-Star: an eight-pointed star with a ring."""
    pen.polygon(_star(8, 0.7, 0.3, turn=-90))
    pen.circle(0, 0, 0.16, fill=pen.paper)


def push_arrow(pen: Pen) -> None:
    """Pusher: a fat arrow shoving a bar."""
    pen.polygon([(-0.18, 0.6), (0.18, 0.6), (0.18, -0.05), (0.38, -0.05), (0.0, -0.42), (-0.38, -0.05), (-0.18, -0.05)])
    pen.polygon([(-0.5, -0.5), (0.5, -0.5), (0.5, -0.66), (-0.5, -0.66)])


def wizard_hat(pen: Pen) -> None:
    """Mage-Apprentice: a pointed hat with a brim."""
    pen.polygon([(-0.62, 0.45), (-0.3, 0.3), (0.05, -0.72), (0.3, 0.3), (0.62, 0.45), (0.0, 0.58)])


def wizard_hat_star(pen: Pen) -> None:
    """Wizard: a pointed hat with a star on it."""
    pen.polygon([(-0.62, 0.48), (-0.3, 0.33), (0.05, -0.75), (0.3, 0.33), (0.62, 0.48), (0.0, 0.6)])
    pen.polygon([(x + 0.02, y + 0.08) for x, y in _star(5, 0.22, 0.09)], fill=pen.paper)


def dice_32(pen: Pen) -> None:
    """P32: three pips and two pips (step, leap of two, slide of three)."""
    for y in (-0.45, 0.0, 0.45):
        pen.dot(-0.28, y, 0.15)
    for y in (-0.24, 0.24):
        pen.dot(0.3, y, 0.15)


def squeeze(pen: Pen) -> None:
    """Reducer: four arrows pressing on a small square."""
    pen.polygon([(-0.14, -0.14), (0.14, -0.14), (0.14, 0.14), (-0.14, 0.14)])
    for angle in (0, 90, 180, 270):
        a = math.radians(angle)
        tip = (-0.24 * math.cos(a), -0.24 * math.sin(a))
        pen.line([(-0.68 * math.cos(a), -0.68 * math.sin(a)), (-0.4 * math.cos(a), -0.4 * math.sin(a))], 0.1)
        pen.arrow_head(tip, angle, 0.24)


def leap_arc(pen: Pen) -> None:
    """Overtaker: one jump over a piece."""
    pen.dot(0, 0.28, 0.17)
    pen.arc(0, 0.3, 0.55, 180, 340, 0.1)
    pen.arrow_head((0.55, 0.3), 80, 0.26)


def double_hop(pen: Pen) -> None:
    """Hopper: two hops in a row."""
    pen.arc(-0.3, 0.25, 0.32, 180, 360, 0.09)
    pen.arc(0.3, 0.25, 0.32, 180, 340, 0.09)
    pen.arrow_head((0.62, 0.25), 80, 0.24)
    pen.dot(-0.3, 0.45, 0.1)
    pen.dot(0.3, 0.45, 0.1)


def diamond(pen: Pen) -> None:
    """Diamond-Warrior: a diamond inside a diamond."""
    pen.polygon([(0, -0.7), (0.5, 0), (0, 0.7), (-0.5, 0)])
    pen.polygon([(0, -0.32), (0.22, 0), (0, 0.32), (-0.22, 0)], fill=pen.paper)


def star4(pen: Pen) -> None:
    """General: a four-pointed star."""
    pen.polygon(_star(4, 0.72, 0.2))


def two_bars(pen: Pen) -> None:
    """Captain: two bars of rank."""
    for y in (-0.35, 0.15):
        pen.polygon([(-0.55, y), (0.55, y), (0.55, y + 0.25), (-0.55, y + 0.25)])


def chevrons(pen: Pen) -> None:
    """Sergeant: three chevrons."""
    for k in range(3):
        y = -0.4 + 0.32 * k
        pen.line([(-0.55, y + 0.3), (0, y), (0.55, y + 0.3)], 0.13)


def one_bar(pen: Pen) -> None:
    """Lieutenant: one bar of rank."""
    pen.polygon([(-0.2, -0.6), (0.2, -0.6), (0.2, 0.6), (-0.2, 0.6)])


def elephant(pen: Pen) -> None:
    """Great-Elephant: head, ears and trunk."""
    pen.dot(-0.42, -0.15, 0.28)
    pen.dot(0.42, -0.15, 0.28)
    pen.dot(0, -0.12, 0.34)
    pen.line([(0, 0.1), (0.02, 0.45), (0.2, 0.62)], 0.16)
    pen.circle(-0.14, -0.2, 0.06, fill=pen.paper)
    pen.circle(0.14, -0.2, 0.06, fill=pen.paper)


def shield(pen: Pen) -> None:
    """Guard: a shield."""
    pen.polygon([(-0.5, -0.55), (0.5, -0.55), (0.5, 0.0), (0.0, 0.65), (-0.5, 0.0)])
    pen.line([(0, -0.45), (0, 0.45)], 0.08, fill=pen.paper)
    pen.line([(-0.38, -0.12), (0.38, -0.12)], 0.08, fill=pen.paper)


def bow(pen: Pen) -> None:
    """Centaur: a drawn bow with an arrow."""
    pen.arc(0.25, 0, 0.7, 110, 250, 0.11)
    pen.line([(0.01, -0.66), (0.01, 0.66)], 0.05)
    pen.line([(-0.2, 0), (0.62, 0)], 0.07)
    pen.arrow_head((-0.62, 0), 180, 0.26)


def approach(pen: Pen) -> None:
    """Advancer: an arrow running into a piece."""
    pen.dot(0, -0.48, 0.18)
    pen.line([(0, 0.62), (0, -0.08)], 0.13)
    pen.arrow_head((0, -0.24), -90, 0.3)


def withdraw(pen: Pen) -> None:
    """Withdrawer: an arrow leaving a piece."""
    pen.dot(0, -0.48, 0.18)
    pen.line([(0, -0.22), (0, 0.42)], 0.13)
    pen.arrow_head((0, 0.66), 90, 0.3)


def rotate(pen: Pen) -> None:
    """Rotor: a circling arrow around a centre."""
    # Pillow's arcs run clockwise on screen: from 270 degrees (top) round to 180 (left)
    pen.arc(0, 0, 0.5, 270, 530, 0.13)
    end = math.radians(170)
    tip = (0.5 * math.cos(end) + 0.06, 0.5 * math.sin(end) - 0.2)
    pen.arrow_head(tip, 170 + 90 + 180 - 10, 0.32)
    pen.dot(0, 0, 0.12)


Symbol = Callable[[Pen], None]

SYMBOLS: dict[str, Symbol] = {f.__name__: f for f in (
    crown_cross, coronet, tower, tower_flag, mitre, mitre_star, horse, horse_crowned, pawn, helmet,
    helmet_star, star5, star8, push_arrow, wizard_hat, wizard_hat_star, dice_32, squeeze, leap_arc,
    double_hop, diamond, star4, two_bars, chevrons, one_bar, elephant, shield, bow, approach, withdraw,
    rotate)}

#: The symbol of every piece type of the seed games.
SYMBOL_OF: dict[str, str] = {
    "King": "crown_cross", "Queen": "coronet", "Dame": "coronet", "Rook": "tower", "Grand-Rook": "tower_flag",
    "Bishop": "mitre", "Grand-Bishop": "mitre_star", "Knight": "horse", "Grand-Horse": "horse_crowned",
    "Pawn": "pawn", "Soldier": "helmet", "Grand-Soldier": "helmet_star", "Star": "star5",
    "Super-Star": "star8", "Pusher": "push_arrow", "Mage-Apprentice": "wizard_hat",
    "Wizard": "wizard_hat_star", "P32": "dice_32", "Reducer": "squeeze", "Overtaker": "leap_arc",
    "Hopper": "double_hop", "Diamond-Warrior": "diamond", "General": "star4", "Captain": "two_bars",
    "Sergeant": "chevrons", "Lieutenant": "one_bar", "Great-Elephant": "elephant", "Guard": "shield",
    "Centaur": "bow", "Advancer": "approach", "Withdrawer": "withdraw", "Rotor": "rotate",
}


def symbol_for(piece_type: str) -> Symbol | None:
    """The drawing of ``piece_type``, or None for a type no seed game has."""
    name = SYMBOL_OF.get(piece_type)
    return SYMBOLS[name] if name else None
