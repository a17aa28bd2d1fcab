"""A Fairy-Stockfish variant as a :class:`runtime.core.protocol.Game`, answered by ``pyffish``.

A state is the variant's start FEN and the moves played since (Fairy-Stockfish needs the
history for repetition rules); its legal moves are Fairy-Stockfish's, in its UCI notation
(``e2e4``, ``a7a8q``, ``P@e5``, ``h2h7+``), and its signature is read from the FEN
(:mod:`.fen`) through a :class:`.naming.Naming`, so the cross-checker compares it with a ZRF
position directly (a wall made in play, Petrified's piece that captured, as the naming's
wall piece of the player who made it).  The game ends where Fairy-Stockfish says it does at once (no legal move,
or an immediate end such as a flag reached or a piece extinct); the ends a player may only
claim (``is_optional_game_end``: n-move rule, repetition claims) are not taken.
"""

from __future__ import annotations

from runtime.core.protocol import Game, Move, Outcome, Signature, State

from .fen import WHITE, parse_fen
from .library import FairyLibrary
from .naming import Naming, default_naming


class FairyGame(Game):
    """A Fairy-Stockfish variant (built in, or loaded from ``config``) played by ``pyffish``."""

    def __init__(self, variant: str, naming: Naming | None = None, config: str | None = None,
                 library: FairyLibrary | None = None, start_fen: str | None = None,
                 immediate_ends: bool = True) -> None:
        self.library = library or FairyLibrary.get()
        if config:
            variant = self.library.load(config).get(variant, variant)
        if not self.library.knows(variant):
            raise KeyError(f"Fairy-Stockfish knows no variant {variant!r}")
        self.variant = variant
        #: may the game end while moves remain (a flag, an extinction)?  Without such rules a
        #: state asks Fairy-Stockfish about the end only when it has no move (half the calls)
        self.immediate_ends = immediate_ends
        self.ffish = self.library.module
        self.start_fen = start_fen or self.ffish.start_fen(variant)
        start = parse_fen(self.start_fen)
        self.files, self.ranks = start.files, start.ranks
        self.start_walls = start.walls
        if naming is None:
            naming = default_naming(start.files, start.ranks, {t for _, t in start.board.values()})
        self.naming = naming
        self.name = variant
        self.players = tuple(naming.players)
        self.positions = tuple(naming.cell((f, r)) for r in range(self.ranks) for f in range(self.files)
                               if (f, r) not in start.walls)
        self.piece_types = tuple(dict.fromkeys(naming.pieces.values()))

    def initial_state(self) -> FairyState:
        return FairyState(self, ())

    def describe(self) -> str:
        return f"Fairy-Stockfish {self.variant}: {self.files}x{self.ranks}"


class FairyState(State):
    """A position: the game's start FEN and the UCI moves played since."""

    __slots__ = ("_done", "_fen", "_legal", "_outcome", "_parent", "_signature", "_uci", "_wall_owners",
                 "game", "moves")

    def __init__(self, game: FairyGame, moves: tuple[str, ...], parent: FairyState | None = None) -> None:
        self.game = game
        self.moves = moves
        #: the position before the last move, kept only where walls made in play are pieces
        self._parent = parent
        self._wall_owners: dict | None = None
        self._fen: str | None = None
        self._uci: list[str] | None = None
        self._legal: list[Move] | None = None
        self._outcome: Outcome | None = None
        self._done = False
        self._signature: Signature | None = None

    @property
    def fen(self) -> str:
        if self._fen is None:
            g = self.game
            self._fen = g.ffish.get_fen(g.variant, g.start_fen, list(self.moves)) if self.moves else g.start_fen
        return self._fen

    @property
    def side(self) -> int:
        return WHITE if self.fen.split()[1] == "w" else 1 - WHITE

    @property
    def current_player(self) -> str:
        return self.game.players[self.side]

    def uci_moves(self) -> list[str]:
        """Fairy-Stockfish's legal moves here, whether or not the game has ended."""
        if self._uci is None:
            g = self.game
            self._uci = list(g.ffish.legal_moves(g.variant, g.start_fen, list(self.moves)))
        return self._uci

    def legal_moves(self) -> list[Move]:
        if self._legal is None:
            self._legal = [] if self.outcome() is not None else [Move.single(m, m) for m in self.uci_moves()]
        return self._legal

    def apply(self, move: Move) -> FairyState:
        uci = move.data if isinstance(move.data, str) else move.notation
        return FairyState(self.game, self.moves + (uci,), self if self.game.naming.wall_piece else None)

    def outcome(self) -> Outcome | None:
        if not self._done:
            self._outcome = self._compute_outcome()
            self._done = True
        return self._outcome

    def _compute_outcome(self) -> Outcome | None:
        g = self.game
        moves = list(self.moves)
        if not self.uci_moves():
            value = g.ffish.game_result(g.variant, g.start_fen, moves)
            rule = "no legal move"
        elif not g.immediate_ends:
            return None
        else:
            ended, value = g.ffish.is_immediate_game_end(g.variant, g.start_fen, moves)
            if not ended:
                return None
            rule = "immediate game end"
        me = self.current_player
        if value == 0:
            return Outcome.drawn(rule)
        if value > 0:
            return Outcome.win(me, g.players, rule)
        return Outcome.loss(me, g.players, rule)

    def wall_owners(self) -> dict:
        """The walls made since the start (a Petrified piece that captured): square -> the
        colour whose move made it, read from the positions along the game."""
        if self._wall_owners is None:
            if self._parent is None:
                self._wall_owners = {}
            else:
                before = self._parent.wall_owners()
                walls = parse_fen(self.fen).walls - self.game.start_walls
                self._wall_owners = {sq: before.get(sq, self._parent.side) for sq in walls}
        return self._wall_owners

    def signature(self) -> Signature:
        if self._signature is None:
            n = self.game.naming
            players = self.game.players
            walls = [] if n.wall_piece is None else \
                [(n.cell(sq), players[colour], n.wall_piece) for sq, colour in self.wall_owners().items()]
            self._signature = n.signature_of(parse_fen(self.fen), more_cells=walls)
        return self._signature
