"""A Fairy-Stockfish variant as a ZRF file, through the jinja2 templates, verified.

:func:`runtime.fairy.variant_rules.read_variant` says what Fairy-Stockfish's pieces do; this
module writes each :class:`runtime.fairy.betza.Step` as one ZRF move block in the idioms of
``codegen/templates/lib`` (a leap is a path of unit directions ending with ``add``, a slide a
``while empty?`` loop, a hop slides to a screen and past it), restricted to a zone when the
step is allowed from some squares only, with the promotion choices on arrival in the
promotion zone, en passant and castling in the idioms of a hand-written chess ZRF, the royal
piece's checkmate as a loss and stalemate as a draw.  :func:`import_variant` renders, reads
the text back (:func:`codegen.render.validate`: no error), then verifies it against
Fairy-Stockfish (:func:`runtime.fairy.verification.verify`).
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field

from runtime.fairy.betza import Kind, Modality
from runtime.fairy.fen import square_name
from runtime.fairy.naming import Naming
from runtime.fairy.position import FairyGame
from runtime.fairy.variant_rules import (
    PieceRules,
    VariantRules,
    read_variant,
)
from runtime.fairy.verification import Verification, verify
from runtime.loading.opening import open_game
from variants.pictures import BoardPicture, GamePictures, coordinates, grid_cells
from zrf.atomic_write import write_tree_atomically

from .environment import make_environment
from .render import validate
from .symbols import SYMBOL_OF, SYMBOLS

#: The generated board's drawing: cell size and margin in pixels, colours.
CELL, MARGIN = 50, 20
LIGHT, DARK, BORDER, INK = (240, 217, 181), (181, 136, 99), (120, 84, 52), (250, 240, 220)

#: Unit directions of the generated grid: (dx files right, dy ranks up) -> name.
UNIT = {(0, 1): "n", (0, -1): "s", (1, 0): "e", (-1, 0): "w", (1, 1): "ne", (-1, 1): "nw",
        (1, -1): "se", (-1, -1): "sw"}


#: The piece a capture leaves as a wall (Petrified): no moves, taken by nobody.
WALL_PIECE = "Wall"


class ImportUnfit(ValueError):
    """A variant an imported ZRF cannot play yet; the message lists why."""


@dataclass
class Imported:
    """A rendered import: the ZRF text, the rules read, the names linking the two engines."""

    text: str
    rules: VariantRules
    naming: Naming
    verification: Verification | None = None
    lint_errors: list = field(default_factory=list)


def path_of(dx: int, dy: int) -> list[str]:
    """Unit directions from a square to ``(dx, dy)``: the straight part first, then diagonals
    (every square on the way lies between the two, so on a rectangle it is on the board)."""
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    diagonal = min(abs(dx), abs(dy))
    straight = max(abs(dx), abs(dy)) - diagonal
    unit = (sx, 0) if abs(dx) > abs(dy) else (0, sy)
    return [UNIT[unit]] * straight + [UNIT[(sx, sy)]] * diagonal


def _lame_square_path(dx: int, dy: int) -> list[str]:
    """The path of a lame leap with the square that blocks it first (Fairy-Stockfish's ``n``)."""
    a, b = abs(dx), abs(dy)
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    if {a, b} == {1, 2}:
        first = (sx, 0) if a == 2 else (0, sy)
        return [UNIT[first], UNIT[(sx, sy)]]
    return path_of(dx, dy)


def leap_direction(dx: int, dy: int) -> str:
    """The name of a direction straight to ``(dx, dy)`` (files right, ranks up): a leap over a
    wall square, which a path of unit steps through that square could not make."""
    return f"leap-{'e' if dx >= 0 else 'w'}{abs(dx)}-{'n' if dy >= 0 else 's'}{abs(dy)}"


class _Writer:
    def __init__(self, rules: VariantRules) -> None:
        self.rules = rules
        self.names = {t: p.name for t, p in rules.pieces.items()}
        self.zones: list[dict] = []
        self._zone_names: dict = {}
        #: ``(dx, dy)`` of the leaps written as one direction of their own (a board with walls)
        self.leaps: set = set()
        self._walls = {square_name(f, r) for f, r in rules.walls}
        # a capture's arrival: on an enemy piece, never on a wall a capture left (Petrified)
        unless_wall = f" (verify (not (piece? {WALL_PIECE})))" if rules.petrifying else ""
        self.enemy = "(verify enemy?)" + unless_wall
        self.not_friend = "(verify not-friend?)" + unless_wall

    def leap(self, dx: int, dy: int) -> str:
        """The directions of a leap: unit steps on an open board, one direction over walls."""
        if not self.rules.walls or max(abs(dx), abs(dy)) < 2:
            return " ".join(path_of(dx, dy))
        self.leaps.update({(dx, dy), (dx, -dy)})  # Black's mirror image is declared too
        return leap_direction(dx, dy)

    def zone(self, cells, prefix: str) -> str:
        cells = [c for c in cells if c not in self._walls]
        key = frozenset(cells)
        if key not in self._zone_names:
            name = f"{prefix}-{len(self._zone_names) + 1}"
            self._zone_names[key] = name
            r = self.rules
            self.zones.append({"name": name, "player": "White", "cells": sorted(cells)})
            mirrored = sorted(f"{c[0]}{r.ranks + 1 - int(c[1:])}" for c in cells)
            self.zones.append({"name": name, "player": "Black", "cells": mirrored})
        return self._zone_names[key]

    def start_zone(self, cells: dict) -> str:
        """A zone of each player's own squares (``cells``: player -> squares), not mirrored: a
        type's start squares (Cambodian's kings stand on d1 and e8)."""
        name = f"first-{len(self._zone_names) + 1}"
        self._zone_names[("start", name)] = name
        self.zones.extend({"name": name, "player": player, "cells": squares} for player, squares in cells.items())
        return name

    def add(self, piece: PieceRules, castles: bool) -> str:
        unmoved = "(set-attribute never-moved? false) " if castles else ""
        unmoved = self.aligned_scan(piece.token) + unmoved
        if piece.token in self.rules.petrifying:  # its capture leaves it there as a wall
            if piece.promotions:
                raise ImportUnfit(f"piece {piece.token} both promotes and becomes a wall when it captures")
            return f"(if empty? {unmoved}add else (add {WALL_PIECE}))"
        if not piece.promotions:
            return unmoved + "add"
        zone = self.zone(piece.promotion_cells, "promotion")
        choices = [self.names[p] for p in piece.promotions]
        if piece.promotion_optional:
            choices.append(piece.name)
        return f"{unmoved}(if (in-zone? {zone}) (add {' '.join(choices)}) else add)"

    def blocks(self, piece: PieceRules, castles: bool, only: Modality | None = None) -> list[str]:
        """The move blocks of ``piece``; with ``only``, those that capture (en passant too) or
        those that do not."""
        grouped: dict = {}
        for step, cells in piece.steps.items():
            if only is not None and step.modality is not only:
                continue
            key = (step.dx, step.dy, step.distance, step.kind, frozenset(cells) if cells else None)
            grouped.setdefault(key, set()).add(step.modality)
        out = []
        add = self.add(piece, castles)
        for (dx, dy, distance, kind, cells), modalities in sorted(grouped.items(), key=lambda kv: str(kv[0])):
            guard = f"(verify (in-zone? {self.zone(cells, 'from')})) " if cells else ""
            both = len(modalities) == 2
            modality = next(iter(modalities))
            arrive = self.not_friend if both else \
                "(verify empty?)" if modality is Modality.QUIET else self.enemy
            unit = " ".join(path_of(dx, dy))
            if kind is Kind.LEAP and distance == 1:
                unit = self.leap(dx, dy)
                out.append(f"{guard}{unit} {arrive} {add}")
            elif kind is Kind.LAME:
                first, *rest = _lame_square_path(dx, dy)
                out.append(f"{guard}{first} (verify empty?) {' '.join(rest)} {arrive} {add}")
            elif kind is Kind.LEAP and distance == 0:
                if both:
                    out.append(f"{guard}{unit} (while empty? {add} {unit}) {self.not_friend} {add}")
                elif modality is Modality.QUIET:
                    out.append(f"{guard}{unit} (while empty? {add} {unit})")
                else:
                    out.append(f"{guard}{unit} (while empty? {unit}) {self.enemy} {add}")
            elif kind is Kind.LEAP:
                for k in range(1, distance + 1):
                    way = " ".join([f"{unit} (verify empty?)"] * (k - 1) + [unit])
                    out.append(f"{guard}{way} {arrive} {add}")
            elif kind is Kind.HOP:
                screen = f"{unit} (while empty? {unit}) {unit}"
                if modality is Modality.QUIET and not both:
                    out.append(f"{guard}{screen} (while empty? {add} {unit})")
                else:
                    out.append(f"{guard}{screen} (while empty? {unit}) {arrive} {add}")
                    if both:
                        out.append(f"{guard}{screen} (while empty? {add} {unit})")
            elif kind is Kind.GRASSHOP:
                out.append(f"{guard}{unit} (while empty? {unit}) {unit} {arrive} {add}")
        if piece.en_passant_straight and only is not Modality.QUIET:
            # their pawn beside ours came diagonally from two files away on our side, over the
            # square in front of ours, where ours lands
            for side, back, far in (("e", "w", "nw"), ("w", "e", "ne")):
                out.append(f"{side} (verify enemy?) (verify last-to?) (verify (piece? {piece.name})) capture "
                           f"{back} {far} (verify (last-from? n)) {side} (verify empty?) add")
        elif piece.en_passant and only is not Modality.QUIET:
            for side in ("e", "w"):
                out.append(f"{side} (verify enemy?) (verify last-to?) (verify (piece? {piece.name})) capture n "
                           f"(verify (last-from? n)) add")
        return out

    def aligned_scan(self, token: str) -> str:
        """Before a piece ``token`` lands: every enemy piece on its file or rank, whatever stands
        between, whose first moves its arrival takes away, loses them (Cambodian's rook and
        king); empty for a piece that takes no right away."""
        victims = [self.names[t] for t, first in sorted(self.rules.first_moves.items())
                   if token in first.lost_when_aligned]
        if not victims:
            return ""
        victim = victims[0] if len(victims) == 1 else f"(or {' '.join(f'(piece? {v})' for v in victims)})"
        test = f"(piece? {victim})" if len(victims) == 1 else victim
        scans = [f"(while (on-board? {d}) {d} (if (and enemy? {test}) (set-attribute never-moved? false))) back"
                 for d in ("n", "e", "s", "w")]
        return "mark " + " ".join(scans) + " "

    def first_move_blocks(self, piece: PieceRules) -> list[str]:
        """The leaps ``piece`` may make from its start square while it has not moved, onto an
        empty square; a royal piece not out of check."""
        first = self.rules.first_moves.get(piece.token)
        if first is None:
            return []
        # from the type's start squares only (Fairy-Stockfish keeps the right with the square):
        # a piece promoted to that type has never moved either
        starts = {player: sorted(square_name(f, r) for (f, r), v in self.rules.board.items() if v == (colour, piece.token))
                  for colour, player in enumerate(("White", "Black"))}
        guard = f"(verify (in-zone? {self.start_zone(starts)})) (verify never-moved?) " \
            + ("(verify not-attacked?) " if first.not_in_check else "")
        return [f"{guard}{self.leap(dx, dy)} (verify empty?) {self.add(piece, True)}" for dx, dy in first.leaps]

    def castling_blocks(self, royal: bool) -> list[str]:
        """The castlings, by the king's moves; a royal king may not castle out of, through or
        into check."""
        safe = " (verify not-attacked?)" if royal else ""
        out = []
        for c in self.rules.castlings:
            rook = self.names[c.partner]
            d = "e" if c.king_to > c.king_from else "w"
            walk = " ".join([f"{d} (verify empty?){safe}"] * abs(c.king_to - c.king_from))
            beyond = abs(c.rook_from - c.king_to)
            to_rook = " ".join([f"{d} (verify empty?)"] * (beyond - 1) + [d])
            # `back` returns to the king's square (the mark starts there); the rook's square is
            # counted from it, in whichever direction it lies.
            toward = "e" if c.rook_to > c.king_from else "w"
            rook_to = " ".join([toward] * abs(c.rook_to - c.king_from))
            out.append(f"(verify never-moved?){safe} {walk} (set-attribute never-moved? false) "
                       f"cascade {to_rook} (verify friend?) (verify (piece? {rook})) (verify never-moved?) "
                       f"from back {rook_to} (set-attribute never-moved? false) add")
        return out


def render_variant(rules: VariantRules, title: str | None = None,
                   pictures: GamePictures | None = None) -> tuple[str, Naming]:
    """The ZRF text of ``rules`` and the names linking it to Fairy-Stockfish's positions; with
    ``pictures``, the board and pieces name their bitmaps (a Zillions package)."""
    if rules.unsupported:
        raise ImportUnfit("; ".join(rules.unsupported))
    writer = _Writer(rules)
    castle_types = {rules.castler, *(c.partner for c in rules.castlings)} if rules.castlings else set()
    castle_types |= set(rules.first_moves)  # never-moved? says the right is still there
    pieces = []
    for token, piece in sorted(rules.pieces.items(), key=lambda kv: kv[1].name):
        castles = token in castle_types
        if rules.captures_compulsory:  # the capture type first: move-priorities keeps it alone
            blocks = ["move-type capture", *writer.blocks(piece, castles, Modality.CAPTURE),
                      "move-type normal", *writer.blocks(piece, castles, Modality.QUIET)]
        else:
            blocks = writer.blocks(piece, castles)
        blocks += writer.first_move_blocks(piece)
        if token == rules.castler:
            blocks += writer.castling_blocks(piece.royal)
        if piece.royal and rules.royals_may_not_face:
            # a capture of the enemy king along an open file is never played (the move before it
            # would have left a king attacked), but makes facing kings an attack, which the
            # checkmated goal forbids
            blocks += [f"{d} (while empty? {d}) (verify enemy?) (verify (piece? {piece.name})) add"
                       for d in ("n", "s")]
        pieces.append({"name": piece.name, "token": token, "betza": piece.betza, "castles": castles,
                       "help": f"{piece.name}: moves as {piece.betza} in Betza notation", "blocks": blocks})
    if rules.petrifying:
        pieces.append({"name": WALL_PIECE, "token": "*", "betza": "", "castles": False, "blocks": [],
                       "help": f"{WALL_PIECE}: a piece that captured, petrified; it never moves and is never taken"})
    setup = []
    for colour, player in ((0, "White"), (1, "Black")):
        by_type: dict = {}
        for (f, r), (c, t) in sorted(rules.board.items()):
            if c == colour:
                by_type.setdefault(writer.names[t], []).append(f"{chr(97 + f)}{r + 1}")
        setup.append((player, sorted(by_type.items())))
    goals = ["(move-priorities capture normal)"] if rules.captures_compulsory else []
    if rules.no_pieces is not None:
        goals.append(f"({rules.no_pieces.value}-condition (White Black) (pieces-remaining 0))")
    for token, value in sorted(rules.extinctions.items()):
        goals.append(f"({value.value}-condition (White Black) (pieces-remaining 0 {writer.names[token]}))")
    for token, squares in sorted(rules.flags.items()):
        goals.append(f"(win-condition (White Black) (absolute-config {writer.names[token]} "
                     f"({writer.zone(squares, 'flag')})))")
    # every royal type: a move may leave none of them attacked (SEMANTICS 5.11), as
    # Fairy-Stockfish's pseudo-royal pieces (Coregal's queen) beside the king
    royal = [p.name for t, p in sorted(rules.pieces.items(), key=lambda kv: (kv[0] != "k", kv[0])) if p.royal]
    ends = [(f"(checkmated {' '.join(royal)})", rules.checkmate)] if royal else []
    for condition, values in ends + [("stalemated", rules.stalemate)]:
        for value in dict.fromkeys(values[p] for p in ("White", "Black")):
            players = " ".join(p for p in ("White", "Black") if values[p] is value)
            goals.append(f"({value.value}-condition ({players}) {condition})")
    env = make_environment()
    text = env.get_template("fairy/variant.zrf.j2").render(
        title=title or f"{rules.variant} (Fairy-Stockfish)", variant=rules.variant,
        description=f"The variant {rules.variant} of Fairy-Stockfish, imported by zrf import fairy.",
        files=[chr(97 + f) for f in range(rules.files)], ranks=[str(r) for r in range(rules.ranks, 0, -1)],
        kills=sorted(square_name(f, r) for f, r in rules.walls),
        leaps=[(leap_direction(dx, dy), dx, -dy, leap_direction(dx, -dy)) for dx, dy in sorted(writer.leaps)],
        zones=writer.zones, pieces=pieces, setup=setup, goals=goals,
        images=pictures.zrf_images() if pictures else None, origin=MARGIN if pictures else 0, cell=CELL)
    naming = Naming({t: p.name for t, p in rules.pieces.items()}, dict(rules.square_cells()), ("White", "Black"),
                    rules.castling_notation, WALL_PIECE if rules.petrifying else None)
    return text, naming


def variant_pictures(rules: VariantRules) -> GamePictures:
    """The package name, checkered board and piece bitmaps of an imported variant."""
    files = "".join(chr(97 + f) for f in range(rules.files))
    ranks = list(range(rules.ranks, 0, -1))
    rects = grid_cells(files, ranks, CELL, MARGIN, MARGIN)
    cells = {c: (r, DARK if (files.index(c[0]) + int(c[1:])) % 2 == 1 else LIGHT) for c, r in rects.items()}
    size = (rules.files * CELL + 2 * MARGIN, rules.ranks * CELL + 2 * MARGIN)
    board = BoardPicture("board.bmp", size, BORDER, cells,
                         texts=coordinates(files, ranks, CELL, MARGIN, MARGIN, MARGIN, INK))
    package = "FS-" + "".join(ch if ch.isalnum() else "-" for ch in rules.variant.split("-zrf")[0])
    names = tuple(p.name for p in sorted(rules.pieces.values(), key=lambda p: p.name)) \
        + ((WALL_PIECE,) if rules.petrifying else ())
    own = {n: SYMBOL_OF[n] for n in names if n in SYMBOL_OF}
    spare = [s for s in SYMBOLS if s not in own.values()]
    symbols = {n: own.get(n) or spare.pop(0) for n in names}
    return GamePictures(package, (board,), ("White", "Black"), names, CELL - 4, symbols)


def write_import_package(imported: Imported, directory: str) -> list[str]:
    """Write the Zillions package of an import (rendered with its pictures) under ``directory``.

    The package's bitmaps need Pillow (the ``graphics`` extra): imported here, so that importing
    a variant as a bare ZRF, and ``zrf --help``, work without it."""
    from .package import files_for

    pictures = variant_pictures(imported.rules)
    return write_tree_atomically(directory, files_for(imported.text, pictures, imported.rules.variant))


def import_variant(variant: str, config: str | None = None, depth: int = 3, positions: int = 200,
                   check: bool = True, package: bool = False, rules: VariantRules | None = None) -> Imported:
    """Read (unless ``rules`` were read already), render and (with ``check``) verify ``variant``;
    raises :class:`ImportUnfit`."""
    rules = rules or read_variant(variant, config)
    text, naming = render_variant(rules, None, variant_pictures(rules) if package else None)
    errors = [d for d in validate(text, f"{variant}.zrf") if d.is_error]
    imported = Imported(text, rules, naming, None, errors)
    if errors or not check:
        return imported
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, f"{variant}.zrf")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        game = open_game(path)
        fairy = FairyGame(rules.variant, naming)
        imported.verification = verify(fairy, game, depth, positions)
    return imported
