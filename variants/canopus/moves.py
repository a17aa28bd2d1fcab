"""Move generation, reduction and the check test of Canopus / Super-Star Canopus.

A board is a ``bytes`` / ``bytearray`` of 72 cells (see ``board``): 0 is
empty, otherwise ``type | owner << 4`` with owner 0 = White, 1 = Black.  Bytes
copy fast and ``find`` locates the few Stars, Pushers and Reducers at C speed,
which is what the check test spends its time on.
Every generator returns *pseudo-legal* moves as ``(notation, new_board,
irreversible)`` triples: the successor board is built once, here, so that the
legality test (own King not in check) and ``State.apply`` both reuse it.

The rule readings are those of docs/variants/canopus.md; the ones that a
cross-check may need to flip come in through a :class:`Rules` object.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import (MAGE_PATHS, MAGE_REVERSE, NAME, NEIGHBOURS, ORTHO,
                    P32_PATHS, P32_REVERSE, RANK_OF, RAYS, SIZE, STEP)

EMPTY = 0
SOLDIER, STAR, SUPER_STAR, PUSHER, MAGE, P32, REDUCER, KING = range(1, 9)
TYPE_NAME = {SOLDIER: "Soldier", STAR: "Star", SUPER_STAR: "Super-Star", PUSHER: "Pusher",
             MAGE: "Mage-Apprentice", P32: "P32", REDUCER: "Reducer", KING: "King"}
TYPE_CODE = {v: k for k, v in TYPE_NAME.items()}
SPECIAL = (MAGE, P32)
"""The two "special pieces": the only ones a friendly Reducer liberates."""


def piece(ptype: int, owner: int) -> int:
    """The cell value of a piece of ``ptype`` owned by ``owner`` (0 White, 1 Black)."""
    return ptype | (owner << 4)


@dataclass(frozen=True)
class Rules:
    """The rule readings an engine instance plays by (defaults = RULES.md choices).

    * ``double_rank``: per owner, the rank a Soldier stands on to double-step (A1, A2).
    * ``specials_take_reducer``: the Mage-Apprentice (3-step path) and the P32
      (exact 3-slide) may take an enemy Reducer besides the King (A5); False =
      only the King.
    * ``compensation_optional``: promotion by compensation is a choice (A4).
    * ``last_rank_compulsory``: a Soldier ending its move on the last rank must
      promote (A3).
    * ``chain_reduction``: a Star re-checks reduction at every landing of a
      jump chain (A10); False = only its state before the move counts.
    * ``super_star``: the Stars are Super-Stars (jump chains in 8 directions).
    * ``push_own_king``: a Pusher may move its own King inside the board by a
      push (never off it); False forbids any push that moves the own King.
    """

    double_rank: tuple[int, int] = (2, 7)
    specials_take_reducer: bool = True
    compensation_optional: bool = True
    last_rank_compulsory: bool = True
    chain_reduction: bool = True
    super_star: bool = False
    push_own_king: bool = True


def reduced_cells(board) -> set[int]:
    """Cells whose piece is reduced: next to an enemy Reducer, not a King, not liberated.

    A Mage-Apprentice or P32 that also touches a friendly Reducer is liberated
    (A21); Stars, Pushers, Soldiers and Reducers never are.  Two enemy
    Reducers side by side reduce each other.
    """
    out: set[int] = set()
    for owner in (0, 1):
        for r in _find_all(board, piece(REDUCER, owner)):
            _reduce_around(board, r, owner, out)
    return out


def _find_all(board, value: int) -> list[int]:
    """Every cell holding exactly ``value`` (C-speed ``find`` on the bytes board)."""
    out = []
    i = board.find(value)
    while i >= 0:
        out.append(i)
        i = board.find(value, i + 1)
    return out


def _reduce_around(board, r: int, owner: int, out: set[int]) -> None:
    """Add to ``out`` the enemy pieces reduced by ``owner``'s Reducer on ``r``."""
    friend = piece(REDUCER, 1 - owner)
    for n in NEIGHBOURS[r]:
        w = board[n]
        if w == EMPTY or (w >> 4) == owner:
            continue
        t = w & 15
        if t == KING:
            continue
        if t in SPECIAL and any(board[m] == friend for m in NEIGHBOURS[n]):
            continue
        out.add(n)


def _enemy_reducer_near(board, cell: int, owner: int) -> bool:
    """Is an enemy (of ``owner``) Reducer adjacent to ``cell``?  (Stars are never liberated.)"""
    enemy = piece(REDUCER, 1 - owner)
    for n in NEIGHBOURS[cell]:
        if board[n] == enemy:
            return True
    return False


def can_take(mover: int, owner: int, target: int, three: bool, rules: Rules) -> bool:
    """May a ``mover`` of ``owner`` end a move on a cell holding ``target``?

    Empty cells always; Kings never (own: forbidden; enemy: the game ends by
    checkmate first); Reducers only an enemy one and only by the King or, when
    ``rules.specials_take_reducer``, by a Mage-Apprentice / P32 using its
    3-step path (``three``); friends by everyone but the King (cannibals).
    """
    if target == EMPTY:
        return True
    tt = target & 15
    if tt == KING:
        return False
    town = target >> 4
    if tt == REDUCER:
        if town == owner:
            return False
        if mover == KING:
            return True
        return rules.specials_take_reducer and three and mover in SPECIAL
    if town == owner:
        return mover != KING
    return True


# --------------------------------------------------------------------------- check

def _jumps_from(b, cur: int):
    """Yield ``(direction, over, land, piece over)`` for each jump from ``cur``.

    A jump goes over an occupied adjacent cell onto the empty cell beyond it;
    which pieces may be jumped is left to the caller.
    """
    for d in range(8):
        over = STEP[cur][d]
        if over < 0:
            continue
        land = STEP[over][d]
        if land < 0 or b[land] != EMPTY:
            continue
        v = b[over]
        if v != EMPTY:
            yield d, over, land, v


def _star_hits(board, start: int, owner: int, target: int, super_star: bool, rules: Rules) -> bool:
    """Could the (unreduced) Star on ``start`` jump the piece on ``target`` within one chain?

    Jumps go over any adjacent piece but a King or Reducer (the target
    excepted) onto an empty cell; an orthogonal jump (any jump for a
    Super-Star) may be followed by more; landing next to an enemy Reducer
    stops the chain when ``rules.chain_reduction``.
    """
    b = bytearray(board)
    b[start] = EMPTY

    def rec(cur: int) -> bool:
        for d, over, land, v in _jumps_from(b, cur):
            if over == target:
                return True
            t = v & 15
            if t == KING or t == REDUCER:
                continue
            if not super_star and d & 1:
                continue
            if rules.chain_reduction and _enemy_reducer_near(b, land, owner):
                continue
            b[over] = EMPTY
            hit = rec(land)
            b[over] = v
            if hit:
                return True
        return False

    return rec(start)


def _push_chain(board, ray: tuple, k: int) -> list[int]:
    """The cells a push onto ``ray[k]`` moves: the unbroken run of pieces from there on."""
    chain = []
    for x in ray[k:]:
        if board[x] == EMPTY:
            break
        chain.append(x)
    return chain


def _own_king_barred(board, chain: list[int], off: bool, own_king: int, rules: Rules) -> bool:
    """Does the push of ``chain`` break the rule that protects the Pusher's own King?

    A12: no piece may push its own King off the board (``off``: the last
    piece of the chain leaves the board); with ``rules.push_own_king`` False
    the own King may not be moved by a push at all.  The move generator and
    the push-check test both ask this, so a push the Pusher may not make
    never gives check.
    """
    if off and board[chain[-1]] == own_king:
        return True
    return not rules.push_own_king and any(board[x] == own_king for x in chain)


def _pusher_hits(board, p: int, target: int, reduced: bool, owner: int, rules: Rules) -> bool:
    """Does some push the Pusher on ``p`` (of ``owner``) may make move the piece on ``target``?

    Push-check: a 1-square push (2-square with the first cell empty when not
    reduced) whose moved chain contains ``target``, and which does not break
    :func:`_own_king_barred`.
    """
    own_king = piece(KING, owner)
    for d in range(8):
        ray = RAYS[p][d]
        if not ray:
            continue
        if board[ray[0]] != EMPTY:
            start = 0
        elif not reduced and len(ray) > 1 and board[ray[1]] != EMPTY:
            start = 1
        else:
            continue
        chain = _push_chain(board, ray, start)
        if target in chain:
            off = STEP[chain[-1]][d] < 0
            if not _own_king_barred(board, chain, off, own_king, rules):
                return True
    return False


def is_reduced(board, i: int) -> bool:
    """Is the piece on ``i`` reduced?  (Same rule as :func:`reduced_cells`, for one cell.)"""
    v = board[i]
    t = v & 15
    if v == EMPTY or t == KING:
        return False
    owner = v >> 4
    enemy = REDUCER | ((1 - owner) << 4)
    near = NEIGHBOURS[i]
    for n in near:
        if board[n] == enemy:
            break
    else:
        return False
    if t == MAGE or t == P32:
        friend = REDUCER | (owner << 4)
        for n in near:
            if board[n] == friend:
                return False
    return True


_SOLDIER_SOURCES = ((5, 3), (1, 7))
"""Directions from a target to the cells a White / Black Soldier captures it from."""


def attacked(board, target: int, attacker: int, rules: Rules) -> bool:
    """Is the piece on ``target`` in check from ``attacker``'s pieces?

    Counts every capture the attacker could make onto ``target`` with its
    present (possibly reduced) powers, pins ignored, a Star / Super-Star chain
    that jumps it, and any push by an enemy Pusher whose moved chain contains
    it (push-check).  Reduction is judged per attacking piece on demand.
    """
    if _near_attack(board, target, attacker):
        return True
    shift = attacker << 4
    for i in _find_all(board, PUSHER | shift):
        if _pusher_attack(board, i, target, attacker, rules):
            return True
    for t in (STAR, SUPER_STAR):
        for i in _find_all(board, t | shift):
            if _star_attack(board, i, target, attacker, t == SUPER_STAR, rules):
                return True
    return False


def _near_attack(board, target: int, attacker: int) -> bool:
    """Does a Soldier, the King, a Mage-Apprentice or a P32 of ``attacker`` attack ``target``?"""
    shift = attacker << 4
    step = STEP[target]
    sol = SOLDIER | shift
    for d in _SOLDIER_SOURCES[attacker]:
        s = step[d]
        if s >= 0 and board[s] == sol:
            return True
    king = KING | shift
    for n in NEIGHBOURS[target]:
        if board[n] == king:
            return True
    for value, table in ((MAGE | shift, MAGE_REVERSE), (P32 | shift, P32_REVERSE)):
        if board.find(value) < 0:
            continue
        for src, empties, kind in table[target]:
            if board[src] == value:
                if kind == 1:
                    return True
                if all(board[e] == EMPTY for e in empties) and not is_reduced(board, src):
                    return True
    return False


def _pusher_attack(board, i: int, target: int, attacker: int, rules: Rules) -> bool:
    """Does the Pusher on ``i`` push-check ``target``?"""
    return _pusher_hits(board, i, target, is_reduced(board, i), attacker, rules)


def _star_attack(board, i: int, target: int, attacker: int, super_star: bool, rules: Rules) -> bool:
    """Does the Star (Super-Star) on ``i`` jump ``target`` in a chain?"""
    return not is_reduced(board, i) and _star_hits(board, i, attacker, target, super_star, rules)


def king_in_check(board, owner: int, rules: Rules) -> bool:
    """Is ``owner``'s King in check?  (No King on the board: never.)"""
    ksq = board.find(piece(KING, owner))
    if ksq < 0:
        return False
    return attacked(board, ksq, 1 - owner, rules)


def _near_cells(board, target: int, attacker: int) -> set[int]:
    """The cells :func:`_near_attack` depends on while the attacker's Mage-Apprentices and
    P32s stay where they stand: the target, its neighbours (the King, the Soldiers' sources),
    and, for each path onto it from one of those pieces, its cells to cross and its source's
    neighbours (reduction).  A path from a source holding no such piece reads no further."""
    shift = attacker << 4
    cells = {target}
    cells.update(NEIGHBOURS[target])
    for value, table in ((MAGE | shift, MAGE_REVERSE), (P32 | shift, P32_REVERSE)):
        for src, empties, kind in table[target]:
            if board[src] == value:
                cells.add(src)
                if kind != 1:
                    cells.update(empties)
                    cells.update(NEIGHBOURS[src])
    return cells


def _pusher_cells(board, i: int) -> set[int]:
    """The cells :func:`_pusher_attack` from ``i`` reads: the Pusher's cell, its neighbours and
    each ray up to the first empty cell past the first."""
    cells = {i}
    cells.update(NEIGHBOURS[i])
    for ray in RAYS[i]:
        for k, x in enumerate(ray):
            cells.add(x)
            if k and board[x] == EMPTY:
                break
    return cells


def _star_cells(board, start: int, owner: int, super_star: bool, rules: Rules) -> set[int]:
    """The cells :func:`_star_attack` from ``start`` reads, whatever its target: the Star's
    cell and neighbours, and every cell its jump chains look at when it is not reduced."""
    cells = {start}
    cells.update(NEIGHBOURS[start])
    if is_reduced(board, start):
        return cells
    b = bytearray(board)
    b[start] = EMPTY
    chain_reduction = rules.chain_reduction

    def rec(cur: int) -> None:
        for d in range(8):
            over = STEP[cur][d]
            if over < 0:
                continue
            cells.add(over)
            land = STEP[over][d]
            if land < 0:
                continue
            cells.add(land)
            v = b[over]
            if b[land] != EMPTY or v == EMPTY:
                continue
            t = v & 15
            if t == KING or t == REDUCER or (not super_star and d & 1):
                continue
            if chain_reduction:
                cells.update(NEIGHBOURS[land])
                if _enemy_reducer_near(b, land, owner):
                    continue
            b[over] = EMPTY
            rec(land)
            b[over] = v

    rec(start)
    return cells


_CELL_BITS = tuple(0xFF << (8 * i) for i in range(SIZE))
"""The bits of cell ``i`` in ``int.from_bytes(board, "little")``."""


def _mask(cells) -> int:
    """The bits of ``cells`` in ``int.from_bytes(board, "little")``."""
    mask = 0
    for c in cells:
        mask |= _CELL_BITS[c]
    return mask


def check_after_moves(board, me: int, rules: Rules):
    """A test of whether ``me``'s King is in check after each of ``me``'s moves from ``board``.

    The returned function takes a successor board of one of ``me``'s moves and
    answers :func:`king_in_check` on it.  :func:`attacked` is a disjunction of
    parts, each a function of a few cells: the near attackers, each Pusher,
    each Star.  Each part's answer on ``board`` and the cells it depends on are
    worked out once; on a successor, a part none of whose cells changed keeps
    its answer, the others are asked again.  A move of ``me`` never gives the
    attacker a piece, only takes or pushes one of its pieces away; so when
    neither the King's cell nor the cell of an attacking Mage-Apprentice, P32,
    Pusher or Star changed, the attacker's pieces of those kinds stand where
    they stood (none left, none came), and the parts are those of ``board``;
    otherwise, or when the King moved, the whole test is made.
    """
    ksq = board.find(piece(KING, me))
    if ksq < 0:
        return lambda after: False
    attacker = 1 - me
    shift = attacker << 4
    fixed = {ksq}
    parts = [(_mask(_near_cells(board, ksq, attacker)), _near_attack(board, ksq, attacker),
              lambda b: _near_attack(b, ksq, attacker))]
    for t in (MAGE, P32):
        fixed.update(_find_all(board, t | shift))
    for i in _find_all(board, PUSHER | shift):
        fixed.add(i)
        parts.append((_mask(_pusher_cells(board, i)), _pusher_attack(board, i, ksq, attacker, rules),
                      lambda b, i=i: _pusher_attack(b, i, ksq, attacker, rules)))
    for t in (STAR, SUPER_STAR):
        super_star = t == SUPER_STAR
        for i in _find_all(board, t | shift):
            fixed.add(i)
            parts.append((_mask(_star_cells(board, i, attacker, super_star, rules)),
                          _star_attack(board, i, ksq, attacker, super_star, rules),
                          lambda b, i=i, s=super_star: _star_attack(b, i, ksq, attacker, s, rules)))
    fixed_mask = _mask(fixed)
    reference = int.from_bytes(board, "little")

    def in_check(after) -> bool:
        changed = int.from_bytes(after, "little") ^ reference
        if changed & fixed_mask:
            return king_in_check(after, me, rules)
        for mask, before, test in parts:
            if (test(after) if changed & mask else before):
                return True
        return False

    return in_check


# --------------------------------------------------------------------------- moves

def generate(board, me: int, rules: Rules) -> list[tuple[str, list, bool, tuple]]:
    """Every pseudo-legal move of ``me``: ``(notation, successor board, irreversible, steps)``.

    ``steps`` are the (from, to) cells of each piece the move takes somewhere (a Star's
    jump chain from its start to where it stops; a Pusher and each piece it pushes).
    """
    red = reduced_cells(board)
    out: list[tuple[str, list, bool, tuple]] = []
    for sq, v in enumerate(board):
        if v == EMPTY or (v >> 4) != me:
            continue
        t = v & 15
        r = sq in red
        if t == SOLDIER:
            _soldier(board, sq, me, r, rules, out)
        elif t == STAR or t == SUPER_STAR:
            _star(board, sq, me, t, r, rules, out)
        elif t == PUSHER:
            _pusher(board, sq, me, r, rules, out)
        elif t == MAGE:
            _leaper(board, sq, me, MAGE, MAGE_PATHS[sq], r, rules, out)
        elif t == P32:
            _leaper(board, sq, me, P32, P32_PATHS[sq], r, rules, out)
        elif t == REDUCER:
            _reducer(board, sq, me, r, out)
        elif t == KING:
            _king(board, sq, me, rules, out)
    return out


def _simple(board, sq: int, dest: int, name: str, new_value: int, out, suffix: str = "") -> None:
    """Append a one-piece move from ``sq`` to ``dest`` (capture if ``dest`` is occupied)."""
    nb = bytearray(board)
    cap = nb[dest] != EMPTY
    nb[sq] = EMPTY
    nb[dest] = new_value
    out.append((f"{name} {NAME[sq]} {'x' if cap else '-'} {NAME[dest]}{suffix}", nb, cap, ((sq, dest),)))


def _soldier(board, sq, me, reduced, rules: Rules, out) -> None:
    """Soldier: step forward / sideways / diagonally forward to an empty cell,
    capture diagonally forward (cannibal), double step from its rank, promote."""
    fwd = 0 if me == 0 else 4
    last = 8 if me == 0 else 1
    own = piece(SOLDIER, me)

    def emit(dest: int) -> None:
        target = board[dest]
        friend = target != EMPTY and (target >> 4) == me
        if RANK_OF[dest] == last:
            opts = [P32, MAGE] if rules.last_rank_compulsory else [None, P32, MAGE]
        elif friend:
            opts = [None, P32, MAGE] if rules.compensation_optional else [P32, MAGE]
        else:
            opts = [None]
        for o in opts:
            if o is None:
                # a forward step is not irreversible: a Pusher can push the Soldier back
                _simple(board, sq, dest, "Soldier", own, out)
            else:
                _simple(board, sq, dest, "Soldier", piece(o, me), out, f" = {TYPE_NAME[o]}")
                out[-1] = out[-1][:2] + (True,) + out[-1][3:]

    f1 = STEP[sq][fwd]
    if f1 >= 0 and board[f1] == EMPTY:
        emit(f1)
        if not reduced and RANK_OF[sq] == rules.double_rank[me]:
            f2 = STEP[f1][fwd]
            if f2 >= 0 and board[f2] == EMPTY:
                emit(f2)
    for d in (2, 6):
        s = STEP[sq][d]
        if s >= 0 and board[s] == EMPTY:
            emit(s)
    for d in ((fwd + 1) % 8, (fwd - 1) % 8):
        s = STEP[sq][d]
        if s < 0:
            continue
        if board[s] == EMPTY or can_take(SOLDIER, me, board[s], False, rules):
            emit(s)


def _star_quiet(b, cur: int, reduced: bool) -> list[int]:
    """Non-capturing Star destinations from ``cur``: king steps, and (unreduced)
    orthogonal slides of up to three squares, all onto empty cells."""
    dests = set()
    for n in NEIGHBOURS[cur]:
        if b[n] == EMPTY:
            dests.add(n)
    if not reduced:
        for d in ORTHO:
            for c in RAYS[cur][d][:3]:
                if b[c] != EMPTY:
                    break
                dests.add(c)
    return sorted(dests)


def _star(board, sq, me, t, reduced, rules: Rules, out) -> None:
    """Star / Super-Star: stationary change, quiet moves, and jump chains."""
    name = TYPE_NAME[t]
    value = piece(t, me)
    for nt in (P32, MAGE):
        nb = bytearray(board)
        nb[sq] = piece(nt, me)
        out.append((f"{name} {NAME[sq]} = {TYPE_NAME[nt]}", nb, True, ()))
    for dest in _star_quiet(board, sq, reduced):
        _simple(board, sq, dest, name, value, out)
    if reduced:
        return
    super_star = t == SUPER_STAR
    b = bytearray(board)
    b[sq] = EMPTY

    def land_at(text: str, dest: int) -> None:
        nb = bytearray(b)
        nb[dest] = value
        out.append((text, nb, True, ((sq, dest),)))

    def rec(cur: int, prefix: str | None) -> None:
        for d, over, land, v in _jumps_from(b, cur):
            vt = v & 15
            if vt == KING or vt == REDUCER:
                continue
            seg = f"{name} {NAME[cur]} - {NAME[land]} x {NAME[over]}"
            text = seg if prefix is None else f"{prefix} {seg}"
            b[over] = EMPTY
            land_at(text, land)
            if super_star or not d & 1:
                stopped = rules.chain_reduction and _enemy_reducer_near(b, land, me)
                if not stopped:
                    rec(land, text)
                for dest in _star_quiet(b, land, stopped):
                    land_at(f"{text} {name} {NAME[land]} - {NAME[dest]}", dest)
            b[over] = v

    rec(sq, None)


def _pusher(board, sq, me, reduced, rules: Rules, out) -> None:
    """Pusher: queen move of 1-3 to an empty cell, or a 1-2 square push of a chain."""
    reach = 1 if reduced else 3
    push_reach = 1 if reduced else 2
    own_king = piece(KING, me)
    for d in range(8):
        ray = RAYS[sq][d]
        for k, c in enumerate(ray[:reach]):
            if board[c] == EMPTY:
                _simple(board, sq, c, "Pusher", board[sq], out)
                continue
            if k < push_reach:
                chain = _push_chain(board, ray, k)
                last = chain[-1]
                off = STEP[last][d] < 0
                if any(board[x] & 15 == KING and board[x] != own_king for x in chain):
                    break  # would push the enemy King: it is check, never played
                if _own_king_barred(board, chain, off, own_king, rules):
                    break
                nb = bytearray(board)
                parts = [f"Pusher {NAME[sq]} x {NAME[c]}"]
                if off:
                    parts.append(f"x {NAME[last]}")
                    nb[last] = EMPTY
                steps = [(sq, c)]
                for x in reversed(chain if not off else chain[:-1]):
                    to = STEP[x][d]
                    nb[to] = board[x]
                    parts.append(f"{TYPE_NAME[board[x] & 15]} {NAME[x]} - {NAME[to]}")
                    steps.append((x, to))
                nb[c] = board[sq]
                nb[sq] = EMPTY
                out.append((" ".join(parts), nb, off, tuple(steps)))
            break


def _leaper(board, sq, me, t, paths, reduced, rules: Rules, out) -> None:
    """Mage-Apprentice or P32: follow the precomputed paths (only kind 1 when reduced)."""
    name = TYPE_NAME[t]
    value = board[sq]
    for dest, empties, kind in paths:
        if reduced and kind != 1:
            continue
        if kind != 1 and any(board[e] != EMPTY for e in empties):
            continue
        if can_take(t, me, board[dest], kind == 3, rules):
            _simple(board, sq, dest, name, value, out)


def _reducer(board, sq, me, reduced, out) -> None:
    """Reducer: queen slide to an empty cell (one step when reduced); never captures."""
    value = board[sq]
    for d in range(8):
        for c in RAYS[sq][d][:1] if reduced else RAYS[sq][d]:
            if board[c] != EMPTY:
                break
            _simple(board, sq, c, "Reducer", value, out)


def _king(board, sq, me, rules: Rules, out) -> None:
    """King: one step in 8 directions; captures enemy pieces only (the Reducer too)."""
    value = board[sq]
    for n in NEIGHBOURS[sq]:
        if can_take(KING, me, board[n], False, rules):
            _simple(board, sq, n, "King", value, out)
