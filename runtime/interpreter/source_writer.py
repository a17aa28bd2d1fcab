"""Python source of lowered move blocks (:mod:`.lowered`): what the fast back end compiles.

:class:`Translator` writes each block as straight-line Python: steps,
verifies, ``if`` and ``while`` become Python statements and loops, conditions
inline expressions, and every name the integer constant the lowering resolved
it to.  A block becomes two functions (:class:`Mode`), one generating its
parts and one testing whether it attacks a square, whose whole run lives in
local variables: the cursor, the mark, from, to, the moving piece, the flags
(one local each) and the position flags (one list per flag, indexed by
position), each direction's row of the link table, and the pending effects.
``add`` is written out where it stands: in generation it appends the part
(specialised to what the block can do: a block without effects or cascades
writes its one movement directly), in attack mode it returns True when the
move would capture at the target and otherwise only forgets the destination.
Per piece type, :meth:`Translator.fused_function` writes one function running
all its move blocks, a twin that counts most parts instead of making them, and
one that makes only the parts that may change material.

A block that asks ``attacked?`` or ``defended?`` asks the position's chain of
attack questions (``asker``, :mod:`.attacks`) when it generates; in attack
mode a search runs it first with scripted answers, which needs the run on a
:class:`.context.Context`: its attack function is written as one function of
the context (``def _cN(ctx)``, the slots the engine reads kept on the
context).  A ``while`` counts its iterations and raises ``_runaway(N)``,
error E510 at the N-th loop of :func:`whiles`, past
:data:`.compiler.WHILE_LIMIT`, as the closures do.

The functions read a few globals, which :mod:`.translate` provides: ``_links``,
``_opposite``, ``_zones`` (the tables), ``_Part``/``_new`` (to make parts),
``_runaway``, ``_engine``, ``_neutral``, ``_defaults``, ``_adjacent_enemy``,
``_read_last`` and ``_verified`` (below), and ``_may_change``
(:func:`.parts.part_may_change_material`).
"""

from __future__ import annotations

from enum import Enum
from typing import Callable

from .compiler import WHILE_LIMIT
from .lowered.form import (
    Add, ChangeType, Cond, Const, Create, Effect, From, Go, GoTarget, If, Jump, Junction,
    LoweredBlock, Mark, Not, Op, Place, PlaceKind, Predicate, SetAttribute, SetFlag,
    SetPositionFlag, Step, Stmt, Stop, To, Verify, While, statements, tests)
from .sentinels import LAST_MOVE, NO


class Mode(Enum):
    """Which function of a block is written."""

    GENERATE = "generate"  # _gN(board, pos, piece, mover, lf, lt, out, asker)
    ATTACK = "attack"      # _aN(search, board, pos, piece, lf, lt, target, spare, partials, track)
    CONTEXT = "context"    # _cN(ctx): the run's slots on a Context


class Fused(Enum):
    """Which fused function of a piece type is written (:meth:`Translator.fused_function`)."""

    GENERATE = "_G"  # every part
    COUNT = "_K"     # most parts counted as keys, the others made
    MATERIAL = "_M"  # only the parts that may change material made


_HEADS = {
    Mode.GENERATE: ("_g", "board, pos, piece, mover, lf, lt, out, asker"),
    Mode.ATTACK: ("_a", "search, board, pos, piece, lf, lt, target, spare, partials, track"),
    Mode.CONTEXT: ("_c", "ctx"),
}

#: The prologue line of each local a lean function may read, in this order.
_LEAN_PROLOGUE = (
    ("mover", "mover = piece[0]"),          # attack mode only: the piece's owner moves
    ("links", "links = _links[mover]"),
    ("opp", "opp = _opposite[mover]"),
    ("zones", "zones = _zones[mover]"),
    ("cur", "cur = pos"),
    ("frm", "frm = {frm}"),
    ("pc", "pc = piece"),
    ("to", "to = -1"),
    ("mark", "mark = pos"),
    ("effects", "effects = []"),
    ("cascades", "cascades = []"),
    ("effmark", "effmark = 0"),
)
#: The locals a fused function shares between its blocks (the others each block sets afresh).
_SHARED = frozenset(("mover", "links", "opp", "zones", "board"))

#: The same for a function of the context.
_CONTEXT_PROLOGUE = (
    ("cur", "cur = ctx.cur"),
    ("board", "board = ctx.board"),
    ("links", "links = ctx.links"),
    ("opp", "opp = ctx.opp"),
    ("mover", "mover = ctx.mover"),
    ("zones", "zones = ctx.zones"),
    ("effects", "effects = ctx.effects"),
    ("mark", "mark = cur"),
)


def whiles(blocks: list[LoweredBlock]) -> list[While]:
    """Every ``while`` of ``blocks``, numbered in this order by the generated ``_runaway(N)``."""
    return [s for b in blocks for s in statements(b.body) if isinstance(s, While)]


FUSE_LIMIT = 120
"""Statements a block may have to be written into its piece's fused function (bigger blocks are
called: the call costs nothing beside them)."""


def fusable(block: LoweredBlock) -> bool:
    """Can the block be written into its piece's fused generating function?  Not too long, and
    every ``while`` at the block's own level (a stop inside a loop is a ``break`` out of it, and
    what follows the loop goes in its ``else`` clause)."""
    count = 0
    for s in statements(block.body):
        count += 1
        if isinstance(s, (If, While)) and any(isinstance(x, While) for x in
                                               statements(s.then + s.orelse if isinstance(s, If) else s.body)):
            return False
    return count <= FUSE_LIMIT


def defers_attacks(block: LoweredBlock) -> bool:
    """May the block's material function defer its attack verifies (``verify attacked?``,
    ``verify not-attacked?``, the same of ``defended?``, at the cursor) to its first part
    that may change material (:meth:`Translator.fused_function`)?  When it asks them and
    has no ``while``: what runs after a verify that would have failed is then a bounded
    walk and tests, with no effect outside the run, so the only difference is the
    questions not asked (castling asks whether the king's squares are attacked, and a
    castling never changes material)."""
    return asks_attacks(block) and not any(isinstance(s, While) for s in statements(block.body))


def _attack_test(c: Cond) -> tuple[bool, bool] | None:
    """For an attack test of the cursor (``attacked?``, ``defended?``, or its ``not``):
    (asks ``defended?``, the answer that lets a verify pass); None for any other test."""
    want = True
    if isinstance(c, Not):
        c, want = c.item, False
    if isinstance(c, Predicate) and c.op in (Op.ATTACKED, Op.DEFENDED) and c.place.kind is PlaceKind.CURSOR:
        return c.op is Op.DEFENDED, want
    return None


def _verified(asker, board, deferred, mover, lf, lt) -> bool:
    """Do the deferred attack verifies of a material function pass (:func:`defers_attacks`)?  Each
    is (square, asks defended?, the moving piece then, the answer that passes); those that pass
    are forgotten."""
    for p, own, pc, want in deferred:
        if bool(asker.question(board, p, own, mover, pc, lf, lt)) is not want:
            return False
    deferred.clear()
    return True


def asks_attacks(block: LoweredBlock) -> bool:
    """Does the block test ``attacked?`` or ``defended?`` (it then runs on a context)?"""
    return any(isinstance(c, Predicate) and c.op in (Op.ATTACKED, Op.DEFENDED) for c in tests(block.body))


class _Shape:
    """What a block can do, read once from its statements: what ``add`` must handle."""

    __slots__ = ("cascades", "creates", "effects", "captures", "moves_from", "sets_to")

    def __init__(self, block: LoweredBlock) -> None:
        kinds = {s.op for s in statements(block.body)}
        self.cascades = Op.CASCADE in kinds
        #: pending creates: (create ...), or a cascade of a dropped piece (from stays unset)
        self.creates = Op.CREATE in kinds or (block.drop and self.cascades)
        self.effects = bool(kinds & {Op.CAPTURE, Op.FLIP, Op.CHANGE_OWNER, Op.CHANGE_TYPE, Op.CREATE,
                                     Op.SET_ATTRIBUTE}) or self.creates
        self.captures = Op.CAPTURE in kinds
        #: from and the moving piece may change (from, cascade): else they are the start's
        self.moves_from = bool(kinds & {Op.FROM, Op.CASCADE})
        #: to may be set (to): else a move lands on the cursor
        self.sets_to = Op.TO in kinds


class Translator:
    """Writes the Python source of one function of a lowered move block (:meth:`function`).

    ``loops`` numbers every ``while`` met, in the order of :func:`whiles`.
    """

    def __init__(self, tables, loops: dict[int, int]):
        self.t = tables
        self._loops = loops
        self._lines: list[str] = []
        self._depth = 1
        self._tmp = 0
        self._used: set[str] = set()
        self._rows: set[tuple[str, int]] = set()
        self._flags: dict[str, str] = {}
        self._pflags: dict[str, str] = {}
        self._stop_statement = "return False"
        self._fused = Fused.GENERATE
        #: material function: the block's attack verifies are deferred (:func:`defers_attacks`)
        self._defer = False
        self.mode = Mode.CONTEXT
        self._block: LoweredBlock | None = None
        self._shape: _Shape | None = None

    # ------------------------------------------------------------------ output

    def emit(self, line: str) -> None:
        self._lines.append("    " * self._depth + line)

    def use(self, *names: str) -> None:
        """The function reads these prologue locals."""
        self._used.update(names)

    def tmp(self, stem: str) -> str:
        self._tmp += 1
        return f"_{stem}{self._tmp}"

    @property
    def lean(self) -> bool:
        return self.mode is not Mode.CONTEXT

    # ------------------------------------------------------------------ blocks

    def _start(self, block: LoweredBlock, mode: Mode, depth: int, stop: str) -> None:
        self._lines, self._depth, self._tmp, self._used = [], depth, 0, set()
        self._flags, self._pflags = {}, {}
        self.mode, self._block, self._shape = mode, block, _Shape(block)
        self._stop_statement = stop
        self._nesting = 0

    def function(self, number: int, block: LoweredBlock, mode: Mode) -> str:
        """The source of the ``mode`` function of ``block``, named ``_g<number>``, ``_a<number>``
        or ``_c<number>``."""
        self._rows = set()
        self._start(block, mode, 1, "return False")
        ends = self.sequence(block.body)
        if not ends:
            self.emit("return False" if mode is Mode.ATTACK else "return True")
        prefix, params = _HEADS[mode]
        head = self._shared_locals() + self._block_locals()
        return "\n".join([f"def {prefix}{number}({params}):"] + ["    " + line for line in head] + self._lines)

    def fused_function(self, ptype: int, blocks: list[tuple[int, LoweredBlock]],
                       kind: Fused = Fused.GENERATE) -> str:
        """The source of ``def _G<ptype>(mfilter, board, pos, piece, mover, lf, lt, out, asker)``,
        which generates the parts of every block of ``blocks`` (numbered move blocks of one
        piece type, in order) whose move type ``mfilter`` allows, as their ``_gN`` functions
        would one after the other.

        A block that :func:`fusable` allows is written in place, inside ``while True:`` (left
        by a ``break`` at its end) so that a stop is ``break``; a ``while`` there keeps what
        follows it in its ``else`` clause, which a ``break`` (a stop inside the loop) skips.
        Any other block is called.

        ``kind`` :attr:`Fused.MATERIAL`: the source of ``_M<ptype>``, with the same parameters,
        which leaves out the parts that cannot change material (for a search's quiescence,
        :func:`.parts.generate_parts`): an ``add`` of the piece from its square by one movement
        into its own type, of a block that creates nothing and emits no add-partial, builds
        its part only when the destination holds a piece, a cascade was recorded, or (if the
        block can capture, flip or change an owner or a type) an effect is pending; every
        other ``add`` builds its parts (which :func:`.parts.part_changes_material` then tells).

        ``kind`` :attr:`Fused.COUNT`: the source of ``_K<ptype>(mfilter, board, pos, piece, mover, lf, lt, out,
        asker, keys, touched, royal)`` instead, for counting legal turns
        (:meth:`.wholeturns.TurnSource.count`): a *simple* part (one movement of the piece
        from ``pos``, nothing else, by a plain ``add`` of a block with no effects, cascade,
        ``from`` or drop) whose destination is not in ``touched`` and whose new type is not in
        ``royal`` is added to the set ``keys`` as ``(pos, destination, new type)`` instead of
        being made; every other part is made and appended to ``out``.
        """
        self._rows = set()
        self.mode = Mode.GENERATE
        self._fused = kind
        used: set[str] = set()
        out: list[str] = []
        for number, block in blocks:
            mt = block.move_type
            out.append("if mfilter is None:" if mt is None else f"if mfilter is None or mfilter == {mt!r}:")
            if not fusable(block):
                out.append(f"    _g{number}(board, pos, piece, mover, lf, lt, out, asker)")
                continue
            self._start(block, Mode.GENERATE, 2, "break")
            self._defer = kind is Fused.MATERIAL and defers_attacks(block)
            self.sequence(block.body)
            used |= self._used
            out.append("    while True:")
            out.extend("        " + line for line in self._block_locals())
            out.extend(self._lines)
            out.append("        break")
        self._fused = Fused.GENERATE
        self._defer = False
        self._used = used
        head = self._shared_locals()
        if kind is Fused.COUNT:
            return "\n".join([f"def _K{ptype}(mfilter, board, pos, piece, mover, lf, lt, out, asker, keys, "
                              "touched, royal):"] + ["    " + line for line in head + out])
        return "\n".join([f"def {kind.value}{ptype}(mfilter, board, pos, piece, mover, lf, lt, out, asker):"]
                         + ["    " + line for line in head + out])

    def _shared_locals(self) -> list[str]:
        """The locals a function sets up once: the mover's tables and their rows."""
        used = self._used
        if self._rows:
            used.update(table for table, _ in self._rows)
        out = []
        if self.lean:
            if "links" in used or "opp" in used or "zones" in used:
                used.add("mover")
            if "mover" in used and self.mode is Mode.ATTACK:
                out.append("mover = piece[0]")
            out.extend(line for name, line in _LEAN_PROLOGUE
                       if name in _SHARED and name != "mover" and name in used)
        else:
            out.extend(line for name, line in _CONTEXT_PROLOGUE if name in _SHARED and name in used)
        for table, d in sorted(self._rows):
            out.append(f"{_row(table, d)} = {table}[{d}]")
        return out

    def _block_locals(self) -> list[str]:
        """The locals each run of the block starts afresh: cursor, mark, from, to, the moving
        piece, effects, flags."""
        used = self._used
        if "mark" in used:
            used.add("cur")
        if self.lean:
            out = [line.format(frm="-1" if self._block.drop else "pos") for name, line in _LEAN_PROLOGUE
                   if name not in _SHARED and name in used]
        else:
            out = [line for name, line in _CONTEXT_PROLOGUE if name not in _SHARED and name in used]
        out.extend(f"{local} = False" for local in self._flags.values())
        if self._defer:
            out.append("_deferred = []")
        n = len(self.t.positions)
        out.extend(f"{local} = [False] * {n}" for local in self._pflags.values())
        return out

    def sequence(self, body: tuple[Stmt, ...]) -> bool:
        """Write the statements; answers whether the sequence ends every run (nothing after it runs).

        In a fused block (stops are ``break``) a ``while`` at the block's own level keeps the
        statements after it in its ``else`` clause (see :meth:`fused_function`).
        """
        for k, s in enumerate(body):
            if _STATEMENTS[s.op](self, s):
                return True
            if isinstance(s, While) and self._stop_statement == "break" and self._nesting == 0 \
                    and k + 1 < len(body):
                self.emit("else:")
                return self.body(body[k + 1:], nested=False)
        return False

    def body(self, body: tuple[Stmt, ...], nested: bool = True) -> bool:
        """An indented sequence (a branch or loop body, or ``nested`` False: what follows a
        fused block's ``while``); answers whether it ends every run."""
        self._depth += 1
        self._nesting += nested
        start = len(self._lines)
        ends = self.sequence(body)
        if len(self._lines) == start:
            self.emit("pass")
        self._nesting -= nested
        self._depth -= 1
        return ends

    @property
    def stop(self) -> str:
        """The statement that stops the block quietly: ``return False``, or ``break`` in a block
        written into a piece's fused function (:meth:`fused_function`)."""
        return self._stop_statement

    def row(self, table: str, d: int) -> str:
        """The local holding direction ``d``'s row of ``table`` ("links" or "opp")."""
        self._rows.add((table, d))
        return _row(table, d)

    def position(self, place: Place) -> str | None:
        """A place as an expression for its position (-1 off the board), None for the cursor."""
        kind, i = place.kind, place.index
        if kind is PlaceKind.CURSOR:
            return None
        if kind is PlaceKind.POSITION:
            return str(i)
        self.use("cur")
        return f"{self.row('links' if kind is PlaceKind.LINK else 'opp', i)}[cur]"

    def step(self, table: str, d: int) -> None:
        """Move the cursor one link along ``table`` ("links" or "opp"); off the board: stop."""
        self.use("cur")
        # off the board the block stops, so the cursor's value no longer matters
        self.emit(f"cur = {self.row(table, d)}[cur]")
        self.emit(f"if cur < 0: {self.stop}")

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

    def slot(self, name: str) -> str:
        """Where a slot the engine reads lives: from ``frm``, to ``to``, the moving piece ``pc``
        (locals in a lean function, the context's otherwise)."""
        if self.lean:
            self.use(name)
            return name
        return {"frm": "ctx.frm", "to": "ctx.to", "pc": "ctx.piece"}[name]

    def last_move(self, which: str) -> str:
        """last-from (``lf``) or last-to (``lt``) as an expression."""
        if self.lean:
            return which
        return "ctx.last_from" if which == "lf" else "ctx.last_to"

    def note_last_move_read(self) -> str | None:
        """A statement recording that the run read last-from/last-to (incremental attack tests),
        None where no run records reads."""
        if self.mode is Mode.ATTACK:
            return f"if track is not None: track.add({LAST_MOVE})"
        if self.mode is Mode.CONTEXT:
            return f"if ctx.track is not None: ctx.track.add({LAST_MOVE})"
        return None

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
        self.emit(self.stop)
        return True

    def _verify(self, s: Verify) -> bool:
        asked = _attack_test(s.cond)
        if self._defer and asked is not None:
            own, want = asked
            self.use("cur", "pc")
            self.emit(f"_deferred.append((cur, {own}, pc, {want}))")
            return False
        if isinstance(s.cond, Not):
            self.emit(f"if {self.condition(s.cond.item)}: {self.stop}")
        else:
            self.emit(f"if not {self.condition(s.cond)}: {self.stop}")
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
            self.emit(f"if {p} < 0: {self.stop}")
            self.emit(f"mark = {p}")
        return False

    def _back(self, s) -> bool:
        self.use("mark")
        self.emit(f"if mark == -1: {self.stop}")
        self.emit("cur = mark")
        return False

    def _from(self, s: From) -> bool:
        self.to_place(s.place)
        self.use("board", "cur")
        p = self.tmp("pc")
        self.emit(f"{p} = board[cur]")
        self.emit(f"if {p} is None: {self.stop}")
        self.emit(f"{self.slot('frm')} = cur")
        self.emit(f"{self.slot('pc')} = {p}")
        return False

    def _to(self, s: To) -> bool:
        self.to_place(s.place)
        self.use("cur")
        self.emit(f"{self.slot('to')} = cur")
        return False

    def _go(self, s: Go) -> bool:
        target = s.target
        self.use("cur")
        if target is GoTarget.MARK:
            return self._back(s)
        if target in (GoTarget.LAST_FROM, GoTarget.LAST_TO):
            note = self.note_last_move_read()
            if note:
                self.emit(note)
            source = self.last_move("lf" if target is GoTarget.LAST_FROM else "lt")
        else:
            source = self.slot("frm" if target is GoTarget.FROM else "to")
        p = self.tmp("p")
        self.emit(f"{p} = {source}")
        if target is GoTarget.TO:
            self.emit(f"if {p} != -1: cur = {p}")
            return False
        self.emit(f"if {p} == -1: {self.stop}")
        self.emit(f"cur = {p}")
        return False

    def _cascade(self, s) -> bool:
        self.use("cur", "board", "effects")
        frm, to, pc = self.slot("frm"), self.slot("to"), self.slot("pc")
        cascades = "cascades" if self.lean else "ctx.cascades"
        if self.lean:
            self.use("cascades", "effmark")
        self.emit(f"if {pc} is not None:")
        self.emit(f"    _dest = {to} if {to} != -1 else cur")
        self.emit(f"    if {frm} == -1:")
        self.emit(f"        effects.append(('create', _dest, {pc}))")
        self.emit("    else:")
        self.emit(f"        {cascades}.append(({frm}, _dest, {pc}, -1, False))")
        self.emit(f"{to} = -1")
        self.emit(f"{frm} = cur")
        self.emit(f"{pc} = board[cur]")
        self.emit(f"{'effmark' if self.lean else 'ctx.effmark'} = len(effects)")
        return False

    def _add(self, s: Add) -> bool:
        if self.mode is Mode.CONTEXT:
            self.use("cur")
            self.emit("ctx.cur = cur")
            self.emit(f"ctx.emit({s.types!r}, {s.partial!r}, {s.copy!r})")
            return False
        shape = self._shape
        self.use("cur")
        dest = "cur"
        if shape.sets_to:
            self.use("to")
            self.emit("_dest = to if to != -1 else cur")
            dest = "_dest"
        if self.mode is Mode.ATTACK:
            self._attack_hit(s, dest)
            if s.partial is not None:
                self._emit_parts(s, dest, "partials")
        elif self._fused is Fused.COUNT and self._simple(s):
            self._count_parts(s, dest)
        elif self._fused is Fused.MATERIAL and (test := self._material_test(s)) is not None:
            self.emit(f"if {test.format(dest=dest)}:")
            self._depth += 1
            self._deferred_verifies()
            self._emit_parts(s, dest, "out")
            self._depth -= 1
        elif self._defer:
            self.emit("_made = []")
            self._emit_parts(s, dest, "_made")
            self.emit("_made = [_p for _p in _made if _may_change(_p, board)]")
            self.emit("if _made:")
            self._depth += 1
            self._deferred_verifies()
            self.emit("out.extend(_made)")
            self._depth -= 1
        else:
            self._emit_parts(s, dest, "out")
        if shape.sets_to:
            self.emit("to = -1")
        if shape.effects:
            self.emit("del effects[effmark:]" if shape.cascades else "effects.clear()")
        return False

    def _simple(self, s: Add) -> bool:
        """Does this ``add`` make only simple parts (see :meth:`fused_function`)?"""
        shape = self._shape
        return (s.partial is None and not s.copy and not self._block.drop and not shape.effects
                and not shape.cascades and not shape.moves_from)

    def _deferred_verifies(self) -> None:
        """Material function: before a part that may change material is kept, the attack
        verifies met so far are asked; one that fails stops the block, as it would have where
        it stood (nothing the block did since is visible: no part was kept)."""
        if self._defer:
            self.use("board", "mover")
            self.emit(f"if _deferred and not _verified(asker, board, _deferred, mover, lf, lt): {self.stop}")

    def _material_test(self, s: Add) -> str | None:
        """The material function's test of this ``add`` (``{dest}`` for its destination): its parts
        may change material only when it holds; None when they are built whatever (see
        :meth:`fused_function`)."""
        shape = self._shape
        if (s.partial is not None or s.copy or s.types or self._block.drop or shape.moves_from
                or shape.creates):
            return None
        kinds = {x.op for x in statements(self._block.body)}
        test = "board[{dest}] is not None"
        if shape.cascades:
            test += " or cascades"
        if kinds & {Op.CAPTURE, Op.FLIP, Op.CHANGE_OWNER, Op.CHANGE_TYPE}:
            test += " or effects"
        return test

    def _count_parts(self, s: Add, dest: str) -> None:
        """Counting: each part of a simple ``add`` as a key, or made when the king-safety test
        needs it (its destination touched, its new type royal, or it does not move)."""
        for t in (s.types or (NO,)):
            royal = f" or {t} in royal" if t >= 0 else ""
            self.emit(f"if {dest} in touched or {dest} == pos{royal}:")
            self._depth += 1
            keep = "" if t >= 0 else f" if pos != {dest} else ()"
            self.emit(f"out.append(_new(_Part, (((pos, {dest}, piece, {t}, False),){keep}, (), (), None, "
                      f"{self._block.move_type!r}, -1, {(self._block.move_type,)!r})))")
            self._depth -= 1
            self.emit("else:")
            self.emit(f"    keys.add((pos, {dest}, {t}))")

    def _attack_hit(self, s: Add, dest: str) -> None:
        """Attack mode: return True when this ``add`` would capture at the target (a move onto it,
        a capture there, a cascade onto it; see :meth:`.context.Context.emit`)."""
        shape = self._shape
        if s.types:
            spared = f" and not spare.issuperset({s.types!r})"
            self.emit(f"if {dest} == target{spared}: return True")
        else:
            frm = self.slot("frm") if shape.moves_from else "pos"
            self.emit(f"if {dest} == target and {frm} != {dest}: return True")
        if shape.captures:
            self.emit("for _e in effects:")
            self.emit("    if _e[0] == 'x' and _e[1] == target: return True")
        if shape.cascades:
            self.emit("for _m in cascades:")
            self.emit("    if _m[1] == target: return True")

    def _emit_parts(self, s: Add, dest: str, out: str) -> None:
        """Append the parts this ``add`` emits to ``out`` (one per type, or one), as
        :meth:`.context.Context.emit` builds them (each a :class:`.context.Part` tuple)."""
        shape, drop = self._shape, self._block.drop
        mt, partial = self._block.move_type, s.partial
        if shape.effects:
            self.use("effects")
            if shape.creates:
                self.emit("if effects:")
                self.emit("    _creates = tuple([_e[1:] + (False,) for _e in effects if _e[0] == 'create'])")
                self.emit("    _effs = tuple([_e for _e in effects if _e[0] != 'create'])")
                self.emit("else:")
                self.emit("    _creates = _effs = ()")
                creates, effs = "_creates", "_effs"
            else:
                creates, effs = "()", "tuple(effects)"
        else:
            creates = effs = "()"
        cas = "tuple(cascades)" if shape.cascades else None

        def plus(head: str | None, tail: str) -> str:
            return tail if head is None else f"{head} + {tail}"

        def part(moves: str, placements: str, drop_type: str) -> str:
            return f"{out}.append(_new(_Part, ({moves}, {placements}, {effs}, {partial!r}, {mt!r}, " \
                   f"{drop_type}, {(mt,)!r})))"
        for t in (s.types or (NO,)):
            if not shape.moves_from:
                # from and the moving piece are the start's: a drop places it, a move moves it
                if drop:
                    p = "piece" if t < 0 else f"(piece[0], {t}, piece[2])"
                    placements = f"(({dest}, {p}, True),)" if creates == "()" else \
                        f"{creates} + (({dest}, {p}, True),)"
                    self.emit(part(cas or "()", placements, "piece[1]"))
                elif t >= 0 or s.copy:
                    self.emit(part(plus(cas, f"((pos, {dest}, piece, {t}, {s.copy!r}),)"), creates, "-1"))
                elif cas is None:
                    self.emit(part(f"((pos, {dest}, piece, -1, False),) if pos != {dest} else ()", creates,
                                   "-1"))
                else:
                    self.emit(part(f"({cas} + ((pos, {dest}, piece, -1, False),)) if pos != {dest} else "
                                   f"{cas}", creates, "-1"))
                continue
            self.use("frm", "pc")
            cas_or_empty = cas or "()"
            drop_type = "piece[1]" if drop else "-1"
            self.emit("if frm == -1:")
            placed = f"(({dest}, pc, True),)" if t < 0 else f"(({dest}, (pc[0], {t}, pc[2]), True),)"
            self._depth += 1
            self.emit(part(cas_or_empty, f"({creates} + {placed} if pc is not None else {creates})",
                           drop_type))
            self._depth -= 1
            self.emit("else:")
            keep = "True" if (t >= 0 or s.copy) else f"frm != {dest}"
            self._depth += 1
            self.emit(part(f"({plus(cas, f'((frm, {dest}, pc, {t}, {s.copy!r}),)')} if pc is not None and "
                           f"{keep} else {cas_or_empty})", creates, "-1"))
            self._depth -= 1

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
        if s.owner == NO:
            self.use("mover")
        o = "mover" if s.owner == NO else str(s.owner)
        defaults = self.t.attr_defaults
        pc = self.slot("pc")

        def effect(p):
            if s.piece_type != NO:
                return f"effects.append(('create', {p}, ({o}, {s.piece_type}, {defaults[s.piece_type]})))"
            return (f"if {pc} is not None: effects.append(('create', {p}, "
                    f"({o}, {pc}[1], _defaults[{pc}[1]])))")
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

    def flag(self, name: str) -> str:
        """The local holding flag ``name`` (False until set; every run starts with none set)."""
        local = self._flags.get(name)
        if local is None:
            local = self._flags[name] = f"_f{len(self._flags)}"
        return local

    def position_flags(self, name: str) -> str:
        """The local list holding position flag ``name`` per position."""
        local = self._pflags.get(name)
        if local is None:
            local = self._pflags[name] = f"_pf{len(self._pflags)}"
        return local

    def _set_flag(self, s: SetFlag) -> bool:
        value = self.condition(s.value)
        self.emit(f"{self.flag(s.name)} = {value}")
        return False

    def _set_position_flag(self, s: SetPositionFlag) -> bool:
        self.use("cur")
        expr = self.position(s.place)
        flags = self.position_flags(s.name)
        if expr is None or s.place.kind is PlaceKind.POSITION:
            self.emit(f"{flags}[{expr or 'cur'}] = {self.condition(s.value)}")
            return False
        p = self.tmp("p")
        self.emit(f"{p} = {expr}")
        self.emit(f"if {p} != -1: {flags}[{p}] = {self.condition(s.value)}")
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
            value = self.last_move("lf" if op is Op.LAST_FROM else "lt")
            if self.mode is Mode.ATTACK:
                return lambda p: f"(_read_last(track) and {p} == {value})"
            if self.mode is Mode.CONTEXT:
                return lambda p: f"(_read_last(ctx.track) and {p} == {value})"
            return lambda p: f"{p} == {value}"
        if op in (Op.ATTACKED, Op.DEFENDED):
            assert self.mode is not Mode.ATTACK, "a block asking attacked? runs on a context in attack mode"
            own = op is Op.DEFENDED
            if self.mode is Mode.GENERATE:
                self.use("mover", "pc", "board")
                return lambda p: f"asker.question(board, {p}, {own}, mover, pc, lf, lt)"
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
            local = self.flag(arg)
            return lambda p: local
        if op is Op.POSITION_FLAG:
            flags = self.position_flags(arg)
            return lambda p: f"{flags}[{p}]"
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


def _row(table: str, d: int) -> str:
    return f"_{'L' if table == 'links' else 'O'}{d}"


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


def _read_last(track) -> bool:
    """Note in ``track`` (when recording) that a test read last-from/last-to; True."""
    if track is not None:
        track.add(LAST_MOVE)
    return True
