"""The bitmaps a game names, and where they are on disk, as Zillions finds them.

A ZRF names its graphics in ``(image ...)`` forms (SEMANTICS §2.2):

* in the board, ``(image "board.bmp" "other.bmp" ...)``: the board bitmap
  and any alternative boards, the first being the default;
* in a piece, ``(image P1 "a.bmp" "a2.bmp" P2 "b.bmp" ...)``: after each
  player name, that player's bitmap in each piece set (the first file is the
  default set, the second the first alternative set, and so on).  A piece may
  have several ``image`` forms; their files add up in order.

Macro arguments inside the strings (``"../images/Duel/r$2.bmp"``) are
already substituted in the expanded tree the model is built from, so this
module only reads :class:`zrf.model.GameDef` forms.

:func:`resolve` finds a written path on disk the way Windows, and so
Zillions, does: relative to the rules file's folder, ``\\`` and ``/`` alike,
every component matched without regard to case (``../Images/Ur/UR.BMP``
finds ``images/Ur/ur.bmp``).  Nothing here opens a bitmap; loading is the
runtime's job (:mod:`runtime.pictures.bitmaps`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from .confinement import inside
from .model import GameDef, ZrfFile
from .syntax import NO_SPAN, Atom, List, Span, String

BOARD = "board"
PIECE = "piece"


@dataclass(frozen=True)
class ImageRef:
    """One file named by an ``(image ...)`` form.

    ``alternative`` is the 0-based place of the file among the board's
    alternatives, or among the piece sets of ``(piece, player)``.
    """

    written: str
    kind: str  # BOARD or PIECE
    alternative: int = 0
    piece: str | None = None
    player: str | None = None
    span: Span = field(default=NO_SPAN, compare=False)


def board_references(gdef: GameDef) -> list[ImageRef]:
    """The board bitmaps of ``gdef`` in file order: the default first, then alternatives."""
    out: list[ImageRef] = []
    board = gdef.board
    for form in (board.forms if board is not None else ()):
        if form.head != "image":
            continue
        for item in form.args:
            if isinstance(item, String):
                out.append(ImageRef(item.text, BOARD, len(out), span=item.span))
    return out


def piece_references(gdef: GameDef) -> list[ImageRef]:
    """Every piece bitmap of ``gdef``: per piece, per player, each set in order.

    Strings before any player name in a form have no owner; they are kept with
    ``player=None`` so that they are still counted (and reported if absent).
    """
    out: list[ImageRef] = []
    for piece in gdef.pieces.values():
        counts: dict[str | None, int] = {}
        for form in piece.forms:
            if not isinstance(form, List) or form.head != "image":
                continue
            player: str | None = None
            for item in form.args:
                if isinstance(item, Atom):
                    player = item.text
                elif isinstance(item, String):
                    k = counts.get(player, 0)
                    counts[player] = k + 1
                    out.append(ImageRef(item.text, PIECE, k, piece.name, player, item.span))
    return out


def references(gdef: GameDef) -> list[ImageRef]:
    """Board then piece bitmaps of one game or variant."""
    return board_references(gdef) + piece_references(gdef)


def file_references(zfile: ZrfFile) -> list[ImageRef]:
    """Every distinct reference of every game and variant of a file (a variant's inherited
    forms are the game's own, so each written string is counted once, by its place)."""
    seen: set[tuple] = set()
    out: list[ImageRef] = []
    for gdef in zfile.games:
        for ref in references(gdef):
            key = (ref.written, ref.span.file, ref.span.line, ref.span.col)
            if key not in seen:
                seen.add(key)
                out.append(ref)
    return out


@dataclass(frozen=True)
class ImageChoice:
    """The bitmaps one picture uses: a board (or None) and one file per (piece, player).

    ``substitutes`` lists the (piece, player) pairs that have fewer files than
    the chosen set needs and so show their default-set file instead.
    """

    board: ImageRef | None
    pieces: dict[tuple[str, str], ImageRef]
    substitutes: tuple[tuple[str, str], ...] = ()

    @property
    def chosen(self) -> list[ImageRef]:
        return ([self.board] if self.board else []) + list(self.pieces.values())


def choose(gdef: GameDef, piece_set: int = 0, board: int = 0) -> ImageChoice:
    """The board alternative ``board`` and piece set ``piece_set`` (both 0-based).

    A board index past the last alternative is an error the caller reports
    (:class:`IndexError`); so is a piece set that no piece has at all.  A piece
    with fewer sets than asked shows its default file and is listed in
    ``substitutes``.
    """
    boards = board_references(gdef)
    if boards and not 0 <= board < len(boards):
        raise IndexError(f"the board has {len(boards)} image(s); board {board + 1} asked for")
    by_owner: dict[tuple[str, str], list[ImageRef]] = {}
    for ref in piece_references(gdef):
        if ref.player is not None and ref.piece is not None:
            by_owner.setdefault((ref.piece, ref.player), []).append(ref)
    most = max((len(v) for v in by_owner.values()), default=0)
    if piece_set and not piece_set < most:
        raise IndexError(f"the pieces have {most} set(s); set {piece_set + 1} asked for")
    pieces: dict[tuple[str, str], ImageRef] = {}
    substitutes = []
    for key, refs in by_owner.items():
        if piece_set < len(refs):
            pieces[key] = refs[piece_set]
        else:
            pieces[key] = refs[0]
            substitutes.append(key)
    return ImageChoice(boards[board] if boards else None, pieces, tuple(substitutes))


class Resolver:
    """Finds written paths relative to one rules file, listing each folder once.

    Only files inside ``root`` (links followed) are found: by default the
    folder above the rules file's, which holds a Zillions install's ``Rules``
    and ``Images`` (every real reference stays inside it: the corpus climbs
    one level at most); a server gives an upload's own folder.  A path leading
    anywhere else is "not found", like a missing file, so the answer never
    tells which files exist outside.  Listings are kept for the resolver's
    life only, so a long-running program that makes a new resolver per game
    sees files written in the meantime.
    """

    def __init__(self, rules_path: str, root: str | None = None):
        self.base = os.path.dirname(os.path.abspath(rules_path))
        self.root = root if root is not None else os.path.dirname(self.base)
        self._listings: dict[str, dict[str, list[str]]] = {}

    def _entries(self, folder: str) -> dict[str, list[str]]:
        """Lower-cased name -> actual names in ``folder`` (empty when it cannot be listed)."""
        if folder not in self._listings:
            try:
                names = sorted(os.listdir(folder))
            except OSError:
                names = []
            table: dict[str, list[str]] = {}
            for name in names:
                table.setdefault(name.lower(), []).append(name)
            self._listings[folder] = table
        return self._listings[folder]

    def resolve(self, written: str) -> str | None:
        """The existing file ``written`` names, or None.

        Separators may be ``\\`` or ``/``; each component is matched exactly
        when such an entry exists, else without regard to case.  The path is
        tried relative to the rules file's folder, then relative to the folder
        above it: rules files in a Zillions install sit in ``Rules/``, and
        Zillions' own games name its stock piece sets relative to the program
        folder (``"images\\Chess\\SHaag\\wking.bmp"``).  Drive-letter and
        absolute paths give None, as does any missing component and any file
        outside the resolver's ``root``.
        """
        text = written.replace("\\", "/")
        if not text or text.startswith("/") or (len(text) > 1 and text[1] == ":"):
            return None
        for base in (self.base, os.path.dirname(self.base)):
            found = self._walk(base, text.split("/"))
            if found is not None and inside(found, self.root):
                return found
        return None

    def _walk(self, here: str, parts: list[str]) -> str | None:
        for part in parts:
            if part in ("", "."):
                continue
            if part == "..":
                here = os.path.dirname(here)
                continue
            names = self._entries(here).get(part.lower())
            if not names:
                return None
            here = os.path.join(here, part if part in names else names[0])
        return here if os.path.isfile(here) else None


def resolve(written: str, rules_path: str, root: str | None = None) -> str | None:
    """The existing file ``written`` names, relative to the rules file at ``rules_path`` (inside ``root``)."""
    return Resolver(rules_path, root).resolve(written)
