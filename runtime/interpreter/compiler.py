"""Compile ZRF move programs (syntax trees) into Python closures, once per game.

Each instruction becomes ``f(ctx) -> bool``: True to go on, False to stop the
block quietly (a failed ``verify``, a step off the board; SEMANTICS §5.1).
Each condition becomes ``c(ctx) -> bool``.  Names are resolved to integers at
compile time (:mod:`.tables`), so running a block never looks at the syntax
tree.

Which keyword runs how comes from the keyword table (:mod:`zrf.keywords`):
each statement and condition keyword names a ``run_<name>`` method here, and
its arity and argument kinds are checked before the method reads an
argument.  A form that cannot run (unknown keyword, wrong arity, a list where
a name belongs) is reported once as a W501 diagnostic with its location and
compiles to a stop, never a crash.  ``while`` loops are bounded by
:data:`WHILE_LIMIT` iterations; exceeding it raises :class:`ZrfRuntimeError`
carrying a located diagnostic.
"""

from __future__ import annotations

from typing import Callable

from zrf.diagnostics import Diagnostic, ZrfError
from zrf.keywords import CONDITION, STATEMENT
from zrf.syntax import Atom, List, Node, String, excerpt

from .blockreader import GO_SLOTS, BlockReader, dispatch
from .sentinels import LAST_MOVE, UNKNOWN
from .tables import NO

WHILE_LIMIT = 10_000
"""Iterations one ``while`` may make in one block run before it counts as runaway."""


class ZrfRuntimeError(ZrfError):
    """A move program misbehaved at run time (a runaway loop).

    Carries the located :class:`zrf.diagnostics.Diagnostic` (``diagnostics``)
    like every :class:`ZrfError`, so commands print ``path:line:col: CODE
    message`` and a server can answer with it.
    """


Instr = Callable[[object], bool]


class Compiler(BlockReader):
    """Turns the move blocks of one game into closures over its :class:`.tables.Tables`."""

    def _stop(self, node: Node, message: str) -> Instr:
        self.problem(node, message)
        return lambda ctx: False

    def location(self, node: Node | None):
        """A function ctx -> position (NO when the step leads off the board), or None for the cursor."""
        place = self.place(node)
        if place is None:
            return None
        kind, i = place
        if kind == "dir":
            return lambda ctx: ctx.links[i][ctx.cur]
        if kind == "opp":
            return lambda ctx: ctx.opp[i][ctx.cur]
        return lambda ctx: i

    # ------------------------------------------------------------------ blocks

    def block(self, program: Node) -> Instr:
        """A whole move block: a list of instructions, run in order."""
        if isinstance(program, List):
            return self.sequence(program.items)
        return self.sequence([program])

    def sequence(self, nodes: list[Node]) -> Instr:
        fs = [self.instruction(n) for n in nodes]
        if not fs:
            return lambda ctx: True
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

    def step(self, table: str, d: int) -> Instr:
        return _step_along(table, d)

    def jump(self, p: int) -> Instr:
        def jump(ctx):
            ctx.cur = p
            return True
        return jump

    def stop(self) -> Instr:
        return lambda ctx: False

    # ------------------------------------------------------------------ statements (zrf.keywords run names)

    def run_verify(self, name, node, args):
        return self.condition(args[0])

    def run_if(self, name, node, args):
        c = self.condition(args[0])
        then_nodes, else_nodes = self.if_branches(args)
        then_f = self.sequence(then_nodes)
        if else_nodes:
            else_f = self.sequence(else_nodes)
            return lambda ctx: then_f(ctx) if c(ctx) else else_f(ctx)
        return lambda ctx: then_f(ctx) if c(ctx) else True

    def run_else(self, name, node, args):
        self.problem(node, "'else' outside an (if ...) does nothing")
        return lambda ctx: True

    def run_while(self, name, node, args):
        c = self.condition(args[0])
        body = self.sequence(list(args[1:]))
        span = node.span

        def loop(ctx):
            n = 0
            while c(ctx):
                if not body(ctx):
                    return False
                n += 1
                if n > WHILE_LIMIT:
                    raise ZrfRuntimeError([Diagnostic(
                        "E510", f"runaway while loop: more than {WHILE_LIMIT} iterations in one move block",
                        span)])
            return True
        return loop

    def run_add(self, name, node, args):
        copy = "copy" in name
        if name.endswith("partial"):
            mt = args[-1].text
            types = self.types(args[:-1])
            if types is None:
                return lambda ctx: False
            return lambda ctx: ctx.emit(types, mt, copy)
        types = self.types(args)
        if types is None:
            return lambda ctx: False
        return lambda ctx: ctx.emit(types, None, copy)

    def run_mark(self, name, node, args):
        loc = self.location(args[0]) if args else None

        def mark(ctx):
            p = ctx.cur if loc is None else loc(ctx)
            if p == NO:
                return False
            ctx.mark = p
            return True
        return mark

    def run_back(self, name, node, args):
        def back(ctx):
            if ctx.mark == NO:
                return False
            ctx.cur = ctx.mark
            return True
        return back

    def _moving_first(self, args, act: Instr) -> Instr:
        """``(from p)`` / ``(to p)``: move the cursor to p first, then act."""
        if not args:
            return act
        loc = self.location(args[0])

        def f(ctx):
            p = loc(ctx)
            if p == NO:
                return False
            ctx.cur = p
            return act(ctx)
        return f

    def run_from(self, name, node, args):
        def frm(ctx):
            piece = ctx.board[ctx.cur]
            if piece is None:
                return False
            ctx.frm = ctx.cur
            ctx.piece = piece
            return True
        return self._moving_first(args, frm)

    def run_to(self, name, node, args):
        def to(ctx):
            ctx.to = ctx.cur
            return True
        return self._moving_first(args, to)

    def run_go(self, name, node, args):
        what = args[0].text
        slot = GO_SLOTS.get(what)
        if slot is None:
            return self._stop(node, f"go needs from, to, mark, last-from or last-to, not {excerpt(args[0])!r}")
        if slot in ("last_from", "last_to"):
            self.last_move_uses += 1

        def go(ctx):
            if ctx.track is not None and slot in ("last_from", "last_to"):
                ctx.track.add(LAST_MOVE)
            p = getattr(ctx, slot)
            if slot == "to" and p == NO:
                return True
            if p == NO:
                return False
            ctx.cur = p
            return True
        return go

    def run_opposite(self, name, node, args):
        d = self.t.dir_index.get(args[0].text)
        if d is None:
            return self._stop(node, f"opposite needs a direction, got {excerpt(args[0])!r}")
        return _step_along("opp", d)

    def run_cascade(self, name, node, args):
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

    def _record(self, loc, make):
        if loc is None:
            def rec(ctx):
                e = make(ctx, ctx.cur)
                if e is not None:
                    ctx.effects.append(e)
                return True
        else:
            def rec(ctx):
                p = loc(ctx)
                if p == NO:  # an effect aimed off the board does nothing; the block goes on
                    return True
                e = make(ctx, p)
                if e is not None:
                    ctx.effects.append(e)
                return True
        return rec

    def _place(self, args):
        return self.location(args[0]) if args else None

    def run_capture(self, name, node, args):
        return self._record(self._place(args), lambda ctx, p: ("x", p))

    def run_flip(self, name, node, args):
        return self._record(self._place(args), lambda ctx, p: ("flip", p))

    def run_change_owner(self, name, node, args):
        return self._record(self._place(args), lambda ctx, p: ("owner", p, ctx.mover))

    def run_change_type(self, name, node, args):
        ti = self.t.type_index.get(args[0].text)
        if ti is None:
            return self._stop(node, f"unknown piece type {excerpt(args[0])!r}")
        return self._record(self._place(args[1:]), lambda ctx, p: ("type", p, ti))

    def run_create(self, name, node, args):
        """``create`` / ``(create [Player] [T] [p])``: arguments told apart by their namespace."""
        owner, ptype, where = self.create_args(args)
        loc = self.location(where)
        defaults = self.t.attr_defaults

        def make(ctx, p):
            o = ctx.mover if owner is None else owner
            if ptype is None:
                if ctx.piece is None:
                    return None
                ty = ctx.piece[1]
            else:
                ty = ptype
            return ("create", p, (o, ty, defaults[ty]))
        return self._record(loc, make)

    def run_set_flag(self, name, node, args):
        flag = args[0].text
        c = self.condition(args[1])

        def set_flag(ctx):
            if ctx.flags is None:
                ctx.flags = {}
            ctx.flags[flag] = c(ctx)
            return True
        return set_flag

    def run_set_position_flag(self, name, node, args):
        flag = args[0].text
        c = self.condition(args[1])
        loc = self.location(args[2]) if len(args) > 2 else None

        def set_pflag(ctx):
            p = ctx.cur if loc is None else loc(ctx)
            if p == NO:
                return True
            if ctx.pflags is None:
                ctx.pflags = {}
            ctx.pflags[(flag, p)] = c(ctx)
            return True
        return set_pflag

    def run_set_attribute(self, name, node, args):
        ai = self.t.attr_index.get(args[0].text)
        if ai is None:
            return self._stop(node, f"unknown attribute {excerpt(args[0])!r}")
        c = self.condition(args[1])
        loc = self.location(args[2]) if len(args) > 2 else None
        return self._record(loc, lambda ctx, p: ("attr", p, ai, 1 if c(ctx) else 0))

    # ------------------------------------------------------------------ conditions

    def condition(self, node: Node):
        if isinstance(node, Atom):
            name = node.text
            entry = _CONDITIONS.get(name)
            if entry is not None and entry[0].atom:
                return entry[1](self, node, [], entry[0].positive is not None)
            if entry is not None:
                self.problem(node, f"{name} needs an argument")
                return lambda ctx: False
            return self._attribute(name, node, [])
        if isinstance(node, String):
            self.problem(node, f"unexpected string {excerpt(node)!r} as a condition")
            return lambda ctx: False
        head = node.head
        if head is None:
            self.problem(node, f"condition not understood: {excerpt(node, 60)}")
            return lambda ctx: False
        args = node.items[1:]
        entry = _CONDITIONS.get(head)
        if entry is None:
            return self._attribute(head, node, args)
        use, method = entry
        if not self.fits(use, head, node, args):
            return lambda ctx: False
        return method(self, node, args, use.positive is not None)

    def _attribute(self, name: str, node: Node, args):
        """An attribute used as a condition: ``moved?``, ``(not-moved? n)``."""
        attr = self.attribute(name, node, args)
        if attr is None:
            return lambda ctx: False
        bit, negate = attr

        def test_at(ctx, p):
            pc = ctx.board[p]
            return pc is not None and bool(pc[2] & bit)
        return self._at(test_at, args[0] if args else None, negate)

    def run_and(self, node, args, negate):
        return _short_circuit([self.condition(a) for a in args], False)

    def run_or(self, node, args, negate):
        return _short_circuit([self.condition(a) for a in args], True)

    def run_not(self, node, args, negate):
        c = self.condition(args[0])
        return lambda ctx: not c(ctx)

    def run_true(self, node, args, negate):
        return lambda ctx: True

    def run_false(self, node, args, negate):
        return lambda ctx: False

    def run_empty(self, node, args, negate):
        return self._at(lambda ctx, p: ctx.board[p] is None, args[0] if args else None, negate)

    def run_friend(self, node, args, negate):
        def test_at(ctx, p):
            pc = ctx.board[p]
            return pc is not None and pc[0] == ctx.mover
        return self._at(test_at, args[0] if args else None, negate)

    def run_enemy(self, node, args, negate):
        neutral = self.t.neutral

        def test_at(ctx, p):
            pc = ctx.board[p]
            return pc is not None and pc[0] != ctx.mover and not neutral[pc[0]]
        return self._at(test_at, args[0] if args else None, negate)

    def run_neutral(self, node, args, negate):
        neutral = self.t.neutral

        def test_at(ctx, p):
            pc = ctx.board[p]
            return pc is not None and neutral[pc[0]]
        return self._at(test_at, args[0] if args else None, negate)

    def run_marked(self, node, args, negate):
        return self._at(lambda ctx, p: p == ctx.mark, args[0] if args else None, negate)

    def _last_move(self, slot: str, args, negate):
        self.last_move_uses += 1

        def test_at(ctx, p):
            if ctx.track is not None:
                ctx.track.add(LAST_MOVE)
            return p == getattr(ctx, slot)
        return self._at(test_at, args[0] if args else None, negate)

    def run_last_from(self, node, args, negate):
        return self._last_move("last_from", args, negate)

    def run_last_to(self, node, args, negate):
        return self._last_move("last_to", args, negate)

    def _attack(self, node, args, negate, own: bool):
        if self.attack_move_type(node, args):
            return lambda ctx: negate
        engine = self.engine

        def test_at(ctx, p):
            return engine.square_attacked(ctx, p, own)
        return self._at(test_at, args[0] if args else None, negate)

    def run_attacked(self, node, args, negate):
        return self._attack(node, args, negate, False)

    def run_defended(self, node, args, negate):
        return self._attack(node, args, negate, True)

    def run_adjacent_to_enemy(self, node, args, negate):
        neutral = self.t.neutral
        ndir = len(self.t.directions)

        def test_at(ctx, p):
            for d in range(ndir):
                q = ctx.links[d][p]
                if q >= 0:
                    pc = ctx.board[q]
                    if pc is not None and pc[0] != ctx.mover and not neutral[pc[0]]:
                        return True
            return False
        return self._at(test_at, args[0] if args else None, negate)

    def run_goal_position(self, node, args, negate):
        engine = self.engine
        return self._at(lambda ctx, p: p in engine.goal_positions(ctx.mover), args[0] if args else None,
                        negate)

    def run_on_board(self, node, args, negate):
        loc = self.location(args[0]) if args else None
        if loc is None:
            return lambda ctx: not negate
        if negate:
            return lambda ctx: loc(ctx) == NO
        return lambda ctx: loc(ctx) != NO

    def run_piece(self, node, args, negate):
        ti = self.t.type_index.get(args[0].text, UNKNOWN)

        def test_at(ctx, p):
            pc = ctx.board[p]
            return pc is not None and pc[1] == ti
        return self._at(test_at, args[1] if len(args) > 1 else None, negate)

    def run_in_zone(self, node, args, negate):
        zi = self.t.zone_index.get(args[0].text)
        if zi is None:
            def test_at(ctx, p):
                return False
        else:
            def test_at(ctx, p):
                return p in ctx.zones[zi]
        return self._at(test_at, args[1] if len(args) > 1 else None, negate)

    def run_position(self, node, args, negate):
        pi = self.t.pos_index.get(args[0].text, UNKNOWN)
        return self._at(lambda ctx, p: p == pi, None, negate)

    def run_flag(self, node, args, negate):
        flag = args[0].text

        def test_at(ctx, p):
            return bool(ctx.flags and ctx.flags.get(flag))
        return self._at(test_at, None, negate)

    def run_position_flag(self, node, args, negate):
        flag = args[0].text

        def test_at(ctx, p):
            return bool(ctx.pflags and ctx.pflags.get((flag, p)))
        return self._at(test_at, args[1] if len(args) > 1 else None, negate)

    def _at(self, test_at, loc_node, negate):
        d = self.t.dir_index.get(loc_node.text) if isinstance(loc_node, Atom) else None
        if d is not None:
            # the common case, a direction: read the link inline (conditions are hot)
            if negate:
                def neg_step(ctx):
                    p = ctx.links[d][ctx.cur]
                    return p == NO or not test_at(ctx, p)
                return neg_step

            def pos_step(ctx):
                p = ctx.links[d][ctx.cur]
                return p != NO and test_at(ctx, p)
            return pos_step
        loc = self.location(loc_node)
        if loc is None:
            if negate:
                return lambda ctx: not test_at(ctx, ctx.cur)
            return lambda ctx: test_at(ctx, ctx.cur)
        if negate:
            def neg(ctx):
                p = loc(ctx)
                return p == NO or not test_at(ctx, p)
            return neg

        def pos(ctx):
            p = loc(ctx)
            return p != NO and test_at(ctx, p)
        return pos


Compiler.statements = dispatch(STATEMENT, Compiler)
_CONDITIONS = dispatch(CONDITION, Compiler)


def _step_along(table: str, d: int) -> Instr:
    """An instruction moving the cursor one link in direction ``d`` of the context's
    ``table`` ("links", or "opp" for ``(opposite d)``; both depend on the mover's
    symmetry); false, and the cursor stays, off the board."""
    forward = table == "links"

    def step(ctx):
        q = (ctx.links if forward else ctx.opp)[d][ctx.cur]
        if q < 0:
            return False
        ctx.cur = q
        return True
    return step


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
