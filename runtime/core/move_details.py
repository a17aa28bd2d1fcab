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

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from runtime.core.protocol import Change, ChangeKind, LazyDetails, Movement, PartDetails, PieceName, Placement

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


def loses_a_piece(before: Sequence, after: Sequence, cells: Iterable[int], empty: Any = 0) -> bool:
    """Do ``cells`` hold some piece code fewer times ``after`` than ``before``?

    That is a part that captures, or changes a piece's type or owner, on a board of codes
    (:attr:`PartDetails.changes_material`) told without building the details: a move carries
    its codes elsewhere, a placement only adds one.  (A capture that puts an identical piece
    back elsewhere in the same part would not be told; no engine using it does that.)
    """
    held: dict[Any, int] = {}
    for i in cells:
        x, y = before[i], after[i]
        if x != empty:
            held[x] = held.get(x, 0) + 1
        if y != empty:
            held[y] = held.get(y, 0) - 1
    return any(n > 0 for n in held.values())


class BoardsDetails(LazyDetails):
    """A move's details from an engine's boards of codes (:func:`details_from_codes`'
    arguments), built when first read; whether it changes material is told from the codes
    alone (:func:`loses_a_piece`), which a search asks of every move."""

    __slots__ = ("boards", "decode", "names", "movements", "empty", "_made")

    def __init__(self, boards: Sequence[Sequence], decode: Callable[[Any], PieceName], names: Sequence[str],
                 movements: Sequence[Sequence[tuple[int, int]] | None] = (), empty: Any = 0) -> None:
        self.boards = boards
        self.decode = decode
        self.names = names
        self.movements = movements
        self.empty = empty
        self._made: tuple[PartDetails, ...] | None = None

    def __call__(self) -> tuple[PartDetails, ...]:
        if self._made is None:
            self._made = details_from_codes(self.boards, self.decode, self.names, self.movements, self.empty)
        return self._made

    def changes_material(self) -> bool:
        boards, empty = self.boards, self.empty
        for k in range(len(boards) - 1):
            before, after = boards[k], boards[k + 1]
            changed = [i for i, (x, y) in enumerate(zip(before, after)) if x != y]
            if loses_a_piece(before, after, changed, empty):
                return True
        return False
