"""What a generated game's bitmaps show and what they are called: plain data, no drawing.

Each seed game's ``zrf_context.pictures()`` returns a :class:`GamePictures`:
the package name (``Rules/<Package>.zrf``, ``Images/<Package>/``), its
boards as :class:`BoardPicture` descriptions (cell rectangles in the pixels
the template writes, colours, marked areas, lines and text), and the players
and piece types that get one bitmap each.  The same object names the files:
:meth:`GamePictures.zrf_images` gives the template the ``(image ...)`` paths,
and the Zillions package writer (``codegen``) draws a bitmap under each of
those names, so a name can never be written in one place and drawn under
another.  The description is data of the variants (it lives here so they never
import ``codegen``); this module needs no Pillow, so rendering a template never does.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Colour = tuple[int, int, int]
Rect = tuple[int, int, int, int]  # left, top, right, bottom (right and bottom exclusive)


@dataclass(frozen=True)
class Area:
    """A marked area: a rectangle, ellipse or polygon, filled and/or outlined."""

    points: tuple[tuple[float, float], ...]  # two corners for rect/ellipse, else the polygon
    shape: str = "rect"  # "rect", "ellipse" or "polygon"
    fill: Colour | None = None
    outline: Colour | None = None
    width: int = 1


@dataclass(frozen=True)
class Line:
    points: tuple[tuple[float, float], ...]
    colour: Colour
    width: int = 1


@dataclass(frozen=True)
class Text:
    x: float
    y: float
    text: str
    colour: Colour
    size: float = 12.0


@dataclass(frozen=True)
class BoardPicture:
    """Everything a board bitmap shows, drawn in this order: background, cells (squares),
    areas, lines, top areas, cells (dots), texts."""

    file: str
    size: tuple[int, int]
    background: Colour
    #: cell name -> (rectangle, colour): the rectangle filled and edged with ``edge`` (a square
    #: board), or, when ``dot`` is set, a disc of that radius at its centre drawn over the lines
    #: (the points of a lattice)
    cells: dict[str, tuple[Rect, Colour]] = field(default_factory=dict)
    edge: Colour | None = (70, 55, 40)
    dot: int = 0
    areas: tuple[Area, ...] = ()
    lines: tuple[Line, ...] = ()
    #: areas drawn on top of the lines
    top: tuple[Area, ...] = ()
    texts: tuple[Text, ...] = ()


@dataclass(frozen=True)
class GamePictures:
    """A generated game's package: its name, boards, and the pieces that get bitmaps."""

    package: str
    boards: tuple[BoardPicture, ...]
    players: tuple[str, ...]
    piece_types: tuple[str, ...]
    piece_size: int
    #: piece type -> the name of its drawing (codegen/symbols.py), for types that have no
    #: drawing of their own (an imported game's pieces)
    symbols: dict = field(default_factory=dict)

    @property
    def folder(self) -> str:
        """The images folder as the rules file names it (Zillions paths ignore case)."""
        return f"../images/{self.package}"

    def path(self, file: str) -> str:
        return f"{self.folder}/{file}"

    @staticmethod
    def piece_file(player: str, piece_type: str) -> str:
        return f"{player}{piece_type}.bmp"

    def board(self, file: str) -> BoardPicture:
        for b in self.boards:
            if b.file == file:
                return b
        raise KeyError(file)

    def zrf_images(self) -> dict:
        """Template variables: ``folder``, ``boards`` (file -> path), ``pieces`` (type -> [(player, path)])."""
        return {
            "folder": self.folder,
            "boards": {b.file: self.path(b.file) for b in self.boards},
            "pieces": {t: [(p, self.path(self.piece_file(p, t))) for p in self.players]
                       for t in self.piece_types},
        }


def grid_cells(files: str, ranks: list[int], cell: int, x0: int, y0: int) -> dict[str, Rect]:
    """``name -> rectangle`` of a grid named file letter + rank, ranks listed top to bottom as drawn."""
    out = {}
    for row, rank in enumerate(ranks):
        for col, f in enumerate(files):
            x, y = x0 + col * cell, y0 + row * cell
            out[f"{f}{rank}"] = (x, y, x + cell, y + cell)
    return out


def bounds(rects) -> Rect:
    """The smallest rectangle holding every rectangle of ``rects``."""
    rects = list(rects)
    return (min(r[0] for r in rects), min(r[1] for r in rects), max(r[2] for r in rects),
            max(r[3] for r in rects))


def coordinates(files: str, ranks: list[int], cell: int, x0: int, y0: int, margin: int,
                colour: Colour) -> tuple[Text, ...]:
    """File letters above and below a grid, rank numbers left and right of it."""
    out = []
    width, height = len(files) * cell, len(ranks) * cell
    for col, f in enumerate(files):
        x = x0 + col * cell + cell / 2
        out += [Text(x, y0 - margin / 2, f, colour), Text(x, y0 + height + margin / 2, f, colour)]
    for row, r in enumerate(ranks):
        y = y0 + row * cell + cell / 2
        out += [Text(x0 - margin / 2, y, str(r), colour), Text(x0 + width + margin / 2, y, str(r), colour)]
    return tuple(out)
