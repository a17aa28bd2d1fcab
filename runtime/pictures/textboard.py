"""The board as text for the terminal, with coordinates, for grid and non-grid boards.

* Cells named file-letters + rank-digits (``a1`` ... ``i9``) are drawn as ranks
  top to bottom with the file letters below and rank numbers on the left.
* Any other board is drawn from its layout (:func:`runtime.core.layout.cell_layout`,
  the ZRF position rectangles): cell centres are sorted into rows and columns
  and each cell is drawn where it lies; a second map of the same shape shows
  each cell's name, so a person can type moves.  Boards too big or too
  irregular for that are listed as ``cell: owner type`` lines.

Pieces are shown as the type's short label, upper case for the first player
and lower case for the second; with more players the owner's number follows
(``Pa3``).  Off-board stores are listed below, with a legend of the labels.
Marked cells (the last move's) are drawn in brackets: ``[PA]``, ``[.]``.
"""

from __future__ import annotations

from runtime.core.layout import Cell, cell_layout, grid_coordinates, zrf_board
from runtime.core.protocol import State
from runtime.pictures.labels import piece_label, piece_labels
from runtime.pictures.scene import colour_index, stores

MAX_COLUMNS = 40
MAX_ROWS = 40


def _file_name(i: int) -> str:
    s = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        s = chr(ord("a") + r) + s
    return s


def piece_text(owner: str, ptype: str, players: list[str], labels: dict[str, str] | None = None) -> str:
    """``PA`` for the first player, ``pa`` for the second, ``Pa3`` for the third and later.

    The player is the one whose colour the picture uses (see :func:`runtime.pictures.scene.colour_index`);
    ``labels`` are the game's unique labels (:func:`runtime.pictures.labels.piece_labels`).
    """
    label = labels[ptype] if labels and ptype in labels else piece_label(ptype)
    i = colour_index(owner, ptype, players) if owner in players or players else -1
    i = i if i < len(players) else -1
    if i == 0:
        return label.upper() if len(label) <= 2 else label
    if i == 1:
        return label.lower()
    return f"{label}{i + 1 if i >= 0 else '?'}"


def _cell_text(text: str, marked: bool) -> str:
    return f"[{text}]" if marked else text


def _widest(state: State, players: list[str], labels: dict[str, str], marked: frozenset[str]) -> int:
    """The widest marked cell's text with its brackets (0 with nothing marked)."""
    board = state.board()
    return max((len(piece_text(*board[c], players, labels) if c in board else ".") + 2 for c in marked), default=0)


def _named_grid(state: State, coords: dict[str, tuple[int, int]], players: list[str],
                labels: dict[str, str], marked: frozenset[str]) -> list[str]:
    board = state.board()
    files = sorted({f for f, _ in coords.values()})
    ranks = sorted({r for _, r in coords.values()}, reverse=True)
    where = {v: k for k, v in coords.items()}
    width = max(4, _widest(state, players, labels, marked))
    lines = []
    for r in ranks:
        row = [f"{r:>3} "]
        for f in files:
            cell = where.get((f, r))
            if cell is None:
                row.append(" " * width)
            else:
                text = piece_text(*board[cell], players, labels) if cell in board else "."
                row.append(f"{_cell_text(text, cell in marked):^{width}}")
        lines.append("".join(row).rstrip())
    lines.append("    " + "".join(f"{_file_name(f):^{width}}" for f in files))
    return lines


def _axis(values: list[float], tolerance: float) -> dict[float, int]:
    """Cluster coordinates closer than ``tolerance``: value -> index of its cluster."""
    out: dict[float, int] = {}
    index, last = -1, None
    for v in sorted(set(values)):
        if last is None or v - last > tolerance:
            index += 1
        out[v] = index
        last = v
    return out


def _spatial_grid(state: State, cells: list[Cell], players: list[str],
                  labels: dict[str, str], marked: frozenset[str]) -> list[str] | None:
    """The board drawn where its cells lie, plus a map of cell names; None if it does not fit."""
    if not cells:
        return None
    tol = 0.3 * min(min(c.w for c in cells), min(c.h for c in cells)) or 1.0
    cols = _axis([c.centre[0] for c in cells], tol)
    rows = _axis([c.centre[1] for c in cells], tol)
    ncol, nrow = max(cols.values()) + 1, max(rows.values()) + 1
    if ncol > MAX_COLUMNS or nrow > MAX_ROWS:
        return None
    slot: dict[tuple[int, int], str] = {}
    for c in cells:
        key = (rows[c.centre[1]], cols[c.centre[0]])
        if key in slot:
            return None  # two cells on one spot (a 3-D board seen from above)
        slot[key] = c.name
    board = state.board()
    width = max(4, max(len(n) for n in slot.values()) + 1)
    width = max(width, _widest(state, players, labels, marked) + 1)
    pieces, names = [], []
    for r in range(nrow):
        prow, nrow_text = [], []
        for col in range(ncol):
            name = slot.get((r, col))
            if name is None:
                prow.append(" " * width)
                nrow_text.append(" " * width)
            else:
                text = piece_text(*board[name], players, labels) if name in board else "."
                prow.append(f"{_cell_text(text, name in marked):^{width}}")
                nrow_text.append(f"{name:^{width}}")
        pieces.append("".join(prow).rstrip())
        names.append("".join(nrow_text).rstrip())
    return pieces + ["", "cells:"] + names


def board_text(state: State, marked: frozenset[str] = frozenset()) -> str:
    """The board with coordinates (see the module docstring), stores and a legend of the labels;
    the ``marked`` cells in brackets."""
    game = state.game
    players = list(game.players)
    board = state.board()
    labels = piece_labels(list(game.piece_types) + sorted({t for _, t in board.values()}))
    cells = cell_layout(game)
    drawn = {c.name for c in cells}
    coords = grid_coordinates(sorted(drawn))  # dummies (undrawn) may have any name
    from_grids = all(c.grid is not None for c in cells) if zrf_board(game) is not None else True
    if coords and from_grids and all(c in coords for c in drawn):
        lines = _named_grid(state, {c: coords[c] for c in drawn}, players, labels, marked)
        pictured = True
    else:
        lines = _spatial_grid(state, cells, players, labels, marked) or []
        pictured = bool(lines)
    if not pictured:
        for cell in game.positions:
            if cell in board:
                owner, ptype = board[cell]
                lines.append(f"{cell}: {owner} {ptype}")
        if not lines:
            lines.append("(empty board)")
    for (owner, ptype), n in sorted(stores(state).items()):
        lines.append(f"{owner} holds {n} {ptype}")
    legend = sorted({ptype for _, ptype in board.values()})
    if legend and pictured:
        lines.append("pieces: " + ", ".join(f"{labels[t]}={t}" for t in legend))
    return "\n".join(lines)
