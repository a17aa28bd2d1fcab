"""UCI engines as players of our games: the ZRF is the referee, the engine is told and asked in UCI moves.

An engine plays from its own start position of a variant (``UCI_Variant``,
``chess`` unless told otherwise), so the game it plays must start where that
variant starts; it hears the game as the moves from there (``position
startpos moves e2e4 e7e5 ...``) and answers one move.  Moves cross between
the two worlds through the cell names: a move of ours is written as its first
movement's start and end cells, with the promotion's piece letter
(``e7e8q``) or, for a drop, ``P@e4`` (:func:`uci_text`); the engine's
answer is the legal move of ours written the same way (:func:`legal_move_for`).
The chess ZRF names cells as UCI does (``a1`` to ``h8``), and so does the
xiangqi ZRF of the tests (``a1`` to ``i10``, as Fairy-Stockfish).

An answer that is no legal move of the ZRF ends the game as the engine's loss
(:class:`~runtime.players.player.Forfeit`, with the move in the reason), as
does an engine that dies or misses its deadline; a legal move of ours that
has no UCI form (a pass, a multi-part turn) makes the game
:class:`~runtime.players.player.Unplayable`.

:class:`UciSeat` owns one engine process for a whole series of games (it is
started once, set up once, and told ``ucinewgame`` before each game);
:meth:`UciSeat.player` gives the :class:`UciPlayer` of one game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from runtime.core.protocol import Move, State
from runtime.engines.engine_cache import EngineNotFound, resolve
from runtime.engines.uci_client import GoLimit, LimitKind, UciEngine, UciFailure, UciOptionError
from runtime.players.player import Forfeit, Player, Unplayable
from runtime.players.spec import PlayerKind, PlayerSpec

PIECE_LETTERS = {"King": "k", "Queen": "q", "Rook": "r", "Bishop": "b", "Knight": "n", "Pawn": "p"}
"""UCI's letters for the piece types a promotion or drop names; another type is written with its
first letter."""

DEFAULT_SECONDS = 1.0
"""An engine's time a move (``go movetime``) when neither its spec nor its user gives a budget."""

DEFAULT_VARIANT = "chess"
"""The variant an engine plays when neither its spec nor the match says (UCI's own default)."""


class UciSetupError(ValueError):
    """An engine that cannot be used as asked: not found, an option it lacks, a variant it does not play."""


def piece_letter(piece_type: str) -> str:
    return PIECE_LETTERS.get(piece_type, piece_type[:1].lower())


def uci_text(move: Move) -> str | None:
    """Our move as a UCI move (see the module docstring), or None when it has no UCI form."""
    details = move.details
    if not details or len(details) != 1:
        return None
    part = details[0]
    if part.movements:
        first = part.movements[0]
        promoted = part.promotion
        return first.source + first.target + (piece_letter(promoted) if promoted else "")
    if part.placements:
        placed = part.placements[0]
        return f"{piece_letter(placed.piece[1]).upper()}@{placed.cell}"
    return None


def legal_move_for(state: State, text: str) -> Move | None:
    """The legal move of ours the engine's ``text`` names, or None when none does."""
    for move in state.legal_moves():
        if uci_text(move) == text:
            return move
    return None


def go_limit(spec: PlayerSpec) -> GoLimit:
    """The ``go`` command of an engine's spec: ``time`` as ``movetime``, else ``nodes``, else ``depth``,
    else :data:`DEFAULT_SECONDS` as ``movetime``."""
    if spec.seconds is not None:
        return GoLimit(LimitKind.MOVETIME, max(1, round(spec.seconds * 1000)))
    if spec.nodes is not None:
        return GoLimit(LimitKind.NODES, spec.nodes)
    if spec.depth is not None:
        return GoLimit(LimitKind.DEPTH, spec.depth)
    return GoLimit(LimitKind.MOVETIME, round(DEFAULT_SECONDS * 1000))


@dataclass
class UciSeat:
    """One engine process playing one spec through a series of games (see the module docstring).

    ``variant`` is the ``UCI_Variant`` to play when the spec sets none
    (``zrf match --uci-variant``).  Call :meth:`close` when the series ends.
    """

    spec: PlayerSpec
    variant: str | None = None
    engine: UciEngine | None = field(default=None, repr=False)

    def open(self) -> UciEngine:
        """The engine, started and set up on first use; :class:`UciSetupError` or :class:`UciFailure`."""
        if self.engine is not None:
            return self.engine
        if self.spec.kind is not PlayerKind.UCI or self.spec.engine is None:
            raise UciSetupError(f"{self.spec.text}: not a UCI engine")
        try:
            program = resolve(self.spec.engine)
        except EngineNotFound as exc:
            raise UciSetupError(str(exc)) from None
        engine = UciEngine(program).start()
        try:
            for name, value in self.spec.options:
                engine.set_option(name, value)
            variant = self.spec.option("UCI_Variant") or self.variant
            if variant is not None and self.spec.option("UCI_Variant") is None:
                if engine.has_option("UCI_Variant"):
                    engine.set_option("UCI_Variant", variant)
                elif variant != DEFAULT_VARIANT:
                    raise UciSetupError(f"{engine.name} plays only chess (it has no UCI_Variant option), "
                                        f"not {variant}")
        except UciOptionError as exc:
            engine.close()
            raise UciSetupError(f"{self.spec.text}: {exc}") from None
        except BaseException:
            engine.close()
            raise
        self.engine = engine
        return engine

    def player(self) -> "UciPlayer":
        """The player of one game (the engine is started on first use)."""
        return UciPlayer(self)

    def close(self) -> None:
        if self.engine is not None:
            self.engine.close()
            self.engine = None


class UciPlayer(Player):
    """One game of a :class:`UciSeat`'s engine; keeps the game's moves in UCI form."""

    name = "uci"

    def __init__(self, seat: UciSeat):
        self.seat = seat
        self.limit = go_limit(seat.spec)
        self.moves: list[str] = []
        self.depth: int | None = None

    def begin(self, state: State) -> None:
        self.moves = []
        try:
            self.seat.open().new_game()
        except UciFailure as exc:
            self.seat.close()  # the next game starts a fresh process
            raise Forfeit(str(exc)) from None

    def observe(self, move: Move) -> None:
        text = uci_text(move)
        if text is None:
            raise Unplayable(f"the move {move.notation!r} has no UCI form to tell the engine")
        self.moves.append(text)

    def search_depth(self) -> int | None:
        """The depth of the engine's last ``info`` line before its move."""
        return self.depth

    def choose(self, state: State) -> Move:
        try:
            answer = self.seat.open().search(self.moves, self.limit)
        except UciFailure as exc:
            self.seat.close()
            raise Forfeit(str(exc)) from None
        self.depth = answer.depth
        if not answer.has_move:
            raise Forfeit(f"the engine answered bestmove {answer.move} where the rules allow "
                          f"{len(state.legal_moves())} moves")
        move = legal_move_for(state, answer.move)
        if move is None:
            raise Forfeit(f"the engine's move {answer.move} is not legal in the ZRF")
        return move
