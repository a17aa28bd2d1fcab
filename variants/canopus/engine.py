"""Native rules engine for Canopus and Super-Star Canopus (Roberto Lavieri).

Written from the seed rule text and the decisions of RULES.md sections 1-2;
every reading is listed in docs/variants/canopus.md.  The geometry lives in
``board``, the piece moves and the check test in ``moves``; this module holds
the :class:`runtime.core.protocol.Game` and ``State`` classes, the order in which
the end-of-game rules are tested, and the factories used by the registry.
"""

from __future__ import annotations

from typing import Mapping

from runtime.core.goalinfo import (AnyOf, Checkmated, Goal, GoalResult, Occupant, PiecesRemaining, Placement, Slot,
                              Unscored, at_most_pieces)
from runtime.core.move_details import BoardsDetails
from runtime.core.protocol import (Game, GameType, Move, Outcome, SetsUpPositions, Signature,
                                   State, make_signature)

from . import data
from .board import INDEX, NAME, SIZE
from .moves import (EMPTY, TYPE_CODE, TYPE_NAME, Rules, generate, king_in_check,
                    piece, reduced_cells)

PLAYERS = data.PLAYERS
_GOAL_PAIRS = tuple(tuple((INDEX[a], INDEX[b]) for a, b in data.GOAL_PAIRS[p]) for p in PLAYERS)
"""_GOAL_PAIRS[owner]: the winning cell pairs inside ``owner``'s own goal."""


def _piece(v: int) -> tuple[str, str]:
    """(player, piece type) of a board code."""
    return PLAYERS[v >> 4], TYPE_NAME[v & 15]


class CanopusGame(Game, SetsUpPositions):
    """Canopus, or Super-Star Canopus when ``super_star``.

    Keyword options flip the risky readings of RULES.md (defaults = the
    recommended ones):

    * ``soldier_rank`` (A1): White's Soldier rank, 2 (default) or 3; the
      double step starts on that rank (and its mirror for Black).
    * ``specials_take_reducer`` (A5): besides the King, a Mage-Apprentice (full
      3-step path) or P32 (exact 3-slide) may take an enemy Reducer.
    * ``compensation_optional`` (A4), ``last_rank_compulsory`` (A3).
    * ``chain_reduction`` (A10): reduction re-tested at each Star landing.
    * ``goal_overrides_check`` (A17): a goal-completing move is legal even if
      it leaves the mover's King in check.
    * ``two_pieces_exact`` (A18): reduce-to-two fires only at exactly two
      pieces (Zillions ``pieces-remaining``) instead of at two or fewer.
    * ``repetition_loser`` (A19): ``"mover"`` (default: the player whose move
      makes the third occurrence) or ``"to_move"``.
    * ``push_own_king`` (our decision D1): a Pusher may shift its own King
      inside the board; never off it.
    """

    game_type = GameType(set_up_positions=True, search_hints=True)

    players = PLAYERS
    positions = data.CELLS

    def __init__(self, super_star: bool = False, *, soldier_rank: int = 2,
                 specials_take_reducer: bool = True, compensation_optional: bool = True,
                 last_rank_compulsory: bool = True, chain_reduction: bool = True,
                 goal_overrides_check: bool = True, two_pieces_exact: bool = False,
                 repetition_loser: str = "mover", push_own_king: bool = True):
        if soldier_rank not in (2, 3):
            raise ValueError("soldier_rank must be 2 or 3")
        if repetition_loser not in ("mover", "to_move"):
            raise ValueError("repetition_loser must be 'mover' or 'to_move'")
        self.super_star = super_star
        self.name = "Super-Star Canopus" if super_star else "Canopus"
        self.piece_types = data.SUPER_PIECE_TYPES if super_star else data.PIECE_TYPES
        self.soldier_rank = soldier_rank
        self.rules = Rules(
            double_rank=(data.double_step_rank("White", soldier_rank),
                         data.double_step_rank("Black", soldier_rank)),
            specials_take_reducer=specials_take_reducer,
            compensation_optional=compensation_optional,
            last_rank_compulsory=last_rank_compulsory,
            chain_reduction=chain_reduction,
            super_star=super_star,
            push_own_king=push_own_king,
        )
        self.goal_overrides_check = goal_overrides_check
        self.two_pieces_exact = two_pieces_exact
        self.repetition_loser = repetition_loser

    def goal_info(self) -> tuple[Goal, ...]:
        """The end-of-game rules as data: two pieces, goal squares, repetition, checkmate."""
        two = PiecesRemaining(2) if self.two_pieces_exact else at_most_pieces(2)
        any_own = tuple(Occupant(t) for t in self.piece_types)
        goals = [Goal(GoalResult.LOSS, PLAYERS, two, "reduced to two pieces")]
        for me, enemy in zip(PLAYERS, reversed(PLAYERS)):
            pairs = AnyOf(tuple(Placement((Slot(frozenset([a]), any_own), Slot(frozenset([b]), any_own)))
                                for a, b in data.GOAL_PAIRS[enemy]))
            goals.append(Goal(GoalResult.WIN, (me,), pairs, "goal squares"))
        goals.append(Goal(GoalResult.LOSS, PLAYERS, Unscored("threefold repetition"), "threefold repetition"))
        goals.append(Goal(GoalResult.LOSS, PLAYERS, Checkmated(frozenset(["King"])), "checkmate"))
        return tuple(goals)

    def initial_state(self) -> "CanopusState":
        """The start position of RULES.md (Soldiers on ``soldier_rank``), White to move."""
        return self.state_from(data.setup(self.super_star, self.soldier_rank), "White")

    def state_from(self, position: Mapping[str, tuple[str, str]], to_move: str = "White",
                   history: tuple = ()) -> "CanopusState":
        """A state from ``{cell: (player, piece type)}`` with ``to_move`` to play.

        ``history`` optionally lists earlier positions as ``(position dict,
        player to move)`` pairs, oldest first, for repetition tests; the given
        position is appended as the latest occurrence.
        """
        def encode(pos: Mapping[str, tuple[str, str]]) -> tuple:
            b = bytearray(SIZE)
            for cell, (player, ptype) in pos.items():
                b[INDEX[cell]] = piece(TYPE_CODE[ptype], PLAYERS.index(player))
            return bytes(b)

        board = encode(position)
        side = PLAYERS.index(to_move)
        keys = tuple((encode(p), PLAYERS.index(s)) for p, s in history) + ((board, side),)
        return CanopusState(self, board, side, keys)


class CanopusState(State):
    """A Canopus position: board (72 bytes), side to move, repetition history.

    ``history`` holds the ``(board, side to move)`` keys of the positions
    since the last irreversible move (capture, push-off, promotion, Star
    change: the piece count or the piece types changed), this one last;
    earlier positions can never recur, so they are dropped.  A Soldier's
    forward step is *not* irreversible here, since a Pusher can push it back.
    """

    __slots__ = ("game", "cells", "to_move", "history", "_moves", "_rule_end", "_outcome")

    def __init__(self, game: CanopusGame, board: tuple, to_move: int, history: tuple):
        self.game = game
        self.cells = board  # bytes, one per cell (see moves.py); board() is the protocol view
        self.to_move = to_move
        self.history = history
        self._moves: list[Move] | None = None
        self._rule_end: Outcome | None | bool = False
        self._outcome: Outcome | None | bool = False

    # -- protocol ---------------------------------------------------------
    @property
    def current_player(self) -> str:
        """The player to move."""
        return PLAYERS[self.to_move]

    def legal_moves(self) -> list[Move]:
        """Every legal move; none once the game is over.

        A move is legal when it does not leave the mover's King in check
        (push-check included), except a move that completes the goal pair,
        which is always legal (A17).
        """
        if self._moves is None:
            if self._ended_by_position() is not None:
                self._moves = []
            else:
                self._moves = self._generate()
        return self._moves

    def apply(self, move: Move) -> "CanopusState":
        """The successor state (the move's board was built when it was generated)."""
        if move.data is None:
            move = self.resolve(move)
        board, irreversible = move.data
        side = 1 - self.to_move
        key = (board, side)
        history = (key,) if irreversible else self.history + (key,)
        return CanopusState(self.game, board, side, history)

    def quick_outcome(self) -> Outcome | None:
        """The end-of-game rules judged on the position (two pieces, goal squares, repetition)."""
        return self._ended_by_position()

    def outcome(self) -> Outcome | None:
        """How the game ended, tested in the order of the rules note."""
        if self._outcome is False:
            end = self._ended_by_position()
            if end is None and not self.legal_moves():
                mover = PLAYERS[1 - self.to_move]
                if king_in_check(self.cells, self.to_move, self.game.rules):
                    end = Outcome.win(mover, PLAYERS, "checkmate")
                else:
                    end = Outcome.drawn("stalemate")
            self._outcome = end
        return self._outcome  # type: ignore[return-value]

    def signature(self) -> Signature:
        """Side to move, every piece, and which cells hold reduced pieces (extra)."""
        cells = [(NAME[i], PLAYERS[v >> 4], TYPE_NAME[v & 15])
                 for i, v in enumerate(self.cells) if v != EMPTY]
        extra = [("reduced", NAME[i]) for i in sorted(reduced_cells(self.cells))]
        return make_signature(PLAYERS[self.to_move], cells, (), extra)

    # -- helpers ----------------------------------------------------------
    def reduced(self) -> set[str]:
        """Names of the cells whose pieces are reduced now."""
        return {NAME[i] for i in reduced_cells(self.cells)}

    def in_check(self, player: str | None = None) -> bool:
        """Is ``player``'s (default: the side to move's) King in check?"""
        side = self.to_move if player is None else PLAYERS.index(player)
        return king_in_check(self.cells, side, self.game.rules)

    def _generate(self) -> list[Move]:
        me = self.to_move
        rules = self.game.rules
        moves = []
        for text, nb, irreversible, steps in generate(self.cells, me, rules):
            if king_in_check(nb, me, rules):
                if not (self.game.goal_overrides_check and _has_goal_pair(nb, me)):
                    continue
            after = bytes(nb)
            moves.append(Move.single(text, (after, irreversible),
                                     BoardsDetails((self.cells, after), _piece, NAME, (steps,), EMPTY)))
        return moves

    def _ended_by_position(self) -> Outcome | None:
        """Rules 1-5 of the end of game, judged for the player who just moved."""
        if self._rule_end is False:
            self._rule_end = self._judge()
        return self._rule_end  # type: ignore[return-value]

    def _judge(self) -> Outcome | None:
        opp = self.to_move
        mover = 1 - opp
        counts = [0, 0]
        for v in self.cells:
            if v != EMPTY:
                counts[v >> 4] += 1
        exact = self.game.two_pieces_exact

        def down_to_two(n: int) -> bool:
            return n == 2 if exact else n <= 2

        rule = "reduced to two pieces"
        if down_to_two(counts[opp]):
            return Outcome.win(PLAYERS[mover], PLAYERS, rule)
        if down_to_two(counts[mover]):
            return Outcome.loss(PLAYERS[mover], PLAYERS, rule)
        if _has_goal_pair(self.cells, mover):
            return Outcome.win(PLAYERS[mover], PLAYERS, "goal squares")
        if _has_goal_pair(self.cells, opp):
            return Outcome.win(PLAYERS[opp], PLAYERS, "goal squares")
        key = (self.cells, self.to_move)
        if self.history.count(key) >= 3:
            loser = mover if self.game.repetition_loser == "mover" else opp
            return Outcome.loss(PLAYERS[loser], PLAYERS, "threefold repetition")
        return None


def _has_goal_pair(board, owner: int) -> bool:
    """Does ``owner`` hold both cells of an adjacent pair of the enemy goal?"""
    for a, b in _GOAL_PAIRS[1 - owner]:
        va, vb = board[a], board[b]
        if va != EMPTY and vb != EMPTY and (va >> 4) == owner and (vb >> 4) == owner:
            return True
    return False


def canopus(**options) -> CanopusGame:
    """Canopus with the RULES.md readings (keyword options: see :class:`CanopusGame`)."""
    return CanopusGame(False, **options)


def super_star_canopus(**options) -> CanopusGame:
    """Super-Star Canopus: Canopus with Super-Stars on c1, g1, c8, g8."""
    return CanopusGame(True, **options)


__all__ = ["CanopusGame", "CanopusState", "canopus", "super_star_canopus"]
