"""What a picture of a position shows, worked out once for the SVG and the PNG writers.

:func:`build_scene` turns a state into a :class:`Scene`: the board bitmap
(or the cells drawn in shades), the cells as rectangles or hexagons (from
:mod:`runtime.core.layout`), the links a drawn board needs, the pieces (each the
game's own bitmap when it has one, else a disc in its owner's colour with a
label unique within the game), the off-board stores, a legend of the disc
labels and a heading.  :mod:`runtime.pictures.svg` writes it as SVG and
:mod:`runtime.pictures.png` as PNG; neither decides anything about the game.

With a board bitmap (see :mod:`runtime.pictures.bitmaps`) cells are drawn without
fill, links and cell names (the bitmap shows them), but they stay in the
picture as click targets.  A piece bitmap is drawn at its natural size
centred on its cell's rectangle, as Zillions draws it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from runtime.pictures.bitmaps import Bitmap, GameGraphics
from runtime.pictures.labels import piece_labels
from runtime.core.layout import Cell, board_layout, drawn_links
from runtime.core.protocol import Game, State

PLAYER_COLOURS = ["#f8f8f0", "#202020", "#d03030", "#3060d0", "#30a040", "#e0a020",
                  "#9040c0", "#20a0a0"]
TEXT_COLOURS = ["#202020", "#f8f8f0", "#ffffff", "#ffffff", "#ffffff", "#202020", "#ffffff", "#202020"]
LIGHT, DARK, PLAIN, HIGHLIGHT = "#e8d8b8", "#b08858", "#d8c8a8", "#80c080"
LINK, CELL_EDGE, CELL_NAME = "#806040", "#604020", "#5a4630"

#: Boards with more cells than this are drawn without cell names (they would be unreadable).
MAX_NAMED_CELLS = 600
PAD = 20.0
LINE = 22.0
#: Width of one character of the 13-unit note text, roughly, for wrapping the legend.
NOTE_CHAR = 7.5
HEADING_SPACE = 30.0


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


def _shade(coords: tuple[int, ...] | None) -> str:
    """Alternating light/dark for grid cells (by the parity of their index vector), plain otherwise."""
    if not coords:
        return PLAIN
    return DARK if sum(coords) % 2 else LIGHT


def legend_lines(entries: list[str], max_chars: int) -> list[str]:
    """``pieces: A = x, B = y, ...`` wrapped to lines of at most ``max_chars`` (an entry is never split)."""
    lines, line = [], "pieces:"
    for i, entry in enumerate(entries):
        piece = f" {entry}" + ("," if i < len(entries) - 1 else "")
        if len(line) + len(piece) > max_chars and line.strip() not in ("pieces:", ""):
            lines.append(line)
            line = "  "
        line += piece
    lines.append(line)
    return lines


@dataclass
class Sprite:
    """A bitmap drawn with its top-left corner at (x, y)."""

    bitmap: Bitmap
    x: float
    y: float


@dataclass
class DrawnCell:
    """A cell as drawn: its layout, fill (None: see-through, over a board bitmap), name shown or not."""

    cell: Cell
    fill: str | None
    named: bool
    highlighted: bool = False


@dataclass
class Disc:
    """A piece drawn without a bitmap: a disc with a label."""

    cx: float
    cy: float
    radius: float
    fill: str
    ink: str
    label: str


@dataclass
class DrawnPiece:
    cell: str
    owner: str
    piece_type: str
    sprite: Sprite | None = None
    disc: Disc | None = None


@dataclass
class Scene:
    """Everything one picture shows, in board pixel coordinates."""

    view: tuple[float, float, float, float]  # x, y, width, height
    heading: str
    heading_size: float
    heading_at: tuple[float, float]
    boards: list[Sprite] = field(default_factory=list)
    links: list[tuple[float, float, float, float]] = field(default_factory=list)
    cells: list[DrawnCell] = field(default_factory=list)
    pieces: list[DrawnPiece] = field(default_factory=list)
    #: text lines under the board: the off-board stores, then the legend of the disc labels
    hands: list[str] = field(default_factory=list)
    legend: list[str] = field(default_factory=list)
    notes_at: tuple[float, float] = (0.0, 0.0)

    @property
    def bitmaps(self) -> list[Bitmap]:
        """Every bitmap the scene uses, once each, boards first."""
        seen: dict[str, Bitmap] = {}
        for s in self.boards + [p.sprite for p in self.pieces if p.sprite]:
            seen.setdefault(s.bitmap.key, s.bitmap)
        return list(seen.values())


def build_scene(state: State, title: str | None = None, highlight: set[str] | None = None,
                graphics: GameGraphics | None = None, drawn_as: Game | None = None) -> Scene:
    """The scene of ``state``; ``graphics`` are the game's own bitmaps (None: draw everything).

    ``drawn_as`` is the game whose board layout places the cells (default: the state's own):
    a native engine is drawn with the layout of the ZRF written for it, whose positions are in
    the pixels of the bitmaps ``graphics`` then holds.
    """
    game = state.game
    layout = board_layout(drawn_as or game)
    cells = layout.cells
    players = list(game.players)
    board = state.board()
    highlight = highlight or set()
    board_bitmap = graphics.board if graphics is not None else None
    piece_bitmaps = graphics.pieces if graphics is not None else {}

    boxes = [(c.x, c.y, c.x + c.w, c.y + c.h) for c in cells]
    boards = []
    if board_bitmap is not None:
        bw, bh = board_bitmap.size
        for ox, oy in layout.bitmap_offsets:
            boards.append(Sprite(board_bitmap, ox, oy))
            boxes.append((ox, oy, ox + bw, oy + bh))

    by_name = {c.name: c for c in cells}
    pieces: list[DrawnPiece] = []
    disc_types: set[str] = set()
    labels = piece_labels(list(game.piece_types) + sorted({t for _, t in board.values()}))
    for name, (owner, ptype) in sorted(board.items()):
        cell = by_name.get(name)
        if cell is None:
            continue  # a piece on a dummy (undrawn) position
        cx, cy = cell.centre
        bitmap = piece_bitmaps.get((ptype, owner))
        if bitmap is not None:
            w, h = bitmap.size
            sprite = Sprite(bitmap, cx - w / 2, cy - h / 2)
            pieces.append(DrawnPiece(name, owner, ptype, sprite=sprite))
            boxes.append((sprite.x, sprite.y, sprite.x + w, sprite.y + h))
            continue
        i = colour_index(owner, ptype, players)
        disc_types.add(ptype)
        pieces.append(DrawnPiece(name, owner, ptype, disc=Disc(
            cx, cy, 0.38 * min(cell.w, cell.h), PLAYER_COLOURS[i % len(PLAYER_COLOURS)],
            TEXT_COLOURS[i % len(TEXT_COLOURS)], labels[ptype])))

    if boxes:
        min_x, min_y = min(b[0] for b in boxes), min(b[1] for b in boxes)
        max_x, max_y = max(b[2] for b in boxes), max(b[3] for b in boxes)
    else:
        min_x = min_y = 0.0
        max_x = max_y = 100.0

    width = max(max_x - min_x + 2 * PAD, 320.0)
    hands = [f"{owner} holds {n} {ptype}" for (owner, ptype), n in sorted(stores(state).items())]
    entries = [f"{labels[t]} = {t}" for t in sorted(disc_types, key=labels.get)]
    legend = legend_lines(entries, int((width - PAD) / NOTE_CHAR)) if entries else []
    height = max_y - min_y + 2 * PAD + HEADING_SPACE + LINE * (len(hands) + len(legend))
    outcome = state.outcome()
    status = f"game over: {outcome.describe()}" if outcome is not None else f"{state.current_player} to move"
    heading = f"{title or game.name} \u2014 {status}"
    heading_size = min(16.0, max(6.0, (width - PAD) / (0.55 * len(heading))))  # fit the board's width

    scene = Scene((min_x - PAD, min_y - PAD - HEADING_SPACE, width, height), heading, heading_size,
                  (min_x, min_y - 12), boards=boards, pieces=pieces, hands=hands, legend=legend,
                  notes_at=(min_x, max_y + LINE))
    named = len(cells) <= MAX_NAMED_CELLS and board_bitmap is None
    for cell in cells:
        lit = cell.name in highlight
        fill = None if board_bitmap is not None else _shade(cell.coords)
        if lit:
            fill = HIGHLIGHT
        scene.cells.append(DrawnCell(cell, fill, named and min(cell.w, cell.h) >= 16, lit))
    if board_bitmap is None:
        for a, b in drawn_links(drawn_as or game, cells):
            (x1, y1), (x2, y2) = by_name[a].centre, by_name[b].centre
            scene.links.append((x1, y1, x2, y2))
    return scene
