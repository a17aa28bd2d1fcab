"""Star Pool geometry turned into integer move tables.

Cells are indexed 0..83 in the order of ``data.CELLS``.  A piece's move is
described by the elementary *steps* of its rule text (one orthogonal step, one
diagonal step), and each step follows the board's links:

* an orthogonal step that meets the pool skips it (e4 -> e6, d5 -> f5);
  from a citadel an orthogonal step goes to the neighbouring citadel;
* a diagonal step that meets the pool skips it (d4 -> f6) or, when it is the
  *last* step of the move, may instead land in the citadel in that direction
  (d4 -> w4); from a citadel the only diagonal step is its exit to the corner;
  there is no step from a corner square into a citadel.

Leapers that start in a citadel (Knight, Wizard leap, the King's Knight leap)
jump over the non-board: their steps are taken in plain virtual coordinates
and must end on a board square.

``Tables`` precomputes, for each side, piece type and cell, the step targets
(with whether they may move and/or capture there), the slide rays, the
Wizard's swap neighbours and the reverse tables used for the attack test, so
move generation only walks tuples of integers.
"""

from __future__ import annotations

from functools import lru_cache

from . import data

WHITE, BLACK = 0, 1

# piece type codes (0 is "empty"); a board entry is side * 16 + type
KING, GENERAL, CAPTAIN, ELEPHANT, KNIGHT, ROOK, WIZARD, PAWN, SERGEANT, LIEUTENANT = range(1, 11)
TYPE_NAMES = {i + 1: n for i, n in enumerate(data.PIECE_TYPES)}
TYPE_CODES = {n: c for c, n in TYPE_NAMES.items()}

MOVE, CAPTURE, BOTH = 1, 2, 3

NAMES = data.CELLS
NCELLS = len(NAMES)
INDEX = {n: i for i, n in enumerate(NAMES)}
XY = tuple(data.COORDS[n] for n in NAMES)
AT = {xy: i for i, xy in enumerate(XY)}
CITADEL_IDX = frozenset(INDEX[c] for c in data.CITADELS)
POOL = data.POOL

ORTH = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAG = ((1, 1), (-1, 1), (1, -1), (-1, -1))

_CIT_LINKS = {(INDEX[c], d): INDEX[t] for (c, d), t in data.CITADEL_LINKS.items()}
_CIT_EXIT = {INDEX[c]: (d, INDEX[sq]) for c, (d, sq) in data.CITADEL_EXIT.items()}
_POOL_CIT = {d: INDEX[c] for d, c in data.POOL_CITADEL.items()}
_CIT_SIDE = {INDEX[c]: data.PLAYERS.index(o) for c, o in data.CITADEL_OWNER.items()}


def outward(d: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two diagonals that continue an orthogonal direction 'outward'."""
    dx, dy = d
    if dx == 0:
        return ((1, dy), (-1, dy))
    return ((dx, 1), (dx, -1))


class Geometry:
    """Link rules of the board, parameterised by the variant options that change them."""

    def __init__(self, corner_citadel_links: bool = False, teleport_to_own_citadel: bool = True,
                 pawn_citadel_links: bool = False):
        self.corner_links = corner_citadel_links
        self.own_teleport = teleport_to_own_citadel
        self.pawn_citadel_links = pawn_citadel_links

    def orth(self, i: int, d: tuple[int, int]) -> int | None:
        """One orthogonal step from cell ``i`` (pool skipped; citadel to citadel)."""
        if i in CITADEL_IDX:
            return _CIT_LINKS.get((i, d))
        x, y = XY[i]
        n = (x + d[0], y + d[1])
        if n == POOL:
            n = (x + 2 * d[0], y + 2 * d[1])
        j = AT.get(n)
        return None if j is None or j in CITADEL_IDX else j

    def diag(self, i: int, d: tuple[int, int], last: bool, side: int) -> list[tuple[int, bool]]:
        """One diagonal step from ``i``: ``[(cell, is_teleport), ...]``.

        Meeting the pool gives the square beyond and, on the last step of a
        move, the citadel in that direction (a teleport, which ends the move).
        """
        if i in CITADEL_IDX:
            d_exit, sq = _CIT_EXIT[i]
            return [(sq, False)] if d == d_exit else []
        x, y = XY[i]
        n = (x + d[0], y + d[1])
        if n == POOL:
            out = [(AT[(x + 2 * d[0], y + 2 * d[1])], False)]
            if last:
                c = _POOL_CIT[d]
                if self.own_teleport or _CIT_SIDE[c] != side:
                    out.append((c, True))
            return out
        j = AT.get(n)
        if j is None:
            return []
        if j in CITADEL_IDX:
            return [(j, False)] if self.corner_links else []
        return [(j, False)]

    def path(self, i: int, steps, side: int, virtual_from_citadel: bool) -> set[int]:
        """Destinations of a leap made of elementary ``steps`` (each an orthogonal or
        diagonal unit vector); intermediate cells may be occupied."""
        if virtual_from_citadel and i in CITADEL_IDX:
            x, y = XY[i]
            for dx, dy in steps:
                x, y = x + dx, y + dy
            j = AT.get((x, y))
            return set() if j is None or j in CITADEL_IDX else {j}
        fronts = {i}
        for k, d in enumerate(steps):
            last = k == len(steps) - 1
            nxt: set[int] = set()
            for c in fronts:
                if d[0] and d[1]:
                    nxt.update(j for j, _ in self.diag(c, d, last, side))
                else:
                    j = self.orth(c, d)
                    if j is not None:
                        nxt.add(j)
            fronts = nxt
        return fronts

    def ray(self, i: int, d: tuple[int, int], side: int) -> tuple[tuple[int | None, int | None], ...]:
        """A slide from ``i`` in direction ``d``: ``((cell, teleport_option), ...)``.

        ``teleport_option`` is a citadel that can be reached instead of
        ``cell`` (by going into the pool) once every earlier cell is empty;
        ``cell`` None means the ray ends with only the teleport option.
        """
        out = []
        cur = i
        seen = {i}
        while True:
            if d[0] and d[1]:
                opts = self.diag(cur, d, True, side)
                plain = [j for j, t in opts if not t]
                tele = [j for j, t in opts if t]
                t = tele[0] if tele else None
                if not plain:
                    if t is not None:
                        out.append((None, t))
                    break
                nxt = plain[0]
                out.append((nxt, t))
            else:
                nxt = self.orth(cur, d)
                if nxt is None:
                    break
                out.append((nxt, None))
            if nxt in seen:  # cannot happen on this board; guard anyway
                break
            seen.add(nxt)
            cur = nxt
        return tuple(out)


def swap_neighbours(i: int, across_pool: bool) -> tuple[int, ...]:
    """Cells adjacent to ``i`` for the Wizard swap: the 8 geometric neighbours in
    the virtual grid (RULES.md §7 A6); optionally also the cell across the pool."""
    x, y = XY[i]
    out = []
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if dx == dy == 0:
                continue
            n = (x + dx, y + dy)
            if n == POOL and across_pool:
                n = (x + 2 * dx, y + 2 * dy)
            j = AT.get(n)
            if j is not None:
                out.append(j)
    return tuple(out)


class Tables:
    """Every precomputed move table for one choice of geometry options."""

    def __init__(self, corner_citadel_links=False, teleport_to_own_citadel=True,
                 pawn_citadel_links=False, swap_across_pool=False):
        g = Geometry(corner_citadel_links, teleport_to_own_citadel, pawn_citadel_links)
        self.geometry = g
        n = NCELLS
        # steps[side][type][cell] -> tuple of (dest, mode)
        self.steps = [[[()] * n for _ in range(11)] for _ in range(2)]
        # rays[side][type][cell] -> tuple of rays
        self.rays = [[[()] * n for _ in range(11)] for _ in range(2)]
        # king_leap[side][cell] -> tuple of dests
        self.king_leap = [[()] * n for _ in range(2)]
        # double[side][cell] -> (mid, dest) or None
        self.double = [[None] * n for _ in range(2)]
        self.swap = tuple(swap_neighbours(i, swap_across_pool) for i in range(n))

        knight_paths = [(o, dg) for o in ORTH for dg in outward(o)]
        wizard_paths = [(o, o, dg) for o in ORTH for dg in outward(o)]

        for side in (WHITE, BLACK):
            fwd = (0, 1) if side == WHITE else (0, -1)
            for i in range(n):
                def add(table, t, dests, mode):
                    table[t] = table.get(t, {})
                    for j in dests:
                        table[t][j] = table[t].get(j, 0) | mode

                acc: dict[int, dict[int, int]] = {}
                diag1 = {j for d in DIAG for j, _ in g.diag(i, d, True, side)}
                orth1 = {j for d in ORTH if (j := g.orth(i, d)) is not None}
                # King: one step any direction
                add(acc, KING, diag1 | orth1, BOTH)
                # General: one diagonal step (slides below)
                add(acc, GENERAL, diag1, BOTH)
                # Captain: one orthogonal step (slides below)
                add(acc, CAPTAIN, orth1, BOTH)
                # Great Elephant: diagonal step/jump any way, straight forward step/jump
                ge = set(diag1)
                f1 = g.orth(i, fwd)
                if f1 is not None:
                    ge.add(f1)
                for d in DIAG:
                    ge |= g.path(i, (d, d), side, False)
                ge |= g.path(i, (fwd, fwd), side, False)
                add(acc, ELEPHANT, ge, BOTH)
                # Knight: orthogonal then diagonal outward
                kn = set()
                for p in knight_paths:
                    kn |= g.path(i, p, side, True)
                add(acc, KNIGHT, kn, BOTH)
                # Wizard: one diagonal step, or two orthogonal then one diagonal outward
                wz = set(diag1)
                for p in wizard_paths:
                    wz |= g.path(i, p, side, True)
                add(acc, WIZARD, wz, BOTH)
                # Pawn: straight forward (move only), diagonally forward (capture only)
                if i not in CITADEL_IDX or g.pawn_citadel_links:
                    f1p = g.orth(i, fwd)
                    if f1p is not None:
                        add(acc, PAWN, [f1p], MOVE)
                pc = set()
                for d in ((1, fwd[1]), (-1, fwd[1])):
                    pc.update(j for j, _ in g.diag(i, d, True, side))
                add(acc, PAWN, pc, CAPTURE)
                # Sergeant: one diagonal step; Lieutenant: one orthogonal step
                add(acc, SERGEANT, diag1, BOTH)
                add(acc, LIEUTENANT, orth1, BOTH)
                for t, dests in acc.items():
                    self.steps[side][t][i] = tuple(sorted(dests.items()))
                self.king_leap[side][i] = tuple(sorted(kn))
                orays = tuple(r for d in ORTH if (r := g.ray(i, d, side)))
                drays = tuple(r for d in DIAG if (r := g.ray(i, d, side)))
                self.rays[side][ROOK][i] = orays
                self.rays[side][GENERAL][i] = orays
                self.rays[side][CAPTAIN][i] = drays
            for name in data.DOUBLE_STEP_SQUARES[data.PLAYERS[side]]:
                i = INDEX[name]
                mid = g.orth(i, fwd)
                dest = g.orth(mid, fwd) if mid is not None else None
                if dest is not None:
                    self.double[side][i] = (mid, dest)

        self._build_reverse()

    def _build_reverse(self) -> None:
        """Reverse tables for the attack test: who can capture on each cell from where."""
        n = NCELLS
        self.rev_step = [[None] * n for _ in range(2)]
        self.rev_slide = [[None] * n for _ in range(2)]
        self.rev_leap = [[None] * n for _ in range(2)]
        for side in (WHITE, BLACK):
            step: list[dict[int, int]] = [dict() for _ in range(n)]
            slide: list[dict[tuple, int]] = [dict() for _ in range(n)]
            leap: list[list[int]] = [[] for _ in range(n)]
            for src in range(n):
                for t in range(1, 11):
                    for dest, mode in self.steps[side][t][src]:
                        if mode & CAPTURE:
                            step[dest][src] = step[dest].get(src, 0) | (1 << t)
                    for ray in self.rays[side][t][src]:
                        path: list[int] = []
                        for cell, tele in ray:
                            if tele is not None:
                                key = (src, tuple(path))
                                slide[tele][key] = slide[tele].get(key, 0) | (1 << t)
                            if cell is None:
                                break
                            key = (src, tuple(path))
                            slide[cell][key] = slide[cell].get(key, 0) | (1 << t)
                            path.append(cell)
                for dest in self.king_leap[side][src]:
                    leap[dest].append(src)
            for dest in range(n):
                self.rev_step[side][dest] = tuple(step[dest].items())
                self.rev_slide[side][dest] = tuple((s, p, m) for (s, p), m in slide[dest].items())
                self.rev_leap[side][dest] = tuple(leap[dest])


@lru_cache(maxsize=None)
def tables(corner_citadel_links=False, teleport_to_own_citadel=True,
           pawn_citadel_links=False, swap_across_pool=False) -> Tables:
    """The (cached) tables for one option set."""
    return Tables(corner_citadel_links, teleport_to_own_citadel, pawn_citadel_links,
                  swap_across_pool)


DEFAULT_TABLES = tables()
