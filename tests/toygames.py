"""Tiny games with hand-countable move trees, for testing game-independent machinery."""

from __future__ import annotations

from runtime.protocol import Game, Move, Outcome, State, make_signature


class TakeAway(Game):
    """A heap of stones; a move takes some allowed number; who takes the last stone wins.

    ``takes`` is the set of allowed amounts; ``cell`` and ``stone`` name the
    heap and the piece so a name map can be exercised.
    """

    players = ("A", "B")
    piece_types = ("Stone",)

    def __init__(self, stones: int, takes=(1, 2), cell: str = "heap", stone: str = "Stone",
                 name: str = "TakeAway"):
        self.stones, self.takes, self.cell, self.stone, self.name = stones, tuple(takes), cell, stone, name
        self.positions = (cell,)

    def initial_state(self):
        return TakeState(self, self.stones, 0)


class TakeState(State):
    def __init__(self, game, stones, turn):
        self.game, self.stones, self.turn = game, stones, turn

    @property
    def current_player(self):
        return self.game.players[self.turn]

    def legal_moves(self):
        if self.stones == 0:
            return []
        return [Move.single(f"take {k}", k) for k in self.game.takes if k <= self.stones]

    def apply(self, move):
        return TakeState(self.game, self.stones - move.data, 1 - self.turn)

    def outcome(self):
        if self.stones == 0:
            return Outcome.loss(self.current_player, self.game.players, "no stones")
        return None

    def signature(self):
        # one "stone" entry per stone, on numbered cells so the board shows the count
        cells = [(f"{self.game.cell}{i}", self.current_player and "N", self.game.stone)
                 for i in range(self.stones)]
        return make_signature(self.current_player, cells)
