"""A position's :class:`runtime.core.protocol.Signature`, built whole or from the position before a turn.

A signature's board and extra entries each name one cell, so the position after
a turn differs from the one before only in the entries of the squares the turn
changed (:func:`.wholeturns.changed_squares`).  A search asks for the signature
of every child of a position whose own signature it already has: taking the
parent's entry sets and swapping the few changed squares' entries costs a set
copy in C, where building them whole visits every cell of the board.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from runtime.core.protocol import Signature

from .tables import Tables


def _entries(tables: Tables, p: int, piece) -> tuple:
    """The (board entry, attribute entries) of ``piece`` on position ``p`` (made once per game)."""
    return tables.signature_entries.get((p, piece)) or tables.make_signature_entry(p, piece)


def hand_entries(tables: Tables, stores: Sequence[int]) -> frozenset:
    """The ``(player, type, count)`` entries of the non-empty off-board stores."""
    nt = len(tables.types)
    return frozenset((tables.players[i // nt], tables.types[i % nt], k) for i, k in enumerate(stores) if k > 0)


def whole_signature(tables: Tables, to_move: str, cells: Sequence, stores: Sequence[int]) -> Signature:
    """The signature of a position, from every cell of its board."""
    entry = tables.signature_entries.get
    board = []
    extra: list[tuple[str, str]] = []
    for p, pc in enumerate(cells):
        if pc is not None:
            hit = entry((p, pc)) or tables.make_signature_entry(p, pc)
            board.append(hit[0])
            if hit[1]:
                extra.extend(hit[1])
    return Signature(to_move, frozenset(board), hand_entries(tables, stores), frozenset(extra))


def signature_after(tables: Tables, to_move: str, before: Signature, cells_before: Sequence,
                    stores_before: Sequence[int], cells: Sequence, stores: Sequence[int],
                    changed: Iterable[int]) -> Signature:
    """The signature of the position ``cells``/``stores`` reached from the position whose
    signature is ``before`` (its board ``cells_before``, stores ``stores_before``) by a turn
    that changed only the squares ``changed`` (negative sentinels are skipped): equal to
    :func:`whole_signature` of it."""
    gone: list = []
    gone_extra: list = []
    came: list = []
    came_extra: list = []
    for p in changed:
        if p < 0:
            continue
        old = cells_before[p]
        new = cells[p]
        if old == new:
            continue
        if old is not None:
            hit = _entries(tables, p, old)
            gone.append(hit[0])
            gone_extra.extend(hit[1])
        if new is not None:
            hit = _entries(tables, p, new)
            came.append(hit[0])
            came_extra.extend(hit[1])
    board = before.board.difference(gone).union(came) if gone or came else before.board
    extra = before.extra.difference(gone_extra).union(came_extra) if gone_extra or came_extra else before.extra
    hands = before.hands if stores == stores_before else hand_entries(tables, stores)
    return Signature(to_move, board, hands, extra)
