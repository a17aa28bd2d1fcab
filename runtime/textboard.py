"""The board as text for the terminal: a grid with coordinates, or a list for other boards."""

from __future__ import annotations

from .layout import grid_coordinates
from .protocol import State
from .render import piece_label


def _file_name(i: int) -> str:
    s = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        s = chr(ord("a") + r) + s
    return s


def board_text(state: State) -> str:
    """Grid boards as ranks top to bottom with file letters; others as ``cell: owner type`` lines.

    Pieces are shown as the type's short label, upper case for the first player
    and lower case for the second; with more players the owner's index follows.
    """
    game = state.game
    players = list(game.players)
    board = state.board()
    coords = grid_coordinates(list(game.positions))
    lines: list[str] = []
    if coords:
        files = sorted({f for f, _ in coords.values()})
        ranks = sorted({r for _, r in coords.values()}, reverse=True)
        where = {v: k for k, v in coords.items()}
        width = 4
        for r in ranks:
            row = [f"{r:>3} "]
            for f in files:
                cell = where.get((f, r))
                if cell is None:
                    row.append(" " * width)
                elif cell in board:
                    owner, ptype = board[cell]
                    label = piece_label(ptype)
                    i = players.index(owner) if owner in players else -1
                    text = label.upper() if i == 0 else label.lower() if i == 1 else f"{label}{i}"
                    row.append(f"{text:^{width}}")
                else:
                    row.append(f"{'.':^{width}}")
            lines.append("".join(row).rstrip())
        lines.append("    " + "".join(f"{_file_name(f):^{width}}" for f in files))
    else:
        for cell in game.positions:
            if cell in board:
                owner, ptype = board[cell]
                lines.append(f"{cell}: {owner} {ptype}")
        if not lines:
            lines.append("(empty board)")
    for (owner, ptype), n in sorted(state.hands().items()):
        lines.append(f"{owner} holds {n} {ptype}")
    legend = sorted({ptype for _, ptype in board.values()})
    if legend and coords:
        lines.append("pieces: " + ", ".join(f"{piece_label(t)}={t}" for t in legend))
    return "\n".join(lines)
