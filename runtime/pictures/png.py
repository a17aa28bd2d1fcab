"""Drawing a position as a PNG, with Pillow, from the same scene as the SVG.

:func:`render_png` paints a :class:`runtime.pictures.scene.Scene` at one pixel per
board pixel (or ``scale`` times that): the board bitmaps, links, cells
(hexagons as polygons), cell names, the pieces' own bitmaps (pure green
already transparent) or labelled discs, the heading, stores and legend.
Text uses Pillow's built-in font, so the picture needs no system fonts.
Used for pictures in the documentation and for ``zrf render -o FILE.png``.
"""

from __future__ import annotations

import io
import warnings

from runtime.pictures.bitmaps import GameGraphics, graphics_for
from runtime.core.protocol import State
from runtime.pictures.svg import DEFAULT
from runtime.pictures.scene import CELL_EDGE, CELL_NAME, LINK, Scene, build_scene

try:
    from PIL import Image, ImageDraw, ImageFont
except ImportError:  # Pillow is the `graphics` extra
    Image = ImageDraw = ImageFont = None

#: Largest picture side, in pixels, a PNG is drawn at (bigger boards are scaled down to fit).
MAX_SIDE = 8000


class RasterError(Exception):
    """The PNG cannot be drawn (Pillow is missing)."""


def _font(size: float):
    return ImageFont.load_default(size=max(6.0, size))


def scene_image(scene: Scene, scale: float = 1.0):
    """The scene painted on an RGB Pillow image, and the scale actually used.

    The scale is reduced so that neither side exceeds MAX_SIDE; callers
    report that (it is returned for that purpose).
    """
    if Image is None:
        raise RasterError("Pillow is not installed (pip install 'zrf-toolkit[graphics]')")
    vx, vy, vw, vh = scene.view
    scale = min(scale, MAX_SIDE / max(vw, vh, 1.0))
    canvas = Image.new("RGBA", (max(1, round(vw * scale)), max(1, round(vh * scale))), (255, 255, 255, 255))
    draw = ImageDraw.Draw(canvas)

    def at(x: float, y: float) -> tuple[float, float]:
        return (x - vx) * scale, (y - vy) * scale

    def paste(bitmap, x: float, y: float) -> None:
        image = bitmap.image
        if scale != 1.0:
            w, h = image.size
            image = image.resize((max(1, round(w * scale)), max(1, round(h * scale))), Image.NEAREST)
        px, py = at(x, y)
        canvas.alpha_composite(image, (round(px), round(py)))

    hx, hy = scene.heading_at
    size = scene.heading_size * scale
    # the built-in font has no em dash
    draw.text(at(hx, hy - scene.heading_size), scene.heading.replace("\u2014", "-"), fill="#000000",
              font=_font(size))
    for sprite in scene.boards:
        paste(sprite.bitmap, sprite.x, sprite.y)
    for x1, y1, x2, y2 in scene.links:
        draw.line([at(x1, y1), at(x2, y2)], fill=LINK, width=max(1, round(1.5 * scale)))
    for drawn in scene.cells:
        c = drawn.cell
        if drawn.fill is None:
            continue
        if c.shape:
            draw.polygon([at(px, py) for px, py in c.shape], fill=drawn.fill, outline=CELL_EDGE)
        else:
            (x1, y1), (x2, y2) = at(c.x, c.y), at(c.x + c.w, c.y + c.h)
            draw.rectangle([x1, y1, max(x1, x2 - 1), max(y1, y2 - 1)], fill=drawn.fill, outline=CELL_EDGE)
        if drawn.named:
            name_size = max(6.0, min(c.w, c.h) * 0.2)
            tx, ty = (c.x + 2, c.y + 1) if not c.shape else (c.centre[0] - c.w / 4, c.centre[1] - c.h / 4 - name_size)
            draw.text(at(tx, ty), c.name, fill=CELL_NAME, font=_font(name_size * scale))
    for p in scene.pieces:
        if p.sprite is not None:
            paste(p.sprite.bitmap, p.sprite.x, p.sprite.y)
            continue
        d = p.disc
        (x1, y1), (x2, y2) = at(d.cx - d.radius, d.cy - d.radius), at(d.cx + d.radius, d.cy + d.radius)
        draw.ellipse([x1, y1, x2, y2], fill=d.fill, outline="#000000")
        font = _font(d.radius * (0.9 if len(d.label) <= 2 else 0.7) * scale)
        draw.text(at(d.cx, d.cy), d.label, fill=d.ink, font=font, anchor="mm")
    nx, ny = scene.notes_at
    for line in scene.hands + scene.legend:
        draw.text(at(nx, ny - 13), line, fill="#000000", font=_font(13 * scale))
        ny += 22.0
    return canvas.convert("RGB"), scale


def render_png(state: State, title: str | None = None, highlight: set[str] | None = None,
               graphics: GameGraphics | None | object = DEFAULT, scale: float = 1.0) -> bytes:
    """The PNG bytes of ``state``'s picture (``graphics`` as in :func:`runtime.pictures.svg.render_svg`)."""
    if graphics is DEFAULT:
        graphics = graphics_for(state.game)
    image, used = scene_image(build_scene(state, title, highlight, graphics), scale)
    if used < scale:
        warnings.warn(f"picture drawn at scale {used:.3f} instead of {scale:g}: "
                      f"no side may exceed {MAX_SIDE} pixels", stacklevel=2)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()
