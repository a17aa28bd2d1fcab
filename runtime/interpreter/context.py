"""The execution state of one move-block run, and the candidate parts it emits.

One :class:`Context` is made per block run (SEMANTICS §5.2).  Compiled
instructions read and write its slots directly.  Pieces are tuples
``(owner, type, attribute_bits)``; the board is a list indexed by position
(``None`` for an empty cell) and is the *pre-move* view: nothing a block
records becomes visible until the move is applied (§5.2, §5.8).
"""

from __future__ import annotations

from operator import itemgetter

from .tables import NO


class TrackingBoard(list):
    """A board that records which squares are read (for the incremental attack test).

    A :class:`Context` over such a board keeps its ``reads`` set as ``track``.
    """

    reads: set[int]

    def __getitem__(self, i):
        self.reads.add(i)
        return list.__getitem__(self, i)


class Hit(Exception):
    """Raised in attack mode as soon as some move would capture the target square."""


class Branch(Exception):
    """A speculative attack run met an ``attacked?`` test beyond its script of answers."""


class Part(tuple):
    """One emitted candidate: the effects of one part of a turn (§5.7, §5.8).

    A tuple, so that the generated move programs make one with a single C call
    (``tuple.__new__(Part, fields)``, see :data:`FIELDS`); its fields are read by name.
    """

    __slots__ = ()

    def __new__(cls, moves, placements, effects, partial, mtype, drop_type, mtypes=None):
        return tuple.__new__(cls, (moves, placements, effects, partial, mtype, drop_type,
                                   (mtype,) if mtypes is None else mtypes))

    #: movements (from, to, piece, new type or -1, copy?) in recorded order
    moves = property(itemgetter(0))
    #: creates and drops (pos, piece, is_drop) in recorded order
    placements = property(itemgetter(1))
    #: ('x', pos) ('type', pos, t) ('owner', pos, pl) ('flip', pos) ('attr', pos, i, v)
    effects = property(itemgetter(2))
    #: move type named by add-partial, or None
    partial = property(itemgetter(3))
    #: the move type of the block that emitted it
    mtype = property(itemgetter(4))
    #: piece type taken from the mover's store (drops), or -1
    drop_type = property(itemgetter(5))
    #: every move type whose block emitted this same part (merged duplicates, §2.5)
    mtypes = property(itemgetter(6))

    @property
    def key(self) -> tuple:
        """What makes two parts the same legal move: movements, placements, effects, partial."""
        return self[:4]

    def also_of(self, mtype) -> "Part":
        """This part, emitted by a block of move type ``mtype`` too."""
        return Part(*self[:6], self[6] + (mtype,))


FIELDS = ("moves", "placements", "effects", "partial", "mtype", "drop_type", "mtypes")
"""The order of a :class:`Part`'s fields."""


class Context:
    """Cursor, from, moving piece, to, mark, flags and pending effects of one block run."""

    __slots__ = ("board", "mover", "links", "opp", "zones", "cur", "frm", "piece", "to", "mark",
                 "flags", "pflags", "cascades", "effects", "effmark",
                 "last_from", "last_to", "out", "mtype", "drop_type", "target", "engine",
                 "hands", "turn", "track", "script", "spos", "spare")

    def __init__(self, engine, board, mover, start, piece, is_drop, mtype, last_from, last_to,
                 out, target=NO, hands=None, turn=None):
        t = engine.tables
        self.engine = engine
        self.board = board
        self.mover = mover
        self.links = t.links[mover]
        self.opp = t.opposite[mover]
        self.zones = t.zones[mover]
        self.cur = start
        self.frm = NO if is_drop else start
        self.piece = piece
        self.to = NO
        self.mark = start
        self.flags = None
        self.pflags = None
        self.cascades = []
        self.effects = []
        self.effmark = 0
        self.last_from = last_from
        self.last_to = last_to
        self.out = out
        self.mtype = mtype
        self.drop_type = piece[1] if is_drop else -1
        self.target = target
        self.hands = hands
        self.turn = turn
        #: in an incremental attack baseline: the set of squares read (sentinels.LAST_MOVE = last-from/last-to)
        self.track = board.reads if isinstance(board, TrackingBoard) else None
        #: speculative attack runs: the answers given to successive attacked? tests
        #: (None outside speculation)
        self.script = None
        self.spos = 0
        #: in a royal-piece attack test: the royal types; a move that lands on the target
        #: turning its piece into one of them does not count (see ZrfGame.piece_attacks)
        self.spare = frozenset()

    def restart(self, start, piece):
        """Reuse this context for another block run of a board piece (attack tests)."""
        self.cur = start
        self.frm = start
        self.piece = piece
        self.to = NO
        self.mark = start
        self.flags = None
        self.pflags = None
        if self.cascades:
            self.cascades = []
        if self.effects:
            self.effects = []
        self.effmark = 0

    def emit(self, types, partial, copy):
        """``add`` and its forms: record one candidate, then reset to/effects (§5.7)."""
        dest = self.to if self.to != NO else self.cur
        target = self.target
        if target != NO:
            if dest == target and (self.frm != dest or types) and not (
                    types and self.spare.issuperset(types)):
                raise Hit()
            for e in self.effects:
                if e[0] == "x" and e[1] == target:
                    raise Hit()
            for m in self.cascades:
                if m[1] == target:
                    raise Hit()
            if partial is None:
                self.to = NO
                del self.effects[self.effmark:]
                return True
            if self.script is not None:
                raise Hit()  # speculative: let the real run follow the partial part
            # a partial part that does not hit yet: recorded so that the attack test can
            # follow its continuations (the whole turn is the move, §5.9)
        if self.effects:
            creates = tuple(e[1:] + (False,) for e in self.effects if e[0] == "create")
            effects = tuple(e for e in self.effects if e[0] != "create")
        else:
            creates = effects = ()
        cascades = self.cascades
        for t in (types or (-1,)):
            if self.frm == NO:
                placements = creates
                if self.piece is not None:
                    p = self.piece if t < 0 else (self.piece[0], t, self.piece[2])
                    placements = placements + ((dest, p, True),)
                self.out.append(Part(tuple(cascades), placements, effects, partial, self.mtype,
                                     self.drop_type))
            else:
                moves = tuple(cascades)
                if self.piece is not None and (self.frm != dest or t >= 0 or copy):
                    moves = moves + ((self.frm, dest, self.piece, t, copy),)
                self.out.append(Part(moves, creates, effects, partial, self.mtype,
                                     -1))
        self.to = NO
        del self.effects[self.effmark:]
        return True
