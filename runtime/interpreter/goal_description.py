"""A ZRF game's goal forms as :mod:`runtime.core.goalinfo` data, for :meth:`ZrfGame.goal_info`.

The goals are *run* by :mod:`.goals` (compiled closures); this module only
describes them so a computer player can measure progress:

* ``absolute-config OCC... (POS-OR-ZONE...)`` -> one :class:`Placement` per
  player the goal is checked for (a zone is read with that player's zone
  positions), every slot accepting every occupant;
* ``relative-config OCC DIR OCC DIR ...`` -> :class:`AnyOf` the placements the
  pattern can take on this board (one per start cell whose links all exist,
  following the player's symmetric links);
* ``pieces-remaining`` / ``total-piece-count``, ``checkmated``, ``captured``,
  ``and`` / ``or`` map one to one; anything else is :class:`Unscored`.
"""

from __future__ import annotations

from zrf.model import GameDef
from zrf.syntax import Atom, List, Node, to_text

from runtime.core.goalinfo import (AllOf, AnyOf, Captured, Checkmated, Condition, Goal, GoalResult, Occupant,
                                   Owner, PiecesRemaining, Placement, Slot, Unscored, Whose)

from .tables import NO, Tables

_OWNERS = {"opponent": Owner.ENEMY, "any-owner": Owner.ANY}


def describe_goals(gdef: GameDef, tables: Tables) -> tuple[Goal, ...]:
    """Every goal of ``gdef``, one :class:`Goal` per goal and player (zones are per player)."""
    out = []
    for g in gdef.goals:
        players = [p for p in (g.players or gdef.players) if p in tables.player_index]
        rule = f"{g.kind}-condition {to_text(g.condition)}"
        for p in players:
            cond = _condition(g.condition, tables, tables.player_index[p])
            out.append(Goal(GoalResult(g.kind), (p,), cond, rule))
    return tuple(out)


def _types(args, tables: Tables) -> frozenset[str]:
    return frozenset(to_text(a) for a in args if to_text(a) in tables.type_index)


def _condition(node: Node, t: Tables, player: int) -> Condition:
    if isinstance(node, Atom) or not isinstance(node, List) or node.head is None:
        return Unscored(to_text(node))
    head, args = node.head, node.args
    if head in ("and", "or"):
        inner = tuple(_condition(a, t, player) for a in args)
        return AllOf(inner) if head == "and" else AnyOf(inner)
    if head in ("pieces-remaining", "total-piece-count"):
        if args and isinstance(args[0], Atom) and args[0].is_number:
            types = _types(args[1:], t) if len(args) > 1 else None
            return PiecesRemaining(int(args[0].value), types, Whose.OWN if head == "pieces-remaining" else Whose.ALL)
    if head == "checkmated":
        return Checkmated(_types(args, t))
    if head == "captured":
        return Captured(_types(args, t))
    if head == "absolute-config" and args:
        return _absolute(node, t, player)
    if head == "relative-config" and args:
        return _relative(node, t, player)
    return Unscored(to_text(node))


def _occupant(node: Node) -> Occupant | None:
    if isinstance(node, Atom):
        return Occupant(node.text, Owner.OWN)
    if isinstance(node, List) and len(node.items) == 2 and node.head in _OWNERS:
        return Occupant(to_text(node.items[1]), _OWNERS[node.head])
    return None


def _absolute(node: List, t: Tables, player: int) -> Condition:
    *occ_nodes, where = node.args
    occupants = tuple(_occupant(o) for o in occ_nodes)
    if not occupants or None in occupants:
        return Unscored(to_text(node))
    slots = []
    for item in (where.items if isinstance(where, List) else [where]):
        name = to_text(item)
        if name in t.pos_index:
            cells = frozenset([name])
        elif name in t.zone_index:
            cells = frozenset(t.positions[p] for p in t.zones[player][t.zone_index[name]])
        else:
            return Unscored(to_text(node))
        slots.append(Slot(cells, occupants))
    return Placement(tuple(slots))


def _relative(node: List, t: Tables, player: int) -> Condition:
    args = node.args
    occupants = [_occupant(a) for a in args[0::2]]
    dirs = [t.dir_index.get(to_text(a)) for a in args[1::2]]
    if None in occupants or None in dirs:
        return Unscored(to_text(node))
    links = t.links[player]
    placements = []
    for start in range(len(t.positions)):
        cells = [start]
        for d in dirs:
            nxt = links[d][cells[-1]]
            if nxt == NO:
                break
            cells.append(nxt)
        else:
            if not any(t.dummy[c] for c in cells):
                placements.append(Placement(tuple(
                    Slot(frozenset([t.positions[c]]), (o,)) for c, o in zip(cells, occupants))))
    return AnyOf(tuple(placements))
