"""What the browser needs to know about a move: the cells of each part, for click-to-move."""

from __future__ import annotations

from runtime.core.protocol import Move, PartDetails


def part_cells(part: PartDetails | None) -> tuple[str | None, str | None]:
    """``(from, to)`` of a part's first movement, ``(None, cell)`` for a drop, ``(None, None)``
    for a pass or a part whose details the engine does not give."""
    if part is None:
        return None, None
    return part.source, part.target


def describe_move(move: Move) -> dict:
    """JSON description of a move for the page: per part its text, cells, the piece type that
    moves or is dropped (``piece``) and the type it becomes (``becomes``: a promotion choice)."""
    details = move.details or (None,) * len(move.parts)
    parts = []
    for text, part in zip(move.parts, details):
        src, dst = part_cells(part)
        piece = part.piece if part is not None else None
        parts.append({"text": text, "from": src, "to": dst, "piece": piece[1] if piece else None,
                      "becomes": part.promotion if part is not None else None})
    return {"notation": move.notation, "parts": parts}
