"""A ZRF entry's set-up position as a game that only shows itself, for files no engine here plays.

Axiom games (``(engine "...axiom.dll")``) name a Windows plug-in for their
moves, so :func:`runtime.interpreter.load_zrf_game` refuses them; their board,
bitmaps and ``board-setup`` are ordinary ZRF all the same.  :func:`load_still`
builds a :class:`StillGame` from the model alone: its one state is the
set-up position (pieces on the board and off-board stores), has no legal
moves and no outcome, so ``zrf render`` can draw it like any other start
position.  Nothing is compiled, so it is also quick.
"""

from __future__ import annotations

from zrf.diagnostics import ZrfError
from zrf.model import GameDef, build_file

from runtime.loading.opening import GameLoadError
from runtime.core.protocol import Game, Move, Outcome, Signature, State, make_signature


class StillGame(Game):
    """The picture-only game of one ZRF entry (see the module docstring)."""

    def __init__(self, gdef: GameDef, path: str):
        self.gdef = gdef
        self.path = path
        self.name = gdef.title
        self.players = tuple(gdef.players)
        self.positions = tuple(gdef.board.positions) if gdef.board is not None else ()
        self.piece_types = tuple(gdef.pieces)

    def initial_state(self) -> "StillState":
        return StillState(self)

    @property
    def rules_path(self) -> str:
        return self.path

    def zrf_definition(self) -> GameDef:
        return self.gdef


class StillState(State):
    """The set-up position: no moves, no outcome."""

    def __init__(self, game: StillGame):
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


def load_still(path: str, variant: str | None = None) -> StillGame:
    """The set-up picture of the entry ``variant`` (default: the file's default entry)."""
    try:
        zfile = build_file(path)
    except ZrfError as exc:
        raise GameLoadError(str(exc)) from None
    try:
        return StillGame(zfile.entry(variant), path)
    except KeyError as exc:
        raise GameLoadError(f"{path}: {exc.args[0]}") from None
