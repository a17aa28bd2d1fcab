"""Whole turns of a ZRF position, generated lazily (SEMANTICS §2.5, §2.6, §5.9, §5.11).

A legal move is a whole turn: a first part and the parts its ``add-partial``
chain continues with.  :class:`TurnSource` yields them one at a time, so a
consumer that needs one move (a stalemate test), a count, or a random choice
never holds the whole list, however large it is.  The selection rules apply
in Zillions' order:

1. **move priorities**: a turn ranks by the move types of its first part; a
   part emitted identically by blocks of several move types ranks by the best
   of them (a part is legal if any of its move types ranks);
2. **maximal captures**: only turns with the most parts (partial moves) stay;
   with ``"maximal captures" 2``, ties keep the turns that remove the most
   pieces of promoted types (:func:`promoted_types`);
3. the **king-safety filter** (when a ``checkmated`` goal names royal types).

Two bounds keep a turn finite.  A part that brings the turn back to a state
it already had is not a continuation: back to the board and stores of the
turn's start, or back to the board, stores, continuing cell and move type it
had after an earlier part.  Hopping back and forth would repeat forever and
reaches no new position; a part that changes nothing but hands the
continuation to another piece or move type (a generated file's way of
passing the turn on) is a new state and continues.  A chain that still
reaches :data:`MAX_PARTS` parts ends there, and the game records the
located warning W503.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from itertools import islice

from runtime.core.protocol import LazyDetails, Move, PartDetails

from .attacks import AttackSearch, Incremental
from .compiled import CompiledGame
from .context import Part
from .options import MaximalCaptures
from .part_notation import part_details, part_notation
from .parts import MAX_PARTS, apply_part, generate_parts
from .sentinels import LAST_MOVE, NO


KEPT_CELLS = 1_000_000
"""Cells of the boards after its one-part turns that one position keeps (8 MB of references);
past it such a turn keeps none and works it out again when it is applied or tested for king
safety.  Every corpus position keeps all (the largest, margo.zrf: 3,241 cells); a 300x300 board
kept a 90,000-cell board for each of its 5,122 opening moves: 3.7 GB for one position."""


class Turn:
    """A whole-turn candidate: its parts, their notation, the resulting position."""

    __slots__ = ("parts", "notes", "befores", "board", "hands", "lf", "lt", "removed", "rank", "source")

    def __init__(self, parts, notes, befores, board, hands, lf, lt, removed, rank, source=None):
        self.parts = parts
        #: the parts' notation; None until :meth:`move` writes a one-part turn's
        self.notes = notes
        #: the board before each part (what its details are worked out on)
        self.befores = befores
        #: the board after the turn, or None when it is not kept (see :meth:`board_after`)
        self.board = board
        self.hands = hands
        self.lf = lf
        self.lt = lt
        #: (owner, type) of every piece the turn removed, in order
        self.removed = removed
        self.rank = rank
        #: the :class:`TurnSource` that made a one-part turn whose board is not kept
        self.source = source

    def board_after(self):
        """The board after the turn: the one kept, or its one part applied again (:data:`KEPT_CELLS`)."""
        if self.board is not None:
            return self.board
        s = self.source
        return tuple(apply_part(s.game, self.befores[0], s.state.stores, self.parts[0], s.mover)[0])

    @property
    def size(self) -> int:
        """What maximal captures counts: the parts (partial moves) of the turn."""
        return len(self.parts)

    def move(self, game: CompiledGame) -> Move:
        """The turn as a contract move; its details are worked out when a tool asks.

        A one-part turn's notation is written here, not when the turn is made:
        a count of the legal turns (perft's last ply) never needs it.
        """
        notes = self.notes
        if notes is None:
            notes = self.notes = (part_notation(game, self.parts[0], self.befores[0]),)
        return Move(notes, self, Described(self, game))

    def changes_material(self, game: CompiledGame) -> bool:
        """Does the turn capture, or change a piece's type or owner?  (``PartDetails.changes_material``)

        A capture is a piece the turn removed; a type change is a move that
        promotes.  An effect that changes a type or an owner is read from the
        details, which skip such effects on cells emptied earlier in the part.
        """
        if self.removed:
            return True
        for part in self.parts:
            for _, _, pc, ty, _ in part.moves:
                if ty >= 0 and ty != pc[1]:
                    return True
            for e in part.effects:
                if e[0] in ("type", "owner", "flip"):
                    return any(p.changes_material for p in self.details(game))
        return False

    def details(self, game: CompiledGame) -> tuple[PartDetails, ...]:
        """One :class:`runtime.core.protocol.PartDetails` per note (a closing ``Pass`` does nothing)."""
        out = tuple(part_details(game, p, b) for p, b in zip(self.parts, self.befores))
        return out + (PartDetails(),) * (len(self.notes or self.parts) - len(out))


class Described(LazyDetails):
    """A turn's :attr:`runtime.core.protocol.Move.details`, worked out when first asked for.

    :meth:`changes_material` answers from the turn itself (:meth:`Turn.changes_material`).
    """

    __slots__ = ("turn", "game", "_details")

    def __init__(self, turn: Turn, game: CompiledGame):
        self.turn = turn
        self.game = game
        self._details = None

    def __call__(self) -> tuple[PartDetails, ...]:
        if self._details is None:
            self._details = self.turn.details(self.game)
        return self._details

    def changes_material(self) -> bool:
        return self.turn.changes_material(self.game)


def part_rank(part: Part, priorities: dict[str, int]) -> int:
    """The move-priorities rank of a first part: the best rank of any of its move types.

    Move types not listed, and untyped moves, rank together after all listed types.
    """
    if not priorities:
        return 0
    low = len(priorities)
    return min(priorities.get(mt, low) for mt in part.mtypes)


def promoted_types(game) -> frozenset[int]:
    """Piece types that no set-up holds and that some move turns a piece into.

    These are the "more valuable" pieces of ``"maximal captures" 2`` (kings of
    draughts): at equal counts, the turn that removes more of them is kept.
    """
    t = game.tables
    start = {t.type_index[ty] for _, ty, _ in game.gdef.setup.placements if ty in t.type_index}
    start |= {t.type_index[ty] for (_, ty), k in game.gdef.setup.off.items()
              if k and ty in t.type_index}
    return frozenset(game.promotion_targets - start)


def changed_squares(parts) -> set:
    """Every square a turn's parts may have changed, and LAST_MOVE: last-from/last-to always change."""
    out = {LAST_MOVE}
    for part in parts:
        for m in part.moves:
            out.add(m[0])
            out.add(m[1])
        if part.placements:
            out.update([pl[0] for pl in part.placements])
        if part.effects:
            out.update([e[1] for e in part.effects])
    return out


class TurnSource:
    """The whole turns of one position, generated on demand in a fixed order."""

    def __init__(self, state):
        self.state = state
        g = self.game = state.game
        self.player, self.mover, self.mfilter = g.entry(state.turn)
        self._firsts: list[tuple[Part, int]] | None = None
        self._best: tuple[int, int] | None = None
        #: king-safety baselines per royal square (computed once, on first use)
        self._baselines: dict = {}
        #: baselines of the attacked? tests met inside the filter's attack runs
        self._nested: dict = {}
        #: the king-safety filter's attack tests, one chain for the whole position
        self._attacks: AttackSearch | None = None
        #: squares of the mover's royal pieces before the turn (found on first use)
        self._royal_squares: list[int] | None = None
        #: cells of the after-boards kept so far (:data:`KEPT_CELLS`)
        self._kept = 0

    # ------------------------------------------------------------------ parts

    def first_parts(self) -> list[tuple[Part, int]]:
        """Candidate first parts with their rank, those of the best rank only (§2.5)."""
        if self._firsts is None:
            s, g = self.state, self.game
            parts = generate_parts(g, s.cells, self.mover, self.mfilter, s.last_from, s.last_to,
                                   s.stores)
            ranked = [(p, part_rank(p, g.priorities)) for p in parts]
            if ranked and g.priorities:
                best = min(r for _, r in ranked)
                ranked = [(p, r) for p, r in ranked if r == best]
            self._firsts = ranked
        return self._firsts

    def _chains(self, part, applied, board, parts, notes, befores, removed, rank, start,
                seen) -> Iterator[Turn]:
        """Every whole turn that starts with ``parts`` + ``part`` (depth first, stop before continuing).

        ``applied`` is ``part`` applied to ``board``: (board, hands, last-from, last-to, removed).
        ``start`` is the turn's first (board, stores); ``seen`` the (board, stores, continuing
        cell, move type) after each earlier part.
        """
        g = self.game
        mover = self.mover
        note = part_notation(g, part, board)
        b, h, nlf, nlt, rem = applied
        parts = parts + (part,)
        notes = notes + (note,)
        befores = befores + (board,)
        if rem:
            removed = removed + tuple((pc[0], pc[1]) for pc in rem)
        if part.partial is None or nlt == NO:
            yield Turn(parts, notes, befores, b, h, nlf, nlt, removed, rank)
            return
        if len(parts) >= MAX_PARTS:
            g.chain_cut(part, MAX_PARTS)
            yield Turn(parts, notes, befores, b, h, nlf, nlt, removed, rank)
            return
        seen = seen | {(b, h, nlt, part.partial)}
        conts = []
        for c in generate_parts(g, b, mover, None, nlf, nlt, h, only=nlt, only_mt=part.partial):
            cb, ch, clf, clt, crem = apply_part(g, b, h, c, mover)
            cb = tuple(cb)
            if (cb, ch) != start and (cb, ch, clt, c.partial) not in seen:
                conts.append((c, (cb, ch, clf, clt, crem)))
        if not conts or g.options.pass_partial:
            yield Turn(parts, notes + ("Pass",) if conts else notes, befores, b, h, nlf, nlt, removed, rank)
        for c, capplied in conts:
            yield from self._chains(c, capplied, b, parts, notes, befores, removed, rank, start,
                                    seen)

    def ranked(self) -> Iterator[Turn]:
        """Every whole turn after move priorities (before maximal captures and king safety)."""
        s, g = self.state, self.game
        cells = s.cells
        start = (tuple(cells), s.stores)
        mover = self.mover
        size = len(cells)
        for part, rank in self.first_parts():
            b, h, lf, lt, rem = apply_part(g, cells, s.stores, part, mover)
            if part.partial is None:  # a one-part turn (what _chains makes of it, made directly)
                keep = self._kept + size <= KEPT_CELLS
                if keep:
                    self._kept += size
                yield Turn((part,), None, (cells,), tuple(b) if keep else None, h, lf, lt,
                           tuple((pc[0], pc[1]) for pc in rem) if rem else (), rank, None if keep else self)
                continue
            yield from self._chains(part, (tuple(b), h, lf, lt, rem), cells, (), (), (), (),
                                    rank, start, frozenset())

    # ------------------------------------------------------------------ selection

    def _measure(self, tn: Turn) -> tuple[int, int]:
        promoted = self.game.promoted
        valuable = sum(1 for _, ty in tn.removed if ty in promoted) if promoted else 0
        return (tn.size, valuable)

    def best_measure(self) -> tuple[int, int]:
        """The largest (parts, promoted pieces removed) over the ranked turns (one pass, nothing kept)."""
        if self._best is None:
            best = (0, 0)
            two = self.game.options.maximal_captures is MaximalCaptures.MOST_VALUABLE
            for tn in self.ranked():
                m = self._measure(tn) if two else (tn.size, 0)
                if m > best:
                    best = m
            self._best = best
        return self._best

    def candidates(self) -> Iterator[Turn]:
        """Turns after move priorities and maximal captures."""
        mode = self.game.options.maximal_captures
        if mode is MaximalCaptures.OFF:
            yield from self.ranked()
            return
        best = self.best_measure()
        for tn in self.ranked():
            if (self._measure(tn) if mode is MaximalCaptures.MOST_VALUABLE else (tn.size, 0)) == best:
                yield tn

    def legal(self, material_only: bool = False) -> Iterator[Turn]:
        """Turns after every selection rule, king safety included.

        ``material_only``: only the turns that change material
        (:meth:`Turn.changes_material`), left out before the king-safety test.
        """
        g = self.game
        royal = frozenset(g.royal.get(self.mover, ()))
        turns = self.ranked() if g.options.maximal_captures is MaximalCaptures.OFF else self.candidates()
        if material_only:
            turns = (tn for tn in turns if tn.changes_material(g))
        if not royal:
            return turns
        safe = self._safe
        return (tn for tn in turns if safe(tn, royal))

    def _safe(self, tn: Turn, royal) -> bool:
        """Does no royal piece of the mover stand attacked after ``tn``? (§5.11)"""
        s, mover = self.state, self.mover
        cells = s.cells
        changed = changed_squares(tn.parts)
        baselines = self._baselines
        search = self._attacks
        if search is None:
            search = self._attacks = AttackSearch(self.game, nest=1)
        board = tn.board_after()
        incr = Incremental(cells, changed, board, self._nested, s.last_from, s.last_to)
        standing = self._royal_squares
        if standing is None:
            standing = self._royal_squares = [p for p, pc in enumerate(cells)
                                              if pc is not None and pc[0] == mover and pc[1] in royal]
        # the mover's royal pieces after the turn: those the turn left alone, and any on a changed square
        squares = [p for p in standing if p not in changed]
        for p in changed:
            if p >= 0 and (pc := board[p]) is not None and pc[0] == mover and pc[1] in royal \
                    and p not in squares:
                squares.append(p)
        try:
            for p in squares:
                base = baselines.get(p)
                if base is None:
                    search.incr = None
                    base = baselines[p] = search.attack_baseline(cells, p, mover, s.last_from,
                                                                 s.last_to, royal)
                search.incr = incr
                if search.attacked_after(base, changed, board, p, mover, tn.lf, tn.lt, royal):
                    return False
            return True
        finally:
            search.incr = None


class MoveList(Sequence):
    """The legal whole turns of a position, generated only as far as a caller looks.

    ``bool()`` asks for one turn, indexing for as many as the index; ``len()``
    and iteration to the end hold at most ``cap`` turns: a position with more
    keeps the first ``cap`` and the game records warning W504.  :meth:`count`
    and :meth:`nth` reach every turn with bounded memory (a random choice
    among millions of turns needs neither the whole list nor the cap).
    A turn becomes a contract :class:`Move` (with its notation) only when it
    is held: :meth:`count` counts the turns it has not held without making them.
    """

    def __init__(self, source: TurnSource, cap: int):
        self._source = source
        #: the turns not held yet; None once they are all held or counted
        self._turns: Iterator[Turn] | None = source.legal()
        self._items: list[Move] = []
        #: how many turns there are, once known
        self._total: int | None = None
        self.cap = cap

    def _pull(self, n: int) -> None:
        """Hold the first ``n`` turns (fewer if there are fewer, or ``cap`` at most)."""
        items = self._items
        if len(items) >= n:
            return
        if self._turns is None:
            if self._total is None or len(items) >= self._total:
                return
            # count() went through the turns past those held: generate them again
            self._turns = islice(self._source.legal(), len(items), None)
        game = self._source.game
        while len(items) < n:
            if len(items) >= self.cap:
                game.list_cut(self.cap)
                return
            tn = next(self._turns, None)
            if tn is None:
                self._turns = None
                self._total = len(items)
                return
            items.append(tn.move(game))

    def __bool__(self) -> bool:
        self._pull(1)
        return bool(self._items)

    def __len__(self) -> int:
        self._pull(self.cap + 1)
        return len(self._items)

    def __getitem__(self, i):
        self._pull(self.cap + 1 if isinstance(i, slice) or i < 0 else i + 1)
        return self._items[i]

    def __iter__(self) -> Iterator[Move]:
        i = 0
        while True:
            self._pull(i + 1)
            if i >= len(self._items):
                return
            yield self._items[i]
            i += 1

    def material(self) -> list[Move]:
        """The turns that change material, in list order, as moves (at most ``cap`` of them)."""
        if self._turns is None and self._total is not None and self._total <= len(self._items):
            return [m for m in self._items if m.changes_material()]
        game = self._source.game
        out = []
        for tn in self._source.legal(material_only=True):
            if len(out) >= self.cap:
                game.list_cut(self.cap)
                break
            out.append(tn.move(game))
        return out

    def count(self) -> int:
        """How many legal turns there are, past the cap too (those are counted, not kept)."""
        if self._total is None:
            n = len(self._items)
            if self._turns is not None:
                n += sum(1 for _ in self._turns)
                self._turns = None
            self._total = n
            if n > self.cap:
                self._source.game.list_cut(self.cap)
        return self._total

    def nth(self, k: int) -> Move:
        """The ``k``-th legal turn (0-based), as the uncapped list would give it."""
        self._pull(min(k + 1, self.cap))
        if k < len(self._items):
            return self._items[k]
        for i, tn in enumerate(self._source.legal()):
            if i == k:
                return tn.move(self._source.game)
        raise IndexError(k)
