"""Template context for ``canonical.zrf.j2``: the Canonical family's ZRF, built from ``data``.

Everything the template writes about a board (cell names, links, fortresses,
promotion zones, start positions) comes from :mod:`variants.canonical.data`,
the same module the native engine reads, so the generated ZRF and the engine
cannot drift apart.  Directions are named as they look on the drawn board
(White's corner a1 at the bottom, the lattice turned 45 degrees):

* oblique steps (ranks and files) are the screen diagonals: file + 1 = ``ne``,
  rank + 1 = ``nw``, and their opposites ``sw``, ``se``;
* vertical (+1, +1) is ``n`` (towards Black), (-1, -1) is ``s``;
* horizontal (+1, -1) is ``e`` (White's right), (-1, +1) is ``w``.

Black's directions are White's turned by 180 degrees (ZRF ``symmetry``).
"""

from __future__ import annotations

from variants.pictures import Area, BoardPicture, GamePictures, Line

from . import data

#: ZRF direction name of each (df, dr) lattice step.
DIRECTION_NAMES = {
    (1, 0): "ne", (-1, 0): "sw", (0, 1): "nw", (0, -1): "se",
    (1, 1): "n", (-1, -1): "s", (1, -1): "e", (-1, 1): "w",
}

#: Half the distance, in pixels, between two vertically neighbouring points on the drawn board
#: (and the side of a point's position rectangle).
STEP = 36
#: Width of the board bitmap's border.
MARGIN = 20
#: The package: Rules/CanonicalChess.zrf and Images/CanonicalChess/ (the three boards).
PACKAGE = "CanonicalChess"

WOOD, BORDER, LATTICE = (232, 208, 160), (120, 84, 52), (90, 60, 35)
FORTRESS, FORTRESS_EDGE = (196, 160, 110), (110, 70, 40)
POINT, FORTRESS_POINT, CROSSING = (70, 45, 25), (40, 25, 15), (200, 30, 30)


def _centre(size: int, cell: str) -> tuple[float, float]:
    """Pixel centre of a point: a1 at the bottom centre, files up-right, ranks up-left."""
    f, r = ord(cell[0]) - ord("a"), int(cell[1:]) - 1
    return _lattice(size, f, r)


def _lattice(size: int, f: float, r: float) -> tuple[float, float]:
    x0, y0 = MARGIN + (size - 1) * STEP, MARGIN + 2 * (size - 1) * STEP
    return x0 + (f - r) * STEP + STEP / 2, y0 - (f + r) * STEP + STEP / 2


def _board_picture(size: int) -> BoardPicture:
    """One lattice: its lines, the two fortresses shaded, the crossing drawn in red, the points."""
    b = data.BOARDS[size]
    n = size - 1
    lines = []
    for k in range(size):
        lines.append(Line((_lattice(size, k, 0), _lattice(size, k, n)), LATTICE, 2))
        lines.append(Line((_lattice(size, 0, k), _lattice(size, n, k)), LATTICE, 2))
    crossing = b["crossing"]
    lines.append(Line((_centre(size, crossing[0]), _centre(size, crossing[-1])), CROSSING, 5))
    areas = []
    for player in data.PLAYERS:
        fs = [ord(c[0]) - ord("a") for c in b["fortress"][player]]
        rs = [int(c[1:]) - 1 for c in b["fortress"][player]]
        lo_f, hi_f, lo_r, hi_r = min(fs) - 0.5, max(fs) + 0.5, min(rs) - 0.5, max(rs) + 0.5
        corners = (_lattice(size, lo_f, lo_r), _lattice(size, hi_f, lo_r),
                   _lattice(size, hi_f, hi_r), _lattice(size, lo_f, hi_r))
        areas.append(Area(corners, shape="polygon", fill=FORTRESS, outline=FORTRESS_EDGE, width=3))
    in_fortress = {c for p in data.PLAYERS for c in b["fortress"][p]}
    cells = {}
    for cell in data.cells(size):
        x, y = _centre(size, cell)
        colour = CROSSING if cell in crossing else FORTRESS_POINT if cell in in_fortress else POINT
        cells[cell] = ((round(x - STEP / 2), round(y - STEP / 2), round(x + STEP / 2), round(y + STEP / 2)), colour)
    side = 2 * n * STEP + STEP + 2 * MARGIN
    return BoardPicture(f"board{size * size}.bmp", (side, side), BORDER, cells, edge=None, dot=5,
                        areas=(Area(((MARGIN // 2, MARGIN // 2), (side - MARGIN // 2, side - MARGIN // 2)), fill=WOOD),
                               *areas), lines=tuple(lines))


def pictures() -> GamePictures:
    """The three boards (81, 64 and 49 points) and the six piece types."""
    boards = tuple(_board_picture(n) for n in (9, 8, 7))
    # obliquely neighbouring points are STEP * sqrt(2) apart: pieces a little narrower than that
    return GamePictures(PACKAGE, boards, tuple(data.PLAYERS), tuple(data.PIECE_TYPES), int(STEP * 1.41) - 4)


def _dirs(steps) -> list[str]:
    return [DIRECTION_NAMES[s] for s in steps]


def knight_paths() -> list[tuple[str, str]]:
    """The eight Knight moves as (first step, second step) direction pairs.

    The first step is oblique, the second the diagonal step that keeps going
    away (the Mao path); the Moa path takes the same two steps in the other
    order, so its intermediate point is one ``second`` step from the start.
    Same enumeration as ``board.build_tables``.
    """
    out = []
    for odf, odr in data.OBLIQUE:
        diags = ((odf, 1), (odf, -1)) if odf else ((1, odr), (-1, odr))
        for d in diags:
            out.append((DIRECTION_NAMES[(odf, odr)], DIRECTION_NAMES[d]))
    return out


def _board(size: int) -> dict:
    b = data.BOARDS[size]
    files = [chr(ord("a") + i) for i in range(size)]
    ranks = [str(i + 1) for i in range(size)]
    # a1 is drawn at the bottom centre; files go up-right, ranks up-left.
    x0, y0 = MARGIN + (size - 1) * STEP, MARGIN + 2 * (size - 1) * STEP
    setup = {}
    for player in data.PLAYERS:
        rows = []
        for ptype in data.PIECE_TYPES:
            cells = sorted((c for c, (p, t) in b["setup"].items() if p == player and t == ptype),
                           key=lambda c: data.cells(size).index(c))
            if cells:
                rows.append((ptype, cells))
        setup[player] = rows
    return {
        "title": b["name"],
        "image": f"board{size * size}.bmp",
        "size": size,
        "points": size * size,
        "files": files,
        "ranks": ranks,
        "rect": (x0, y0, x0 + STEP, y0 + STEP),
        "file_step": (STEP, -STEP),
        "rank_step": (-STEP, -STEP),
        "fortress": b["fortress"],
        "promotion_zone": b["promotion_zone"],
        "crossing": b["crossing"],
        "setup": setup,
        "pawns": sum(1 for p, t in b["setup"].values() if p == "White" and t == "Pawn"),
    }


def context() -> dict:
    """The template variables: players, directions, piece move data and the three boards."""
    return {
        "players": list(data.PLAYERS),
        "directions": [(DIRECTION_NAMES[s], s) for s in
                       data.OBLIQUE + data.VERTICAL + data.HORIZONTAL],
        "oblique": _dirs(data.OBLIQUE),
        "all8": _dirs(data.OBLIQUE + data.VERTICAL + data.HORIZONTAL),
        "pawn_forward": _dirs(data.FORWARD["White"]),
        "pawn_side": _dirs(data.HORIZONTAL),
        "facing": DIRECTION_NAMES[data.VERTICAL[0]],
        "knight": knight_paths(),
        # the game first, then the variants, as in the original file
        "boards": [_board(n) for n in (9, 8, 7)],
        "images": pictures().zrf_images(),
    }
