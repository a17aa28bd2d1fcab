"""Native rules engine for Alpha Centauri (Roberto Lavieri), written from the rule text.

The game and its decisions are described in ``docs/variants/alpha_centauri.md``;
move generation lives in :mod:`variants.alpha_centauri.moves`.  This module
assembles whole turns and implements the engine contract of
:mod:`runtime.core.protocol`.

A turn is one :class:`~runtime.core.protocol.Move` with one string per part:
part 1 moves an uncapturable piece (Rotor move or rotation, King or Dame
step), part 2 a capturable piece, e.g. ``King d9 x d8; Pawn b2 - b3``.  Part 1
is skipped when it has no legal option; the turn ends after part 1 when it
wins or when part 2 has no legal option.  A part 2 that puts the board back
as it was at the turn's start (a rotation, then the rotated piece moved back)
is not an option: a turn that changes nothing is a pass, which the game does
not have (docs/variants/alpha_centauri.md, decision on null turns).
"""

from __future__ import annotations

from typing import Mapping

from runtime.core.goalinfo import Goal, GoalResult, adjacent_pair_goal
from runtime.core.protocol import (Game, GameType, Move, Outcome, SetsUpPositions, Signature,
                                   State)

from . import data
from .board import INDEX, N_CELLS, NAMES, TYPE_NAMES, TYPE_OF_NAME, code
from .moves import Rules, part_moves, royals_meet
from .turn_details import TurnDetails

WIN_RULE = "King and Dame meet in the Encounter Zone"
NO_TURN_RULE = "no legal turn"


class AlphaCentauri(Game, SetsUpPositions):
    """The Alpha Centauri game; keyword arguments switch the ambiguous readings (see :class:`Rules`)."""

    game_type = GameType(set_up_positions=True, search_hints=True)

    def __init__(self, *, strict_no_attack: bool = False, reduction_limits_attacks: bool = True,
                 centaur_ch_capture: bool = True, diagonal_meeting: bool = True,
                 hopper_sacrifice: bool = True,
                 setup: Mapping[str, tuple[str, str]] | None = None):
        self.name = "Alpha Centauri"
        self.players = data.PLAYERS
        self.positions = data.CELLS
        self.piece_types = data.PIECE_TYPES
        self.rules = Rules(strict_no_attack=strict_no_attack,
                           reduction_limits_attacks=reduction_limits_attacks,
                           centaur_ch_capture=centaur_ch_capture,
                           diagonal_meeting=diagonal_meeting,
                           hopper_sacrifice=hopper_sacrifice)
        self.setup = dict(data.SETUP if setup is None else setup)
        #: ``entries[cell][code]``: the signature's board entry of a piece on a cell, made once,
        #: so that every signature shares them and a child's is built from its parent's
        self.entries = signature_entries(self.players)

    def initial_state(self) -> "AlphaCentauriState":
        """The start position (RULES.md section 8 setup), White to move."""
        return self.state_from(self.setup, "White")

    def goal_info(self) -> tuple[Goal, ...]:
        """The meeting rule as data: own King and Dame on two adjacent cells of the Encounter Zone."""
        steps = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1)
                 if (df or dr) and (self.rules.diagonal_meeting or not (df and dr))]

        def neighbours(cell: str) -> list[str]:
            f, r = data.FILES.index(cell[0]), int(cell[1:])
            near = (f"{data.FILES[f + df]}{r + dr}" for df, dr in steps if 0 <= f + df < len(data.FILES))
            return [c for c in near if c in INDEX]

        zone = sorted(data.ENCOUNTER_ZONE, key=data.CELLS.index)
        return (adjacent_pair_goal(GoalResult.WIN, self.players, "King", "Dame", zone, neighbours, WIN_RULE),)

    def state_from(self, position: Mapping[str, tuple[str, str]], to_move: str = "White"
                   ) -> "AlphaCentauriState":
        """A state from ``{cell: (player, piece type)}`` with ``to_move`` to play (for tests)."""
        board = [0] * 81
        for cell, (player, ptype) in position.items():
            board[INDEX[cell]] = code(self.players.index(player), TYPE_OF_NAME[ptype])
        return AlphaCentauriState(self, board, self.players.index(to_move))


def signature_entries(players: tuple[str, ...]) -> tuple[tuple[tuple[str, str, str] | None, ...], ...]:
    """Per cell, per piece code, the signature entry ``(cell, player, type)`` (None for no piece)."""
    codes = range(code(len(players) - 1, max(TYPE_NAMES)) + 1)
    return tuple(tuple((NAMES[c], players[x >> 4], TYPE_NAMES[x & 15]) if x & 15 in TYPE_NAMES else None
                       for x in codes) for c in range(N_CELLS))


class AlphaCentauriState(State):
    """A position at the start of a turn: the board (81 integer codes) and the side to move.

    No other rule state exists: reductions follow from the board, and the game
    has no repetition or move-count rule.  Legal turns and the outcome are
    computed once and cached, and so is the signature: a position made by
    :meth:`apply` from one whose signature is made builds its own from that one,
    swapping the entries of the cells the turn wrote.
    """

    __slots__ = ("game", "board_codes", "to_move", "_moves", "_outcome", "_done", "_signature", "_basis")

    def __init__(self, game: AlphaCentauri, board_codes: list, to_move: int):
        self.game = game
        self.board_codes = board_codes
        self.to_move = to_move
        self._moves: list | None = None
        self._outcome: Outcome | None = None
        self._done = False
        self._signature: Signature | None = None
        #: (the parent's signature, its board, the turn's cell changes) until the signature is made
        self._basis: tuple | None = None

    @property
    def current_player(self) -> str:
        return self.game.players[self.to_move]

    # -- turns ---------------------------------------------------------------

    def part_options(self, part: int, cell: str | None = None) -> list[str]:
        """Notations of the legal part-``part`` moves on this board (optionally of one piece).

        For tests: the moves the side to move could make as part 1 or part 2
        if that part were made now.
        """
        only = None if cell is None else INDEX[cell]
        return [t for t, _ in part_moves(self.board_codes, self.to_move, part, self.game.rules, only)]

    def _generate(self) -> list:
        rules = self.game.rules
        me = self.to_move
        b = self.board_codes
        turns: list = []
        first = part_moves(b, me, 1, rules)
        if not first:
            for text, ch in part_moves(b, me, 2, rules):
                turns.append(self._move((text,), (ch,)))
            return turns
        cache: dict = {}
        for text1, ch1 in first:
            b1 = b[:]
            for cell, val in ch1:
                b1[cell] = val
            if royals_meet(b1, me, rules):
                turns.append(self._move((text1,), (ch1,)))
                continue
            second = [(t, ch) for t, ch in part_moves(b1, me, 2, rules, cache=cache)
                      if not _restores(b, ch1, ch)]
            if not second:
                turns.append(self._move((text1,), (ch1,)))
                continue
            for text2, ch2 in second:
                turns.append(self._move((text1, text2), (ch1, ch2)))
        return turns

    def _move(self, texts: tuple[str, ...], changes: tuple) -> Move:
        """A turn of parts ``texts`` making the cell changes ``changes`` (one tuple per part)."""
        return Move(texts, changes, TurnDetails(self.board_codes, changes, self.game.players))

    def legal_moves(self) -> list[Move]:
        if self._moves is None:
            self._moves = [] if self._win() is not None else self._generate()
        return self._moves

    def apply(self, move: Move) -> "AlphaCentauriState":
        if move.data is None:  # a move built from notation only: look it up
            move = self.resolve(move)
        parts = move.data
        nb = self.board_codes[:]
        for changes in parts:
            for cell, val in changes:
                nb[cell] = val
        child = AlphaCentauriState(self.game, nb, 1 - self.to_move)
        if self._signature is not None:
            child._basis = (self._signature, self.board_codes, parts)
        return child

    # -- end of game ---------------------------------------------------------

    def _win(self) -> Outcome | None:
        rules = self.game.rules
        players = self.game.players
        # the player who just moved first (only matters for hand-made positions)
        for owner in (1 - self.to_move, self.to_move):
            if royals_meet(self.board_codes, owner, rules):
                return Outcome.win(players[owner], players, WIN_RULE)
        return None

    def quick_outcome(self) -> Outcome | None:
        """A meeting of King and Dame ends the game whatever the moves; no generation needed."""
        return self._outcome if self._done else self._win()

    def outcome(self) -> Outcome | None:
        if not self._done:
            out = self._win()
            if out is None and not self.legal_moves():
                out = Outcome.drawn(NO_TURN_RULE)
            self._outcome = out
            self._done = True
        return self._outcome

    def signature(self) -> Signature:
        if self._signature is None:
            self._signature = self._make_signature()
        return self._signature

    def _make_signature(self) -> Signature:
        """From the parent's signature when :meth:`apply` left one (the written cells' entries
        swapped), else from every cell."""
        entries = self.game.entries
        to_move = self.game.players[self.to_move]
        board = self.board_codes
        if self._basis is None:
            return Signature(to_move, frozenset(entries[i][x] for i, x in enumerate(board) if x))
        before, board_before, parts = self._basis
        self._basis = None
        gone = []
        came = []
        for changes in parts:
            for cell, _ in changes:
                old, new = board_before[cell], board[cell]
                if old != new:
                    if old:
                        gone.append(entries[cell][old])
                    if new:
                        came.append(entries[cell][new])
        return Signature(to_move, before.board.difference(gone).union(came))


def _restores(board: list, first: tuple, second: tuple) -> bool:
    """Do the cell changes ``first`` then ``second`` leave ``board`` exactly as it was?

    Cells neither part touches are unchanged, so it is enough that every cell
    either part writes ends with the value it had before the turn.
    """
    final = dict(first)
    final.update(second)
    return all(board[cell] == val for cell, val in final.items())


def alpha_centauri(**options) -> AlphaCentauri:
    """Factory used by the CLI registry (``alpha-centauri``); options as :class:`AlphaCentauri`."""
    return AlphaCentauri(**options)
