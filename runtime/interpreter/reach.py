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

The reading consumes the lowered form (:mod:`.lowered`), where conditions
are kept but ignored here (either answer is possible) and constants are
already folded.
"""

from __future__ import annotations

from .lowered.form import (
    Add, Back, Cascade, Effect, From, Go, GoTarget, If, Jump, LoweredBlock, Mark, Op, Place,
    PlaceKind, Step, Stmt, Stop, To, While)
from .tables import Tables

Positions = frozenset
"""A set of board positions (never NO: a step off the board ends that run)."""

_NOWHERE: Positions = frozenset()

READ_LIMIT = 500
"""Statements one reading of a block may visit; past it the block is unbounded from every square."""


class _Unknown(Exception):
    """The block's hits cannot be bounded (add-partial, a jump to last-from/last-to, too long)."""


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

    def positions(self, place: Place) -> Positions:
        """The positions a place names; those off the board left out."""
        kind, i = place.kind, place.index
        if kind is PlaceKind.CURSOR:
            return self.cur
        if kind is PlaceKind.POSITION:
            return frozenset((i,)) if i >= 0 else frozenset()
        return self.stepped((self.links if kind is PlaceKind.LINK else self.opp)[i])

    def stepped(self, row: list[int]) -> Positions:
        """The positions one link along ``row`` (a direction's link table) from the cursor's."""
        cur = self.cur
        if len(cur) == 1:
            for p in cur:
                q = row[p]
                return frozenset((q,)) if q >= 0 else _NOWHERE
        return frozenset([q for q in [row[p] for p in cur] if q >= 0])

    def destinations(self) -> Positions:
        """Where an ``add`` or ``cascade`` may land: ``to`` if set, else the cursor."""
        return self.to | self.cur if self.unset else self.to

    def move(self, ps: Positions) -> None:
        """The cursor goes to ``ps``; runs with nowhere to go stop."""
        self.cur = ps
        if not ps:
            self.dead = True

    def run(self, body: tuple[Stmt, ...]) -> None:
        rules = _RULES
        for s in body:
            if self.dead:
                return
            self.visited += 1
            if self.visited > READ_LIMIT:
                raise _Unknown()
            rule = rules.get(type(s))
            if rule is not None:  # the others move nothing: verify (it may hold), flags, effects
                rule(self, s)

    def _step(self, s: Step) -> None:
        self.move(self.stepped((self.opp if s.opposite else self.links)[s.direction]))

    def _jump(self, s: Jump) -> None:
        self.cur = frozenset((s.position,))

    def _stop(self, s: Stop) -> None:
        self.dead = True

    def _if(self, s: If) -> None:
        start = self.state()
        self.run(s.then)
        after_then = self.state()
        self.restore(start)
        self.run(s.orelse)
        self.join(after_then)

    def _while(self, s: While) -> None:
        self.looped = True
        while True:  # a loop is left (condition false) from any state its head sees
            head = self.state()
            self.run(s.body)
            self.join(head)
            if self.state() == head:
                break

    def _add(self, s: Add | Cascade) -> None:
        if s.op is Op.ADD and s.partial is not None:
            raise _Unknown()  # the attack follows the turn's later parts, from elsewhere
        self.hits.update(self.destinations())
        self.to = _NOWHERE
        self.unset = True
        if s.op is Op.CASCADE:
            self.frm = self.cur

    def _mark(self, s: Mark) -> None:
        ps = self.positions(s.place)
        if ps:
            self.mark = ps
        else:
            self.dead = True

    def _back(self, s: Back) -> None:
        self.move(self.mark)

    def _from_or_to(self, s: From | To) -> None:
        self.move(self.positions(s.place))
        if not self.dead:
            if s.op is Op.FROM:
                self.frm = self.cur
            else:  # every run reaching here sets to the cursor
                self.to = self.cur
                self.unset = False

    def _go(self, s: Go) -> None:
        target = s.target
        if target in (GoTarget.LAST_FROM, GoTarget.LAST_TO):
            raise _Unknown()  # the cursor may then be anywhere
        self.move(self.mark if target is GoTarget.MARK else self.frm if target is GoTarget.FROM
                  else self.destinations())  # to: the cursor stays when to is unset

    def _capture(self, s: Effect) -> None:
        if s.op is Op.CAPTURE:  # aimed off the board it does nothing, and the run goes on
            self.hits.update(self.positions(s.place))


#: What each kind of statement does to the sets (those absent move nothing and hit nothing), by
#: class: a dict keyed by the ``Op`` enum would hash each key in Python, once per statement read.
_RULES = {
    Step: _Run._step, Jump: _Run._jump, Stop: _Run._stop, If: _Run._if, While: _Run._while,
    Add: _Run._add, Cascade: _Run._add, Mark: _Run._mark, Back: _Run._back, From: _Run._from_or_to,
    To: _Run._from_or_to, Go: _Run._go, Effect: _Run._capture,
}


_UNREAD = object()
"""In a table of answers: not worked out yet."""


class BlockReach:
    """The squares one move block may hit, per owner and start square, worked out on first use."""

    __slots__ = ("_block", "_memo", "_silent", "_tables", "too_long")

    def __init__(self, block: LoweredBlock, tables: Tables) -> None:
        self._block = block
        self._tables = tables
        n = len(tables.positions)
        #: per owner, per start square: the squares a run could hit (None: unbounded)
        self._memo: list[list] = [[_UNREAD] * n for _ in tables.players]
        #: per owner, per start square: can a run emit nothing and meet no loop?
        self._silent: list[list] = [[_UNREAD] * n for _ in tables.players]
        #: one reading passed READ_LIMIT: the block is unbounded from every square
        self.too_long = False

    def _read(self, key: tuple[int, int]) -> None:
        hits, silent = None, False
        owner, start = key
        if not self.too_long:
            run = _Run(self._tables.links[owner], self._tables.opposite[owner], start)
            try:
                run.run(self._block.body)
                hits = frozenset(run.hits)
                silent = not hits and not run.looped
            except _Unknown:
                if run.visited > READ_LIMIT:
                    self.too_long = True
            except RecursionError:  # nested past Python's limit: no bound
                self.too_long = True
        self._silent[owner][start] = silent
        self._memo[owner][start] = hits

    def hits(self, owner: int, start: int) -> Positions | None:
        """The squares a run from ``start`` by ``owner``'s piece could hit; None when unbounded."""
        h = self._memo[owner][start]
        if h is _UNREAD:
            self._read((owner, start))
            h = self._memo[owner][start]
        return h

    def silent(self, owner: int, start: int) -> bool:
        """Does no run from ``start`` reach an ``add``, nor a ``while`` (which could run away)?

        Such a run emits nothing and raises nothing: move generation may skip it.
        """
        if self._silent[owner][start] is _UNREAD:
            self._read((owner, start))
        return self._silent[owner][start]


class PieceReach:
    """The :class:`BlockReach` of each move block of one piece type, and their union per square."""

    __slots__ = ("_emitting", "_memo", "blocks")

    def __init__(self, blocks: list[BlockReach], tables: Tables) -> None:
        self.blocks = blocks
        n = len(tables.positions)
        #: per owner, per start square: the union of the blocks' hits (None: one is unbounded)
        self._memo: list[list] = [[_UNREAD] * n for _ in tables.players]
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
        h = self._memo[owner][start]
        if h is not _UNREAD:
            return h
        out: set[int] | None = set()
        for b in self.blocks:
            bh = b.hits(owner, start)
            if bh is None:
                out = None
                break
            out |= bh
        self._memo[owner][start] = result = None if out is None else frozenset(out)
        return result


def attack_reach(tables: Tables, blocks_by_type: list[list[LoweredBlock]]) -> list[PieceReach]:
    """Per piece type, the reach of its move blocks (in the order of its blocks)."""
    return [PieceReach([BlockReach(b, tables) for b in blocks], tables) for blocks in blocks_by_type]


__all__ = ["BlockReach", "PieceReach", "attack_reach"]
