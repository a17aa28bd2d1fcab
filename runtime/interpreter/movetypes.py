"""Zillions' numbering of move types: the ``N`` of ``partial N`` in saved games (SEMANTICS §7).

A saved game writes each add-partial part as ``partial N ...`` where N is the
number of the move type the turn continues with, and Zillions, loading the
game, continues the turn with move type N.  The numbering was read off every
saved game with partial parts that we could replay (shared corpus, and the
public repositories the corpus files come from):

1. the types of ``(move-priorities ...)``, **last listed first**;
2. the types of the turn order, in order;
3. the pieces: first those the board-setup places, the one placed last first,
   then the others, the one declared last first; for each piece, its move
   blocks in order, and for each block its own move type, then the types its
   ``add-partial`` forms name, in order.

Each new name takes the next number, from 1.  It reproduces every number of
KoShogi.zsg (5, 7, 14, 15, 16, 20, 21, 22), chessball.zsg (3, 6, 8-12),
Duel.zsg (2-6), Mana, Sahkku, shafran, Walhall, Elementals, MancalaKnights and
the draughts games of the Checkers Collection; the exceptions are lines saved
with another version of their rules file (Dameo line 84, the first turns of
PyonPyonShogi), which the replay explains with this numbering.
"""

from __future__ import annotations

from zrf.model import GameDef
from zrf.syntax import List, to_text


def _named_by_add_partial(node, out: list[str]) -> None:
    if isinstance(node, List):
        if node.head in ("add-partial", "add-copy-partial") and len(node.items) > 1:
            out.append(to_text(node.items[-1]))
        for item in node.items:
            _named_by_add_partial(item, out)


def zillions_numbering(gdef: GameDef) -> dict[str, int]:
    """Move type -> its number in Zillions' table (1-based), in the order described above."""
    order: dict[str, int] = {}

    def add(name: str | None) -> None:
        if name and name not in order:
            order[name] = len(order) + 1

    for name in reversed(gdef.move_priorities):
        add(name)
    for entry in gdef.turn_order.entries:
        add(entry.move_type)
    placed: list[str] = []
    for _, ptype, _ in gdef.setup.placements:
        if ptype not in placed:
            placed.append(ptype)
    for (_, ptype), count in gdef.setup.off.items():
        if ptype not in placed:
            placed.append(ptype)
    names = [n for n in reversed(placed) if n in gdef.pieces]
    names += [n for n in reversed(list(gdef.pieces)) if n not in names]
    for name in names:
        piece = gdef.pieces[name]
        for block in piece.moves + piece.drops:
            add(block.move_type)
            named: list[str] = []
            _named_by_add_partial(block.program, named)
            for mt in named:
                add(mt)
    return order
