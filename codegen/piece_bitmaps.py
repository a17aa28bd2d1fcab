"""Piece bitmaps for the generated games: a disc in the player's colours, the type's symbol, its label.

Zillions shows a piece bitmap at its natural size centred on the cell and
treats pure green, RGB(0, 255, 0), as transparent (../shared/zillions/README.md),
so :func:`piece_bitmap` returns a 24-bit RGB image whose outside is pure
green.  The piece is drawn four times larger and scaled down for smooth
curves; a pixel of the result is piece when at least half covered, else
green, so no half-green fringe can show.  Nothing inside the piece is pure
green (the palettes below have none).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from .symbols import SYMBOLS, Pen, symbol_for

TRANSPARENT = (0, 255, 0)
SUPERSAMPLE = 4


@dataclass(frozen=True)
class Colours:
    """How one player's pieces look: disc, rim, symbol ink."""

    disc: tuple[int, int, int]
    rim: tuple[int, int, int]
    ink: tuple[int, int, int]


#: Piece colours by player name, and for any other player in turn order.
PLAYER_COLOURS = {
    "White": Colours((246, 240, 224), (60, 50, 40), (40, 32, 26)),
    "Black": Colours((44, 40, 38), (10, 10, 10), (238, 226, 196)),
}
OTHER_COLOURS = [Colours((200, 40, 40), (90, 10, 10), (255, 240, 220)),
                 Colours((40, 80, 190), (10, 30, 80), (240, 240, 255))]


def colours_for(player: str, index: int) -> Colours:
    """The colours of ``player`` (its place in the players list decides for unknown names)."""
    if player in PLAYER_COLOURS:
        return PLAYER_COLOURS[player]
    return OTHER_COLOURS[index % len(OTHER_COLOURS)]


def piece_bitmap(piece_type: str, label: str, colours: Colours, size: int, symbol_name: str | None = None):
    """The ``size`` x ``size`` RGB bitmap of one piece (see the module docstring); ``symbol_name``
    chooses the drawing (:data:`codegen.symbols.SYMBOLS`) of a type the seed games do not have.

    Raises KeyError for a type without a symbol (:data:`codegen.symbols.SYMBOL_OF`).
    """
    symbol = SYMBOLS.get(symbol_name) if symbol_name else symbol_for(piece_type)
    if symbol is None:
        raise KeyError(f"no symbol for piece type {piece_type!r}")
    big = size * SUPERSAMPLE
    layer = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    r = big / 2 - SUPERSAMPLE
    c = big / 2
    draw.ellipse([c - r, c - r, c + r, c + r], fill=colours.disc + (255,), outline=colours.rim + (255,),
                 width=max(1, round(r * 0.07)))
    # the symbol above the centre, the label under it
    symbol(Pen(draw, c, c - r * 0.14, r * 0.72, colours.ink + (255,), colours.disc + (255,)))
    font = ImageFont.load_default(size=max(8.0, r * 0.3))
    draw.text((c, c + r * 0.72), label, fill=colours.ink + (255,), font=font, anchor="mm")
    small = layer.resize((size, size), Image.Resampling.LANCZOS)
    out = Image.new("RGB", (size, size), TRANSPARENT)
    mask = small.getchannel("A").point(lambda a: 255 if a >= 128 else 0)
    out.paste(small.convert("RGB"), (0, 0), mask)
    return _no_pure_green(out, mask)


def _no_pure_green(image, mask):
    """Nudge any piece pixel that came out pure green (it would show as a hole) to (0, 254, 0)."""
    pixels = image.load()
    covered = mask.load()
    w, h = image.size
    for y in range(h):
        for x in range(w):
            if covered[x, y] and pixels[x, y] == TRANSPARENT:
                pixels[x, y] = (0, 254, 0)
    return image
