"""The fast back end: the lowered form of each block (:mod:`.lowered`) written as one Python function.

The closure back end (:mod:`.compiler`) turns each block into a tree of
closures; running it costs a Python call per statement and per condition.
This module writes the same block as the body of one Python function
``def _bN(ctx)``: steps, verifies, ``if`` and ``while`` become straight-line
code and Python loops, conditions become inline expressions, and every name
is the integer constant the lowering resolved it to.  The function takes the
same :class:`.context.Context`, returns the same value (True, or False for a
quiet stop), and calls the same engine callbacks (``ctx.emit``,
``square_attacked``, ``goal_positions``) as the closure it replaces, so the
engine cannot tell them apart.

Where the semantics allow, slots live in locals for the length of the run:
the cursor (``cur``, written back to ``ctx.cur`` before ``ctx.emit`` reads
it), the mark, and the flags and position flags (nothing outside the block
reads them; every run starts with none).  ``from``, ``to`` and the moving
piece stay on the context because ``emit`` and the attack test read them.
A ``while`` loop counts its iterations and raises the same located
:class:`.compiler.ZrfRuntimeError` past :data:`.compiler.WHILE_LIMIT`.

:class:`TranslatedPrograms` translates every block of a game at once (or
takes the compiled code from the on-disk cache, :mod:`.translation_cache`).
"""

from __future__ import annotations

import warnings
from typing import Callable

from .backend import Backend
from .compiler import WHILE_LIMIT, Compiler, runaway
from .lowered.form import (
    Add, ChangeType, Cond, Const, Create, Effect, From, Go, GoTarget, If, Jump, Junction,
    LoweredBlock, Mark, Not, Op, Place, PlaceKind, SetAttribute, SetFlag, SetPositionFlag, Step,
    Stmt, Stop, Predicate, To, Verify, While, statements)
from .lowered.form import SOURCES as FORM_SOURCES
from .sentinels import LAST_MOVE
from .translation_cache import key as cache_key
from .translation_cache import load as cache_load
from .translation_cache import store as cache_store

VERSION = 2
"""Bumped whenever the generated source changes meaning; part of the cache key."""

#: the modules whose text decides the generated source (hashed into the cache key)
_SOURCES = (__file__, *FORM_SOURCES)


class TranslationWarning(UserWarning):
    """A block whose translated source Python cannot compile runs as closures instead."""


#: Locals a block function may read, and how its prologue sets each up (in this order).
_PROLOGUE = (
    ("cur", "cur = ctx.cur"),
    ("board", "board = ctx.board"),
    ("links", "links = ctx.links"),
    ("opp", "opp = ctx.opp"),
    ("mover", "mover = ctx.mover"),
    ("zones", "zones = ctx.zones"),
    ("effects", "effects = ctx.effects"),
    ("mark", "mark = cur"),
    ("flags", "flags = {}"),
    ("pflags", "pflags = {}"),
)


def whiles(blocks: list[LoweredBlock]) -> list[While]:
    """Every ``while`` of ``blocks``, numbered in this order by the generated ``_runaway(N)``."""
    return [s for b in blocks for s in statements(b.body) if isinstance(s, While)]


class Translator:
    """Writes the Python source of lowered move blocks (:meth:`function`).

    ``loops`` numbers every ``while`` met, in the order of :func:`whiles`.
    """

    def __init__(self, tables, loops: dict[int, int]):
        self.t = tables
        self._loops = loops
        self._lines: list[str] = []
        self._depth = 1
        self._tmp = 0
        self._used: set[str] = set()

    # ------------------------------------------------------------------ output

    def emit(self, line: str) -> None:
        self._lines.append("    " * self._depth + line)

    def use(self, *names: str) -> None:
        """The function reads these prologue locals."""
        self._used.update(names)

    def tmp(self, stem: str) -> str:
        self._tmp += 1
        return f"_{stem}{self._tmp}"

    # ------------------------------------------------------------------ blocks

    def function(self, number: int, block: LoweredBlock) -> str:
        """The source of ``def _b<number>(ctx)`` running ``block``."""
        self._lines, self._depth, self._tmp, self._used = [], 1, 0, set()
        if not self.sequence(block.body):
            self.emit("return True")
        if "mark" in self._used:
            self._used.add("cur")
        prologue = ["    " + line for name, line in _PROLOGUE if name in self._used]
        return "\n".join([f"def _b{number}(ctx):"] + prologue + self._lines)

    def sequence(self, body: tuple[Stmt, ...]) -> bool:
        """Write the statements; answers whether the sequence ends every run (nothing after it runs)."""
        for s in body:
            if _STATEMENTS[s.op](self, s):
                return True
        return False

    def body(self, body: tuple[Stmt, ...]) -> bool:
        """An indented sequence (a branch or loop body); answers whether it ends every run."""
        self._depth += 1
        start = len(self._lines)
        ends = self.sequence(body)
        if len(self._lines) == start:
            self.emit("pass")
        self._depth -= 1
        return ends

    def position(self, place: Place) -> str | None:
        """A place as an expression for its position (-1 off the board), None for the cursor."""
        kind, i = place.kind, place.index
        if kind is PlaceKind.CURSOR:
            return None
        if kind is PlaceKind.POSITION:
            return str(i)
        table = "links" if kind is PlaceKind.LINK else "opp"
        self.use(table, "cur")
        return f"{table}[{i}][cur]"

    def step(self, table: str, d: int) -> None:
        """Move the cursor one link along ``table`` ("links" or "opp"); off the board: stop."""
        self.use(table, "cur")
        # off the board the block stops, so the cursor's value no longer matters
        self.emit(f"cur = {table}[{d}][cur]")
        self.emit("if cur < 0: return False")

    def to_place(self, place: Place) -> None:
        """Move the cursor to a place first (``(from p)``, ``(to p)``); off the board: stop."""
        kind = place.kind
        if kind is PlaceKind.CURSOR:
            return
        if kind is PlaceKind.POSITION:
            self.use("cur")
            self.emit(f"cur = {place.index}")
            return
        self.step("links" if kind is PlaceKind.LINK else "opp", place.index)

    # ------------------------------------------------------------------ statements
    # each writes its code and answers whether every run ends in it

    def _step(self, s: Step) -> bool:
        self.step("opp" if s.opposite else "links", s.direction)
        return False

    def _jump(self, s: Jump) -> bool:
        self.use("cur")
        self.emit(f"cur = {s.position}")
        return False

    def _stop(self, s: Stop) -> bool:
        self.emit("return False")
        return True

    def _verify(self, s: Verify) -> bool:
        self.emit(f"if not {self.condition(s.cond)}: return False")
        return False

    def _if(self, s: If) -> bool:
        self.emit(f"if {self.condition(s.cond)}:")
        then_ends = self.body(s.then)
        if s.orelse:
            self.emit("else:")
            return self.body(s.orelse) and then_ends
        return False

    def _while(self, s: While) -> bool:
        c = self.condition(s.cond)
        n = self.tmp("n")
        self.emit(f"{n} = 0")
        self.emit(f"while {c}:")
        self.body(s.body)
        self._depth += 1
        self.emit(f"{n} += 1")
        self.emit(f"if {n} > {WHILE_LIMIT}: raise _runaway({self._loops[id(s)]})")
        self._depth -= 1
        return c == "True"  # left only by a stop or the runaway error

    def _add(self, s: Add) -> bool:
        self.use("cur")
        self.emit("ctx.cur = cur")
        self.emit(f"ctx.emit({s.types!r}, {s.partial!r}, {s.copy!r})")
        return False

    def _mark(self, s: Mark) -> bool:
        self.use("mark")
        expr = self.position(s.place)
        if expr is None:
            self.emit("mark = cur")
        elif s.place.kind is PlaceKind.POSITION:
            self.emit(f"mark = {expr}")
        else:
            p = self.tmp("p")
            self.emit(f"{p} = {expr}")
            self.emit(f"if {p} < 0: return False")
            self.emit(f"mark = {p}")
        return False

    def _back(self, s) -> bool:
        self.use("mark")
        self.emit("if mark == -1: return False")
        self.emit("cur = mark")
        return False

    def _from(self, s: From) -> bool:
        self.to_place(s.place)
        self.use("board", "cur")
        pc = self.tmp("pc")
        self.emit(f"{pc} = board[cur]")
        self.emit(f"if {pc} is None: return False")
        self.emit("ctx.frm = cur")
        self.emit(f"ctx.piece = {pc}")
        return False

    def _to(self, s: To) -> bool:
        self.to_place(s.place)
        self.use("cur")
        self.emit("ctx.to = cur")
        return False

    def _go(self, s: Go) -> bool:
        target = s.target
        self.use("cur")
        if target is GoTarget.MARK:
            return self._back(s)
        if target in (GoTarget.LAST_FROM, GoTarget.LAST_TO):
            self.emit(f"if ctx.track is not None: ctx.track.add({LAST_MOVE})")
        slot = {GoTarget.FROM: "frm", GoTarget.TO: "to", GoTarget.LAST_FROM: "last_from",
                GoTarget.LAST_TO: "last_to"}[target]
        p = self.tmp("p")
        self.emit(f"{p} = ctx.{slot}")
        if target is GoTarget.TO:
            self.emit(f"if {p} != -1: cur = {p}")
            return False
        self.emit(f"if {p} == -1: return False")
        self.emit(f"cur = {p}")
        return False

    def _cascade(self, s) -> bool:
        self.use("cur", "board", "effects")
        self.emit("if ctx.piece is not None:")
        self.emit("    _dest = ctx.to if ctx.to != -1 else cur")
        self.emit("    if ctx.frm == -1:")
        self.emit("        effects.append(('create', _dest, ctx.piece))")
        self.emit("    else:")
        self.emit("        ctx.cascades.append((ctx.frm, _dest, ctx.piece, -1, False))")
        self.emit("ctx.to = -1")
        self.emit("ctx.frm = cur")
        self.emit("ctx.piece = board[cur]")
        self.emit("ctx.effmark = len(effects)")
        return False

    def _record(self, place: Place, effect: Callable[[str], str]) -> bool:
        """Record the effect ``effect(p)`` at a place (the cursor when it is the cursor).

        An effect aimed off the board does nothing and the block goes on (docs/zrf-semantics.md,
        "An effect aimed off the board does nothing"); only a step off the board ends a block."""
        self.use("effects")
        expr = self.position(place)
        if expr is None or place.kind is PlaceKind.POSITION:
            if expr is None:
                self.use("cur")
            self.emit(effect("cur" if expr is None else expr))
            return False
        p = self.tmp("p")
        self.emit(f"{p} = {expr}")
        self.emit(f"if {p} >= 0:")
        self._depth += 1
        self.emit(effect(p))
        self._depth -= 1
        return False

    def _effect(self, s: Effect) -> bool:
        if s.op is Op.CAPTURE:
            return self._record(s.place, lambda p: f"effects.append(('x', {p}))")
        if s.op is Op.FLIP:
            return self._record(s.place, lambda p: f"effects.append(('flip', {p}))")
        self.use("mover")
        return self._record(s.place, lambda p: f"effects.append(('owner', {p}, mover))")

    def _change_type(self, s: ChangeType) -> bool:
        return self._record(s.place, lambda p: f"effects.append(('type', {p}, {s.piece_type}))")

    def _create(self, s: Create) -> bool:
        if s.owner == -1:
            self.use("mover")
        o = "mover" if s.owner == -1 else str(s.owner)
        defaults = self.t.attr_defaults

        def effect(p):
            if s.piece_type != -1:
                return f"effects.append(('create', {p}, ({o}, {s.piece_type}, {defaults[s.piece_type]})))"
            return (f"if ctx.piece is not None: effects.append(('create', {p}, "
                    f"({o}, ctx.piece[1], _defaults[ctx.piece[1]])))")
        return self._record(s.place, effect)

    def _set_attribute(self, s: SetAttribute) -> bool:
        self.use("effects")
        kind = s.place.kind
        if kind is PlaceKind.CURSOR or kind is PlaceKind.POSITION:
            if kind is PlaceKind.CURSOR:
                self.use("cur")
            p = "cur" if kind is PlaceKind.CURSOR else str(s.place.index)
            self.emit(f"effects.append(('attr', {p}, {s.attribute}, {self._bit(s.value)}))")
            return False
        # a link: the value is tested only when the link leads to a position
        p = self.tmp("p")
        self.emit(f"{p} = {self.position(s.place)}")
        self.emit(f"if {p} >= 0: effects.append(('attr', {p}, {s.attribute}, {self._bit(s.value)}))")
        return False

    def _bit(self, c: Cond) -> str:
        """A condition's value as 1 or 0."""
        text = self.condition(c)
        return {"True": "1", "False": "0"}.get(text, f"1 if {text} else 0")

    def _set_flag(self, s: SetFlag) -> bool:
        self.use("flags")
        self.emit(f"flags[{s.name!r}] = {self.condition(s.value)}")
        return False

    def _set_position_flag(self, s: SetPositionFlag) -> bool:
        self.use("pflags", "cur")
        expr = self.position(s.place)
        if expr is None or s.place.kind is PlaceKind.POSITION:
            self.emit(f"pflags[({s.name!r}, {expr or 'cur'})] = {self.condition(s.value)}")
            return False
        p = self.tmp("p")
        self.emit(f"{p} = {expr}")
        self.emit(f"if {p} != -1: pflags[({s.name!r}, {p})] = {self.condition(s.value)}")
        return False

    # ------------------------------------------------------------------ conditions

    # _WALRUS: a condition names the place it tests ``_w`` and the piece there ``_wpc``
    # (assignment expressions), the same two names everywhere: each value is read at once,
    # by the test it was assigned for, before any other condition assigns again, so one
    # name each is enough and the function's frame stays small.  Statements that keep a
    # place across a condition (set-attribute, set-position-flag) use their own numbered
    # ``_pN`` locals.

    def condition(self, c: Cond) -> str:
        """A condition as a Python expression ("True" and "False" when it is constant)."""
        if isinstance(c, Const):
            return "True" if c.value else "False"
        if isinstance(c, Junction):
            items = [self.condition(i) for i in c.items]
            op = " or " if c.op is Op.OR else " and "
            return f"({op.join(items)})"
        if isinstance(c, Not):
            return f"(not {self.condition(c.item)})"
        return self._at(self._square_test(c), c.place)

    def _piece_test(self, test: str) -> Callable[[str], str]:
        """A test of the piece on a square: ``test`` reads it as ``{pc}``; an empty square fails."""
        self.use("board")

        def at(p):
            return f"((_wpc := board[{p}]) is not None and {test.format(pc='_wpc')})"
        return at

    def _no_neutral(self) -> bool:
        return not any(self.t.neutral)

    def _square_test(self, c: Predicate) -> Callable[[str], str]:
        """``test(p)``: the expression testing the position ``p``."""
        op, arg = c.op, c.arg
        if op is Op.EMPTY:
            self.use("board")
            return lambda p: f"board[{p}] is None"
        if op is Op.FRIEND:
            self.use("mover")
            return self._piece_test("{pc}[0] == mover")
        if op is Op.ENEMY:
            self.use("mover")
            return self._piece_test("{pc}[0] != mover" + ("" if self._no_neutral() else
                                                          " and not _neutral[{pc}[0]]"))
        if op is Op.NEUTRAL:
            return self._piece_test("False" if self._no_neutral() else "_neutral[{pc}[0]]")
        if op is Op.MARKED:
            self.use("mark")
            return lambda p: f"{p} == mark"
        if op in (Op.LAST_FROM, Op.LAST_TO):
            slot = "last_from" if op is Op.LAST_FROM else "last_to"
            return lambda p: f"(_read_last(ctx) and {p} == ctx.{slot})"
        if op in (Op.ATTACKED, Op.DEFENDED):
            own = op is Op.DEFENDED
            return lambda p: f"_engine.square_attacked(ctx, {p}, {own})"
        if op is Op.ADJACENT_TO_ENEMY:
            self.use("board", "links", "mover")
            return lambda p: f"_adjacent_enemy(board, links, mover, {p})"
        if op is Op.GOAL_POSITION:
            self.use("mover")
            return lambda p: f"{p} in _engine.goal_positions(mover)"
        if op is Op.ON_BOARD:
            return lambda p: "True"
        if op is Op.PIECE:
            return self._piece_test(f"{{pc}}[1] == {arg}")
        if op is Op.IN_ZONE:
            self.use("zones")
            return lambda p: f"{p} in zones[{arg}]"
        if op is Op.ATTRIBUTE:
            return self._piece_test(f"{{pc}}[2] & {arg} != 0")
        if op is Op.POSITION:
            return lambda p: f"{p} == {arg}"
        if op is Op.FLAG:
            self.use("flags")
            return lambda p: f"bool(flags.get({arg!r}))"
        if op is Op.POSITION_FLAG:
            self.use("pflags")
            return lambda p: f"bool(pflags.get(({arg!r}, {p})))"
        raise AssertionError(f"no source for test {op}")

    def _at(self, test: Callable[[str], str], place: Place) -> str:
        """``test`` at a place (the cursor when it is the cursor); off the board the test fails."""
        expr = self.position(place)
        if expr is None:
            self.use("cur")
            return test("cur")
        if place.kind is PlaceKind.POSITION:
            return test(expr)
        p = "_w"  # see _WALRUS
        body = test(p)
        if body == "True":  # the place needs no evaluation of its own (a link lookup has no effect)
            return f"({expr} != -1)"
        return f"(({p} := {expr}) != -1 and {body})"


_STATEMENTS: dict[Op, Callable] = {
    Op.STEP: Translator._step, Op.JUMP: Translator._jump, Op.STOP: Translator._stop,
    Op.VERIFY: Translator._verify, Op.IF: Translator._if, Op.WHILE: Translator._while,
    Op.MARK: Translator._mark, Op.BACK: Translator._back, Op.FROM: Translator._from,
    Op.TO: Translator._to, Op.GO: Translator._go, Op.ADD: Translator._add,
    Op.CASCADE: Translator._cascade, Op.CAPTURE: Translator._effect, Op.FLIP: Translator._effect,
    Op.CHANGE_OWNER: Translator._effect, Op.CHANGE_TYPE: Translator._change_type,
    Op.CREATE: Translator._create, Op.SET_ATTRIBUTE: Translator._set_attribute,
    Op.SET_FLAG: Translator._set_flag, Op.SET_POSITION_FLAG: Translator._set_position_flag,
}
"""The source writer of each statement op (every op of a statement node has one)."""


def _adjacent_enemy(board, links, mover, p, neutral) -> bool:
    """``adjacent-to-enemy?`` at ``p``: an enemy (not neutral) piece one link away in some direction."""
    for row in links:
        q = row[p]
        if q >= 0:
            pc = board[q]
            if pc is not None and pc[0] != mover and not neutral[pc[0]]:
                return True
    return False


def _read_last(ctx) -> bool:
    """Note that a test read last-from/last-to (the incremental attack test's reads); True."""
    if ctx.track is not None:
        ctx.track.add(LAST_MOVE)
    return True


_COMPILE_ERRORS = (SyntaxError, RecursionError, MemoryError, ValueError)
"""What ``compile`` raises for source nested beyond CPython's limits (the block then runs as closures)."""


class TranslatedPrograms:
    """The translated functions of one game's blocks, in the order given (``functions``).

    Each block is compiled on its own (a whole game's module at once made
    ``compile`` hold several hundred MB for the biggest generated games); a
    block Python cannot compile runs as closures, said with one
    :class:`TranslationWarning`.  The compiled code comes from the on-disk
    cache when an entry for the same game exists.
    """

    def __init__(self, tables, engine, blocks: list[LoweredBlock]):
        self.t = tables
        self.engine = engine
        loops = whiles(blocks)
        key = cache_key(VERSION, engine.gdef, tables, _SOURCES)
        codes = cache_load(key)
        if codes is None or len(codes) != len(blocks):
            tr = Translator(tables, {id(w): i for i, w in enumerate(loops)})
            codes = []
            for i, block in enumerate(blocks):
                try:
                    codes.append(compile(tr.function(i, block), f"<zrf translation of {engine.path}>", "exec"))
                except _COMPILE_ERRORS:
                    codes.append(None)
            cache_store(key, codes)
            self.translated_now = True
        else:
            self.translated_now = False
        namespace = self._namespace([w.span for w in loops])
        self.functions: list[Callable] = []
        closures = None
        for i, (block, code) in enumerate(zip(blocks, codes)):
            if code is None:
                if closures is None:
                    closures = Compiler(tables, engine)
                fn = closures.block(block)
            else:
                exec(code, namespace)  # noqa: S102 - the translator's own source, compiled above
                fn = namespace[f"_b{i}"]
            self.functions.append(fn)
        failed = codes.count(None)
        if failed:
            warnings.warn(f"{engine.path}: {failed} move block(s) nest too deeply for Python to compile "
                          "their translation; they run as closures", TranslationWarning, stacklevel=2)

    def _namespace(self, spans) -> dict:
        """The globals the generated functions read (see the ``_``-names in the source)."""
        t = self.t
        neutral = t.neutral

        def adjacent(board, links, mover, p):
            return _adjacent_enemy(board, links, mover, p, neutral)
        return {"__builtins__": __builtins__, "_engine": self.engine, "_neutral": neutral,
                "_defaults": t.attr_defaults, "_runaway": lambda i: runaway(spans[i]),
                "_adjacent_enemy": adjacent, "_read_last": _read_last}


def compile_blocks(backend: Backend, tables, engine, blocks: list[LoweredBlock]) -> list[Callable]:
    """The function running each of ``blocks`` with ``backend``."""
    if backend is Backend.CLOSURES:
        compiler = Compiler(tables, engine)
        return [compiler.block(b) for b in blocks]
    return TranslatedPrograms(tables, engine, blocks).functions
