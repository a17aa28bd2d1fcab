"""Drawing a position as SVG.

The picture is the :class:`runtime.pictures.scene.Scene` of the state: the game's own
board and piece bitmaps when its ZRF names them and they are found
(:mod:`runtime.pictures.bitmaps`), else cells from the board geometry and pieces as
labelled discs.  Each drawn cell is one element of class ``cell`` with
``data-cell="NAME"`` (a ``<rect>``, or a ``<polygon>`` for a hexagonal
cell), so the number of cells can be checked against the board
(``Board.cell_count``) and the browser page can find them; each piece is a
``<g class="piece">`` with its cell, owner and type.

Bitmaps are written once each in ``<defs>`` and placed with ``<use>``; by
default they are embedded as PNG data, or linked through ``image_href``
(the browser page serves them).
"""

from __future__ import annotations

from typing import Callable
from xml.sax.saxutils import escape, quoteattr

from runtime.pictures.bitmaps import Bitmap, GameGraphics, graphics_for
from runtime.pictures.labels import piece_label
from runtime.core.protocol import Game, State
from runtime.pictures.scene import (CELL_EDGE, CELL_NAME, LINK, PLAYER_COLOURS, Scene, build_scene, colour_index,
                    stores)

__all__ = ["render_svg", "scene_svg", "piece_label", "colour_index", "stores", "PLAYER_COLOURS"]

DEFAULT = object()
"""``graphics`` left out: use the game's own bitmaps when it has any."""


def render_svg(state: State, title: str | None = None, highlight: set[str] | None = None,
               graphics: GameGraphics | None | object = DEFAULT,
               image_href: Callable[[Bitmap], str] | None = None, drawn_as: Game | None = None) -> str:
    """The SVG document of ``state``.

    ``graphics``: the bitmaps to use (None draws everything from geometry;
    left out, the game's own are loaded once per game).  ``image_href`` maps
    a bitmap to the URL the SVG should name; default, embedded PNG data.
    ``drawn_as``: the game whose layout places the cells (see :func:`build_scene`).
    """
    if graphics is DEFAULT:
        graphics = graphics_for(drawn_as or state.game)
    return scene_svg(build_scene(state, title, highlight, graphics, drawn_as), image_href)


def _num(v: float) -> str:
    return f"{v:.1f}"


def scene_svg(scene: Scene, image_href: Callable[[Bitmap], str] | None = None) -> str:
    """The SVG text of a scene (see the module docstring)."""
    href = image_href or (lambda bm: bm.data_uri())
    x, y, w, h = scene.view
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h:.0f}" '
           f'viewBox="{_num(x)} {_num(y)} {_num(w)} {_num(h)}" font-family="sans-serif">']
    bitmaps = scene.bitmaps
    if bitmaps:
        out.append("<defs>")
        for bm in bitmaps:
            bw, bh = bm.size
            out.append(f'<image id="{bm.key}" width="{bw}" height="{bh}" href={quoteattr(href(bm))}/>')
        out.append("</defs>")
    hx, hy = scene.heading_at
    out.append(f'<text class="heading" x="{_num(hx)}" y="{_num(hy)}" font-size="{_num(scene.heading_size)}">'
               f'{escape(scene.heading)}</text>')
    for sprite in scene.boards:
        out.append(f'<use class="board-image" href="#{sprite.bitmap.key}" x="{_num(sprite.x)}" '
                   f'y="{_num(sprite.y)}" pointer-events="none"/>')
    for x1, y1, x2, y2 in scene.links:
        out.append(f'<line class="link" x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" y2="{_num(y2)}" '
                   f'stroke="{LINK}" stroke-width="1.5"/>')
    for drawn in scene.cells:
        c = drawn.cell
        if drawn.fill is None:
            paint = 'fill="#ffffff" fill-opacity="0" stroke="none"'
        else:
            paint = f'fill="{drawn.fill}" stroke="{CELL_EDGE}" stroke-width="0.5"'
        title = f"<title>{escape(c.name)}</title>"
        if c.shape:
            points = " ".join(f"{px},{py}" for px, py in c.shape)
            out.append(f'<polygon class="cell" data-cell={quoteattr(c.name)} points="{points}" {paint}>{title}</polygon>')
        else:
            out.append(f'<rect class="cell" data-cell={quoteattr(c.name)} x="{_num(c.x)}" y="{_num(c.y)}" '
                       f'width="{_num(c.w)}" height="{_num(c.h)}" {paint}>{title}</rect>')
        if drawn.named:
            size = max(6.0, min(c.w, c.h) * 0.2)
            tx, ty = (c.x + 2, c.y + size) if not c.shape else (c.centre[0] - c.w / 4, c.centre[1] - c.h / 4)
            out.append(f'<text class="coord" x="{_num(tx)}" y="{_num(ty)}" font-size="{_num(size)}" '
                       f'fill="{CELL_NAME}" pointer-events="none">{escape(c.name)}</text>')
    for p in scene.pieces:
        attrs = (f'class="piece" data-cell={quoteattr(p.cell)} data-owner={quoteattr(p.owner)} '
                 f'data-type={quoteattr(p.piece_type)}')
        title = f"<title>{escape(p.owner)} {escape(p.piece_type)} on {escape(p.cell)}</title>"
        if p.sprite is not None:
            s = p.sprite
            out.append(f'<g {attrs}><use href="#{s.bitmap.key}" x="{_num(s.x)}" y="{_num(s.y)}"/>{title}</g>')
            continue
        d = p.disc
        font = d.radius * (0.9 if len(d.label) <= 2 else 0.7)
        out.append(f'<g {attrs}><circle cx="{_num(d.cx)}" cy="{_num(d.cy)}" r="{_num(d.radius)}" '
                   f'fill="{d.fill}" stroke="#000" stroke-width="1"/>'
                   f'<text x="{_num(d.cx)}" y="{_num(d.cy + font * 0.35)}" text-anchor="middle" '
                   f'font-size="{_num(font)}" fill="{d.ink}" pointer-events="none">{escape(d.label)}</text>'
                   f'{title}</g>')
    nx, ny = scene.notes_at
    for cls, line in [("hand", h) for h in scene.hands] + [("legend", g) for g in scene.legend]:
        out.append(f'<text class="{cls}" x="{_num(nx)}" y="{_num(ny)}" font-size="13">{escape(line)}</text>')
        ny += 22.0
    out.append("</svg>")
    return "\n".join(out) + "\n"
