"""Template context for ``star_pool_chess.zrf.j2``, built from the native engine's own data.

Every cell name, link, zone and start square written into the ZRF comes from
:mod:`variants.star_pool.data` and from the link rules of
:class:`variants.star_pool.board.Geometry` (with the engine's default
options), so the generated file and the native engine cannot drift apart.

How the board is written in ZRF:

* a 9 x 9 ``grid`` (files a-i, ranks 9 down to 1 as drawn) whose centre e5
  is removed with ``kill-positions`` (the Star Pool is not a cell);
* the four citadels w1..w4 as explicit ``positions`` outside the corners;
* the eight piece directions ``n e s w ne nw se sw`` are the grid links plus
  explicit ``links`` for what the grid cannot know: the steps that skip the
  pool (e4 -n-> e6, d4 -ne-> f6, ...), the citadel-to-citadel links
  (w1 -e-> w2, w1 -n-> w3, ...) and each citadel's one diagonal exit
  (w1 -ne-> a1, ...).  Every such link is computed as "engine step minus grid
  step", so a wrong link is impossible by construction;
* ``tne tnw tse tsw``: the pool's teleports, one link each (d4 -tne-> w4,
  f4 -tnw-> w3, d6 -tse-> w2, f6 -tsw-> w1), used only as the last step of
  a diagonal move;
* ``knight-exit1/2`` and ``wizard-exit1/2``: the leaps of a Knight (also the
  King's first-move leap) and of the Wizard out of a citadel, which the
  engine counts over the empty space around the board (w1 -> a2, b1 and
  w1 -> a3, c1);
* ``adj-n`` ... ``adj-sw``: plain geometric adjacency (no pool skipping, a
  citadel touches only its corner), used only by the Wizard's swap.
* ``from-n`` ... ``from-sw``, ``from-tne`` ..., ``e-<kind>-<k>``,
  ``f-<kind>-<k>``, ``e-leap-<k>``, ``f-leap-<k>``: the attack links of the King's
  leap guard, from a cell to where its attackers stand (computed and checked
  in :mod:`variants.star_pool.zrf_attacks`).

Black's directions are White's turned by 180 degrees (ZRF ``symmetry``),
teleports included; the exit and adjacency directions are used in full sets,
so they need no mapping.
"""

from __future__ import annotations

import math

from variants.setup_rows import setup_rows
from variants.pictures import Area, BoardPicture, GamePictures, coordinates, grid_cells

from . import data
from .board import AT, INDEX, NAMES, POOL, XY, swap_neighbours
from .engine import star_pool_chess
from . import zrf_attacks

#: Piece-direction name -> (dx, dy) on the virtual grid (rank + 1 = north).
DIRECTIONS = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0),
              "ne": (1, 1), "nw": (-1, 1), "se": (1, -1), "sw": (-1, -1)}
ORTHOGONAL = ("n", "e", "s", "w")
DIAGONAL = ("ne", "nw", "se", "sw")
#: The direction Black uses for each White direction (180-degree turn).
OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e", "ne": "sw", "sw": "ne", "nw": "se",
            "se": "nw"}

#: Pixel size of one cell on the drawn board.
CELL = 50
#: The package: Rules/StarPoolChess.zrf and Images/StarPoolChess/.
PACKAGE = "StarPoolChess"

LIGHT, DARK = (232, 222, 196), (150, 120, 88)
CITADEL = {"White": (214, 196, 150), "Black": (96, 78, 62)}
BORDER, INK, WALL = (60, 70, 60), (240, 235, 215), (50, 36, 24)
POOL_WATER, POOL_EDGE, POOL_STAR = (30, 70, 150), (200, 215, 240), (250, 235, 140)


def _citadel_rect(cit: str) -> tuple[int, int, int, int]:
    """A citadel's square outside its corner; the grid is drawn one cell in from the top-left."""
    x, y = data.CITADELS[cit]
    px, py = (x + 1) * CELL, (data.SIZE - 1 - y + 1) * CELL
    return px, py, px + CELL, py + CELL


def pictures() -> GamePictures:
    """The board bitmap: checkered squares, the Star Pool in the middle, the four citadels."""
    ranks = list(range(data.SIZE, 0, -1))
    rects = grid_cells(data.FILES, ranks, CELL, CELL, CELL)
    x1, y1, x2, y2 = rects.pop(data.POOL_NAME)
    cells = {c: (r, DARK if data.COLOURS[c] == "dark" else LIGHT) for c, r in rects.items()}
    walls = []
    for cit in data.CITADELS:
        rect = _citadel_rect(cit)
        cells[cit] = (rect, CITADEL[data.CITADEL_OWNER[cit]])
        cx1, cy1, cx2, cy2 = rect
        walls += [Area(((cx1 + 2, cy1 + 2), (cx2 - 2, cy2 - 2)), outline=WALL, width=4),
                  Area(((cx1 + 9, cy1 + 9), (cx2 - 9, cy2 - 9)), outline=WALL, width=1)]
    cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
    star = tuple((cx + (17 if k % 2 == 0 else 7) * math.cos(math.radians(-90 + 36 * k)),
                  cy + (17 if k % 2 == 0 else 7) * math.sin(math.radians(-90 + 36 * k))) for k in range(10))
    pool = (Area(((x1, y1), (x2, y2)), fill=BORDER, outline=(70, 55, 40)),
            Area(((x1 + 2, y1 + 2), (x2 - 2, y2 - 2)), shape="ellipse", fill=POOL_WATER, outline=POOL_EDGE, width=2),
            Area(star, shape="polygon", fill=POOL_STAR))
    size = ((data.SIZE + 2) * CELL, (data.SIZE + 2) * CELL)
    board = BoardPicture("board.bmp", size, BORDER, cells, areas=pool + tuple(walls),
                         texts=coordinates(data.FILES, ranks, CELL, CELL, CELL, CELL, INK))
    return GamePictures(PACKAGE, (board,), tuple(data.PLAYERS), tuple(data.PIECE_TYPES), CELL - 4)


def _grid_neighbour(cell: str, d: tuple[int, int]) -> str | None:
    """The neighbour a plain 9 x 9 grid with e5 killed gives (no citadels, no pool skip)."""
    if cell in data.CITADELS:
        return None
    x, y = data.COORDS[cell]
    n = (x + d[0], y + d[1])
    if not (0 <= n[0] < data.SIZE and 0 <= n[1] < data.SIZE) or n == POOL:
        return None
    return data.square_name(*n)


def _extra_links(expected, directions=DIRECTIONS) -> list[tuple[str, list[tuple[str, str]]]]:
    """Per direction, the links the engine has and the grid lacks.

    ``expected(cell, name)`` is the engine's target (or None).  Raises if the
    grid has a link the engine does not (the ZRF could not remove it).
    """
    out = []
    for name, d in directions.items():
        pairs = []
        for cell in data.CELLS:
            want = expected(cell, name)
            have = _grid_neighbour(cell, d)
            if have is not None and have != want:
                raise AssertionError(f"grid link {cell} -{name}-> {have} is not an engine step")
            if want is not None and want != have:
                pairs.append((cell, want))
        if pairs:
            out.append((name, pairs))
    return out


def _exits(paths, geometry) -> list[list[tuple[str, str]]]:
    """Leaps out of the citadels, split into as many directions as a citadel has targets."""
    per_citadel = {}
    for cit in data.CITADELS:
        i = INDEX[cit]
        dests = set()
        for p in paths:
            dests |= geometry.path(i, p, 0, True)
        per_citadel[cit] = sorted(NAMES[j] for j in dests)
    width = max(len(v) for v in per_citadel.values())
    return [[(c, v[k]) for c, v in per_citadel.items() if k < len(v)] for k in range(width)]


def _outward(d: str) -> tuple[str, str]:
    """The two diagonal directions that continue orthogonal direction ``d`` outward."""
    return {"n": ("ne", "nw"), "s": ("se", "sw"), "e": ("ne", "se"), "w": ("nw", "sw")}[d]


def _leap_guard(tables) -> dict:
    """The links and tables of the King's leap guard (see variants/star_pool/zrf_attacks.py)."""
    zrf_attacks.check_rays(tables)
    sliders = {d: zrf_attacks.kind_types(m) for d, m in zrf_attacks.slider_masks(tables).items()}
    reverse = {"from-" + n: (-dx, -dy) for n, (dx, dy) in DIRECTIONS.items()}

    def reverse_link(cell: str, name: str) -> str | None:
        return zrf_attacks.reverse_step(tables, cell, name[len("from-"):])

    steps = zrf_attacks.step_links(tables)
    leapers = zrf_attacks.leaper_links(tables)
    walks = [("from-" + d, "from-" + d, sliders[d]) for d in DIRECTIONS]
    walks += [("from-t" + d, "from-" + d, sliders[d]) for d in DIAGONAL]
    return {
        "letters": list(zrf_attacks.LETTERS.items()),
        "step_kinds": zrf_attacks.step_kinds(tables),
        "slide_walks": walks,
        "leaper_count": sum(1 for name, _ in leapers if name.startswith("e-")),
        "reverse_directions": [(n, dx, -dy) for n, (dx, dy) in reverse.items()],
        "reverse_links": _extra_links(reverse_link, reverse),
        "attack_links": zrf_attacks.reverse_teleports(tables) + steps + leapers,
        "attack_symmetry": zrf_attacks.symmetry(zrf_attacks.link_names(steps + leapers)),
    }


def context() -> dict:
    """The template variables (see the module docstring)."""
    game = star_pool_chess()
    geometry = game.tables.geometry

    def piece_link(cell: str, name: str) -> str | None:
        i = INDEX[cell]
        d = DIRECTIONS[name]
        if name in ORTHOGONAL:
            j = geometry.orth(i, d)
        else:
            plain = [j for j, tele in geometry.diag(i, d, False, 0)]
            j = plain[0] if plain else None
        return None if j is None else NAMES[j]

    def adjacent(cell: str, name: str) -> str | None:
        i = INDEX[cell]
        x, y = XY[i]
        dx, dy = DIRECTIONS[name]
        j = AT.get((x + dx, y + dy))
        if j is None or j not in swap_neighbours(i, False):
            return None
        return NAMES[j]

    teleports = []
    for name in DIAGONAL:
        pairs = []
        for cell in data.BOARD_SQUARES:
            for j, tele in geometry.diag(INDEX[cell], DIRECTIONS[name], True, 0):
                if tele:
                    pairs.append((cell, NAMES[j]))
        teleports.append(("t" + name, pairs))

    knight_paths = [(DIRECTIONS[o], DIRECTIONS[dg]) for o in ORTHOGONAL for dg in _outward(o)]
    wizard_paths = [(DIRECTIONS[o], DIRECTIONS[o], DIRECTIONS[dg])
                    for o in ORTHOGONAL for dg in _outward(o)]
    knight_exits = _exits(knight_paths, geometry)
    wizard_exits = _exits(wizard_paths, geometry)

    files = list(data.FILES)
    ranks = [str(r) for r in range(data.SIZE, 0, -1)]
    # the grid is drawn one cell in from the top-left so that the citadels fit around it
    citadel_rects = {cit: _citadel_rect(cit) for cit in data.CITADELS}

    setup = setup_rows(data.PLAYERS, data.PIECE_TYPES, data.CELLS, data.SETUP)

    white_rank, black_rank = game.options["sergeant_ranks"]
    zones = [
        ("sergeant-zone", {"White": data.squares_on_ranks(range(white_rank, data.SIZE + 1)),
                           "Black": data.squares_on_ranks(range(1, black_rank + 1))}),
        ("far-zone", data.ZONES["far"]),
        ("enemy-citadel", data.ZONES["opposing-citadels"]),
        ("double-step", data.DOUBLE_STEP_SQUARES),
        ("citadel", {p: tuple(data.CITADELS) for p in data.PLAYERS}),
    ]

    directions = [(n, d) for n, d in DIRECTIONS.items()]
    symmetry = list(OPPOSITE.items()) + [("t" + a, "t" + b) for a, b in OPPOSITE.items()
                                         if a in DIAGONAL]
    return {
        "title": game.name,
        "players": list(data.PLAYERS),
        "files": files,
        "ranks": ranks,
        "cell": CELL,
        "images": pictures().zrf_images(),
        "grid_directions": [(n, dx, -dy) for n, (dx, dy) in directions]
                           + [("adj-" + n, dx, -dy) for n, (dx, dy) in directions],
        "killed": [data.POOL_NAME],
        "citadels": list(citadel_rects.items()),
        "piece_links": _extra_links(piece_link),
        "adjacency_links": [("adj-" + n, pairs) for n, pairs in _extra_links(adjacent)],
        "teleports": teleports,
        "knight_exits": [(f"knight-exit{k + 1}", pairs) for k, pairs in enumerate(knight_exits)],
        "wizard_exits": [(f"wizard-exit{k + 1}", pairs) for k, pairs in enumerate(wizard_exits)],
        "symmetry": symmetry,
        "orthogonal": list(ORTHOGONAL),
        "diagonal": list(DIAGONAL),
        "knight": [(o, dg) for o in ORTHOGONAL for dg in _outward(o)],
        "forward": "n",
        "pawn_captures": ["ne", "nw"],
        "zones": zones,
        "setup": setup,
        "pawn_citadel_promotion": game.options["pawn_citadel_promotion"],
        **_leap_guard(game.tables),
    }
