"""Integer tables derived once from a :class:`zrf.model.GameDef`.

The move-program closures never look at names at run time: positions,
directions, players, piece types, zones and attributes are all small integers
here, and every per-player table (symmetric links, opposite links, zones) is
precomputed so that a step is one list lookup (``links[d][pos]``, ``-1`` when
there is no link).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from zrf import limits
from zrf.diagnostics import Diagnostic, ZrfError
from zrf.model import GameDef

from .sentinels import NO

__all__ = ["NO", "Tables", "build_tables"]


@dataclass
class Tables:
    """Names <-> integers, link tables per player, zones per player, attribute defaults."""

    positions: list[str]
    pos_index: dict[str, int]
    dummy: list[bool]
    directions: list[str]
    dir_index: dict[str, int]
    #: raw links: raw_links[d][p] -> q or NO
    raw_links: list[list[int]]
    players: list[str]
    player_index: dict[str, int]
    types: list[str]
    type_index: dict[str, int]
    #: links[player][d][p] with the player's symmetry applied
    links: list[list[list[int]]]
    #: opposite links[player][d][p]: one step against the player's symmetric d
    opposite: list[list[list[int]]]
    zone_names: list[str]
    zone_index: dict[str, int]
    #: zones[player][z] -> frozenset of positions
    zones: list[list[frozenset]]
    attributes: list[str]
    attr_index: dict[str, int]
    #: default attribute bit mask per piece type
    attr_defaults: list[int]
    neutral: list[bool] = field(default_factory=list)
    #: (position, piece) -> its (cell, owner, type) signature entry and attribute entries, made once
    signature_entries: dict = field(default_factory=dict, repr=False)

    def make_signature_entry(self, p: int, piece) -> tuple[tuple[str, str, str], tuple[tuple[str, str], ...]]:
        """The signature's ``(cell, owner, type)`` of ``piece`` on position ``p``, and an
        ``("attr@cell", "true"/"false")`` entry for each attribute off its type's default;
        remembered in :attr:`signature_entries`, which the caller reads first."""
        owner, ptype, attrs = piece
        cell = self.positions[p]
        default = self.attr_defaults[ptype]
        extra = tuple((f"{a}@{cell}", "true" if attrs & (1 << i) else "false")
                      for a, i in self.attr_index.items() if (attrs ^ default) & (1 << i))
        hit = self.signature_entries[(p, piece)] = ((cell, self.players[owner], self.types[ptype]), extra)
        return hit


def _opposite_table(raw: list[list[int]], directions: list[str], n: int) -> list[list[int]]:
    """For every direction d: the direction reversing all of d's links, else d's reverse map."""
    out: list[list[int]] = []
    for d, fwd in enumerate(raw):
        pairs = [(p, q) for p, q in enumerate(fwd) if q != NO]
        found = None
        if pairs:
            for e, back in enumerate(raw):
                if all(back[q] == p for p, q in pairs):
                    found = e
                    break
        if found is not None:
            out.append(raw[found])
        else:
            rev = [NO] * n
            for p, q in pairs:
                if rev[q] == NO:
                    rev[q] = p
            out.append(rev)
    return out


def build_tables(g: GameDef) -> Tables:
    """Every integer table the compiled programs and the state need.

    Raises :class:`zrf.diagnostics.ZrfError` (E390) when the per-player link
    tables would exceed the ``link_entries`` limit.
    """
    b = g.board
    positions = list(b.positions)
    pos_index = {p: i for i, p in enumerate(positions)}
    n = len(positions)
    directions = list(b.directions)
    nplayers = len(set(g.players) | {e.player for e in g.turn_order.entries}
                   | {e.moves_as for e in g.turn_order.entries})
    entries = 2 * max(1, nplayers) * len(directions) * n
    if entries > limits.current().link_entries:
        raise ZrfError([Diagnostic(
            "E390", f"the board's link tables would hold {entries} entries ({max(1, nplayers)} players x "
            f"{len(directions)} directions x {n} positions, twice), more than {limits.current().link_entries}"
            f" ({limits.hint('link_entries')})", b.span)])
    dir_index = {d: i for i, d in enumerate(directions)}
    raw: list[list[int]] = []
    for d in directions:
        row = [NO] * n
        for p, q in b.links.get(d, {}).items():
            if p in pos_index and q in pos_index:
                row[pos_index[p]] = pos_index[q]
        raw.append(row)
    players = list(g.players)
    for e in g.turn_order.entries:
        for name in (e.player, e.moves_as):
            if name not in players:
                players.append(name)
    player_index = {p: i for i, p in enumerate(players)}
    types = list(g.pieces)
    for pl, t, _ in g.setup.placements:
        if t not in types:
            types.append(t)
    type_index = {t: i for i, t in enumerate(types)}
    opp_raw = _opposite_table(raw, directions, n)
    links, opposite = [], []
    for pl in players:
        sym = b.symmetry.get(pl, {})
        lp, op = [], []
        for d in directions:
            d2 = sym.get(d, d)
            k = dir_index.get(d2)
            lp.append(raw[k] if k is not None else [NO] * n)
            op.append(opp_raw[k] if k is not None else [NO] * n)
        links.append(lp)
        opposite.append(op)
    zone_names = b.zone_names()
    zone_index = {z: i for i, z in enumerate(zone_names)}
    zones = [[frozenset(pos_index[p] for p in b.zone(z, pl) if p in pos_index) for z in zone_names]
             for pl in players]
    attributes = g.attribute_order
    attr_index = {a: i for i, a in enumerate(attributes)}
    defaults = []
    for t in types:
        piece = g.pieces.get(t)
        mask = 0
        if piece is not None:
            for a, v in piece.attributes.items():
                if v:
                    mask |= 1 << attr_index[a]
        defaults.append(mask)
    movers = {e.player for e in g.turn_order.entries} | {e.moves_as for e in g.turn_order.entries}
    neutral = [bool(g.turn_order.entries) and p not in movers for p in players]
    return Tables(positions, pos_index, [b.positions[p].dummy for p in positions], directions,
                  dir_index, raw, players, player_index, types, type_index, links, opposite,
                  zone_names, zone_index, zones, attributes, attr_index, defaults, neutral)
