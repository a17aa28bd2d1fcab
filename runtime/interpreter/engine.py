"""The ZRF game and its states: generating and applying parts, goals, attack tests.

:class:`ZrfGame` compiles every move and drop block once (:mod:`.compiler`)
and every goal (:mod:`.goals`).  :class:`ZrfState` is an immutable position:
board (list of ``(owner, type, attribute bits)`` or None), off-board stores,
turn number, last-from/last-to and the pieces removed by the last turn.

A legal move is a whole turn (§5.9); :mod:`.wholeturns` expands the parts
chained by ``add-partial`` lazily and applies move-priorities (§2.5), maximal
captures and the king-safety filter (§5.11) in that order.
"""

from __future__ import annotations

import re

from zrf.diagnostics import WARNING, Diagnostic
from zrf.model import GameDef, TurnEntry
from zrf.syntax import List, to_text

from runtime.notation import find_move
from runtime.protocol import Game, Move, Outcome, State, make_signature

from .context import Branch, Context, Hit, Part
from .goal_description import describe_goals
from .goals import GoalCompiler, is_turn_condition, royal_types
from .movetypes import zillions_numbering
from .tables import NO, build_tables
from .translate import block_compiler
from .wholeturns import MAX_PARTS, MoveList, Turn, TurnSource, part_notation, promoted_types

MAX_LISTED = 100_000
"""Whole turns a position's move list holds; a longer list is cut with warning W602
(random choices, counts and stalemate tests never need the list)."""
ATTACK_NESTING = 2
SPECULATION_RUNS = 16
"""Scripted runs of one block before an attack test stops speculating (see _may_hit)."""
"""attacked? in a move block is evaluated, inside that attack test once more, deeper: false."""


_PROMOTING = ("add", "add-copy", "add-partial", "add-copy-partial")


def _promotion_names(gdef: GameDef) -> set[str]:
    """Names written as the new type of a piece: ``(add T ...)``, ``(change-type T)``."""
    out: set[str] = set()

    def walk(node):
        if not isinstance(node, List):
            return
        if node.head in _PROMOTING:
            args = node.items[1:-1] if node.head.endswith("partial") else node.items[1:]
            out.update(to_text(a) for a in args)
        elif node.head == "change-type" and len(node.items) > 1:
            out.add(to_text(node.items[1]))
        for item in node.items:
            walk(item)

    for piece in gdef.pieces.values():
        for block in piece.blocks:
            walk(block.program)
    return out


class ZrfGame(Game):
    """One playable ZRF game or variant, compiled."""

    def __init__(self, gdef: GameDef, path: str, report):
        self.gdef = gdef
        self.path = path
        self.report = report
        self.name = gdef.title
        t = self.tables = build_tables(gdef)
        self.players = tuple(gdef.players)
        self.positions = tuple(t.positions)
        self.piece_types = tuple(t.types)
        comp = block_compiler(t, report, self)
        ntypes = len(t.types)
        self.move_blocks: list[list[tuple]] = [[] for _ in range(ntypes)]
        self.drop_blocks: list[list[tuple]] = [[] for _ in range(ntypes)]
        for name, piece in gdef.pieces.items():
            ti = t.type_index[name]
            for b in piece.moves:
                self.move_blocks[ti].append((b.move_type, comp.block(b.program)))
            for b in piece.drops:
                self.drop_blocks[ti].append((b.move_type, comp.block(b.program)))
        #: move type -> Zillions' number, the N of "partial N" (see .movetypes)
        self.mtype_numbers = zillions_numbering(gdef)
        opt = gdef.options
        self.pass_turn = opt.get("pass turn", "false")
        self.pass_partial = opt.get("pass partial", "false") == "true"
        self.recycle = opt.get("recycle captures", "false") == "true"
        self.recycle_promotions = opt.get("recycle promotions", "false") == "true"
        maximal = opt.get("maximal captures", "false")
        #: None, "true" or "2" (§2.6): see runtime.interpreter.wholeturns
        self.maximal = maximal if maximal in ("true", "2") else None
        self.include_off = opt.get("include off-pieces", "false") == "true"
        self.priorities = {mt: i for i, mt in enumerate(gdef.move_priorities)}
        gc = GoalCompiler(t, report)
        self.goals = []
        self.royal: dict[int, set[int]] = {}
        self.has_repetition = False
        for g in gdef.goals:
            players = [t.player_index[p] for p in (g.players or gdef.players) if p in t.player_index]
            f = gc.compile(g.condition)
            turn = is_turn_condition(g.condition)
            text = to_text(g.condition)
            self.goals.append((g.kind, players, f, turn, f"{g.kind}-condition {text}"))
            if "repetition" in text:
                self.has_repetition = True
            rt = royal_types(g.condition, t)
            if rt:
                for p in players:
                    self.royal.setdefault(p, set()).update(rt)
        self._goal_positions: dict[int, frozenset] = {}
        entries = gdef.turn_order.entries
        if not entries:
            entries = [TurnEntry(p, p) for p in gdef.players]
        self.turn_entries = [(t.player_index[e.player], t.player_index[e.moves_as], e.move_type)
                             for e in entries]
        self.repeat_from = gdef.turn_order.repeat_from
        self.attack_cache: dict = {}
        #: nesting depth of attacked? tests (attacked? inside an attack test is evaluated
        #: one level deep, then answers false)
        self._nest = 0
        #: (cells, changed squares, candidate board, nested baselines, last-from, last-to, memo)
        #: while the king-safety filter re-runs attackers for one candidate move
        self._incr = None
        self._zero_hands = tuple([0] * (len(t.players) * ntypes))
        #: piece types some move turns a piece into (add T, change-type T)
        self.promotion_targets = frozenset(
            t.type_index[name] for name in _promotion_names(gdef) if name in t.type_index)
        #: the "more valuable" types of "maximal captures" 2
        self.promoted = promoted_types(self) if self.maximal == "2" else frozenset()
        #: run-time limits met while playing (W601, W602), each reported once
        self.notices: list[Diagnostic] = []
        self._noticed: set = set()

    # ------------------------------------------------------------------ protocol

    def layout(self) -> dict[str, tuple[float, float, float, float]] | None:
        """Each drawn position's rectangle from the ZRF board, as ``(x, y, width, height)``.

        Dummy positions and positions without coordinates are left out; None
        when no position has a rectangle.
        """
        board = self.gdef.board
        rects = {}
        for pos in (board.positions.values() if board is not None else ()):
            if pos.dummy or pos.rect is None:
                continue
            rects[pos.name] = tuple(float(v) for v in pos.box)
        return rects or None

    def goal_info(self):
        """The file's goals as :mod:`runtime.goalinfo` data (see :mod:`.goal_description`)."""
        return describe_goals(self.gdef, self.tables)

    @property
    def rules_path(self) -> str:
        """The ZRF file the game was loaded from."""
        return self.path

    def zrf_definition(self) -> GameDef:
        """The game or variant of the file this game plays."""
        return self.gdef

    def initial_state(self) -> "ZrfState":
        t = self.tables
        n = len(t.positions)
        board: list = [None] * n
        for pl, ty, pos in self.gdef.setup.placements:
            if pos in t.pos_index and pl in t.player_index and ty in t.type_index:
                ti = t.type_index[ty]
                board[t.pos_index[pos]] = (t.player_index[pl], ti, t.attr_defaults[ti])
        hands = [0] * (len(t.players) * len(t.types))
        for (pl, ty), k in self.gdef.setup.off.items():
            if pl in t.player_index and ty in t.type_index:
                hands[t.player_index[pl] * len(t.types) + t.type_index[ty]] = k
        return ZrfState(self, tuple(board), tuple(hands), 0, NO, NO, (), None)

    def edited_state(self, edits) -> "ZrfState":
        """The initial state after saved-game set-up edits: (player, type, pos) places, (None, None, pos) removes."""
        start = self.initial_state()
        t = self.tables
        cells = list(start.cells)
        for player, ptype, pos in edits:
            if pos not in t.pos_index:
                raise KeyError(f"set-up edit names unknown position {pos!r}")
            if player is None:
                cells[t.pos_index[pos]] = None
                continue
            if player not in t.player_index or ptype not in t.type_index:
                raise KeyError(f"set-up edit names unknown player or piece: {player} {ptype}")
            ti = t.type_index[ptype]
            cells[t.pos_index[pos]] = (t.player_index[player], ti, t.attr_defaults[ti])
        return ZrfState(self, tuple(cells), start.stores, 0, NO, NO, (), None)

    def entry(self, turn: int) -> tuple[int, int, str | None]:
        """(player, moves-as, move type) for 0-based turn number ``turn``."""
        e = self.turn_entries
        if not e:
            return (0, 0, None)
        if turn < len(e):
            return e[turn]
        cycle = e[self.repeat_from:] or e
        rf = self.repeat_from if e[self.repeat_from:] else 0
        return cycle[(turn - rf) % len(cycle)]

    def move_number(self, turn: int) -> int:
        """ZSG move number of 0-based turn ``turn`` (§2.4)."""
        e = self.turn_entries
        if not e:
            return turn + 1
        if turn < len(e):
            return 1
        cycle = len(e[self.repeat_from:]) or len(e)
        rf = self.repeat_from if e[self.repeat_from:] else 0
        return 2 + (turn - len(e)) // cycle if rf else 1 + turn // cycle

    def goal_positions(self, player: int) -> frozenset:
        return self._goal_positions.get(player, frozenset())

    # ------------------------------------------------------------------ limits

    def notice(self, code: str, message: str, span=None) -> None:
        """Record a run-time limit once per (code, place): never silent, never repeated."""
        key = (code, str(span))
        if key in self._noticed:
            return
        self._noticed.add(key)
        where = span if span is not None else self.gdef.span
        self.notices.append(Diagnostic(code, message, where, WARNING))

    def block_span(self, ptype: int, move_type: str | None):
        """Where the move block of piece type ``ptype`` with ``move_type`` is written (else the piece)."""
        piece = self.gdef.pieces.get(self.tables.types[ptype])
        if piece is None:
            return None
        for b in piece.blocks:
            if b.move_type == move_type:
                return b.span
        return piece.span

    def chain_cut(self, part: Part, limit: int) -> None:
        """W601: a chain of add-partial parts reached ``limit`` parts and ends there."""
        ptype = part.moves[-1][2][1] if part.moves else (part.drop_type if part.drop_type >= 0 else 0)
        self.notice("W601", f"a turn chained {limit} add-partial parts (continuing with "
                    f"{part.partial!r}); it ends there", self.block_span(ptype, part.partial))

    def list_cut(self, cap: int) -> None:
        """W602: a position has more than ``cap`` whole turns; its move list holds the first ``cap``."""
        self.notice("W602", f"a position has more than {cap:,} whole turns; the move list holds the "
                    f"first {cap:,} (random moves and counts still see them all)")

    # ------------------------------------------------------------------ generation

    def gen_parts(self, board, mover, mfilter, last_from, last_to, hands, only=NO, only_mt=None):
        """Every candidate part for ``mover`` (§5.1).

        Identical parts emitted by several blocks are merged into the first,
        which keeps every move type that emitted it (``Part.mtypes``), so that
        move priorities rank it by the best of them.
        """
        out: list[Part] = []
        blocks = self.move_blocks
        if only != NO:
            pc = board[only]
            if pc is not None:
                for mt, fn in blocks[pc[1]]:
                    if mt == only_mt:
                        fn(Context(self, board, mover, only, pc, False, mt, last_from, last_to, out))
        else:
            ctx = None
            for pos, pc in enumerate(board):
                if pc is not None and pc[0] == mover:
                    for mt, fn in blocks[pc[1]]:
                        if mfilter is None or mt == mfilter:
                            if ctx is None:
                                ctx = Context(self, board, mover, pos, pc, False, mt, last_from,
                                              last_to, out)
                            else:
                                ctx.restart(pos, pc)
                                ctx.mtype = mt
                            fn(ctx)
            t = self.tables
            nt = len(t.types)
            base = mover * nt
            for ti, dblocks in enumerate(self.drop_blocks):
                if dblocks and hands[base + ti] > 0:
                    piece = (mover, ti, t.attr_defaults[ti])
                    for mt, fn in dblocks:
                        if mfilter is None or mt == mfilter:
                            for pos in range(len(board)):
                                fn(Context(self, board, mover, pos, piece, True, mt, last_from,
                                           last_to, out))
        if len(out) > 1:
            first: dict = {}
            uniq = []
            for p in out:
                q = first.get(p.key)
                if q is None:
                    first[p.key] = p
                    uniq.append(p)
                elif p.mtype not in q.mtypes:
                    q.mtypes += (p.mtype,)
            out = uniq
        return out

    def apply_part(self, board, hands, part: Part, mover):
        """Board, hands, last-from, last-to and removed pieces after one part (§5.8)."""
        b = list(board)
        h = None
        removed = []
        nt = len(self.tables.types)
        lifted = set()
        for f, to, pc, ty, copy in part.moves:
            if not copy and b[f] is not None:
                b[f] = None
                lifted.add(f)
        defaults = self.tables.attr_defaults
        lf = lt = NO
        for f, to, pc, ty, copy in part.moves:
            old = b[to]
            if old is not None:
                removed.append(old)
            if ty >= 0 and ty != pc[1]:
                pc = (pc[0], ty, defaults[ty])
            b[to] = pc
            lf, lt = f, to
        for pos, pc, is_drop in part.placements:
            old = b[pos]
            if old is not None:
                removed.append(old)
            b[pos] = pc
            if is_drop:
                lf, lt = NO, pos
        for e in part.effects:
            kind = e[0]
            p = e[1]
            pc = b[p]
            if pc is None:
                continue
            if kind == "x":
                removed.append(pc)
                b[p] = None
            elif kind == "type":
                b[p] = (pc[0], e[2], defaults[e[2]] if e[2] != pc[1] else pc[2])
            elif kind == "owner":
                b[p] = (e[2], pc[1], pc[2])
            elif kind == "flip":
                b[p] = (self.flip_owner(pc[0]), pc[1], pc[2])
            elif kind == "attr":
                bit = 1 << e[2]
                b[p] = (pc[0], pc[1], (pc[2] | bit) if e[3] else (pc[2] & ~bit))
        if part.drop_type >= 0:
            h = list(hands)
            h[mover * nt + part.drop_type] -= 1
        if self.recycle and removed:
            if h is None:
                h = list(hands)
            for o, ty, _ in removed:
                h[o * nt + ty] += 1
        return b, (hands if h is None else tuple(h)), lf, lt, removed

    def flip_owner(self, owner: int) -> int:
        n = len(self.players)
        return (owner + 1) % n if n else owner

    # ------------------------------------------------------------------ attacks

    def attacked(self, board, pos, player, last_from=NO, last_to=NO, own=False,
                 spare=frozenset()) -> bool:
        """Would some move of an opponent of ``player`` (own pieces if ``own``) capture at ``pos``?

        ``spare``: see :meth:`piece_attacks`.
        """
        neutral = self.tables.neutral
        for p, pc in enumerate(board):
            if pc is None:
                continue
            o = pc[0]
            if own:
                if o != player:
                    continue
            elif o == player or neutral[o]:
                continue
            if self.piece_attacks(board, p, pc, pos, last_from, last_to, spare=spare):
                return True
        return False

    def piece_attacks(self, board, p, pc, target, last_from, last_to, only_mt=None,
                      seen=frozenset(), spare=frozenset()) -> bool:
        """Would the piece ``pc`` on ``p`` capture at ``target`` in some whole turn?

        Parts made by add-partial are followed as whole turns are (§5.9): a chain that
        captures on its second or later part attacks too.  ``seen`` holds the states the
        chain passed through; a part that returns to one is not followed, and a chain of
        MAX_PARTS parts stops with warning W601.

        ``spare`` (the royal types, when the target holds a royal piece): a move that
        lands on the target turning its piece into one of those types is not an attack.
        Zillions counts a royal piece as attacked when a reply would leave fewer royal
        pieces on the board; such a capture leaves as many (PassiveChess.zsg lines 33-34).
        """
        ctx = None
        partials: list[Part] = []
        speculate = self._nest < ATTACK_NESTING
        for mt, fn in self.move_blocks[pc[1]]:
            if only_mt is not None and mt != only_mt:
                continue
            if ctx is None:
                ctx = Context(self, board, pc[0], p, pc, False, mt, last_from, last_to, partials,
                              target)
                ctx.spare = spare
            else:
                ctx.restart(p, pc)
            if speculate and not self._may_hit(fn, ctx, p, pc):
                continue
            ctx.restart(p, pc)
            ctx.script = None
            try:
                fn(ctx)
            except Hit:
                return True
        if partials:
            if len(seen) + 1 >= MAX_PARTS:
                self.chain_cut(partials[0], MAX_PARTS)
                return False
            reads = getattr(board, "reads", None)
            if reads is not None:
                reads.add(-2)  # continuations read a board the tracker does not see
                board = tuple(list.__iter__(board))
            zero = self._zero_hands
            for part in partials:
                b, _, lf, lt, _ = self.apply_part(board, zero, part, pc[0])
                b = tuple(b)
                key = b
                if lt == NO or b[lt] is None or key in seen:
                    continue
                if self.piece_attacks(b, lt, b[lt], target, lf, lt, part.partial, seen | {key},
                                      spare):
                    return True
        return False

    def _may_hit(self, fn, ctx, p, pc) -> bool:
        """Could this block hit the target for *some* answers of its attacked? tests?

        Runs the block with scripted answers instead of nested attack tests, branching on
        each new test (a failed verify prunes the branch).  False is exact: no combination
        of answers reaches the target, so the real (expensive) answers are not needed.
        """
        scripts = [[]]
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

    def attack_baseline(self, board, target, player, last_from, last_to, spare=frozenset()) -> list:
        """Per opponent piece: (square, piece, hit?, squares read) for ``target``.

        The squares each piece's attack run reads are recorded (-2 stands for last-from and
        last-to), so that after a move only the attackers whose reads the move changed need to
        run again (:meth:`attacked_after`).
        """
        neutral = self.tables.neutral
        tracking = _Tracking(board)
        out = []
        for p, pc in enumerate(board):
            if pc is None:
                continue
            o = pc[0]
            if o == player or neutral[o]:
                continue
            tracking.reads = set()
            hit = self.piece_attacks(tracking, p, pc, target, last_from, last_to, spare=spare)
            out.append((p, pc, hit, tracking.reads))
        return out

    def attacked_after(self, base, changed, board, target, player, last_from, last_to,
                       spare=frozenset()) -> bool:
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

    def _nested_incremental(self, ctx, pos, incr) -> bool:
        """``attacked?`` met while re-running an attacker for one candidate move of the
        king-safety filter: answered from a per-position baseline plus the changed squares."""
        cells, changed, board, cache, lf, lt, memo = incr
        mover = ctx.mover
        ty = ctx.piece[1] if ctx.piece is not None else 0
        phantom = (mover, ty, self.tables.attr_defaults[ty])
        key = (pos, mover, phantom if board[pos] is None or cells[pos] is None else None)
        answer = memo.get((key, ctx.last_from, ctx.last_to))
        if answer is not None:
            return answer
        base = cache.get(key)
        if base is None:
            b0 = _with_piece(cells, pos, phantom) if cells[pos] is None else cells
            self._nest += 1
            try:
                base = cache[key] = self.attack_baseline(b0, pos, mover, lf, lt)
            finally:
                self._nest -= 1
        b1 = board
        ch = changed
        if board[pos] is None:
            b1 = _with_piece(board, pos, phantom)
            ch = changed | {pos}
        elif cells[pos] is None:
            ch = changed | {pos}
        self._nest += 1
        try:
            answer = self.attacked_after(base, ch, b1, pos, mover, ctx.last_from, ctx.last_to)
        finally:
            self._nest -= 1
        memo[(key, ctx.last_from, ctx.last_to)] = answer
        return answer

    def square_attacked(self, ctx, pos, own) -> bool:
        """``attacked?``/``defended?`` inside a move block, on the pre-move board (§5.11)."""
        board = ctx.board
        if pos == NO or self._nest >= ATTACK_NESTING:
            return False
        script = ctx.script
        if script is not None:
            if ctx.spos < len(script):
                ctx.spos += 1
                return script[ctx.spos - 1]
            raise Branch()
        if ctx.track is not None:
            # the answer depends on the whole board: never reuse this run's baseline
            ctx.track.add(-2)
        incr = self._incr
        if incr is not None and board is incr[2] and not own:
            return self._nested_incremental(ctx, pos, incr)
        if type(board) is not tuple:
            board = tuple(list.__iter__(board))
        mover = ctx.mover
        if own:
            others = [i for i in range(len(self.tables.players)) if i != mover]
            phantom = (others[0] if others else mover, 0, 0)
        else:
            ty = ctx.piece[1] if ctx.piece is not None else 0
            phantom = (mover, ty, self.tables.attr_defaults[ty])
        key = (board, pos, mover, own, ctx.last_from, ctx.last_to)
        cache = self.attack_cache
        hit = cache.get(key)
        if hit is None:
            if board[pos] is None:
                board = _with_piece(board, pos, phantom)
            self._nest += 1
            try:
                hit = self.attacked(board, pos, mover, ctx.last_from, ctx.last_to, own)
            finally:
                self._nest -= 1
            if len(cache) > 100_000:
                cache.clear()
            cache[key] = hit
        return hit


def _with_piece(board, pos: int, piece) -> tuple:
    """A copy of ``board`` (as a tuple) with ``piece`` standing on ``pos``.

    Attack tests place a phantom piece on an empty target cell, so that moves
    which capture only onto occupied cells count as attacking it.
    """
    b = list(board)
    b[pos] = piece
    return tuple(b)


class _Tracking(list):
    """A board that records which squares are read (for the incremental attack test)."""

    def __getitem__(self, i):
        self.reads.add(i)
        return list.__getitem__(self, i)


class ZrfState(State):
    """An immutable ZRF position."""

    __slots__ = ("game", "cells", "stores", "turn", "last_from", "last_to", "removed", "parent",
                 "_raw", "_legal", "_outcome", "_done", "_repkey")

    def __init__(self, game: ZrfGame, board, hands, turn, last_from, last_to, removed, parent):
        self.game = game
        self.cells = board
        self.stores = hands
        self.turn = turn
        self.last_from = last_from
        self.last_to = last_to
        self.removed = removed
        self.parent = parent
        self._raw = None
        self._legal = None
        self._outcome = None
        self._done = False
        self._repkey = None

    # ------------------------------------------------------------------ protocol

    @property
    def current_player(self) -> str:
        g = self.game
        return g.tables.players[g.entry(self.turn)[0]]

    @property
    def moves_as(self) -> str:
        g = self.game
        return g.tables.players[g.entry(self.turn)[1]]

    def legal_moves(self) -> list[Move]:
        if self._legal is None:
            if self.outcome() is not None:
                self._legal = []
            else:
                self._legal = self._with_pass(self.raw_moves())
        return self._legal

    def apply(self, move: Move) -> "ZrfState":
        g = self.game
        data = move.data
        if data is None or not isinstance(data, Turn):
            data = find_move(self, move.notation).data
        if data == "pass":
            return ZrfState(g, self.cells, self.stores, self.turn + 1, self.last_from,
                            self.last_to, (), self)
        return ZrfState(g, data.board, data.hands, self.turn + 1, data.lf, data.lt,
                        data.removed, self)

    def outcome(self) -> Outcome | None:
        if not self._done:
            self._outcome = self._compute_outcome()
            self._done = True
        return self._outcome

    def signature(self):
        g = self.game
        t = g.tables
        cells = []
        extra = []
        for p, pc in enumerate(self.cells):
            if pc is not None:
                cells.append((t.positions[p], t.players[pc[0]], t.types[pc[1]]))
                if pc[2] != t.attr_defaults[pc[1]]:
                    for a, i in t.attr_index.items():
                        bit = 1 << i
                        if (pc[2] & bit) != (t.attr_defaults[pc[1]] & bit):
                            extra.append((f"{a}@{t.positions[p]}", "true" if pc[2] & bit else "false"))
        nt = len(t.types)
        hands = [(t.players[i // nt], t.types[i % nt], k) for i, k in enumerate(self.stores) if k]
        return make_signature(self.current_player, cells, hands, extra)

    # ------------------------------------------------------------------ turns

    def raw_moves(self) -> MoveList:
        """Legal whole turns ignoring game end and passes (stalemated/checkmated look at these).

        A lazy sequence: ``not state.raw_moves()`` generates one turn, not all of them.
        """
        if self._raw is None:
            self._raw = MoveList(TurnSource(self), MAX_LISTED)
        return self._raw

    def _pass_allowed(self, moves) -> bool:
        """May the player pass, given its turns (a sequence or their count)?"""
        pt = self.game.pass_turn
        return pt == "true" or (pt in ("forced", "2") and not moves)

    def _with_pass(self, moves) -> list[Move]:
        moves = list(moves)
        return moves + [Move(("Pass",), "pass")] if self._pass_allowed(moves) else moves

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
        player, mover, mfilter = g.entry(self.turn)
        by_number = {n: mt for mt, n in g.mtype_numbers.items()}
        board, hands, lf, lt = self.cells, self.stores, self.last_from, self.last_to
        candidates = g.gen_parts(board, mover, mfilter, lf, lt, hands)
        parts, notes, removed, rank, notices = (), (), (), 0, []
        while len(parts) < len(lines):
            text = lines[len(parts)]
            part = next((c for c in candidates if same(part_notation(g, c, board), text)), None)
            if part is None:
                break
            note = part_notation(g, part, board)
            b, hands, lf, lt, rem = g.apply_part(board, hands, part, mover)
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
            candidates = (g.gen_parts(board, mover, None, lf, lt, hands, only=lt, only_mt=move_type)
                          if move_type is not None else [])
        if not parts:
            return None
        return Move(notes, Turn(parts, notes, board, hands, lf, lt, removed, rank)), len(parts), notices

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
        return Move(("Pass",), "pass") if k == n else raw.nth(k)

    # ------------------------------------------------------------------ goals

    def count_pieces(self, player, types) -> int:
        n = 0
        for pc in self.cells:
            if pc is not None and (player is None or pc[0] == player) and (types is None or pc[1] in types):
                n += 1
        if self.game.include_off:
            nt = len(self.game.tables.types)
            for i, k in enumerate(self.stores):
                if k and (player is None or i // nt == player) and (types is None or i % nt in types):
                    n += k
        return n

    def in_check(self) -> bool:
        """The contract's check test: the mover's royal types (from its ``checkmated`` goals) attacked."""
        g = self.game
        player = g.entry(self.turn)[0]
        types = g.royal.get(player)
        return bool(types) and self.royal_attacked(player, frozenset(types))

    def royal_attacked(self, player, types) -> bool:
        g = self.game
        g._nest += 1
        try:
            for p, pc in enumerate(self.cells):
                if pc is not None and pc[0] == player and pc[1] in types:
                    if g.attacked(self.cells, p, player, self.last_from, self.last_to,
                                  spare=frozenset(types)):
                        return True
        finally:
            g._nest -= 1
        return False

    def _rep_key(self):
        if self._repkey is None:
            self._repkey = (self.cells, self.stores, self.game.entry(self.turn)[:2])
        return self._repkey

    def repetitions(self) -> int:
        key = self._rep_key()
        n = 0
        s = self
        while s is not None:
            if s._rep_key() == key:
                n += 1
            s = s.parent
        return n

    def _result(self, kind, player, rule) -> Outcome:
        g = self.game
        names = g.tables.players
        players = list(g.players)
        if kind == "win":
            return Outcome.win(names[player], players, rule)
        if kind == "loss":
            return Outcome.loss(names[player], players, rule)
        if kind == "draw":
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
        if self.parent is None:
            return None
        for kind, players, f, turn, rule in self.game.goals:
            if not turn:
                for pl in players:
                    if f(self, pl):
                        return self._result(kind, pl, rule)
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
        player = g.entry(self.turn)[0]
        for kind, players, f, turn, rule in g.goals:
            if turn and player in players and f(self, player):
                return self._result(kind, player, rule)
        return None
