"""A ZRF game as a Fairy-Stockfish ``variants.ini`` section, or every reason it cannot be one.

The section is read from our model and interpreter, never from the ZRF's text alone: the
board and cell names from the model's grid (:func:`board_frame`), the pieces' moves from the
interpreter (:mod:`.probing`, written in Betza by :mod:`.betza`), promotions from the moves'
details, castling from the start position, the goals from the goal forms.  What Fairy-
Stockfish cannot express is a located diagnostic at the construct (:class:`ExportCode`, the
E8xx block of docs/diagnostics.md), every one of them, and then there is no section.

An export is not trusted until :mod:`.verification` has compared the two engines.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field

from runtime.interpreter.game import ZrfGame
from zrf.diagnostics import Diagnostic
from zrf.model import GameDef
from zrf.syntax import Atom, List, Node, String, to_text

from .betza import read, write
from .capture_promotions import read_capture_promotions
from .castling_rights import castling_after_return
from .drop_mates import mating_drop_reason
from .drops import read_drops
from .extinction_goals import extinction_rule
from .extra_positions import describe, positions_outside_grid, why_they_matter
from .fen import square_name
from .final_captures import game_ending_types
from .flag_entries import attacked_entry_refused
from .goal_forms import checkmated_type, checkmated_types
from .hand_cells import MAX_PROBLEMS, HandProblem, HandRules
from .mobility_regions import second_player_region
from .move_priorities import (
    PriorityRule,
    captures_first_problems,
    model_problems,
    priority_rule,
)
from .naming import Naming
from .pawn_promotions import PawnPromotion, read_pawn_promotion
from .player_colours import players_by_colour
from .position import FairyGame
from .probing import (
    BoardFrame,
    Prober,
    centre_distance,
    piece_steps,
    predict_quiet,
    region_option,
)
from .section import VariantSection
from .stalemate_counting import (
    counting_refusals,
    repetition_options,
    stalemate_counting,
)
from .turnovers import read_turnovers

#: Fairy-Stockfish's largest board (its LARGEBOARDS build): files, ranks.
MAX_FILES, MAX_RANKS = 12, 10
#: Custom piece slots of a variants.ini.
MAX_CUSTOM_PIECES = 25
#: The largest share of the board's squares a piece confined to a region (a palace) may move
#: from for its steps to be read from each of them (:meth:`_PieceExport._steps_of_every_square`:
#: a whole probe per square).
MAX_REGION_SHARE = 0.5


class ExportCode(enum.Enum):
    """The diagnostics of ``zrf export fairy`` (docs/diagnostics.md, E8xx)."""

    PLAYERS = "E801"
    BOARD = "E802"
    BOARD_SIZE = "E803"
    TURN_ORDER = "E804"
    MULTI_PART = "E805"
    EFFECT = "E806"
    MOVEMENT = "E807"
    PROMOTION = "E808"
    GOAL = "E809"
    DROPS = "E810"
    PIECES = "E811"
    DIFFERENCE = "E812"
    OPTION = "E813"


#: Move-program keywords with no Fairy-Stockfish counterpart, and why.  Anything else a move
#: program does (flags, marks, a change-type that is a promotion) is judged by what the moves
#: do: the probes and the verification.
BLOCKING_KEYWORDS = {
    "add-partial": (ExportCode.MULTI_PART, "Fairy-Stockfish has no multi-part moves"),
    "add-copy-partial": (ExportCode.MULTI_PART, "Fairy-Stockfish has no multi-part moves"),
    "add-copy": (ExportCode.EFFECT, "Fairy-Stockfish has no move that leaves the piece where it was"),
    "create": (ExportCode.EFFECT, "Fairy-Stockfish creates no pieces"),
    "flip": (ExportCode.EFFECT, "Fairy-Stockfish changes no piece's owner"),
    "change-owner": (ExportCode.EFFECT, "Fairy-Stockfish changes no piece's owner"),
}
#: The keywords a game whose hands are board cells uses to carry a captured piece to its
#: capturer's hand (:mod:`.hand_cells`): reported only when no probe sees such a capture.
HAND_EFFECTS = ("flip", "change-owner", "create")


@dataclass
class Export:
    """What the export made: a section and the names linking it to the ZRF, or diagnostics."""

    section: VariantSection | None
    naming: Naming | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    frame: BoardFrame | None = None

    @property
    def ok(self) -> bool:
        return self.section is not None and not self.diagnostics


class ExportUnfit(ValueError):
    """A game that does not fit a variants.ini section; ``diagnostics`` say where and why."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__("\n".join(d.format() for d in diagnostics))
        self.diagnostics = diagnostics


class _Report:
    def __init__(self, gdef: GameDef) -> None:
        self.gdef = gdef
        self.items: list[Diagnostic] = []

    def add(self, code: ExportCode, message: str, span=None) -> None:
        self.items.append(Diagnostic(code.value, message, span if span is not None else self.gdef.span))


def variant_name(title: str) -> str:
    """A Fairy-Stockfish variant name from a game title: lower case letters, digits and dashes."""
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return "zrf-" + (slug or "game")


def export_game(game: ZrfGame, name: str | None = None) -> Export:
    """The section of ``game`` (see the module docstring); diagnostics when it does not fit."""
    gdef = game.gdef
    report = _Report(gdef)
    if len(gdef.players) != 2:
        report.add(ExportCode.PLAYERS, f"Fairy-Stockfish plays two players, this game has {len(gdef.players)}",
                   _form_span(gdef, "players"))
    _check_turn_order(game, report)
    # hand cells are looked for (by probes) only where nothing but the board and the keywords
    # that carry a capture to a hand cell stand in the way
    found = blocking_keywords(gdef)
    trial = _Report(gdef)
    _check_options(gdef, trial)
    carrying = all(word in HAND_EFFECTS for word, _, _, _ in found)
    hand_rules = HandRules.of(game) if not report.items and not trial.items and carrying else None
    outside = positions_outside_grid(gdef) if hand_rules is None and not report.items else []
    frame = board_frame(gdef, report, hand_rules.playing if hand_rules is not None else None, frozenset(outside))
    # the probes of the positions beside the grid only once the grid alone fits
    why = why_they_matter(game, outside) if outside and frame is not None else None
    if why is not None:
        report.add(ExportCode.BOARD, "Fairy-Stockfish plays on one rectangular grid: this board has positions "
                   f"outside its grid ({describe(outside)}), and {why}", gdef.board.span)
        frame = None
    deferred = []
    for word, code, text, span in found:
        if hand_rules is not None and word in HAND_EFFECTS:
            deferred.append((code, text, span))
        else:
            report.add(code, text, span)
    _check_options(gdef, report)
    if report.items or frame is None:
        return Export(None, None, report.items, frame)
    return _PieceExport(game, frame, report, name or variant_name(gdef.title), hand_rules, deferred).run()


def board_frame(gdef: GameDef, report: _Report, playing: frozenset[str] | None = None,
                left_out: frozenset[str] = frozenset()) -> BoardFrame | None:
    """The board as Fairy-Stockfish squares: one full rectangular two-dimensional grid, rank 1
    on the first player's side (the side where its set-up stands).  With ``playing`` (the
    playing area of a game whose hands are board cells, :mod:`.hand_cells`), only those cells:
    a full rectangle of one grid, the hand cells left out.  The cells ``left_out`` (positions
    outside the grid that play no part, :mod:`.extra_positions`) are no squares."""
    board = gdef.board
    cells = [p for p in board.positions.values() if not p.dummy and (playing is None or p.name in playing)
             and p.name not in left_out]
    grids = sorted({p.grid for p in cells if p.grid is not None}) if playing is not None \
        else list(range(len(board.grids)))
    if len(grids) != 1 or any(p.grid != grids[0] or p.coords is None for p in cells):
        where = "playing area" if playing is not None else "board"
        report.add(ExportCode.BOARD, f"Fairy-Stockfish plays on one rectangular grid: this {where} "
                   + (f"has {len(grids)} grids" if len(grids) != 1 else "has positions outside its grid"),
                   board.span)
        return None
    grid = board.grids[grids[0]]
    if len(grid.dimensions) != 2:
        report.add(ExportCode.BOARD, f"Fairy-Stockfish boards have two dimensions, this grid has "
                   f"{len(grid.dimensions)}", grid.span)
        return None
    (names0, (dx0, dy0)), (names1, (dx1, dy1)) = grid.dimensions
    if dx0 != 0 and dy1 != 0:
        file_axis, rank_axis, step_x, step_y = 0, 1, dx0, dy1
    elif dy0 != 0 and dx1 != 0:
        file_axis, rank_axis, step_x, step_y = 1, 0, dx1, dy0
    else:
        report.add(ExportCode.BOARD, "the grid's dimensions are not one across and one down", grid.span)
        return None
    low = [min(p.coords[k] for p in cells) for k in (0, 1)]
    high = [max(p.coords[k] for p in cells) for k in (0, 1)]
    files = high[file_axis] - low[file_axis] + 1
    ranks = high[rank_axis] - low[rank_axis] + 1
    labels = {a + b: (i, j) for i, a in enumerate(names0) for j, b in enumerate(names1)}
    killed = [labels[k] for k in board.killed if k in labels
              and all(low[a] <= labels[k][a] <= high[a] for a in (0, 1))]
    if files * ranks != len(cells) + len(killed):
        report.add(ExportCode.BOARD, "the playing area is not a full rectangle of cells and killed positions"
                   if playing is not None else "the grid is not a full rectangle of cells and killed positions",
                   grid.span)
        return None
    if files > MAX_FILES or ranks > MAX_RANKS:
        report.add(ExportCode.BOARD_SIZE, f"the {'playing area' if playing is not None else 'board'} is "
                   f"{files}x{ranks}: Fairy-Stockfish's largest is {MAX_FILES}x{MAX_RANKS}", grid.span)
        return None

    def place(coords):
        i, j = coords[file_axis] - low[file_axis], coords[rank_axis] - low[rank_axis]
        return (i if step_x > 0 else files - 1 - i, ranks - 1 - j if step_y > 0 else j)

    square = {p.name: place(p.coords) for p in cells}
    walls = {place(k) for k in killed}
    first = players_by_colour(gdef)[0] if gdef.players else None
    mine = [square[c][1] for pl, _, c in gdef.setup.placements if pl == first and c in square]
    if mine and sum(mine) / len(mine) > (ranks - 1) / 2:  # the first player sits at the top: turn the board
        square = {c: (files - 1 - f, ranks - 1 - r) for c, (f, r) in square.items()}
        walls = {(files - 1 - f, ranks - 1 - r) for f, r in walls}
    return BoardFrame(files, ranks, square, walls=frozenset(walls))


def _check_turn_order(game: ZrfGame, report: _Report) -> None:
    order = game.gdef.turn_order
    entries = order.entries
    players = players_by_colour(game.gdef)
    if not entries:
        return
    plain = all(e.moves_as == e.player and e.move_type is None for e in entries)
    alternating = len(entries) % 2 == 0 and all(e.player == players[i % 2] for i, e in enumerate(entries)) \
        if len(players) == 2 else False
    if not (plain and alternating and order.repeat_from == 0):
        report.add(ExportCode.TURN_ORDER, "Fairy-Stockfish's players alternate one move each; this turn order "
                   "does not", _form_span(game.gdef, "turn-order"))


def _form_span(gdef: GameDef, head: str):
    """Where the game's ``(head ...)`` form is written, else where the game is."""
    forms = gdef.forms.get(head)
    return forms[0].span if forms else gdef.span


def _walk(node: Node):
    yield node
    if isinstance(node, List):
        for item in node.items:
            yield from _walk(item)


def capture_nodes(gdef: GameDef) -> dict[str, list[Node]]:
    """Piece type -> its ``capture`` statements (a capture elsewhere than the square moved to)."""
    out: dict[str, list[Node]] = {}
    for piece in gdef.pieces.values():
        for block in piece.moves:
            for node in _walk(block.program):
                if (isinstance(node, Atom) and node.text == "capture") or \
                        (isinstance(node, List) and node.head == "capture"):
                    out.setdefault(piece.name, []).append(node)
    return out


def blocking_keywords(gdef: GameDef) -> list[tuple[str, ExportCode, str, object]]:
    """Every move-program keyword Fairy-Stockfish has no counterpart for, in program order:
    (keyword, code, message, where it is written)."""
    found = []
    for piece in gdef.pieces.values():
        for block in list(piece.moves) + list(piece.drops):
            for node in _walk(block.program):
                word = node.text if isinstance(node, Atom) else node.head if isinstance(node, List) else None
                if word in BLOCKING_KEYWORDS:
                    code, why = BLOCKING_KEYWORDS[word]
                    found.append((word, code, f"{word}: {why}", node.span))
    return found


def _check_options(gdef: GameDef, report: _Report) -> None:
    opt = gdef.options
    if opt.get("maximal captures", "false") != "false":
        report.add(ExportCode.OPTION, "maximal captures: Fairy-Stockfish has no capture-majority rule")
    for problem in model_problems(gdef):
        report.add(ExportCode.OPTION, problem.message,
                   problem.block.span if problem.block is not None else _form_span(gdef, "move-priorities"))
    if opt.get("recycle captures", "false") != "false":
        report.add(ExportCode.OPTION, "recycle captures: a captured piece returns to its owner's hand; "
                   "Fairy-Stockfish's capturesToHand gives it to the capturer")


class _PieceExport:
    """The pieces, set-up, promotions, castling and goals of one game that passed the checks."""

    def __init__(self, game: ZrfGame, frame: BoardFrame, report: _Report, name: str,
                 hand_rules: HandRules | None = None, deferred=()) -> None:
        self.game = game
        self.gdef = game.gdef
        self.frame = frame
        self.report = report
        self.name = name
        self.hand_rules = hand_rules
        #: blocking keywords that a capture to a hand cell may explain (:data:`HAND_EFFECTS`)
        self.deferred = list(deferred)
        self.prober = Prober(game, frame, hand_rules)
        self.options: dict[str, str] = {}
        #: FEN tokens other than the piece's letter: a promoted form is ``+`` and its base's letter
        self.tokens: dict[str, str] = {}
        #: type -> (the type it promotes to, its promotion region, mandatory?, forced only where
        #: the piece could not move again?): shogi-style promotions (:meth:`_piece_promotion`)
        self.piece_promotions: dict[str, tuple[str, frozenset, bool, bool]] = {}
        #: type -> its pawn-style promotion, for a piece other than the orthodox pawn
        #: (:mod:`.pawn_promotions`)
        self.pawn_promotions: dict[str, PawnPromotion] = {}
        #: type -> the Betza of its initial moves (a double step of a piece other than the
        #: orthodox pawn, from the double-step region)
        self.initial_moves: dict[str, str] = {}
        #: types whose capture the probes saw remove the piece, not carry it to a hand cell
        self.removed_captures: list[str] = []
        #: those of them whose capture ends the game, where Fairy-Stockfish puts them in hand
        self.removed_at_end: list[str] = []
        #: the royal types (``checkmated`` goals)
        self.royal: set[str] = set()
        #: the types in hand at the start or kept on hand cells
        self.hand: list[str] = []

    def run(self) -> Export:
        gdef = self.gdef
        players = players_by_colour(gdef)
        used = [t for t in dict.fromkeys(ty for _, ty, c in gdef.setup.placements if c in self.frame.square)
                if t in gdef.pieces]
        for t in sorted(self.game.promotion_targets):
            name = self.game.tables.types[t]
            if name not in used:
                used.append(name)
        royal = self._royal_types()
        self.royal = royal
        hand = hand_types(gdef)
        if self.hand_rules is not None:
            hand += [t for t in self._hand_cell_types([t for t in used if t not in royal]) if t not in hand]
        used += [t for t in hand if t not in used]
        self.hand = hand
        if not used:
            self._nothing_to_play()
            return Export(None, None, self.report.items, self.frame)
        letters = _letters(used, royal)
        self.letters = letters
        self.options["maxRank"] = str(self.frame.ranks)
        self.options["maxFile"] = str(self.frame.files)
        victim = used[0]
        if not self._captures_first(used, victim):
            # the other probes would read the moves through priorities that are no rule here
            return Export(None, None, self.report.items, self.frame)
        pawn_type = None
        probes = {t: piece_steps(self.prober, t, victim) for t in used}
        self.probes = probes
        custom = 0
        for t in used:
            moves = probes[t]
            steps = set(moves.steps)
            span = gdef.pieces[t].span
            double = _double_steps(self.frame, moves.exceptions)
            other = {c: v for c, v in moves.exceptions.items() if c not in double}
            if moves.promotions and not double and steps != read("fmWfcF"):
                mark = len(self.report.items)
                if not self._piece_promotion(t, moves, steps) and not self._pawn_style(t, moves, mark):
                    continue
            elif double and steps != read("fmWfcF"):
                # not the orthodox pawn, with a pawn's double step: an initial move of its own
                if not self._initial_double_step(t, double, victim):
                    continue
                if moves.promotions and not self._pawn_style(t, moves, len(self.report.items)):
                    continue
            elif moves.promotions or double:
                if pawn_type is not None:
                    self.report.add(ExportCode.PROMOTION, f"{t}: Fairy-Stockfish promotes one pawn type here "
                                    f"({pawn_type} already)", span)
                    continue
                pawn_type = t
                if steps == read("fmWfcF"):
                    self.options["pawn"] = letters[t]
                elif moves.promotions:
                    self.report.add(ExportCode.PROMOTION, f"{t} promotes to {', '.join(sorted(moves.promotions))} "
                                    f"but moves {_betza_or_why(steps)}: an exported game promotes only a pawn "
                                    "(fmWfcF)", span)
                    continue
                else:
                    self.report.add(ExportCode.MOVEMENT, f"{t} has a double step but moves {_betza_or_why(steps)}: "
                                    "an exported game double-steps only a pawn (fmWfcF)", span)
                    continue
                self._pawn_options(t, double, moves)
            region = _mobility_region(self.frame, steps, other) if other else None
            if other and region is None and not moves.promotions:
                steps, region = self._steps_of_every_square(t, victim, moves, steps)
            if other and region is None:
                cell, (extra, missing) = min(other.items())
                self.report.add(ExportCode.MOVEMENT, f"{t}'s moves depend on where it stands (from {cell} it "
                                f"also reaches {sorted(extra) or 'nothing more'}, not {sorted(missing) or 'less'}"
                                "), and not only by the squares it may enter: Fairy-Stockfish pieces move alike "
                                "from every square", span)
                continue
            if t == pawn_type:
                continue
            try:
                betza = write(steps) + self.initial_moves.get(t, "")
            except ValueError as exc:
                self.report.add(ExportCode.MOVEMENT, f"{t}: {exc}", span)
                continue
            if t in royal:
                self.options["king"] = letters[t] + ("" if betza in ("WF", "K") else ":" + betza)
                option_name = "King"
            else:
                custom += 1
                if custom > MAX_CUSTOM_PIECES:
                    self.report.add(ExportCode.PIECES, f"{t}: more than {MAX_CUSTOM_PIECES} piece types", span)
                    continue
                self.options[f"customPiece{custom}"] = f"{letters[t]}:{betza}"
                option_name = f"CustomPiece{custom}"
            if region is not None:
                self.options[f"mobilityRegionWhite{option_name}"] = region_option(self.frame, region)
                self.options[f"mobilityRegionBlack{option_name}"] = region_option(
                    self.frame, second_player_region(self.prober, t, region, self._mirrored))
        if "king" not in self.options:
            self.options["king"] = "-"
        en_passant = pawn_type is not None and self.options.get("enPassantRegion") != "-"
        for ptype, nodes in capture_nodes(gdef).items():
            if ptype == pawn_type and en_passant:
                continue  # the pawn's capture is its en passant, which Fairy-Stockfish's pawn has
            for node in nodes:
                self.report.add(ExportCode.EFFECT, f"capture: {ptype} takes a piece elsewhere than where it "
                                "lands; Fairy-Stockfish captures only there (and en passant)", node.span)
        for t in used:
            for problem in probes[t].problems:
                self.report.add(ExportCode.MOVEMENT, f"{t}: {problem}: no Fairy-Stockfish move does that",
                                gdef.pieces[t].span)
            if probes[t].friendly_captures:
                self.report.add(ExportCode.MOVEMENT, f"{t} captures pieces of its own side (on "
                                f"{', '.join(sorted(probes[t].friendly_captures))} from its probe square): "
                                "Fairy-Stockfish never does", gdef.pieces[t].span)
        self._piece_promotion_options(pawn_type)
        self._pawn_style_options(pawn_type)
        self._capture_promotions(pawn_type, hand)
        self._drops(hand)
        self._check_immobility()
        self._hand_problems()
        castling = self._castling(royal)
        self._goals(royal)
        self._flag_entries(royal)
        self._pass_option()
        self.options["nMoveRule"] = "0"
        self.options["startFen"] = self._start_fen(castling)
        if self.report.items:
            return Export(None, None, self.report.items, self.frame)
        naming = Naming({self.tokens.get(t, letters[t]): t for t in used}, dict(self.frame.cell), (players[0], players[1]),
                        hand_cells=self.hand_rules.hand if self.hand_rules is not None else frozenset(),
                        removed_at_end=frozenset(self.removed_at_end))
        section = VariantSection(self.name, None, self.options,
                                 [f"{self.gdef.title}: exported from {self.game.path.rsplit('/', 1)[-1]} by zrf export fairy"])
        return Export(section, naming, [], self.frame)

    # -- parts

    def _royal_types(self) -> set[str]:
        royal: set[str] = set()
        for g in self.gdef.goals:
            t = checkmated_type(g)
            if t is not None and g.kind == "loss":
                royal.add(t)
        if len(royal) > 1:
            self.report.add(ExportCode.GOAL, f"several royal types ({', '.join(sorted(royal))}): Fairy-Stockfish "
                            "has one king type")
        return royal

    def _pawn_options(self, t: str, double, moves) -> None:
        o = self.options
        letter = self.letters[t]
        zone = set(moves.promotions and set.union(*moves.promotions.values()))
        o["promotionRegionWhite"] = region_option(self.frame, zone)
        o["promotionRegionBlack"] = region_option(self.frame, self._mirrored(zone))
        choices = [p for p in moves.promotions if p in self.letters]
        missing = [p for p in moves.promotions if p not in self.letters]
        if missing:
            self.report.add(ExportCode.PROMOTION, f"{t} promotes to {', '.join(missing)}, which the set-up lacks",
                            self.gdef.pieces[t].span)
        o["promotionPieceTypes"] = "".join(self.letters[p] for p in choices) or "-"
        o["mandatoryPawnPromotion"] = "false" if moves.optional_promotion else "true"
        if double:
            o["doubleStep"] = "true"
            o["doubleStepRegionWhite"] = region_option(self.frame, double)
            o["doubleStepRegionBlack"] = region_option(self.frame, self._mirrored(double))
        else:
            o["doubleStep"] = "false"
        programs = [to_text(b.program) for b in self.gdef.pieces[t].moves]
        if not any("last-to?" in p or "last-from?" in p for p in programs):
            o["enPassantRegion"] = "-"
        _ = letter

    def _piece_promotion(self, t: str, moves, steps) -> bool:
        """A promotion of a piece other than an orthodox pawn, as Fairy-Stockfish's shogi-style
        ``promotedPieceType``: one type to promote to, on every move that starts or ends in one
        region, by choice, or always (``mandatoryPiecePromotion``), or by choice except where the
        piece could not move again (``immobilityIllegal``).  False (and an E808) otherwise."""
        span = self.gdef.pieces[t].span
        if len(moves.promotions) != 1:
            self.report.add(ExportCode.PROMOTION, f"{t} promotes to {', '.join(sorted(moves.promotions))}: "
                            "a Fairy-Stockfish piece promotes to one type", span)
            return False
        (target,) = moves.promotions
        into: dict[str, list[bool]] = {}
        out_of: dict[str, list[bool]] = {}
        for (src, dst), promos in moves.promotion_moves.items():
            into.setdefault(dst, []).append(target in promos)
            out_of.setdefault(src, []).append(target in promos)
        region = frozenset(c for c in self.frame.square
                           if (c in into or c in out_of) and all(into.get(c, [])) and all(out_of.get(c, [])))
        wrong = sorted(f"{src}-{dst}" for (src, dst), promos in moves.promotion_moves.items()
                       if (target in promos) != (src in region or dst in region))
        if wrong:
            self.report.add(ExportCode.PROMOTION, f"{t} promotes to {target} not exactly on the moves that start "
                            f"or end in one region ({', '.join(wrong[:4])}...): Fairy-Stockfish promotes so", span)
            return False
        promoting = {k for k, promos in moves.promotion_moves.items() if target in promos}
        forced = {k for k in promoting if None not in moves.promotion_moves[k]}
        stuck = {dst for _, dst in promoting if not predict_quiet(self.frame, dst, steps)}
        mandatory = bool(promoting) and forced == promoting
        immobility = bool(forced) and not mandatory and {dst for _, dst in forced} == stuck \
            and all(dst in stuck for _, dst in forced) and forced == {k for k in promoting if k[1] in stuck}
        if forced and not mandatory and not immobility:
            self.report.add(ExportCode.PROMOTION, f"{t} must promote on some moves ({', '.join(sorted(f'{a}-{b}' for a, b in forced)[:4])}"
                            "...) other than those after which it could not move: Fairy-Stockfish has no such rule", span)
            return False
        self.piece_promotions[t] = (target, region, mandatory, immobility)
        return True

    def _initial_double_step(self, t: str, double: set[str], victim: str) -> bool:
        """A double step forward of a piece other than the orthodox pawn, from the cells
        ``double`` only: Fairy-Stockfish's initial move (``i``), made from the squares of
        ``doubleStepRegion``, quiet (``m``), and lame (``n``) when a piece on the square
        between stops it.  False (and an E807) when it captures, when the probes see it stopped
        on some of those cells and not others, or when the region differs from another piece's."""
        span = self.gdef.pieces[t].span
        prober = self.prober
        lame, captures = set(), False
        for cell in sorted(double):
            between, target = self.frame.offset(cell, 0, 1), self.frame.offset(cell, 0, 2)
            lame.add(target not in prober.targets(t, cell, [(prober.player, victim, between)]))
            got = prober.targets(t, cell, [(prober.enemy, victim, target)])
            captures |= target in got and got[target][0]
        if captures or len(lame) != 1:
            self.report.add(ExportCode.MOVEMENT, f"{t}'s double step " + ("captures" if captures else
                            "is stopped by a piece between on some squares only") + ": Fairy-Stockfish's initial "
                            "moves are quiet, and alike from every square of the region", span)
            return False
        white = region_option(self.frame, double)
        if self.options.get("doubleStepRegionWhite", white) != white:
            self.report.add(ExportCode.MOVEMENT, f"{t} double-steps from other squares than another piece: "
                            "Fairy-Stockfish has one double-step region", span)
            return False
        self.options["doubleStepRegionWhite"] = white
        self.options["doubleStepRegionBlack"] = region_option(self.frame, self._mirrored(double))
        self.initial_moves[t] = "ifmnD" if lame.pop() else "ifmD"
        return True

    def _pawn_style(self, t: str, moves, mark: int) -> bool:
        """After :meth:`_piece_promotion` found no shogi-style promotion (its E808 the
        diagnostics from ``mark`` on): a pawn-style one (:mod:`.pawn_promotions`), which replaces
        that E808; else a second E808 saying why it is none either, and False."""
        found = read_pawn_promotion(moves.promotion_moves)
        if isinstance(found, PawnPromotion):
            del self.report.items[mark:]
            self.pawn_promotions[t] = found
            return True
        self.report.add(ExportCode.PROMOTION, f"{t} promotes, but not pawn-style either (Fairy-Stockfish's "
                        f"promotionPawnTypes): {found}", self.gdef.pieces[t].span)
        return False

    def _pawn_style_options(self, pawn_type: str | None) -> None:
        """The options of the pawn-style promotions of :meth:`_pawn_style`: the types in
        ``promotionPawnTypes`` (with the orthodox pawn, if any), and the region, the types
        promoted to and whether one must, which Fairy-Stockfish has one of for them all (and
        the region for the shogi-style promotions too): an E808 where they differ."""
        if not self.pawn_promotions:
            return
        o = self.options
        span = self.gdef.pieces[next(iter(self.pawn_promotions))].span
        regions = {p.region for p in self.pawn_promotions.values()}
        regions |= {region for _, region, _, _ in self.piece_promotions.values()}
        targets = {p.targets for p in self.pawn_promotions.values()}
        mandatory = {p.mandatory for p in self.pawn_promotions.values()}
        pawns = list(self.pawn_promotions)
        if pawn_type is not None:
            regions.add(frozenset(c for cells in self.probes_pawn_zone() for c in cells))
            targets.add(frozenset(self.probes[pawn_type].promotions))
            mandatory.add(o.get("mandatoryPawnPromotion") == "true")
            pawns.insert(0, pawn_type)
        for differ, what in ((regions, "regions"), (targets, "types"), (mandatory, "rules (must or may)")):
            if len(differ) > 1:
                self.report.add(ExportCode.PROMOTION, f"the pieces promoting pawn-style ({', '.join(pawns)}) promote "
                                f"with different {what}: Fairy-Stockfish has one for all", span)
        if len(regions) > 1 or len(targets) > 1 or len(mandatory) > 1:
            return
        (region,), (kinds,), (must,) = regions, targets, mandatory
        missing = sorted(k for k in kinds if k not in self.letters)
        if missing:
            self.report.add(ExportCode.PROMOTION, f"{', '.join(pawns)} promote to {', '.join(missing)}, which the "
                            "export has no letter for", span)
            return
        o["promotionPawnTypes"] = "".join(self.letters[t] for t in pawns)
        o["promotionPieceTypes"] = "".join(self.letters[k] for k in sorted(kinds))
        o["promotionRegionWhite"] = region_option(self.frame, region)
        o["promotionRegionBlack"] = region_option(self.frame, self._mirrored(region))
        o["mandatoryPawnPromotion"] = "true" if must else "false"

    def _piece_promotion_options(self, pawn_type: str | None) -> None:
        """The section's options for the promotions :meth:`_piece_promotion` read; E808 for what
        one section cannot say (two regions, two promotion rules, a promoted form of two types, a
        promoted piece that is not given back as its base type when captured, a promotion into a
        type held at the start that is no turn-over :mod:`.turnovers` reads)."""
        if not self.piece_promotions:
            return
        o = self.options
        regions = {region for _, region, _, _ in self.piece_promotions.values()}
        if pawn_type is not None:
            regions.add(frozenset(c for cells in self.probes_pawn_zone() for c in cells))
        mandatory = {m for _, _, m, _ in self.piece_promotions.values()}
        first = next(iter(self.piece_promotions))
        span = self.gdef.pieces[first].span
        bases: dict[str, str] = {}
        on_board = {ty for _, ty, c in self.gdef.setup.placements}
        carried = self.hand_rules.carried if self.hand_rules is not None else {}
        turns = read_turnovers(self.piece_promotions, on_board, set(hand_types(self.gdef)) | set(carried.values()))
        for t, problems in turns.problems.items():
            for problem in problems:
                self.report.add(ExportCode.PROMOTION, problem, self.gdef.pieces[t].span)
        for t, (target, _, _, _) in self.piece_promotions.items():
            if t in turns.demoting or (t in turns.judged and target not in turns.demoting):
                continue  # a turn-back, or a turn-over read_turnovers refused
            if target in bases:
                self.report.add(ExportCode.PROMOTION, f"{target} is the promoted form of {bases[target]} and of {t}: "
                                "a Fairy-Stockfish promoted piece has one base type", self.gdef.pieces[t].span)
                continue
            bases[target] = t
            if target in carried and carried[target] != t:
                self.report.add(ExportCode.PROMOTION, f"a captured {target} goes to the hand as {carried[target]}: "
                                f"Fairy-Stockfish gives it back as {t}, the type it promoted from",
                                self.gdef.pieces[target].span)
        if len(regions) > 1:
            by_region: dict[frozenset, list[str]] = {}
            for t, (_, region, _, _) in self.piece_promotions.items():
                by_region.setdefault(region, []).append(t)
            if pawn_type is not None:
                by_region.setdefault(frozenset(c for cells in self.probes_pawn_zone() for c in cells), []).append(pawn_type)
            listed = "; ".join(f"{', '.join(types)} on moves into or out of {', '.join(sorted(region)) or 'no square'}"
                               for region, types in sorted(by_region.items(), key=lambda item: -len(item[1])))
            self.report.add(ExportCode.PROMOTION, f"the pieces promote in different regions ({listed}): "
                            "Fairy-Stockfish has one promotion region", span)
        if len(mandatory) > 1:
            self.report.add(ExportCode.PROMOTION, "some pieces must promote and others may: Fairy-Stockfish has one "
                            "rule for every piece", span)
        region = next(iter(regions))
        o["promotionRegionWhite"] = region_option(self.frame, region)
        o["promotionRegionBlack"] = region_option(self.frame, self._mirrored(region))
        o["promotedPieceType"] = " ".join(f"{self.letters[t]}:{self.letters[target]}"
                                          for t, (target, _, _, _) in self.piece_promotions.items()
                                          if t not in turns.demoting)
        if turns.demoting:
            o["pieceDemotion"] = "true"
        o["mandatoryPiecePromotion"] = "true" if True in mandatory else "false"
        if any(immobility for *_, immobility in self.piece_promotions.values()):
            o["immobilityIllegal"] = "true"
        for target, base in bases.items():
            self.tokens[target] = "+" + self.letters[base]

    def _capture_promotions(self, pawn_type: str | None, hand: list[str]) -> None:
        """Types that change when they capture (:mod:`.capture_promotions`): their options, or
        E808 at each piece for what Fairy-Stockfish cannot say, and where other pieces promote
        on other moves (``piecePromotionOnCapture`` holds for every promotion)."""
        base_types = {ty for _, ty, _ in self.gdef.setup.placements} | set(hand)
        found = read_capture_promotions(self.probes, base_types)
        if found is None:
            return
        others = sorted(set(self.piece_promotions) | ({pawn_type} if pawn_type and self.probes[pawn_type].promotions
                                                      else set()))
        for t in others:
            self.report.add(ExportCode.PROMOTION, f"{t} promotes on moves that capture nothing, where other pieces "
                            "change type when they capture: Fairy-Stockfish's piecePromotionOnCapture holds for "
                            "every promotion", self.gdef.pieces[t].span)
        for t, problems in found.problems.items():
            for problem in problems:
                self.report.add(ExportCode.PROMOTION, problem, self.gdef.pieces[t].span)
        if others or found.problems:
            return
        self.options.update(found.options(self.frame, self.letters))
        for base, promoted in found.promoted.items():
            self.tokens[promoted] = "+" + self.letters[base]

    def _steps_of_every_square(self, t: str, victim: str, moves, steps):
        """A piece whose steps from its reference square explain its moves by no mobility region
        (a palace piece read at the palace's edge lacks the step out of it) and that moves from
        at most :data:`MAX_REGION_SHARE` of the board's squares: the union of the
        steps read from every square it moves from, and the mobility region they give (its moves
        from outside not looked at when it never stands there); the steps given and None when
        that explains nothing either.  The verification decides."""
        sources = sorted({src for src, _ in moves.promotion_moves})
        if len(sources) > MAX_REGION_SHARE * len(self.frame.square):
            return steps, None
        union = set(steps)
        for cell in sources:
            union |= piece_steps(self.prober, t, victim, reference=cell).steps
        exceptions = {}
        for cell in self.frame.square:
            got = {dst for src, dst in moves.promotion_moves if src == cell}
            predicted = predict_quiet(self.frame, cell, union)
            if got != predicted:
                exceptions[cell] = (got - predicted, predicted - got)
        starts = {c for pl, ty, c in self.gdef.setup.placements if ty == t and pl == players_by_colour(self.gdef)[0]}
        placed = t in hand_types(self.gdef) or t in (self.hand_rules.carried.values() if self.hand_rules else ()) \
            or t in {self.game.tables.types[i] for i in self.game.promotion_targets}
        region = _mobility_region(self.frame, union, exceptions,
                                  lambda inside: not placed and starts <= inside) if exceptions else None
        return (union, region) if region is not None else (steps, None)

    def _check_immobility(self) -> None:
        """Under ``immobilityIllegal`` no piece may stop where it could not move again: a piece
        the probes saw stopping there unchanged is an E808 at the piece."""
        if self.options.get("immobilityIllegal") != "true":
            return
        for t, moves in self.probes.items():
            stops = sorted({dst for (_, dst), promos in moves.promotion_moves.items()
                            if None in promos and not predict_quiet(self.frame, dst, moves.steps)})
            if stops:
                self.report.add(ExportCode.PROMOTION, f"{t} may stop unchanged where it cannot move again "
                                f"({', '.join(stops[:4])}), which Fairy-Stockfish's immobilityIllegal (read from "
                                "the other pieces' promotions or drops) forbids", self.gdef.pieces[t].span)

    def probes_pawn_zone(self):
        """The pawn's promotion cells, as :meth:`_pawn_options` wrote them (from the section)."""
        names = self.options.get("promotionRegionWhite", "-").split()
        return [{c for c, sq in self.frame.square.items() if square_name(*sq) in names}]

    def _hand_cell_types(self, used: list[str]) -> list[str]:
        """The types in hand where hands are board cells: those on hand cells at the start, and
        those captured pieces go to hand as, read from a capture of every type in ``used``
        (:mod:`.hand_cells` records them); where a hand cell holds a piece for the first
        player, drop probes put it there."""
        rules = self.hand_rules
        assert rules is not None
        prober = self.prober
        centre = min(self.frame.square, key=lambda c: centre_distance(self.frame, c))
        around = [c for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                  if (dx, dy) != (0, 0) and (c := self.frame.offset(centre, dx, dy)) is not None]
        for victim in used:
            found = False
            for capturer in used:
                for cell in around:
                    got = prober.targets(capturer, centre, [(prober.enemy, victim, cell)])
                    if cell in got and got[cell][0]:
                        found = True
                        break
                if found:
                    break
            if found and victim not in rules.carried:
                self.removed_captures.append(victim)
        at_start = [(pl, ty, c) for pl, ty, c in self.gdef.setup.placements if c in rules.hand]
        types = list(dict.fromkeys([ty for _, ty, _ in at_start] + list(rules.carried.values())))
        mine = sorted(rules.cells_of.get(prober.player, set())) + sorted(rules.hand)
        free = [c for c in dict.fromkeys(mine)]
        prober.hand_pieces = [(prober.player, t, free[i]) for i, t in enumerate(types) if i < len(free)]
        return types

    def _hand_problems(self) -> None:
        """What the probes saw hand cells do that no Fairy-Stockfish hand does, and the types
        whose capture removes the piece where others go to hand; the carrying keywords
        (:data:`HAND_EFFECTS`) when no capture to a hand cell was seen."""
        rules = self.hand_rules
        if rules is None:
            return
        span = self.gdef.board.span
        for kind, text in rules.problems:
            code = ExportCode.EFFECT if kind is HandProblem.CARRY else ExportCode.DROPS
            self.report.add(code, f"hands kept as board cells: {text}", span)
        if rules.more_problems:
            self.report.add(ExportCode.EFFECT, f"hands kept as board cells: the probes saw more reasons than the "
                            f"first {MAX_PROBLEMS} listed here", span)
        if not rules.carried:
            for code, text, where in self.deferred:
                self.report.add(code, text, where)
        else:
            self.options["capturesToHand"] = "true"
            ending = game_ending_types(self.game)
            self.removed_at_end = [v for v in self.removed_captures if v in ending]
            for victim in (v for v in self.removed_captures if v not in ending):
                self.report.add(ExportCode.EFFECT, f"hands kept as board cells: a captured {victim} is removed, "
                                "not carried to a hand cell: Fairy-Stockfish's capturesToHand puts every captured "
                                "piece in the capturer's hand", span)

    def _nothing_to_play(self) -> None:
        """No piece on the board nor in hand: where the game drops pieces, the reason is that no
        player has a store (Zillions drops only from one; a Dagaz file may assume it endless)."""
        dropped = [p for p in self.gdef.pieces.values() if p.drops]
        for piece in dropped:
            self.report.add(ExportCode.DROPS, f"{piece.name} is dropped, but no player has one off the board "
                            "at the start (no `off` count): the game has no move", piece.drops[0].span)
        if not dropped:
            self.report.add(ExportCode.PIECES, "no piece on the board nor off it at the start",
                            _form_span(self.gdef, "board-setup"))

    def _drops(self, hand: list[str]) -> None:
        """The drop options of the pieces in hand at the start (:mod:`.drops`); every drop rule
        they cannot say is an E810 at the piece's drops."""
        if not hand:
            return
        gdef = self.gdef
        first, second = players_by_colour(gdef)[:2]
        stock = gdef.setup.off
        droppable = []
        for t in hand:
            where = gdef.pieces[t].drops[0].span if gdef.pieces[t].drops else gdef.pieces[t].span
            if not gdef.pieces[t].drops and self.hand_rules is None:
                self.report.add(ExportCode.DROPS, f"{t} is off the board at the start but is never dropped: "
                                "Fairy-Stockfish drops every piece in hand", gdef.pieces[t].span)
            elif self.hand_rules is None and not stock.get((first, t)):
                self.report.add(ExportCode.DROPS, f"only {second} has {t} in hand at the start: the drops are "
                                f"read from {first}'s", where)
            else:
                droppable.append(t)
        stuck = {t: {c for c in self.frame.square if not predict_quiet(self.frame, c, self.probes[t].steps)}
                 for t in droppable if t in self.probes}
        rules = read_drops(self.prober, self.frame, droppable, self.letters, self._mirror, stuck)
        self.options.update(rules.options)
        if rules.immobility:
            self.options["immobilityIllegal"] = "true"
        if priority_rule(gdef) is PriorityRule.DROPS_FIRST:
            self.options["mustDrop"] = "true"
        if len(self.royal) == 1:
            for t in droppable:
                reason = mating_drop_reason(self.prober, self.frame, t, next(iter(self.royal)))
                if reason is not None:
                    rules.problems.setdefault(t, []).append(reason)
        for t, problems in rules.problems.items():
            for problem in problems:
                piece = gdef.pieces[t]
                self.report.add(ExportCode.DROPS, problem, piece.drops[0].span if piece.drops else piece.span)

    def _captures_first(self, used: list[str], victim: str) -> bool:
        """``mustCapture`` for priorities that rank captures first, once the probes have shown
        that they split the moves so (:mod:`.move_priorities`); E813 at the block where not,
        and False."""
        if priority_rule(self.gdef) is not PriorityRule.CAPTURES_FIRST or model_problems(self.gdef):
            return True
        problems = captures_first_problems(self.game, self.frame, used, victim, self.hand_rules)
        for problem in problems:
            self.report.add(ExportCode.OPTION, problem.message,
                            problem.block.span if problem.block is not None else _form_span(self.gdef, "move-priorities"))
        if not problems:
            self.options["mustCapture"] = "true"
        return not problems

    def _mirror(self, cell: str) -> str | None:
        """The cell on ``cell``'s square mirrored rank by rank; None where that is a wall."""
        f, r = self.frame.square[cell]
        return self.frame.cell.get((f, self.frame.ranks - 1 - r))

    def _mirrored(self, cells) -> set[str]:
        """``cells`` mirrored rank by rank (:meth:`_mirror`), walls left out."""
        return {m for c in cells if (m := self._mirror(c)) is not None}

    def _castling(self, royal: set[str]) -> str:
        """Castling options from the start position's two-movement turns; the FEN's rights."""
        gdef = self.gdef
        first = players_by_colour(gdef)[0]
        kings = [(ty, c) for pl, ty, c in gdef.setup.placements if pl == first and ty in royal]
        cascades = [node for piece in gdef.pieces.values() for b in piece.moves for node in _walk(b.program)
                    if isinstance(node, Atom) and node.text == "cascade"]
        found = []
        if len(kings) == 1:
            ktype, kcell = kings[0]
            kf, kr = self.frame.square[kcell]
            rank = [(ty, c) for pl, ty, c in gdef.setup.placements
                    if pl == first and c in self.frame.square and self.frame.square[c][1] == kr and c != kcell]
            ends = [(ty, c) for ty, c in rank if self.frame.square[c][0] in (0, self.frame.files - 1)]
            placements = [(first, ktype, kcell)] + [(first, ty, c) for ty, c in ends]
            for d in self.prober.moves(placements):
                if len(d.movements) == 2 and d.movements[0].source == kcell:
                    found.append(d)
        if not found:
            if cascades and self.options.get("capturesToHand") != "true":
                for node in cascades:
                    self.report.add(ExportCode.EFFECT, "cascade: Fairy-Stockfish moves two pieces only in castling, "
                                    "and no castling was found", node.span)
            self.options["castling"] = "false"
            return "-"
        second = players_by_colour(gdef)[1]
        theirs = [(second, ty, c) for pl, ty, c in gdef.setup.placements if pl == second and c in self.frame.square]
        their_kings = [p for p in theirs if p[1] == ktype]
        if their_kings:  # the probe moves the opponent's one king; with several it makes none
            opponents = their_kings if len(their_kings) == 1 else []
        else:  # no king (Horde chess): any of its pieces, the farthest from the castling rank first
            opponents = sorted(theirs, key=lambda p: -abs(self.frame.square[p[2]][1] - kr))
        returned = castling_after_return(self.game, placements, found, opponents)
        if returned:
            self.report.add(ExportCode.EFFECT, f"castling: the ZRF still castles after {', '.join(returned)}; "
                            "Fairy-Stockfish's castling needs a king and rook that never moved",
                            cascades[0].span if cascades else gdef.pieces[ktype].span)
        o = self.options
        o["castling"] = "true"
        rights = ""
        king_to = {}
        rook_types = set()
        for d in found:
            king, rook = d.movements
            kto = self.frame.square[king.target][0]
            rfrom = self.frame.square[rook.source][0]
            side = "K" if rfrom > kf else "Q"
            king_to[side] = kto
            rook_types.add(rook.piece[1])
            o["castlingRookKingsideFile" if side == "K" else "castlingRookQueensideFile"] = chr(ord("a") + rfrom)
            rights += side
        if "K" in king_to:
            o["castlingKingsideFile"] = chr(ord("a") + king_to["K"])
        if "Q" in king_to:
            o["castlingQueensideFile"] = chr(ord("a") + king_to["Q"])
        o["castlingKingFile"] = chr(ord("a") + kf)
        o["castlingRank"] = str(kr + 1)
        o["castlingKingPiece"] = self.letters[kings[0][0]]
        o["castlingRookPieces"] = "".join(self.letters[t] for t in sorted(rook_types) if t in self.letters)
        rights = "".join(sorted(set(rights)))
        return rights + rights.lower()

    def _goals(self, royal: set[str]) -> None:
        o = self.options
        o["checkmateValue"] = "loss"
        o["stalemateValue"] = "draw"
        extinction = extinction_rule(self.gdef, self.letters, self.frame.square, self._has_hands(),
                                     {t for t, moves in self.probes.items() if moves.promotions})
        for refusal in extinction.refusals:
            self.report.add(ExportCode.GOAL, refusal.message, refusal.span)
        o.update(extinction.options)
        stalemate_kinds: dict[str, str] = {}  # player -> the kind of its first stalemated goal
        stalemate_goals: list = []  # the stalemated goals written as material counting
        for g in self.gdef.goals:
            if to_text(g.condition) == "stalemated":
                for player in g.players or self.gdef.players:
                    stalemate_kinds.setdefault(player, g.kind)
        for g in self.gdef.goals:
            text = to_text(g.condition)
            everyone = not g.players or set(g.players) == set(self.gdef.players)
            checkmated = checkmated_type(g)
            m_flag = re.fullmatch(r"\(absolute-config ([^() ]+) \(([^()]+)\)\)", text)
            if checkmated is not None and g.kind == "loss" and everyone:
                continue
            counting = stalemate_counting(players_by_colour(self.gdef), stalemate_kinds)
            if text == "stalemated" and counting is not None:
                # the most pieces win, or one player whoever is stalemated: a draw Fairy-Stockfish
                # scores by counting material
                o["stalemateValue"] = "draw"
                o["materialCounting"] = counting.value
                stalemate_goals.append(g)
                continue
            if text == "stalemated" and (everyone or (set(stalemate_kinds) == set(self.gdef.players)
                                                      and len(set(stalemate_kinds.values())) == 1)) \
                    and g.kind in ("loss", "win", "draw"):
                # one goal for everyone, or one a player, the same for all
                o["stalemateValue"] = g.kind
                continue
            if text == "stalemated":
                others = ", ".join(p for p in self.gdef.players if p not in g.players)
                self.report.add(ExportCode.GOAL, f"{g.kind}-condition stalemated for {', '.join(g.players)} only "
                                f"({others} stalemated draws, Zillions' default): Fairy-Stockfish's stalemateValue "
                                "is one for both players", g.span)
                continue
            if text == "repetition" and everyone and g.kind in ("draw", "loss", "win"):
                o["nFoldRule"] = "3"
                o["nFoldValue"] = g.kind
                continue
            if any(g is e for e in extinction.goals):
                continue
            if m_flag and g.kind == "win" and m_flag.group(1) in self.letters and \
                    (len(g.players) == 1 or set(g.players) == set(self.gdef.players)):
                names = m_flag.group(2).split()
                positions = all(n in self.frame.square for n in names)
                zone = len(names) == 1 and not positions
                goal_cells = {pl: self._goal_cells(names, pl) for pl in g.players}
                # Zillions: every listed position must hold the piece, any position of a zone will
                # do (SEMANTICS 6.1); Fairy-Stockfish counts flag pieces in the region.  A goal of
                # both players names each one's region: a zone (one per player), never positions
                if all(c is not None for c in goal_cells.values()) and (zone or (positions and len(g.players) == 1)):
                    o["flagPiece"] = self.letters[m_flag.group(1)]
                    for pl, cells in goal_cells.items():
                        colour = "White" if pl == players_by_colour(self.gdef)[0] else "Black"
                        o[f"flagRegion{colour}"] = region_option(self.frame, cells)
                    if positions and len(names) > 1:
                        o["flagPieceCount"] = str(len(names))
                    continue
            self.report.add(ExportCode.GOAL, f"{g.kind}-condition {text}: no Fairy-Stockfish rule says this",
                            g.span)
        if stalemate_goals:
            for refusal in counting_refusals(self.gdef, stalemate_goals[0]):
                self.report.add(ExportCode.GOAL, refusal.message, refusal.span)
            o.update(repetition_options(self.gdef))

    def _has_hands(self) -> bool:
        """Does the section hold pieces in hand, at the start or by captures?"""
        return bool(self.hand) or self.options.get("capturesToHand") == "true"

    def _flag_entries(self, royal: set[str]) -> None:
        """A flag piece, not royal, that enters its flag region only where no enemy attacks it
        (:mod:`.flag_entries`): E809 at its goal."""
        flag = [t for t, letter in self.letters.items() if letter == self.options.get("flagPiece")]
        if not flag or flag[0] in royal:
            return
        ptype = flag[0]
        names = self.options.get("flagRegionWhite", "").split()
        region = {c for c, sq in self.frame.square.items() if square_name(*sq) in names}
        found = attacked_entry_refused(self.prober, self.frame, ptype, region)
        if found is None:
            return
        source, target, beside = found
        span = next((g.span for g in self.gdef.goals
                     if to_text(g.condition).startswith(f"(absolute-config {ptype} ")), self.gdef.span)
        self.report.add(ExportCode.GOAL, f"{ptype} may not move from {source} to {target}, in its goal region, with an "
                        f"enemy {ptype} on {beside}, and may with one of its own there: it enters only where no enemy "
                        "attacks it; a Fairy-Stockfish piece's moves do not depend on attacks (flagPieceSafe lets an "
                        "attacked flag piece arrive and only withholds the win)", span)

    def _goal_cells(self, names: list[str], player: str) -> set[str] | None:
        cells: set[str] = set()
        for n in names:
            if n in self.frame.square:
                cells.add(n)
            else:
                zone = self.gdef.board.zone(n, player)
                if not zone:
                    return None
                cells |= zone
        return cells

    def _pass_option(self) -> None:
        """Passing.  A ``stalemated`` goal is judged without the pass (SEMANTICS 6), so with one a
        forced pass never happens.  Any other pass is refused: Fairy-Stockfish ends the game as
        a draw when both players pass in turn (``Position::is_immediate_game_end``; only its
        ``wallOrMove`` games play on), where the ZRF plays on (passing, or until a repetition
        goal holds).  No goal of a ZRF holds after a pass that did not hold before it but
        repetition: the pass changes nothing on the board."""
        value = self.gdef.options.get("pass turn", "false")
        stalemate_goal = any(to_text(g.condition) == "stalemated" for g in self.gdef.goals)
        if value == "false" or (value in ("forced", "2") and stalemate_goal):
            return
        repetition = any(to_text(g.condition) == "repetition" for g in self.gdef.goals)
        then = "ends it by repetition two passes later" if repetition else \
            "has them pass on, none of its goals ending the game"
        self.report.add(ExportCode.OPTION, f"pass turn {value}: Fairy-Stockfish ends the game as a draw when "
                        f"both players pass in turn, the ZRF plays on: once neither player can move, it {then}",
                        self._option_span("pass turn"))

    def _option_span(self, name: str):
        """Where ``(option "name" ...)`` is written, else where the game is."""
        for form in self.gdef.forms.get("option", []):
            items = form.items if isinstance(form, List) else []
            if len(items) > 1 and isinstance(items[1], (Atom, String)) and items[1].text.strip('"') == name:
                return form.span
        return self.gdef.span

    def _start_fen(self, castling: str) -> str:
        players = players_by_colour(self.gdef)
        at = {c: (pl, ty) for pl, ty, c in self.gdef.setup.placements if c in self.frame.square}
        rows = []
        for r in range(self.frame.ranks - 1, -1, -1):
            row, gap = "", 0
            for f in range(self.frame.files):
                if (f, r) in self.frame.walls:
                    if gap:
                        row, gap = row + str(gap), 0
                    row += "*"
                    continue
                piece = at.get(self.frame.cell[(f, r)])
                if piece is None or piece[1] not in self.letters:
                    gap += 1
                    continue
                if gap:
                    row, gap = row + str(gap), 0
                token = self.tokens.get(piece[1], self.letters[piece[1]])  # a set-up promoted form: +x
                row += token.upper() if piece[0] == players[0] else token
            rows.append(row + (str(gap) if gap else ""))
        hand = ""
        if self.options.get("pieceDrops") == "true":
            off = dict(self.gdef.setup.off)
            if self.hand_rules is not None:
                for pl, ty, c in self.gdef.setup.placements:
                    if c in self.hand_rules.hand:
                        off[(pl, ty)] = off.get((pl, ty), 0) + 1
            for index, player in enumerate(players[:2]):
                for t in dict.fromkeys(ty for _, ty in off):
                    if t in self.letters:
                        letter = self.letters[t]
                        hand += (letter.upper() if index == 0 else letter) * off.get((player, t), 0)
            hand = f"[{hand}]"
        return f"{'/'.join(rows)}{hand} w {castling or '-'} - 0 1"


def hand_types(gdef: GameDef) -> list[str]:
    """The piece types some player has off the board at the start (its pieces in hand)."""
    return list(dict.fromkeys(t for (_, t), n in gdef.setup.off.items() if n > 0 and t in gdef.pieces))


def _letters(types: list[str], royal: set[str]) -> dict[str, str]:
    """One lower-case letter per piece type: ``k`` for the royal one, else from the name."""
    out: dict[str, str] = {}
    taken = set()
    for t in sorted(types, key=lambda t: (t not in royal, types.index(t))):
        wanted = ["k"] if t in royal else []
        wanted += [ch for ch in t.lower() if ch.isalpha()] + list("abcdefghijklmnopqrstuvwxyz")
        for ch in wanted:
            if ch not in taken and (ch != "k" or t in royal):
                out[t] = ch
                taken.add(ch)
                break
    return out


def _mobility_region(frame: BoardFrame, steps, exceptions: dict, stays_inside=None) -> set[str] | None:
    """The cells a piece may enter, when that is all its moves' exceptions say (a palace):
    from every square it reaches exactly what ``steps`` predict inside the region (the cells
    it reaches from anywhere); None when some exception is something else.  ``stays_inside``
    (a function of the region) says that the piece never stands outside it (it starts inside,
    is never dropped nor promoted to): its moves from outside are then not looked at."""
    region: set[str] = set()
    for cell in frame.square:
        extra, missing = exceptions.get(cell, (set(), set()))
        if extra:
            return None
        region |= predict_quiet(frame, cell, steps) - missing
    inside_only = stays_inside is not None and stays_inside(region)
    for cell, (extra, missing) in exceptions.items():
        if inside_only and cell not in region:
            continue
        if missing != predict_quiet(frame, cell, steps) - region:
            return None
    return region if region != set(frame.square) else None


def _double_steps(frame: BoardFrame, exceptions: dict) -> set[str] | None:
    """The cells whose only exception is one extra move two squares forward (a pawn's double step);
    None when another exception exists, empty when there is none."""
    cells = set()
    for cell, (extra, missing) in exceptions.items():
        f, r = frame.square[cell]
        if missing or extra != {frame.cell.get((f, r + 2))}:
            continue
        cells.add(cell)
    return cells


def _betza_or_why(steps) -> str:
    try:
        return write(steps)
    except ValueError as exc:
        return str(exc)


#: Section options under which a game may end while moves remain.
IMMEDIATE_END_OPTIONS = ("flagPiece", "extinctionValue")


def fairy_game(export: Export) -> FairyGame:
    """Fairy-Stockfish playing an export's section, named like the ZRF."""
    section = export.section
    assert section is not None
    return FairyGame(section.name, export.naming, section.text(),
                     immediate_ends=any(k in section.options for k in IMMEDIATE_END_OPTIONS))


def naming_for(game: ZrfGame) -> Naming | None:
    """The names an export would give (cells as squares, letters for the set-up's pieces), even
    for a game that does not fit; None when the board is not a grid Fairy-Stockfish can have."""
    report = _Report(game.gdef)
    frame = board_frame(game.gdef, report)
    if frame is None or len(game.gdef.players) != 2:
        return None
    used = list(dict.fromkeys([ty for _, ty, _ in game.gdef.setup.placements] + hand_types(game.gdef)))
    royal = checkmated_types(game.gdef)
    letters = _letters(used, royal)
    return Naming({v: k for k, v in letters.items()}, dict(frame.cell), players_by_colour(game.gdef)[:2])
