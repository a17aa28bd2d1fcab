"""Fairy-Stockfish as a computer seat of a long-running program (``zrf serve``): one engine per
game, started on the game's first engine move and kept for the next ones.

A server asks for a move many times in one game, each time as a fresh
:class:`~runtime.players.player.Player`.  Exporting and verifying the game costs seconds
(:func:`.engine_variant.uci_game`) and starting the engine a fraction of one, so both are done
once per game object and kept by :class:`FairyOpponents`, the owner of those engine processes:
at most ``capacity`` games keep theirs, the least recently used closing first, a game no
longer held by anybody closes its engine when it is collected, and :meth:`FairyOpponents.close`
ends them all (the server's shutdown).  A move is chosen by telling the engine the game's moves
so far (the history the caller holds, read when the move is asked for, so that a move taken
back is forgotten) and asking it for one within the given seconds.

Every reason the engine cannot play (``pyffish`` missing, the engine not built, a game that
does not export, an export that plays differently, an engine that fails or answers a move the
ZRF does not allow) is a :class:`FairyRefusal` with the game's located diagnostics when there
are any, never another exception.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Sequence

from runtime.core.protocol import Game, Move, State
from runtime.engines.engine_cache import EngineNotFound, resolve
from runtime.engines.uci_client import UciFailure
from runtime.players.player import Forfeit, Player, Unplayable, tell_game
from runtime.players.spec import (
    FAIRY_PROGRAM,
    PlayerKind,
    PlayerSpec,
    SpecError,
    parse_player_spec,
)
from runtime.players.uci import UciSeat, UciSetupError, go_limit
from zrf.diagnostics import Diagnostic

from .engine_variant import EngineVariantError, uci_game
from .export import ExportUnfit
from .library import FairyUnavailable

DEFAULT_CAPACITY = 4
"""Games whose engine a :class:`FairyOpponents` keeps running at once."""


class FairyRefusal(ValueError):
    """Fairy-Stockfish cannot play this move of this game; ``diagnostics`` locate the reasons in
    the rules file when the game does not export."""

    def __init__(self, message: str, diagnostics: Sequence[Diagnostic] = ()) -> None:
        super().__init__(message)
        self.diagnostics = list(diagnostics)


def is_fairy_spec(text: str) -> bool:
    """Whether a player spec's text names Fairy-Stockfish playing the game (``fairy-stockfish``, ``fsf``)."""
    try:
        return parse_player_spec(text).kind is PlayerKind.FAIRY
    except SpecError:
        return False


class FairyOpponents:
    """The engine processes of the games Fairy-Stockfish plays in one program (see the module
    docstring).  Safe to call from several threads: a lock guards the table; one game's moves
    are asked for one at a time by its caller (the server holds the game's session lock)."""

    def __init__(self, capacity: int = DEFAULT_CAPACITY, depth: int = 3, positions: int = 200) -> None:
        if capacity < 1:
            raise ValueError("Fairy-Stockfish opponents keep at least one engine")
        self.capacity = capacity
        self.depth, self.positions = depth, positions
        self._seats: OrderedDict[int, UciSeat] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            return len(self._seats)

    def player(self, spec_text: str, game: Game, history: Sequence[tuple[State, Move]],
               seconds: float) -> Player:
        """A player of ``game`` for the spec ``spec_text`` (``fairy-stockfish[:SETTINGS]``) that thinks
        ``seconds`` unless the spec has a budget of its own (``time``, ``nodes`` or ``depth``; the
        game's one engine serves every seat, so ``elo`` is not applied).  ``history`` is the game's ``(position,
        move)`` list as its caller keeps it, read when the move is asked for."""
        try:
            spec = parse_player_spec(spec_text)
        except SpecError as exc:
            raise FairyRefusal(str(exc)) from None
        if spec.kind is not PlayerKind.FAIRY:
            raise FairyRefusal(f"{spec_text}: not Fairy-Stockfish")
        return _FairyMove(self, spec.with_budget(seconds=seconds), game, history)

    def seat(self, game: Game) -> UciSeat:
        """The engine seat of ``game``: made (exported, verified, engine started) on first use."""
        key = id(game)
        with self._lock:
            seat = self._seats.get(key)
            if seat is not None:
                self._seats.move_to_end(key)
                return seat
        seat = self._new_seat(game)
        with self._lock:
            if key in self._seats:  # another thread made it meanwhile
                seat.close()
                seat = self._seats[key]
            else:
                self._seats[key] = seat
                weakref.finalize(game, self._forget, key)
            self._seats.move_to_end(key)
            evicted = [self._seats.popitem(last=False)[1] for _ in range(len(self._seats) - self.capacity)]
        for old in evicted:
            old.close()
        return seat

    def _new_seat(self, game: Game) -> UciSeat:
        try:
            resolve(FAIRY_PROGRAM)
        except EngineNotFound as exc:
            raise FairyRefusal(str(exc)) from None
        try:
            played = uci_game(game, self.depth, self.positions)
        except ExportUnfit as exc:
            raise FairyRefusal(f"Fairy-Stockfish cannot play {game.name}, which does not export",
                               exc.diagnostics) from None
        except (EngineVariantError, FairyUnavailable) as exc:
            raise FairyRefusal(f"Fairy-Stockfish cannot play {game.name}: {exc}") from None
        seat = UciSeat(parse_player_spec(FAIRY_PROGRAM), None, played)
        try:
            seat.open()
        except (UciSetupError, UciFailure) as exc:
            seat.close()
            raise FairyRefusal(f"Fairy-Stockfish did not start: {exc}") from None
        return seat

    def _forget(self, key: int) -> None:
        with self._lock:
            seat = self._seats.pop(key, None)
        if seat is not None:
            seat.close()

    def close(self) -> None:
        """End every engine; safe to call twice."""
        with self._lock:
            seats = list(self._seats.values())
            self._seats.clear()
        for seat in seats:
            seat.close()


class _FairyMove(Player):
    """One move asked of a game's engine: the moves so far told, then the engine's answer."""

    name = "fairy-stockfish"

    def __init__(self, owner: FairyOpponents, spec: PlayerSpec, game: Game,
                 history: Sequence[tuple[State, Move]]) -> None:
        self.owner, self.spec, self.game, self.history = owner, spec, game, history

    def choose(self, state: State) -> Move:
        seat = self.owner.seat(self.game)
        start = self.history[0][0] if self.history else state
        player = seat.player(go_limit(self.spec))
        try:
            tell_game(player, start, [move for _, move in self.history])
            return player.choose(state)
        except (Forfeit, Unplayable) as exc:
            raise FairyRefusal(f"Fairy-Stockfish cannot play this position: {exc}") from None
