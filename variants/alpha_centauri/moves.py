"""Move generation for Alpha Centauri: piece moves, captures, Reducer, no-attack rule.

Everything works on a flat list ``b`` of 81 integer codes (see
:mod:`variants.alpha_centauri.board`).  A *part move* (one half of a turn) is a
pair ``(notation, changes)`` where ``changes`` is a tuple of ``(cell, new
code)`` assignments applied in order.  The pipeline for one part is:

1. :func:`piece_candidates` - what a piece's movement and capture rules allow;
2. the Reducer filter (:func:`reductions`, :func:`_reduction_ok`) - a piece on
   an enemy Reducer's line only moves along that line;
3. the no-attack filter (:func:`attacks`) - the part must not create an
   attack by the mover's pieces on an enemy King or Dame.

The readings of the rule text used here are listed in
``docs/variants/alpha_centauri.md``; the risky ones are switches of
:class:`Rules`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import (ADVANCER, ALL_DIRS, CENTAUR, CH_TARGETS, COL, DAME, EDGE, ENCOUNTER, GUARD, HOPPER,
                    HORIZONTAL, KING, NAMES, OPP, ORTHO, PAWN, RAYS, REDUCER, RING, ROTOR, ROW,
                    STEP, TYPE_NAMES, UNCAPTURABLE_TYPES, VERTICAL, WITHDRAWER)

_UNCAP = frozenset(UNCAPTURABLE_TYPES)


@dataclass(frozen=True)
class Rules:
    """Switchable readings of ambiguous rules (defaults = RULES.md recommendations).

    * ``strict_no_attack`` (A7): if True, after each part the mover may have
      no attack at all on an enemy royal, even one the opponent created.
    * ``reduction_limits_attacks`` (our decision D3): a reduced piece only
      attacks along its Reducer line, as it could only capture there.
    * ``centaur_ch_capture`` (A11): the Centaur captures after CH landings too.
    * ``diagonal_meeting`` (A4): King and Dame may meet diagonally (8-neighbourhood);
      False means they must be orthogonally adjacent.
    * ``hopper_sacrifice`` (A10): a Hopper may land on a friendly capturable
      piece, which is removed; False means the landing cell must be empty.
    """

    strict_no_attack: bool = False
    reduction_limits_attacks: bool = True
    centaur_ch_capture: bool = True
    diagonal_meeting: bool = True
    hopper_sacrifice: bool = True


def _name(c: int) -> str:
    return NAMES[c]


def reductions(b: list, me: int) -> dict:
    """Constraints on ``me``'s pieces from enemy Reducers: ``cell -> [(axis, sign, dist, R)]``.

    Along each orthogonal ray of an enemy Reducer the first piece met, if it is
    ours and not a Centaur, is reduced.  ``axis`` is 0 for a row line and 1 for
    a column line, ``sign`` (+1/-1) is the direction from the piece towards the
    Reducer along that axis, ``dist`` the distance to it, ``R`` its cell.
    """
    rcode = REDUCER | ((1 - me) << 4)
    out: dict = {}
    start = 0
    while True:
        try:
            r = b.index(rcode, start)
        except ValueError:
            return out
        start = r + 1
        for d in ORTHO:
            for dist, p in enumerate(RAYS[d][r], 1):
                x = b[p]
                if x:
                    if x >> 4 == me and x & 15 != CENTAUR:
                        if d in HORIZONTAL:
                            axis, sign = 0, (1 if COL[r] > COL[p] else -1)
                        else:
                            axis, sign = 1, (1 if ROW[r] > ROW[p] else -1)
                        out.setdefault(p, []).append((axis, sign, dist, r))
                    break


def _reduction_ok(s: int, t: int, caps: tuple, cons: list) -> bool:
    """May a piece on ``s`` reduced by ``cons`` end on ``t`` capturing ``caps``?

    The displacement must lie on every Reducer line, and towards a Reducer it
    may not reach or pass it, unless the move captures that Reducer.
    """
    for axis, sign, dist, r in cons:
        if axis == 0:
            if ROW[t] != ROW[s]:
                return False
            delta = COL[t] - COL[s]
        else:
            if COL[t] != COL[s]:
                return False
            delta = ROW[t] - ROW[s]
        if delta * sign > 0 and abs(delta) >= dist and r not in caps:
            return False
    return True


def _axis_ok(p: int, q: int, cons: list) -> bool:
    """Is the line from ``p`` to ``q`` on every Reducer line of a reduced attacker?"""
    for axis, _sign, _dist, _r in cons:
        if axis == 0:
            if ROW[q] != ROW[p]:
                return False
        elif COL[q] != COL[p]:
            return False
    return True


def _enemy_capturable(x: int, me: int) -> bool:
    return x != 0 and x >> 4 != me and (x & 15) not in _UNCAP


def _friend_capturable(x: int, me: int) -> bool:
    return x != 0 and x >> 4 == me and (x & 15) not in _UNCAP


def _static_mask(q: int) -> int:
    """Bit mask of the fixed cells whose contents can change the raw attacks on a royal on ``q``.

    The 8 neighbours (attackers, Hopper landing cells), the orthogonal cells two
    steps away (Withdrawer retreat cells, vertical Advancer) and the column
    cells three steps away (Hopper jump over a same-coloured row).  The row
    stretch up to the first piece is added per board by :func:`royal_mask`.
    """
    cells = {q}
    for d in ALL_DIRS:
        n = STEP[d][q]
        if n >= 0:
            cells.add(n)
    for d in ORTHO:
        cells.update(RAYS[d][q][:2])
    for d in VERTICAL:
        cells.update(RAYS[d][q][:3])
    mask = 0
    for c in cells:
        mask |= 1 << c
    return mask


STATIC_RELEVANT: tuple[int, ...] = tuple(_static_mask(q) for q in range(81))
ZONE_CELLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in range(81) if (STATIC_RELEVANT[q] >> c & 1) or ROW[c] == ROW[q])
    for q in range(81))
"""``ZONE_CELLS[q]``: every cell the raw attacks on ``q`` can depend on (static cells + whole row)."""
"""``STATIC_RELEVANT[q]``: fixed cells (bit mask) whose change may change raw attacks on ``q``."""


def attacks(b: list, me: int, rules: Rules) -> frozenset:
    """Attacks of ``me`` on enemy royals (see :func:`raw_attacks`), with the Reducer limit applied."""
    return _limit(b, me, raw_attacks(b, me, rules), rules)


def _limit(b: list, me: int, found: list, rules: Rules) -> frozenset:
    """Drop the raw attacks a Reducer forbids (when ``rules.reduction_limits_attacks``)."""
    if found and rules.reduction_limits_attacks:
        cons = reductions(b, me)
        if cons:
            found = [a for a in found if a[0] not in cons or _axis_ok(a[0], a[2], cons[a[0]])]
    return frozenset(found)


def raw_attacks(b: list, me: int, rules: Rules) -> list:
    """Every attack of ``me``'s pieces on an enemy King or Dame, as ``(attacker cell, code, royal cell)``.

    A piece attacks a royal when it would have a capture taking it if royals
    were capturable: a Pawn diagonally next to it, a Guard next to it, a Hopper
    able to jump it (landing cell on the board, empty or holding a friendly
    capturable piece), an Advancer able to approach it by an O or H move, a
    Withdrawer next to it able to step away in line.  Centaurs, Rotors,
    Reducers and royals never attack.  Reductions are not applied here.
    """
    found: list = []
    for q in enemy_royals(b, me):
        found.extend(royal_attacks(b, me, q, rules.hopper_sacrifice))
    return found


def enemy_royals(b: list, me: int) -> list:
    """Cells of the enemy King and Dame of ``me`` (those present)."""
    enemy = (1 - me) << 4
    out = []
    for rt in (KING, DAME):
        try:
            out.append(b.index(rt | enemy))
        except ValueError:
            pass
    return out


def royal_attacks(b: list, me: int, q: int, sacrifice: bool) -> list:
    """The raw attacks of ``me``'s pieces on the royal standing on ``q`` (see :func:`raw_attacks`)."""
    found = []

    def landing_ok(land: int) -> bool:
        if land < 0:
            return False
        y = b[land]
        return y == 0 or (sacrifice and y >> 4 == me and (y & 15) not in _UNCAP)

    for d in ALL_DIRS:
        p = STEP[d][q]
        if p < 0:
            continue
        x = b[p]
        if x == 0 or x >> 4 != me:
            continue
        t = x & 15
        if t == GUARD or (t == PAWN and d >= 4):
            found.append((p, x, q))
        elif t == HOPPER:
            if landing_ok(STEP[OPP[d]][q]):
                found.append((p, x, q))
        elif t == WITHDRAWER and d < 4:
            away = STEP[d][p]
            if away >= 0 and b[away] == 0:
                found.append((p, x, q))
    for d in HORIZONTAL:
        for k, p in enumerate(RAYS[d][q], 1):
            x = b[p]
            if x:
                if k >= 2 and x >> 4 == me:
                    t = x & 15
                    if t == ADVANCER or (t == HOPPER and landing_ok(STEP[OPP[d]][q])):
                        found.append((p, x, q))
                break
    for d in VERTICAL:
        c1 = STEP[d][q]
        if c1 < 0 or b[c1]:
            continue
        c2 = STEP[d][c1]
        if c2 < 0:
            continue
        x = b[c2]
        if x:
            if x >> 4 == me and x & 15 == ADVANCER:
                found.append((c2, x, q))
            continue
        c3 = STEP[d][c2]
        if c3 < 0:
            continue
        x = b[c3]
        if x and x >> 4 == me and x & 15 == HOPPER and landing_ok(STEP[OPP[d]][q]):
            found.append((c3, x, q))
    return found


def royal_mask(b: list, q: int) -> int:
    """Cells (bit mask) a move must touch to change the raw attacks on the royal on ``q``.

    :data:`STATIC_RELEVANT` plus, along its row, every cell up to and including
    the first piece met on each side (Advancer and Hopper lines; cells beyond
    the first piece only matter once that piece's own cell changes).
    """
    mask = STATIC_RELEVANT[q]
    for d in HORIZONTAL:
        for c in RAYS[d][q]:
            mask |= 1 << c
            if b[c]:
                break
    return mask


# ---------------------------------------------------------------- piece moves

def _slides(b: list, s: int):
    """Yield ``(direction, target)`` for every O step and H slide from ``s`` to an empty cell."""
    for d in HORIZONTAL:
        for t in RAYS[d][s]:
            if b[t]:
                break
            yield d, t
    for d in VERTICAL:
        t = STEP[d][s]
        if t >= 0 and b[t] == 0:
            yield d, t


def _ch(b: list, s: int):
    """Every empty cell of the next/previous same-coloured row (CH teleport)."""
    return [t for t in CH_TARGETS[s] if b[t] == 0]


_TEXT: dict = {}


def _plain(name: str, s: int, t: int, x: int, caps: tuple = ()) -> tuple:
    """A move from ``s`` to the empty ``t`` capturing ``caps`` elsewhere."""
    if caps:
        text = f"{name} {NAMES[s]} - {NAMES[t]}" + "".join(f" x {NAMES[c]}" for c in caps)
        return text, ((s, 0), (t, x)) + tuple((c, 0) for c in caps), t, caps
    key = (x * 81 + s) * 81 + t
    text = _TEXT.get(key)
    if text is None:
        text = _TEXT[key] = f"{name} {NAMES[s]} - {NAMES[t]}"
    return text, ((s, 0), (t, x)), t, caps


def _replace(name: str, s: int, t: int, x: int) -> tuple:
    """A capture by replacement of the piece on ``t``."""
    return f"{name} {NAMES[s]} x {NAMES[t]}", ((s, 0), (t, x)), t, (t,)


def _centaur_after(b: list, s: int, t: int, x: int, me: int) -> list:
    """The Centaur moves from ``s`` to ``t`` with every capture option that landing gives.

    Look at the orthogonal neighbours of ``t`` (``s`` counts as empty now).
    Exactly two occupied, not opposite each other: two enemy capturables are
    both taken; an enemy capturable with an uncapturable piece: the enemy is
    taken; an enemy capturable with a friendly capturable: take both or none.
    """
    occ = []
    for d in ORTHO:
        n = STEP[d][t]
        if n >= 0 and n != s and b[n]:
            occ.append((d, n))
            if len(occ) > 2:
                return [_plain("Centaur", s, t, x)]
    if len(occ) != 2 or occ[0][0] ^ occ[1][0] == 2:
        return [_plain("Centaur", s, t, x)]
    (_, n1), (_, n2) = occ
    y1, y2 = b[n1], b[n2]
    e1, e2 = _enemy_capturable(y1, me), _enemy_capturable(y2, me)
    if e1 and e2:
        return [_plain("Centaur", s, t, x, tuple(sorted((n1, n2))))]
    if e1 or e2:
        enemy_cell, other = (n1, y2) if e1 else (n2, y1)
        if (other & 15) in _UNCAP:
            return [_plain("Centaur", s, t, x, (enemy_cell,))]
        if other >> 4 == me:
            return [_plain("Centaur", s, t, x), _plain("Centaur", s, t, x, tuple(sorted((n1, n2))))]
    return [_plain("Centaur", s, t, x)]


def rotations(b: list, s: int) -> list:
    """Every rotation of the Rotor on ``s``: ``(notation, changes, None, ())`` tuples.

    Not on an edge, no other Rotor/King/Dame among the eight neighbours; the
    neighbour contents turn k = 1..7 places clockwise.  A rotation that leaves
    the ring unchanged is no move; two amounts giving the same ring are one
    move, written with the smaller amount.  The changes list every ring cell
    a piece arrives on, also where a piece of the same code left it.
    """
    if EDGE[s]:
        return []
    ring = [STEP[d][s] for d in RING]
    vals = [b[c] for c in ring]
    if not any(vals):
        return []
    for v in vals:
        if v and (v & 15) in _UNCAP:
            return []
    out = []
    seen = {tuple(vals)}
    for k in range(1, 8):
        new = tuple(vals[(i - k) % 8] for i in range(8))
        if new in seen:
            continue
        seen.add(new)
        moved = "".join(f" {TYPE_NAMES[vals[i] & 15]} {NAMES[ring[i]]} - {NAMES[ring[(i + k) % 8]]}"
                        for i in range(8) if vals[i])
        # every piece moves, so every occupied cell of the new ring gets a new piece,
        # even where it has the same code as before (see part_moves: piece identity)
        changes = tuple((ring[i], new[i]) for i in range(8) if new[i] or vals[i])
        out.append((f"Rotor {NAMES[s]} rotate {k}{moved}", changes, None, ()))
    return out


def part_movements(b: list, changes: tuple) -> tuple[tuple[int, int], ...]:
    """(from, to) of each piece a part's ``changes`` move on board ``b`` (the board before it).

    A Rotor rotation moves every piece of the ring around the Rotor; any other part moves
    one piece, from the first changed cell (emptied) to the one changed cell it fills (a
    rotation of one piece that lists its source first reads the same).
    The rotation is found as :func:`rotations` makes it: the first Rotor whose ring holds
    every changed cell, by the smallest turn that gives the changed ring.
    """
    filled = [c for c, v in changes if v]
    if len(filled) == 1 and changes[0][1] == 0:
        return ((changes[0][0], filled[0]),)
    cells = {c for c, _ in changes}
    after = dict(changes)
    for s in range(len(b)):
        if b[s] & 15 != ROTOR or EDGE[s]:
            continue
        ring = [STEP[d][s] for d in RING]
        if not cells <= set(ring):
            continue
        vals = [b[c] for c in ring]
        for k in range(1, 8):
            if all(after.get(ring[i], b[ring[i]]) == vals[(i - k) % 8] for i in range(8)):
                return tuple((ring[i], ring[(i + k) % 8]) for i in range(8) if vals[i])
    return ()


def allowed_candidates(b: list, s: int, me: int, rules: Rules, cons: dict) -> list:
    """:func:`piece_candidates` of ``s`` that its Reducer constraint allows, plus Rotor rotations.

    ``cons`` is :func:`reductions` of the position.  The no-attack filter is
    left to the caller.
    """
    cands = piece_candidates(b, s, me, rules)
    c = cons.get(s)
    if c is not None:
        cands = [m for m in cands if _reduction_ok(s, m[2], m[3], c)]
    if b[s] & 15 == ROTOR:
        cands.extend(rotations(b, s))
    return cands


def piece_candidates(b: list, s: int, me: int, rules: Rules) -> list:
    """What the piece on ``s`` may do by its own movement and capture rules.

    Returns ``(notation, changes, target, captured cells)`` tuples, before the
    Reducer and no-attack filters.  Rotor rotations are not included (see
    :func:`rotations`).
    """
    x = b[s]
    t = x & 15
    name = TYPE_NAMES[t]
    out = []
    if t == KING or t == DAME or t == GUARD:
        for d in (ALL_DIRS if t == GUARD else ORTHO):
            n = STEP[d][s]
            if n < 0:
                continue
            y = b[n]
            if y == 0:
                out.append(_plain(name, s, n, x))
            elif _enemy_capturable(y, me):
                out.append(_replace(name, s, n, x))
        return out
    if t == PAWN:
        for _d, n in _slides(b, s):
            out.append(_plain(name, s, n, x))
        for d in (4, 5, 6, 7):
            n = STEP[d][s]
            if n >= 0 and _enemy_capturable(b[n], me):
                out.append(_replace(name, s, n, x))
        return out
    if t == CENTAUR:
        b[s] = 0
        for _d, n in _slides(b, s):
            out.extend(_centaur_after(b, s, n, x, me))
        for n in _ch(b, s):
            if rules.centaur_ch_capture:
                out.extend(_centaur_after(b, s, n, x, me))
            else:
                out.append(_plain(name, s, n, x))
        b[s] = x
        return out
    if t == ADVANCER:
        for d, n in _slides(b, s):
            c = STEP[d][n]
            if c >= 0 and _enemy_capturable(b[c], me):
                out.append(_plain(name, s, n, x, (c,)))
            else:
                out.append(_plain(name, s, n, x))
    elif t == WITHDRAWER:
        for d, n in _slides(b, s):
            c = STEP[OPP[d]][s]
            if c >= 0 and _enemy_capturable(b[c], me):
                out.append(_plain(name, s, n, x, (c,)))
            else:
                out.append(_plain(name, s, n, x))
    elif t == HOPPER:
        for _d, n in _slides(b, s):
            out.append(_plain(name, s, n, x))
        out.extend(_hopper_jumps(b, s, x, me, rules))
    else:  # ROTOR, REDUCER: plain O, H moves
        for _d, n in _slides(b, s):
            out.append(_plain(name, s, n, x))
    for n in _ch(b, s):
        out.append(_plain(name, s, n, x))
    return out


def _hopper_jumps(b: list, s: int, x: int, me: int, rules: Rules) -> list:
    """Hopper capture jumps: over an adjacent enemy (8 directions), along the row over the
    first piece met, along the column over a piece exactly 3 rows away with the cells between
    empty.  The landing cell just beyond must be empty or (sacrifice) hold a friendly capturable
    piece.  Duplicates (a neighbour on the row) are merged by the caller."""
    out = []
    jumps = []
    for d in ALL_DIRS:
        q = STEP[d][s]
        if q >= 0:
            jumps.append((d, q))
    for d in HORIZONTAL:
        ray = RAYS[d][s]
        for k, q in enumerate(ray, 1):
            if b[q]:
                if k >= 2:
                    jumps.append((d, q))
                break
    for d in VERTICAL:
        ray = RAYS[d][s]
        if len(ray) >= 3 and b[ray[0]] == 0 and b[ray[1]] == 0:
            jumps.append((d, ray[2]))
    for d, q in jumps:
        if not _enemy_capturable(b[q], me):
            continue
        land = STEP[d][q]
        if land < 0:
            continue
        y = b[land]
        if y == 0:
            out.append((f"Hopper {NAMES[s]} - {NAMES[land]} x {NAMES[q]}",
                        ((s, 0), (q, 0), (land, x)), land, (q,)))
        elif rules.hopper_sacrifice and _friend_capturable(y, me):
            out.append((f"Hopper {NAMES[s]} x {NAMES[land]} x {NAMES[q]}",
                        ((s, 0), (q, 0), (land, x)), land, (q, land)))
    return out


def arrivals(changes: tuple) -> frozenset:
    """Cells on which a part puts a piece that did not stand there before.

    Every part lists a cell in its changes exactly when its occupant is
    replaced (a moving piece's landing cell, a Hopper's sacrifice cell, every
    occupied cell of a rotated ring); a non-empty new value is an arrival.
    """
    return frozenset(c for c, v in changes if v)


def new_attacks(after, before: frozenset, changes: tuple) -> bool:
    """Does ``after`` hold an attack that did not exist before the part with ``changes``?

    An attack existed before only if the same piece stood on the same cell
    against the same royal on the same cell: an attack whose attacker cell
    received a new piece (:func:`arrivals`) is new even when the new piece has
    the same type and owner (a Rotor bringing another Hopper round, a Hopper
    landing on a friend of its own type).  Enemy royals never move during the
    mover's part, so equal royal cells mean the same royal.
    """
    landed = arrivals(changes)
    for a in after:
        if a[0] in landed or a not in before:
            return True
    return False


def part_moves(b: list, me: int, part: int, rules: Rules, only: int | None = None,
               cache: dict | None = None) -> list:
    """Legal moves of one part for ``me``: ``(notation, changes)`` pairs, in a stable order.

    ``part`` 1 moves an uncapturable piece (Rotor move or rotation, King or
    Dame step), part 2 a capturable piece.  ``only`` restricts to the piece on
    that cell (used by tests).  The Reducer and no-attack filters are applied
    (an attack is new unless the same piece made it before, see
    :func:`new_attacks`); equal notations are merged.  ``cache`` (a dict
    shared by calls for the same player and rules) memoises raw attacks after
    a move, keyed by the royal's cell, the contents of every cell they can
    depend on, and the move.
    """
    cons = reductions(b, me)
    before = attacks(b, me, rules)
    strict = rules.strict_no_attack
    sac = rules.hopper_sacrifice
    # Raw attacks are recomputed only for the royals whose relevant cells a move touches.
    royals = [(q, royal_mask(b, q), royal_attacks(b, me, q, sac),
               tuple([b[c] for c in ZONE_CELLS[q]]) if cache is not None else None)
              for q in enemy_royals(b, me)]
    out: dict = {}
    cells = range(81) if only is None else (only,)
    for s in cells:
        x = b[s]
        if x == 0 or x >> 4 != me:
            continue
        if ((x & 15) in _UNCAP) != (part == 1):
            continue
        for m in allowed_candidates(b, s, me, rules, cons):
            text = m[0]
            if text in out:
                continue
            changes = m[1]
            raw_after = []
            nb = None
            for q, qmask, qraw, zone in royals:
                for cell, _val in changes:
                    if qmask >> cell & 1:
                        if zone is not None:
                            key = (q, zone, changes)
                            got = cache.get(key)
                            if got is None:
                                if nb is None:
                                    nb = b[:]
                                    for c2, v2 in changes:
                                        nb[c2] = v2
                                got = cache[key] = royal_attacks(nb, me, q, sac)
                            raw_after.extend(got)
                            break
                        if nb is None:
                            nb = b[:]
                            for c2, v2 in changes:
                                nb[c2] = v2
                        raw_after.extend(royal_attacks(nb, me, q, sac))
                        break
                else:
                    raw_after.extend(qraw)
            if raw_after and (strict or new_attacks(raw_after, before, changes)):
                # the Reducer limit may still remove the new attacks
                if nb is None:
                    nb = b[:]
                    for c2, v2 in changes:
                        nb[c2] = v2
                after = _limit(nb, me, raw_after, rules)
                if after and (strict or new_attacks(after, before, changes)):
                    continue
            out[text] = changes
    return list(out.items())


def royals_meet(b: list, owner: int, rules: Rules) -> bool:
    """Do ``owner``'s King and Dame stand on adjacent cells, both in the Encounter Zone?"""
    try:
        k = b.index(KING | (owner << 4))
        d = b.index(DAME | (owner << 4))
    except ValueError:
        return False
    if not (ENCOUNTER[k] and ENCOUNTER[d]):
        return False
    dr, dc = abs(ROW[k] - ROW[d]), abs(COL[k] - COL[d])
    if rules.diagonal_meeting:
        return max(dr, dc) == 1
    return dr + dc == 1
