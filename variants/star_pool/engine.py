"""Native rules engine for Star Pool Chess, written from the rule text (RULES.md §7).

The engine implements :mod:`runtime.core.protocol`: :class:`StarPoolChess` is the
game (its keyword options flip the risky readings of RULES.md §7, defaults are
the recommended ones) and :class:`StarPoolState` a position.  Moves are
generated from the integer tables of :mod:`.board`; a pseudo-legal move is kept
only if it does not leave the mover's King where an enemy piece could capture
it.  Checkmate wins; stalemate is a draw (A9).
"""

from __future__ import annotations

from functools import partial
from typing import Mapping

from runtime.core.goalinfo import Checkmated, Goal, GoalResult, Unscored
from runtime.core.move_details import details_from_codes
from runtime.core.protocol import (Game, GameType, Move, Outcome, PartDetails, SetsUpPositions, State,
                                   make_signature)

from . import data
from .board import (BLACK, CAPTAIN, CAPTURE, GENERAL, INDEX, KING, LIEUTENANT, MOVE, NAMES,
                    NCELLS, PAWN, SERGEANT, TYPE_CODES, TYPE_NAMES, WHITE, WIZARD, tables)

PLAYERS = data.PLAYERS

NORMAL, SWAP = 0, 1


class StarPoolChess(Game, SetsUpPositions):
    """Star Pool Chess: 80 squares around the Star Pool plus four citadels.

    Options (defaults = RULES.md §7 recommended readings):

    * ``sergeant_ranks``: (White, Black) 1-based rank from which a Pawn becomes
      a Sergeant, and everything beyond it (A2, A7); the literal text would
      give (6, 3).
    * ``pawn_citadel_promotion``: what a Pawn becomes on capturing into an
      opposing citadel: "Captain" (A3) or "Sergeant" (the slip in the
      Sergeant paragraph).
    * ``corner_citadel_links``: if True a diagonal step from a corner square
      enters the citadel beyond it (A4 says it does not).
    * ``teleport_to_own_citadel``: diagonal movers may go through the pool into
      their own side's citadels (A11).
    * ``swap_across_pool``: squares facing each other across the pool count as
      adjacent for the Wizard swap (A6 says no).
    * ``swap_promotes``: a piece placed in its promotion zone by a swap
      promotes at once (A7 says no).
    * ``swap_counts_as_king_move``: a King swapped by a Wizard loses its
      first-move Knight leap (our decision D3: no).
    * ``pawn_citadel_links``: a Pawn standing in a citadel (only possible after
      a swap) may step "forward" to the next citadel (decision D4: no).
    * ``stalemate``: "draw" (A9) or "loss" (the stalemated side loses).
    """

    game_type = GameType(set_up_positions=True, search_hints=True)

    name = "Star Pool Chess"
    players = PLAYERS
    positions = data.CELLS
    piece_types = data.PIECE_TYPES

    def __init__(self, *, sergeant_ranks: tuple[int, int] = (7, 3),
                 pawn_citadel_promotion: str = "Captain",
                 corner_citadel_links: bool = False,
                 teleport_to_own_citadel: bool = True,
                 swap_across_pool: bool = False,
                 swap_promotes: bool = False,
                 swap_counts_as_king_move: bool = False,
                 pawn_citadel_links: bool = False,
                 stalemate: str = "draw"):
        if pawn_citadel_promotion not in ("Captain", "Sergeant"):
            raise ValueError("pawn_citadel_promotion must be 'Captain' or 'Sergeant'")
        if stalemate not in ("draw", "loss"):
            raise ValueError("stalemate must be 'draw' or 'loss'")
        self.options = dict(sergeant_ranks=tuple(sergeant_ranks),
                            pawn_citadel_promotion=pawn_citadel_promotion,
                            corner_citadel_links=corner_citadel_links,
                            teleport_to_own_citadel=teleport_to_own_citadel,
                            swap_across_pool=swap_across_pool, swap_promotes=swap_promotes,
                            swap_counts_as_king_move=swap_counts_as_king_move,
                            pawn_citadel_links=pawn_citadel_links, stalemate=stalemate)
        self.tables = tables(corner_citadel_links, teleport_to_own_citadel,
                             pawn_citadel_links, swap_across_pool)
        self.swap_promotes = swap_promotes
        self.swap_counts_as_king_move = swap_counts_as_king_move
        self.stalemate_loses = stalemate == "loss"
        self.pawn_citadel_type = TYPE_CODES[pawn_citadel_promotion]
        # promotion zones per side as cell-index frozensets
        white_rank, black_rank = sergeant_ranks
        self.sergeant_zone = (
            frozenset(INDEX[c] for c in data.squares_on_ranks(range(white_rank, 10))),
            frozenset(INDEX[c] for c in data.squares_on_ranks(range(1, black_rank + 1))))
        self.far_zone = tuple(frozenset(INDEX[c] for c in data.ZONES["far"][p]) for p in PLAYERS)
        self.opp_citadels = tuple(frozenset(INDEX[c] for c in data.opposing_citadels(p))
                                  for p in PLAYERS)

    # -- construction -----------------------------------------------------
    def goal_info(self) -> tuple[Goal, ...]:
        """The end-of-game rules as data: checkmate, stalemate."""
        return (Goal(GoalResult.LOSS, PLAYERS, Checkmated(frozenset(["King"])), "checkmate"),
                Goal(GoalResult.LOSS if self.stalemate_loses else GoalResult.DRAW, PLAYERS, Unscored("stalemated"), "stalemate"))

    def initial_state(self) -> "StarPoolState":
        """The RECONSTRUCTED start position, White to move, both Kings unmoved."""
        return self.state_from(data.SETUP, "White")

    def state_from(self, position: Mapping[str, tuple[str, str]], to_move: str = "White",
                   unmoved_kings: Mapping[str, bool] | None = None) -> "StarPoolState":
        """A state from ``{cell: (player, piece type)}``.

        ``unmoved_kings`` maps a player to whether its King still has its
        first-move Knight leap; by default a King standing on its start square
        (e1 / e9) has it and any other King has not.
        """
        board = [0] * NCELLS
        kings = [-1, -1]
        for cell, (player, piece) in position.items():
            side = PLAYERS.index(player)
            t = TYPE_CODES[piece]
            i = INDEX[cell]
            board[i] = side * 16 + t
            if t == KING:
                kings[side] = i
        unmoved = []
        for side, player in enumerate(PLAYERS):
            if unmoved_kings is not None and player in unmoved_kings:
                unmoved.append(bool(unmoved_kings[player]) and kings[side] >= 0)
            else:
                unmoved.append(kings[side] == INDEX[data.KING_START[player]])
        return StarPoolState(self, board, PLAYERS.index(to_move), tuple(unmoved), tuple(kings))

    # -- promotion --------------------------------------------------------
    def promoted(self, side: int, t: int, dest: int) -> int:
        """The type a piece of type ``t`` has after its own move ends on ``dest``."""
        if t == PAWN:
            if dest in self.opp_citadels[side]:
                return self.pawn_citadel_type
            if dest in self.sergeant_zone[side]:
                return SERGEANT
        elif t == SERGEANT:
            if dest in self.far_zone[side]:
                return CAPTAIN
        elif t == LIEUTENANT:
            if dest in self.far_zone[side]:
                return GENERAL
        return t

    # -- attack test ------------------------------------------------------
    def attacked(self, board: list, target: int, by: int, unmoved_by: bool,
                 with_leap: bool = True) -> bool:
        """Could a piece of side ``by`` capture on ``target`` if it were ``by``'s turn?

        The King's first-move Knight leap counts only while that King is
        unmoved and not itself attacked (it may not leap out of check).
        """
        tb = self.tables
        for src, mask in tb.rev_step[by][target]:
            c = board[src]
            if c and (c >> 4) == by and (mask >> (c & 15)) & 1:
                return True
        for src, path, mask in tb.rev_slide[by][target]:
            c = board[src]
            if c and (c >> 4) == by and (mask >> (c & 15)) & 1:
                for p in path:
                    if board[p]:
                        break
                else:
                    return True
        if with_leap and unmoved_by:
            king = by * 16 + KING
            for src in tb.rev_leap[by][target]:
                if board[src] == king:
                    if not self.attacked(board, src, 1 - by, False, with_leap=False):
                        return True
        return False


class StarPoolState(State):
    """A Star Pool Chess position: board list, side to move, King-unmoved flags."""

    __slots__ = ("game", "cells", "side", "unmoved", "kings", "_moves", "_check", "_outcome",
                 "_done")

    def __init__(self, game: StarPoolChess, board: list, side: int, unmoved: tuple,
                 kings: tuple):
        self.game = game
        self.cells = board
        self.side = side
        self.unmoved = unmoved
        self.kings = kings
        self._moves = None
        self._check = None
        self._outcome = None
        self._done = False

    @property
    def current_player(self) -> str:
        return PLAYERS[self.side]

    def in_check(self) -> bool:
        """Is the side to move's King attackable right now?"""
        if self._check is None:
            k = self.kings[self.side]
            self._check = k >= 0 and self.game.attacked(
                self.cells, k, 1 - self.side, self.unmoved[1 - self.side])
        return self._check

    # -- move generation --------------------------------------------------
    def _pseudo(self):
        """Every move ignoring King safety: (from, to, new code, kind)."""
        g = self.game
        tb = g.tables
        b = self.cells
        me = self.side
        steps = tb.steps[me]
        rays = tb.rays[me]
        out = []
        for i in range(NCELLS):
            code = b[i]
            if not code or (code >> 4) != me:
                continue
            t = code & 15
            targets = []
            for j, mode in steps[t][i]:
                tgt = b[j]
                if tgt == 0:
                    if mode & MOVE:
                        targets.append(j)
                elif (tgt >> 4) != me and mode & CAPTURE:
                    targets.append(j)
            for ray in rays[t][i]:
                for j, tele in ray:
                    if tele is not None:
                        tgt = b[tele]
                        if tgt == 0 or (tgt >> 4) != me:
                            targets.append(tele)
                    if j is None:
                        break
                    tgt = b[j]
                    if tgt == 0:
                        targets.append(j)
                        continue
                    if (tgt >> 4) != me:
                        targets.append(j)
                    break
            if t == KING and self.unmoved[me] and not self.in_check():
                for j in tb.king_leap[me][i]:
                    tgt = b[j]
                    if tgt == 0 or (tgt >> 4) != me:
                        targets.append(j)
            elif t == PAWN:
                dbl = tb.double[me][i]
                if dbl is not None and b[dbl[0]] == 0 and b[dbl[1]] == 0:
                    targets.append(dbl[1])
            seen = set()
            for j in targets:
                if j in seen:
                    continue
                seen.add(j)
                nt = g.promoted(me, t, j)
                out.append((i, j, me * 16 + nt, NORMAL))
            if t == WIZARD:
                for j in tb.swap[i]:
                    tgt = b[j]
                    if tgt and (tgt >> 4) == me:
                        out.append((i, j, code, SWAP))
        return out

    def _successor(self, frm: int, to: int, newcode: int, kind: int):
        """(board, unmoved, kings) after a move, without any legality test."""
        g = self.game
        me = self.side
        b = self.cells[:]
        kings = list(self.kings)
        unmoved = list(self.unmoved)
        if kind == SWAP:
            other = b[to]
            if g.swap_promotes:
                other = me * 16 + g.promoted(me, other & 15, frm)
            b[to] = newcode
            b[frm] = other
            if other & 15 == KING:
                kings[me] = frm
                if g.swap_counts_as_king_move:
                    unmoved[me] = False
        else:
            captured = b[to]
            b[to] = newcode
            b[frm] = 0
            if newcode & 15 == KING:
                kings[me] = to
                unmoved[me] = False
            if captured and captured & 15 == KING:
                kings[1 - me] = -1
        return b, tuple(unmoved), tuple(kings)

    def _notation(self, frm: int, to: int, newcode: int, kind: int) -> str:
        b = self.cells
        code = b[frm]
        t = code & 15
        sep = "x" if b[to] else "-"
        text = f"{TYPE_NAMES[t]} {NAMES[frm]} {sep} {NAMES[to]}"
        if kind == SWAP:
            other = b[to]
            text += f" {TYPE_NAMES[other & 15]} {NAMES[to]} - {NAMES[frm]}"
            if self.game.swap_promotes:
                nt = self.game.promoted(self.side, other & 15, frm)
                if nt != other & 15:
                    text += f" = {TYPE_NAMES[nt]} on {NAMES[frm]}"
        elif newcode & 15 != t:
            text += f" = {TYPE_NAMES[newcode & 15]}"
        return text

    def legal_moves(self) -> list[Move]:
        """Every legal move (cached): pseudo-legal moves that keep the King safe."""
        if self._moves is not None:
            return self._moves
        g = self.game
        me = self.side
        moves = []
        for frm, to, newcode, kind in self._pseudo():
            nb, unmoved, kings = self._successor(frm, to, newcode, kind)
            k = kings[me]
            if k >= 0 and g.attacked(nb, k, 1 - me, unmoved[1 - me]):
                continue
            moves.append(Move.single(self._notation(frm, to, newcode, kind), (nb, unmoved, kings),
                                     partial(_details, self.cells, nb, frm, to, kind == SWAP)))
        self._moves = moves
        return moves

    def apply(self, move: Move) -> "StarPoolState":
        """The successor state; ``move`` must be one of :meth:`legal_moves`."""
        if move.data is None:
            move = self.resolve(move)
        nb, unmoved, kings = move.data
        return StarPoolState(self.game, nb, 1 - self.side, unmoved, kings)

    def outcome(self) -> Outcome | None:
        """Checkmate (loss for the side to move) or stalemate (draw by default)."""
        if not self._done:
            self._done = True
            if not self.legal_moves():
                who = PLAYERS[self.side]
                if self.in_check():
                    self._outcome = Outcome.loss(who, PLAYERS, "checkmate")
                elif self.game.stalemate_loses:
                    self._outcome = Outcome.loss(who, PLAYERS, "stalemate")
                else:
                    self._outcome = Outcome.drawn("stalemate")
        return self._outcome

    def signature(self):
        """Side to move, occupied cells, and the King-unmoved flags as extra."""
        cells = [(NAMES[i], PLAYERS[c >> 4], TYPE_NAMES[c & 15])
                 for i, c in enumerate(self.cells) if c]
        extra = [("unmoved", NAMES[self.kings[s]]) for s in (WHITE, BLACK)
                 if self.unmoved[s] and self.kings[s] >= 0]
        return make_signature(PLAYERS[self.side], cells, (), extra)


def _piece(c: int) -> tuple[str, str]:
    """(player, piece type) of a board code."""
    return PLAYERS[c >> 4], TYPE_NAMES[c & 15]


def _details(before: list, after: list, frm: int, to: int, swap: bool) -> tuple[PartDetails]:
    """A move's details from the boards around it (a swap moves both pieces)."""
    steps = ((frm, to), (to, frm)) if swap else ((frm, to),)
    return details_from_codes((before, after), _piece, NAMES, (steps,))


def star_pool_chess(**options) -> StarPoolChess:
    """Factory used by the CLI registry (``star-pool-chess``)."""
    return StarPoolChess(**options)
