"""Precomputed integer tables for one Canonical-family board (size N and rule options).

The engine keeps a position as a flat tuple indexed by cell (index = r * N + f,
the order of :func:`variants.canonical.data.cells`).  Everything that depends only
on the geometry and on the chosen rule options -- rays, Knight paths, fortress
steps, Pawn steps, and the *reverse* tables used to ask "is this point attacked?"
-- is built once here, so move generation never does coordinate arithmetic.

Piece codes: 0 = empty, otherwise ``owner * 8 + type`` with owner 0 = White,
1 = Black and the type constants below.
"""

from __future__ import annotations

from dataclasses import dataclass

from variants.geometry import per_cell, ray_table, reverse, step_table

from . import data

KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN = 1, 2, 3, 4, 5, 6
TYPE_NAMES = {KING: "King", QUEEN: "Queen", ROOK: "Rook", BISHOP: "Bishop",
              KNIGHT: "Knight", PAWN: "Pawn"}
TYPE_CODES = {v: k for k, v in TYPE_NAMES.items()}

#: Knight path modes: which intermediate points may carry the slide.
KNIGHT_MODES = ("either", "mao", "moa", "leap")


def code(owner: int, ptype: int) -> int:
    """Piece code of ``ptype`` owned by player index ``owner`` (0 White, 1 Black)."""
    return owner * 8 + ptype


@dataclass
class Tables:
    """All per-board lookup tables (see the module docstring).

    Lists are indexed by cell index; per-player lists by player index first.
    """

    size: int
    names: list
    index: dict
    coords: list
    diag: list                 # f - r: Kings "face" each other when this is equal
    oblique_rays: list         # [cell] -> tuple of 4 rays (tuples of cells), nearest first
    in_fortress: list          # [player][cell] -> bool
    promoted: list             # [player][cell] -> bool: a Pawn here is promoted
    pawn_forward: list         # [player][cell] -> targets of a forward oblique step
    pawn_side: list            # [player][cell] -> horizontal targets (only if promoted here)
    pawn_attackers: list       # [player][cell] -> cells from which that player's Pawn hits cell
    queen_steps: list          # [player][cell] -> adjacent targets inside the fortress
    queen_attackers: list      # [player][cell] -> Queen cells hitting cell (cell in fortress)
    king_steps: list           # [player][cell] -> oblique targets inside the fortress
    king_attackers: list       # [player][cell] -> King cells hitting cell
    knight: list               # [cell] -> tuple of (target, required-empty alternatives)
    knight_attackers: list     # [cell] -> tuple of (source, required-empty alternatives)


def _on(size: int, f: int, r: int) -> bool:
    return 0 <= f < size and 0 <= r < size


def build_tables(size: int, promote_on_crossing: bool = False,
                 knight_paths: str = "either") -> Tables:
    """Build the tables for an N x N board with the given rule options.

    ``knight_paths``: "either" (Mao or Moa path empty, the rule), "mao", "moa"
    (only that path counts) or "leap" (never blocked).
    """
    if knight_paths not in KNIGHT_MODES:
        raise ValueError(f"knight_paths must be one of {KNIGHT_MODES}")
    n = size
    names = data.cells(n)
    index = {c: i for i, c in enumerate(names)}
    coords = [data.cell_coords(c) for c in names]

    def idx(f: int, r: int) -> int:
        return r * n + f if _on(n, f, r) else -1

    diag = [f - r for f, r in coords]
    oblique_rays = list(per_cell(ray_table(step_table(coords, data.OBLIQUE))))

    players = data.PLAYERS
    fort_sets = [set(index[c] for c in data.fortress(n, p)) for p in players]
    in_fortress = [[i in fs for i in range(n * n)] for fs in fort_sets]
    promo_sets = [set(index[c] for c in data.promotion_zone(n, p, promote_on_crossing))
                  for p in players]
    promoted = [[i in ps for i in range(n * n)] for ps in promo_sets]

    pawn_forward, pawn_side, pawn_attackers = [], [], []
    queen_steps, queen_attackers, king_steps, king_attackers = [], [], [], []
    all8 = data.OBLIQUE + data.VERTICAL + data.HORIZONTAL
    for pi, p in enumerate(players):
        fwd = [tuple(idx(f + df, r + dr) for df, dr in data.FORWARD[p]
                     if _on(n, f + df, r + dr)) for f, r in coords]
        side = [tuple(idx(f + df, r + dr) for df, dr in data.HORIZONTAL
                      if _on(n, f + df, r + dr)) if promoted[pi][i] else ()
                for i, (f, r) in enumerate(coords)]
        pawn_forward.append(fwd)
        pawn_side.append(side)
        pawn_attackers.append(list(reverse([ahead + aside for ahead, aside in zip(fwd, side)])))

        qs = [tuple(idx(f + df, r + dr) for df, dr in all8
                    if _on(n, f + df, r + dr) and in_fortress[pi][idx(f + df, r + dr)])
              for f, r in coords]
        ks = [tuple(idx(f + df, r + dr) for df, dr in data.OBLIQUE
                    if _on(n, f + df, r + dr) and in_fortress[pi][idx(f + df, r + dr)])
              for f, r in coords]
        queen_steps.append(qs)
        king_steps.append(ks)
        queen_attackers.append(list(reverse(qs)))
        king_attackers.append(list(reverse(ks)))

    knight = []
    for f, r in coords:
        out = []
        for odf, odr in data.OBLIQUE:
            # the two diagonal steps that continue *away* along the oblique step
            if odf:
                diags = ((odf, 1), (odf, -1))
            else:
                diags = ((1, odr), (-1, odr))
            for ddf, ddr in diags:
                tf, tr = f + odf + ddf, r + odr + ddr
                if not _on(n, tf, tr):
                    continue
                mao = idx(f + odf, r + odr)      # oblique step first
                moa = idx(f + ddf, r + ddr)      # diagonal step first
                if knight_paths == "either":
                    alts = (mao, moa)
                elif knight_paths == "mao":
                    alts = (mao,)
                elif knight_paths == "moa":
                    alts = (moa,)
                else:
                    alts = ()
                out.append((idx(tf, tr), alts))
        knight.append(tuple(out))
    knight_attackers = list(reverse(knight))

    return Tables(n, names, index, coords, diag, oblique_rays, in_fortress, promoted,
                  pawn_forward, pawn_side, pawn_attackers, queen_steps, queen_attackers,
                  king_steps, king_attackers, knight, knight_attackers)
