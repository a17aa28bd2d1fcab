"""Drawing a position as SVG, from the board geometry alone.

Cells come from :func:`runtime.layout.cell_layout` (the ZRF board's position
rectangles, or a grid derived from cell names).  Each drawn cell is one
``<rect class="cell" data-cell="NAME">``, so the number of cells can be
checked against the board (``Board.cell_count``); links that the grid does
not already show (explicit positions, links between grids) are lines between
cell centres under the cells; every cell carries its name in a corner;
pieces are drawn as discs in the owner's colour with a short label of the
piece type, and off-board stores are listed below the board.  No image files
are needed.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from .layout import cell_layout, drawn_links
from .protocol import State

PLAYER_COLOURS = ["#f8f8f0", "#202020", "#d03030", "#3060d0", "#30a040", "#e0a020",
                  "#9040c0", "#20a0a0"]
TEXT_COLOURS = ["#202020", "#f8f8f0", "#ffffff", "#ffffff", "#ffffff", "#202020", "#ffffff", "#202020"]


def stores(state: State) -> dict[tuple[str, str], int]:
    """``(player, piece type) -> count`` of off-board pieces, read from the signature."""
    return {(pl, t): n for pl, t, n in state.signature().hands}


def colour_index(owner: str, piece_type: str, players: list[str]) -> int:
    """Which player's colour a piece is drawn in.

    Its owner's, except that a type named after a player (``RedChecker``,
    ``Black-Stone``) takes that player's colour: some games give every piece to
    a neutral player and tell the sides apart by type.
    """
    lowered = piece_type.lower()
    named = [p for p in players if len(p) > 1 and lowered.startswith(p.lower())]
    if named:
        return players.index(max(named, key=len))
    return players.index(owner) if owner in players else len(PLAYER_COLOURS) - 1


def piece_label(piece_type: str) -> str:
    """A short label: initials of hyphenated words, else the first two letters."""
    words = [w for w in piece_type.replace("_", "-").split("-") if w]
    if len(words) > 1:
        return "".join(w[0] for w in words)[:3].upper()
    return piece_type[:2].capitalize()


LIGHT, DARK, PLAIN, HIGHLIGHT = "#e8d8b8", "#b08858", "#d8c8a8", "#80c080"


def _shade(coords: tuple[int, ...] | None) -> str:
    """Alternating light/dark for grid cells (by the parity of their index vector), plain otherwise."""
    if not coords:
        return PLAIN
    return DARK if sum(coords) % 2 else LIGHT


def render_svg(state: State, title: str | None = None, highlight: set[str] | None = None) -> str:
    """The SVG document of ``state``: cells, links, cell names, pieces, stores and a heading."""
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
    hands = sorted(stores(state).items())
    line = 22.0
    hand_height = line * len(hands)
    width = max(max_x - min_x + 2 * pad, 320.0)
    height = max_y - min_y + 2 * pad + 30 + hand_height
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="{min_x - pad:.1f} {min_y - pad - 30:.1f} {width:.1f} {height:.1f}" '
           f'font-family="sans-serif">']
    heading = title or game.name
    outcome = state.outcome()
    status = f"game over: {outcome.describe()}" if outcome is not None else f"{state.current_player} to move"
    text = f"{heading} \u2014 {status}"
    font = min(16.0, max(6.0, (width - pad) / (0.55 * len(text))))  # fit the board's width
    out.append(f'<text class="heading" x="{min_x:.1f}" y="{min_y - 12:.1f}" font-size="{font:.1f}">'
               f'{escape(text)}</text>')
    by_name = {c.name: c for c in cells}
    for a, b in drawn_links(game, cells):
        (x1, y1), (x2, y2) = by_name[a].centre, by_name[b].centre
        out.append(f'<line class="link" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                   f'stroke="#806040" stroke-width="1.5"/>')
    label_cells = len(cells) <= 600
    for cell in cells:
        shade = HIGHLIGHT if cell.name in highlight else _shade(cell.coords)
        out.append(f'<rect class="cell" data-cell={quoteattr(cell.name)} x="{cell.x:.1f}" y="{cell.y:.1f}" '
                   f'width="{cell.w:.1f}" height="{cell.h:.1f}" fill="{shade}" stroke="#604020" '
                   f'stroke-width="0.5"><title>{escape(cell.name)}</title></rect>')
        if label_cells and min(cell.w, cell.h) >= 16:
            size = max(6.0, min(cell.w, cell.h) * 0.2)
            out.append(f'<text class="coord" x="{cell.x + 2:.1f}" y="{cell.y + size:.1f}" '
                       f'font-size="{size:.1f}" fill="#5a4630" pointer-events="none">{escape(cell.name)}</text>')
    for name, (owner, ptype) in sorted(board.items()):
        cell = by_name.get(name)
        if cell is None:
            continue  # a piece on a dummy (undrawn) position
        i = colour_index(owner, ptype, players)
        fill, ink = PLAYER_COLOURS[i % len(PLAYER_COLOURS)], TEXT_COLOURS[i % len(TEXT_COLOURS)]
        cx, cy = cell.centre
        radius = 0.38 * min(cell.w, cell.h)
        label = piece_label(ptype)
        font = radius * (0.9 if len(label) <= 2 else 0.7)
        out.append(f'<g class="piece" data-cell={quoteattr(name)} data-owner={quoteattr(owner)} '
                   f'data-type={quoteattr(ptype)}><circle cx="{cx:.1f}" cy="{cy:.1f}" r="{radius:.1f}" '
                   f'fill="{fill}" stroke="#000" stroke-width="1"/>'
                   f'<text x="{cx:.1f}" y="{cy + font * 0.35:.1f}" text-anchor="middle" '
                   f'font-size="{font:.1f}" fill="{ink}" pointer-events="none">{escape(label)}</text>'
                   f'<title>{escape(owner)} {escape(ptype)} on {escape(name)}</title></g>')
    y = max_y + line
    for (owner, ptype), n in hands:
        out.append(f'<text class="hand" x="{min_x:.1f}" y="{y:.1f}" font-size="13">'
                   f'{escape(owner)} holds {n} {escape(ptype)}</text>')
        y += line
    out.append("</svg>")
    return "\n".join(out) + "\n"
