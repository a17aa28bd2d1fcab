"""The engine contract's own helpers: move matching, perft and outcomes on a tiny game."""

from __future__ import annotations

import pytest

from runtime.core.notation import MoveMatchError, find_move, play_moves
from runtime.verify.perft import perft, perft_report
from runtime.core.protocol import Game, Move, Outcome, State, make_signature


class Nim(Game):
    """Take 1 or 2 stones from a heap of N; whoever takes the last stone wins.

    Small enough to count its move tree by hand: from N stones the number of
    move sequences of length d is a Fibonacci-like count, checked below.
    """

    name = "Nim"
    players = ("A", "B")
    positions = ("heap",)
    piece_types = ("Stone",)

    def __init__(self, stones: int = 5):
        self.stones = stones

    def initial_state(self) -> "NimState":
        return NimState(self, self.stones, 0)


class NimState(State):
    def __init__(self, game: Nim, stones: int, turn: int):
        self.game, self.stones, self.turn = game, stones, turn

    @property
    def current_player(self) -> str:
        return self.game.players[self.turn]

    def legal_moves(self) -> list[Move]:
        if self.outcome():
            return []
        return [Move.single(f"Stone heap - take{k}", k) for k in (1, 2) if k <= self.stones]

    def apply(self, move: Move) -> "NimState":
        return NimState(self.game, self.stones - move.data, 1 - self.turn)

    def outcome(self):
        if self.stones == 0:
            return Outcome.loss(self.current_player, self.game.players, "no stones left")
        return None

    def signature(self):
        return make_signature(self.current_player, [("heap", "N", "Stone")] * (self.stones > 0),
                              extra=[("stones", str(self.stones))])


def test_perft_counts_match_hand_count():
    # from 3 stones: depth 1 {1,2} = 2; depth 2: after take1 (2 left) 2 moves, after take2
    # (1 left) 1 move = 3; depth 3: only 1,1 leaves a stone (1 move); 1,2 and 2,1 end the game.
    s = Nim(3).initial_state()
    assert [perft(s, d) for d in (1, 2, 3)] == [2, 3, 1]
    report = perft_report(s, 3)
    assert report.counts == {1: 2, 2: 3, 3: 1}
    assert report.nodes == 6


def test_find_move_full_and_short_forms():
    s = Nim(3).initial_state()
    assert find_move(s, "Stone heap - take2").data == 2
    assert find_move(s, "heap - take1").data == 1
    with pytest.raises(MoveMatchError) as err:
        find_move(s, "heap - take3")
    assert "illegal move" in str(err.value)
    assert len(err.value.candidates) == 2


def test_resolve_finds_the_engine_move_for_a_notation_only_move():
    s = Nim(1).initial_state()
    assert s.resolve(Move(("Stone heap - take1",))).data == 1
    with pytest.raises(ValueError, match="illegal move 'Stone heap - take2'"):
        s.resolve(Move(("Stone heap - take2",)))


def test_play_moves_and_outcome():
    s = play_moves(Nim(3).initial_state(), ["heap - take1", "heap - take2"])
    assert s.outcome().winners == ("B",)
    assert s.outcome().losers == ("A",)
    assert s.legal_moves() == []
