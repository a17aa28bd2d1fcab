"""UCI engines as players of our games: the ZRF is the referee, the engine is told and asked in UCI moves.

An engine plays from its own start position of a variant and hears the game
as the moves from there (``position startpos moves e2e4 e7e5 ...``); it
answers one move.  Moves cross between the two worlds through a
:class:`~runtime.players.uci_notation.UciNotation`.  Two kinds of spec:

* ``uci:ENGINE`` plays the engine's own ``UCI_Variant`` (``chess`` unless
  told otherwise), so the game must start where that variant starts and name
  its cells as the engine names squares (the chess ZRF: ``a1`` to ``h8``;
  the xiangqi ZRF of the tests: ``a1`` to ``i10``, as Fairy-Stockfish);
* ``fairy-stockfish`` plays the game itself: its seat is given the game's
  :class:`~runtime.players.uci_notation.UciGame` (made by
  :mod:`runtime.fairy` from the game's verified export), loads its
  ``variants.ini`` text through ``VariantPath`` and plays its variant in the
  export's squares and letters.

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

import os
import tempfile
from dataclasses import dataclass, field

from runtime.core.protocol import Move, State
from runtime.engines.engine_cache import EngineNotFound, resolve
from runtime.engines.uci_client import GoLimit, LimitKind, UciEngine, UciFailure, UciOptionError
from runtime.players.player import Forfeit, Player, Unplayable
from runtime.players.spec import ENGINES, PlayerKind, PlayerSpec
from runtime.players.uci_notation import CELL_NAMES, UciGame, UciNotation

DEFAULT_SECONDS = 1.0
"""An engine's time a move (``go movetime``) when neither its spec nor its user gives a budget."""

DEFAULT_VARIANT = "chess"
"""The variant an engine plays when neither its spec nor the match says (UCI's own default)."""


class UciSetupError(ValueError):
    """An engine that cannot be used as asked: not found, an option it lacks, a variant it does not play."""


def uci_text(move: Move) -> str | None:
    """Our move in UCI with the cells as squares (:data:`~runtime.players.uci_notation.CELL_NAMES`)."""
    return CELL_NAMES.text(move)


def legal_move_for(state: State, text: str) -> Move | None:
    """The legal move of ours the engine's ``text`` names in the cells' names, or None when none does."""
    return CELL_NAMES.move_for(state, text)


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

    ``variant`` is the ``UCI_Variant`` a ``uci:`` engine plays when the spec
    sets none (``zrf match --uci-variant``); ``game`` is what a
    ``fairy-stockfish`` engine loads and plays.  Call :meth:`close` when the
    series ends.
    """

    spec: PlayerSpec
    variant: str | None = None
    game: UciGame | None = None
    engine: UciEngine | None = field(default=None, repr=False)

    @property
    def notation(self) -> UciNotation:
        return self.game.notation if self.game is not None else CELL_NAMES

    def open(self) -> UciEngine:
        """The engine, started and set up on first use; :class:`UciSetupError` or :class:`UciFailure`."""
        if self.engine is not None:
            return self.engine
        program_name = self.spec.program
        if self.spec.kind not in ENGINES or program_name is None:
            raise UciSetupError(f"{self.spec.text}: not a UCI engine")
        if self.spec.kind is PlayerKind.FAIRY and self.game is None:
            raise UciSetupError(f"{self.spec.text}: Fairy-Stockfish is given the game's export to play it")
        try:
            program = resolve(program_name)
        except EngineNotFound as exc:
            raise UciSetupError(str(exc)) from None
        engine = UciEngine(program).start()
        try:
            for name, value in self.spec.engine_options():
                engine.set_option(name, value)
            if self.spec.kind is PlayerKind.FAIRY:
                self._load_game(engine)
                self.engine = engine
                return engine
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

    def _load_game(self, engine: UciEngine) -> None:
        """Load the game's ``variants.ini`` text (through a file that lives only while it is read)
        and choose its variant."""
        game = self.game
        assert game is not None
        if not engine.has_option("VariantPath"):
            raise UciSetupError(f"{engine.name} loads no variant definitions (it has no VariantPath option)")
        with tempfile.TemporaryDirectory(prefix="zrf-variant-") as folder:
            path = os.path.join(folder, "variants.ini")
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(game.variants_ini)
            engine.load_variants(path, [game.variant])
        engine.set_option("UCI_Variant", game.variant)

    def player(self, limit: GoLimit | None = None) -> "UciPlayer":
        """The player of one game (the engine is started on first use); ``limit`` replaces the
        spec's own bound of a search (a server's per-move seconds)."""
        return UciPlayer(self, limit)

    def close(self) -> None:
        if self.engine is not None:
            self.engine.close()
            self.engine = None


class UciPlayer(Player):
    """One game of a :class:`UciSeat`'s engine; keeps the game's moves in UCI form."""

    name = "uci"

    def __init__(self, seat: UciSeat, limit: GoLimit | None = None):
        self.seat = seat
        self.limit = limit if limit is not None else go_limit(seat.spec)
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
        text = self.seat.notation.text(move)
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
        move = self.seat.notation.move_for(state, answer.move)
        if move is None:
            raise Forfeit(f"the engine's move {answer.move} is not legal in the ZRF")
        return move
