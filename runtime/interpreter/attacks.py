"""Attack tests: would some move capture at a square? (``attacked?``, ``defended?``,
``checkmated`` and the king-safety filter, SEMANTICS §5.11).

Every attack question runs the attackers' own move blocks in attack mode (a
:class:`.context.Context` with a target: the run stops with :class:`.context.Hit`
as soon as a move would capture there).  The mutable state of one chain of
such questions - how deeply ``attacked?`` tests are nested, the baselines of
the incremental king-safety test, a memo of answers - lives in one
:class:`AttackSearch`, made per question chain (per position's move list, per
goal test, per ``attacked?`` met while generating), never on the game: a
:class:`.game.ZrfGame` holds no search state and may be shared between threads.
"""

from __future__ import annotations

from collections.abc import Sequence

from .compiled import CompiledGame
from .context import Branch, Context, Hit, Part, TrackingBoard
from .parts import MAX_PARTS, Board, Piece, apply_part
from .sentinels import LAST_MOVE, NO

ATTACK_NESTING = 2
"""attacked? in a move block is evaluated, inside that attack test once more, deeper: false."""

SPECULATION_RUNS = 16
"""Scripted runs of one block before an attack test stops speculating (see AttackSearch.may_hit)."""

MEMO_LIMIT = 100_000
"""Answers one search remembers before it forgets them all (memory stays bounded)."""

#: per opponent piece: (square, piece, hit?, squares its attack run read)
Baseline = list[tuple[int, Piece, bool, set[int]]]


class Incremental:
    """One candidate move of the king-safety filter, while its attackers run again.

    ``cells`` is the position before the move, ``board`` the candidate board after
    it and ``changed`` the squares the move changed; ``baselines`` (shared by every
    candidate of one position) and ``memo`` (this candidate's) answer the
    ``attacked?`` tests those attackers meet (:meth:`AttackSearch.square_attacked`).
    """

    __slots__ = ("cells", "changed", "board", "baselines", "last_from", "last_to", "memo")

    def __init__(self, cells: Board, changed: set[int], board: Board, baselines: dict,
                 last_from: int, last_to: int) -> None:
        self.cells = cells
        self.changed = changed
        self.board = board
        self.baselines = baselines
        self.last_from = last_from
        self.last_to = last_to
        self.memo: dict = {}


class AttackSearch:
    """The attack tests of one chain of questions, with that chain's mutable state.

    Move runs in attack mode receive this object as their context's engine, so an
    ``attacked?`` test met inside them continues the same chain (one level deeper).
    """

    __slots__ = ("game", "here", "incr", "memo", "nest", "position", "tables")

    def __init__(self, game: CompiledGame, nest: int = 0, position: tuple | None = None) -> None:
        self.game = game
        self.tables = game.tables
        #: nesting depth of attacked? tests (attacked? inside an attack test is evaluated
        #: one level deep, then answers false)
        self.nest = nest
        #: the candidate move whose attackers re-run (king-safety filter), else None
        self.incr: Incremental | None = None
        #: (board, square, mover, own?, last-from, last-to, depth) -> answer
        self.memo: dict = {}
        #: (board, squares of each player's pieces) of the position whose questions this search
        #: answers, when known: a question on that board looks only at those squares
        self.position = position
        #: answers on the position's own board, keyed (square, mover, own?, last-from, last-to,
        #: depth), and per (mover, own?) the squares of the pieces that may answer; bounded by
        #: the board's squares x players x 2 x the nesting depth
        self.here: dict = {}

    # ------------------------------------------------------------------ whole board

    def attacked(self, board: Board, pos: int, player: int, last_from: int = NO,
                 last_to: int = NO, own: bool = False, spare: frozenset = frozenset(),
                 squares: Sequence[int] | None = None) -> bool:
        """Would some move of an opponent of ``player`` (own pieces if ``own``) capture at ``pos``?

        ``spare``: see :meth:`piece_attacks`.  ``squares``, when given, holds (at least) the
        squares of the pieces that may attack, in board order.
        """
        neutral = self.tables.neutral
        reach = self.game.attack_reach
        for p in (range(len(board)) if squares is None else squares):
            pc = board[p]
            if pc is None:
                continue
            o = pc[0]
            if own:
                if o != player:
                    continue
            elif o == player or neutral[o]:
                continue
            hits = reach[pc[1]].hits(o, p)
            if hits is not None and pos not in hits:
                continue
            if self.piece_attacks(board, p, pc, pos, last_from, last_to, spare=spare):
                return True
        return False

    def royal_attacked(self, board: Board, player: int, types: frozenset, last_from: int,
                       last_to: int, royal: Sequence[int] | None = None,
                       opponents: Sequence[int] | None = None) -> bool:
        """Does some piece of ``player`` of the royal ``types`` stand attacked (``checkmated``)?

        ``royal`` and ``opponents``, when given, hold the squares of those royal pieces and of
        every other player's pieces, in board order (else the board is searched for them).
        """
        if royal is None:
            royal = [p for p, pc in enumerate(board) if pc is not None and pc[0] == player and pc[1] in types]
        self.nest += 1
        try:
            for p in royal:
                if self.attacked(board, p, player, last_from, last_to, spare=types, squares=opponents):
                    return True
        finally:
            self.nest -= 1
        return False

    def piece_attacks(self, board: Board, p: int, pc: Piece, target: int, last_from: int,
                      last_to: int, only_mt: str | None = None, seen: frozenset = frozenset(),
                      spare: frozenset = frozenset()) -> bool:
        """Would the piece ``pc`` on ``p`` capture at ``target`` in some whole turn?

        Parts made by add-partial are followed as whole turns are (§5.9): a chain that
        captures on its second or later part attacks too.  ``seen`` holds the states the
        chain passed through; a part that returns to one is not followed, and a chain of
        MAX_PARTS parts stops with warning W503.

        ``spare`` (the royal types, when the target holds a royal piece): a move that
        lands on the target turning its piece into one of those types is not an attack.
        Zillions counts a royal piece as attacked when a reply would leave fewer royal
        pieces on the board; such a capture leaves as many (PassiveChess.zsg lines 33-34).
        """
        game = self.game
        partials: list[Part] = []
        owner = pc[0]
        reach = game.attack_reach[pc[1]]
        hits = reach.hits(owner, p)
        if hits is not None and target not in hits:
            return False  # no run of any block from p reaches the target, whatever the board
        blocks = reach.blocks
        track = board.reads if type(board) is TrackingBoard else None
        for i, (mt, program) in enumerate(game.move_blocks[pc[1]]):
            if only_mt is not None and mt != only_mt:
                continue
            hits = blocks[i].hits(owner, p)
            if hits is not None and target not in hits:
                continue  # no run of this block from p reaches the target, whatever the board
            if program.attack(self, board, p, pc, last_from, last_to, target, spare, partials, track):
                return True
        if partials:
            if len(seen) + 1 >= MAX_PARTS:
                game.chain_cut(partials[0], MAX_PARTS)
                return False
            if track is not None:
                track.add(LAST_MOVE)  # continuations read a board the tracker does not see
                board = tuple(list.__iter__(board))
            zero = game.zero_hands
            for part in partials:
                b, _, lf, lt, _ = apply_part(game, board, zero, part, pc[0])
                b = tuple(b)
                if lt == NO or b[lt] is None or b in seen:
                    continue
                if self.piece_attacks(b, lt, b[lt], target, lf, lt, part.partial, seen | {b},
                                      spare):
                    return True
        return False

    def may_hit(self, fn, ctx: Context, p: int, pc: Piece) -> bool:
        """Could the block ``fn`` (run on ``ctx``) hit the target for *some* answers of its
        attacked? tests?

        Runs the block with scripted answers instead of nested attack tests, branching on
        each new test (a failed verify prunes the branch).  False is exact: no combination
        of answers reaches the target, so the real (expensive) answers are not needed.
        Nested deeper than :data:`ATTACK_NESTING`, where the tests answer false anyway, it
        does not speculate (True).
        """
        if self.nest >= ATTACK_NESTING:
            return True
        scripts: list[list[bool]] = [[]]
        runs = 0
        while scripts:
            script = scripts.pop()
            runs += 1
            if runs > SPECULATION_RUNS:
                return True
            ctx.restart(p, pc)
            ctx.script = script
            ctx.spos = 0
            try:
                fn(ctx)
            except Hit:
                ctx.script = None
                return True
            except Branch:
                scripts.append(script + [True])
                scripts.append(script + [False])
        ctx.script = None
        return False

    # ------------------------------------------------------------------ incremental

    def attack_baseline(self, board: Board, target: int, player: int, last_from: int,
                        last_to: int, spare: frozenset = frozenset(),
                        squares: Sequence[int] | None = None) -> Baseline:
        """Per opponent piece that can reach ``target``: (square, piece, hit?, squares read).

        The squares each piece's attack run reads are recorded (:data:`.sentinels.LAST_MOVE`
        stands for last-from and last-to), so that after a move only the attackers whose
        reads the move changed need to run again (:meth:`attacked_after`).  ``squares``, when
        given, holds (at least) the squares of the opponents' pieces, in board order.
        """
        neutral = self.tables.neutral
        reach = self.game.attack_reach
        tracking = TrackingBoard(board)
        out = []
        for p in (range(len(board)) if squares is None else squares):
            pc = board[p]
            if pc is None:
                continue
            o = pc[0]
            if o == player or neutral[o]:
                continue
            hits = reach[pc[1]].hits(o, p)
            if hits is not None and target not in hits:
                continue  # out of reach: see the note below
            tracking.reads = set()
            hit = self.piece_attacks(tracking, p, pc, target, last_from, last_to, spare=spare)
            if hit or tracking.reads:
                out.append((p, pc, hit, tracking.reads))
            # else: it missed without looking at the board (out of reach, .reach); after a
            # move it can only hit from another square, which attacked_after tries anyway
        return out

    def baseline_after(self, base: Baseline, changed: set[int], board: Board, target: int,
                       player: int, last_from: int, last_to: int,
                       spare: frozenset = frozenset()) -> Baseline:
        """:meth:`attack_baseline` of ``target`` on ``board``, from ``base`` (the baseline of
        ``target`` on a board that differs from ``board`` in the squares ``changed`` only,
        :data:`.sentinels.LAST_MOVE` among them when last-from or last-to differ).

        An attacker that stays where it stood and read none of the changed squares keeps its
        entry: its run would read the same cells and answer the same.  The attackers whose
        reads were changed run again, and so do the opponent pieces standing on a changed
        square; an attacker that left a changed square has no entry.  The entries are the
        whole-board baseline's, not in its order (nothing reads the order but the first hit).
        """
        out = []
        tracking = None
        for entry in base:
            p, pc, _, reads = entry
            if p in changed:
                continue
            if reads.isdisjoint(changed):
                out.append(entry)
                continue
            if tracking is None:
                tracking = TrackingBoard(board)
            tracking.reads = set()
            hit = self.piece_attacks(tracking, p, pc, target, last_from, last_to, spare=spare)
            if hit or tracking.reads:
                out.append((p, pc, hit, tracking.reads))
        # the opponent pieces on the changed squares, as the whole-board baseline meets them
        out.extend(self.attack_baseline(board, target, player, last_from, last_to, spare,
                                        sorted(s for s in changed if s >= 0)))
        return out

    def attacked_after(self, base: Baseline, changed: set[int], board: Board, target: int,
                       player: int, last_from: int, last_to: int,
                       spare: frozenset = frozenset()) -> bool:
        """``attacked`` on ``board`` (the baseline's board with the squares ``changed`` changed)."""
        for p, pc, hit, reads in base:
            if p in changed:
                continue
            if reads.isdisjoint(changed):
                if hit:
                    return True
                continue
            if self.piece_attacks(board, p, pc, target, last_from, last_to, spare=spare):
                return True
        neutral = self.tables.neutral
        for s in changed:
            pc = board[s]
            if pc is not None and pc[0] != player and not neutral[pc[0]]:
                if self.piece_attacks(board, s, pc, target, last_from, last_to, spare=spare):
                    return True
        return False

    def _nested_incremental(self, ctx: Context, pos: int, incr: Incremental) -> bool:
        """``attacked?`` met while re-running an attacker for one candidate move of the
        king-safety filter: answered from a per-position baseline plus the changed squares."""
        cells, board = incr.cells, incr.board
        mover = ctx.mover
        ty = ctx.piece[1] if ctx.piece is not None else 0
        phantom = (mover, ty, self.tables.attr_defaults[ty])
        key = (pos, mover, phantom if board[pos] is None or cells[pos] is None else None)
        memo = incr.memo
        answer = memo.get((key, ctx.last_from, ctx.last_to))
        if answer is not None:
            return answer
        base = incr.baselines.get(key)
        if base is None:
            b0 = _with_piece(cells, pos, phantom) if cells[pos] is None else cells
            self.nest += 1
            try:
                base = incr.baselines[key] = self.attack_baseline(b0, pos, mover, incr.last_from,
                                                                  incr.last_to)
            finally:
                self.nest -= 1
        b1 = board
        ch = incr.changed
        if board[pos] is None:
            b1 = _with_piece(board, pos, phantom)
            ch = ch | {pos}
        elif cells[pos] is None:
            ch = ch | {pos}
        self.nest += 1
        try:
            answer = self.attacked_after(base, ch, b1, pos, mover, ctx.last_from, ctx.last_to)
        finally:
            self.nest -= 1
        memo[(key, ctx.last_from, ctx.last_to)] = answer
        return answer

    # ------------------------------------------------------------------ in a move block

    def square_attacked(self, ctx: Context, pos: int, own: bool, remember: bool = True) -> bool:
        """``attacked?``/``defended?`` inside a move block run on ``ctx``, on the pre-move board
        (§5.11): a speculative run answers from its script, an incremental re-run from its
        baseline, any other from :meth:`question`."""
        if pos == NO or self.nest >= ATTACK_NESTING:
            return False
        script = ctx.script
        if script is not None:
            if ctx.spos < len(script):
                ctx.spos += 1
                return script[ctx.spos - 1]
            raise Branch()
        if ctx.track is not None:
            # the answer depends on the whole board: never reuse this run's baseline
            ctx.track.add(LAST_MOVE)
        incr = self.incr
        if incr is not None and ctx.board is incr.board and not own:
            return self._nested_incremental(ctx, pos, incr)
        return self.question(ctx.board, pos, own, ctx.mover, ctx.piece, ctx.last_from, ctx.last_to,
                             remember)

    def question(self, board: Board, pos: int, own: bool, mover: int, piece: Piece | None,
                 last_from: int, last_to: int, remember: bool = True) -> bool:
        """``attacked?`` (``defended?`` when ``own``) at ``pos`` asked by a run of ``mover``'s
        ``piece``: on an empty square a phantom piece of the mover stands (of the piece's type),
        so that moves which capture only onto occupied squares count.

        ``remember``: keep the answer in this search's memo (a search made for this one
        question has no later question to answer from it).
        """
        if pos == NO or self.nest >= ATTACK_NESTING:
            return False
        squares = None
        position = self.position
        here = position is not None and board is position[0]
        if here:
            # the position's own board: its answers are kept apart, keyed without the board
            # (hashing every cell of it cost more than most answers)
            key = (pos, mover, own, last_from, last_to, self.nest)
            hit = self.here.get(key)
            if hit is not None:
                return hit
            squares = self.here.get((mover, own))
            if squares is None:
                squares = self.here[(mover, own)] = sorted(
                    q for o, mine in enumerate(position[1]) if (o == mover) == own for q in mine)
        if type(board) is not tuple:
            board = tuple(list.__iter__(board))
        if own:
            others = [i for i in range(len(self.tables.players)) if i != mover]
            phantom = (others[0] if others else mover, 0, 0)
        else:
            ty = piece[1] if piece is not None else 0
            phantom = (mover, ty, self.tables.attr_defaults[ty])
        if here:
            hit = None
        elif remember:
            key = (board, pos, mover, own, last_from, last_to, self.nest)
            memo = self.memo
            hit = memo.get(key)
        else:
            hit = None
        if hit is None:
            if board[pos] is None:
                board = _with_piece(board, pos, phantom)
            self.nest += 1
            try:
                hit = self.attacked(board, pos, mover, last_from, last_to, own, squares=squares)
            finally:
                self.nest -= 1
            if here:
                self.here[key] = hit
            elif remember:
                if len(memo) > MEMO_LIMIT:
                    memo.clear()
                memo[key] = hit
        return hit


def _with_piece(board: Board, pos: int, piece: Piece) -> tuple:
    """A copy of ``board`` (as a tuple) with ``piece`` standing on ``pos``.

    Attack tests place a phantom piece on an empty target cell, so that moves
    which capture only onto occupied cells count as attacking it.
    """
    b = list(board)
    b[pos] = piece
    return tuple(b)
