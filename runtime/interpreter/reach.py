"""Where a move block could ever capture: the squares its attack runs may hit, read from its program.

An attack test (``attacked?``, ``checkmated``, the king-safety filter,
SEMANTICS §5.11) asks whether some move of a piece would capture at a target
square, by running the piece's move blocks in attack mode.  Most blocks can
never reach the target from where the piece stands, whatever the board holds:
a rook's block stepping north from a1 never lands on b3.  This module works
that out per block, owner and start square, by abstract interpretation of the
block over *sets* of positions: every condition may answer either way (both
branches of an ``if`` are followed and joined, a ``verify`` may pass, a
``while`` runs to a fixpoint), and the slots that hold positions (cursor,
mark, from, to) hold every position they could hold in some run.

The result over-approximates: a block skipped because the target is not in
its set cannot hit the target in any run, so skipping it changes no answer.
What an attack run counts as a hit (:meth:`.context.Context.emit`) is the
destination of an ``add`` (``to`` if set, else the cursor), a ``capture``'s
position, and a ``cascade``'s destination; each is collected here.  Two
things make the set unknown (``None``: the block is always run): an
``add-partial`` (the attack follows the turn's later parts, from elsewhere),
and ``(go last-from)`` / ``(go last-to)``, whose positions depend on the game
so far (the cursor may then be anywhere).  A block whose reading from one
square visits more than :data:`READ_LIMIT` instructions (loops nested in
loops re-read their bodies) is unbounded too, from every square: it always
runs, as every block did before this module; only speed is lost.

Two stages.  :class:`ReachReader` reads a block's program once, through the
keyword table's dispatch (:func:`.blockreader.dispatch`, one ``run_<name>``
per statement keyword, as in the two back ends), into a small program of
position operations (conditions are dropped: either answer is possible).
:func:`_run` then interprets that program for each start square.  Problems
in the forms were reported when the game was compiled, so the reader reports
to a report of its own, which is thrown away.
"""

from __future__ import annotations

from zrf.diagnostics import Report
from zrf.keywords import STATEMENT
from zrf.syntax import List, Node

from .blockreader import GO_SLOTS, BlockReader, dispatch
from .tables import Tables

Positions = frozenset
"""A set of board positions (never NO: a step off the board ends that run)."""

READ_LIMIT = 500
"""Operations one reading of a block may visit; past it the block is unbounded from every square."""

# The operations of a read block (tuples, the name first).  A place is None (the cursor),
# ("dir", d), ("opp", d) or ("pos", p).
STEP, JUMP, STOP, IF, WHILE, ADD, UNBOUNDED, MARK, BACK, FROM, TO, GO, CASCADE, CAPTURE = range(14)


class _Unknown(Exception):
    """The block's hits cannot be bounded (add-partial, a jump to last-from/last-to, too long)."""


class ReachReader(BlockReader):
    """Reads one block's program into position operations (once per block)."""

    def __init__(self, tables: Tables, engine) -> None:
        super().__init__(tables, Report(), engine)
        self.ops: list[tuple] = []

    def read(self, program: Node) -> list[tuple]:
        self.ops = []
        self.sequence(program.items if isinstance(program, List) else [program])
        return self.ops

    def sequence(self, nodes: list[Node]) -> None:
        for n in nodes:
            self.instruction(n)

    def nested(self, nodes: list[Node]) -> list[tuple]:
        outer, self.ops = self.ops, []
        try:
            self.sequence(nodes)
            return self.ops
        finally:
            self.ops = outer

    def step(self, table: str, d: int) -> None:
        self.ops.append((STEP, ("dir" if table == "links" else "opp", d)))

    def jump(self, p: int) -> None:
        self.ops.append((JUMP, p))

    def _stop(self, node: Node, message: str) -> None:
        self.stop()  # said when the game was compiled

    def stop(self) -> None:
        self.ops.append((STOP,))

    def _place(self, args, i: int = 0):
        return self.place(args[i]) if len(args) > i else None

    # ------------------------------------------------------------------ statements (zrf.keywords run names)

    def run_verify(self, name, node, args):
        pass  # the condition may hold: the state goes on unchanged

    def run_if(self, name, node, args):
        then_nodes, else_nodes = self.if_branches(args)
        self.ops.append((IF, self.nested(then_nodes), self.nested(else_nodes)))

    def run_else(self, name, node, args):
        pass  # outside an (if ...) it does nothing

    def run_while(self, name, node, args):
        self.ops.append((WHILE, self.nested(list(args[1:]))))

    def run_add(self, name, node, args):
        self.ops.append((UNBOUNDED,) if name.endswith("partial") else (ADD,))

    def run_mark(self, name, node, args):
        self.ops.append((MARK, self._place(args)))

    def run_back(self, name, node, args):
        self.ops.append((BACK,))

    def run_from(self, name, node, args):
        self.ops.append((FROM, self._place(args)))

    def run_to(self, name, node, args):
        self.ops.append((TO, self._place(args)))

    def run_go(self, name, node, args):
        slot = GO_SLOTS.get(args[0].text)
        if slot is None:
            return self.stop()
        self.ops.append((UNBOUNDED,) if slot in ("last_from", "last_to") else (GO, slot))

    def run_opposite(self, name, node, args):
        d = self.t.dir_index.get(args[0].text)
        return self.stop() if d is None else self.step("opp", d)

    def run_cascade(self, name, node, args):
        self.ops.append((CASCADE,))

    def run_capture(self, name, node, args):
        self.ops.append((CAPTURE, self._place(args)))

    def _effect(self, name, node, args):
        """An effect that is no hit (flip, owner, create): it moves nothing, and aimed off the
        board it does nothing, so the run goes on unchanged."""

    run_flip = run_change_owner = run_create = _effect

    def run_change_type(self, name, node, args):
        if self.t.type_index.get(args[0].text) is None:
            return self.stop()

    def run_set_attribute(self, name, node, args):
        if self.t.attr_index.get(args[0].text) is None:
            return self.stop()

    def run_set_flag(self, name, node, args):
        pass

    def run_set_position_flag(self, name, node, args):
        pass  # a place off the board only skips the flag


ReachReader.statements = dispatch(STATEMENT, ReachReader)


class _Run:
    """One interpretation of a read block for one owner and start square."""

    __slots__ = ("links", "opp", "hits", "looped", "visited", "cur", "mark", "frm", "to", "unset",
                 "dead")

    def __init__(self, links, opp, start: int) -> None:
        self.links = links
        self.opp = opp
        self.hits: set[int] = set()
        #: did the reachable code hold a while loop (which could run away)?
        self.looped = False
        self.visited = 0
        here = frozenset((start,))
        self.cur = self.mark = self.frm = here
        #: the positions ``to`` may hold when set; ``unset``: may it be unset (add lands on cur)
        self.to: Positions = frozenset()
        self.unset = True
        #: no run reaches this point (after an unconditional stop)
        self.dead = False

    def state(self) -> tuple:
        return (self.cur, self.mark, self.frm, self.to, self.unset, self.dead)

    def restore(self, st: tuple) -> None:
        self.cur, self.mark, self.frm, self.to, self.unset, self.dead = st

    def join(self, st: tuple) -> None:
        """Runs reaching ``st`` continue here too."""
        if st[5]:
            return
        if self.dead:
            self.restore(st)
            return
        self.cur |= st[0]
        self.mark |= st[1]
        self.frm |= st[2]
        self.to |= st[3]
        self.unset = self.unset or st[4]

    def positions(self, place) -> Positions:
        """The positions a place names (the cursor when None); those off the board left out."""
        if place is None:
            return self.cur
        kind, i = place
        if kind == "pos":
            return frozenset((i,)) if i >= 0 else frozenset()
        links = (self.links if kind == "dir" else self.opp)[i]
        return frozenset([q for q in [links[p] for p in self.cur] if q >= 0])

    def destinations(self) -> Positions:
        """Where an ``add`` or ``cascade`` may land: ``to`` if set, else the cursor."""
        return self.to | self.cur if self.unset else self.to

    def move(self, ps: Positions) -> None:
        """The cursor goes to ``ps``; runs with nowhere to go stop."""
        self.cur = ps
        if not ps:
            self.dead = True

    def run(self, ops: list[tuple]) -> None:
        for op in ops:
            if self.dead:
                return
            self.visited += 1
            if self.visited > READ_LIMIT:
                raise _Unknown()
            kind = op[0]
            if kind == STEP:
                self.move(self.positions(op[1]))
            elif kind == JUMP:
                self.cur = frozenset((op[1],))
            elif kind == STOP:
                self.dead = True
            elif kind == IF:
                start = self.state()
                self.run(op[1])
                after_then = self.state()
                self.restore(start)
                self.run(op[2])
                self.join(after_then)
            elif kind == WHILE:
                self.looped = True
                while True:  # a loop is left (condition false) from any state its head sees
                    head = self.state()
                    self.run(op[1])
                    self.join(head)
                    if self.state() == head:
                        break
            elif kind == ADD or kind == CASCADE:
                self.hits.update(self.destinations())
                self.to = frozenset()
                self.unset = True
                if kind == CASCADE:
                    self.frm = self.cur
            elif kind == UNBOUNDED:
                raise _Unknown()
            elif kind == MARK:
                ps = self.positions(op[1])
                if ps:
                    self.mark = ps
                else:
                    self.dead = True
            elif kind == BACK:
                self.move(self.mark)
            elif kind == FROM or kind == TO:
                if op[1] is not None:
                    self.move(self.positions(op[1]))
                if not self.dead:
                    if kind == FROM:
                        self.frm = self.cur
                    else:  # every run reaching here sets to the cursor
                        self.to = self.cur
                        self.unset = False
            elif kind == GO:
                slot = op[1]
                self.move(self.mark if slot == "mark" else self.frm if slot == "frm"
                          else self.destinations())  # to: the cursor stays when to is unset
            elif kind == CAPTURE:  # aimed off the board it does nothing, and the run goes on
                self.hits.update(self.positions(op[1]))


class BlockReach:
    """The squares one move block may hit, per owner and start square, worked out on first use."""

    __slots__ = ("_program", "_tables", "_engine", "_ops", "_memo", "_silent", "too_long")

    def __init__(self, program: Node, tables: Tables, engine) -> None:
        self._program = program
        self._tables = tables
        self._engine = engine
        self._ops: list[tuple] | None = None
        self._memo: dict[tuple[int, int], Positions | None] = {}
        #: (owner, start) -> can a run emit nothing and meet no loop?
        self._silent: dict[tuple[int, int], bool] = {}
        #: one reading passed READ_LIMIT: the block is unbounded from every square
        self.too_long = False

    def _read(self, key: tuple[int, int]) -> None:
        ops = self._ops
        if ops is None:  # a reader per block: games are shared between threads, a reader has state
            try:
                ops = self._ops = ReachReader(self._tables, self._engine).read(self._program)
            except RecursionError:  # nested past Python's limit (the back ends report it): no bound
                self.too_long = True
                ops = self._ops = []
        hits, silent = None, False
        if not self.too_long:
            owner, start = key
            run = _Run(self._tables.links[owner], self._tables.opposite[owner], start)
            try:
                run.run(ops)
                hits = frozenset(run.hits)
                silent = not hits and not run.looped
            except _Unknown:
                if run.visited > READ_LIMIT:
                    self.too_long = True
            except RecursionError:
                self.too_long = True
        self._silent[key] = silent
        self._memo[key] = hits

    def hits(self, owner: int, start: int) -> Positions | None:
        """The squares a run from ``start`` by ``owner``'s piece could hit; None when unbounded."""
        key = (owner, start)
        memo = self._memo
        if key not in memo:
            self._read(key)
        return memo[key]

    def silent(self, owner: int, start: int) -> bool:
        """Does no run from ``start`` reach an ``add``, nor a ``while`` (which could run away)?

        Such a run emits nothing and raises nothing: move generation may skip it.
        """
        key = (owner, start)
        if key not in self._silent:
            self._read(key)
        return self._silent[key]


class PieceReach:
    """The :class:`BlockReach` of each move block of one piece type, and their union per square."""

    __slots__ = ("blocks", "_memo", "_emitting")

    def __init__(self, blocks: list[BlockReach]) -> None:
        self.blocks = blocks
        self._memo: dict[tuple[int, int], Positions | None] = {}
        self._emitting: dict[tuple[int, int], tuple[int, ...]] = {}

    def emitting(self, owner: int, start: int) -> tuple[int, ...]:
        """The indices of the blocks that may emit a part from ``start`` (the others are silent)."""
        key = (owner, start)
        out = self._emitting.get(key)
        if out is None:
            out = self._emitting[key] = tuple(
                i for i, b in enumerate(self.blocks) if not b.silent(owner, start))
        return out

    def hits(self, owner: int, start: int) -> Positions | None:
        """The squares some block of this piece on ``start`` could hit; None when one block is unbounded."""
        key = (owner, start)
        memo = self._memo
        if key in memo:
            return memo[key]
        out: set[int] | None = set()
        for b in self.blocks:
            h = b.hits(owner, start)
            if h is None:
                out = None
                break
            out |= h
        memo[key] = result = None if out is None else frozenset(out)
        return result


def attack_reach(tables: Tables, engine, programs_by_type: list[list[Node]]) -> list[PieceReach]:
    """Per piece type, the reach of its move blocks (in the order of its blocks)."""
    return [PieceReach([BlockReach(p, tables, engine) for p in programs]) for programs in programs_by_type]


__all__ = ["BlockReach", "PieceReach", "ReachReader", "attack_reach"]
