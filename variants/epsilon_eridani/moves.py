"""Epsilon Eridani move generation and attack detection on integer boards.

A board is a list of 44 codes (see ``board.py``).  A raw move is a tuple
``(frm, to, cap, promo)``: the piece on ``frm`` goes to ``to`` (capturing what
stands there, if anything), ``cap`` is a second captured cell (the piece an
Overtaker jumps) or -1, and ``promo`` is the new piece type id or -1.

Pseudo-legal moves ignore check; :func:`legal_raw_moves` filters them by
making each one on a copy of the board and testing the mover's King.

Rules implemented (RULES.md section 6; the option names refer to
:class:`Rules`):

* reduction: a piece other than a King standing next to (8 cells) an enemy
  Reducer keeps only the one-square versions of its moves (A7, A10);
* CH: non-capturing teleport to any empty cell three ranks up or down (A3);
  H: non-capturing slide along the piece's rank; both lost when reduced;
* cannibalism: every piece but the King may capture friends, except that no
  piece ever captures its own King or its own Reducer (A9), and an enemy
  Reducer falls only to the King's step or the Grand-Horse's knight leap;
* promotions: a Soldier ending a move on its last rank, a Soldier capturing a
  friend (-> Grand-Soldier), an Overtaker jumping a friend (-> Diamond-Warrior).
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import (ADJ, ALFIL, CH_TARGETS, DABBABA, DIAG, DIAG_FORWARD, DIAMOND_WARRIOR,
                    FORWARD, GRAND_BISHOP, GRAND_HORSE, GRAND_ROOK, GRAND_SOLDIER, KING,
                    KNIGHT, LAST_RANK, N_CELLS, OPPOSITE, ORTHO, OVERTAKER, RANK_OF, RAYS,
                    REDUCER, SOLDIER, STEP, TRIPLE_DIAG, E, W, code)


@dataclass(frozen=True)
class Rules:
    """The rule readings the generator follows (defaults = RULES.md recommendations).

    * ``double_step_rank``: 0-based rank, per owner, from which a Soldier may
      step two squares straight forward (-1: never).  Default (A5) is each side's
      starting rank, 3 for White and 7 for Black.
    * ``promotion_optional``: last-rank promotion to Grand-Soldier may be
      declined (A6).
    * ``compensation_optional``: compensation promotion may be declined (A13).
    * ``reduced_sideways_step``: a reduced Grand-Soldier keeps the one-square
      version of its H movement (A7).
    """

    double_step_rank: tuple[int, int] = (2, 6)
    promotion_optional: bool = True
    compensation_optional: bool = True
    reduced_sideways_step: bool = True


REDUCER_CODES = (code(REDUCER, 0), code(REDUCER, 1))
KING_CODES = (code(KING, 0), code(KING, 1))


def is_reduced(board: list[int], i: int, owner: int) -> bool:
    """True when the piece of ``owner`` on ``i`` stands next to an enemy Reducer."""
    enemy_reducer = REDUCER_CODES[1 - owner]
    for j in ADJ[i]:
        if board[j] == enemy_reducer:
            return True
    return False


def _can_take(board: list[int], t: int, me: int, mover: int, knight: bool = False) -> bool:
    """May a ``mover`` of ``me`` capture the piece on occupied cell ``t``?

    Kings are never taken by a move (own King: never; enemy King: the game is
    decided by check legality instead).  The own Reducer is never taken; the
    enemy Reducer only by the King or by a Grand-Horse's knight leap.  Only the
    King refuses to capture friends.
    """
    c = board[t]
    t_type = (c - 1) >> 1
    t_owner = (c - 1) & 1
    if t_type == KING:
        return False
    if t_type == REDUCER:
        return t_owner != me and (mover == KING or (mover == GRAND_HORSE and knight))
    if t_owner == me:
        return mover != KING
    return True


def pseudo_moves(board: list[int], me: int, rules: Rules) -> list[tuple[int, int, int, int]]:
    """Every move of player ``me`` ignoring check, deduplicated, in board order."""
    out: list[tuple[int, int, int, int]] = []
    seen: set[tuple[int, int, int, int]] = set()

    def add(frm: int, to: int, cap: int = -1, promo: int = -1) -> None:
        m = (frm, to, cap, promo)
        if m not in seen:
            seen.add(m)
            out.append(m)

    def step_or_take(frm: int, to: int, ptype: int, knight: bool = False) -> None:
        if to == -1:
            return
        if board[to] == 0 or _can_take(board, to, me, ptype, knight):
            add(frm, to)

    def quiet(frm: int, to: int) -> None:
        if to != -1 and board[to] == 0:
            add(frm, to)

    def ch(frm: int) -> None:
        for to in CH_TARGETS[frm]:
            if board[to] == 0:
                add(frm, to)

    def slide(frm: int, dirs, ptype: int | None = None) -> None:
        """Slide along ``dirs``; the first piece met is taken when ``ptype`` may take it."""
        for d in dirs:
            for to in RAYS[d][frm]:
                if board[to]:
                    if ptype is not None and _can_take(board, to, me, ptype):
                        add(frm, to)
                    break
                add(frm, to)

    def h(frm: int) -> None:
        slide(frm, (E, W))

    last = LAST_RANK[me]
    fwd = FORWARD[me]
    back = OPPOSITE[fwd]
    for frm in range(N_CELLS):
        c = board[frm]
        if c == 0 or (c - 1) & 1 != me:
            continue
        ptype = (c - 1) >> 1
        reduced = ptype != KING and is_reduced(board, frm, me)

        if ptype == SOLDIER:
            targets: list[tuple[int, bool]] = []  # (to, captured friend)
            t = STEP[fwd][frm]
            if t != -1 and board[t] == 0:
                targets.append((t, False))
                if not reduced and RANK_OF[frm] == rules.double_step_rank[me]:
                    t2 = STEP[fwd][t]
                    if t2 != -1 and board[t2] == 0:
                        targets.append((t2, False))
            for d in DIAG_FORWARD[me]:
                t = STEP[d][frm]
                if t == -1:
                    continue
                if board[t] == 0:
                    targets.append((t, False))
                elif _can_take(board, t, me, SOLDIER):
                    targets.append((t, (board[t] - 1) & 1 == me))
            if not reduced:
                for d in (E, W):
                    for t in RAYS[d][frm]:
                        if board[t]:
                            break
                        targets.append((t, False))
                if RANK_OF[frm] == last:
                    for t in CH_TARGETS[frm]:
                        if board[t] == 0:
                            targets.append((t, False))
            for t, friend in targets:
                on_last = RANK_OF[t] == last
                if on_last or friend:
                    forced = ((on_last and not rules.promotion_optional)
                              or (friend and not rules.compensation_optional))
                    add(frm, t, -1, GRAND_SOLDIER)
                    if not forced:
                        add(frm, t)
                else:
                    add(frm, t)

        elif ptype == GRAND_SOLDIER:
            for d in (fwd, back) + DIAG_FORWARD[me]:
                step_or_take(frm, STEP[d][frm], ptype)
            if reduced:
                if rules.reduced_sideways_step:
                    quiet(frm, STEP[E][frm])
                    quiet(frm, STEP[W][frm])
            else:
                ch(frm)
                h(frm)

        elif ptype == OVERTAKER:
            for t in ADJ[frm]:
                quiet(frm, t)
            if not reduced:
                ch(frm)
                h(frm)
                for d in DIAG:
                    mid = STEP[d][frm]
                    if mid == -1 or board[mid] == 0:
                        continue
                    land = STEP[d][mid]
                    if land == -1 or board[land] != 0:
                        continue
                    if not _can_take(board, mid, me, OVERTAKER):
                        continue
                    if (board[mid] - 1) & 1 == me:
                        add(frm, land, mid, DIAMOND_WARRIOR)
                        if rules.compensation_optional:
                            add(frm, land, mid)
                    else:
                        add(frm, land, mid)

        elif ptype == DIAMOND_WARRIOR:
            for d in DIAG:
                step_or_take(frm, STEP[d][frm], ptype)
            if not reduced:
                for t in ALFIL[frm]:
                    step_or_take(frm, t, ptype)
                for t in DABBABA[frm]:
                    step_or_take(frm, t, ptype)
                ch(frm)

        elif ptype == GRAND_HORSE:
            for d in ORTHO:
                step_or_take(frm, STEP[d][frm], ptype)
            if not reduced:
                for t in KNIGHT[frm]:
                    step_or_take(frm, t, ptype, knight=True)
                ch(frm)

        elif ptype == GRAND_BISHOP:
            for d in ORTHO:
                quiet(frm, STEP[d][frm])
            if reduced:
                for d in DIAG:
                    step_or_take(frm, STEP[d][frm], ptype)
            else:
                slide(frm, DIAG, ptype)
                for t in TRIPLE_DIAG[frm]:
                    step_or_take(frm, t, ptype)
                ch(frm)
                h(frm)

        elif ptype == GRAND_ROOK:
            if reduced:
                for d in ORTHO:
                    step_or_take(frm, STEP[d][frm], ptype)
            else:
                slide(frm, ORTHO, ptype)
                ch(frm)

        elif ptype == REDUCER:
            if reduced:
                for t in ADJ[frm]:
                    quiet(frm, t)
            else:
                slide(frm, range(8))

        else:  # KING
            for t in ADJ[frm]:
                step_or_take(frm, t, KING)
    return out


def _attack_tables():
    """Per (attacker owner, target cell): the cells and piece codes that could capture there.

    ``short``: one-square captures, which survive reduction (King, Soldier,
    Grand-Soldier, the Diamond-Warrior's F, the Grand-Horse's W step);
    ``long``: leaps that need an unreduced attacker (knight, A, D, 3-diagonal);
    ``jump``: Overtaker cells with the landing cell that must be empty.
    """
    short, long_, jump = [], [], []
    for by in (0, 1):
        fwd = FORWARD[by]
        back = OPPOSITE[fwd]
        s_by, l_by, j_by = [], [], []
        for k in range(N_CELLS):
            sl = [(j, code(KING, by)) for j in ADJ[k]]
            for d in DIAG_FORWARD[by]:
                j = STEP[OPPOSITE[d]][k]
                if j != -1:
                    sl += [(j, code(SOLDIER, by)), (j, code(GRAND_SOLDIER, by))]
            for j in (STEP[back][k], STEP[fwd][k]):
                if j != -1:
                    sl.append((j, code(GRAND_SOLDIER, by)))
            sl += [(STEP[d][k], code(DIAMOND_WARRIOR, by)) for d in DIAG if STEP[d][k] != -1]
            sl += [(STEP[d][k], code(GRAND_HORSE, by)) for d in ORTHO if STEP[d][k] != -1]
            ll = [(j, code(GRAND_HORSE, by)) for j in KNIGHT[k]]
            ll += [(j, code(DIAMOND_WARRIOR, by)) for j in ALFIL[k] + DABBABA[k]]
            ll += [(j, code(GRAND_BISHOP, by)) for j in TRIPLE_DIAG[k]]
            jl = [(STEP[d][k], STEP[OPPOSITE[d]][k]) for d in DIAG
                  if STEP[d][k] != -1 and STEP[OPPOSITE[d]][k] != -1]
            s_by.append(tuple(sl))
            l_by.append(tuple(ll))
            j_by.append(tuple(jl))
        short.append(tuple(s_by))
        long_.append(tuple(l_by))
        jump.append(tuple(j_by))
    return tuple(short), tuple(long_), tuple(jump)


_SHORT, _LONG, _JUMP = _attack_tables()
_DIAG_RAYS = tuple(tuple(RAYS[d][k] for d in DIAG if RAYS[d][k]) for k in range(N_CELLS))
_ORTHO_RAYS = tuple(tuple(RAYS[d][k] for d in ORTHO if RAYS[d][k]) for k in range(N_CELLS))


def attacked(board: list[int], k: int, by: int) -> bool:
    """Could a piece of player ``by`` capture a (non-Reducer) piece standing on ``k``?

    Used for check: every capture pattern is tried backwards from ``k`` (tables
    built at import), with the attacker's real abilities in this position: a
    reduced piece attacks only with its one-square captures.
    """
    for j, c in _SHORT[by][k]:
        if board[j] == c:
            return True
    for j, c in _LONG[by][k]:
        if board[j] == c and not is_reduced(board, j, by):
            return True
    ov = 2 * OVERTAKER + by + 1
    for j, land in _JUMP[by][k]:
        if board[j] == ov and board[land] == 0 and not is_reduced(board, j, by):
            return True
    bishop = 2 * GRAND_BISHOP + by + 1
    for ray in _DIAG_RAYS[k]:
        for j in ray:
            c = board[j]
            if c:
                if c == bishop and (j == ray[0] or not is_reduced(board, j, by)):
                    return True
                break
    rook = 2 * GRAND_ROOK + by + 1
    for ray in _ORTHO_RAYS[k]:
        for j in ray:
            c = board[j]
            if c:
                if c == rook and (j == ray[0] or not is_reduced(board, j, by)):
                    return True
                break
    return False


def make(board: list[int], m: tuple[int, int, int, int]) -> list[int]:
    """A new board with raw move ``m`` made on a copy of ``board``."""
    frm, to, cap, promo = m
    new = board[:]
    c = board[frm]
    if promo >= 0:
        c = 2 * promo + ((c - 1) & 1) + 1
    new[to] = c
    new[frm] = 0
    if cap >= 0:
        new[cap] = 0
    return new


def king_cell(board: list[int], owner: int) -> int:
    """Cell of ``owner``'s King, or -1 if it has none (hand-made positions)."""
    try:
        return board.index(KING_CODES[owner])
    except ValueError:
        return -1


def legal_raw_moves(board: list[int], me: int, rules: Rules) -> list[tuple[int, int, int, int]]:
    """Pseudo-legal moves of ``me`` that do not leave ``me``'s King attacked."""
    k = king_cell(board, me)
    moves = pseudo_moves(board, me, rules)
    if k < 0:
        return moves
    out = []
    for m in moves:
        new = make(board, m)
        kk = m[1] if m[0] == k else k
        if not attacked(new, kk, 1 - me):
            out.append(m)
    return out
