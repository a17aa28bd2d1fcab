"""What the two move-program back ends share: reading a keyword's form before running it.

The closure compiler (:mod:`.compiler`) and the source translator
(:mod:`.translate`) run the same keywords with the same meaning.  Everything
decided *before* a keyword runs lives here once: the keyword dispatch built
from the keyword table (:mod:`zrf.keywords`), the arity and argument-shape
check, how a place argument (direction, position, ``(opposite d)``) and a
list of piece types resolve to integers, and the one W501 report per form
that cannot run.
"""

from __future__ import annotations

from typing import Callable

from zrf import keywords as kw
from zrf.diagnostics import Report
from zrf.keywords import Use
from zrf.syntax import Atom, List, Node, String, excerpt

from .tables import Tables

#: Every condition keyword (a condition written where an instruction belongs is reported as such).
_CONDITION_NAMES = frozenset(kw.table(kw.CONDITION))

#: The context slot each ``(go ...)`` target names (zrf.keywords.GO_TARGETS, in that order).
GO_SLOTS = dict(zip(kw.GO_TARGETS, ("frm", "to", "mark", "last_from", "last_to")))


def where(node: Node) -> str:
    """The place a W501 is reported at (a macro's use, not its body)."""
    return str(node.span.root() if node.span.via is not None else node.span)


def dispatch(context: str, cls: type) -> dict[str, tuple[Use, Callable]]:
    """Keyword -> (its use, the ``run_<name>`` method of ``cls``) for every keyword of ``context``.

    Built from the keyword table; a use whose handler does not exist fails
    here, at import, and in tests/zrf/test_keywords.py.
    """
    return {name: (use, getattr(cls, "run_" + use.run)) for name, use in kw.table(context).items()}


class BlockReader:
    """Checks and name resolution common to every back end of the move programs of one game.

    :meth:`instruction` classifies one instruction for every back end; a back end
    supplies ``statements`` (its :func:`dispatch` of the statement keywords) and
    the hooks it calls: ``step(table, d)``, ``jump(p)``, ``sequence(nodes)``,
    ``stop()`` and ``_stop(node, message)`` (a stop with a W501).
    """

    #: keyword -> (use, ``run_<name>``) of the back end's statements
    statements: dict[str, tuple[Use, Callable]] = {}

    def __init__(self, tables: Tables, report: Report, engine, reported: set[str] | None = None):
        self.t = tables
        self.report = report
        self.engine = engine
        #: (place, message) of every W501 said so far (shared when two back ends read one game)
        self._reported: set[str] = set() if reported is None else reported
        #: count of compiled uses of last-from/last-to (statistics for diagnostics and docs)
        self.last_move_uses = 0

    def instruction(self, node: Node):
        """One instruction of a block: a step, a jump, a nested list, or a statement keyword.

        Whatever cannot run is a stop with its W501 (a string, a condition or an
        unknown name where an instruction belongs, a form of the wrong shape).
        """
        t = self.t
        if isinstance(node, String):
            return self._stop(node, f"unexpected string {excerpt(node)!r} in a move block")
        if isinstance(node, Atom):
            name = node.text
            d = t.dir_index.get(name)
            if d is not None:
                return self.step("links", d)
            p = t.pos_index.get(name)
            if p is not None:
                return self.jump(p)
            entry = self.statements.get(name)
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
        entry = self.statements.get(head)
        if entry is None:
            return self._stop(node, f"unknown instruction {head!r}")
        use, method = entry
        args = node.items[1:]
        if not self.fits(use, head, node, args):
            return self.stop()
        return method(self, head, node, args)

    def problem(self, node: Node, message: str) -> None:
        """W501 at ``node``, once per place and message."""
        key = f"{where(node)}{message}"
        if key not in self._reported:
            self._reported.add(key)
            self.report.warning("W501", message, node.span)

    def place(self, node: Node | None) -> tuple[str, int] | None:
        """A place argument resolved: ``("dir", d)``, ``("opp", d)``, ``("pos", p)``, ``None`` for the cursor.

        An unknown place is reported (W501) and resolves to ``("pos", NO)``: off the board.
        """
        if node is None:
            return None
        if isinstance(node, Atom):
            d = self.t.dir_index.get(node.text)
            if d is not None:
                return ("dir", d)
            p = self.t.pos_index.get(node.text)
            if p is not None:
                return ("pos", p)
        if isinstance(node, List) and node.head == "opposite" and len(node.items) == 2:
            d = self.t.dir_index.get(node.items[1].text) if isinstance(node.items[1], Atom) else None
            if d is not None:
                return ("opp", d)
        self.problem(node, f"unknown direction or position {excerpt(node)!r}")
        return ("pos", -1)

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

    def create_args(self, args) -> tuple[int | None, int | None, Node | None]:
        """``(create [Player] [T] [p])``: owner, type and place, told apart by their namespace."""
        t = self.t
        owner = ptype = None
        rest = list(args)
        if rest and rest[0].text in t.player_index:
            owner = t.player_index[rest.pop(0).text]
        if rest and rest[0].text in t.type_index:
            ptype = t.type_index[rest.pop(0).text]
        return owner, ptype, (rest[0] if rest else None)

    def if_branches(self, args) -> tuple[list[Node], list[Node]]:
        """``(if c then... [else else...])``: the then and else instruction lists."""
        body = list(args[1:])
        split = next((i for i, n in enumerate(body) if isinstance(n, Atom) and n.text == "else"), None)
        if split is None:
            return body, []
        return body[:split], body[split + 1:]

    def attack_move_type(self, node, args) -> bool:
        """``(attacked? no-king)``: a move type where a place belongs; reported, the test answers false.

        LeShogi's form: accepted by Zillions, meaning unknown (lint W378).
        """
        if args and isinstance(args[0], Atom) and args[0].text not in self.t.dir_index \
                and args[0].text not in self.t.pos_index and args[0].text in self.engine.gdef.move_types:
            self.problem(node, f"{node.head} with move type {args[0].text!r} is not understood: "
                         "the test answers false")
            return True
        return False

    def attribute(self, name: str, node: Node, args) -> tuple[int, bool] | None:
        """An attribute used as a condition (``moved?``, ``(not-moved? n)``): (its bit, negated?).

        None (after a W501) when ``name`` is no attribute or has more than one argument.
        """
        negate = name.startswith("not-") and name[4:] in self.t.attr_index
        base = name[4:] if negate else name
        if base not in self.t.attr_index or len(args) > 1:
            self.problem(node, f"unknown condition {name!r}" if base not in self.t.attr_index
                         else f"attribute {name!r} takes at most one argument")
            return None
        return 1 << self.t.attr_index[base], negate
