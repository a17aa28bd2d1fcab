"""A ZRF move in Fairy-Stockfish's UCI notation, read from the move's details (never its text).

A movement is ``<from><to>`` in squares (``e2e4``; a castling is its king's movement,
``e1g1``), followed by the new type's letter when the piece promotes on arrival (``a7a8q``);
a drop is ``<LETTER>@<to>`` (``P@e5``).  A turn of several parts has no UCI form.
"""

from __future__ import annotations

from runtime.core.protocol import Move

from .fen import square_name


def uci_of(move: Move, squares: dict, letters: dict) -> str | None:
    """``move`` as UCI, with ``squares`` (cell -> (file, rank)) and ``letters`` (piece type ->
    letter); None for a move with no UCI form (several parts, no details, an unknown cell)."""
    details = move.details
    if not details or len(details) != 1:
        return None
    part = details[0]
    if part.movements:
        m = part.movements[0]
        if m.source not in squares or m.target not in squares:
            return None
        text = square_name(*squares[m.source]) + square_name(*squares[m.target])
        if part.promotion is not None and part.promotion != m.piece[1]:
            letter = letters.get(part.promotion)
            if letter is None:
                return None
            text += letter.lstrip("+")
        return text
    if part.placements:
        p = part.placements[0]
        letter = letters.get(p.piece[1])
        if letter is None or p.cell not in squares:
            return None
        return f"{letter.upper()}@{square_name(*squares[p.cell])}"
    return None
