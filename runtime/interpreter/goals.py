"""Compile goal conditions (win/loss/draw/count) into functions of (state, player).

Position conditions (pieces-remaining, total-piece-count, absolute-config,
relative-config) are checked for every listed player after each turn; turn
conditions (stalemated, checkmated, captured, repetition) only for the player
to move (SEMANTICS §6.2).  A condition containing any turn predicate counts as
a turn condition.
"""

from __future__ import annotations

from zrf.diagnostics import Report
from zrf.syntax import Atom, List, Node, excerpt, to_text

from .tables import NO, Tables

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
    """Builds ``f(state, player) -> bool`` for each goal condition."""

    def __init__(self, tables: Tables, report: Report):
        self.t = tables
        self.report = report

    def compile(self, node: Node):
        t = self.t
        if isinstance(node, Atom):
            name = node.text
            if name == "stalemated":
                return lambda s, pl: not s.raw_moves()
            if name == "repetition":
                return lambda s, pl: s.repetitions() >= 3
            if name == "true":
                return lambda s, pl: True
            if name == "false":
                return lambda s, pl: False
            self.report.warning("W502", f"unknown goal condition {name!r}", node.span)
            return lambda s, pl: False
        if not isinstance(node, List) or node.head is None:
            self.report.warning("W502", f"goal condition not understood: {excerpt(node, 60)}", node.span)
            return lambda s, pl: False
        head, args = node.head, node.args
        if head == "and":
            fs = [self.compile(a) for a in args]
            return lambda s, pl: all(f(s, pl) for f in fs)
        if head == "or":
            fs = [self.compile(a) for a in args]
            return lambda s, pl: any(f(s, pl) for f in fs)
        if head == "not" and len(args) == 1:
            f = self.compile(args[0])
            return lambda s, pl: not f(s, pl)
        if head in ("pieces-remaining", "total-piece-count"):
            if not args or not (isinstance(args[0], Atom) and args[0].is_number):
                self.report.warning("W502", f"{head} needs a number", node.span)
                return lambda s, pl: False
            n = args[0].value
            types = {t.type_index.get(to_text(a), -2) for a in args[1:]} or None
            total = head == "total-piece-count"
            return lambda s, pl: s.count_pieces(None if total else pl, types) == n
        if head == "checkmated":
            types = {t.type_index.get(to_text(a), -2) for a in args}
            return lambda s, pl: not s.raw_moves() and s.royal_attacked(pl, types)
        if head == "stalemated":
            return lambda s, pl: not s.raw_moves()
        if head == "captured":
            types = {t.type_index.get(to_text(a), -2) for a in args}
            return lambda s, pl: any(o == pl and ty in types for o, ty in s.removed)
        if head == "repetition":
            return lambda s, pl: s.repetitions() >= 3
        if head == "absolute-config":
            return self._absolute(node, args)
        if head == "relative-config":
            return self._relative(node, args)
        self.report.warning("W502", f"unknown goal condition {head!r}", node.span)
        return lambda s, pl: False

    def occupier(self, node: Node):
        """``T``, ``(opponent T)``, ``(any-owner T)``, ``(not occ)`` -> f(piece, player) -> bool."""
        t = self.t
        if isinstance(node, Atom):
            ti = t.type_index.get(node.text, -2)
            return lambda pc, pl: pc is not None and pc[1] == ti and pc[0] == pl
        if isinstance(node, List) and len(node.items) == 2:
            inner = node.items[1]
            if node.head == "not":
                f = self.occupier(inner)
                return lambda pc, pl: not f(pc, pl)
            ti = t.type_index.get(to_text(inner), -2)
            if node.head == "opponent":
                return lambda pc, pl: pc is not None and pc[1] == ti and pc[0] != pl
            if node.head == "any-owner":
                return lambda pc, pl: pc is not None and pc[1] == ti
        self.report.warning("W502", f"occupier not understood: {excerpt(node, 60)}", node.span)
        return lambda pc, pl: False

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
                self.report.warning("W502", f"absolute-config names unknown position or zone {nm!r}", node.span)
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
                    self.report.warning("W502", f"unknown direction {excerpt(a)!r}", a.span)
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
