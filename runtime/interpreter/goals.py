"""Compile goal conditions (win/loss/draw/count) into functions of (state, player).

Position conditions (pieces-remaining, total-piece-count, absolute-config,
relative-config) are checked for every listed player after each turn; turn
conditions (stalemated, checkmated, captured, repetition) only for the player
to move (SEMANTICS §6.2).  A condition containing any turn predicate counts as
a turn condition.
"""

from __future__ import annotations

from zrf import keywords as kw
from zrf.diagnostics import Report
from zrf.keywords import GOAL, OCCUPIER, Use
from zrf.syntax import Atom, List, Node, excerpt, to_text

from .sentinels import NO, UNKNOWN
from .tables import Tables

TURN_PREDICATES = ("stalemated", "checkmated", "captured", "repetition")


def is_turn_condition(node: Node) -> bool:
    """Does the condition use a predicate that is checked only for the player to move?"""
    if isinstance(node, Atom):
        return node.text in TURN_PREDICATES
    if isinstance(node, List):
        if node.head in TURN_PREDICATES:
            return True
        return any(is_turn_condition(i) for i in node.items[1:]) if node.head in ("and", "or", "not") else False
    return False


def royal_types(node: Node, tables: Tables) -> set[int]:
    """Piece types named by ``(checkmated T...)`` anywhere in the condition."""
    out: set[int] = set()
    if isinstance(node, List):
        if node.head == "checkmated":
            out.update(tables.type_index[to_text(a)] for a in node.args if to_text(a) in tables.type_index)
        else:
            for i in node.items[1:]:
                out |= royal_types(i, tables)
    return out


class GoalCompiler:
    """Builds ``f(state, player) -> bool`` for each goal condition.

    Goal and occupier keywords run through the ``run_<name>`` methods named
    by the keyword table (:mod:`zrf.keywords`), after their arity and
    argument shapes are checked; a form that cannot run is reported (W502)
    and never holds.
    """

    def __init__(self, tables: Tables, report: Report):
        self.t = tables
        self.report = report

    def _fits(self, use: Use, node: List, args: list[Node]) -> bool:
        if not use.accepts(len(args)):
            self.report.add("W502", f"{node.head!r} takes {use.arity_text()} argument(s), got {len(args)}",
                                node.span)
            return False
        for a, kind in zip(args, use.kinds_for(len(args))):
            if kind in kw.ATOM_KINDS and not isinstance(a, Atom):
                self.report.add("W502", f"{node.head}: expected a {kind}, got {excerpt(a)!r}", a.span)
                return False
        return True

    def compile(self, node: Node):
        if isinstance(node, Atom):
            entry = _GOALS.get(node.text)
            if entry is not None and entry[0].atom:
                return entry[1](self, node, [])
            self.report.add("W502", f"unknown goal condition {excerpt(node)!r}", node.span)
            return lambda s, pl: False
        if not isinstance(node, List) or node.head is None:
            self.report.add("W502", f"goal condition not understood: {excerpt(node, 60)}", node.span)
            return lambda s, pl: False
        entry = _GOALS.get(node.head)
        if entry is None:
            self.report.add("W502", f"unknown goal condition {node.head!r}", node.span)
            return lambda s, pl: False
        args = node.items[1:]
        if not self._fits(entry[0], node, args):
            return lambda s, pl: False
        return entry[1](self, node, args)

    def run_and(self, node, args):
        fs = [self.compile(a) for a in args]
        return lambda s, pl: all(f(s, pl) for f in fs)

    def run_or(self, node, args):
        fs = [self.compile(a) for a in args]
        return lambda s, pl: any(f(s, pl) for f in fs)

    def run_not(self, node, args):
        f = self.compile(args[0])
        return lambda s, pl: not f(s, pl)

    def run_true(self, node, args):
        return lambda s, pl: True

    def run_false(self, node, args):
        return lambda s, pl: False

    def _count(self, args, total: bool):
        n = args[0].value if args[0].is_number else None
        if n is None:
            self.report.add("W502", f"expected a number, got {excerpt(args[0])!r}", args[0].span)
            return lambda s, pl: False
        types = {self.t.type_index.get(a.text, UNKNOWN) for a in args[1:]} or None
        return lambda s, pl: s.count_pieces(None if total else pl, types) == n

    def run_pieces_remaining(self, node, args):
        return self._count(args, False)

    def run_total_piece_count(self, node, args):
        return self._count(args, True)

    def run_checkmated(self, node, args):
        types = {self.t.type_index.get(a.text, UNKNOWN) for a in args}
        return lambda s, pl: not s.raw_moves() and s.royal_attacked(pl, types)

    def run_stalemated(self, node, args):
        return lambda s, pl: not s.raw_moves()

    def run_captured(self, node, args):
        types = {self.t.type_index.get(a.text, UNKNOWN) for a in args}
        return lambda s, pl: any(o == pl and ty in types for o, ty in s.removed)

    def run_repetition(self, node, args):
        return lambda s, pl: s.repetitions() >= 3

    def run_absolute_config(self, node, args):
        return self._absolute(node, args)

    def run_relative_config(self, node, args):
        return self._relative(node, args)

    # -- occupiers

    def occupier(self, node: Node):
        """``T``, ``(opponent T)``, ``(any-owner T)``, ``(not occ)``, or a list of alternatives -> f(piece, player)."""
        if isinstance(node, Atom):
            ti = self.t.type_index.get(node.text, UNKNOWN)
            return lambda pc, pl: pc is not None and pc[1] == ti and pc[0] == pl
        if isinstance(node, List) and node.items:
            entry = _OCCUPIERS.get(node.head) if node.head is not None else None
            if entry is None:  # alternatives, as the linter reads them
                fs = [self.occupier(a) for a in node.items]
                return lambda pc, pl: any(f(pc, pl) for f in fs)
            args = node.items[1:]
            if self._fits(entry[0], node, args):
                return entry[1](self, node, args)
            return lambda pc, pl: False
        self.report.add("W502", f"occupier not understood: {excerpt(node)}", node.span)
        return lambda pc, pl: False

    def run_opponent(self, node, args):
        ti = self.t.type_index.get(args[0].text, UNKNOWN)
        return lambda pc, pl: pc is not None and pc[1] == ti and pc[0] != pl

    def run_any_owner(self, node, args):
        ti = self.t.type_index.get(args[0].text, UNKNOWN)
        return lambda pc, pl: pc is not None and pc[1] == ti

    def run_not_occupier(self, node, args):
        f = self.occupier(args[0])
        return lambda pc, pl: not f(pc, pl)

    def _absolute(self, node, args):
        t = self.t
        if not args:
            return lambda s, pl: False
        where = args[-1]
        occs = [self.occupier(a) for a in args[:-1]]
        names = [to_text(a) for a in (where.items if isinstance(where, List) else [where])]
        # each name: a position (must match) or a zone (any of its positions for the player)
        slots = []
        for nm in names:
            if nm in t.pos_index:
                slots.append(("p", t.pos_index[nm]))
            elif nm in t.zone_index:
                slots.append(("z", t.zone_index[nm]))
            else:
                self.report.add("W502", f"absolute-config names unknown position or zone {nm!r}", node.span)
                slots.append(("p", NO))

        def match(pc, pl):
            return any(o(pc, pl) for o in occs)

        def test(s, pl):
            board = s.cells
            for kind, v in slots:
                if kind == "p":
                    if v == NO or not match(board[v], pl):
                        return False
                else:
                    if not any(match(board[p], pl) for p in t.zones[pl][v]):
                        return False
            return True
        return test

    def _relative(self, node, args):
        t = self.t
        items = list(args)
        occs, dirs = [], []
        for i, a in enumerate(items):
            if i % 2 == 0:
                occs.append(self.occupier(a))
            else:
                d = t.dir_index.get(to_text(a))
                if d is None:
                    self.report.add("W502", f"unknown direction {excerpt(a)!r}", a.span)
                    return lambda s, pl: False
                dirs.append(d)
        n = len(t.positions)

        def test(s, pl):
            board = s.cells
            links = t.links[pl]
            for start in range(n):
                p = start
                ok = occs[0](board[p], pl)
                k = 0
                while ok and k < len(dirs):
                    p = links[dirs[k]][p]
                    if p == NO:
                        ok = False
                        break
                    k += 1
                    ok = occs[k](board[p], pl)
                if ok:
                    return True
            return False
        return test



def _dispatch(context: str) -> dict:
    """Keyword -> (its use, the ``run_<name>`` method) for every keyword of ``context`` (see compiler.dispatch)."""
    return {name: (use, getattr(GoalCompiler, "run_" + use.run)) for name, use in kw.table(context).items()}


_GOALS = _dispatch(GOAL)
_OCCUPIERS = _dispatch(OCCUPIER)
