"""Translate ZRF move programs into Python source, one function per move or drop block.

The closure compiler (:mod:`.compiler`) turns each block into a tree of
closures; running it costs a Python call per instruction and per condition.
This module writes the same block as the body of one Python function
``def _bN(ctx)``: steps, verifies, ``if`` and ``while`` become straight-line
code and Python loops, conditions become inline expressions, and every name
(direction, position, piece type, player, attribute, zone) is an integer
constant.  The function takes the same :class:`.context.Context`, returns
the same value (True, or False for a quiet stop), and calls the same engine
callbacks (``ctx.emit``, ``square_attacked``, ``goal_positions``) as the
closure it replaces, so the engine cannot tell them apart.

Where the semantics allow, slots live in locals for the length of the run:
the cursor (``cur``, written back to ``ctx.cur`` before ``ctx.emit`` reads
it), the mark, and the flags and position flags (nothing outside the block
reads them; every run starts with none).  ``from``, ``to`` and the moving
piece stay on the context because ``emit`` and the attack test read them.
Dead code is removed: after an unconditional stop (``(verify false)``, a
form that cannot run), under a constant condition, in a ``while`` whose
condition is false.  It is still read, so that its problems are reported.

Which keyword is written how comes from the keyword table
(:mod:`zrf.keywords`): each statement and condition keyword names a
``run_<name>`` method here, exactly as in the closure compiler, and the
checks made before a keyword runs are shared with it (:mod:`.blockreader`).
A form that cannot run is reported once as the same W501 diagnostic and
becomes ``return False``.  A ``while`` loop counts its iterations and raises
the same located :class:`.compiler.ZrfRuntimeError` past :data:`WHILE_LIMIT`.

:func:`block_compiler` is what the engine calls: it translates every block
of the game at once (or takes the result from the on-disk cache,
:mod:`.translation_cache`), and answers ``block(program)`` with the function
made for that program.  ``ZRF_TRANSLATE=0`` selects the closure compiler
instead (the reference the translator is tested against).
"""

from __future__ import annotations

import os
import re
import warnings
from contextlib import contextmanager
from typing import Callable

from zrf.diagnostics import Diagnostic
from zrf.keywords import CONDITION, STATEMENT
from zrf.syntax import Atom, List, Node, String, excerpt

from .blockreader import GO_SLOTS, BlockReader, dispatch
from .blockreader import __file__ as _READER_SOURCE
from .translation_cache import key as cache_key
from .translation_cache import load as cache_load
from .translation_cache import store as cache_store
from .compiler import WHILE_LIMIT, Compiler, ZrfRuntimeError
from .sentinels import LAST_MOVE, UNKNOWN
from .tables import NO

VERSION = 1
"""Bumped whenever the generated source changes meaning; part of the cache key."""

TRANSLATE_ENV = "ZRF_TRANSLATE"
"""``ZRF_TRANSLATE=0`` runs move programs as closures (the reference back end)."""


#: the modules whose text decides the generated source (hashed into the cache key)
_SOURCES = (__file__, _READER_SOURCE)


class TranslationWarning(UserWarning):
    """A block whose translated source Python cannot compile runs as closures instead."""


_forced: bool | None = None


def translating() -> bool:
    """Are move programs translated (``ZRF_TRANSLATE`` is not ``0``, unless :func:`back_end` says)?"""
    if _forced is not None:
        return _forced
    return os.environ.get(TRANSLATE_ENV, "1").strip().lower() not in ("0", "false", "no", "off")


@contextmanager
def back_end(translated: bool):
    """Games loaded inside the block use translated programs (True) or closures (False),
    whatever ``ZRF_TRANSLATE`` says: the equality checks load one game both ways."""
    global _forced
    before = _forced
    _forced = translated
    try:
        yield
    finally:
        _forced = before


def block_compiler(tables, report, engine):
    """The back end the engine compiles its blocks with: translated programs, or closures when switched off."""
    if not translating():
        return Compiler(tables, report, engine)
    return TranslatedPrograms(tables, report, engine)


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
_USES = {name: re.compile(r"(?<![.\w])" + name + r"\b") for name, _ in _PROLOGUE}


class Translator(BlockReader):
    """Writes the Python source of the move blocks of one game.

    ``problems`` records each W501 as (block number, path of the node in the
    block's program, message), and ``spans`` the (block number, path) of each
    ``while``, so that a cached translation can say the same things at the
    same places without translating again.
    """

    def __init__(self, tables, report, engine, reported=None):
        super().__init__(tables, report, engine, reported)
        self.problems: list[tuple[int, tuple[int, ...], str]] = []
        self.spans: list[tuple[int, tuple[int, ...]]] = []
        self._paths: dict[int, tuple[int, ...]] = {}
        self._block = 0
        self._lines: list[str] = []
        self._depth = 1
        self._dead = False
        self._tmp = 0

    # ------------------------------------------------------------------ output

    def problem(self, node: Node, message: str) -> None:
        before = len(self._reported)
        super().problem(node, message)
        if len(self._reported) != before:
            self.problems.append((self._block, self._paths.get(id(node), ()), message))

    def emit(self, line: str) -> None:
        self._lines.append("    " * self._depth + line)

    def stop(self) -> None:
        """An unconditional quiet stop: what follows in this sequence is dead."""
        self.emit("return False")
        self._dead = True

    def _stop(self, node: Node, message: str) -> None:
        self.problem(node, message)
        self.stop()

    def tmp(self, stem: str) -> str:
        self._tmp += 1
        return f"_{stem}{self._tmp}"

    def _scratch(self, fn: Callable[[], None]) -> None:
        """Read dead code (its problems are reported) and throw its source away."""
        lines, depth, dead = self._lines, self._depth, self._dead
        self._lines, self._dead = [], False
        try:
            fn()
        finally:
            self._lines, self._depth, self._dead = lines, depth, dead

    # ------------------------------------------------------------------ blocks

    def function(self, number: int, program: Node) -> str:
        """The source of ``def _b<number>(ctx)`` running ``program``."""
        self._block = number
        self._paths = {}
        _index_paths(program, (), self._paths)
        self._lines, self._depth, self._dead, self._tmp = [], 1, False, 0
        if isinstance(program, List):
            self.sequence(program.items)
        else:
            self.sequence([program])
        if not self._dead:
            self.emit("return True")
        body = "\n".join(self._lines)
        prologue = ["    " + line for name, line in _PROLOGUE
                    if _USES[name].search(body) or (name == "cur" and _USES["mark"].search(body))]
        return "\n".join([f"def _b{number}(ctx):"] + prologue + self._lines)

    def sequence(self, nodes: list[Node]) -> None:
        for n in nodes:
            if self._dead:
                self._scratch(lambda n=n: self.instruction(n))
            else:
                self.instruction(n)

    def body(self, nodes: list[Node]) -> bool:
        """An indented sequence (a branch or loop body); answers whether it ends dead."""
        self._depth += 1
        start = len(self._lines)
        self.sequence(nodes)
        if len(self._lines) == start:
            self.emit("pass")
        dead = self._dead
        self._dead = False
        self._depth -= 1
        return dead

    def jump(self, p: int) -> None:
        self.emit(f"cur = {p}")

    def step(self, table: str, d: int) -> None:
        """Move the cursor one link along ``table`` ("links" or "opp"); off the board: stop."""
        # off the board the block stops, so the cursor's value no longer matters
        self.emit(f"cur = {table}[{d}][cur]")
        self.emit("if cur < 0: return False")

    def to_place(self, node: Node | None) -> None:
        """Move the cursor to a place argument first (``(from p)``, ``(to p)``); off the board: stop."""
        place = self.place(node)
        if place is None:
            return
        kind, i = place
        if kind == "pos":
            if i == NO:
                return self.stop()
            self.emit(f"cur = {i}")
            return
        self.step("links" if kind == "dir" else "opp", i)

    def position(self, node: Node | None) -> str | None:
        """A place argument as an expression for its position (-1 off the board), None for the cursor."""
        place = self.place(node)
        if place is None:
            return None
        kind, i = place
        if kind == "pos":
            return str(i)
        return f"{'links' if kind == 'dir' else 'opp'}[{i}][cur]"

    def at_place(self, node: Node | None, on_board: bool) -> str:
        """Emit code putting a place argument's position in a local; off the board: stop
        (``on_board`` False: skip, answered by the caller).  Returns the local's name."""
        expr = self.position(node)
        if expr is None:
            return "cur"
        if expr == str(NO):
            if on_board:
                self.stop()
            return str(NO)
        p = self.tmp("p")
        self.emit(f"{p} = {expr}")
        if on_board and not expr.isdigit():
            self.emit(f"if {p} < 0: return False")
        return p

    # ------------------------------------------------------------------ statements (zrf.keywords run names)

    def run_verify(self, name, node, args):
        c = self.condition(args[0])
        if c == "True":
            return
        if c == "False":
            return self.stop()
        self.emit(f"if not {c}: return False")

    def run_if(self, name, node, args):
        c = self.condition(args[0])
        then_nodes, else_nodes = self.if_branches(args)
        if c in ("True", "False"):
            live, dead = (then_nodes, else_nodes) if c == "True" else (else_nodes, then_nodes)
            self._scratch(lambda: self.sequence(dead))
            return self.sequence(live)
        self.emit(f"if {c}:")
        then_dead = self.body(then_nodes)
        if else_nodes:
            self.emit("else:")
            else_dead = self.body(else_nodes)
            self._dead = then_dead and else_dead

    def run_else(self, name, node, args):
        self.problem(node, "'else' outside an (if ...) does nothing")

    def run_while(self, name, node, args):
        c = self.condition(args[0])
        body = list(args[1:])
        if c == "False":
            return self._scratch(lambda: self.sequence(body))
        span = len(self.spans)
        self.spans.append((self._block, self._paths.get(id(node), ())))
        n = self.tmp("n")
        self.emit(f"{n} = 0")
        self.emit(f"while {c}:")
        self.body(body)
        self._depth += 1
        self.emit(f"{n} += 1")
        self.emit(f"if {n} > {WHILE_LIMIT}: raise _runaway({span})")
        self._depth -= 1
        self._dead = c == "True"  # left only by a stop or the runaway error

    def run_add(self, name, node, args):
        copy = "copy" in name
        mt = None
        if name.endswith("partial"):
            mt = args[-1].text
            args = args[:-1]
        types = self.types(args)
        if types is None:
            return self.stop()
        self.emit("ctx.cur = cur")
        self.emit(f"ctx.emit({types!r}, {mt!r}, {copy!r})")

    def run_mark(self, name, node, args):
        p = self.at_place(args[0] if args else None, True)
        if not self._dead:
            self.emit(f"mark = {p}")

    def run_back(self, name, node, args):
        self.emit("if mark == -1: return False")
        self.emit("cur = mark")

    def run_from(self, name, node, args):
        self.to_place(args[0] if args else None)
        if self._dead:
            return
        pc = self.tmp("pc")
        self.emit(f"{pc} = board[cur]")
        self.emit(f"if {pc} is None: return False")
        self.emit("ctx.frm = cur")
        self.emit(f"ctx.piece = {pc}")

    def run_to(self, name, node, args):
        self.to_place(args[0] if args else None)
        if not self._dead:
            self.emit("ctx.to = cur")

    def run_go(self, name, node, args):
        what = args[0].text
        slot = GO_SLOTS.get(what)
        if slot is None:
            return self._stop(node, f"go needs from, to, mark, last-from or last-to, not {excerpt(args[0])!r}")
        if slot == "mark":
            self.emit("if mark == -1: return False")
            self.emit("cur = mark")
            return
        if slot in ("last_from", "last_to"):
            self.last_move_uses += 1
            self.emit(f"if ctx.track is not None: ctx.track.add({LAST_MOVE})")
        p = self.tmp("p")
        self.emit(f"{p} = ctx.{slot}")
        if slot == "to":
            self.emit(f"if {p} != -1: cur = {p}")
            return
        self.emit(f"if {p} == -1: return False")
        self.emit(f"cur = {p}")

    def run_opposite(self, name, node, args):
        d = self.t.dir_index.get(args[0].text)
        if d is None:
            return self._stop(node, f"opposite needs a direction, got {excerpt(args[0])!r}")
        self.step("opp", d)

    def run_cascade(self, name, node, args):
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

    def _record(self, node, effect: Callable[[str], str | None]) -> None:
        """Record the effect ``effect(p)`` at a place argument (the cursor when absent).

        An effect aimed off the board does nothing and the block goes on (docs/zrf-semantics.md,
        "An effect aimed off the board does nothing"); only a step off the board ends a block."""
        expr = self.position(node)
        if expr == str(NO):
            return
        if expr is None or expr.isdigit():  # the cursor, or a named position: on the board
            e = effect("cur" if expr is None else expr)
            if e is not None:
                self.emit(e)
            return
        p = self.tmp("p")
        e = effect(p)
        if e is None:
            return
        self.emit(f"{p} = {expr}")
        self.emit(f"if {p} >= 0:")
        self._depth += 1
        self.emit(e)
        self._depth -= 1

    def run_capture(self, name, node, args):
        self._record(args[0] if args else None, lambda p: f"effects.append(('x', {p}))")

    def run_flip(self, name, node, args):
        self._record(args[0] if args else None, lambda p: f"effects.append(('flip', {p}))")

    def run_change_owner(self, name, node, args):
        self._record(args[0] if args else None, lambda p: f"effects.append(('owner', {p}, mover))")

    def run_change_type(self, name, node, args):
        ti = self.t.type_index.get(args[0].text)
        if ti is None:
            return self._stop(node, f"unknown piece type {excerpt(args[0])!r}")
        self._record(args[1] if len(args) > 1 else None, lambda p: f"effects.append(('type', {p}, {ti}))")

    def run_create(self, name, node, args):
        """``create`` / ``(create [Player] [T] [p])``: arguments told apart by their namespace."""
        owner, ptype, where = self.create_args(args)
        o = "mover" if owner is None else str(owner)
        defaults = self.t.attr_defaults

        def effect(p):
            if ptype is not None:
                return f"effects.append(('create', {p}, ({o}, {ptype}, {defaults[ptype]})))"
            return (f"if ctx.piece is not None: effects.append(('create', {p}, "
                    f"({o}, ctx.piece[1], _defaults[ctx.piece[1]])))")
        self._record(where, effect)

    def run_set_flag(self, name, node, args):
        c = self.condition(args[1])
        self.emit(f"flags[{args[0].text!r}] = {c}")

    def run_set_position_flag(self, name, node, args):
        flag = args[0].text
        c = self.condition(args[1])
        p = self.at_place(args[2] if len(args) > 2 else None, False)
        if p == str(NO):
            return
        if p == "cur":
            self.emit(f"pflags[({flag!r}, cur)] = {c}")
        else:
            self.emit(f"if {p} != -1: pflags[({flag!r}, {p})] = {c}")

    def run_set_attribute(self, name, node, args):
        ai = self.t.attr_index.get(args[0].text)
        if ai is None:
            return self._stop(node, f"unknown attribute {excerpt(args[0])!r}")
        c = self.condition(args[1])
        value = {"True": "1", "False": "0"}.get(c, f"1 if {c} else 0")
        self._record(args[2] if len(args) > 2 else None,
                     lambda p: f"effects.append(('attr', {p}, {ai}, {value}))")

    # ------------------------------------------------------------------ conditions

    def condition(self, node: Node) -> str:
        """A condition as a Python expression ("True" and "False" when it is constant)."""
        if isinstance(node, Atom):
            name = node.text
            entry = _CONDITIONS.get(name)
            if entry is not None and entry[0].atom:
                return entry[1](self, node, [], entry[0].positive is not None)
            if entry is not None:
                self.problem(node, f"{name} needs an argument")
                return "False"
            return self._attribute(name, node, [])
        if isinstance(node, String):
            self.problem(node, f"unexpected string {excerpt(node)!r} as a condition")
            return "False"
        head = node.head
        if head is None:
            self.problem(node, f"condition not understood: {excerpt(node, 60)}")
            return "False"
        args = node.items[1:]
        entry = _CONDITIONS.get(head)
        if entry is None:
            return self._attribute(head, node, args)
        use, method = entry
        if not self.fits(use, head, node, args):
            return "False"
        return method(self, node, args, use.positive is not None)

    # _WALRUS: a condition names the place it tests ``_w`` and the piece there ``_wpc``
    # (assignment expressions), the same two names everywhere: each value is read at once,
    # by the test it was assigned for, before any other condition assigns again, so one
    # name each is enough and the function's frame stays small.  Statements that keep a
    # place across a condition (set-attribute, set-position-flag) use their own numbered
    # ``_pN`` locals.

    def _piece_test(self, test: str) -> Callable[[str], str]:
        """A test of the piece on a square: ``test`` reads it as ``{pc}``; an empty square fails."""
        def at(p):
            return f"((_wpc := board[{p}]) is not None and {test.format(pc='_wpc')})"
        return at

    def _attribute(self, name: str, node: Node, args) -> str:
        """An attribute used as a condition: ``moved?``, ``(not-moved? n)``."""
        attr = self.attribute(name, node, args)
        if attr is None:
            return "False"
        bit, negate = attr
        return self._at(self._piece_test(f"{{pc}}[2] & {bit} != 0"), args[0] if args else None, negate)

    def run_and(self, node, args, negate):
        return _short_circuit([self.condition(a) for a in args], "and")

    def run_or(self, node, args, negate):
        return _short_circuit([self.condition(a) for a in args], "or")

    def run_not(self, node, args, negate):
        return _negated(self.condition(args[0]))

    def run_true(self, node, args, negate):
        return "True"

    def run_false(self, node, args, negate):
        return "False"

    def run_empty(self, node, args, negate):
        return self._at(lambda p: f"board[{p}] is None", args[0] if args else None, negate)

    def run_friend(self, node, args, negate):
        return self._at(self._piece_test("{pc}[0] == mover"), args[0] if args else None, negate)

    def _no_neutral(self) -> bool:
        return not any(self.t.neutral)

    def run_enemy(self, node, args, negate):
        test = "{pc}[0] != mover" + ("" if self._no_neutral() else " and not _neutral[{pc}[0]]")
        return self._at(self._piece_test(test), args[0] if args else None, negate)

    def run_neutral(self, node, args, negate):
        test = "False" if self._no_neutral() else "_neutral[{pc}[0]]"
        return self._at(self._piece_test(test), args[0] if args else None, negate)

    def run_marked(self, node, args, negate):
        return self._at(lambda p: f"{p} == mark", args[0] if args else None, negate)

    def _last_move(self, slot: str, args, negate):
        self.last_move_uses += 1
        return self._at(lambda p: f"(_read_last(ctx) and {p} == ctx.{slot})", args[0] if args else None, negate)

    def run_last_from(self, node, args, negate):
        return self._last_move("last_from", args, negate)

    def run_last_to(self, node, args, negate):
        return self._last_move("last_to", args, negate)

    def _attack(self, node, args, negate, own: bool):
        if self.attack_move_type(node, args):
            return str(bool(negate))
        return self._at(lambda p: f"_engine.square_attacked(ctx, {p}, {own})", args[0] if args else None, negate)

    def run_attacked(self, node, args, negate):
        return self._attack(node, args, negate, False)

    def run_defended(self, node, args, negate):
        return self._attack(node, args, negate, True)

    def run_adjacent_to_enemy(self, node, args, negate):
        return self._at(lambda p: f"_adjacent_enemy(board, links, mover, {p})", args[0] if args else None, negate)

    def run_goal_position(self, node, args, negate):
        return self._at(lambda p: f"{p} in _engine.goal_positions(mover)", args[0] if args else None, negate)

    def run_on_board(self, node, args, negate):
        if not args:
            return str(not negate)
        expr = self.position(args[0])
        if expr.lstrip("-").isdigit():
            return str((int(expr) == NO) == negate)
        return f"({expr} {'==' if negate else '!='} -1)"

    def run_piece(self, node, args, negate):
        ti = self.t.type_index.get(args[0].text, UNKNOWN)
        return self._at(self._piece_test(f"{{pc}}[1] == {ti}"), args[1] if len(args) > 1 else None, negate)

    def run_in_zone(self, node, args, negate):
        zi = self.t.zone_index.get(args[0].text)
        test = (lambda p: "False") if zi is None else (lambda p: f"{p} in zones[{zi}]")
        return self._at(test, args[1] if len(args) > 1 else None, negate)

    def run_position(self, node, args, negate):
        pi = self.t.pos_index.get(args[0].text, UNKNOWN)
        return self._at(lambda p: f"{p} == {pi}", None, negate)

    def run_flag(self, node, args, negate):
        flag = args[0].text
        return self._at(lambda p: f"bool(flags.get({flag!r}))", None, negate)

    def run_position_flag(self, node, args, negate):
        flag = args[0].text
        return self._at(lambda p: f"bool(pflags.get(({flag!r}, {p})))", args[1] if len(args) > 1 else None, negate)

    def _at(self, test: Callable[[str], str], loc_node, negate) -> str:
        """``test`` at a place argument (the cursor when absent); off the board the test fails
        (``not-`` forms: succeeds), as in the closure compiler."""
        expr = self.position(loc_node)
        if expr is None:
            return _negated(test("cur")) if negate else test("cur")
        if expr.lstrip("-").isdigit():
            if int(expr) == NO:
                return str(bool(negate))
            return _negated(test(expr)) if negate else test(expr)
        p = "_w"  # see _WALRUS
        body = test(p)
        if body in ("True", "False"):
            # the place needs no evaluation of its own (a link lookup has no effect)
            on = f"({expr} != -1)"
            if negate:
                return "True" if body == "False" else f"({expr} == -1)"
            return "False" if body == "False" else on
        if negate:
            return f"(({p} := {expr}) == -1 or not {body})"
        return f"(({p} := {expr}) != -1 and {body})"


Translator.statements = dispatch(STATEMENT, Translator)
_CONDITIONS = dispatch(CONDITION, Translator)


def _negated(c: str) -> str:
    if c in ("True", "False"):
        return "False" if c == "True" else "True"
    return f"(not {c})"


def _short_circuit(cs: list[str], op: str) -> str:
    """``(and c...)`` / ``(or c...)`` as one expression, constants folded where no effect is lost.

    A constant that does not settle the answer is dropped; one that settles it
    ends the list (what follows never runs), and when nothing runs before it
    the whole answer is that constant.
    """
    settles = "False" if op == "and" else "True"
    keep: list[str] = []
    for c in cs:
        if c == settles:
            if not keep:
                return settles
            keep.append(c)
            break
        if c in ("True", "False"):
            continue
        keep.append(c)
    if not keep:
        return "True" if op == "and" else "False"
    if len(keep) == 1:
        return keep[0]
    if keep[-1] == settles:
        # evaluated for their effects, then the constant answer
        return f"(({f' {op} '.join(keep[:-1])}) and False)" if op == "and" else \
            f"(({' or '.join(keep[:-1])}) or True)"
    return f"({f' {op} '.join(keep)})"


def _index_paths(node: Node, path: tuple[int, ...], out: dict[int, tuple[int, ...]]) -> None:
    """id(node) -> its path of item indices under a block's program (where problems are said)."""
    out[id(node)] = path
    if isinstance(node, List):
        for i, item in enumerate(node.items):
            _index_paths(item, path + (i,), out)


def node_at(program: Node, path: tuple[int, ...]) -> Node:
    """The node at ``path`` under ``program`` (see :func:`_index_paths`)."""
    node = program
    for i in path:
        node = node.items[i]
    return node


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
    """The engine's view of the translated blocks of one game: ``block(program)`` -> its function.

    Made once per game: every move and drop block of the game is translated
    (or its translation taken from the cache) here, in the engine's order,
    so the W501 reports come in the order the closure compiler gives them.
    Each block is compiled on its own (a whole game's module at once made
    ``compile`` hold several hundred MB for the biggest generated games); a
    block Python cannot compile runs as closures, said with one
    :class:`TranslationWarning`.
    """

    def __init__(self, tables, report, engine):
        self.t = tables
        self.report = report
        self.engine = engine
        gdef = engine.gdef
        programs: list[Node] = []
        for piece in gdef.pieces.values():
            programs.extend(b.program for b in piece.moves)
            programs.extend(b.program for b in piece.drops)
        self._reported: set[str] = set()
        key = cache_key(VERSION, gdef, tables, _SOURCES)
        cached = cache_load(key)
        if cached is not None and len(cached[0]) == len(programs):
            codes, problems, spans, self.last_move_uses = cached
            reader = BlockReader(tables, report, engine, self._reported)
            for number, path, message in problems:
                reader.problem(node_at(programs[number], path), message)
            self.translated_now = False
        else:
            tr = Translator(tables, report, engine, self._reported)
            codes = []
            for i, prog in enumerate(programs):
                try:
                    codes.append(compile(tr.function(i, prog), f"<zrf translation of {engine.path}>", "exec"))
                except _COMPILE_ERRORS:
                    codes.append(None)
            problems, spans, self.last_move_uses = tr.problems, tr.spans, tr.last_move_uses
            cache_store(key, codes, problems, spans, self.last_move_uses)
            self.translated_now = True
        namespace = self._namespace([node_at(programs[b], path).span for b, path in spans])
        self._functions: dict[int, Callable] = {}
        closures = None
        for i, (prog, code) in enumerate(zip(programs, codes)):
            if code is None:
                if closures is None:
                    closures = Compiler(tables, report, engine, self._reported)
                fn = closures.block(prog)
            else:
                exec(code, namespace)  # noqa: S102 - the translator's own source, compiled above
                fn = namespace[f"_b{i}"]
            self._functions.setdefault(id(prog), fn)
        failed = codes.count(None)
        if failed:
            warnings.warn(f"{engine.path}: {failed} move block(s) nest too deeply for Python to compile "
                          "their translation; they run as closures", TranslationWarning, stacklevel=2)

    def _namespace(self, spans) -> dict:
        """The globals the generated functions read (see the ``_``-names in the source)."""
        t = self.t
        neutral = t.neutral

        def runaway(i):
            return ZrfRuntimeError([Diagnostic(
                "E510", f"runaway while loop: more than {WHILE_LIMIT} iterations in one move block", spans[i])])

        def adjacent(board, links, mover, p):
            return _adjacent_enemy(board, links, mover, p, neutral)
        return {"__builtins__": __builtins__, "_engine": self.engine, "_neutral": neutral,
                "_defaults": t.attr_defaults, "_runaway": runaway, "_adjacent_enemy": adjacent,
                "_read_last": _read_last}

    def block(self, program: Node) -> Callable:
        """The function made for ``program`` (one of the game's move or drop blocks)."""
        fn = self._functions.get(id(program))
        if fn is None:  # not a block of this game's pieces: the reference back end, problems said
            fn = self._functions[id(program)] = Compiler(
                self.t, self.report, self.engine, self._reported).block(program)
        return fn
