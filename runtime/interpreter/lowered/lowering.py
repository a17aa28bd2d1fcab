"""Lowering: a move or drop block's syntax tree -> its lowered form (:mod:`.form`), once per game.

This is the one reader of move programs' keyword text.  Its dispatch comes
from the keyword table (:mod:`zrf.keywords`): each statement and condition
keyword names a ``lower_<run>`` method here, whose form's arity and argument
kinds are checked before it reads an argument.  Names become integers
(:class:`runtime.interpreter.tables.Tables`).  Lowering also

* reports every form that cannot run (an unknown keyword or name, a wrong
  arity, a list where a name belongs, a condition where an instruction
  belongs) once, as a located W501, and lowers it to a stop (a condition:
  false), never a crash;
* folds constants: ``true``/``false``, a test of an unknown zone, piece type
  or position, a place that names no position; ``and``/``or``/``not`` of
  constants; ``(verify true)`` disappears, ``(verify false)`` is a stop, an
  ``if`` on a constant keeps one branch, a ``while`` on false disappears;
* drops dead code: what follows a stop, a ``while true`` or an ``if`` whose
  branches both stop.  Dead code is lowered all the same (and thrown away),
  so that its problems are said.

A new keyword whose meaning the form's nodes already express needs one row
in the keyword table and one ``lower_<name>`` method; nothing that consumes
the form changes (tests/runtime/test_lowered.py adds one to prove it).
"""

from __future__ import annotations

from typing import Callable, Iterable

from zrf import keywords as kw
from zrf.diagnostics import Report
from zrf.keywords import CONDITION, STATEMENT, Use
from zrf.syntax import Atom, List, Node, String, excerpt

from ..sentinels import NO, UNKNOWN
from ..tables import Tables
from .form import (
    HERE, NOWHERE, Add, Back, Cascade, ChangeType, Cond, Const, Create, Effect, From, Go, GoTarget,
    If, Jump, Junction, LoweredBlock, conditions, Mark, Not, Op, Place, PlaceKind, SetAttribute, SetFlag,
    SetPositionFlag, Step, Stmt, Stop, Predicate, To, Verify, While)

#: Every condition keyword (a condition written where an instruction belongs is reported as such).
_CONDITION_NAMES = frozenset(kw.table(CONDITION))

TRUE = Const(True)
FALSE = Const(False)


def where(node: Node) -> str:
    """The place a W501 is reported at (a macro's use, not its body)."""
    return str(node.span.root() if node.span.via is not None else node.span)


def dispatch(context: str, cls: type, prefix: str = "lower_") -> dict[str, tuple[Use, Callable]]:
    """Keyword -> (its use, the ``<prefix><run>`` method of ``cls``) for every keyword of ``context``.

    Built from the keyword table; a use whose method does not exist fails
    here, at import, and in tests/zrf/test_keywords.py.
    """
    return {name: (use, getattr(cls, prefix + use.run)) for name, use in kw.table(context).items()}


class Lowering:
    """Lowers the move and drop blocks of one game (:meth:`block`).

    ``move_types``: the game's move types, to tell ``(attacked? no-king)``
    (a move type where a place belongs) from an unknown place.  ``reported``
    holds the (place, message) of every W501 said so far.
    """

    #: keyword -> (its use, its ``lower_<run>`` method), for statements and for conditions
    statement_keywords: dict[str, tuple[Use, Callable]] = {}
    condition_keywords: dict[str, tuple[Use, Callable]] = {}

    def __init__(self, tables: Tables, report: Report, move_types: Iterable[str] = (),
                 reported: set[str] | None = None):
        self.t = tables
        self.report = report
        self.move_types = frozenset(move_types)
        self._reported: set[str] = set() if reported is None else reported

    # ------------------------------------------------------------------ blocks

    def block(self, program: Node, piece_type: int = NO, number: int = 0, drop: bool = False,
              move_type: str | None = None) -> LoweredBlock:
        """The lowered form of one block (its syntax tree ``program``)."""
        nodes = program.items if isinstance(program, List) else [program]
        return LoweredBlock(piece_type, number, drop, move_type, self.sequence(nodes), program)

    def sequence(self, nodes: list[Node]) -> tuple[Stmt, ...]:
        """Statements in order; once one ends every run, the rest is lowered (for its
        problems) and dropped."""
        out: list[Stmt] = []
        dead = False
        for n in nodes:
            lowered = self.instruction(n)
            if dead:
                continue
            for s in lowered:
                out.append(s)
                if _ends_every_run(s):
                    dead = True
                    break
        return tuple(out)

    def instruction(self, node: Node) -> tuple[Stmt, ...]:
        """One instruction: a step, a jump, a nested list, or a statement keyword (none, one or
        several statements after folding).  Whatever cannot run is a stop with its W501."""
        t = self.t
        if isinstance(node, String):
            return self._stop(node, f"unexpected string {excerpt(node)!r} in a move block")
        if isinstance(node, Atom):
            name = node.text
            d = t.dir_index.get(name)
            if d is not None:
                return (Step(d, False, node),)
            p = t.pos_index.get(name)
            if p is not None:
                return (Jump(p, node),)
            entry = self.statement_keywords.get(name)
            if entry is not None and entry[0].atom:
                return entry[1](self, name, node, [])
            if entry is not None:
                return self._stop(node, f"{name!r} cannot stand alone as an instruction")
            if name in _CONDITION_NAMES or name in t.attr_index:
                return self._stop(node, f"condition {name!r} used as an instruction")
            return self._stop(node, f"unknown instruction {name!r}")
        head = node.head
        if head is None or head in t.dir_index or head in t.pos_index:
            return self.sequence(node.items)
        entry = self.statement_keywords.get(head)
        if entry is None:
            return self._stop(node, f"unknown instruction {head!r}")
        use, method = entry
        args = node.items[1:]
        if not self.fits(use, head, node, args):
            return (Stop("cannot run", node),)
        return method(self, head, node, args)

    # ------------------------------------------------------------------ checks and names

    def problem(self, node: Node, message: str) -> None:
        """W501 at ``node``, once per place and message."""
        key = f"{where(node)}{message}"
        if key not in self._reported:
            self._reported.add(key)
            self.report.warning("W501", message, node.span)

    def _stop(self, node: Node, message: str) -> tuple[Stmt, ...]:
        self.problem(node, message)
        return (Stop(message, node),)

    def fits(self, use: Use, name: str, node: Node, args: list[Node]) -> bool:
        """Arity and argument shapes of ``node`` against its keyword's use, before any argument is read.

        Reports W501 and answers False when the form cannot run.
        """
        if not use.accepts(len(args)):
            if use.arity is None:
                self.problem(node, f"{name!r} is written alone, not as a list")
            else:
                self.problem(node, f"{name!r} takes {use.arity_text()} argument(s), got {len(args)}")
            return False
        for i, (a, kind) in enumerate(zip(args, use.kinds_for(len(args))), 1):
            if kind in kw.ATOM_KINDS and not isinstance(a, Atom):
                self.problem(a, f"{name}: argument {i} must be a {kind.replace('-', ' ')}, got {excerpt(a)!r}")
                return False
            if kind == "place" and not (isinstance(a, Atom) or (
                    isinstance(a, List) and a.head == "opposite" and len(a.items) == 2)):
                self.problem(a, f"{name}: argument {i} must be a direction or position, got {excerpt(a)!r}")
                return False
        return True

    def place(self, node: Node | None) -> Place:
        """A place argument: a direction, ``(opposite d)`` or a position; the cursor when absent.

        An unknown place is reported (W501) and is :data:`.form.NOWHERE`.
        """
        if node is None:
            return HERE
        if isinstance(node, Atom):
            d = self.t.dir_index.get(node.text)
            if d is not None:
                return Place(PlaceKind.LINK, d)
            p = self.t.pos_index.get(node.text)
            if p is not None:
                return Place(PlaceKind.POSITION, p)
        if isinstance(node, List) and node.head == "opposite" and len(node.items) == 2:
            d = self.t.dir_index.get(node.items[1].text) if isinstance(node.items[1], Atom) else None
            if d is not None:
                return Place(PlaceKind.OPPOSITE, d)
        self.problem(node, f"unknown direction or position {excerpt(node)!r}")
        return NOWHERE

    def _place_arg(self, args: list[Node], i: int = 0) -> Place:
        return self.place(args[i]) if len(args) > i else HERE

    def types(self, nodes) -> tuple[int, ...] | None:
        """Piece type indices of ``nodes``; None (after a W501) when one is unknown."""
        out = []
        for n in nodes:
            ti = self.t.type_index.get(n.text)
            if ti is None:
                self.problem(n, f"unknown piece type {excerpt(n)!r}")
                return None
            out.append(ti)
        return tuple(out)

    # ------------------------------------------------------------------ statements (zrf.keywords run names)

    def lower_verify(self, name, node, args):
        c = self.condition(args[0])
        if c == TRUE:
            return ()
        if c == FALSE:
            return (Stop("verify false", node),)
        return (Verify(c, node),)

    def lower_if(self, name, node, args):
        c = self.condition(args[0])
        body = list(args[1:])
        split = next((i for i, n in enumerate(body) if isinstance(n, Atom) and n.text == "else"), None)
        then_nodes, else_nodes = (body, []) if split is None else (body[:split], body[split + 1:])
        then, orelse = self.sequence(then_nodes), self.sequence(else_nodes)
        if isinstance(c, Const):
            return then if c.value else orelse
        if not then and not orelse and not _effectful(c):
            return ()
        return (If(c, then, orelse, node),)

    def lower_else(self, name, node, args):
        self.problem(node, "'else' outside an (if ...) does nothing")
        return ()

    def lower_while(self, name, node, args):
        c = self.condition(args[0])
        body = self.sequence(list(args[1:]))
        if c == FALSE:
            return ()
        return (While(c, body, node),)

    def lower_add(self, name, node, args):
        copy = "copy" in name
        partial = None
        if name.endswith("partial"):
            partial = args[-1].text
            args = args[:-1]
        types = self.types(args)
        if types is None:
            return (Stop("unknown piece type", node),)
        return (Add(types, partial, copy, node),)

    def _moving(self, cls, node, args):
        """``mark``, ``from``, ``to`` with a place: a place that names no position stops the block."""
        place = self._place_arg(args)
        if place == NOWHERE:
            return (Stop("no such place", node),)
        return (cls(place, node),)

    def lower_mark(self, name, node, args):
        return self._moving(Mark, node, args)

    def lower_from(self, name, node, args):
        return self._moving(From, node, args)

    def lower_to(self, name, node, args):
        return self._moving(To, node, args)

    def lower_back(self, name, node, args):
        return (Back(node),)

    def lower_go(self, name, node, args):
        try:
            target = GoTarget(args[0].text)
        except ValueError:
            return self._stop(node, f"go needs from, to, mark, last-from or last-to, not {excerpt(args[0])!r}")
        return (Go(target, node),)

    def lower_opposite(self, name, node, args):
        d = self.t.dir_index.get(args[0].text)
        if d is None:
            return self._stop(node, f"opposite needs a direction, got {excerpt(args[0])!r}")
        return (Step(d, True, node),)

    def lower_cascade(self, name, node, args):
        return (Cascade(node),)

    def _effect(self, make, node, place: Place):
        """An effect aimed off the board does nothing, and the block goes on."""
        return () if place == NOWHERE else (make(place),)

    def lower_capture(self, name, node, args):
        return self._effect(lambda p: Effect(Op.CAPTURE, p, node), node, self._place_arg(args))

    def lower_flip(self, name, node, args):
        return self._effect(lambda p: Effect(Op.FLIP, p, node), node, self._place_arg(args))

    def lower_change_owner(self, name, node, args):
        return self._effect(lambda p: Effect(Op.CHANGE_OWNER, p, node), node, self._place_arg(args))

    def lower_change_type(self, name, node, args):
        ti = self.t.type_index.get(args[0].text)
        if ti is None:
            return self._stop(node, f"unknown piece type {excerpt(args[0])!r}")
        return self._effect(lambda p: ChangeType(ti, p, node), node, self._place_arg(args, 1))

    def lower_create(self, name, node, args):
        """``create`` / ``(create [Player] [T] [p])``: arguments told apart by their namespace."""
        t = self.t
        owner = ptype = NO
        rest = list(args)
        if rest and rest[0].text in t.player_index:
            owner = t.player_index[rest.pop(0).text]
        if rest and rest[0].text in t.type_index:
            ptype = t.type_index[rest.pop(0).text]
        place = self.place(rest[0]) if rest else HERE
        return self._effect(lambda p: Create(owner, ptype, p, node), node, place)

    def lower_set_flag(self, name, node, args):
        return (SetFlag(args[0].text, self.condition(args[1]), node),)

    def lower_set_position_flag(self, name, node, args):
        c = self.condition(args[1])
        place = self._place_arg(args, 2)
        return self._effect(lambda p: SetPositionFlag(args[0].text, c, p, node), node, place)

    def lower_set_attribute(self, name, node, args):
        ai = self.t.attr_index.get(args[0].text)
        if ai is None:
            return self._stop(node, f"unknown attribute {excerpt(args[0])!r}")
        c = self.condition(args[1])
        place = self._place_arg(args, 2)
        return self._effect(lambda p: SetAttribute(ai, c, p, node), node, place)

    # ------------------------------------------------------------------ conditions

    def condition(self, node: Node) -> Cond:
        """A condition, folded where it is constant (a form that cannot run: false, after a W501)."""
        if isinstance(node, Atom):
            name = node.text
            entry = self.condition_keywords.get(name)
            if entry is not None and entry[0].atom:
                return self._positive_or_not(entry, node, [])
            if entry is not None:
                self.problem(node, f"{name} needs an argument")
                return FALSE
            return self._attribute(name, node, [])
        if isinstance(node, String):
            self.problem(node, f"unexpected string {excerpt(node)!r} as a condition")
            return FALSE
        head = node.head
        if head is None:
            self.problem(node, f"condition not understood: {excerpt(node, 60)}")
            return FALSE
        args = node.items[1:]
        entry = self.condition_keywords.get(head)
        if entry is None:
            return self._attribute(head, node, args)
        if not self.fits(entry[0], head, node, args):
            return FALSE
        return self._positive_or_not(entry, node, args)

    def _positive_or_not(self, entry, node, args) -> Cond:
        """The keyword's condition; a ``not-`` form is the negation of its positive keyword."""
        use, method = entry
        c = method(self, node, args)
        return negation(c, node) if use.positive is not None else c

    def _test(self, op: Op, node: Node, place_node: Node | None, arg=NO) -> Cond:
        place = self.place(place_node)
        if place == NOWHERE:
            return Const(False, node)
        return Predicate(op, place, arg, node)

    def _attribute(self, name: str, node: Node, args) -> Cond:
        """An attribute used as a condition: ``moved?``, ``(not-moved? n)``."""
        t = self.t
        negate = name.startswith("not-") and name[4:] in t.attr_index
        base = name[4:] if negate else name
        if base not in t.attr_index or len(args) > 1:
            self.problem(node, f"unknown condition {name!r}" if base not in t.attr_index
                         else f"attribute {name!r} takes at most one argument")
            return FALSE
        c = self._test(Op.ATTRIBUTE, node, args[0] if args else None, 1 << t.attr_index[base])
        return negation(c, node) if negate else c

    def lower_and(self, node, args):
        return junction(Op.AND, [self.condition(a) for a in args], node)

    def lower_or(self, node, args):
        return junction(Op.OR, [self.condition(a) for a in args], node)

    def lower_not(self, node, args):
        return negation(self.condition(args[0]), node)

    def lower_true(self, node, args):
        return Const(True, node)

    def lower_false(self, node, args):
        return Const(False, node)

    def _square(op: Op):
        def lower(self, node, args):
            return self._test(op, node, args[0] if args else None)
        lower.__doc__ = f"``{op.value}`` at a place (the cursor when absent)."
        return lower

    lower_empty = _square(Op.EMPTY)
    lower_friend = _square(Op.FRIEND)
    lower_enemy = _square(Op.ENEMY)
    lower_neutral = _square(Op.NEUTRAL)
    lower_marked = _square(Op.MARKED)
    lower_last_from = _square(Op.LAST_FROM)
    lower_last_to = _square(Op.LAST_TO)
    lower_adjacent_to_enemy = _square(Op.ADJACENT_TO_ENEMY)
    lower_goal_position = _square(Op.GOAL_POSITION)
    del _square

    def _attack(self, op: Op, node, args) -> Cond:
        """``(attacked? no-king)``: a move type where a place belongs; reported, the test is false.

        LeShogi's form: accepted by Zillions, meaning unknown (lint W378).
        """
        if args and isinstance(args[0], Atom) and args[0].text not in self.t.dir_index \
                and args[0].text not in self.t.pos_index and args[0].text in self.move_types:
            self.problem(node, f"{node.head} with move type {args[0].text!r} is not understood: "
                         "the test answers false")
            return Const(False, node)
        return self._test(op, node, args[0] if args else None)

    def lower_attacked(self, node, args):
        return self._attack(Op.ATTACKED, node, args)

    def lower_defended(self, node, args):
        return self._attack(Op.DEFENDED, node, args)

    def lower_on_board(self, node, args):
        if not args:
            return Const(True, node)
        return self._test(Op.ON_BOARD, node, args[0])

    def lower_piece(self, node, args):
        ti = self.t.type_index.get(args[0].text, UNKNOWN)
        if ti == UNKNOWN:  # no piece of a type the game lacks stands anywhere
            return Const(False, node)
        return self._test(Op.PIECE, node, args[1] if len(args) > 1 else None, ti)

    def lower_in_zone(self, node, args):
        zi = self.t.zone_index.get(args[0].text)
        if zi is None:  # an unknown zone holds no position
            return Const(False, node)
        return self._test(Op.IN_ZONE, node, args[1] if len(args) > 1 else None, zi)

    def lower_position(self, node, args):
        pi = self.t.pos_index.get(args[0].text, UNKNOWN)
        if pi == UNKNOWN:
            return Const(False, node)
        return Predicate(Op.POSITION, HERE, pi, node)

    def lower_flag(self, node, args):
        return Predicate(Op.FLAG, HERE, args[0].text, node)

    def lower_position_flag(self, node, args):
        return self._test(Op.POSITION_FLAG, node, args[1] if len(args) > 1 else None, args[0].text)


Lowering.statement_keywords = dispatch(STATEMENT, Lowering)
Lowering.condition_keywords = dispatch(CONDITION, Lowering)


def negation(c: Cond, src: Node | None = None) -> Cond:
    """``(not c)``, folded when ``c`` is constant."""
    if isinstance(c, Const):
        return Const(not c.value, src)
    return Not(c, src)


def junction(op: Op, items: list[Cond], src: Node | None = None) -> Cond:
    """``(and c...)`` (op AND) / ``(or c...)`` (op OR), constants folded where no test is lost.

    A constant that does not settle the answer is dropped; one that settles it
    ends the list (what follows never runs), and when nothing runs before it
    the whole answer is that constant.
    """
    settles = op is Op.OR
    keep: list[Cond] = []
    for c in items:
        if isinstance(c, Const):
            if c.value == settles:
                if not keep:
                    return Const(settles, src)
                keep.append(c)
                break
            continue
        keep.append(c)
    if not keep:
        return Const(not settles, src)
    if len(keep) == 1:
        return keep[0]
    return Junction(op, tuple(keep), src)


def _effectful(c: Cond) -> bool:
    """Can testing ``c`` do more than answer (an attack test runs other pieces' moves)?"""
    return any(isinstance(x, Predicate) and x.op in (Op.ATTACKED, Op.DEFENDED) for x in conditions(c))


def _ends_every_run(s: Stmt) -> bool:
    """Does every run that reaches ``s`` end in it (a stop, a loop left only by a stop or
    error E510, an ``if`` whose branches both end so)?"""
    if isinstance(s, Stop):
        return True
    if isinstance(s, While):
        return s.cond == TRUE
    if isinstance(s, If):
        return any(map(_ends_every_run, s.then)) and any(map(_ends_every_run, s.orelse))
    return False
