"""A part's :class:`runtime.core.protocol.PartDetails` worked out from the board before and after it.

A native engine knows each move as its own encoding and a board of codes; rather
than keep a second record of every capture and promotion, it describes a part by
the boards before and after it (:func:`details_from_codes`, only the cells that
changed) and, where it knows them, the movements the part makes.  Engines pass
it as a function (:attr:`runtime.core.protocol.Move.described`), so the work is done
only for the moves a tool asks about.  Without movements they are paired from the boards:
each cell the part emptied or refilled is matched with a cell that gained the same
piece (same player and type, else same player), in board order; only identical
pieces can be paired two ways, and those pairings describe the same position.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from runtime.core.protocol import Change, ChangeKind, Movement, PartDetails, PieceName, Placement

Board = Mapping[str, PieceName]


def infer_movements(before: Board, after: Board) -> list[tuple[str, str]]:
    """(source, target) of each piece the part moved, paired from the two boards."""
    sources = [c for c, pc in before.items() if after.get(c) != pc]
    targets = [c for c, pc in after.items() if before.get(c) != pc]
    free = list(sources)
    out = []
    for same in (lambda a, b: a == b, lambda a, b: a[0] == b[0]):
        for t in list(targets):
            for s in free:
                if s != t and same(before[s], after[t]):
                    out.append((s, t))
                    free.remove(s)
                    targets.remove(t)
                    break
    order = {c: i for i, c in enumerate(before)}
    out.sort(key=lambda m: order.get(m[0], 0))
    return out


def details_between(before: Board, after: Board,
                    movements: Sequence[tuple[str, str]] | None = None) -> PartDetails:
    """The movements, placements, captures and changes that turn ``before`` into ``after``."""
    if movements is None:
        movements = infer_movements(before, after)
    moved = [Movement(before[s], s, t) for s, t in movements if s in before]
    sources = {m.source for m in moved}
    landed = {m.target: m.piece for m in moved}
    captures = []
    changes = []
    for cell, pc in before.items():
        if cell in sources:
            continue
        if cell in landed or cell not in after:
            captures.append(cell)
        elif after[cell] != pc:
            changes.extend(_changes(cell, pc, after[cell]))
    placements = []
    for cell, pc in after.items():
        if cell in landed:
            changes.extend(_changes(cell, landed[cell], pc))
        elif before.get(cell) is None or cell in sources:
            placements.append(Placement(pc, cell))
    return PartDetails(tuple(moved), tuple(placements), tuple(captures), tuple(changes))


def _changes(cell: str, old: PieceName, new: PieceName) -> list[Change]:
    out = []
    if new[1] != old[1]:
        out.append(Change(cell, ChangeKind.TYPE, new[1]))
    if new[0] != old[0]:
        out.append(Change(cell, ChangeKind.OWNER, new[0]))
    return out


def details_from_codes(boards: Sequence[Sequence], decode: Callable[[Any], PieceName],
                       names: Sequence[str], movements: Sequence[Sequence[tuple[int, int]] | None] = (),
                       empty: Any = 0) -> tuple[PartDetails, ...]:
    """The details of each part of a move, from an engine's boards of piece codes.

    ``boards`` are the board before the move and after each part; ``decode`` turns a
    code into ``(player, piece type)``; ``names[i]`` is cell ``i``; ``movements[k]``
    (when given) are part ``k``'s (source, target) cell indices; ``empty`` is the code of an
    empty cell.  Only the cells a part changed, or its movements name, are looked at (a
    piece that takes an identical one leaves its target's code as it was).
    """
    out = []
    for k in range(len(boards) - 1):
        before: dict[str, PieceName] = {}
        after: dict[str, PieceName] = {}
        steps = movements[k] if k < len(movements) else None
        named = {c for step in steps or () for c in step}
        for i, (x, y) in enumerate(zip(boards[k], boards[k + 1])):
            if x != y or i in named:
                if x != empty:
                    before[names[i]] = decode(x)
                if y != empty:
                    after[names[i]] = decode(y)
        out.append(details_between(before, after, None if steps is None else
                                   [(names[s], names[t]) for s, t in steps]))
    return tuple(out)
