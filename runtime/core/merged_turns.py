"""Grouping consecutive turns of the same player into one move.

Some games give a player several turns in a row: Alpha Centauri's two-part
turn is two entries of the ZRF turn order, ``(White first) (White second)``,
while its native engine makes the whole turn one move.  :class:`MergedTurns`
wraps a game so that a move is the whole sequence of turns a player makes
before another player is to move (or the game ends), with the parts of every
turn kept in order.  Wrapped states compare with the native engine one whole
turn at a time.
"""

from __future__ import annotations

from functools import partial

from runtime.core.protocol import (Game, GameType, Move, Outcome, PartDetails, PlaysZrfRules, ReadsSavedGames,
                                   Signature, State, reads_saved_games, zrf_definition)

MAX_CHAIN = 16
"""Consecutive turns of one player merged into one move; a longer run is an error, not a cut."""


def _chain_details(chain: list[Move]) -> tuple[PartDetails, ...] | None:
    """The details of a merged move: those of its turns in order (None if one has none)."""
    out: tuple[PartDetails, ...] = ()
    for move in chain:
        details = move.details
        if details is None:
            return None
        out += details
    return out


class MergedTurns(Game, ReadsSavedGames, PlaysZrfRules):
    """``game`` with consecutive turns of one player merged into single moves."""

    def __init__(self, game: Game):
        self.inner = game
        #: the wrapped game's capabilities, but a hand-made position (which turn of a merged one?)
        self.game_type = GameType(saved_games=game.game_type.saved_games, search_hints=game.game_type.search_hints,
                                  zrf_rules=game.game_type.zrf_rules)
        self.name = game.name
        self.players = game.players
        self.positions = game.positions
        self.piece_types = game.piece_types

    def initial_state(self) -> "MergedState":
        return MergedState(self, self.inner.initial_state())

    def layout(self):
        return self.inner.layout()

    def goal_info(self):
        return self.inner.goal_info()

    def edited_state(self, edits) -> "MergedState":
        inner = reads_saved_games(self.inner)
        if inner is None:
            raise NotImplementedError(f"{self.name} cannot edit its set-up")
        return MergedState(self, inner.edited_state(edits))

    @property
    def rules_path(self) -> str | None:
        return self.inner.rules_path

    def zrf_definition(self):
        definition = zrf_definition(self.inner)
        if definition is None:
            raise NotImplementedError(f"{self.name} plays no ZRF")
        return definition


class MergedState(State):
    """A state of the wrapped game at a point where a (new) player is to move."""

    def __init__(self, game: MergedTurns, inner: State):
        self.game = game
        self.inner = inner
        self._moves: list[Move] | None = None

    @property
    def current_player(self) -> str:
        return self.inner.current_player

    def legal_moves(self) -> list[Move]:
        if self._moves is None:
            out: list[Move] = []
            player = self.inner.current_player
            if self.inner.outcome() is None:
                self._expand(self.inner, player, (), [], out, 0)
            self._moves = out
        return self._moves

    def _expand(self, state: State, player: str, parts: tuple, chain: list, out: list, depth: int) -> None:
        for move in state.legal_moves():
            child = state.apply(move)
            new_parts = parts + move.parts
            new_chain = chain + [move]
            # the cheap tests first: a child handed to another player is a whole
            # move whatever its outcome, which may cost a move generation to know
            if child.current_player != player or child.outcome() is not None:
                out.append(Move(new_parts, (tuple(new_chain), child), partial(_chain_details, new_chain)))
            elif depth + 1 >= MAX_CHAIN:
                raise ValueError(f"{player} has more than {MAX_CHAIN} turns in a row "
                                 f"({' ; '.join(new_parts)}); merged moves stop at {MAX_CHAIN}")
            else:
                self._expand(child, player, new_parts, new_chain, out, depth + 1)

    def apply(self, move: Move) -> "MergedState":
        if isinstance(move.data, tuple) and len(move.data) == 2 and isinstance(move.data[1], State):
            return MergedState(self.game, move.data[1])
        for legal in self.legal_moves():
            if legal == move:
                return MergedState(self.game, legal.data[1])
        raise ValueError(f"illegal move {move.notation!r}")

    def outcome(self) -> Outcome | None:
        return self.inner.outcome()

    def signature(self) -> Signature:
        return self.inner.signature()

    def board(self):
        return self.inner.board()

    def hands(self):
        return self.inner.hands()
