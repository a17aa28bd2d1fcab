"""A ZRF position: an immutable value whose legal moves and outcome are computed on demand.

:class:`ZrfState` holds the board (a tuple of ``(owner, type, attribute bits)``
or None per position), the off-board stores, the turn number, last-from and
last-to and the pieces the last turn removed.  Its whole turns come from
:mod:`.wholeturns`; its goals were compiled by :mod:`.goals`.
"""

from __future__ import annotations

import enum
import re
from bisect import insort
from collections.abc import Iterator

from runtime.core.goalinfo import GoalResult
from runtime.core.notation import find_move
from runtime.core.protocol import Move, Outcome, PartDetails, ReadsRecordedTurns, Signature, State

from .attacks import AttackSearch
from .compiled import CompiledGame, CompiledGoal
from .options import PassTurn
from .parts import apply_part, generate_parts
from .royal_check import CheckBasis, opponents_squares, royal_squares
from .sentinels import LAST_MOVE, NO
from .signature_delta import signature_after, whole_signature
from .wholeturns import MoveList, Turn, TurnSource, part_notation

class Pass(enum.Enum):
    """The engine data of the pass move (a turn that changes nothing but the player to move)."""

    TURN = "pass"


PASS = Move(("Pass",), Pass.TURN, (PartDetails(),))
"""The move of a player who passes (when the game allows it)."""

PASS_CHANGES = frozenset((LAST_MOVE,))
"""The squares a pass changes (:func:`.wholeturns.changed_squares`): none but last-from and last-to's."""

MAX_LISTED = 100_000
"""Whole turns a position's move list holds; a longer list is cut with warning W504
(random choices, counts and stalemate tests never need the list)."""


def _changed_by(made: Turn | Pass) -> set | frozenset:
    """The squares the turn ``made`` (or a pass) may have changed."""
    return PASS_CHANGES if made is Pass.TURN else made.changed()


def squares_after(before: list[list[int]], cells_before, cells, changed) -> list[list[int]]:
    """Per player, the squares its pieces stand on in ``cells``, from ``before``, those of
    ``cells_before``, where only the squares ``changed`` differ (negative sentinels are skipped).
    A player whose squares stay the same keeps its list of ``before``."""
    out = None
    for p in changed:
        if p < 0:
            continue
        old = cells_before[p]
        new = cells[p]
        was = -1 if old is None else old[0]
        now = -1 if new is None else new[0]
        if was == now:
            continue
        if out is None:
            out = list(before)
        if was >= 0:
            if out[was] is before[was]:
                out[was] = list(before[was])
            out[was].remove(p)
        if now >= 0:
            if out[now] is before[now]:
                out[now] = list(before[now])
            insort(out[now], p)
    return before if out is None else out


class ZrfState(State, ReadsRecordedTurns):
    """An immutable ZRF position."""

    __slots__ = ("game", "cells", "stores", "turn", "turn_entry", "last_from", "last_to", "removed", "earlier",
                 "_raw", "_legal", "_outcome", "_done", "_repkey", "_signature", "_squares", "_basis",
                 "_check", "_check_from", "_checks", "_squares_from")

    def __init__(self, game: CompiledGame, board, hands, turn, last_from, last_to, removed, parent):
        self.game = game
        self.cells = board
        self.stores = hands
        self.turn = turn
        #: (player, moves-as, move type) of this turn (:meth:`.game.ZrfGame.entry`)
        self.turn_entry = game.turn_order.entry(turn)
        self.last_from = last_from
        self.last_to = last_to
        self.removed = removed
        #: the positions before this one (``parent``'s and its own earlier ones), newest first, as
        #: a chain ``(repetition key, earlier chain)``; None at the start.  Only the keys are kept,
        #: not the states, so an earlier position's move list (a board per move) goes with it.
        self.earlier = None if parent is None else (parent._rep_key(), parent.earlier)
        self._raw = None
        self._legal = None
        self._outcome = None
        self._done = False
        self._repkey = None
        self._signature = None
        self._squares = None
        #: (the parent's signature, its board and stores, the turn that made this position) while
        #: this position's own signature is not made yet and the parent's was (:func:`.signature_after`)
        self._basis = None
        #: :meth:`in_check`'s answer, once known
        self._check = None
        #: (the parent's :class:`.royal_check.CheckBasis`, the turn that made this position) until
        #: :meth:`in_check` is answered and the move list made (its king-safety filter brings the
        #: parent's baselines up to this board), in a game with royal pieces
        self._check_from = None
        #: the :class:`.royal_check.CheckBasis` this position's children answer ``in_check`` from
        self._checks = None
        #: (the parent's :meth:`squares`, its board, the turn that made this position) while this
        #: position's own squares are not found yet and the parent's were
        self._squares_from = None

    # ------------------------------------------------------------------ protocol

    @property
    def current_player(self) -> str:
        return self.game.tables.players[self.turn_entry[0]]

    @property
    def moves_as(self) -> str:
        return self.game.tables.players[self.turn_entry[1]]

    def legal_moves(self) -> list[Move]:
        if self._legal is None:
            if not self._done:
                self.raw_moves().stream_parts()
            if self.outcome() is not None:
                self._legal = []
            else:
                self._legal = self._with_pass(self.raw_moves())
        return self._legal

    def iter_moves(self) -> Iterator[Move]:
        """The legal moves made one at a time (:meth:`legal_moves` order), so a player with a
        clock can stop between two: each move of a big board copies the board."""
        if self._legal is not None:
            yield from self._legal
            return
        if not self._done:
            self.raw_moves().stream_parts()
        if self.outcome() is not None:
            return
        raw = self.raw_moves()
        yield from raw
        if self._pass_allowed(raw):
            yield PASS

    def apply(self, move: Move) -> "ZrfState":
        g = self.game
        data = move.data
        if type(data) is not Turn:  # a move rebuilt from its notation, or the pass
            data = find_move(self, move.notation).data
        if data is Pass.TURN:
            child = ZrfState(g, self.cells, self.stores, self.turn + 1, self.last_from,
                             self.last_to, (), self)
        else:
            board, hands, lf, lt, removed = data.after()
            child = ZrfState(g, board, hands, self.turn + 1, lf, lt, removed, self)
        # a position whose own signature is one delta away makes it now, so that its children's are too
        sig = self._signature if self._basis is None else self.signature()
        if sig is not None:
            child._basis = (sig, self.cells, self.stores, data)
        squares = self._squares
        if squares is not None:
            child._squares_from = (squares, self.cells, data)
        if g.royal:
            basis = self._checks
            if basis is None:
                basis = self._checks = CheckBasis(g, self.cells, self.last_from, self.last_to, self.squares())
            child._check_from = (basis, data)
        return child

    def outcome(self) -> Outcome | None:
        if not self._done:
            self._outcome = self._compute_outcome()
            self._done = True
        return self._outcome

    def signature(self) -> Signature:
        if self._signature is None:
            self._signature = self._make_signature()
        return self._signature

    def _make_signature(self) -> Signature:
        """The signature, from the parent's when the search made that first (the turn's changed
        squares swapped), else from every cell."""
        t = self.game.tables
        basis = self._basis
        if basis is None:
            return whole_signature(t, self.current_player, self.cells, self.stores)
        self._basis = None
        before, cells, stores, made = basis
        return signature_after(t, self.current_player, before, cells, stores, self.cells, self.stores,
                               _changed_by(made))

    def squares(self) -> list[list[int]]:
        """Per player, the squares its pieces stand on, in board order (found once; from the
        parent's, the turn's changed squares moved, when the parent's were found first).
        The lists are read, never changed: a player's list the turn left alone is the parent's."""
        if self._squares is None:
            origin = self._squares_from
            if origin is not None:
                self._squares_from = None
                before, cells, made = origin
                self._squares = squares_after(before, cells, self.cells, _changed_by(made))
            else:
                out: list[list[int]] = [[] for _ in self.game.tables.players]
                for p, pc in enumerate(self.cells):
                    if pc is not None:
                        out[pc[0]].append(p)
                self._squares = out
        return self._squares

    # ------------------------------------------------------------------ turns

    def raw_moves(self) -> MoveList:
        """Legal whole turns ignoring game end and passes (stalemated/checkmated look at these).

        A lazy sequence: ``not state.raw_moves()`` generates one turn, not all of them.
        """
        if self._raw is None:
            self._raw = MoveList(TurnSource(self), MAX_LISTED)
            if self._check is not None:  # the check test has taken what it needs of the origin
                self._check_from = None
        return self._raw

    def _pass_allowed(self, moves) -> bool:
        """May the player pass, given its turns (a sequence or their count)?"""
        pass_turn = self.game.options.pass_turn
        return pass_turn is PassTurn.ALWAYS or (pass_turn is PassTurn.WHEN_STUCK and not moves)

    def _with_pass(self, moves) -> list[Move]:
        moves = list(moves)
        return moves + [PASS] if self._pass_allowed(moves) else moves

    def recorded_turn(self, lines: list[str], same) -> tuple[Move, int, list[str]] | None:
        """The turn Zillions rebuilds when it loads ``lines``, the next lines of a saved game.

        Each line is matched (``same(part notation, line)``) against the candidate parts;
        a line recorded as ``partial N`` continues the turn with the move type numbered N
        (:mod:`.movetypes`), whatever the file's add-partial names, and the turn ends when
        that type gives the piece no part or the line is not partial.  The whole-turn
        selection rules are not applied again: loading replays what was recorded.
        Returns the move, the lines it used and one note per part whose N names another
        move type than this file does; None when the first line matches no part.
        """
        g = self.game
        player, mover, mfilter = self.turn_entry
        by_number = {n: mt for mt, n in g.mtype_numbers.items()}
        board, hands, lf, lt = self.cells, self.stores, self.last_from, self.last_to
        candidates = generate_parts(g, board, mover, mfilter, lf, lt, hands)
        parts, notes, befores, removed, rank, notices = (), (), (), (), 0, []
        while len(parts) < len(lines):
            text = lines[len(parts)]
            part = next((c for c in candidates if same(part_notation(g, c, board), text)), None)
            if part is None:
                break
            note = part_notation(g, part, board)
            befores += (board,)
            b, hands, lf, lt, rem = apply_part(g, board, hands, part, mover)
            board = tuple(b)
            parts += (part,)
            notes += (note,)
            removed += tuple((pc[0], pc[1]) for pc in rem)
            recorded = re.match(r"partial (\d+) ", text)
            if recorded is None or part.partial is None or lt == NO:
                break
            number = int(recorded.group(1))
            move_type = by_number.get(number)
            if move_type != part.partial:
                named = "no move type" if move_type is None else f"move type {move_type!r}"
                notices.append(f"'partial {number}' names {named} where this file's add-partial "
                               f"names {part.partial!r} (partial {g.mtype_numbers[part.partial]})")
            candidates = (generate_parts(g, board, mover, None, lf, lt, hands, only=lt,
                                         only_mt=move_type)
                          if move_type is not None else [])
        if not parts:
            return None
        turn = Turn(g, parts, notes, befores, board, hands, lf, lt, removed, rank)
        return turn.move(), len(parts), notices

    def material_moves(self) -> list[Move]:
        """The legal turns that change material, made without the others' notation or safety test."""
        if self._legal is not None:
            return [m for m in self._legal if m.changes_material()]
        if self.outcome() is not None:
            return []
        return self.raw_moves().material()

    def legal_move_count(self) -> int:
        """The number of legal turns, counted without making them moves (no notation)."""
        if self._legal is not None:
            return len(self._legal)
        if self.quick_outcome() is not None:
            return 0
        n = self.raw_moves().count()  # before the turn goals, which then know whether a move exists
        if self.outcome() is not None:
            return 0
        return n + 1 if self._pass_allowed(n) else n

    def random_move(self, rng) -> Move:
        """A uniformly random legal move, the same one ``rng.choice(self.legal_moves())`` picks.

        Positions with more turns than a move list holds are counted and the
        chosen turn regenerated, so memory stays bounded.
        """
        if self._legal is not None or self.outcome() is not None:
            return super().random_move(rng)
        raw = self.raw_moves()
        n = raw.count()
        extra = 1 if self._pass_allowed(n) else 0
        if n + extra == 0:
            raise ValueError("no legal moves")
        k = rng.randrange(n + extra)
        return PASS if k == n else raw.nth(k)

    # ------------------------------------------------------------------ goals

    def count_pieces(self, player, types) -> int:
        """Pieces of ``player`` (None: everybody's) of ``types`` (None: any type) on the board, and
        off it when the game's option says so.  Without types the count is the length of
        :meth:`squares`, found once per position (a goal may ask several times a position)."""
        if types is None:
            squares = self.squares()
            n = len(squares[player]) if player is not None else sum(map(len, squares))
        else:
            n = 0
            for pc in self.cells:
                if pc is not None and (player is None or pc[0] == player) and pc[1] in types:
                    n += 1
        if self.game.options.include_off_pieces:
            nt = len(self.game.tables.types)
            for i, k in enumerate(self.stores):
                if k and (player is None or i // nt == player) and (types is None or i % nt in types):
                    n += k
        return n

    def in_check(self) -> bool:
        """The contract's check test: the mover's royal types (from its ``checkmated`` goals) attacked.

        Answered once per position; a position made by a turn answers from its parent's board
        where it can (:class:`.royal_check.CheckBasis`)."""
        told = self._check
        if told is None:
            told = self._check = self._royal_check()
        return told

    def _royal_check(self) -> bool:
        player = self.turn_entry[0]
        types = self.game.royal.get(player)
        if not types:
            return False
        origin = self._check_from
        if origin is not None:
            if self._raw is not None:  # the move list has taken what it needs of the origin
                self._check_from = None
            basis, made = origin
            told = basis.royal_attacked(player, types, self.cells, _changed_by(made), self.last_from, self.last_to)
            if told is not None:
                return told
        return self.royal_attacked(player, types)

    def may_land_on(self, cell: str) -> bool:
        """The protocol's question, answered False when ``cell`` holds another player's piece, the
        side to move has nothing in hand, and the attack test finds no move of its pieces that
        would capture there (:meth:`.attacks.AttackSearch.attacked`): a move ending on an enemy
        piece's cell captures it, so none ends there.  The position's move list is then told
        that only whether a turn exists will be asked (the game's end), not its material turns."""
        pos = self.game.tables.pos_index.get(cell)
        if pos is None or any(self.stores):
            return True
        piece = self.cells[pos]
        mover = self.turn_entry[1]
        if piece is None or piece[0] == mover or self._captures_on(pos, mover):
            return True
        if not self._done:
            self.raw_moves().stream_parts()
        return False

    def may_take_back(self, cell: str) -> bool:
        """The protocol's question, answered by the attack test (:meth:`.attacks.AttackSearch.attacked`)
        when ``cell`` holds another player's piece; False when it does not."""
        pos = self.game.tables.pos_index.get(cell)
        if pos is None:
            return False
        piece = self.cells[pos]
        mover = self.turn_entry[1]
        return piece is not None and piece[0] != mover and self._captures_on(pos, mover)

    def _captures_on(self, pos: int, mover: int) -> bool:
        """Does the attack test find a move of ``mover``'s pieces that would capture on ``pos``?"""
        return AttackSearch(self.game).attacked(self.cells, pos, mover, self.last_from, self.last_to, own=True,
                                                squares=self.squares()[mover])

    def royal_attacked(self, player: int, types) -> bool:
        """Does a piece of ``player`` of the royal ``types`` stand attacked (``checkmated``)?"""
        types = frozenset(types)
        squares = self.squares()
        return AttackSearch(self.game).royal_attacked(self.cells, player, types, self.last_from, self.last_to,
                                                      royal_squares(self.cells, squares, player, types),
                                                      opponents_squares(squares, player))

    def _rep_key(self):
        if self._repkey is None:
            self._repkey = (self.cells, self.stores, self.turn_entry[:2])
        return self._repkey

    def repetitions(self) -> int:
        key = self._rep_key()
        n = 1
        chain = self.earlier
        while chain is not None:
            if chain[0] == key:
                n += 1
            chain = chain[1]
        return n

    def _result(self, goal: CompiledGoal, player: int) -> Outcome:
        g = self.game
        names = g.tables.players
        players = list(g.players)
        rule = goal.rule
        if goal.result is GoalResult.WIN:
            return Outcome.win(names[player], players, rule)
        if goal.result is GoalResult.LOSS:
            return Outcome.loss(names[player], players, rule)
        if goal.result is GoalResult.DRAW:
            return Outcome.drawn(rule)
        counts = [(self.count_pieces(i, None), i) for i in range(len(players))]
        best = max(c for c, _ in counts)
        winners = [names[i] for c, i in counts if c == best]
        if len(winners) != 1:
            return Outcome.drawn(rule)
        return Outcome.win(winners[0], players, rule)

    def _compute_outcome(self) -> Outcome | None:
        out = self.goal_outcome()
        if out is None and not self.raw_moves() and not self._pass_allowed(()):
            return Outcome.drawn("no legal moves")
        return out

    def quick_outcome(self) -> Outcome | None:
        """The outcome decided by position goals (checked after every turn), no move generation."""
        if self.earlier is None:
            return None
        for goal in self.game.position_goals:
            for pl in goal.players:
                if goal.holds(self, pl):
                    return self._result(goal, pl)
        return None

    def goal_outcome(self) -> Outcome | None:
        """The outcome decided by the game's goals alone.

        :meth:`outcome` also ends a game whose player to move has no move and
        may not pass; knowing that costs a move generation, which callers that
        only ask "did a goal end it?" can skip.
        """
        g = self.game
        out = self.quick_outcome()
        if out is not None:
            return out
        player = self.turn_entry[0]
        for goal in g.goals:
            if goal.on_turn and player in goal.players and goal.holds(self, player):
                return self._result(goal, player)
        return None
