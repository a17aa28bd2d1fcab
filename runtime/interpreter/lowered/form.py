"""The lowered form of a move or drop block: a small tree of typed nodes, every name an integer.

A block's syntax tree is lowered once per game (:mod:`.lowering`) into this
form; the three readers of move programs consume it and never the keyword
text: the closures (:mod:`runtime.interpreter.compiler`, the reference), the
generated Python source (:mod:`runtime.interpreter.translate`, the fast
back end) and the reach analysis (:mod:`runtime.interpreter.reach`).

Statements and conditions are frozen dataclasses with ``__slots__``; each
answers ``op``, one :class:`Op`.  Places (the optional argument of ``mark``,
``from``, ``capture``, ``empty?``...) are :class:`Place` values: the cursor,
one link in a direction or against it, or a named position.  Directions,
positions, piece types, players, zones and attribute bits are the integers of
:class:`runtime.interpreter.tables.Tables`; flags keep their names.  Every
node keeps the syntax node it was lowered from (``src``), for its location.

What a run of a block means (SEMANTICS §5) is written once, on each node's
class; docs/runtime.md ("The lowered form") shows a block and its listing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import ClassVar, Iterator, Union

from zrf.syntax import Node, Span

from ..sentinels import NO


SOURCES = (__file__, str(Path(__file__).with_name("lowering.py")))
"""The files whose text decides what a block lowers to: whatever caches something made from the
form (the translated programs) hashes them."""


class Op(Enum):
    """Every kind of node of the lowered form."""

    # statements: where the cursor goes
    STEP = "step"
    JUMP = "jump"
    MARK = "mark"
    BACK = "back"
    FROM = "from"
    TO = "to"
    GO = "go"
    # statements: flow
    STOP = "stop"
    VERIFY = "verify"
    IF = "if"
    WHILE = "while"
    # statements: the move and its effects
    ADD = "add"
    CASCADE = "cascade"
    CAPTURE = "capture"
    FLIP = "flip"
    CHANGE_OWNER = "change-owner"
    CHANGE_TYPE = "change-type"
    CREATE = "create"
    SET_ATTRIBUTE = "set-attribute"
    SET_FLAG = "set-flag"
    SET_POSITION_FLAG = "set-position-flag"
    # conditions
    TRUE = "true"
    FALSE = "false"
    AND = "and"
    OR = "or"
    NOT = "not"
    EMPTY = "empty?"
    FRIEND = "friend?"
    ENEMY = "enemy?"
    NEUTRAL = "neutral?"
    MARKED = "marked?"
    LAST_FROM = "last-from?"
    LAST_TO = "last-to?"
    ATTACKED = "attacked?"
    DEFENDED = "defended?"
    ADJACENT_TO_ENEMY = "adjacent-to-enemy?"
    GOAL_POSITION = "goal-position?"
    ON_BOARD = "on-board?"
    PIECE = "piece?"
    IN_ZONE = "in-zone?"
    POSITION = "position?"
    FLAG = "flag?"
    POSITION_FLAG = "position-flag?"
    ATTRIBUTE = "attribute?"


STATEMENT_OPS = frozenset((
    Op.STEP, Op.JUMP, Op.MARK, Op.BACK, Op.FROM, Op.TO, Op.GO, Op.STOP, Op.VERIFY, Op.IF, Op.WHILE,
    Op.ADD, Op.CASCADE, Op.CAPTURE, Op.FLIP, Op.CHANGE_OWNER, Op.CHANGE_TYPE, Op.CREATE,
    Op.SET_ATTRIBUTE, Op.SET_FLAG, Op.SET_POSITION_FLAG))
"""The ops of statements; every other op is a condition's."""

CONDITION_OPS = frozenset(Op) - STATEMENT_OPS


class PlaceKind(Enum):
    """What a :class:`Place` names."""

    CURSOR = "cursor"
    LINK = "link"          # one step from the cursor in a direction
    OPPOSITE = "opposite"  # one step from the cursor against a direction, (opposite d)
    POSITION = "position"  # a named position; NO: none (an unknown name, off the board)


@dataclass(frozen=True, slots=True)
class Place:
    """Where a statement or test acts: the cursor, a neighbour of it, or a fixed position.

    A link that leads off the board, and :data:`NOWHERE`, name no position:
    a test there fails, an effect there does nothing, a move there stops the block.
    """

    kind: PlaceKind
    #: the direction (LINK, OPPOSITE) or position (POSITION); NO for the cursor
    index: int = NO


HERE = Place(PlaceKind.CURSOR)
"""The cursor: a statement or test written without a place."""

NOWHERE = Place(PlaceKind.POSITION, NO)
"""No position (an unknown place name, reported when lowered)."""


class GoTarget(Enum):
    """Where ``(go ...)`` sends the cursor (the ``go-target`` kind of zrf.keywords)."""

    FROM = "from"
    TO = "to"
    MARK = "mark"
    LAST_FROM = "last-from"
    LAST_TO = "last-to"


def _src() -> Node | None:
    return field(default=None, compare=False, repr=False)


class _Located:
    """A node's place in the source: the syntax node it was lowered from."""

    __slots__ = ()
    src: Node | None

    @property
    def span(self) -> Span | None:
        """Where the form this node came from is written (its macro call chain in ``via``)."""
        return None if self.src is None else self.src.span


# ----------------------------------------------------------------------------- conditions

@dataclass(frozen=True, slots=True)
class Const(_Located):
    """``true`` / ``false``, and every condition folded to a constant while lowering."""

    value: bool
    src: Node | None = _src()

    @property
    def op(self) -> Op:
        return Op.TRUE if self.value else Op.FALSE


@dataclass(frozen=True, slots=True)
class Junction(_Located):
    """``(and c...)`` (op AND) or ``(or c...)`` (op OR): the items in order, until one settles it.

    Lowering drops constants that settle nothing and everything after one that
    settles; a settling constant is kept last only after items that must still
    be evaluated.
    """

    op: Op
    items: tuple["Cond", ...]
    src: Node | None = _src()


@dataclass(frozen=True, slots=True)
class Not(_Located):
    """``(not c)``, and every ``not-`` form: the negation of the positive test."""

    item: "Cond"
    src: Node | None = _src()
    op: ClassVar[Op] = Op.NOT


@dataclass(frozen=True, slots=True)
class Predicate(_Located):
    """A test of one square: false when ``place`` names no position.

    ``arg`` by op: PIECE a piece type, IN_ZONE a zone, ATTRIBUTE the
    attribute's bit mask, POSITION a position (the place is the cursor),
    FLAG and POSITION_FLAG the flag's name; unused otherwise (NO).  ON_BOARD
    holds wherever ``place`` names a position.
    """

    op: Op
    place: Place = HERE
    arg: Union[int, str] = NO
    src: Node | None = _src()


Cond = Union[Const, Junction, Not, Predicate]

# ----------------------------------------------------------------------------- statements


@dataclass(frozen=True, slots=True)
class Step(_Located):
    """The cursor moves one link in ``direction`` (against it when ``opposite``); off the board: stop."""

    direction: int
    opposite: bool = False
    src: Node | None = _src()
    op: ClassVar[Op] = Op.STEP


@dataclass(frozen=True, slots=True)
class Jump(_Located):
    """The cursor goes to a named position."""

    position: int
    src: Node | None = _src()
    op: ClassVar[Op] = Op.JUMP


@dataclass(frozen=True, slots=True)
class Stop(_Located):
    """The block stops quietly (``(verify false)``, a form that cannot run: see ``why``)."""

    why: str = ""
    src: Node | None = _src()
    op: ClassVar[Op] = Op.STOP


@dataclass(frozen=True, slots=True)
class Verify(_Located):
    """The block stops quietly unless ``cond`` holds."""

    cond: Cond
    src: Node | None = _src()
    op: ClassVar[Op] = Op.VERIFY


@dataclass(frozen=True, slots=True)
class If(_Located):
    """``then`` when ``cond`` holds, else ``orelse``; a stop in either stops the block."""

    cond: Cond
    then: tuple["Stmt", ...]
    orelse: tuple["Stmt", ...] = ()
    src: Node | None = _src()
    op: ClassVar[Op] = Op.IF


@dataclass(frozen=True, slots=True)
class While(_Located):
    """``body`` while ``cond`` holds; more than WHILE_LIMIT rounds in one run is error E510 here."""

    cond: Cond
    body: tuple["Stmt", ...]
    src: Node | None = _src()
    op: ClassVar[Op] = Op.WHILE


@dataclass(frozen=True, slots=True)
class Mark(_Located):
    """The mark takes the position of ``place``; a place off the board stops the block."""

    place: Place = HERE
    src: Node | None = _src()
    op: ClassVar[Op] = Op.MARK


@dataclass(frozen=True, slots=True)
class Back(_Located):
    """The cursor goes to the mark (none: stop)."""

    src: Node | None = _src()
    op: ClassVar[Op] = Op.BACK


@dataclass(frozen=True, slots=True)
class From(_Located):
    """The cursor goes to ``place`` (off the board: stop); the piece there (none: stop) becomes the
    moving piece, moved from there."""

    place: Place = HERE
    src: Node | None = _src()
    op: ClassVar[Op] = Op.FROM


@dataclass(frozen=True, slots=True)
class To(_Located):
    """The cursor goes to ``place`` (off the board: stop) and becomes the destination."""

    place: Place = HERE
    src: Node | None = _src()
    op: ClassVar[Op] = Op.TO


@dataclass(frozen=True, slots=True)
class Go(_Located):
    """The cursor goes to a remembered square; an unset one stops the block, except ``to``,
    which leaves the cursor where it is."""

    target: GoTarget
    src: Node | None = _src()
    op: ClassVar[Op] = Op.GO


@dataclass(frozen=True, slots=True)
class Add(_Located):
    """Emit the move so far (``add``, ``add-copy``, ``add-partial``, ``add-copy-partial``, §5.7).

    One part per type of ``types`` (the moving piece becomes it; none: it keeps its
    type); ``copy``: the piece also stays; ``partial``: the same piece goes on with
    that move type (§5.9).  Then the destination and the effects are forgotten.
    """

    types: tuple[int, ...] = ()
    partial: str | None = None
    copy: bool = False
    src: Node | None = _src()
    op: ClassVar[Op] = Op.ADD


@dataclass(frozen=True, slots=True)
class Cascade(_Located):
    """The movement so far is recorded; the piece on the cursor moves next, from there."""

    src: Node | None = _src()
    op: ClassVar[Op] = Op.CASCADE


@dataclass(frozen=True, slots=True)
class Effect(_Located):
    """CAPTURE, FLIP or CHANGE_OWNER (to the mover) of the piece on ``place`` when the move is
    applied; a place off the board: nothing, and the block goes on."""

    op: Op
    place: Place = HERE
    src: Node | None = _src()


@dataclass(frozen=True, slots=True)
class ChangeType(_Located):
    """The piece on ``place`` becomes ``piece_type`` (off the board: nothing)."""

    piece_type: int
    place: Place = HERE
    src: Node | None = _src()
    op: ClassVar[Op] = Op.CHANGE_TYPE


@dataclass(frozen=True, slots=True)
class Create(_Located):
    """A piece is made on ``place`` (off the board: nothing): ``owner`` NO is the mover's,
    ``piece_type`` NO the moving piece's type (no moving piece: nothing)."""

    owner: int = NO
    piece_type: int = NO
    place: Place = HERE
    src: Node | None = _src()
    op: ClassVar[Op] = Op.CREATE


@dataclass(frozen=True, slots=True)
class SetAttribute(_Located):
    """Attribute ``attribute`` (its index) of the piece on ``place`` takes the value of
    ``value`` (tested only when the place is on the board)."""

    attribute: int
    value: Cond
    place: Place = HERE
    src: Node | None = _src()
    op: ClassVar[Op] = Op.SET_ATTRIBUTE


@dataclass(frozen=True, slots=True)
class SetFlag(_Located):
    """The block's flag ``name`` takes the value of ``value`` (every run starts with none set)."""

    name: str
    value: Cond
    src: Node | None = _src()
    op: ClassVar[Op] = Op.SET_FLAG


@dataclass(frozen=True, slots=True)
class SetPositionFlag(_Located):
    """Flag ``name`` of the position of ``place`` takes the value of ``value`` (off the board:
    nothing, the value untested)."""

    name: str
    value: Cond
    place: Place = HERE
    src: Node | None = _src()
    op: ClassVar[Op] = Op.SET_POSITION_FLAG


Stmt = Union[Step, Jump, Stop, Verify, If, While, Mark, Back, From, To, Go, Add, Cascade, Effect,
             ChangeType, Create, SetAttribute, SetFlag, SetPositionFlag]


@dataclass(frozen=True, slots=True)
class LoweredBlock(_Located):
    """One move or drop block of a piece type, lowered."""

    #: the piece type whose block it is, and the block's number among that type's moves or drops
    piece_type: int
    number: int
    drop: bool
    move_type: str | None
    body: tuple[Stmt, ...]
    src: Node | None = _src()


def statements(body: tuple[Stmt, ...]) -> Iterator[Stmt]:
    """Every statement of ``body``, nested ones included, in source order (a branch or loop
    before what follows it)."""
    for s in body:
        yield s
        if isinstance(s, If):
            yield from statements(s.then)
            yield from statements(s.orelse)
        elif isinstance(s, While):
            yield from statements(s.body)


def conditions(cond: Cond) -> Iterator[Cond]:
    """``cond`` and every condition inside it."""
    yield cond
    if isinstance(cond, Junction):
        for c in cond.items:
            yield from conditions(c)
    elif isinstance(cond, Not):
        yield from conditions(cond.item)


def statement_conditions(s: Stmt) -> tuple[Cond, ...]:
    """The conditions a statement tests itself (not those of nested statements)."""
    if isinstance(s, (Verify, If, While)):
        return (s.cond,)
    if isinstance(s, (SetAttribute, SetFlag, SetPositionFlag)):
        return (s.value,)
    return ()


def tests(body: tuple[Stmt, ...]) -> Iterator[Cond]:
    """Every condition node of ``body`` (nested ones included)."""
    for s in statements(body):
        for c in statement_conditions(s):
            yield from conditions(c)
