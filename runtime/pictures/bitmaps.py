"""A ZRF game's own bitmaps, loaded with Pillow, ready for the pictures.

:mod:`zrf.images` says which files a game names and where they are;
this module opens them.  Zillions' conventions (../shared/zillions/README.md):

* board bitmaps are opaque and drawn at the board's origin, in the same
  pixel coordinates as the position rectangles;
* piece bitmaps use pure green, RGB(0, 255, 0), as the transparent colour,
  and are drawn at their natural size centred on the position's rectangle.

Bitmaps of any depth Pillow reads (1-, 4-, 8-, 24- and 32-bit BMP) are
turned into RGB (an alpha channel in a 32-bit file is ignored, as Zillions
ignores it) and piece bitmaps then into RGBA with pure green transparent.

:func:`game_graphics` gathers what one picture needs (the chosen board and
piece set) and keeps what it could not find or read, so the caller can say
so once (:meth:`GameGraphics.warning`) and draw those pieces itself.
Without Pillow every bitmap counts as unreadable, with that reason.
"""

from __future__ import annotations

import base64
import io
import os
import re
import warnings
import weakref
from dataclasses import dataclass, field

from zrf import limits
from zrf.diagnostics import Diagnostic
from zrf.images import BOARD, ImageChoice, ImageRef, Resolver, choose, file_references
from zrf.model import GameDef, ZrfFile

from runtime.core.layout import zrf_source
from runtime.core.protocol import Game

try:
    from PIL import Image, ImageChops
except ImportError:  # Pillow is the `graphics` extra; pictures then use drawn pieces
    Image = ImageChops = None
else:
    # between its guard and twice it Pillow only warns; load_bitmap refuses those sizes itself
    warnings.filterwarnings("ignore", category=Image.DecompressionBombWarning)

#: the pixel count in Pillow's DecompressionBombError ("Image size (81000000 pixels) exceeds ...")
_POSITIVE = re.compile(r"\((\d{1,15}) pixels\)")

TRANSPARENT = (0, 255, 0)
"""The colour Zillions shows as transparent in a piece bitmap."""


class BitmapError(Exception):
    """A file that exists but cannot be read as a bitmap (or Pillow is missing).

    The message says why without naming the file: the caller's diagnostic
    names it as the rules file wrote it, and a server must not show its paths.
    """


@dataclass
class Bitmap:
    """One loaded file: its path, RGBA pixels and a short id for the picture's ``<defs>``."""

    path: str
    image: object  # PIL.Image.Image, RGBA
    key: str

    @property
    def size(self) -> tuple[int, int]:
        return self.image.size

    def png(self) -> bytes:
        """The bitmap as PNG bytes (green already transparent for pieces)."""
        out = io.BytesIO()
        self.image.save(out, "PNG", optimize=False)
        return out.getvalue()

    def data_uri(self) -> str:
        return "data:image/png;base64," + base64.b64encode(self.png()).decode("ascii")


class PixelLimitError(BitmapError):
    """A bitmap whose header gives more pixels than may still be loaded; nothing was decoded."""

    def __init__(self, pixels: int):
        super().__init__(f"{pixels:,} pixels")
        self.pixels = pixels


def load_bitmap(path: str, transparent_green: bool, max_pixels: int | None = None) -> object:
    """The bitmap at ``path`` as an RGBA image; pure green becomes transparent when asked.

    The size is read from the file's header first (Pillow opens lazily): a
    bitmap of more than ``max_pixels`` pixels is refused with
    :class:`PixelLimitError` before any pixel is decoded, so a few kilobytes
    of compressed image cannot ask for gigabytes.  Pillow's own process-wide
    guard is set to the ``image_pixels`` limit as well, for any other opening.
    """
    if Image is None:
        raise BitmapError("Pillow is not installed (pip install 'zrf-toolkit[graphics]')")
    Image.MAX_IMAGE_PIXELS = limit = limits.current().image_pixels
    try:
        with Image.open(path) as im:
            pixels = im.size[0] * im.size[1]
            if max_pixels is not None and pixels > max_pixels:
                raise PixelLimitError(pixels)
            rgb = im.convert("RGB")
    except Image.DecompressionBombError as exc:  # Pillow refuses past twice its guard, at opening
        found = _POSITIVE.search(str(exc))
        raise PixelLimitError(int(found.group(1)) if found else 2 * limit + 1) from None
    except (OSError, ValueError) as exc:
        detail = str(exc).replace(path, os.path.basename(path)) or type(exc).__name__
        raise BitmapError(f"cannot read: {detail}") from None
    rgba = rgb.convert("RGBA")
    if transparent_green:
        bands = [band.point(lambda v, want=want: 255 if v == want else 0)
                 for band, want in zip(rgb.split(), TRANSPARENT)]
        green = ImageChops.multiply(ImageChops.multiply(bands[0], bands[1]), bands[2])
        rgba.putalpha(ImageChops.invert(green))
    return rgba


@dataclass
class Missing:
    """A chosen file that could not be used, and why."""

    ref: ImageRef
    reason: str
    #: the pixels its header gives, when it was left out for the ``image_pixels`` limit (else 0)
    over_limit: int = 0


@dataclass
class GameGraphics:
    """The bitmaps of one picture of a ZRF game: board, pieces, and what is missing."""

    rules_path: str
    board: Bitmap | None = None
    #: (piece type, player) -> bitmap
    pieces: dict[tuple[str, str], Bitmap] = field(default_factory=dict)
    missing: list[Missing] = field(default_factory=list)
    #: (piece, player) pairs shown with their default-set file (the set has none for them)
    substitutes: tuple[tuple[str, str], ...] = ()
    #: files the chosen board and piece set name
    referenced: int = 0

    @property
    def resolved(self) -> int:
        return self.referenced - len(self.missing)

    def warnings(self) -> list[Diagnostic]:
        """What the picture lacks: one W610 for the bitmaps left out for the ``image_pixels``
        limit, located at the first of them, and one W601 for those missing or unreadable."""
        over = [m for m in self.missing if m.over_limit]
        other = [m for m in self.missing if not m.over_limit]
        out = []
        if over:
            first = over[0]
            more = f"; {len(over)} images left out" if len(over) > 1 else ""
            out.append(Diagnostic(
                "W610", f"image '{first.ref.written}' has {first.over_limit:,} pixels: with it the picture's "
                f"bitmaps would pass their limit ({limits.hint('image_pixels')}); not decoded{more}; "
                + _drawn_instead(over), first.ref.span))
        if other:
            first = other[0]
            out.append(Diagnostic("W601", f"{len(other)} of {self.referenced} images are missing or "
                                  f"unreadable (first '{first.ref.written}': {first.reason}); "
                                  + _drawn_instead(other), first.ref.span))
        return out


def _drawn_instead(missing: list[Missing]) -> str:
    """What a picture draws for the ``missing`` bitmaps."""
    pieces = sum(1 for m in missing if m.ref.kind != BOARD)
    parts = []
    if len(missing) > pieces:
        parts.append("the board is drawn from its cells")
    if pieces:
        parts.append("pieces without a bitmap are drawn as labelled discs")
    return ", ".join(parts)


class _Loader:
    """Resolves and loads files for one rules file, each file once, only inside ``root``
    (:class:`zrf.images.Resolver`: by default the folder above the rules file's), and at most
    the ``image_pixels`` limit's pixels together: a file that would pass it is not decoded."""

    def __init__(self, rules_path: str, root: str | None = None):
        self.resolver = Resolver(rules_path, root)
        self.loaded: dict[tuple[str, bool], Bitmap | Missing] = {}
        #: pixels that may still be decoded
        self.budget = limits.current().image_pixels

    def get(self, ref: ImageRef) -> Bitmap | Missing:
        """The bitmap ``ref`` names, or why it cannot be had."""
        path = self.resolver.resolve(ref.written)
        if path is None:
            return Missing(ref, "not found")
        key = (path, ref.kind != BOARD)
        if key not in self.loaded:
            try:
                image = load_bitmap(path, transparent_green=key[1], max_pixels=self.budget)
                self.budget -= image.size[0] * image.size[1]
                self.loaded[key] = Bitmap(path, image, f"bm{len(self.loaded)}")
            except PixelLimitError as exc:
                self.loaded[key] = Missing(ref, str(exc), exc.pixels)
            except BitmapError as exc:
                self.loaded[key] = Missing(ref, str(exc))
        got = self.loaded[key]
        return got if isinstance(got, Bitmap) else Missing(ref, got.reason, got.over_limit)


def game_graphics(gdef: GameDef, rules_path: str, piece_set: int = 0, board: int = 0,
                  root: str | None = None) -> GameGraphics:
    """Load the board alternative ``board`` and piece set ``piece_set`` (0-based) of ``gdef``,
    from files inside ``root`` (default: the folder above the rules file's).

    Raises :class:`IndexError` for a set or board the file does not have.
    """
    choice: ImageChoice = choose(gdef, piece_set, board)
    loader = _Loader(rules_path, root)
    out = GameGraphics(rules_path, substitutes=choice.substitutes)
    for ref in choice.chosen:
        out.referenced += 1
        got = loader.get(ref)
        if isinstance(got, Missing):
            out.missing.append(got)
        elif ref.kind == BOARD:
            out.board = got
        else:
            out.pieces[(ref.piece, ref.player)] = got
    return out


def file_resolution(zfile: ZrfFile, rules_path: str) -> tuple[int, list[Missing]]:
    """How many files every game, variant, board alternative and piece set of a file names,
    and which of them cannot be found or read (all of them within one ``image_pixels`` limit:
    a whole Zillions file needs at most 2.0 M, levels_51_60.zrf)."""
    loader = _Loader(rules_path)
    refs = file_references(zfile)
    missing = [got for got in map(loader.get, refs) if isinstance(got, Missing)]
    return len(refs), missing


_CACHE: "weakref.WeakKeyDictionary[Game, dict]" = weakref.WeakKeyDictionary()


def graphics_for(game: Game, piece_set: int = 0, board: int = 0, root: str | None = None) -> GameGraphics | None:
    """The graphics of a ZRF game (loaded once per game object and choice), or None when
    ``game`` is not a ZRF game or its file names no image at all.  ``root`` confines the
    files read (default: the folder above the rules file's; a server gives an upload's folder)."""
    source = zrf_source(game)
    if source is None:
        return None
    gdef, path = source
    try:
        per_game = _CACHE.setdefault(game, {})
    except TypeError:  # a game object that cannot be weakly referenced: no caching
        per_game = {}
    key = (piece_set, board)
    if key not in per_game:
        graphics = game_graphics(gdef, path, piece_set, board, root)
        per_game[key] = graphics if graphics.referenced else None
    return per_game[key]


def forget_graphics(game: Game) -> None:
    """Drop the bitmaps loaded for ``game`` now (a server closing its session).

    A game is freed only when the garbage collector next breaks its reference
    cycles; its decoded bitmaps (the largest part of it) should not wait for that.
    """
    try:
        _CACHE.pop(game, None)
    except TypeError:  # a game that cannot be weakly referenced was never cached
        pass
