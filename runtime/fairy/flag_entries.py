"""Does a flag piece enter its flag region only where no enemy attacks it?  Read from our interpreter.

Dobutsu's lion wins by reaching the far rank, and its ZRF lets it move there only onto a
square no enemy piece attacks (``(verify (or (piece? King) not-attacked?))``): the try rule
written as a move restriction.  Fairy-Stockfish has no such restriction for a piece that is not
royal: ``flagPieceSafe`` lets an attacked flag piece arrive and only withholds the win (its
built-in ``dobutsu``), so the two games have different moves.

The probe (:func:`attacked_entry_refused`): the first player's flag piece next to a square of
its flag region, an enemy piece of the same type beside that square; the move into the region
missing, while it is there with a piece of the first player's own on the same square instead,
means that the move depends on the enemy's attack.  A royal flag piece is not probed: no royal
piece moves onto an attacked square, in either engine.
"""

from __future__ import annotations

from .probing import BoardFrame, Prober


def attacked_entry_refused(prober: Prober, frame: BoardFrame, ptype: str,
                           region: set[str]) -> tuple[str, str, str] | None:
    """(from, to, enemy square) of a move of ``ptype`` into ``region`` that an enemy ``ptype``
    beside the square forbids and one's own piece there does not; None when no probe finds one."""
    reach = {c: prober.targets(ptype, c) for c in sorted(frame.square) if c not in region}
    for target in sorted(region):
        tf, tr = frame.square[target]
        # one square outside the region the piece enters ``target`` from is enough: the rule is
        # about the square entered and its attackers
        for source in [c for c, got in reach.items() if target in got][:1]:
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    beside = frame.cell.get((tf + dx, tr + dy))
                    if beside is None or beside in (source, target):
                        continue
                    enemy = prober.targets(ptype, source, [(prober.enemy, ptype, beside)])
                    if target in enemy:
                        continue
                    own = prober.targets(ptype, source, [(prober.player, ptype, beside)])
                    if target in own:
                        return source, target, beside
    return None
