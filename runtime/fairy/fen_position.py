"""A FEN as a position of a ZRF game: what ``position fen`` of ``zrf uci`` plays from.

The FEN is read by :func:`.fen.parse_fen` through the game's :class:`.naming.Naming`: the
export's names (:func:`.export.naming_for`: cells as the grid's squares, one letter per piece
type of the set-up), whose letters are replaced, where Fairy-Stockfish has a built-in variant
with the same start position (one letter for each piece type of it, square by square), by
that variant's letters: a GUI writes a xiangqi FEN with Fairy-Stockfish's ``r`` for the
chariot, not the export's.  Without ``pyffish`` the export's letters serve.

The position is made with the game's set-up (``ZrfGame.state_from``, what ``--position``
uses): the board, the side to move (``w`` is the player who moves first).  Then what the FEN
says beyond the board, each set exactly or the FEN refused (:class:`FenRefused`):

* pieces in hand ``[...]``: the off-board stores of a type the ZRF drops (its ``drops``),
  every store empty when the FEN has no brackets;
  a game that keeps its hands on cells (shogi.zrf) has no store to put them in;
* castling rights (``KQkq``, or the rooks' files as Shredder-FEN writes them): the castlings
  are found by asking the interpreter (each player's king with the other pieces of its rank
  but the two corner ones taken away: its two-movement turns that move the king first); a
  king and a castling rook (anywhere) that have no right get the attributes the castling
  itself leaves them with, so their castling is gone as after a move; a right needs its king
  and rook on their start squares;
* the en-passant square: the position before the double step that passed it (the pawn back
  on its square, the other side to move), then that step, as the game's own last move.

The halfmove clock and the fullmove number are ignored (a ZRF state counts neither).  Finally
the state's board, hands and side to move must be the FEN's (its signature, as the
cross-checker compares a Fairy-Stockfish position with ours), else the FEN is refused.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from runtime.core.protocol import Signature, State
from runtime.interpreter.game import ZrfGame
from runtime.interpreter.sentinels import NO
from runtime.interpreter.state import ZrfState

from .export import naming_for
from .fen import BLACK, WHITE, FenError, FenPosition, parse_fen, parse_square, square_name
from .naming import Naming

SHOWN_LETTERS = 20
"""The letters a refusal lists (a game has seldom more)."""


class FenRefused(ValueError):
    """A FEN that is malformed, or says what this game's state cannot be made to say."""


@dataclass(frozen=True)
class Castling:
    """One castling of one player: its right's letter (``K``/``Q`` for White, lower case for
    Black), the king's and the rook's start cells and piece types, and the attribute bits each
    has after it."""

    letter: str
    king: str
    rook: str
    king_type: str
    rook_type: str
    king_after: int
    rook_after: int


@dataclass
class FenPositions:
    """The FEN reader of one game; the naming and castlings are found at the first FEN
    (Fairy-Stockfish's start positions are read, the castlings probed) and kept for the game's life."""

    game: ZrfGame
    _naming: Naming | None = field(default=None, init=False)
    _castlings: tuple[Castling, ...] | None = field(default=None, init=False)

    # ------------------------------------------------------------------ what the game is

    @property
    def naming(self) -> Naming:
        if self._naming is None:
            naming = naming_for(self.game)
            if naming is None:
                raise FenRefused(f"{self.game.name} has no FEN: its board is not one grid of two players")
            self._naming = with_fairy_letters(naming, self.game)
        return self._naming

    @property
    def castlings(self) -> tuple[Castling, ...]:
        if self._castlings is None:
            self._castlings = tuple(c for colour in (WHITE, BLACK) for c in self._castlings_of(colour))
        return self._castlings

    def _castlings_of(self, colour: int) -> list[Castling]:
        """The castlings of the player of ``colour``, found from the start position (see the
        module docstring)."""
        naming, game = self.naming, self.game
        player, king_type = naming.players[colour], naming.pieces.get("k")
        start = game.initial_state()
        board = start.board()
        kings = [c for c, (pl, ty) in board.items() if pl == player and ty == king_type]
        square = naming.squares
        if len(kings) != 1 or kings[0] not in square:
            return []
        king = kings[0]
        files = naming.board_size[0]
        rank = square[king][1]
        corners = {naming.cells.get((f, rank)) for f in (0, files - 1)}
        probe = {c: p for c, p in board.items()
                 if not (p[0] == player and c in square and square[c][1] == rank and c != king and c not in corners)}
        try:
            state = game.state_from(probe, player)
        except ValueError:
            return []
        found = []
        for move in state.legal_moves():
            details = move.details
            if not details or len(details) != 1 or len(details[0].movements) != 2:
                continue
            k, r = details[0].movements
            if k.source != king or r.source not in corners or r.piece[0] != player:
                continue
            side = "K" if square[r.source][0] > square[king][0] else "Q"
            after = state.apply(move)
            t = game.tables
            king_after = after.cells[t.pos_index[k.target]][2]
            rook_after = after.cells[t.pos_index[r.target]][2]
            found.append(Castling(side if colour == WHITE else side.lower(), king, r.source, k.piece[1], r.piece[1],
                                  king_after, rook_after))
        return found

    # ------------------------------------------------------------------ reading

    def state(self, fen: str) -> State:
        """The state ``fen`` describes (see the module docstring); :class:`FenRefused` says why not."""
        naming = self.naming
        fields = fen.split()
        try:
            pos = parse_fen(fen)
        except FenError as exc:
            raise FenRefused(str(exc)) from None
        self._check_board(fields[0], pos, naming)
        players = naming.players
        position = {naming.cells[sq]: (players[colour], self._type(token)) for sq, (colour, token) in pos.board.items()}
        to_move = players[pos.side]
        # after the side: castling and en passant, unless the counters follow at once (shogi's FEN)
        castling, en_passant = (fields[2:4] + ["-", "-"])[:2] if len(fields) < 3 or not fields[2].isdigit() \
            else ("-", "-")
        rights = self._rights(castling, position)
        if en_passant != "-":
            state = self._after_double_step(en_passant, pos, position, rights)
        else:
            state = self._made(position, to_move, pos, rights)
        wanted = self.signature(pos)
        if state.signature().core() != wanted.core():
            raise FenRefused(f"the position made is not the FEN's:\n{state.signature().pretty()}")
        return state

    def signature(self, pos: FenPosition) -> Signature:
        """The board, hands and side to move a FEN says, in the game's names (a letter no piece
        has is refused, saying which letters there are)."""
        return self.naming.signature_of(pos, self._type)

    def _type(self, token: str) -> str:
        piece = self.naming.pieces.get(token)
        if piece is None:
            known = sorted(self.naming.pieces)
            letters = " ".join(known[:SHOWN_LETTERS])
            if len(known) > SHOWN_LETTERS:
                letters += f" and {len(known) - SHOWN_LETTERS} more"
            raise FenRefused(f"no piece of {self.game.name} has the FEN letter {token!r} (its letters: {letters})")
        return piece

    def _check_board(self, placement: str, pos: FenPosition, naming: Naming) -> None:
        files, ranks = naming.board_size
        rows = placement.partition("[")[0].split("/")
        if pos.ranks != ranks:
            raise FenRefused(f"the FEN has {pos.ranks} rows, {self.game.name}'s board {ranks}")
        for index, (row, width) in enumerate(zip(rows, pos.widths)):
            if width != files:
                raise FenRefused(f"row {index + 1} of the FEN ({row!r}) has {width} squares, "
                                 f"{self.game.name}'s board {files}")
        for sq in pos.board:
            if sq not in naming.cells:
                raise FenRefused(f"{square_name(*sq)} is not a square of {self.game.name}")
        for sq in pos.walls:
            if sq in naming.cells:
                raise FenRefused(f"a wall '*' on {square_name(*sq)}: it is a square of {self.game.name}")

    def _rights(self, text: str, position: dict) -> set[Castling]:
        """The castlings whose rights ``text`` gives (``-`` none), each with its king and rook
        in place."""
        if text == "-":
            return set()
        given: set[Castling] = set()
        for ch in text:
            ours = [c for c in self.castlings if c.letter == ch or _file_letter(self.naming, c) == ch]
            if not ours:
                have = "".join(c.letter for c in self.castlings) or "none"
                raise FenRefused(f"castling right {ch!r}: {self.game.name} has no such castling (its rights: {have})")
            castling = ours[0]
            colour = WHITE if castling.letter.isupper() else BLACK
            player = self.naming.players[colour]
            king_type, rook_type = castling.king_type, castling.rook_type
            if position.get(castling.king) != (player, king_type) or position.get(castling.rook) != (player, rook_type):
                raise FenRefused(f"castling right {ch!r} needs {player}'s {king_type} on {castling.king} and "
                                 f"{rook_type} on {castling.rook}")
            given.add(castling)
        return given

    def _made(self, position: dict, to_move: str, pos: FenPosition, rights: set[Castling]) -> ZrfState:
        """The set-up state, its hands the FEN's and the castling pieces without a right moved."""
        game = self.game
        try:
            state = game.state_from(position, to_move)
        except ValueError as exc:
            raise FenRefused(str(exc)) from None
        t = game.tables
        cells = list(state.cells)
        for colour in (WHITE, BLACK):
            player = t.player_index[self.naming.players[colour]]
            mine = [c for c in self.castlings if c.letter.isupper() == (colour == WHITE)]
            kept_kings = {c.king for c in mine if c in rights}
            kept_rooks = {c.rook for c in mine if c in rights}
            for c in mine:
                king_type, rook_type = t.type_index[c.king_type], t.type_index[c.rook_type]
                for i, pc in enumerate(cells):
                    if pc is None or pc[0] != player:
                        continue
                    cell = t.positions[i]
                    if pc[1] == king_type and cell not in kept_kings:
                        cells[i] = (pc[0], pc[1], c.king_after)
                    elif pc[1] == rook_type and cell not in kept_rooks:
                        cells[i] = (pc[0], pc[1], c.rook_after)
        stores = self._stores(pos)
        return ZrfState(game, tuple(cells), stores, state.turn, NO, NO, (), None)

    def _stores(self, pos: FenPosition) -> tuple[int, ...]:
        """The off-board stores of the FEN's pieces in hand (a store per player and type, as
        the interpreter lays them out); a type the game does not drop has none."""
        t, gdef = self.game.tables, self.game.gdef
        stores = [0] * (len(t.players) * len(t.types))
        for (colour, token), count in pos.hands.items():
            ptype = self._type(token)
            if not gdef.pieces[ptype].drops:
                raise FenRefused(f"{count} {ptype} in hand: {self.game.name} drops no {ptype} from off the board")
            stores[t.player_index[self.naming.players[colour]] * len(t.types) + t.type_index[ptype]] = count
        return tuple(stores)

    def _after_double_step(self, text: str, pos: FenPosition, position: dict, rights: set[Castling]) -> State:
        """The state after the double step that passed the en-passant square ``text``."""
        naming = self.naming
        try:
            file, rank = parse_square(text)
        except ValueError:
            raise FenRefused(f"en-passant square {text!r} is not a square name") from None
        mover = 1 - pos.side
        forward = 1 if mover == WHITE else -1
        target, passed, origin = ((file, rank + d * forward) for d in (1, 0, -1))
        cells = [naming.cells.get(sq) for sq in (target, passed, origin)]
        player = naming.players[mover]
        if cells[1] is None:
            raise FenRefused(f"en-passant square {text} is not a square of {self.game.name}")
        if None in cells or position.get(cells[0], ("",))[0] != player or cells[1] in position \
                or cells[2] in position:
            raise FenRefused(f"en-passant square {text}: no {player} piece on {square_name(*target)} with "
                             f"{text} and {square_name(*origin)} empty")
        before = {c: p for c, p in position.items() if c != cells[0]}
        before[cells[2]] = position[cells[0]]
        state = self._made(before, player, pos, rights)
        for move in state.legal_moves():
            details = move.details
            if details and len(details) == 1 and len(details[0].movements) == 1 and not details[0].captures \
                    and (details[0].movements[0].source, details[0].movements[0].target) == (cells[2], cells[0]):
                return state.apply(move)
        raise FenRefused(f"en-passant square {text}: {player} has no move {cells[2]}-{cells[0]} that passed it")


def _file_letter(naming: Naming, castling: Castling) -> str:
    """Shredder-FEN's letter of a castling: its rook's file, in its player's case."""
    square = naming.squares[castling.rook]
    letter = chr(ord("A") + square[0])
    return letter if castling.letter.isupper() else letter.lower()


def with_fairy_letters(naming: Naming, game: ZrfGame) -> Naming:
    """``naming`` with Fairy-Stockfish's letters where a built-in variant starts from the same
    position (see the module docstring); ``naming`` itself without ``pyffish`` or such a variant."""
    from .library import FairyLibrary, FairyUnavailable

    try:
        library = FairyLibrary.get()
    except FairyUnavailable:
        return naming
    square = naming.squares
    ours = {square[c]: (naming.players.index(pl), ty) for c, (pl, ty) in game.initial_state().board().items()
            if c in square and pl in naming.players}
    files, ranks = naming.board_size
    found: dict[str, str] | None = None
    for variant in library.builtin_variants():
        try:
            start = parse_fen(library.module.start_fen(variant))
        except FenError:
            continue
        letters = _aligned(start, ours, files, ranks)
        if letters is None:
            continue
        if found is not None and found != letters:
            return naming  # two variants start alike with different letters: neither is chosen
        found = letters
    if found is None:
        return naming
    pieces = dict(found)
    for token, piece in naming.pieces.items():
        if piece not in pieces.values() and token not in pieces:
            pieces[token] = piece
    return Naming(pieces, naming.cells, naming.players, naming.castling)


def _aligned(start: FenPosition, ours: dict, files: int, ranks: int) -> dict[str, str] | None:
    """token -> our piece type when ``start`` has our board, square by square, one token for
    each type; else None."""
    if (start.files, start.ranks) != (files, ranks) or set(start.board) != set(ours) or start.hands:
        return None
    letters: dict[str, str] = {}
    for sq, (colour, token) in start.board.items():
        mine = ours[sq]
        if mine[0] != colour or letters.setdefault(token, mine[1]) != mine[1]:
            return None
    return letters if len(set(letters.values())) == len(letters) else None
