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

from . import data

#: ZRF direction name of each (df, dr) lattice step.
DIRECTION_NAMES = {
    (1, 0): "ne", (-1, 0): "sw", (0, 1): "nw", (0, -1): "se",
    (1, 1): "n", (-1, -1): "s", (1, -1): "e", (-1, 1): "w",
}

#: Half the distance, in pixels, between two neighbouring points on the drawn board.
STEP = 30


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
    x0, y0 = (size - 1) * STEP, 2 * (size - 1) * STEP
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
    }
