"""A ZRF entry's set-up position as a game that only shows itself, for files no engine here plays.

Axiom games (``(engine "...axiom.dll")``) name a Windows plug-in for their
moves, so the interpreter cannot play them; their board, bitmaps and
``board-setup`` are ordinary ZRF all the same.  :class:`SetupOnlyGame` is made
from the model alone (``open_game(..., axiom=AxiomGames.SHOW_SET_UP)``): its
one state is the set-up position (pieces on the board and off-board stores),
has no legal moves and no outcome, so ``zrf render`` can draw it like any
other start position.  Nothing is compiled, so it is also quick.
"""

from __future__ import annotations

from zrf.model import GameDef

from runtime.core.protocol import Game, GameType, Move, Outcome, PlaysZrfRules, Signature, State, make_signature


class SetupOnlyGame(Game, PlaysZrfRules):
    """The picture-only game of one ZRF entry (see the module docstring)."""

    game_type = GameType(zrf_rules=True)

    def __init__(self, gdef: GameDef, path: str):
        self.gdef = gdef
        self.path = path
        self.name = gdef.title
        self.players = tuple(gdef.players)
        self.positions = tuple(gdef.board.positions) if gdef.board is not None else ()
        self.piece_types = tuple(gdef.pieces)

    def initial_state(self) -> "SetupOnlyState":
        return SetupOnlyState(self)

    @property
    def rules_path(self) -> str:
        return self.path

    def zrf_definition(self) -> GameDef:
        return self.gdef


class SetupOnlyState(State):
    """The set-up position: no moves, no outcome."""

    def __init__(self, game: SetupOnlyGame):
        self.game = game

    @property
    def current_player(self) -> str:
        entries = self.game.gdef.turn_order.entries
        if entries:
            return entries[0].player
        return self.game.players[0] if self.game.players else "nobody"

    def legal_moves(self) -> list[Move]:
        return []

    def apply(self, move: Move) -> State:
        raise ValueError("a set-up picture has no moves")

    def outcome(self) -> Outcome | None:
        return None

    def signature(self) -> Signature:
        gdef = self.game.gdef
        on_board = set(self.game.positions)
        cells = [(pos, player, ptype) for player, ptype, pos in gdef.setup.placements if pos in on_board]
        hands = [(player, ptype, n) for (player, ptype), n in gdef.setup.off.items()]
        return make_signature(self.current_player, cells, hands)
