"""Tiny games with hand-countable move trees, for testing game-independent machinery."""

from __future__ import annotations

from runtime.core.protocol import Game, Move, Outcome, State, make_signature


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


class TakeTwice(TakeAway):
    """Each turn takes one stone, then (if any is left) one more: a whole two-part turn is one move."""

    def __init__(self, stones: int):
        super().__init__(stones, takes=(1,))

    def initial_state(self):
        return TakeTwiceState(self, self.stones, 0)


class TakeTwiceState(TakeState):
    def legal_moves(self):
        if self.stones == 0:
            return []
        if self.stones == 1:
            return [Move(("take 1",), 1)]
        return [Move(("take 1", "take 1"), 2)]

    def apply(self, move):
        return TakeTwiceState(self.game, self.stones - move.data, 1 - self.turn)


class DoubleTake(TakeAway):
    """The same game with each half of the turn a separate turn of the same player."""

    def __init__(self, stones: int):
        super().__init__(stones, takes=(1,))

    def initial_state(self):
        return DoubleTakeState(self, self.stones, 0, 0)


class DoubleTakeState(TakeState):
    def __init__(self, game, stones, turn, half):
        super().__init__(game, stones, turn)
        self.half = half

    def apply(self, move):
        if self.half == 0 and self.stones > 1:
            return DoubleTakeState(self.game, self.stones - 1, self.turn, 1)
        return DoubleTakeState(self.game, self.stones - 1, 1 - self.turn, 0)
