"""What the browser needs to know about a move: the cells of each part, for click-to-move."""

from __future__ import annotations

from runtime.protocol import Move


def part_cells(part: str) -> tuple[str | None, str | None]:
    """``(from, to)`` of a notation part's first movement, or ``(None, cell)`` for a drop.

    ``"Pawn e2 - e4"`` -> ``("e2", "e4")``; ``"partial 2 Checker a3 - c5 x b4"`` ->
    ``("a3", "c5")``; ``"White Pawn e4"`` -> ``(None, "e4")``; ``"Pass"`` -> ``(None, None)``.
    """
    tokens = part.split()
    if tokens[:1] == ["partial"] and len(tokens) >= 2:
        tokens = tokens[2:]
    for i in range(1, len(tokens) - 1):
        if tokens[i] in ("-", "x") and i >= 1:
            return tokens[i - 1], tokens[i + 1]
    if len(tokens) >= 3:
        return None, tokens[2]
    return None, None


def describe_move(move: Move) -> dict:
    """JSON description of a move for the page."""
    parts = []
    for p in move.parts:
        src, dst = part_cells(p)
        parts.append({"text": p, "from": src, "to": dst})
    return {"notation": move.notation, "parts": parts}
