"""Reading a ZRF piece's moves from our interpreter, as Betza steps.

The interpreter is asked, never the ZRF text: the piece of the first player stands alone on
an otherwise empty board (every other cell emptied with set-up edits), and its turns show
where it moves without capturing; an enemy piece put on a square shows whether it captures
there; a piece put on the way shows whether a move is blocked (a rider or a lame leap) or
needs it (a hop).  :func:`piece_steps` turns the answers into :class:`.betza.Step` s read
from a reference square, and checks them from every square of the board, so a move that
depends on where the piece stands (a pawn's double step, a palace) is reported rather than
guessed.  The verification (:mod:`.verification`) checks the whole game afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from runtime.interpreter.game import ZrfGame

from .betza import Kind, Modality, Step, primitive
from .fen import square_name
from .hand_cells import HandRules
from .player_colours import players_by_colour


@dataclass
class BoardFrame:
    """The ZRF's cells as Fairy-Stockfish squares: ``square[cell] = (file, rank)``."""

    files: int
    ranks: int
    square: dict[str, tuple[int, int]]
    cell: dict[tuple[int, int], str] = field(default_factory=dict)
    #: squares of the rectangle that are no cell (killed positions: Fairy-Stockfish's walls)
    walls: frozenset = frozenset()

    def __post_init__(self) -> None:
        self.cell = {sq: c for c, sq in self.square.items()}

    def offset(self, cell: str, dx: int, dy: int) -> str | None:
        f, r = self.square[cell]
        return self.cell.get((f + dx, r + dy))


def region_option(frame: BoardFrame, cells) -> str:
    """A Fairy-Stockfish Bitboard option naming ``cells``: square names, or ``-`` for none."""
    names = sorted((square_name(*frame.square[c]) for c in cells), key=lambda s: (int(s[1:]), s[0]))
    return " ".join(names) or "-"


@dataclass
class PieceMoves:
    """What the probes found for one piece type (first player's)."""

    steps: set = field(default_factory=set)
    #: squares from which the moves differ from ``steps``: cell -> (extra targets, missing targets)
    exceptions: dict = field(default_factory=dict)
    #: the types it may turn into on arriving somewhere (promotion), with the cells where it does
    promotions: dict = field(default_factory=dict)
    #: cells where the piece may also arrive without promoting
    optional_promotion: set = field(default_factory=set)
    #: (from, to) -> the types the piece may arrive as on the empty board (None: unchanged)
    promotion_moves: dict = field(default_factory=dict)
    #: (from, to) -> the types it may arrive as when it captures an enemy there, from the
    #: reference square (None: unchanged); micro shogi's pieces change type when they capture
    capture_promotion_moves: dict = field(default_factory=dict)
    #: cells where it captures a piece of its own side (from the reference square)
    friendly_captures: set = field(default_factory=set)
    #: moves seen that no Fairy-Stockfish piece makes, in words
    problems: list = field(default_factory=list)


class Prober:
    """Answers "where can this piece go" questions for one :class:`ZrfGame`."""

    def __init__(self, game: ZrfGame, frame: BoardFrame, hand_rules: HandRules | None = None) -> None:
        self.game = game
        self.frame = frame
        self.player, self.enemy = players_by_colour(game.gdef)[:2]
        self.empty_edits = [(None, None, c) for c in game.positions]
        #: the game's hand cells (:mod:`.hand_cells`): every probe's moves are read through them
        self.hand_rules = hand_rules
        #: where drop probes put the first player's pieces in hand, when hands are board cells
        self.hand_pieces: list[tuple[str, str, str]] = []

    def moves(self, placements: list[tuple[str, str, str]], hands: bool = False, turn: int = 0):
        """The first player's single-part turns on a board holding only ``placements``, with the
        start's pieces in hand when ``hands`` (drop probes), else with none: a move priority
        that puts drops first would otherwise hide the pieces' moves.  Where hands are board
        cells, the pieces in hand are :attr:`hand_pieces`, and each move is read as
        Fairy-Stockfish has it (:meth:`.hand_cells.HandRules.normalise`).  ``turn`` 1 asks
        the second player's turns instead (its drops, :mod:`.drops`)."""
        placements = list(placements) + (self.hand_pieces if hands and turn == 0 else [])
        state = self.game.edited_state(self.empty_edits + placements, turn,
                                       None if hands else self.game.zero_hands)
        board = {c: (pl, ty) for pl, ty, c in placements}
        out = []
        for move in state.raw_moves():
            details = move.details
            if not details or len(details) != 1:
                continue
            part = details[0]
            out.append(self.hand_rules.normalise(part, board) if self.hand_rules is not None else part)
        return out

    def targets(self, ptype: str, cell: str, others: list[tuple[str, str, str]] = (), turn: int = 0) -> dict:
        """target cell -> (captures?, promotions) of the piece's moves from ``cell``; ``turn`` 1
        asks the second player's piece instead."""
        found: dict = {}
        owner = players_by_colour(self.game.gdef)[turn]
        for d in self.moves([(owner, ptype, cell)] + list(others), turn=turn):
            if len(d.movements) != 1 or d.movements[0].source != cell or d.placements:
                continue
            t = d.movements[0].target
            if t not in self.frame.square:  # a hand cell entered by no capture
                if self.hand_rules is not None:
                    self.hand_rules.left_playing_area(cell, t)
                continue
            captured, promos = found.get(t, (False, set()))
            found[t] = (captured or bool(d.captures), promos | {d.promotion})
        return found


def piece_steps(prober: Prober, ptype: str, victim: str, reference: str | None = None) -> PieceMoves:
    """The steps of ``ptype`` read from ``reference``, by default the most central square it
    moves from, checked from every square."""
    frame = prober.frame
    result = PieceMoves()
    per_cell = {}
    for cell in frame.square:
        per_cell[cell] = prober.targets(ptype, cell)
    moving = [c for c in per_cell if per_cell[c]] or list(per_cell)
    if reference is None:
        reference = min(moving, key=lambda c: (centre_distance(frame, c), -len(per_cell[c])))
    quiet = {_vector(frame, reference, t) for t in per_cell[reference]}
    for c, found in per_cell.items():
        for t, (_, promos) in found.items():
            result.promotion_moves[(c, t)] = frozenset(promos)
    for t, (_, promos) in ((t, v) for c in per_cell for t, v in per_cell[c].items()):
        for p in promos - {None}:
            result.promotions.setdefault(p, set()).add(t)
        if None in promos and len(promos) > 1:
            result.optional_promotion.add(t)
    # captures: an enemy on each square a move could reach; a friend there, captured too?
    capture = set()
    for t in frame.square:
        if t == reference:
            continue
        got = prober.targets(ptype, reference, [(prober.enemy, victim, t)])
        if t in got and got[t][0]:
            capture.add(_vector(frame, reference, t))
            result.capture_promotion_moves[(reference, t)] = frozenset(got[t][1])
        friendly = prober.targets(ptype, reference, [(prober.player, victim, t)])
        if t in friendly and friendly[t][0]:
            result.friendly_captures.add(t)
    riders = rider_directions(frame, {c: set(v) for c, v in per_cell.items()}, past_unentered=True)
    steps: set[Step] = set()
    for vectors, modality in ((quiet, Modality.QUIET), (capture, Modality.CAPTURE)):
        steps |= _steps_of(prober, ptype, reference, vectors, modality, victim, riders)
    steps |= hop_steps(prober, ptype, reference, victim, steps, result.problems)
    result.steps = steps
    # check every square against what the steps predict on an empty board
    for cell, found in per_cell.items():
        predicted = predict_quiet(frame, cell, steps)
        got = set(found)
        if got != predicted:
            result.exceptions[cell] = (got - predicted, predicted - got)
    return result


def centre_distance(frame: BoardFrame, cell: str) -> float:
    f, r = frame.square[cell]
    return abs(f - (frame.files - 1) / 2) + abs(r - (frame.ranks - 1) / 2)


def _vector(frame: BoardFrame, a: str, b: str) -> tuple[int, int]:
    fa, ra = frame.square[a]
    fb, rb = frame.square[b]
    return fb - fa, rb - ra


def rider_directions(frame: BoardFrame, reached: dict, past_unentered: bool = False) -> dict:
    """Directions along which the piece slides alike from every square of the empty board:
    primitive ``(dx, dy)`` -> 0 when it goes to the edge, n when it goes n squares at most.
    A pawn's forward step (two squares from some squares only) is no slide, nor is a move to the
    piece's own square (a pass) any direction.  With ``past_unentered``, a slide that stops
    where every square left to the edge is one no move enters (Archimedes' home corner) counts
    as going to the edge: a Fairy-Stockfish mobility region without those squares says the
    rest (its slides pass through squares outside the region, but none lie beyond these)."""
    unentered = set(frame.square) - set().union(*reached.values()) if past_unentered else set()
    runs: dict = {}
    for cell, targets in reached.items():
        for t in targets:
            px, py, _ = primitive(*_vector(frame, cell, t))
            if (px, py) != (0, 0):
                runs.setdefault((px, py), {})
    for d, per_direction in runs.items():
        for cell, targets in reached.items():
            k = 0
            while (t := frame.offset(cell, d[0] * (k + 1), d[1] * (k + 1))) is not None and t in targets:
                k += 1
            edge = 0
            while frame.offset(cell, d[0] * (edge + 1), d[1] * (edge + 1)) is not None:
                edge += 1
            if unentered and all(frame.offset(cell, d[0] * j, d[1] * j) in unentered for j in range(k + 1, edge + 1)):
                k = edge
            per_direction[cell] = (k, edge)
    out = {}
    for d, per_cell in runs.items():
        longest = max(k for k, _ in per_cell.values())
        if all(k == edge for k, edge in per_cell.values()) and longest >= 2:
            out[d] = 0
        elif longest >= 2 and all(k == min(longest, edge) for k, edge in per_cell.values()):
            out[d] = longest
    return out


def _steps_of(prober: Prober, ptype: str, cell: str, vectors: set, modality: Modality, victim: str,
              riders: dict) -> set:
    """Steps explaining ``vectors`` (all reached from ``cell``): riders along a primitive direction,
    leaps for the rest; a leap blocked by a piece on its way becomes lame."""
    frame = prober.frame
    by_direction: dict = {}
    for dx, dy in vectors:
        px, py, k = primitive(dx, dy)
        by_direction.setdefault((px, py), set()).add(k)
    steps: set[Step] = set()
    for (px, py), ks in by_direction.items():
        run = 0
        while run + 1 in ks:
            run += 1
        edge = frame.offset(cell, px * (run + 1), py * (run + 1)) is None
        # a capture-only line (Hoppel-Poppel's knight takes as a bishop) has no quiet moves to
        # judge it by: a run of captures to the board's edge that a piece on the way blocks
        capture_line = modality is Modality.CAPTURE and run >= 2 and edge and (px, py) not in riders
        if run >= 1 and ((px, py) in riders or capture_line) and \
                _blocked(prober, ptype, cell, px, py, modality, victim):
            # a rider: moves along the line until blocked
            steps.add(Step(px, py, riders.get((px, py), 0) if edge else run, modality))
            rest = ks - set(range(1, run + 1))
        else:
            rest = ks
        for k in sorted(rest):
            kind = Kind.LAME if _lame(prober, ptype, cell, px * k, py * k, modality, victim) else Kind.LEAP
            steps.add(Step(px * k, py * k, 1, modality, kind))
    return steps


def _blocked(prober: Prober, ptype: str, cell: str, px: int, py: int, modality: Modality, victim: str) -> bool:
    """Does a piece one step along ``(px, py)`` stop the move two steps along (a rider, not leaps)?"""
    frame = prober.frame
    near, far = frame.offset(cell, px, py), frame.offset(cell, 2 * px, 2 * py)
    if near is None or far is None:
        return True
    others = [(prober.player, victim, near)]
    if modality is Modality.CAPTURE:
        others.append((prober.enemy, victim, far))
    return far not in prober.targets(ptype, cell, others)


def hop_steps(prober: Prober, ptype: str, cell: str, victim: str, known: set,
              problems: list | None = None) -> set:
    """Hops (``p``: land anywhere beyond one piece; ``g``: just beyond it) along the eight lines.
    A hop over an adjacent piece only (not over one further away) is no Fairy-Stockfish hop:
    it goes to ``problems``."""
    frame = prober.frame
    steps: set[Step] = set()
    problems = problems if problems is not None else []
    start = cell
    for px, py in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)):
        cell = _room_for(frame, start, px, py)
        screen = frame.offset(cell, px, py)
        two, three = frame.offset(cell, 2 * px, 2 * py), frame.offset(cell, 3 * px, 3 * py)
        if screen is None or two is None:
            continue
        screened = [(prober.player, victim, screen)]
        quiet = prober.targets(ptype, cell, screened)
        if two in quiet and not quiet[two][0] and not _reaches(known, px, py, False, Modality.QUIET):
            kind = Kind.HOP if three is not None and three in quiet else Kind.GRASSHOP
            four = frame.offset(cell, 4 * px, 4 * py)
            if kind is Kind.GRASSHOP and three is not None and four is not None:
                farther = prober.targets(ptype, cell, [(prober.player, victim, three)])
                if four not in farther:
                    problems.append(f"it jumps over an adjacent piece along ({px}, {py}) but not over one "
                                    "further away")
                    continue
            steps.add(Step(px, py, 0, Modality.QUIET, kind))
        def captures_at(target, screen_at, cell=cell):
            return _captures_over(prober, ptype, cell, target, screen_at, victim)

        if _reaches(known, px, py, False, Modality.CAPTURE):
            continue
        near, beyond = captures_at(two, screen), captures_at(three, screen)
        if near and beyond:
            steps.add(Step(px, py, 0, Modality.CAPTURE, Kind.HOP))
        elif near and three is not None:
            if captures_at(frame.offset(cell, 3 * px, 3 * py), two):
                steps.add(Step(px, py, 0, Modality.CAPTURE, Kind.GRASSHOP))
            else:
                problems.append(f"it captures by jumping over an adjacent piece along ({px}, {py}) but not over "
                                "one further away")
        elif near:
            steps.add(Step(px, py, 0, Modality.CAPTURE, Kind.GRASSHOP))
    return steps


def _captures_over(prober: Prober, ptype: str, cell: str, target: str | None, screen: str | None,
                   victim: str) -> bool:
    """Does the piece on ``cell`` capture an enemy on ``target`` with a friend on ``screen``?"""
    if target is None or screen is None:
        return False
    got = prober.targets(ptype, cell, [(prober.player, victim, screen), (prober.enemy, victim, target)])
    return target in got and got[target][0]


def _room_for(frame: BoardFrame, cell: str, px: int, py: int) -> str:
    """``cell`` when three squares along ``(px, py)`` are on the board, else the most central cell
    where they are (a hop is read where it has room), else ``cell``."""
    def room(c):
        return frame.offset(c, 3 * px, 3 * py) is not None

    if room(cell):
        return cell
    roomy = [c for c in frame.square if room(c)]
    return min(roomy, key=lambda c: centre_distance(frame, c)) if roomy else cell


def _reaches(steps: set, px: int, py: int, far: bool, modality: Modality) -> bool:
    """Does a leap of ``steps`` land two (or three) steps along ``(px, py)`` anyway?"""
    k = 3 if far else 2
    return any(s.modality is modality and s.kind is Kind.LEAP and s.distance == 1
               and (s.dx, s.dy) == (px * k, py * k) for s in steps)


def _lame(prober: Prober, ptype: str, cell: str, dx: int, dy: int, modality: Modality, victim: str) -> bool:
    """Does a piece standing on the way of the leap ``(dx, dy)`` stop it (Fairy-Stockfish's ``n``)?"""
    frame = prober.frame
    target = frame.offset(cell, dx, dy)
    if target is None or max(abs(dx), abs(dy)) < 2:
        return False
    blockers = _lame_path(dx, dy)
    if blockers is None:
        return False
    for bx, by in blockers:
        b = frame.offset(cell, bx, by)
        if b is None:
            continue
        others = [(prober.player, victim, b)]
        if modality is Modality.CAPTURE:
            others.append((prober.enemy, victim, target))
        if target not in prober.targets(ptype, cell, others):
            return True
    return False


def _lame_path(dx: int, dy: int):
    """The squares on the way of a lame leap, as Fairy-Stockfish reads them: the orthogonal
    first step of an N or Z leap, the midpoint of an A or D leap."""
    a, b = abs(dx), abs(dy)
    sx = (dx > 0) - (dx < 0)
    sy = (dy > 0) - (dy < 0)
    if (a, b) in ((2, 2), (2, 0), (0, 2)):
        return [(dx // 2, dy // 2)]
    if (a, b) in ((2, 1), (1, 2)):
        return [(sx, 0)] if a == 2 else [(0, sy)]
    return None


def predict_quiet(frame: BoardFrame, cell: str, steps) -> set[str]:
    """The cells ``steps`` reach from ``cell`` on an otherwise empty board, moving without capture."""
    out = set()
    for s in steps:
        if s.modality is not Modality.QUIET or s.kind in (Kind.HOP, Kind.GRASSHOP):
            continue
        k = 1
        while True:
            t = frame.offset(cell, s.dx * k, s.dy * k)
            if t is None:
                break
            out.add(t)
            if s.distance and k >= s.distance:
                break
            k += 1
    return out
