"""Board bitmaps for the generated games, drawn with Pillow from a :class:`BoardPicture`.

The description (:mod:`variants.pictures`) comes from the game's
``zrf_context.pictures()``, whose pixel geometry is the one its template
writes into the ZRF, so the bitmap and the position rectangles agree; a test
reads the generated ZRF back and checks each position's colour on the bitmap.
"""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from variants.pictures import Area, BoardPicture


def draw_board(picture: BoardPicture):
    """The 24-bit RGB bitmap of ``picture`` (the drawing order is :class:`BoardPicture`'s)."""
    image = Image.new("RGB", picture.size, picture.background)
    draw = ImageDraw.Draw(image)
    if not picture.dot:
        for rect, colour in picture.cells.values():
            x1, y1, x2, y2 = rect
            draw.rectangle([x1, y1, x2 - 1, y2 - 1], fill=colour, outline=picture.edge)
    for area in picture.areas:
        _area(draw, area)
    for line in picture.lines:
        draw.line(list(line.points), fill=line.colour, width=line.width)
    for area in picture.top:
        _area(draw, area)
    if picture.dot:
        for (x1, y1, x2, y2), colour in picture.cells.values():
            cx, cy, r = (x1 + x2) / 2, (y1 + y2) / 2, picture.dot
            draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour, outline=picture.edge)
    for t in picture.texts:
        draw.text((t.x, t.y), t.text, fill=t.colour, font=ImageFont.load_default(size=t.size), anchor="mm")
    return image


def _area(draw, area: Area) -> None:
    pts = [tuple(p) for p in area.points]
    if area.shape == "polygon":
        draw.polygon(pts, fill=area.fill)
        if area.outline is not None:
            draw.line(pts + pts[:1], fill=area.outline, width=area.width, joint="curve")
        return
    (x1, y1), (x2, y2) = pts
    box = [x1, y1, x2 - 1, y2 - 1]
    if area.shape == "ellipse":
        draw.ellipse(box, fill=area.fill, outline=area.outline, width=area.width)
    else:
        draw.rectangle(box, fill=area.fill, outline=area.outline, width=area.width)
