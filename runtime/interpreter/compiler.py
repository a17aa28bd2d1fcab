"""The reference back end: the lowered form of each block (:mod:`.lowered`) as a tree of closures.

Each statement becomes ``f(ctx) -> bool``: True to go on, False to stop the
block quietly (a failed ``verify``, a step off the board; SEMANTICS §5.1).
Each condition becomes ``c(ctx) -> bool``.  The lowered form has every name
resolved to an integer, so running a block never looks at names.  This is
the simplest reading of the form, one closure per node, and the reference
the generated source (:mod:`.translate`) is tested against.  ``while``
loops are bounded by :data:`WHILE_LIMIT` iterations; exceeding it raises
:class:`ZrfRuntimeError` carrying a located diagnostic (E510).
"""

from __future__ import annotations

from typing import Callable

from zrf.diagnostics import Diagnostic, ZrfError

from .lowered.form import (
    Add, ChangeType, Cond, Const, Create, Effect, From, Go, GoTarget, If, Jump, Junction,
    LoweredBlock, Mark, Not, Op, Place, PlaceKind, SetAttribute, SetFlag, SetPositionFlag, Step,
    Stmt, Predicate, To, Verify, While)
from .sentinels import LAST_MOVE
from .tables import NO, Tables

WHILE_LIMIT = 10_000
"""Iterations one ``while`` may make in one block run before it counts as runaway."""


class ZrfRuntimeError(ZrfError):
    """A move program misbehaved at run time (a runaway loop).

    Carries the located :class:`zrf.diagnostics.Diagnostic` (``diagnostics``)
    like every :class:`ZrfError`, so commands print ``path:line:col: CODE
    message`` and a server can answer with it.
    """


def runaway(span) -> ZrfRuntimeError:
    """Error E510 for the ``while`` written at ``span``."""
    return ZrfRuntimeError([Diagnostic(
        "E510", f"runaway while loop: more than {WHILE_LIMIT} iterations in one move block", span)])


Instr = Callable[[object], bool]


def _go_on(ctx) -> bool:
    return True


def _stop(ctx) -> bool:
    return False


class Compiler:
    """Turns lowered blocks of one game into closures; ``engine`` answers the programs' callbacks
    (``square_attacked``, ``goal_positions``)."""

    def __init__(self, tables: Tables, engine) -> None:
        self.t = tables
        self.engine = engine

    def block(self, lowered: LoweredBlock) -> Instr:
        """A whole move block: its statements, run in order."""
        return self.sequence(lowered.body)

    def sequence(self, body: tuple[Stmt, ...]) -> Instr:
        fs = [self.statement(s) for s in body]
        if not fs:
            return _go_on
        if len(fs) == 1:
            return fs[0]
        if len(fs) == 2:
            a, b = fs
            return lambda ctx: a(ctx) and b(ctx)
        if len(fs) == 3:
            a, b, c = fs
            return lambda ctx: a(ctx) and b(ctx) and c(ctx)
        fs_t = tuple(fs)

        def seq(ctx):
            for f in fs_t:
                if not f(ctx):
                    return False
            return True
        return seq

    def statement(self, s: Stmt) -> Instr:
        return _STATEMENTS[s.op](self, s)

    def location(self, place: Place):
        """A function ctx -> position (NO when the link leads off the board), or None for the cursor."""
        kind, i = place.kind, place.index
        if kind is PlaceKind.CURSOR:
            return None
        if kind is PlaceKind.LINK:
            return lambda ctx: ctx.links[i][ctx.cur]
        if kind is PlaceKind.OPPOSITE:
            return lambda ctx: ctx.opp[i][ctx.cur]
        return lambda ctx: i

    # ------------------------------------------------------------------ statements

    def _step(self, s: Step) -> Instr:
        d = s.direction
        if s.opposite:
            def back_step(ctx):
                q = ctx.opp[d][ctx.cur]
                if q < 0:
                    return False
                ctx.cur = q
                return True
            return back_step

        def step(ctx):
            q = ctx.links[d][ctx.cur]
            if q < 0:
                return False
            ctx.cur = q
            return True
        return step

    def _jump(self, s: Jump) -> Instr:
        p = s.position

        def jump(ctx):
            ctx.cur = p
            return True
        return jump

    def _stop(self, s) -> Instr:
        return _stop

    def _verify(self, s: Verify) -> Instr:
        return self.condition(s.cond)

    def _if(self, s: If) -> Instr:
        c = self.condition(s.cond)
        then_f = self.sequence(s.then)
        if s.orelse:
            else_f = self.sequence(s.orelse)
            return lambda ctx: then_f(ctx) if c(ctx) else else_f(ctx)
        return lambda ctx: then_f(ctx) if c(ctx) else True

    def _while(self, s: While) -> Instr:
        c = self.condition(s.cond)
        body = self.sequence(s.body)
        span = s.span

        def loop(ctx):
            n = 0
            while c(ctx):
                if not body(ctx):
                    return False
                n += 1
                if n > WHILE_LIMIT:
                    raise runaway(span)
            return True
        return loop

    def _add(self, s: Add) -> Instr:
        types, partial, copy = s.types, s.partial, s.copy
        return lambda ctx: ctx.emit(types, partial, copy)

    def _mark(self, s: Mark) -> Instr:
        loc = self.location(s.place)

        def mark(ctx):
            p = ctx.cur if loc is None else loc(ctx)
            if p == NO:
                return False
            ctx.mark = p
            return True
        return mark

    def _back(self, s) -> Instr:
        def back(ctx):
            if ctx.mark == NO:
                return False
            ctx.cur = ctx.mark
            return True
        return back

    def _moving_first(self, place: Place, act: Instr) -> Instr:
        """``(from p)`` / ``(to p)``: move the cursor to p first (off the board: stop), then act."""
        loc = self.location(place)
        if loc is None:
            return act

        def f(ctx):
            p = loc(ctx)
            if p == NO:
                return False
            ctx.cur = p
            return act(ctx)
        return f

    def _from(self, s: From) -> Instr:
        def frm(ctx):
            piece = ctx.board[ctx.cur]
            if piece is None:
                return False
            ctx.frm = ctx.cur
            ctx.piece = piece
            return True
        return self._moving_first(s.place, frm)

    def _to(self, s: To) -> Instr:
        def to(ctx):
            ctx.to = ctx.cur
            return True
        return self._moving_first(s.place, to)

    def _go(self, s: Go) -> Instr:
        target = s.target
        if target is GoTarget.MARK:
            return self._back(s)
        if target is GoTarget.TO:
            def go_to(ctx):
                if ctx.to != NO:
                    ctx.cur = ctx.to
                return True
            return go_to
        if target is GoTarget.FROM:
            def go_from(ctx):
                if ctx.frm == NO:
                    return False
                ctx.cur = ctx.frm
                return True
            return go_from
        slot = "last_from" if target is GoTarget.LAST_FROM else "last_to"

        def go_last(ctx):
            if ctx.track is not None:
                ctx.track.add(LAST_MOVE)
            p = getattr(ctx, slot)
            if p == NO:
                return False
            ctx.cur = p
            return True
        return go_last

    def _cascade(self, s) -> Instr:
        def cascade(ctx):
            if ctx.piece is not None:
                dest = ctx.to if ctx.to != NO else ctx.cur
                if ctx.frm == NO:
                    ctx.effects.append(("create", dest, ctx.piece))
                else:
                    ctx.cascades.append((ctx.frm, dest, ctx.piece, -1, False))
            ctx.to = NO
            ctx.frm = ctx.cur
            ctx.piece = ctx.board[ctx.cur]
            ctx.effmark = len(ctx.effects)
            return True
        return cascade

    def _record(self, place: Place, make) -> Instr:
        """Record ``make(ctx, p)`` (None: nothing) for the position of ``place``; a link off the
        board does nothing and the block goes on."""
        loc = self.location(place)
        if loc is None:
            def rec(ctx):
                e = make(ctx, ctx.cur)
                if e is not None:
                    ctx.effects.append(e)
                return True
        else:
            def rec(ctx):
                p = loc(ctx)
                if p == NO:
                    return True
                e = make(ctx, p)
                if e is not None:
                    ctx.effects.append(e)
                return True
        return rec

    def _effect(self, s: Effect) -> Instr:
        if s.op is Op.CAPTURE:
            return self._record(s.place, lambda ctx, p: ("x", p))
        if s.op is Op.FLIP:
            return self._record(s.place, lambda ctx, p: ("flip", p))
        return self._record(s.place, lambda ctx, p: ("owner", p, ctx.mover))

    def _change_type(self, s: ChangeType) -> Instr:
        ti = s.piece_type
        return self._record(s.place, lambda ctx, p: ("type", p, ti))

    def _create(self, s: Create) -> Instr:
        owner, ptype = s.owner, s.piece_type
        defaults = self.t.attr_defaults

        def make(ctx, p):
            o = ctx.mover if owner == NO else owner
            if ptype == NO:
                if ctx.piece is None:
                    return None
                ty = ctx.piece[1]
            else:
                ty = ptype
            return ("create", p, (o, ty, defaults[ty]))
        return self._record(s.place, make)

    def _set_attribute(self, s: SetAttribute) -> Instr:
        ai = s.attribute
        c = self.condition(s.value)
        return self._record(s.place, lambda ctx, p: ("attr", p, ai, 1 if c(ctx) else 0))

    def _set_flag(self, s: SetFlag) -> Instr:
        flag = s.name
        c = self.condition(s.value)

        def set_flag(ctx):
            if ctx.flags is None:
                ctx.flags = {}
            ctx.flags[flag] = c(ctx)
            return True
        return set_flag

    def _set_position_flag(self, s: SetPositionFlag) -> Instr:
        flag = s.name
        c = self.condition(s.value)
        loc = self.location(s.place)

        def set_pflag(ctx):
            p = ctx.cur if loc is None else loc(ctx)
            if p == NO:
                return True
            if ctx.pflags is None:
                ctx.pflags = {}
            ctx.pflags[(flag, p)] = c(ctx)
            return True
        return set_pflag

    # ------------------------------------------------------------------ conditions

    def condition(self, c: Cond):
        if isinstance(c, Const):
            return (lambda ctx: True) if c.value else (lambda ctx: False)
        if isinstance(c, Junction):
            return _short_circuit([self.condition(i) for i in c.items], c.op is Op.OR)
        if isinstance(c, Not):
            inner = self.condition(c.item)
            return lambda ctx: not inner(ctx)
        return self._at(self._square_test(c), c.place)

    def _square_test(self, c: Predicate):
        """``test(ctx, p)`` of the position ``p`` a test's place names."""
        op, arg = c.op, c.arg
        t = self.t
        neutral = t.neutral
        engine = self.engine
        if op is Op.EMPTY:
            return lambda ctx, p: ctx.board[p] is None
        if op is Op.FRIEND:
            def friend(ctx, p):
                pc = ctx.board[p]
                return pc is not None and pc[0] == ctx.mover
            return friend
        if op is Op.ENEMY:
            def enemy(ctx, p):
                pc = ctx.board[p]
                return pc is not None and pc[0] != ctx.mover and not neutral[pc[0]]
            return enemy
        if op is Op.NEUTRAL:
            def is_neutral(ctx, p):
                pc = ctx.board[p]
                return pc is not None and neutral[pc[0]]
            return is_neutral
        if op is Op.MARKED:
            return lambda ctx, p: p == ctx.mark
        if op in (Op.LAST_FROM, Op.LAST_TO):
            slot = "last_from" if op is Op.LAST_FROM else "last_to"

            def last_move(ctx, p):
                if ctx.track is not None:
                    ctx.track.add(LAST_MOVE)
                return p == getattr(ctx, slot)
            return last_move
        if op in (Op.ATTACKED, Op.DEFENDED):
            own = op is Op.DEFENDED
            return lambda ctx, p: engine.square_attacked(ctx, p, own)
        if op is Op.ADJACENT_TO_ENEMY:
            ndir = len(t.directions)

            def adjacent(ctx, p):
                for d in range(ndir):
                    q = ctx.links[d][p]
                    if q >= 0:
                        pc = ctx.board[q]
                        if pc is not None and pc[0] != ctx.mover and not neutral[pc[0]]:
                            return True
                return False
            return adjacent
        if op is Op.GOAL_POSITION:
            return lambda ctx, p: p in engine.goal_positions(ctx.mover)
        if op is Op.ON_BOARD:
            return lambda ctx, p: True
        if op is Op.PIECE:
            def piece(ctx, p):
                pc = ctx.board[p]
                return pc is not None and pc[1] == arg
            return piece
        if op is Op.IN_ZONE:
            return lambda ctx, p: p in ctx.zones[arg]
        if op is Op.ATTRIBUTE:
            def attribute(ctx, p):
                pc = ctx.board[p]
                return pc is not None and bool(pc[2] & arg)
            return attribute
        if op is Op.POSITION:
            return lambda ctx, p: p == arg
        if op is Op.FLAG:
            return lambda ctx, p: bool(ctx.flags and ctx.flags.get(arg))
        if op is Op.POSITION_FLAG:
            return lambda ctx, p: bool(ctx.pflags and ctx.pflags.get((arg, p)))
        raise AssertionError(f"no closure for test {op}")

    def _at(self, test_at, place: Place):
        """``test_at`` at the position ``place`` names (the cursor when it is the cursor);
        false when it names none."""
        if place.kind is PlaceKind.LINK:
            d = place.index  # the common case, a direction: read the link inline (conditions are hot)

            def at_link(ctx):
                p = ctx.links[d][ctx.cur]
                return p != NO and test_at(ctx, p)
            return at_link
        loc = self.location(place)
        if loc is None:
            return lambda ctx: test_at(ctx, ctx.cur)

        def at(ctx):
            p = loc(ctx)
            return p != NO and test_at(ctx, p)
        return at


_STATEMENTS: dict[Op, Callable] = {
    Op.STEP: Compiler._step, Op.JUMP: Compiler._jump, Op.STOP: Compiler._stop,
    Op.VERIFY: Compiler._verify, Op.IF: Compiler._if, Op.WHILE: Compiler._while,
    Op.MARK: Compiler._mark, Op.BACK: Compiler._back, Op.FROM: Compiler._from, Op.TO: Compiler._to,
    Op.GO: Compiler._go, Op.ADD: Compiler._add, Op.CASCADE: Compiler._cascade,
    Op.CAPTURE: Compiler._effect, Op.FLIP: Compiler._effect, Op.CHANGE_OWNER: Compiler._effect,
    Op.CHANGE_TYPE: Compiler._change_type, Op.CREATE: Compiler._create,
    Op.SET_ATTRIBUTE: Compiler._set_attribute, Op.SET_FLAG: Compiler._set_flag,
    Op.SET_POSITION_FLAG: Compiler._set_position_flag,
}
"""The closure maker of each statement op (every op of a statement node has one)."""


def _short_circuit(cs: list, settles: bool):
    """``(and c...)`` when ``settles`` is False, ``(or c...)`` when it is True.

    The first condition whose truth equals ``settles`` decides the answer;
    when none does, the answer is the opposite.  A plain loop, not a
    generator per test: conditions run in the interpreter's hottest paths.
    """
    if len(cs) == 1:
        return cs[0]
    if len(cs) == 2:  # the commonest case, without the loop
        a, b = cs
        return (lambda ctx: a(ctx) or b(ctx)) if settles else (lambda ctx: a(ctx) and b(ctx))
    cs = tuple(cs)

    def decide(ctx):
        for c in cs:
            if (not c(ctx)) is not settles:
                return settles
        return not settles
    return decide


__all__ = ["Compiler", "WHILE_LIMIT", "ZrfRuntimeError", "runaway"]
