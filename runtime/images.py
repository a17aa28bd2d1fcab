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
import weakref
from dataclasses import dataclass, field

from zrf.diagnostics import WARNING, Diagnostic
from zrf.images import BOARD, ImageChoice, ImageRef, Resolver, choose, file_references
from zrf.model import GameDef, ZrfFile

from .layout import zrf_source
from .protocol import Game

try:
    from PIL import Image, ImageChops
except ImportError:  # Pillow is the `graphics` extra; pictures then use drawn pieces
    Image = ImageChops = None

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


def load_bitmap(path: str, transparent_green: bool) -> object:
    """The bitmap at ``path`` as an RGBA image; pure green becomes transparent when asked."""
    if Image is None:
        raise BitmapError("Pillow is not installed (pip install 'zrf-toolkit[graphics]')")
    try:
        with Image.open(path) as im:
            rgb = im.convert("RGB")
    except (OSError, ValueError, Image.DecompressionBombError) as exc:
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

    def warning(self) -> Diagnostic | None:
        """One diagnostic for everything missing (W601), located at the first missing file."""
        if not self.missing:
            return None
        first = self.missing[0]
        pieces = sum(1 for m in self.missing if m.ref.kind != BOARD)
        board = len(self.missing) - pieces
        parts = []
        if board:
            parts.append("the board is drawn from its cells")
        if pieces:
            parts.append("pieces without a bitmap are drawn as labelled discs")
        return Diagnostic("W601", f"{len(self.missing)} of {self.referenced} images are missing or "
                          f"unreadable (first '{first.ref.written}': {first.reason}); " + ", ".join(parts),
                          first.ref.span, WARNING)


class _Loader:
    """Resolves and loads files for one rules file, each file once, only inside ``root``
    (:class:`zrf.images.Resolver`: by default the folder above the rules file's)."""

    def __init__(self, rules_path: str, root: str | None = None):
        self.resolver = Resolver(rules_path, root)
        self.loaded: dict[tuple[str, bool], Bitmap | str] = {}

    def get(self, ref: ImageRef) -> Bitmap | str:
        """The bitmap ``ref`` names, or the reason it cannot be had."""
        path = self.resolver.resolve(ref.written)
        if path is None:
            return "not found"
        key = (path, ref.kind != BOARD)
        if key not in self.loaded:
            try:
                image = load_bitmap(path, transparent_green=key[1])
                self.loaded[key] = Bitmap(path, image, f"bm{len(self.loaded)}")
            except BitmapError as exc:
                self.loaded[key] = str(exc)
        return self.loaded[key]


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
        if isinstance(got, str):
            out.missing.append(Missing(ref, got))
        elif ref.kind == BOARD:
            out.board = got
        else:
            out.pieces[(ref.piece, ref.player)] = got
    return out


def file_resolution(zfile: ZrfFile, rules_path: str) -> tuple[int, list[Missing]]:
    """How many files every game, variant, board alternative and piece set of a file names,
    and which of them cannot be found or read."""
    loader = _Loader(rules_path)
    refs = file_references(zfile)
    missing = []
    for ref in refs:
        got = loader.get(ref)
        if isinstance(got, str):
            missing.append(Missing(ref, got))
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
