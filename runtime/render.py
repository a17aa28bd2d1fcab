"""Drawing a position as SVG, from the board geometry alone.

Cells come from :func:`runtime.layout.cell_layout` (the ZRF board's position
rectangles, or a grid derived from cell names).  Each drawn cell is one
``<rect class="cell" data-cell="NAME">``, so the number of cells can be
checked against the board; pieces are drawn as discs in the owner's colour
with a short label of the piece type, and off-board stores are listed below
the board.  No image files are needed.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from .layout import cell_layout, grid_coordinates
from .protocol import State

PLAYER_COLOURS = ["#f8f8f0", "#202020", "#d03030", "#3060d0", "#30a040", "#e0a020",
                  "#9040c0", "#20a0a0"]
TEXT_COLOURS = ["#202020", "#f8f8f0", "#ffffff", "#ffffff", "#ffffff", "#202020", "#ffffff", "#202020"]


def piece_label(piece_type: str) -> str:
    """A short label: initials of hyphenated words, else the first two letters."""
    words = [w for w in piece_type.replace("_", "-").split("-") if w]
    if len(words) > 1:
        return "".join(w[0] for w in words)[:3].upper()
    return piece_type[:2].capitalize()


def render_svg(state: State, title: str | None = None, highlight: set[str] | None = None) -> str:
    """The SVG document of ``state``."""
    game = state.game
    cells = cell_layout(game)
    players = list(game.players)
    board = state.board()
    highlight = highlight or set()
    if not cells:
        min_x = min_y = 0.0
        max_x = max_y = 100.0
    else:
        min_x = min(c.x for c in cells)
        min_y = min(c.y for c in cells)
        max_x = max(c.x + c.w for c in cells)
        max_y = max(c.y + c.h for c in cells)
    pad = 20.0
    hands = sorted(state.hands().items())
    hand_height = 22.0 * len(hands)
    width = max_x - min_x + 2 * pad
    height = max_y - min_y + 2 * pad + 30 + hand_height
    coords = grid_coordinates([c.name for c in cells]) or {}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="{min_x - pad:.1f} {min_y - pad - 30:.1f} {width:.1f} {height:.1f}" '
           f'font-family="sans-serif">']
    heading = title or game.name
    out.append(f'<text x="{min_x:.1f}" y="{min_y - 12:.1f}" font-size="16">{escape(heading)} '
               f'&#8212; {escape(state.current_player)} to move</text>')
    for cell in cells:
        f, r = coords.get(cell.name, (0, 0))
        shade = "#d8c8a8" if (f + r) % 2 else "#b08858"
        if cell.name in highlight:
            shade = "#80c080"
        out.append(f'<rect class="cell" data-cell={quoteattr(cell.name)} x="{cell.x:.1f}" y="{cell.y:.1f}" '
                   f'width="{cell.w:.1f}" height="{cell.h:.1f}" fill="{shade}" stroke="#604020" '
                   f'stroke-width="0.5"><title>{escape(cell.name)}</title></rect>')
    by_name = {c.name: c for c in cells}
    for name, (owner, ptype) in sorted(board.items()):
        cell = by_name.get(name)
        if cell is None:
            continue  # a piece on a dummy (undrawn) position
        i = players.index(owner) if owner in players else len(PLAYER_COLOURS) - 1
        fill, ink = PLAYER_COLOURS[i % len(PLAYER_COLOURS)], TEXT_COLOURS[i % len(TEXT_COLOURS)]
        cx, cy = cell.x + cell.w / 2, cell.y + cell.h / 2
        radius = 0.4 * min(cell.w, cell.h)
        out.append(f'<g class="piece" data-cell={quoteattr(name)} data-owner={quoteattr(owner)} '
                   f'data-type={quoteattr(ptype)}><circle cx="{cx:.1f}" cy="{cy:.1f}" r="{radius:.1f}" '
                   f'fill="{fill}" stroke="#000" stroke-width="1"/>'
                   f'<text x="{cx:.1f}" y="{cy + radius * 0.35:.1f}" text-anchor="middle" '
                   f'font-size="{radius:.1f}" fill="{ink}">{escape(piece_label(ptype))}</text>'
                   f'<title>{escape(owner)} {escape(ptype)} on {escape(name)}</title></g>')
    y = max_y + 22
    for (owner, ptype), n in hands:
        out.append(f'<text class="hand" x="{min_x:.1f}" y="{y:.1f}" font-size="13">'
                   f'{escape(owner)} holds {n} {escape(ptype)}</text>')
        y += 22
    out.append("</svg>")
    return "\n".join(out) + "\n"
