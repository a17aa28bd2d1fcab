"""The ``board-setup`` rows a generated ZRF writes, built once for every variant.

Each variant's ``zrf_context.py`` turns its own data module into template
variables; this shape several templates share lives here, in ``variants``, so
the variants never import ``codegen`` (which renders them).
"""

from __future__ import annotations

from typing import Iterable, Mapping


def setup_rows(players: Iterable[str], piece_types: Iterable[str], cells: Iterable[str],
               setup: Mapping[str, tuple[str, str]]) -> dict[str, list[tuple[str, list[str]]]]:
    """Per player, the ``(piece type, cells)`` rows of a ZRF ``board-setup``.

    Rows come in ``piece_types`` order and cells in ``cells`` (board) order, so
    the rendered file does not change when a dictionary's order does; types a
    player has no piece of are left out.  ``setup`` maps cell -> (player, type).
    """
    cells = list(cells)
    piece_types = list(piece_types)
    out: dict[str, list[tuple[str, list[str]]]] = {}
    for player in players:
        by_type: dict[str, list[str]] = {}
        for cell in cells:
            owner_type = setup.get(cell)
            if owner_type and owner_type[0] == player:
                by_type.setdefault(owner_type[1], []).append(cell)
        out[player] = [(t, by_type[t]) for t in piece_types if t in by_type]
    return out
