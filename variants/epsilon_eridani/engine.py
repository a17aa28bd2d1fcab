"""Native rules engine for Epsilon Eridani (Roberto Lavieri), from the rule text.

This is the reference the Epsilon Eridani ZRF files are cross-checked against.
Board tables live in ``board.py``, move generation in ``moves.py``, the static
description (cells, colours, setup) in ``data.py``; this module wraps them in
the project's :class:`runtime.core.protocol.Game` / ``State`` contract and applies
the end-of-game rules (RULES.md section 6, "Turn and end of game"), checked
after every move in this order:

1. the opponent has two pieces or fewer -> the mover wins;
2. the mover has two pieces or fewer (cannibal captures) -> the mover loses;
3. the opponent has no legal move -> checkmate (mover wins) or stalemate (draw);
4. 35 moves by each side (70 plies) without capture or promotion -> draw.

The risky readings of the rules are keyword options of :class:`EpsilonEridani`
(defaults: RULES.md recommendations) so a cross-check can flip them.
"""

from __future__ import annotations

from typing import Mapping

from runtime.core.goalinfo import Checkmated, Goal, GoalResult, PiecesRemaining, Unscored, at_most_pieces
from runtime.core.protocol import (Change, ChangeKind, Game, GameType, LazyDetails, Move, Movement, Outcome,
                                   PartDetails, SetsUpPositions, Signature, State, make_signature)

from . import data
from .board import INDEX, N_CELLS, code, owner_of, ptype_of
from .moves import Rules, attacked, king_cell, legal_raw_moves, make

CELLS = data.CELLS
TYPE_NAMES = data.PIECE_TYPES
PLAYERS = data.PLAYERS

DOUBLE_STEP_READINGS = {
    # A5 chosen: each side's own starting rank (3 / 7), 0-based
    "start-rank": (2, 6),
    # literal port of Canopus' Zillions zone ("THIRD (White) or SIXTH (Black)"):
    # the step must land on rank 3 / 6 first, so White (starting on 3) never can
    "canopus-zone": (1, 6),
    "none": (-1, -1),
}
"""Readings of the Soldier's two-square advance (RULES.md 6, A5)."""


class EpsilonEridani(Game, SetsUpPositions):
    """Epsilon Eridani with its rule readings as options.

    Keyword options (default = RULES.md recommendation):

    * ``double_step``: ``"start-rank"`` (A5), ``"canopus-zone"`` or ``"none"``;
    * ``promotion_optional``: last-rank promotion may be declined (A6);
    * ``compensation_optional``: compensation promotion may be declined (A13);
    * ``reduced_sideways_step``: a reduced Grand-Soldier keeps a one-square H
      step (A7);
    * ``no_progress_moves``: moves per side without capture or promotion that
      draw the game, 35 (A11); ``None`` switches the rule off, as in the
      author's ZRF;
    * ``reduce_to_two``: ``"at-most"`` (A15: fires at <= 2 pieces),
      ``"exactly"`` (Zillions ``pieces-remaining 2`` style, fires only at 2) or
      ``"off"`` (no such rule: for studying small hand-made positions);
    * ``stalemate``: ``"draw"`` (A12) or ``"loss"`` (the stalemated side loses);
    * ``setup``: replacement starting array ``{cell: (player, type)}``.
    """

    game_type = GameType(set_up_positions=True, search_hints=True)

    name = "Epsilon Eridani"
    players = PLAYERS
    positions = CELLS
    piece_types = TYPE_NAMES

    def __init__(self, *, double_step: str = "start-rank", promotion_optional: bool = True,
                 compensation_optional: bool = True, reduced_sideways_step: bool = True,
                 no_progress_moves: int | None = data.NO_PROGRESS_MOVES,
                 reduce_to_two: str = "at-most",
                 stalemate: str = "draw",
                 setup: Mapping[str, tuple[str, str]] | None = None) -> None:
        if double_step not in DOUBLE_STEP_READINGS:
            raise ValueError(f"double_step must be one of {sorted(DOUBLE_STEP_READINGS)}")
        if reduce_to_two not in ("at-most", "exactly", "off"):
            raise ValueError("reduce_to_two must be 'at-most', 'exactly' or 'off'")
        if stalemate not in ("draw", "loss"):
            raise ValueError("stalemate must be 'draw' or 'loss'")
        self.rules = Rules(double_step_rank=DOUBLE_STEP_READINGS[double_step],
                           promotion_optional=promotion_optional,
                           compensation_optional=compensation_optional,
                           reduced_sideways_step=reduced_sideways_step)
        self.no_progress_plies = None if no_progress_moves is None else 2 * no_progress_moves
        self.reduce_to_two = reduce_to_two
        self.stalemate_loses = stalemate == "loss"
        self.setup = dict(data.SETUP if setup is None else setup)

    def goal_info(self) -> tuple[Goal, ...]:
        """The end-of-game rules as data: two pieces, checkmate, stalemate."""
        goals = []
        if self.reduce_to_two != "off":
            two = PiecesRemaining(2) if self.reduce_to_two == "exactly" else at_most_pieces(2)
            goals.append(Goal(GoalResult.LOSS, PLAYERS, two, "reduced to two pieces"))
        goals.append(Goal(GoalResult.LOSS, PLAYERS, Checkmated(frozenset(["King"])), "checkmate"))
        goals.append(Goal(GoalResult.LOSS if self.stalemate_loses else GoalResult.DRAW, PLAYERS, Unscored("stalemated"),
                          "stalemate"))
        return tuple(goals)

    def initial_state(self) -> "EEState":
        """The starting array with White to move."""
        return self.state_from(self.setup, "White")

    def state_from(self, position: Mapping[str, tuple[str, str]], to_move: str = "White",
                   halfmove: int = 0) -> "EEState":
        """A state from a hand-made position ``{cell: (player, type)}``.

        ``halfmove`` is the number of plies already played without capture or
        promotion (the 35-move counter).
        """
        board = [0] * N_CELLS
        for cell, (player, ptype) in position.items():
            if cell not in INDEX:
                raise ValueError(f"no cell {cell!r} on the Epsilon Eridani board")
            board[INDEX[cell]] = code(TYPE_NAMES.index(ptype), PLAYERS.index(player))
        return EEState(self, board, PLAYERS.index(to_move), halfmove)


def _notation(board: list[int], m: tuple[int, int, int, int]) -> str:
    """Zillions-style text of a raw move: ``Type from -|x to [= New] [x cell]``."""
    frm, to, cap, promo = m
    text = (f"{TYPE_NAMES[ptype_of(board[frm])]} {CELLS[frm]} "
            f"{'x' if board[to] else '-'} {CELLS[to]}")
    if promo >= 0:
        text += f" = {TYPE_NAMES[promo]}"
    if cap >= 0:
        text += f" x {CELLS[cap]}"
    return text


class RawMoveDetails(LazyDetails):
    """What a raw move (from, to, captured cell, promotion) does on ``board``, as data (the same
    facts :func:`_notation` writes), built when first read; whether it changes material is read
    from the raw move itself, which a search asks of every move."""

    __slots__ = ("board", "move")

    def __init__(self, board: list[int], move: tuple[int, int, int, int]) -> None:
        self.board = board
        self.move = move

    def __call__(self) -> tuple[PartDetails]:
        frm, to, cap, promo = self.move
        board = self.board
        piece = (PLAYERS[owner_of(board[frm])], TYPE_NAMES[ptype_of(board[frm])])
        captures = ((CELLS[to],) if board[to] else ()) + ((CELLS[cap],) if cap >= 0 else ())
        changes = (Change(CELLS[to], ChangeKind.TYPE, TYPE_NAMES[promo]),) if promo >= 0 else ()
        return (PartDetails((Movement(piece, CELLS[frm], CELLS[to]),), (), captures, changes),)

    def changes_material(self) -> bool:
        _, to, cap, promo = self.move
        return bool(self.board[to]) or cap >= 0 or promo >= 0


class EEState(State):
    """A position: the board codes, the side to move and the no-progress counter."""

    __slots__ = ("game", "cells", "turn", "halfmove", "_raw", "_moves", "_outcome", "_done")

    def __init__(self, game: EpsilonEridani, cells: list[int], turn: int, halfmove: int) -> None:
        self.game = game
        self.cells = cells
        self.turn = turn
        self.halfmove = halfmove
        self._raw: list | None = None
        self._moves: list[Move] | None = None
        self._outcome: Outcome | None = None
        self._done = False

    @property
    def current_player(self) -> str:
        """Player to move."""
        return PLAYERS[self.turn]

    def _raw_moves(self) -> list:
        if self._raw is None:
            self._raw = legal_raw_moves(self.cells, self.turn, self.game.rules)
        return self._raw

    def in_check(self) -> bool:
        """Is the side to move's King attacked?"""
        k = king_cell(self.cells, self.turn)
        return k >= 0 and attacked(self.cells, k, 1 - self.turn)

    def piece_count(self, player: str) -> int:
        """Number of pieces ``player`` has on the board (King included)."""
        p = PLAYERS.index(player)
        return sum(1 for c in self.cells if c and owner_of(c) == p)

    def quick_outcome(self) -> Outcome | None:
        """The reduce-to-two rule, judged on the position alone (no move generation)."""
        g = self.game
        if g.reduce_to_two == "off":
            return None
        mover = PLAYERS[1 - self.turn]
        opponent = PLAYERS[self.turn]

        def low(n: int) -> bool:
            return n == 2 if g.reduce_to_two == "exactly" else n <= 2

        if low(self.piece_count(opponent)):
            return Outcome.win(mover, PLAYERS, "reduced to two pieces")
        if low(self.piece_count(mover)):
            return Outcome.loss(mover, PLAYERS, "reduced own pieces to two")
        return None

    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` (rules checked in the module's order)."""
        if self._done:
            return self._outcome
        g = self.game
        mover = PLAYERS[1 - self.turn]
        opponent = PLAYERS[self.turn]
        result = self.quick_outcome()
        if result is None and not self._raw_moves():
            if self.in_check():
                result = Outcome.win(mover, PLAYERS, "checkmate")
            elif g.stalemate_loses:
                result = Outcome.loss(opponent, PLAYERS, "stalemate")
            else:
                result = Outcome.drawn("stalemate")
        elif result is None and g.no_progress_plies is not None and self.halfmove >= g.no_progress_plies:
            result = Outcome.drawn("35 moves without capture or promotion")
        self._outcome = result
        self._done = True
        return result

    def legal_moves(self) -> list[Move]:
        """Every legal move (empty once the game is over)."""
        if self._moves is None:
            if self.outcome() is not None:
                self._moves = []
            else:
                b = self.cells
                self._moves = [Move.single(_notation(b, m), m, RawMoveDetails(b, m))
                               for m in self._raw_moves()]
        return self._moves

    def apply(self, move: Move) -> "EEState":
        """The position after ``move`` (one of :meth:`legal_moves`)."""
        m = move.data
        if m is None:  # a Move rebuilt from text only: look it up
            m = next(x.data for x in self.legal_moves() if x == move)
        frm, to, cap, promo = m
        progress = bool(self.cells[to]) or cap >= 0 or promo >= 0
        return EEState(self.game, make(self.cells, m), 1 - self.turn,
                       0 if progress else self.halfmove + 1)

    def signature(self) -> Signature:
        """Side to move and every occupied cell; no extra rule state.

        Reduction follows from the board and the 35-move counter never changes
        the legal moves, so neither appears in ``extra``.
        """
        return make_signature(
            PLAYERS[self.turn],
            ((CELLS[i], PLAYERS[owner_of(c)], TYPE_NAMES[ptype_of(c)])
             for i, c in enumerate(self.cells) if c))

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"<EEState {PLAYERS[self.turn]} to move, halfmove {self.halfmove}>"


def epsilon_eridani(**options) -> EpsilonEridani:
    """Factory used by the CLI registry (``epsilon-eridani``)."""
    return EpsilonEridani(**options)
