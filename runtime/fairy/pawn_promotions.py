"""Pawn-style promotions of pieces that are not the orthodox pawn: ``promotionPawnTypes``.

Fairy-Stockfish promotes two ways.  Shogi-style (``promotedPieceType``, read by the export
itself) a piece turns into its one promoted type on a move that starts or ends in the
promotion region.  Pawn-style, every move of a type listed in ``promotionPawnTypes`` that
*ends* in the promotion region (quiet or capturing, wherever it starts) may turn the piece
into any type of ``promotionPieceTypes``, and must (the move without promotion left out) under
``mandatoryPawnPromotion``: ``generate_moves`` in its movegen.cpp gives a custom piece the same
promotions as ``generate_pawn_moves`` gives the pawn.  So a ZRF piece that moves unlike the
orthodox pawn (Benedict chess's pawn that never captures, Jeson Mor's knight that becomes a
royal knight on the centre) promotes as Fairy-Stockfish has it when the probes of our
interpreter show, on the empty board, exactly that: the moves that end on some cells, and
only those, arrive as one same set of types, always or never also unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PawnPromotion:
    """How a piece promotes pawn-style: where, to what, and whether it must."""

    region: frozenset[str]
    targets: frozenset[str]
    mandatory: bool


def read_pawn_promotion(promotion_moves: dict) -> PawnPromotion | str:
    """The pawn-style promotion the probed moves show (``promotion_moves``: (from, to) -> the
    types the piece may arrive as, None for unchanged, as :class:`.probing.PieceMoves` has
    them), or why they are none: a reason in words."""
    region = frozenset(dst for (_, dst), arrivals in promotion_moves.items() if arrivals - {None})
    if not region:
        return "it never promotes on the empty board"
    inside = {move: arrivals for move, arrivals in promotion_moves.items() if move[1] in region}
    outside = sorted(f"{a}-{b}" for (a, b), arrivals in promotion_moves.items()
                     if b not in region and arrivals != {None})
    if outside:
        return f"it changes type on moves that end outside the cells it promotes on ({', '.join(outside[:4])})"
    target_sets = {frozenset(arrivals - {None}) for arrivals in inside.values()}
    if len(target_sets) != 1:
        by_cell: dict[str, set[frozenset]] = {}
        for (_, dst), arrivals in inside.items():
            by_cell.setdefault(dst, set()).add(frozenset(arrivals - {None}))
        if all(len(sets) == 1 for sets in by_cell.values()):
            cells: dict[frozenset, list[str]] = {}
            for dst, (targets,) in sorted(by_cell.items()):
                cells.setdefault(targets, []).append(dst)
            listed = "; ".join(f"{', '.join(sorted(targets))} on {', '.join(where)}"
                               for targets, where in sorted(cells.items(), key=lambda item: item[1]))
            return (f"the type it turns into depends on the cell it lands on ({listed}): Fairy-Stockfish "
                    "promotes to the same types on every cell of its promotion region")
        uneven = sorted(f"{a}-{b}" for (a, b) in inside)
        return f"the moves into its promotion cells promote to different types ({', '.join(uneven[:4])}...)"
    optional = {None in arrivals for arrivals in inside.values()}
    if len(optional) != 1:
        forced = sorted(f"{a}-{b}" for (a, b), arrivals in inside.items() if None not in arrivals)
        return f"it must promote on some moves into its promotion cells ({', '.join(forced[:4])}...) and may on others"
    (targets,) = target_sets
    return PawnPromotion(region, targets, mandatory=not optional.pop())
