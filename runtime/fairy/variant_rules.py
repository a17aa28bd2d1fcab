"""A Fairy-Stockfish variant's rules read by asking Fairy-Stockfish, for writing it as a ZRF.

Nothing is read from Fairy-Stockfish's sources or its variants.ini: the board and set-up come
from the variant's start FEN, and each piece's moves from ``pyffish``'s legal moves with the
piece alone on an otherwise empty board (every square in turn), with an enemy on a square (does
it capture there?), with a piece on its way (is it a slide, a lame leap, a hop?).  The probes
run in a variant derived from the one read, without royal pieces, so that no king stands in the
way; the king itself is probed with the enemy king in the farthest corner.  The answers become
:class:`.betza.Step` s (:mod:`.probing`), each with the squares it moves from when that is not
every square (a palace, a pawn's double step), promotions (where, to what, mandatory or not),
en passant, castling, the royal piece, the leaps a piece may make before it has moved
(:mod:`.first_moves`) and the pieces that turn into a wall when they capture (:mod:`.petrification`).  What the probes cannot tell (drops, counting rules,
a win by reaching a region) is listed in :attr:`VariantRules.unsupported`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from .betza import Kind, Modality, Step, write
from .fen import WHITE, board_fen, parse_fen, parse_square, split_uci, square_name
from .first_moves import read_first_moves
from .library import FairyLibrary
from .naming import CastlingNotation
from .petrification import read_petrification
from .probing import (
    BoardFrame,
    _steps_of,
    _vector,
    hop_steps,
    predict_quiet,
    rider_directions,
)
from .section import read_sections


@dataclass
class PieceRules:
    """One piece type as the probes found it (first player's view; the second mirrors it)."""

    token: str
    name: str
    #: step -> the cells it moves from (None: every cell)
    steps: dict = field(default_factory=dict)
    promotions: list = field(default_factory=list)
    promotion_cells: set = field(default_factory=set)
    promotion_optional: bool = False
    en_passant: bool = False
    #: its en passant takes a pawn that double-stepped diagonally, moving straight onto the
    #: square passed (Berolina's pawn; else the capture is diagonal, behind a straight step)
    en_passant_straight: bool = False
    royal: bool = False

    @property
    def betza(self) -> str:
        try:
            return write(self.steps)
        except ValueError:
            return "?"


@dataclass
class Castling:
    """A castling as the king's and the rook's files on the king's rank (the first player's)."""

    king_from: int
    king_to: int
    rook_from: int
    rook_to: int
    rank: int = 0
    #: the token of the piece the king castles with (a rook, or a chancellor in Perfect chess)
    partner: str = "r"
    #: the file Fairy-Stockfish's UCI move names: ``king_to``, or ``rook_from`` where the
    #: variant writes a castling as the king taking its own rook (Chess960's notation)
    written_to: int | None = None

    @property
    def notation(self) -> CastlingNotation:
        if self.written_to is not None and self.written_to != self.king_to and self.written_to == self.rook_from:
            return CastlingNotation.PARTNER_SQUARE
        return CastlingNotation.KING_DESTINATION


class EndValue(Enum):
    """What an end of the game (checkmate, stalemate) means for the player to move, as
    Fairy-Stockfish answers it; the value is the ZRF goal's kind (``loss-condition``...)."""

    DRAW = "draw"
    LOSS = "loss"
    WIN = "win"


#: Fairy-Stockfish's game results, for the side to move, as end values.
END_VALUES = {-32000: EndValue.LOSS, 0: EndValue.DRAW, 32000: EndValue.WIN}


@dataclass
class VariantRules:
    """What :func:`read_variant` found."""

    variant: str
    files: int
    ranks: int
    start_fen: str
    board: dict
    pieces: dict
    castlings: list = field(default_factory=list)
    unsupported: list = field(default_factory=list)
    #: being stalemated, for each player (``"White"``, ``"Black"``) to move
    stalemate: dict = field(default_factory=lambda: {"White": EndValue.DRAW, "Black": EndValue.DRAW})
    #: being checkmated, for each player to move (a royal piece's variant)
    checkmate: dict = field(default_factory=lambda: {"White": EndValue.LOSS, "Black": EndValue.LOSS})
    #: piece token -> White's squares where that piece, arriving, wins at once (a flag region;
    #: Black's are the same squares mirrored rank by rank)
    flags: dict = field(default_factory=dict)
    #: the royal pieces may not face each other on an open file (xiangqi's flying general)
    royals_may_not_face: bool = False
    #: the board's wall squares ``(file, rank)``: no piece stands on them or passes them, except
    #: a leaper, which jumps over them
    walls: frozenset = frozenset()
    #: the piece that castles (the king, royal or not), when the variant castles
    castler: str | None = None
    #: a player who can capture must (antichess)
    captures_compulsory: bool = False
    #: what having no piece left means for that player, when it ends the game (antichess: a win)
    no_pieces: EndValue | None = None
    #: piece token -> what losing every piece of that type means for that player, when it ends
    #: the game at once (Codrus's king: a win; Extinction's every type: a loss)
    extinctions: dict = field(default_factory=dict)
    #: piece token -> its :class:`.first_moves.FirstMoves` (Cambodian's king and neang)
    first_moves: dict = field(default_factory=dict)
    #: the piece tokens that become a wall when they capture (Petrified)
    petrifying: frozenset = frozenset()

    @property
    def castling_notation(self) -> CastlingNotation:
        """How Fairy-Stockfish writes this variant's castlings in UCI, as the probes saw them."""
        notations = {c.notation for c in self.castlings}
        return CastlingNotation.PARTNER_SQUARE if CastlingNotation.PARTNER_SQUARE in notations \
            else CastlingNotation.KING_DESTINATION

    def square_cells(self) -> dict:
        return {(f, r): square_name(f, r) for f in range(self.files) for r in range(self.ranks)}


#: Names for the pieces whose moves are those of a classical piece, by Betza.
CLASSICAL_NAMES = {"N": "Knight", "B": "Bishop", "R": "Rook", "RB": "Queen", "WF": "King", "F": "Ferz",
                   "W": "Wazir", "A": "Alfil", "D": "Dabbaba", "BN": "Archbishop", "NR": "Chancellor",
                   "NRB": "Amazon", "FA": "Elephant", "fWF": "Silver", "WfF": "Gold", "fR": "Lance",
                   "fN": "Shogi-Knight", "fW": "Soldier", "nN": "Horse", "nA": "Elephant",
                   "mRcpR": "Cannon", "NWF": "Centaur", "fsW": "Soldier", "BW": "Dragon-Horse",
                   "RF": "Dragon-King", "mfWcfF": "Pawn"}


class FairyProber:
    """The interface of :class:`.probing.Prober`, answered by Fairy-Stockfish."""

    def __init__(self, library: FairyLibrary, probe_variant: str, variant: str, files: int, ranks: int,
                 royal: str | None) -> None:
        self.library = library
        self.module = library.module
        self.probe_variant = probe_variant
        self.variant = variant
        self.frame = BoardFrame(files, ranks, {square_name(f, r): (f, r)
                                               for f in range(files) for r in range(ranks)})
        self.player, self.enemy = "White", "Black"
        self.royal = royal
        #: piece token -> square -> how a game with that piece standing there alone ends: the
        #: ``(side to move, result)`` pairs of the sides for which the game is over (a flag
        #: region, or a bare-king or counting rule when it is every square)
        self.endings: dict[str, dict[str, frozenset]] = {}

    def fen(self, placements) -> str:
        at = {self.frame.square[c]: (pl, t) for pl, t, c in placements}
        rows = []
        for r in range(self.frame.ranks - 1, -1, -1):
            row, gap = "", 0
            for f in range(self.frame.files):
                piece = at.get((f, r))
                if piece is None:
                    gap += 1
                    continue
                if gap:
                    row, gap = row + str(gap), 0
                row += piece[1].upper() if piece[0] == "White" else piece[1]
            rows.append(row + (str(gap) if gap else ""))
        return "/".join(rows) + " w - - 0 1"

    def _game_ends(self, variant: str, fen: str) -> frozenset:
        """The ``(side to move, result)`` pairs for which the game is over in ``fen`` (White's piece
        alone), with White and with Black to move: a flag rule may be judged before White moves
        (the piece had to stay there a move) or before Black does (arriving wins)."""
        ends = set()
        for side, side_fen in (("w", fen), ("b", fen.replace(" w ", " b "))):
            try:
                over, result = self.module.is_immediate_game_end(variant, side_fen, [])
            except (ValueError, SystemError, self.module.error):  # a set-up this variant refuses
                continue
            if over:
                ends.add((side, result))
        return frozenset(ends)

    def targets(self, ptype: str, cell: str, others=()) -> dict:
        placements = [("White", ptype, cell)] + list(others)
        variant = self.probe_variant
        if ptype == self.royal:
            variant = self.variant
            occupied = [self.frame.square[c] for _, _, c in placements]
            corners = [(f, r) for f in (0, self.frame.files - 1) for r in (0, self.frame.ranks - 1)]
            # the enemy king as far as can be from every piece: never next to the king probed
            # nor to a square it may move or capture to, and, where a corner allows, two files
            # away or more, so that no step of the king probed makes the kings face each other
            # on a file (a move xiangqi's rule forbids, which would read as a step allowed from
            # some squares only)
            def distance(sq):
                near = min(max(abs(sq[0] - f), abs(sq[1] - r)) for f, r in occupied)
                beside = min(abs(sq[0] - f) for f, _ in occupied)
                return (near >= 2 and beside >= 2, near)
            far = square_name(*max(corners, key=distance))
            placements.append(("Black", self.royal, far))
        fen = self.fen(placements)
        enemies = {c for pl, _, c in others if pl == "Black"}
        found: dict = {}
        try:
            moves = self.module.legal_moves(variant, fen, [])
        except (ValueError, self.module.error):  # a set-up this variant refuses: no move seen
            return found
        if not others:
            ends = self._game_ends(variant, fen)
            if ends:
                self.endings.setdefault(ptype, {})[cell] = ends
        start = cell
        for m in moves:
            if "@" in m or not m.startswith(start) or (len(m) > len(start) and m[len(start)].isalpha() is False
                                                       and not m[len(start)].isalpha()):
                pass
            src, dst, promo = split_uci(m)
            if src != start or dst == start:  # another piece's move, or a pass (``e2e2``)
                continue
            if promo == "+":  # a shogi-style promotion: the piece becomes its promoted form
                promo = "+" + ptype
            captured, promos = found.get(dst, (False, set()))
            found[dst] = (captured or dst in enemies, promos | {promo})
        return found


def read_variant(variant: str, config: str | None = None, library: FairyLibrary | None = None) -> VariantRules:
    """The rules of ``variant`` (built in, or a section of ``config``) as the probes found them."""
    library = library or FairyLibrary.get()
    if config:
        variant = library.load(config).get(variant, variant)
    if not library.knows(variant):
        raise KeyError(f"Fairy-Stockfish knows no variant {variant!r}")
    module = library.module
    start = module.start_fen(variant)
    pos = parse_fen(start)
    unsupported = []
    if pos.hands or "[" in start.split()[0]:
        unsupported.append("drops: pieces in hand (an imported game has no drops yet)")
    if any("+" in f for f in start.split()[2:]):
        unsupported.append("check counting (the FEN counts checks)")
    start_moves = sorted(module.legal_moves(variant, start, []))
    walling = [m for m in start_moves if "," in m]
    if walling:
        unsupported.append(f"a move that also puts a wall on the board (Fairy-Stockfish's move {walling[0]})")
    passes = [m for m in start_moves if "@" not in m and "," not in m and split_uci(m)[0] == split_uci(m)[1]]
    if passes:
        unsupported.append(f"passing (Fairy-Stockfish's move {passes[0]}, a piece staying where it stands)")
    tokens = sorted({t for _, t in pos.board.values()})
    if any(t.startswith("+") for t in tokens):
        unsupported.append("promoted pieces in the set-up")
    if unsupported:  # nothing to probe: the import stops there
        return VariantRules(variant, pos.files, pos.ranks, start, dict(pos.board), {}, [], unsupported)
    royal = "k" if ("k" in tokens and (0, "k") in {(c, t) for c, t in pos.board.values()}) else None
    if royal is not None and not _king_is_royal(module, variant, pos):
        royal = None
    probe_text = (f"[zrfprobe:{variant}]\nking = -\ncastling = false\nextinctionValue = none\n"
                  "extinctionPseudoRoyal = false\n")
    if config:
        probe_text = config + "\n" + probe_text.replace(f":{variant}]", f":{_public(config, variant)}]")
    probe = library.load(probe_text)["zrfprobe"]
    prober = FairyProber(library, probe, variant, pos.files, pos.ranks, royal)
    rules = VariantRules(variant, pos.files, pos.ranks, start, dict(pos.board), {}, [], unsupported,
                         walls=pos.walls)
    pending = list(tokens)
    done: set[str] = set()
    while pending:
        token = pending.pop(0)
        if token in done:
            continue
        done.add(token)
        victims = [t for t in tokens if t not in (token, royal, "p")] or [t for t in tokens if t not in (token, royal)]
        piece = _read_piece(prober, token, victims[0] if victims else token)
        piece.royal = token == royal or (royal is not None and _royal_besides_the_king(module, rules, token))
        for p in piece.promotions:
            if p not in done and p not in pending:
                pending.append(p)
        rules.pieces[token] = piece
    _name_pieces(rules.pieces)
    petrification = read_petrification(module, variant, pos.files, pos.ranks, royal, {
        t: any(s.modality is Modality.CAPTURE for s in p.steps) for t, p in rules.pieces.items()})
    rules.petrifying = petrification.petrifying
    for token in petrification.may_not_capture:  # its captures would petrify it: refused
        piece = rules.pieces[token]
        piece.steps = {s: cells for s, cells in piece.steps.items() if s.modality is not Modality.CAPTURE}
    _read_flags(prober, rules)
    rules.captures_compulsory = _captures_are_compulsory(prober, rules)
    for token, piece in sorted(rules.pieces.items()):
        if not piece.steps:  # no probe position gave it a move: a ZRF written now would be wrong
            rules.unsupported.append(f"the moves of piece {token} could not be read (no probe position gives it one)")
    _en_passant(prober, rules)
    king = "k" if (WHITE, "k") in set(pos.board.values()) else None
    rules.castlings = _castlings(module, variant, pos, king)
    rules.castler = king if rules.castlings else None
    rules.first_moves, reasons = read_first_moves(module, variant, start, pos.board, pos.files, pos.ranks, royal)
    rules.unsupported.extend(reasons)
    if royal is not None and _counts_checks(module, rules, royal):
        rules.unsupported.append("check counting (a check is counted, or ends the game)")
    if royal is not None:
        _read_game_ends(module, rules)
        rules.royals_may_not_face = _royals_may_not_face(module, rules, royal)
    else:
        rules.extinctions = _read_extinctions(module, rules)
        if not rules.extinctions:  # without a type that counts, a lone piece says what having none means
            _read_stalemate_without_royal(module, rules)
    return rules


def _read_extinctions(module, rules: VariantRules) -> dict:
    """The piece types whose loss ends the game at once, each with what it means for the player
    who lost them: the start position without White's pieces of one type, with Black to move
    (Codrus: losing the king wins; Extinction: losing every piece of any type loses)."""
    out = {}
    white = sorted({t for c, t in rules.board.values() if c == WHITE})
    for token in white:
        board = {sq: v for sq, v in rules.board.items() if v != (WHITE, token)}
        fen = board_fen(rules.files, rules.ranks, board, rules.walls) + " b - - 0 1"
        try:
            over, result = module.is_immediate_game_end(rules.variant, fen, [])
        except (ValueError, SystemError, module.error):  # the variant refuses the position
            continue
        if not over:
            continue
        if -result not in END_VALUES:  # the result is Black's, to move; White lost the pieces
            rules.unsupported.append(f"the value of losing every piece {token} could not be written "
                                     f"(Fairy-Stockfish: {result})")
            continue
        out[token] = END_VALUES[-result]
    return out


def _king_is_royal(module, variant: str, pos) -> bool:
    """Whether the king (``k``) is royal: a Black rook attacking White's king along its file; a
    royal king may not step forward along the attacked file (antichess's king may).  The king
    stands in the middle of the first rank with the rook at the far end and Black's king in a
    corner; where the variant has no move there (the game is over: Extinction's lost types), in
    the start position with the king's file emptied between the two kings and the rook at its
    far end."""
    files, ranks = pos.files, pos.ranks
    kf = files // 2
    fen = _fen_of(files, ranks, {(kf, 0): "K", (kf, ranks - 1): "r", (0, ranks - 1): "k"}, "w")
    step = square_name(kf, 0) + square_name(kf, 1)
    try:
        moves = module.legal_moves(variant, fen, [])
        if not moves:
            kings = [sq for sq, v in pos.board.items() if v == (WHITE, "k")]
            if len(kings) != 1:
                return True
            kf, kr = kings[0]
            board = {sq: v for sq, v in pos.board.items() if sq[0] != kf or sq == (kf, kr) or v[1] == "k"}
            far = max(r for r in range(ranks) if (kf, r) not in board)
            if far <= kr + 1:
                return True
            board[(kf, far)] = (1 - WHITE, "r")
            fen = board_fen(files, ranks, board, pos.walls) + " w - - 0 1"
            moves = module.legal_moves(variant, fen, [])
            step = square_name(kf, kr) + square_name(kf, kr + 1)
        return step not in moves
    except (ValueError, SystemError, module.error):  # a set-up this variant refuses
        return True


def _royal_besides_the_king(module, rules: VariantRules, token: str) -> bool:
    """Whether White's pieces ``token`` are royal as well as the king (Coregal's queen): with
    one of them in the middle of the board, attacked along its file by a Black rook, White's king
    in the corner a1 (Black's in the opposite corner) has no move left, where it has one without
    the rook.  A king with no move either way (a palace) says nothing: not royal."""
    files, ranks = rules.files, rules.ranks
    middle = (files // 2, ranks // 2)
    if files < 4 or ranks < 4 or middle in rules.walls:
        return False
    base = {(0, 0): "K", (files - 1, ranks - 1): "k", middle: token.upper()}
    corner = square_name(0, 0)

    def king_moves(pieces: dict) -> int | None:
        try:
            moves = module.legal_moves(rules.variant, _fen_of(files, ranks, pieces, "w"), [])
        except (ValueError, SystemError, module.error):  # a set-up this variant refuses
            return None
        return sum(1 for m in moves if m.startswith(corner) and not m.startswith(corner + "@"))

    free = king_moves(base)
    attacked = king_moves({**base, (files // 2, ranks - 1): "r"})
    return bool(free) and attacked == 0


def _counts_checks(module, rules: VariantRules, royal: str) -> bool:
    """Whether a check counts (Karouk: the first check wins, though its start FEN counts
    nothing): White's rook steps beside the corner where Black's king stands and checks it
    along the last file; the position after shows a check count (``1+0``) or is over."""
    if "r" not in rules.pieces or rules.files < 4 or rules.ranks < 4:
        return False
    files, ranks = rules.files, rules.ranks
    fen = _fen_of(files, ranks, {(0, 0): royal.upper(), (files - 1, ranks - 1): royal,
                                 (files - 2, 1): "R"}, "w")
    check = square_name(files - 2, 1) + square_name(files - 1, 1)
    try:
        if check not in module.legal_moves(rules.variant, fen, []):
            return False
        after = module.get_fen(rules.variant, fen, [check])
        over, _ = module.is_immediate_game_end(rules.variant, fen, [check])
    except (ValueError, SystemError, module.error):  # a set-up this variant refuses
        return False
    return over or any("+" in f for f in after.split()[2:])


def _captures_are_compulsory(prober: FairyProber, rules: VariantRules) -> bool:
    """Whether a player who can capture must: a piece with a one-square capture step and other
    moves, in the middle of the board with an enemy on that step's square, is given the capture
    alone (antichess's rule)."""
    frame = prober.frame
    centre = square_name(rules.files // 2, rules.ranks // 2)
    tokens = sorted(rules.pieces)
    for token in tokens:
        if rules.pieces[token].royal:
            continue
        for step in sorted(rules.pieces[token].steps, key=str):
            if step.modality is not Modality.CAPTURE or step.kind is not Kind.LEAP:
                continue
            target = frame.offset(centre, step.dx, step.dy)
            victims = [t for t in tokens if t != token and not rules.pieces[t].royal]
            if target is None or not victims:
                continue
            alone = prober.targets(token, centre)
            got = prober.targets(token, centre, [("Black", victims[0], target)])
            if target in got and got[target][0] and set(alone) - {target}:
                return set(got) == {target}
    return False


def _read_stalemate_without_royal(module, rules: VariantRules) -> None:
    """The value of having no move in a variant without a royal piece (Clobber, Breakthrough, Fox
    and Hounds: a loss; antichess: a win), read from one of White's pieces alone in the middle of
    the board with Black to move.  Where that ends the game as an extinction (antichess: the
    player without pieces wins) the value is :attr:`VariantRules.no_pieces`, and having no move
    is read from two pawns blocking each other; a position the variant refuses leaves the draw
    and only the verification's random games check it."""
    white = sorted({t for c, t in rules.board.values() if c == WHITE})
    if not white:
        return
    middle = (rules.files // 2, rules.ranks // 2)
    fen = _fen_of(rules.files, rules.ranks, {middle: white[0].upper()}, "b")
    try:
        if module.legal_moves(rules.variant, fen, []):
            return
        over, result = module.is_immediate_game_end(rules.variant, fen, [])
        if over:
            if result not in END_VALUES:
                return
            rules.no_pieces = END_VALUES[result]
            if "p" not in white:
                return
            blocked = {middle: "P", (middle[0], middle[1] + 1): "p"}
            fen = _fen_of(rules.files, rules.ranks, blocked, "b")
            if module.legal_moves(rules.variant, fen, []) or module.is_immediate_game_end(rules.variant, fen, [])[0]:
                return
            # one more White piece, out of the way: the value must not change with the count
            more = _fen_of(rules.files, rules.ranks, {**blocked, (0, 0): "P"}, "b")
            if module.game_result(rules.variant, more, []) != module.game_result(rules.variant, fen, []):
                rules.unsupported.append("having no move is judged by counting the pieces (an imported game "
                                         "has no such goal yet)")
                return
        result = module.game_result(rules.variant, fen, [])
    except (ValueError, SystemError, module.error):  # the variant refuses the position
        return
    if result not in END_VALUES:
        rules.unsupported.append(f"the value of having no move could not be written (Fairy-Stockfish: {result})")
        return
    rules.stalemate = {"White": END_VALUES[result], "Black": END_VALUES[result]}


def _royals_may_not_face(module, rules: VariantRules, royal: str) -> bool:
    """Whether the kings may not face each other on an open file, read from two positions with
    the kings alone on their start squares when those share a file: White's king one file aside
    may step back in front of Black's king only if the rule is absent, and may step back when
    Black's king also stands aside (so the step itself is allowed)."""
    squares = {c: sq for sq, (c, t) in rules.board.items() if t == royal}
    if len(squares) != 2 or squares[0][0] != squares[1][0]:
        return False
    (f, r), (_, r_black) = squares[0], squares[1]
    for aside in (f - 1, f + 1):
        if not 0 <= aside < rules.files:
            continue
        back = square_name(aside, r) + square_name(f, r)
        facing = _fen_of(rules.files, rules.ranks, {(aside, r): "K", (f, r_black): "k"}, "w")
        apart = _fen_of(rules.files, rules.ranks, {(aside, r): "K", (aside, r_black): "k"}, "w")
        try:
            if back in module.legal_moves(rules.variant, apart, []):
                return back not in module.legal_moves(rules.variant, facing, [])
        except (ValueError, SystemError, module.error):  # a set-up this variant refuses
            continue
    return False


#: Fairy-Stockfish's game result, for the side to move, of a lost and of a won game.
LOST, WON = -32000, 32000

#: How a flag region ends the game that an import writes: with Black to move after White's
#: piece arrived, Black has lost (a ZRF win-condition is judged after the move that meets it).
ARRIVING_WINS = frozenset({("b", LOST)})


def _read_flags(prober: FairyProber, rules: VariantRules) -> None:
    """The flag regions the probes met, as :attr:`VariantRules.flags`, or the reason they cannot
    be written: a piece that ends the game wherever it stands (a bare-king, extinction or
    counting rule), or a region where the piece must also survive the opponent's move
    (Fairy-Stockfish's ``flagMove``, Jeson Mor's centre)."""
    every = set(prober.frame.square)
    for token, ends in sorted(prober.endings.items()):
        if set(ends) == every:
            rules.unsupported.append("a lone piece ends the game wherever it stands (a bare-king, extinction or "
                                     "counting rule: an imported game has none yet)")
        elif any(end != ARRIVING_WINS for end in ends.values()):
            rules.unsupported.append(f"a piece {token} standing on " + ", ".join(sorted(ends))
                                     + " ends the game only after the opponent's move (a flag region that must "
                                       "be held: an imported game has no such goal yet)")
        else:
            rules.flags[token] = sorted(ends)


def _read_game_ends(module, rules: VariantRules) -> None:
    """The values of checkmate and stalemate for each side, read from two positions of the
    variant itself: Black's king in the corner, White's two rooks (``r``) covering its squares,
    without check (stalemate) and with check (checkmate), each with either side in the corner
    (Misère's checkmate wins; Armageddon's stalemate loses for White and wins for Black).  A
    value that is not a win, a loss or a draw is listed in ``unsupported``; where a position is
    not a stalemate or a checkmate (the royal piece or ``r`` moves otherwise), the value stays
    chess's and only the verification's random games check it."""
    top, right = rules.ranks - 1, rules.files - 1
    layouts = {"stalemate": {(0, top): "k", (1, 0): "R", (right, top - 1): "R", (right, 0): "K"},
               "checkmate": {(0, top): "k", (1, 0): "R", (0, 0): "R", (right, 2): "K"}}
    for name, layout in layouts.items():
        values = getattr(rules, name)
        for side, player in (("b", "Black"), ("w", "White")):
            pieces = layout if side == "b" else {(f, top - r): c.swapcase() for (f, r), c in layout.items()}
            fen = _fen_of(rules.files, rules.ranks, pieces, side)
            try:
                if module.legal_moves(rules.variant, fen, []):
                    continue
                result = module.game_result(rules.variant, fen, [])
            except (ValueError, SystemError, module.error):  # the variant refuses the position
                continue
            if result not in END_VALUES:
                rules.unsupported.append(f"the value of being {name}d could not be written "
                                         f"(Fairy-Stockfish: {result} for {player})")
                continue
            values[player] = END_VALUES[result]


def _fen_of(files: int, ranks: int, pieces: dict, side: str) -> str:
    rows = []
    for r in range(ranks - 1, -1, -1):
        row, gap = "", 0
        for f in range(files):
            letter = pieces.get((f, r))
            if letter is None:
                gap += 1
                continue
            if gap:
                row, gap = row + str(gap), 0
            row += letter
        rows.append(row + (str(gap) if gap else ""))
    return "/".join(rows) + f" {side} - - 0 1"


def _public(config: str, inner: str) -> str:
    """The section name of ``config`` that was loaded as ``inner`` (the probe inherits from it)."""
    for name in read_sections(config):
        if inner.startswith(name + "-"):
            return name
    return inner


def _read_piece(prober: FairyProber, token: str, victim: str) -> PieceRules:
    frame = prober.frame
    per_cell = {c: prober.targets(token, c) for c in frame.square}
    reached = {c: set(v) for c, v in per_cell.items()}
    riders = rider_directions(frame, reached)
    moving = [c for c in frame.square if reached[c]] or list(frame.square)
    centre = min(moving, key=lambda c: abs(frame.square[c][0] - (frame.files - 1) / 2)
                 + abs(frame.square[c][1] - (frame.ranks - 1) / 2))
    # steps read at the centre, then at each square whatever they leave unexplained there
    candidates: set[Step] = set()
    for cell in [centre] + sorted(frame.square):
        unexplained = reached[cell] - predict_quiet(frame, cell, candidates)
        if unexplained:
            vectors = {_vector(frame, cell, t) for t in unexplained}
            candidates |= _steps_of(prober, token, cell, vectors, Modality.QUIET, victim, riders)
    steps: dict = {}
    for s in candidates:
        cells = {c for c in frame.square if predict_quiet(frame, c, {s}) and predict_quiet(frame, c, {s}) <= reached[c]}
        if cells:
            steps[s] = None if cells == {c for c in frame.square if predict_quiet(frame, c, {s})} else cells
    piece = PieceRules(token, token)
    # captures, read from the most central square the piece moves from
    capture = set()
    for t in frame.square:
        if t == centre:
            continue
        got = prober.targets(token, centre, [("Black", victim, t)])
        if t in got and got[t][0]:
            capture.add(_vector(frame, centre, t))
    for s in _steps_of(prober, token, centre, capture, Modality.CAPTURE, victim, riders):
        quiet_twin = Step(s.dx, s.dy, s.distance, Modality.QUIET, s.kind)
        steps[s] = steps.get(quiet_twin)
    _captures_away_from_the_centre(prober, token, victim, steps)
    for s in hop_steps(prober, token, centre, victim, set(steps)):
        steps[s] = None
    piece.steps = steps
    for cell, found in per_cell.items():
        for t, (_, promos) in found.items():
            letters = {p for p in promos if p}
            if letters:
                piece.promotion_cells.add(t)
                for p in sorted(letters):
                    if p not in piece.promotions:
                        piece.promotions.append(p)
                if None in promos:
                    piece.promotion_optional = True
    return piece


def _captures_away_from_the_centre(prober: FairyProber, token: str, victim: str, steps: dict) -> None:
    """A one-square step allowed from some squares only (a xiangqi elephant's, which may not
    cross the river) may be out of reach from the centre where captures are read: its capture
    is probed from the most central square the step is allowed from, and has the same squares."""
    frame = prober.frame
    for s, cells in list(steps.items()):
        twin = Step(s.dx, s.dy, s.distance, Modality.CAPTURE, s.kind)
        if s.modality is not Modality.QUIET or not cells or s.distance != 1 or twin in steps:
            continue
        cell = min(sorted(cells), key=lambda c: abs(frame.square[c][0] - (frame.files - 1) / 2)
                   + abs(frame.square[c][1] - (frame.ranks - 1) / 2))
        targets = predict_quiet(frame, cell, {s})
        if len(targets) != 1:
            continue
        target = next(iter(targets))
        got = prober.targets(token, cell, [("Black", victim, target)])
        if target in got and got[target][0]:
            steps[twin] = cells


def _name_pieces(pieces: dict) -> None:
    used: set[str] = set()
    for token, piece in sorted(pieces.items()):
        base = "King" if piece.royal else CLASSICAL_NAMES.get(piece.betza) if piece.betza != "?" else None
        if token == "p" and piece.promotions:
            base = "Pawn"
        name = base or f"Piece-{token}"
        if name in used:
            name = f"{name}-{token}"
        used.add(name)
        piece.name = name


def _en_passant(prober: FairyProber, rules: VariantRules) -> None:
    """A pawn (a piece with a double step) captures en passant when, after an enemy pawn's double
    step past it, Fairy-Stockfish lets it take on the square passed."""
    for token, piece in rules.pieces.items():
        # a double step is a (0, 2) leap, or a forward slide of two or more (Torpedo's mfW2)
        double = [s for s in piece.steps if s.modality is Modality.QUIET
                  and ((s.dx, s.dy) == (0, 2) or ((s.dx, s.dy) == (0, 1) and s.distance != 1))]
        diagonal = [s for s in piece.steps if s.modality is Modality.QUIET and (abs(s.dx), s.dy) == (2, 2)]
        if diagonal and not double and rules.ranks >= 5 and rules.files >= 3:
            _berolina_en_passant(prober, rules, piece, diagonal[0])
            continue
        if not double or rules.ranks < 5 or rules.files < 2:
            continue
        # their pawn double-steps from its first double-step rank (White's mirrored: Grand's
        # pawns start on the third rank), past our pawn's file neighbour
        cells = piece.steps[double[0]]
        their_rank = rules.ranks - 1 - min(parse_square(c)[1] for c in cells) if cells else rules.ranks - 2
        r = their_rank - 2
        if r < 0:
            continue
        ours, theirs_from, theirs_to = square_name(0, r), square_name(1, r + 2), square_name(1, r)
        fen = prober.fen([("White", token, ours), ("Black", token, theirs_from)]).replace(" w ", " b ")
        try:
            moves = prober.module.legal_moves(prober.probe_variant, fen, [theirs_from + theirs_to])
        except (ValueError, SystemError, prober.module.error):  # the double step refused: no en passant
            continue
        piece.en_passant = (ours + square_name(1, r + 1)) in moves


def _berolina_en_passant(prober: FairyProber, rules: VariantRules, piece: PieceRules, double: Step) -> None:
    """En passant of a pawn whose double step is diagonal: their pawn steps from a file beside
    ours, two ranks up, to the file on our other side, passing the square in front of ours;
    Fairy-Stockfish lets ours take it by stepping straight onto that square."""
    cells = piece.steps[double]
    their_rank = rules.ranks - 1 - min(parse_square(c)[1] for c in cells) if cells else rules.ranks - 2
    r = their_rank - 2
    if r < 0:
        return
    ours, theirs_from, theirs_to = square_name(1, r), square_name(0, r + 2), square_name(2, r)
    fen = prober.fen([("White", piece.token, ours), ("Black", piece.token, theirs_from)]).replace(" w ", " b ")
    try:
        moves = prober.module.legal_moves(prober.probe_variant, fen, [theirs_from + theirs_to])
    except (ValueError, SystemError, prober.module.error):  # the double step refused: no en passant
        return
    piece.en_passant = piece.en_passant_straight = (ours + square_name(1, r + 1)) in moves


def _castlings(module, variant: str, pos, king: str | None) -> list[Castling]:
    """The first player's castlings: its king with the pieces of each type on its rank (those
    that give the king a move of two squares or more along its rank), the other ranks and the
    walls as at the start.  Where the castling piece comes from
    and goes to is read from the position after the move."""
    if king is None:
        return []
    kings = [sq for sq, (c, t) in pos.board.items() if c == WHITE and t == king]
    if len(kings) != 1:
        return []
    kf, kr = kings[0]
    rights = start_rights(module.start_fen(variant))
    if not rights:
        return []
    partners = sorted({t for (f, r), (c, t) in pos.board.items() if c == WHITE and r == kr and t != king})
    # with each type of the king's rank, the rest of the rank taken off; where that shows no
    # castling (the game is over: Extinction ends it when a type is lost), with those pieces on
    # a middle rank
    for keep_types in (False, True):
        out = [c for partner in partners
               for c in _castlings_with(module, variant, pos, (kf, kr), partner, rights, keep_types)]
        if out:
            return out
    return []


def _castlings_with(module, variant: str, pos, king_square: tuple, partner: str, rights: str,
                    keep_types: bool) -> list[Castling]:
    """The king's castlings with the pieces ``partner`` of its rank, the rest of the rank taken
    off (with ``keep_types``, put on empty squares of a middle rank instead)."""
    kf, kr = king_square
    king = pos.board[king_square][1]
    keep = {sq: v for sq, v in pos.board.items() if sq[1] != kr or sq == (kf, kr) or v == (WHITE, partner)}
    if keep_types:
        aside = [v for sq, v in pos.board.items() if sq not in keep]
        middle = pos.ranks // 2 - 1
        free = [(f, middle) for f in range(pos.files) if (f, middle) not in keep and (f, middle) not in pos.walls]
        keep.update(zip(free, aside))
    fen = board_fen(pos.files, pos.ranks, keep, pos.walls) + f" w {rights} - 0 1"
    out: list[Castling] = []
    try:
        moves = module.legal_moves(variant, fen, [])
    except (ValueError, SystemError, module.error):  # a set-up this variant refuses
        return out
    for m in moves:
        src, dst, _ = split_uci(m)
        if src != square_name(kf, kr) or "@" in m:
            continue
        tf, tr = parse_square(dst)
        if tr != kr or abs(tf - kf) < 2:
            continue
        after = parse_fen(module.get_fen(variant, fen, [m])).board
        left = [f for (f, r), v in keep.items() if r == kr and v == (WHITE, partner) and after.get((f, r)) != v]
        came = [f for (f, r), v in after.items() if r == kr and v == (WHITE, partner) and keep.get((f, r)) != v]
        # where the king lands: the square the move names, or (Chess960's notation, the king
        # taking its own rook) another square of its rank
        landed = [f for (f, r), v in after.items() if r == kr and v == (WHITE, king) and f != kf]
        if len(left) == 1 and len(came) == 1 and len(landed) == 1:
            out.append(Castling(kf, landed[0], left[0], came[0], kr, partner, written_to=tf))
    return out


def start_rights(fen: str) -> str:
    """The castling field of a FEN (``-`` when none)."""
    fields = fen.split()
    return fields[2] if len(fields) > 2 and fields[2] != "-" else ""
