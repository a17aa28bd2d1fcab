"""Generating the candidate parts of a turn and applying one part to a position (§5.1, §5.8).

A part is what one ``add`` of a move or drop block records (:class:`.context.Part`).
Boards are sequences of ``(owner, type, attribute bits)`` or None, indexed by
position; hands are a flat tuple of counts, ``player * len(types) + type``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .compiled import CompiledGame
from .context import Context, Part
from .sentinels import NO

#: a piece on the board: (owner, type, attribute bits)
Piece = tuple[int, int, int]
Board = Sequence["Piece | None"]
#: board, hands, last-from, last-to and the pieces removed, after one part
Applied = tuple[list, tuple[int, ...], int, int, list]

MAX_PARTS = 64
"""Parts one turn may chain through add-partial; a longer chain ends with warning W503."""


def generate_parts(game: CompiledGame, board: Board, mover: int, mfilter: str | None, last_from: int,
                   last_to: int, hands: Sequence[int], only: int = NO,
                   only_mt: str | None = None) -> list[Part]:
    """Every candidate part for ``mover`` (§5.1); with ``only``, those of the piece on ``only``
    and move type ``only_mt`` (the continuation of an add-partial chain).

    Identical parts emitted by several blocks are merged into the first,
    which keeps every move type that emitted it (``Part.mtypes``), so that
    move priorities rank it by the best of them.
    """
    out: list[Part] = []
    blocks = game.move_blocks
    if only != NO:
        pc = board[only]
        if pc is not None:
            for mt, fn in blocks[pc[1]]:
                if mt == only_mt:
                    fn(Context(game, board, mover, only, pc, False, mt, last_from, last_to, out))
    else:
        ctx = None
        reach = game.attack_reach
        for pos, pc in enumerate(board):
            if pc is not None and pc[0] == mover:
                bl = blocks[pc[1]]
                for i in reach[pc[1]].emitting(mover, pos):  # blocks that can add from pos
                    mt, fn = bl[i]
                    if mfilter is None or mt == mfilter:
                        if ctx is None:
                            ctx = Context(game, board, mover, pos, pc, False, mt, last_from,
                                          last_to, out)
                        else:
                            ctx.restart(pos, pc)
                            ctx.mtype = mt
                        fn(ctx)
        t = game.tables
        nt = len(t.types)
        base = mover * nt
        for ti, dblocks in enumerate(game.drop_blocks):
            if dblocks and hands[base + ti] > 0:
                piece = (mover, ti, t.attr_defaults[ti])
                for mt, fn in dblocks:
                    if mfilter is None or mt == mfilter:
                        for pos in range(len(board)):
                            fn(Context(game, board, mover, pos, piece, True, mt, last_from,
                                       last_to, out))
    if len(out) > 1:
        first: dict = {}
        uniq = []
        for p in out:
            q = first.get(p.key)
            if q is None:
                first[p.key] = p
                uniq.append(p)
            elif p.mtype not in q.mtypes:
                q.mtypes += (p.mtype,)
        out = uniq
    return out


def apply_part(game: CompiledGame, board: Board, hands: tuple[int, ...], part: Part,
               mover: int) -> Applied:
    """Board, hands, last-from, last-to and removed pieces after one part (§5.8)."""
    b = list(board)
    h = None
    removed = []
    nt = len(game.tables.types)
    for f, to, pc, ty, copy in part.moves:
        if not copy and b[f] is not None:
            b[f] = None
    defaults = game.tables.attr_defaults
    lf = lt = NO
    for f, to, pc, ty, copy in part.moves:
        old = b[to]
        if old is not None:
            removed.append(old)
        if ty >= 0 and ty != pc[1]:
            pc = (pc[0], ty, defaults[ty])
        b[to] = pc
        lf, lt = f, to
    for pos, pc, is_drop in part.placements:
        old = b[pos]
        if old is not None:
            removed.append(old)
        b[pos] = pc
        if is_drop:
            lf, lt = NO, pos
    for e in part.effects:
        kind = e[0]
        p = e[1]
        pc = b[p]
        if pc is None:
            continue
        if kind == "x":
            removed.append(pc)
            b[p] = None
        elif kind == "type":
            b[p] = (pc[0], e[2], defaults[e[2]] if e[2] != pc[1] else pc[2])
        elif kind == "owner":
            b[p] = (e[2], pc[1], pc[2])
        elif kind == "flip":
            b[p] = (flip_owner(len(game.players), pc[0]), pc[1], pc[2])
        elif kind == "attr":
            bit = 1 << e[2]
            b[p] = (pc[0], pc[1], (pc[2] | bit) if e[3] else (pc[2] & ~bit))
    if part.drop_type >= 0:
        h = list(hands)
        h[mover * nt + part.drop_type] -= 1
    if game.options.recycle_captures and removed:
        if h is None:
            h = list(hands)
        for o, ty, _ in removed:
            h[o * nt + ty] += 1
    return b, (hands if h is None else tuple(h)), lf, lt, removed


def flip_owner(players: int, owner: int) -> int:
    """The owner a ``flip`` gives a piece of ``owner`` among ``players`` players: the next one."""
    return (owner + 1) % players if players else owner
