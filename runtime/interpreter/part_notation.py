"""One part of a turn described twice: as Zillions' saved-game notation (SEMANTICS §7) and as
:class:`runtime.core.protocol.PartDetails` data for tools (what moved, what was captured or changed)."""

from __future__ import annotations

from collections.abc import Sequence

from runtime.core.protocol import Change, ChangeKind, Movement, PartDetails, Placement

from .compiled import CompiledGame
from .context import Part
from .parts import flip_owner


def _one_movement(part: Part) -> tuple | None:
    """The movement of a part that is one movement onto another square (or a copy), with at
    most attributes set and nothing placed (most parts): the short paths of
    :func:`part_notation` and :func:`part_details`; else None."""
    moves = part[0]
    if len(moves) != 1 or part[1]:
        return None
    m = moves[0]
    effects = part[2]
    # most parts set nothing: the test of their effects is not a generator's walk over none
    if (m[0] != m[1] or m[4]) and (not effects or all(e[0] == "attr" for e in effects)):
        return m
    return None


def part_notation(game: CompiledGame, part: Part, board: Sequence) -> str:
    """The ZSG line of one part, written as Zillions writes it (§7).

    The operations come in recorded order: movements, creates and drops, then
    the effects; a promotion of the moving piece (``add T``) is a change of
    type on its destination that comes last.  A change right after a movement
    onto its square is written ``= T`` after that movement, and consecutive
    changes to the same type or owner share one ``= T on p1 p2``
    (KoShogi.zsg line 74: ``CL 17H - 17F = EV on 1F 19J = HV on 19N 1P = MA on 17F``;
    ``Off a1 - a2 x Y = On on a2`` in Daldosa.zsg).
    """
    t = game.tables
    P, T = t.positions, t.types
    move = _one_movement(part) if part[3] is None else None
    if move is not None:
        # what the general path below writes for it (the attributes after the movement, a promotion last)
        f, to, pc, ty, _ = move
        effects = part[2]
        text = f"{T[pc[1]]} {P[f]} {'x' if board[to] is not None and to != f else '-'} {P[to]}"
        if effects:
            text = " ".join([text] + [f"@ {P[e[1]]} {e[2]} {e[3]}" for e in effects])
            return text if ty < 0 else f"{text} = {T[ty]} on {P[to]}"
        return text if ty < 0 else f"{text} = {T[ty]}"
    return notation_by_operations(game, part, board)


def notation_by_operations(game: CompiledGame, part: Part, board: Sequence) -> str:
    """:func:`part_notation` for any part, from its operations in recorded order; the shortcut
    there for a part of one movement must write what this writes (tests/runtime/test_part_notation.py)."""
    t = game.tables
    P, T, L = t.positions, t.types, t.players
    ops: list[tuple] = []  # ("text", s) | ("move", s, to) | ("change", value, pos)
    promotion = None
    for f, to, pc, ty, copy in part.moves:
        if f == to and not copy:
            # a type change in place, (add T) without moving: Zillions writes "= T on pos"
            ops.append(("change", T[ty], to))
            continue
        sep = "x" if board[to] is not None and to != f else "-"
        ops.append(("move", f"{T[pc[1]]} {P[f]} {sep} {P[to]}", to))
        promotion = (T[ty], to) if ty >= 0 else None
    for pos, pc, is_drop in part.placements:
        ops.append(("text", f"{L[pc[0]]} {T[pc[1]]} {P[pos]}"))
    for e in part.effects:
        k = e[0]
        if k == "x":
            ops.append(("text", f"x {P[e[1]]}"))
        elif k == "type":
            ops.append(("change", T[e[2]], e[1]))
        elif k == "owner":
            ops.append(("change", L[e[2]], e[1]))
        elif k == "flip":
            ops.append(("text", f"flip {P[e[1]]}"))
        elif k == "attr":
            ops.append(("text", f"@ {P[e[1]]} {e[2]} {e[3]}"))
    if promotion is not None:
        ops.append(("change",) + promotion)
    items: list[str] = []
    if part.partial is not None:
        items.append(f"partial {game.mtype_numbers.get(part.partial, 1)}")
    previous = None
    for op in ops:
        if op[0] == "change":
            value, pos = op[1], op[2]
            if previous is not None and previous[0] == "move" and previous[2] == pos:
                items[-1] += f" = {value}"
                op = ("text", "")  # a short-form change is not grouped with the next one
            elif previous is not None and previous[0] == "change" and previous[1] == value:
                items[-1] += f" {P[pos]}"
            else:
                items.append(f"= {value} on {P[pos]}")
        else:
            items.append(op[1])
        previous = op
    return " ".join(items) if items else "Pass"


def part_details(game: CompiledGame, part: Part, board: Sequence) -> PartDetails:
    """What ``part`` does on ``board``, as data, in the order :func:`.parts.apply_part` applies it.

    A movement onto its own square (``add T`` without moving) is a change of type,
    as the notation writes it; a capture is a piece that applying the part removes.
    """
    t = game.tables
    P, T, L = t.positions, t.types, t.players
    move = _one_movement(part)
    if move is not None:
        # what the general path below finds for it (an attribute set on a cell left empty after the
        # movement is no change)
        f, to, pc, ty, copy = move
        effects = part[2]
        changes = (Change(P[to], ChangeKind.TYPE, T[ty]),) if ty >= 0 and ty != pc[1] else ()
        if effects:
            changes += tuple(
                Change(P[e[1]], ChangeKind.ATTRIBUTE, f"{t.attributes[e[2]]}={'true' if e[3] else 'false'}")
                for e in effects if e[1] == to or (board[e[1]] is not None and (e[1] != f or copy)))
        return PartDetails((Movement((L[pc[0]], T[pc[1]]), P[f], P[to], copy),), (),
                           (P[to],) if board[to] is not None else (), changes)
    return details_by_replay(game, part, board)


def details_by_replay(game: CompiledGame, part: Part, board: Sequence) -> PartDetails:
    """:func:`part_details` for any part, by applying it to a copy of ``board``; the shortcut
    there for a part of one movement must find what this finds (tests/runtime/test_part_notation.py)."""
    t = game.tables
    P, T, L = t.positions, t.types, t.players
    b = list(board)
    movements: list[Movement] = []
    placements: list[Placement] = []
    captures: list[str] = []
    changes: list[Change] = []
    for f, to, pc, ty, copy in part.moves:
        if not copy and b[f] is not None:
            b[f] = None
    for f, to, pc, ty, copy in part.moves:
        if b[to] is not None:
            captures.append(P[to])
        if not (f == to and not copy):
            movements.append(Movement((L[pc[0]], T[pc[1]]), P[f], P[to], copy))
        if ty >= 0 and ty != pc[1]:
            changes.append(Change(P[to], ChangeKind.TYPE, T[ty]))
            pc = (pc[0], ty, pc[2])
        b[to] = pc
    for pos, pc, is_drop in part.placements:
        if b[pos] is not None:
            captures.append(P[pos])
        placements.append(Placement((L[pc[0]], T[pc[1]]), P[pos]))
        b[pos] = pc
    for e in part.effects:
        pc = b[e[1]]
        if pc is None:
            continue
        cell = P[e[1]]
        kind = e[0]
        if kind == "x":
            captures.append(cell)
            b[e[1]] = None
        elif kind == "type":
            changes.append(Change(cell, ChangeKind.TYPE, T[e[2]]))
            b[e[1]] = (pc[0], e[2], pc[2])
        elif kind in ("owner", "flip"):
            owner = e[2] if kind == "owner" else flip_owner(len(game.players), pc[0])
            changes.append(Change(cell, ChangeKind.OWNER, L[owner]))
            b[e[1]] = (owner, pc[1], pc[2])
        elif kind == "attr":
            value = "true" if e[3] else "false"
            changes.append(Change(cell, ChangeKind.ATTRIBUTE, f"{t.attributes[e[2]]}={value}"))
    return PartDetails(tuple(movements), tuple(placements), tuple(captures), tuple(changes))
