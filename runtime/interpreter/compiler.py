"""Compile ZRF move programs (syntax trees) into Python closures, once per game.

Each instruction becomes ``f(ctx) -> bool``: True to go on, False to stop the
block quietly (a failed ``verify``, a step off the board; SEMANTICS §5.1).
Each condition becomes ``c(ctx) -> bool``.  Names are resolved to integers at
compile time (:mod:`.tables`), so running a block never looks at the syntax
tree.  Unknown keywords are reported once as diagnostics and compile to a
stop, never a crash.  ``while`` loops are bounded by :data:`WHILE_LIMIT`
iterations; exceeding it raises :class:`ZrfRuntimeError` naming the source.
"""

from __future__ import annotations

from typing import Callable

from zrf.diagnostics import Report
from zrf.syntax import Atom, List, Node, String, to_text

from .tables import NO, Tables

WHILE_LIMIT = 10_000
"""Iterations one ``while`` may make in one block run before it counts as runaway."""


class ZrfRuntimeError(Exception):
    """A move program misbehaved at run time (runaway loop); the message names the ZRF source."""


Instr = Callable[[object], bool]

_POSITIVE = ("empty?", "friend?", "enemy?", "neutral?", "marked?", "last-from?", "last-to?",
             "attacked?", "defended?", "adjacent-to-enemy?", "goal-position?", "on-board?")


def _where(node: Node) -> str:
    return str(node.span.root() if node.span.via is not None else node.span)


class Compiler:
    """Turns the move blocks of one game into closures over its :class:`Tables`."""

    def __init__(self, tables: Tables, report: Report, engine):
        self.t = tables
        self.report = report
        self.engine = engine
        self._reported: set[str] = set()
        #: count of compiled uses of last-from/last-to (statistics for diagnostics and docs)
        self.last_move_uses = 0

    # ------------------------------------------------------------------ helpers

    def problem(self, node: Node, message: str) -> None:
        key = f"{_where(node)}{message}"
        if key not in self._reported:
            self._reported.add(key)
            self.report.warning("W501", message, node.span)

    def _stop(self, node: Node, message: str) -> Instr:
        self.problem(node, message)
        return lambda ctx: False

    def location(self, node: Node | None):
        """A function ctx -> position (NO when the step leads off the board), or None for the cursor."""
        if node is None:
            return None
        if isinstance(node, Atom):
            name = node.text
            d = self.t.dir_index.get(name)
            if d is not None:
                return lambda ctx: ctx.links[d][ctx.cur]
            p = self.t.pos_index.get(name)
            if p is not None:
                return lambda ctx: p
        if isinstance(node, List) and node.head == "opposite" and len(node.items) == 2:
            d = self.t.dir_index.get(to_text(node.items[1]))
            if d is not None:
                return lambda ctx: ctx.opp[d][ctx.cur]
        self.problem(node, f"unknown direction or position {to_text(node)!r}")
        return lambda ctx: NO

    # ------------------------------------------------------------------ blocks

    def block(self, program: Node) -> Instr:
        """A whole move block: a list of instructions, run in order."""
        if isinstance(program, List):
            return self.sequence(program.items)
        return self.sequence([program])

    def sequence(self, nodes: list[Node]) -> Instr:
        fs = [self.instruction(n) for n in nodes]
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

    def instruction(self, node: Node) -> Instr:
        t = self.t
        if isinstance(node, String):
            return self._stop(node, f"unexpected string {to_text(node)!r} in a move block")
        if isinstance(node, Atom):
            name = node.text
            d = t.dir_index.get(name)
            if d is not None:
                return _step_along("links", d)
            p = t.pos_index.get(name)
            if p is not None:
                def jump(ctx):
                    ctx.cur = p
                    return True
                return jump
            simple = self._simple(name, node)
            if simple is not None:
                return simple
            return self._stop(node, f"unknown instruction {name!r}")
        head = node.head
        args = node.args
        if head is None:
            return self.sequence(node.items)
        if head in t.dir_index or head in t.pos_index:
            return self.sequence(node.items)
        method = _LIST_INSTRUCTIONS.get(head)
        if method is None:
            return self._stop(node, f"unknown instruction {head!r}")
        return method(self, node, args)

    def _simple(self, name: str, node: Node) -> Instr | None:
        if name == "add":
            return lambda ctx: ctx.emit((), None, False)
        if name == "add-copy":
            return lambda ctx: ctx.emit((), None, True)
        if name == "mark":
            def mark(ctx):
                ctx.mark = ctx.cur
                return True
            return mark
        if name == "back":
            def back(ctx):
                if ctx.mark == NO:
                    return False
                ctx.cur = ctx.mark
                return True
            return back
        if name == "from":
            def frm(ctx):
                piece = ctx.board[ctx.cur]
                if piece is None:
                    return False
                ctx.frm = ctx.cur
                ctx.piece = piece
                return True
            return frm
        if name == "to":
            def to(ctx):
                ctx.to = ctx.cur
                return True
            return to
        if name == "cascade":
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
        if name in ("capture", "flip", "change-owner", "create"):
            return self._effect(name, node, [])
        if name in ("true", "else"):
            return lambda ctx: True
        if name == "false":
            return lambda ctx: False
        return None

    # ------------------------------------------------------------------ list instructions

    def _verify(self, node, args):
        if len(args) != 1:
            return self._stop(node, "verify takes one condition")
        c = self.condition(args[0])
        return c

    def _if(self, node, args):
        if not args:
            return self._stop(node, "if needs a condition")
        c = self.condition(args[0])
        body = list(args[1:])
        split = next((i for i, n in enumerate(body) if isinstance(n, Atom) and n.text == "else"), None)
        then_f = self.sequence(body[:split] if split is not None else body) if body else (lambda ctx: True)
        if split is not None and body[split + 1:]:
            else_f = self.sequence(body[split + 1:])
            return lambda ctx: then_f(ctx) if c(ctx) else else_f(ctx)
        return lambda ctx: then_f(ctx) if c(ctx) else True

    def _while(self, node, args):
        if not args:
            return self._stop(node, "while needs a condition")
        c = self.condition(args[0])
        body = self.sequence(list(args[1:])) if len(args) > 1 else (lambda ctx: True)
        where = _where(node)

        def loop(ctx):
            n = 0
            while c(ctx):
                if not body(ctx):
                    return False
                n += 1
                if n > WHILE_LIMIT:
                    raise ZrfRuntimeError(f"{where}: runaway while loop (more than {WHILE_LIMIT} "
                                          f"iterations in one move block)")
            return True
        return loop

    def _types(self, nodes) -> tuple[int, ...] | None:
        out = []
        for n in nodes:
            ti = self.t.type_index.get(to_text(n))
            if ti is None:
                self.problem(n, f"unknown piece type {to_text(n)!r}")
                return None
            out.append(ti)
        return tuple(out)

    def _add(self, node, args):
        head = node.head
        copy = "copy" in head
        if "partial" in head:
            if not args:
                return self._stop(node, f"{head} needs a move type")
            mt = to_text(args[-1])
            types = self._types(args[:-1])
            if types is None:
                return lambda ctx: False
            return lambda ctx: ctx.emit(types, mt, copy)
        types = self._types(args)
        if types is None:
            return lambda ctx: False
        return lambda ctx: ctx.emit(types, None, copy)

    def _effect(self, kind, node, args):
        t = self.t
        if kind == "change-type":
            if not args:
                return self._stop(node, "change-type needs a piece type")
            ti = t.type_index.get(to_text(args[0]))
            if ti is None:
                return self._stop(node, f"unknown piece type {to_text(args[0])!r}")
            loc = self.location(args[1]) if len(args) > 1 else None
            return self._record(loc, lambda ctx, p: ("type", p, ti))
        if kind == "create":
            owner = None
            ptype = None
            rest = list(args)
            if rest and isinstance(rest[0], Atom) and rest[0].text in t.player_index:
                owner = t.player_index[rest[0].text]
                rest.pop(0)
            if rest and isinstance(rest[0], Atom) and rest[0].text in t.type_index:
                ptype = t.type_index[rest[0].text]
                rest.pop(0)
            loc = self.location(rest[0]) if rest else None
            defaults = t.attr_defaults

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
        loc = self.location(args[0]) if args else None
        if kind == "capture":
            return self._record(loc, lambda ctx, p: ("x", p))
        if kind == "flip":
            return self._record(loc, lambda ctx, p: ("flip", p))
        if kind == "change-owner":
            return self._record(loc, lambda ctx, p: ("owner", p, ctx.mover))
        raise AssertionError(kind)

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
                if p == NO:
                    return False
                e = make(ctx, p)
                if e is not None:
                    ctx.effects.append(e)
                return True
        return rec

    def _capture(self, node, args):
        return self._effect(node.head, node, args)

    def _set_flag(self, node, args):
        if len(args) != 2:
            return self._stop(node, "set-flag takes a name and a condition")
        name = to_text(args[0])
        c = self.condition(args[1])

        def set_flag(ctx):
            if ctx.flags is None:
                ctx.flags = {}
            ctx.flags[name] = c(ctx)
            return True
        return set_flag

    def _set_position_flag(self, node, args):
        if len(args) < 2:
            return self._stop(node, "set-position-flag takes a name and a condition")
        name = to_text(args[0])
        c = self.condition(args[1])
        loc = self.location(args[2]) if len(args) > 2 else None

        def set_pflag(ctx):
            p = ctx.cur if loc is None else loc(ctx)
            if p == NO:
                return True
            if ctx.pflags is None:
                ctx.pflags = {}
            ctx.pflags[(name, p)] = c(ctx)
            return True
        return set_pflag

    def _set_attribute(self, node, args):
        if len(args) < 2:
            return self._stop(node, "set-attribute takes a name and a value")
        ai = self.t.attr_index.get(to_text(args[0]))
        if ai is None:
            return self._stop(node, f"unknown attribute {to_text(args[0])!r}")
        c = self.condition(args[1])
        loc = self.location(args[2]) if len(args) > 2 else None
        return self._record(loc, lambda ctx, p: ("attr", p, ai, 1 if c(ctx) else 0))

    def _go(self, node, args):
        what = to_text(args[0]) if args else ""
        slot = {"from": "frm", "to": "to", "mark": "mark", "last-from": "last_from",
                "last-to": "last_to"}.get(what)
        if slot in ("last_from", "last_to"):
            self.last_move_uses += 1
        if slot is None:
            return self._stop(node, f"go needs from, to, mark, last-from or last-to, not {what!r}")

        def go(ctx):
            if ctx.track is not None and slot in ("last_from", "last_to"):
                ctx.track.add(-2)
            p = getattr(ctx, slot)
            if slot == "to" and p == NO:
                return True
            if p == NO:
                return False
            ctx.cur = p
            return True
        return go

    def _mark(self, node, args):
        loc = self.location(args[0]) if args else None

        def mark(ctx):
            p = ctx.cur if loc is None else loc(ctx)
            if p == NO:
                return False
            ctx.mark = p
            return True
        return mark

    def _opposite(self, node, args):
        if len(args) != 1 or to_text(args[0]) not in self.t.dir_index:
            return self._stop(node, f"opposite needs a direction, got {to_text(node)!r}")
        return _step_along("opp", self.t.dir_index[to_text(args[0])])

    def _from_to(self, node, args):
        """``(from d)`` / ``(to d)``: move the cursor there first, then act."""
        loc = self.location(args[0]) if args else None
        base = self._simple(node.head, node)

        def f(ctx):
            if loc is not None:
                p = loc(ctx)
                if p == NO:
                    return False
                ctx.cur = p
            return base(ctx)
        return f

    # ------------------------------------------------------------------ conditions

    def condition(self, node: Node):
        if isinstance(node, Atom):
            name = node.text
            if name == "true":
                return lambda ctx: True
            if name == "false":
                return lambda ctx: False
            return self._predicate(name, None, node, [])
        if isinstance(node, String):
            self.problem(node, f"unexpected string {to_text(node)!r} as a condition")
            return lambda ctx: False
        head = node.head
        args = node.args
        if head == "and":
            return _short_circuit([self.condition(a) for a in args], False)
        if head == "or":
            return _short_circuit([self.condition(a) for a in args], True)
        if head == "not":
            if len(args) != 1:
                self.problem(node, "not takes one condition")
                return lambda ctx: False
            c = self.condition(args[0])
            return lambda ctx: not c(ctx)
        if head is None:
            self.problem(node, f"condition not understood: {to_text(node)[:60]}")
            return lambda ctx: False
        return self._predicate(head, node, node, args)

    def _predicate(self, name: str, form, node, args):
        t = self.t
        negate = False
        base = name
        if name.startswith("not-") and (name[4:] in _POSITIVE or name[4:] in _ARG_PREDICATES
                                        or name[4:] in t.attr_index):
            negate = True
            base = name[4:]
        if base in _ARG_PREDICATES:
            if not args:
                self.problem(node, f"{name} needs an argument")
                return lambda ctx: False
            arg = to_text(args[0])
            loc_node = args[1] if len(args) > 1 else None
            if base == "flag?":
                def test_at(ctx, p, arg=arg):
                    return bool(ctx.flags and ctx.flags.get(arg))
                loc_node = None
            elif base == "position-flag?":
                def test_at(ctx, p, arg=arg):
                    return bool(ctx.pflags and ctx.pflags.get((arg, p)))
            elif base == "piece?":
                ti = t.type_index.get(arg, -2)

                def test_at(ctx, p):
                    pc = ctx.board[p]
                    return pc is not None and pc[1] == ti
            elif base == "in-zone?":
                zi = t.zone_index.get(arg)
                if zi is None:
                    def test_at(ctx, p):
                        return False
                else:
                    def test_at(ctx, p):
                        return p in ctx.zones[zi]
            elif base == "position?":
                pi = t.pos_index.get(arg, -2)

                def test_at(ctx, p):
                    return p == pi
            else:  # on-board? with a location argument
                loc = self.location(args[0])
                if negate:
                    return lambda ctx: loc(ctx) == NO
                return lambda ctx: loc(ctx) != NO
            return self._at(test_at, loc_node, negate)
        if base == "on-board?":
            loc = self.location(args[0]) if args else None
            if loc is None:
                return lambda ctx: not negate
            if negate:
                return lambda ctx: loc(ctx) == NO
            return lambda ctx: loc(ctx) != NO
        loc_node = args[0] if args else None
        if base == "empty?":
            test_at = lambda ctx, p: ctx.board[p] is None
        elif base == "friend?":
            def test_at(ctx, p):
                pc = ctx.board[p]
                return pc is not None and pc[0] == ctx.mover
        elif base == "enemy?":
            neutral = t.neutral

            def test_at(ctx, p):
                pc = ctx.board[p]
                return pc is not None and pc[0] != ctx.mover and not neutral[pc[0]]
        elif base == "neutral?":
            neutral = t.neutral

            def test_at(ctx, p):
                pc = ctx.board[p]
                return pc is not None and neutral[pc[0]]
        elif base == "marked?":
            test_at = lambda ctx, p: p == ctx.mark
        elif base == "last-from?":
            self.last_move_uses += 1

            def test_at(ctx, p):
                if ctx.track is not None:
                    ctx.track.add(-2)
                return p == ctx.last_from
        elif base == "last-to?":
            self.last_move_uses += 1

            def test_at(ctx, p):
                if ctx.track is not None:
                    ctx.track.add(-2)
                return p == ctx.last_to
        elif base in ("attacked?", "defended?"):
            engine = self.engine
            own = base == "defended?"

            def test_at(ctx, p):
                return engine.square_attacked(ctx, p, own)
        elif base == "adjacent-to-enemy?":
            neutral = t.neutral
            ndir = len(t.directions)

            def test_at(ctx, p):
                for d in range(ndir):
                    q = ctx.links[d][p]
                    if q >= 0:
                        pc = ctx.board[q]
                        if pc is not None and pc[0] != ctx.mover and not neutral[pc[0]]:
                            return True
                return False
        elif base == "goal-position?":
            engine = self.engine
            test_at = lambda ctx, p: p in engine.goal_positions(ctx.mover)
        elif base in t.attr_index:
            bit = 1 << t.attr_index[base]

            def test_at(ctx, p):
                pc = ctx.board[p]
                return pc is not None and bool(pc[2] & bit)
        else:
            self.problem(node, f"unknown condition {name!r}")
            return lambda ctx: False
        return self._at(test_at, loc_node, negate)

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


_ARG_PREDICATES = ("flag?", "position-flag?", "piece?", "in-zone?", "position?")

_LIST_INSTRUCTIONS = {
    "verify": Compiler._verify,
    "if": Compiler._if,
    "while": Compiler._while,
    "add": Compiler._add,
    "add-copy": Compiler._add,
    "add-partial": Compiler._add,
    "add-copy-partial": Compiler._add,
    "capture": Compiler._capture,
    "flip": Compiler._capture,
    "change-owner": Compiler._capture,
    "change-type": Compiler._capture,
    "create": Compiler._capture,
    "set-flag": Compiler._set_flag,
    "set-position-flag": Compiler._set_position_flag,
    "set-attribute": Compiler._set_attribute,
    "go": Compiler._go,
    "mark": Compiler._mark,
    "opposite": Compiler._opposite,
    "from": Compiler._from_to,
    "to": Compiler._from_to,
}



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
