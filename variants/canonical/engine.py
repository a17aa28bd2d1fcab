"""Native rules engine for Canonical Chess (81 points), Canonic Chess (64) and Canon Chess (49).

Written from Tony Paletta's rule text (seed 001) and the decisions of
``RULES.md`` sections 3-5; independent of any ZRF.  One engine serves the three
sizes: :class:`CanonicalGame` takes the board size N (9, 8 or 7) and the risky
readings of the rules as keyword options, so a cross-check against another
author's ZRF can flip them.

Rules implemented (details and reasons in ``docs/variants/canonical.md``):

* Pawn: one step obliquely forward, move or capture; beyond the crossing it is
  promoted (stays a Pawn) and may also step one point horizontally.
* Rook: oblique slider.  Bishop: oblique slider that captures only over exactly
  one screen (cannon).  Knight: Mao + Moa, sliding via either intermediate point.
* Queen: one step in 8 directions; King: one oblique step; both never leave
  their own fortress.
* No move may leave one's King capturable; no move may leave the Kings facing
  each other on a vertical line with nothing between; no move may recreate an
  earlier position.  A player with no legal move loses (checkmate or stalemate).
"""

from __future__ import annotations

from functools import partial
from typing import Iterable, Mapping

from runtime.core.goalinfo import Checkmated, Goal, GoalResult, Unscored
from runtime.core.move_details import details_from_codes
from runtime.core.protocol import (Game, GameType, Move, Outcome, PartDetails, SetsUpPositions, Signature,
                                   State, make_signature)

from . import data
from .board import (BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, TYPE_CODES, TYPE_NAMES,
                    build_tables, code)

FACING_MODES = ("all", "king", "off")
REPETITION_MODES = ("any", "none", "threefold-draw", "threefold-loss")
STALEMATE_MODES = ("win", "draw")


class CanonicalGame(Game, SetsUpPositions):
    """One member of the Canonical family: board size plus rule options.

    Options (defaults are the RULES.md recommended readings):

    * ``promote_on_crossing`` (False): a Pawn standing *on* the crossing is
      already promoted (ambiguity 2 flipped).
    * ``bishop_unscreened`` (False): the Bishop may also capture the first
      piece on its line without a screen (ambiguity 3 flipped).
    * ``knight_paths`` ("either"): "mao"/"moa" allow only that path, "leap"
      never blocks (ambiguity 4).
    * ``kings_facing`` ("all"): the facing ban applies to every move; "king"
      only to King moves; "off" disables it (ambiguity 6).
    * ``repetition`` ("any"): a move recreating any earlier position is
      illegal; "none" disables the rule; "threefold-draw"/"threefold-loss"
      mimic a Zillions ``repetition`` goal (third occurrence ends the game as a
      draw / as a loss of the player to move) (ambiguity 5).
    * ``stalemate`` ("win"): a stalemated player loses; "draw" is the
      Zillions default.
    """

    game_type = GameType(set_up_positions=True, search_hints=True)

    players = data.PLAYERS
    piece_types = data.PIECE_TYPES

    def __init__(self, size: int = 9, *, promote_on_crossing: bool = False,
                 bishop_unscreened: bool = False, knight_paths: str = "either",
                 kings_facing: str = "all", repetition: str = "any",
                 stalemate: str = "win"):
        if size not in data.NAMES:
            raise ValueError(f"size must be one of {sorted(data.NAMES)}")
        if kings_facing not in FACING_MODES:
            raise ValueError(f"kings_facing must be one of {FACING_MODES}")
        if repetition not in REPETITION_MODES:
            raise ValueError(f"repetition must be one of {REPETITION_MODES}")
        if stalemate not in STALEMATE_MODES:
            raise ValueError(f"stalemate must be one of {STALEMATE_MODES}")
        self.size = size
        self.name = data.NAMES[size]
        self.options = {
            "promote_on_crossing": promote_on_crossing,
            "bishop_unscreened": bishop_unscreened,
            "knight_paths": knight_paths,
            "kings_facing": kings_facing,
            "repetition": repetition,
            "stalemate": stalemate,
        }
        self.tables = build_tables(size, promote_on_crossing, knight_paths)
        self.positions = tuple(self.tables.names)
        self.bishop_unscreened = bishop_unscreened
        self.kings_facing = kings_facing
        self.repetition = repetition
        self.stalemate = stalemate

    def goal_info(self) -> tuple[Goal, ...]:
        """The end-of-game rules as data: checkmate, stalemate, repetition."""
        players = data.PLAYERS
        goals = [Goal(GoalResult.LOSS, players, Checkmated(frozenset(["King"])), "checkmate"),
                 Goal(GoalResult.LOSS if self.stalemate == "win" else GoalResult.DRAW, players,
                      Unscored("stalemated"), "stalemate")]
        if self.repetition.startswith("threefold-"):
            goals.append(Goal(GoalResult(self.repetition.split("-")[1]), players, Unscored("repetition"),
                              "threefold repetition"))
        return tuple(goals)

    # ------------------------------------------------------------------ states
    def initial_state(self) -> "CanonicalState":
        """The reconstructed start position (data.setup), White to move."""
        return self.state_from(data.setup(self.size), "White")

    def state_from(self, board: Mapping[str, tuple[str, str]], to_move: str = "White",
                   history: Iterable[tuple[Mapping[str, tuple[str, str]], str]] = ()
                   ) -> "CanonicalState":
        """A state from a hand-made position.

        ``board`` maps cell -> (player, piece type); ``history`` lists earlier
        positions as (board, side to move) pairs, which the no-repetition rule
        then forbids recreating (and the threefold modes count).
        """
        cur = self._encode(board)
        turn = self.players.index(to_move)
        seen: dict = {}
        if self.repetition != "none":
            for b, who in history:
                key = (self.players.index(who), self._encode(b))
                seen[key] = seen.get(key, 0) + 1
            key = (turn, cur)
            seen[key] = seen.get(key, 0) + 1
        return CanonicalState(self, cur, turn, seen)

    def _encode(self, board: Mapping[str, tuple[str, str]]) -> tuple:
        cells = [0] * (self.size * self.size)
        for cell, (player, ptype) in board.items():
            cells[self.tables.index[cell]] = code(self.players.index(player), TYPE_CODES[ptype])
        return tuple(cells)


def _piece(c: int) -> tuple[str, str]:
    """(player, piece type) of a board code."""
    return data.PLAYERS[c >> 3], TYPE_NAMES[c & 7]


def _details(before, after, names, src: int, dst: int) -> tuple[PartDetails]:
    """A move's details from the boards around it and its one movement."""
    return details_from_codes((before, after), _piece, names, (((src, dst),),))


def _attacked(g: CanonicalGame, b, k: int, by: int) -> bool:
    """Could player ``by`` capture a piece standing on cell ``k`` of board ``b``?

    Pseudo-legal: the attacker's own King safety and the facing and repetition
    rules are ignored, as in chess (a King is never left capturable).
    """
    t = g.tables
    rook = code(by, ROOK)
    bishop = code(by, BISHOP)
    unscreened = g.bishop_unscreened
    for ray in t.oblique_rays[k]:
        j = 0
        n = len(ray)
        while j < n and not b[ray[j]]:
            j += 1
        if j == n:
            continue
        c = b[ray[j]]
        if c == rook or (unscreened and c == bishop):
            return True
        j += 1
        while j < n and not b[ray[j]]:
            j += 1
        if j < n and b[ray[j]] == bishop:
            return True
    knight = code(by, KNIGHT)
    for src, alts in t.knight_attackers[k]:
        if b[src] == knight:
            if not alts:
                return True
            for m in alts:
                if not b[m]:
                    return True
    pawn = code(by, PAWN)
    for src in t.pawn_attackers[by][k]:
        if b[src] == pawn:
            return True
    queen = code(by, QUEEN)
    for src in t.queen_attackers[by][k]:
        if b[src] == queen:
            return True
    king = code(by, KING)
    for src in t.king_attackers[by][k]:
        if b[src] == king:
            return True
    return False


def _facing(g: CanonicalGame, b, kw: int, kb: int) -> bool:
    """Do the two Kings (on cells ``kw``, ``kb``) face each other on a vertical line, nothing between?"""
    t = g.tables
    if kw < 0 or kb < 0 or t.diag[kw] != t.diag[kb]:
        return False
    lo, hi = (kw, kb) if kw < kb else (kb, kw)
    step = t.size + 1  # one point up the vertical line (+1, +1)
    for i in range(lo + step, hi, step):
        if b[i]:
            return False
    return True


class CanonicalState(State):
    """A Canonical-family position: board tuple, side to move, and the positions seen so far.

    ``seen`` counts every position (side to move, board) since the last
    irreversible move (a capture or a forward Pawn step), the current one
    included.  Older positions can never recur -- captures lower the piece
    count and Pawns never step back -- so forgetting them is exact.
    """

    __slots__ = ("game", "cells", "turn", "seen", "_moves", "_outcome", "_done")

    def __init__(self, game: CanonicalGame, cells: tuple, turn: int, seen: dict):
        self.game = game
        self.cells = cells
        self.turn = turn
        self.seen = seen
        self._moves = None
        self._outcome = None
        self._done = False

    @property
    def current_player(self) -> str:
        return data.PLAYERS[self.turn]

    def key(self) -> tuple:
        """The repetition key: (side to move index, board tuple)."""
        return (self.turn, self.cells)

    def king(self, player: int) -> int:
        """Cell index of ``player``'s King, or -1 if it has none (hand-made positions)."""
        try:
            return self.cells.index(code(player, KING))
        except ValueError:
            return -1

    def in_check(self) -> bool:
        """Is the side to move's King capturable right now?"""
        k = self.king(self.turn)
        return k >= 0 and _attacked(self.game, self.cells, k, 1 - self.turn)

    # ------------------------------------------------------------ generation
    def _pseudo(self):
        """Yield (from, to, piece code, irreversible) for every move ignoring the legality filters."""
        g = self.game
        t = g.tables
        b = self.cells
        me = self.turn
        lo, hi = me * 8, me * 8 + 8
        for i, c in enumerate(b):
            if not (lo < c < hi):
                continue
            pt = c & 7
            if pt == ROOK or pt == BISHOP:
                for ray in t.oblique_rays[i]:
                    j, n = 0, len(ray)
                    while j < n and not b[ray[j]]:
                        yield i, ray[j], c, False
                        j += 1
                    if j == n:
                        continue
                    if pt == ROOK or g.bishop_unscreened:
                        if not (lo < b[ray[j]] < hi):
                            yield i, ray[j], c, True
                    if pt == BISHOP:
                        j += 1
                        while j < n and not b[ray[j]]:
                            j += 1
                        if j < n and not (lo < b[ray[j]] < hi):
                            yield i, ray[j], c, True
            elif pt == KNIGHT:
                for dst, alts in t.knight[i]:
                    d = b[dst]
                    if lo < d < hi:
                        continue
                    if alts:
                        for m in alts:
                            if not b[m]:
                                break
                        else:
                            continue
                    yield i, dst, c, bool(d)
            elif pt == PAWN:
                for dst in t.pawn_forward[me][i]:
                    if not (lo < b[dst] < hi):
                        yield i, dst, c, True
                for dst in t.pawn_side[me][i]:
                    d = b[dst]
                    if not (lo < d < hi):
                        yield i, dst, c, bool(d)
            else:
                steps = t.king_steps[me][i] if pt == KING else t.queen_steps[me][i]
                for dst in steps:
                    d = b[dst]
                    if not (lo < d < hi):
                        yield i, dst, c, bool(d)

    def _generate(self) -> list[Move]:
        g = self.game
        if self._repetition_end() is not None:
            return []
        b = self.cells
        me, opp = self.turn, 1 - self.turn
        names = g.tables.names
        myking = self.king(me)
        theirking = self.king(opp)
        facing = g.kings_facing
        forbid_repeat = g.repetition == "any"
        seen = self.seen
        moves = []
        for src, dst, c, irreversible in self._pseudo():
            nb = list(b)
            captured = nb[dst]
            nb[dst] = c
            nb[src] = 0
            is_king = (c & 7) == KING
            k = dst if is_king else myking
            if k >= 0 and _attacked(g, nb, k, opp):
                continue
            if facing == "all" or (facing == "king" and is_king):
                if (captured & 7) != KING and _facing(g, nb, k, theirking):
                    continue
            after = tuple(nb)
            if forbid_repeat and not irreversible and (opp, after) in seen:
                continue
            text = f"{TYPE_NAMES[c & 7]} {names[src]} {'x' if captured else '-'} {names[dst]}"
            moves.append(Move.single(text, (src, dst, after, irreversible),
                                     partial(_details, b, after, names, src, dst)))
        return moves

    def legal_moves(self) -> list[Move]:
        """Every legal move (cached); empty when the game is over."""
        if self._moves is None:
            self._moves = self._generate()
        return self._moves

    def apply(self, move: Move) -> "CanonicalState":
        """The position after ``move`` (one of :meth:`legal_moves`); history carried along."""
        if move.data is None:
            move = self.resolve(move)
        _, _, after, irreversible = move.data
        opp = 1 - self.turn
        if self.game.repetition == "none":
            seen = self.seen
        else:
            seen = {} if irreversible else dict(self.seen)
            key = (opp, after)
            seen[key] = seen.get(key, 0) + 1
        return CanonicalState(self.game, after, opp, seen)

    # ---------------------------------------------------------------- endings
    def quick_outcome(self) -> Outcome | None:
        """A threefold repetition ends the game whatever the moves (checkmate needs them)."""
        return self._repetition_end()

    def _repetition_end(self) -> Outcome | None:
        g = self.game
        if not g.repetition.startswith("threefold"):
            return None
        if self.seen.get(self.key(), 0) >= 3:
            if g.repetition == "threefold-draw":
                return Outcome.drawn("threefold repetition")
            return Outcome.loss(self.current_player, data.PLAYERS, "threefold repetition")
        return None

    def outcome(self) -> Outcome | None:
        """``None`` while play goes on; a player without legal moves loses (checkmate / stalemate)."""
        if self._done:
            return self._outcome
        out = self._repetition_end()
        if out is None and not self.legal_moves():
            winner = data.PLAYERS[1 - self.turn]
            if self.in_check():
                out = Outcome.win(winner, data.PLAYERS, "checkmate")
            elif self.game.stalemate == "win":
                out = Outcome.win(winner, data.PLAYERS, "stalemate")
            else:
                out = Outcome.drawn("stalemate")
        self._outcome = out
        self._done = True
        return out

    def signature(self) -> Signature:
        """Side to move, every occupied point, and ("promoted", cell) for each promoted Pawn."""
        t = self.game.tables
        cells = []
        extra = []
        for i, c in enumerate(self.cells):
            if c:
                owner = c >> 3
                cells.append((t.names[i], data.PLAYERS[owner], TYPE_NAMES[c & 7]))
                if (c & 7) == PAWN and t.promoted[owner][i]:
                    extra.append(("promoted", t.names[i]))
        return make_signature(self.current_player, cells, extra=extra)

    def __repr__(self) -> str:
        return f"<{self.game.name} {self.current_player} to move>"


def canonical_chess(**options) -> CanonicalGame:
    """Canonical Chess: the 81-point (9 x 9) game."""
    return CanonicalGame(9, **options)


def canonic_chess(**options) -> CanonicalGame:
    """Canonic Chess: the 64-point (8 x 8) game."""
    return CanonicalGame(8, **options)


def canon_chess(**options) -> CanonicalGame:
    """Canon Chess: the 49-point (7 x 7) game, six Pawns a side."""
    return CanonicalGame(7, **options)
