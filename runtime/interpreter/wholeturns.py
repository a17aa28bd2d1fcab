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
from .parts import MAX_PARTS, PartStream, apply_part, generate_parts, part_changes_material, simple_keys
from .royal_check import opponents_squares
from .sentinels import LAST_MOVE, NO


KEPT_CELLS = 1_000_000
"""Cells of the boards after its one-part turns that one position keeps (8 MB of references);
past it such a turn keeps none and works it out again when it is applied or tested for king
safety.  Every corpus position keeps all (the largest, margo.zrf: 3,241 cells); a 300x300 board
kept a 90,000-cell board for each of its 5,122 opening moves: 3.7 GB for one position."""


class Turn(LazyDetails):
    """A whole-turn candidate: its parts, their notation, the resulting position.

    It is also the :attr:`runtime.core.protocol.Move.described` of the move made of it
    (:meth:`move`): its details are worked out when first asked for (:meth:`__call__`), and
    :meth:`changes_material` answers from the turn itself, so a move costs no second object.

    A one-part turn made by :meth:`unapplied` applies its part only when the
    position after it is first asked for (``board``, ``hands``, ``lf``, ``lt``,
    ``removed``): counting legal turns, and the king-safety test of most of
    them, never need it.  Its board after is then kept only while its position's
    budget lasts (:data:`KEPT_CELLS`); past it the part is applied again each time
    the board is asked for.
    """

    __slots__ = ("_board", "_changed", "_details", "_hands", "_lf", "_lt", "_material", "_pending", "_removed",
                 "_source", "befores", "game", "notes", "parts", "rank")

    def __init__(self, game: CompiledGame, parts, notes, befores, board, hands, lf, lt, removed, rank,
                 pending=None):
        self.game = game
        self.parts = parts
        #: the parts' notation; None until :meth:`move` writes a one-part turn's
        self.notes = notes
        #: the board before each part (what its details are worked out on)
        self.befores = befores
        self._board = board
        self._hands = hands
        self._lf = lf
        self._lt = lt
        #: (owner, type) of every piece the turn removed, in order
        self._removed = removed
        self.rank = rank
        #: the :class:`TurnSource` that made a one-part turn while its part is not applied yet
        self._pending = pending
        #: the :class:`TurnSource` that made a one-part turn whose board after is not kept
        self._source = None
        #: :meth:`changes_material`'s answer, once known (a search asks it of a turn twice)
        self._material = None
        #: :meth:`changed`'s answer, once known
        self._changed = None
        #: :meth:`__call__`'s answer, once known
        self._details = None

    @classmethod
    def unapplied(cls, part: Part, rank: int, source: "TurnSource") -> "Turn":
        """The one-part turn ``part`` on the board of ``source``'s position, applied when first needed."""
        return cls(source.game, (part,), None, (source.cells,), None, None, NO, NO, (), rank, source)

    def _apply(self) -> tuple:
        """Apply the pending part; its board after, kept while the position's budget lasts."""
        source = self._pending
        b = tuple(self._applied(source))
        if source.keep(len(b)):
            self._board = b
        else:
            self._source = source
        self._pending = None
        return b

    def _applied(self, source: "TurnSource") -> list:
        """The board after the part, which also sets the rest of the position after it."""
        b, h, lf, lt, rem = apply_part(self.game, self.befores[0], source.stores, self.parts[0],
                                       source.mover)
        self._hands, self._lf, self._lt = h, lf, lt
        self._removed = tuple((pc[0], pc[1]) for pc in rem) if rem else ()
        return b

    @property
    def board(self):
        """The board after the turn (the part applied again when the board is not kept)."""
        if self._pending is not None:
            return self._apply()
        if self._board is None and self._source is not None:
            return tuple(self._applied(self._source))
        return self._board

    @property
    def hands(self):
        """The off-board stores after the turn."""
        if self._pending is not None:
            self._apply()
        return self._hands

    @property
    def lf(self) -> int:
        """Last-from after the turn."""
        if self._pending is not None:
            self._apply()
        return self._lf

    @property
    def lt(self) -> int:
        """Last-to after the turn."""
        if self._pending is not None:
            self._apply()
        return self._lt

    @property
    def removed(self):
        """(owner, type) of every piece the turn removed, in order."""
        if self._pending is not None:
            self._apply()
        return self._removed

    def after(self) -> tuple:
        """(board, hands, last-from, last-to, removed) after the turn: the five properties in one call."""
        if self._pending is not None:
            board = self._apply()
        else:
            board = self.board
        return board, self._hands, self._lf, self._lt, self._removed

    def changed(self) -> set:
        """The squares the turn may have changed (:func:`changed_squares`), worked out once: the
        king-safety test, the signature and the check test of the position after it all ask."""
        out = self._changed
        if out is None:
            out = self._changed = changed_squares(self.parts)
        return out

    @property
    def size(self) -> int:
        """What maximal captures counts: the parts (partial moves) of the turn."""
        return len(self.parts)

    def move(self) -> Move:
        """The turn as a contract move, described by the turn itself (its details are worked
        out when a tool asks).

        A one-part turn's notation is written here, not when the turn is made:
        a count of the legal turns (perft's last ply) never needs it.
        """
        notes = self.notes
        if notes is None:
            notes = self.notes = (part_notation(self.game, self.parts[0], self.befores[0]),)
        return Move(notes, self, self)

    def changes_material(self) -> bool:
        """Does the turn capture, or change a piece's type or owner?  Worked out once
        (:meth:`_changes_material`): a search asks it of a turn when filtering and again when ordering."""
        told = self._material
        if told is None:
            told = self._material = self._changes_material()
        return told

    def _changes_material(self) -> bool:
        """Does the turn capture, or change a piece's type or owner?  (``PartDetails.changes_material``)

        A capture is a piece the turn removed; a type change is a move that
        promotes.  An effect that changes a type or an owner is read from the
        details, which skip such effects on cells emptied earlier in the part.
        A one-part turn not applied yet whose part makes one movement and places
        nothing tells its capture from the board before it: the destination held
        a piece, other than the mover lifted from it.
        """
        if self._pending is not None:
            told = part_changes_material(self.parts[0], self.befores[0])
            if told is not None:
                return told
        if self.removed:
            return True
        for part in self.parts:
            for _, _, pc, ty, _ in part[0]:  # the movements
                if ty >= 0 and ty != pc[1]:
                    return True
            for e in part[2]:  # the effects
                if e[0] in ("type", "owner", "flip"):
                    return any(p.changes_material for p in self())
        return False

    def movement_legs(self) -> list[tuple[str, str, str]]:
        """``(piece type, from, to)`` of every movement of every part, read from the parts, not
        from their details: what :func:`.part_notation.details_by_replay` lists as movements
        (a movement onto its own square, not a copy, is a change of type there)."""
        t = self.game.tables
        P, T = t.positions, t.types
        return [(T[pc[1]], P[f], P[to]) for part in self.parts for f, to, pc, _, copy in part[0] if f != to or copy]

    def __call__(self) -> tuple[PartDetails, ...]:
        """One :class:`runtime.core.protocol.PartDetails` per note (a closing ``Pass`` does nothing),
        worked out once (the move's :attr:`runtime.core.protocol.Move.details`)."""
        out = self._details
        if out is None:
            game = self.game
            out = tuple(part_details(game, p, b) for p, b in zip(self.parts, self.befores))
            out = self._details = out + (PartDetails(),) * (len(self.notes or self.parts) - len(out))
        return out


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
    if len(parts) == 1:
        part = parts[0]
        moves = part[0]
        if len(moves) == 1 and not part[1] and not part[2]:  # one movement and nothing else (most turns)
            m = moves[0]
            return {LAST_MOVE, m[0], m[1]}
    out = {LAST_MOVE}
    for part in parts:
        for m in part[0]:
            out.add(m[0])
            out.add(m[1])
        if part[1]:
            out.update([pl[0] for pl in part[1]])
        if part[2]:
            out.update([e[1] for e in part[2]])
    return out


class TurnSource:
    """The whole turns of one position, generated on demand in a fixed order.

    It keeps what it reads of the position (its board, stores, last-from and last-to, the
    squares of each player's pieces), not the position itself: the position keeps its move
    list, which keeps this source, so a reference back would make every position a cycle
    that only the cyclic garbage collector frees, instead of reference counting as soon as
    a search drops it.
    """

    __slots__ = ("_attacks", "_baselines", "_best", "_firsts", "_kept", "_materials", "_nested", "_origin",
                 "_questions", "_quick", "_royal_squares", "_stream", "cells", "game", "last_from",
                 "last_to", "mfilter", "mover", "player", "squares", "stores", "streamed")

    def __init__(self, state):
        self.game = state.game
        self.cells = state.cells
        self.stores = state.stores
        self.last_from = state.last_from
        self.last_to = state.last_to
        #: per player, the squares its pieces stand on (:meth:`.state.ZrfState.squares`)
        self.squares = state.squares()
        self.player, self.mover, self.mfilter = state.turn_entry
        self._firsts: tuple[list[Part], int] | None = None
        #: the first parts made piece by piece by :meth:`any_legal` (then :meth:`first_parts` ends it)
        self._stream: PartStream | None = None
        #: the first parts that may change material (:meth:`_material_firsts`), once made
        self._materials: list[Part] | None = None
        #: does :meth:`any_legal` make the parts piece by piece instead of the material ones first?
        #: (:meth:`stream_parts`)
        self.streamed = False
        self._best: tuple[int, int] | None = None
        #: king-safety baselines per royal square (computed once, on first use; None until then)
        self._baselines: dict | None = None
        #: (the parent position's :class:`.royal_check.CheckBasis`, the turn that made this
        #: position) when the position was made by a turn: a baseline the parent shares is
        #: brought up to this board instead of made anew (:meth:`_baseline`)
        self._origin = state._check_from
        #: baselines of the attacked? tests met inside the filter's attack runs (None until the first)
        self._nested: dict | None = None
        #: the king-safety filter's attack tests, one chain for the whole position
        self._attacks: AttackSearch | None = None
        #: squares of the mover's royal pieces before the turn (found on first use)
        self._royal_squares: list[int] | None = None
        #: what tells the safety of most one-part turns (:meth:`_quick_basis`), once known
        self._quick = None
        #: the attack tests asked by the move blocks while generating (:meth:`_asker`)
        self._questions: AttackSearch | None = None
        #: cells of the after-boards its turns keep so far (:data:`KEPT_CELLS`)
        self._kept = 0

    def keep(self, cells: int) -> bool:
        """May one more turn of this position keep its board after, of ``cells`` cells?  (:data:`KEPT_CELLS`)"""
        if self._kept + cells > KEPT_CELLS:
            return False
        self._kept += cells
        return True

    # ------------------------------------------------------------------ parts

    def first_parts(self) -> tuple[list[Part], int]:
        """Candidate first parts of the best move-priorities rank (§2.5), and that rank."""
        if self._firsts is None:
            g = self.game
            if self._stream is not None:
                parts = self._stream.parts()
                self._stream = None
            else:
                parts = generate_parts(g, self.cells, self.mover, self.mfilter, self.last_from, self.last_to,
                                       self.stores, asker=self._asker(), squares=self.squares[self.mover])
            if not g.priorities or not parts:
                self._firsts = (parts, 0)
            else:
                ranks = [part_rank(p, g.priorities) for p in parts]
                best = min(ranks)
                self._firsts = ([p for p, r in zip(parts, ranks) if r == best], best)
        return self._firsts

    def _material_firsts(self) -> tuple[list[Part], int]:
        """:meth:`first_parts`, only those that may change material (``generate_parts(material=True)``,
        which builds no other where it can), when the first parts are not made yet and move
        priorities do not rank them (the best rank is known only from all of them)."""
        if self._firsts is not None or self.game.priorities:
            return self.first_parts()
        found = self._materials
        if found is None:
            found = self._materials = generate_parts(self.game, self.cells, self.mover, self.mfilter, self.last_from,
                                                     self.last_to, self.stores, asker=self._asker(),
                                                     squares=self.squares[self.mover], material=True)
        return found, 0

    def stream_parts(self) -> None:
        """Make :meth:`any_legal` look for a legal turn among the parts made piece by piece, not
        among the material parts first: said when every turn will be asked for (the move list read
        whole: the parts are made anyway), or when only whether a turn exists will be (a
        quiescence position no exchange reaches: the material turns would be made for nothing)."""
        self.streamed = True

    def any_legal(self) -> bool:
        """Is there a legal turn (:meth:`legal` yields one)?  Where neither move priorities nor
        maximal captures need every part first, the parts that may change material are made and
        tested first (a search asks this of a position and then for its material turns, which
        those parts make: a position with a legal capture costs no other part), unless told to
        stream them (:meth:`stream_parts`); then the parts are made piece by piece
        (:class:`.parts.PartStream`) and tested as they come, so the answer costs the parts of
        the pieces up to the first with a legal turn; :meth:`first_parts` makes the rest."""
        g = self.game
        if self._firsts is not None or g.priorities or g.options.maximal_captures is not MaximalCaptures.OFF:
            return next(iter(self.legal()), None) is not None
        royal = g.royal.get(self.mover, frozenset())
        stream = self._stream
        if stream is None and not self.streamed:
            for part in self._material_firsts()[0]:
                if self._first_part_legal(part, royal):
                    return True
        if stream is None:
            stream = self._stream = PartStream(g, self.cells, self.mover, self.mfilter, self.last_from,
                                               self.last_to, self.stores, self._asker(),
                                               self.squares[self.mover])
        made = stream.made
        i = 0
        while True:
            while i < len(made):
                part = made[i]
                i += 1
                if self._first_part_legal(part, royal):
                    return True
            if not stream.advance():
                return False

    def _first_part_legal(self, part: Part, royal) -> bool:
        """Does some legal turn start with the first part ``part`` (king safety included)?"""
        if part[3] is not None:  # add-partial: the whole turns it starts
            return any(not royal or self._safe(tn, royal) for tn in self._chains_from(part, 0))
        if not royal:
            return True
        safe = self._quick_safe(part, royal)
        if safe is None:
            return self._safe_after(Turn.unapplied(part, 0, self), royal)
        return safe

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
            yield Turn(g, parts, notes, befores, b, h, nlf, nlt, removed, rank)
            return
        if len(parts) >= MAX_PARTS:
            g.chain_cut(part, MAX_PARTS)
            yield Turn(g, parts, notes, befores, b, h, nlf, nlt, removed, rank)
            return
        seen = seen | {(b, h, nlt, part.partial)}
        conts = []
        for c in generate_parts(g, b, mover, None, nlf, nlt, h, only=nlt, only_mt=part.partial,
                                asker=self._asker()):
            cb, ch, clf, clt, crem = apply_part(g, b, h, c, mover)
            cb = tuple(cb)
            if (cb, ch) != start and (cb, ch, clt, c.partial) not in seen:
                conts.append((c, (cb, ch, clf, clt, crem)))
        if not conts or g.options.pass_partial:
            yield Turn(g, parts, notes + ("Pass",) if conts else notes, befores, b, h, nlf, nlt, removed, rank)
        for c, capplied in conts:
            yield from self._chains(c, capplied, b, parts, notes, befores, removed, rank, start,
                                    seen)

    def ranked(self) -> Iterator[Turn]:
        """Every whole turn after move priorities (before maximal captures and king safety)."""
        parts, rank = self.first_parts()
        for part in parts:
            if part[3] is None:  # no add-partial: a one-part turn (what _chains makes of it, made directly)
                yield Turn.unapplied(part, rank, self)
            else:
                yield from self._chains_from(part, rank)

    def _material_ranked(self) -> Iterator[Turn]:
        """:meth:`ranked`, only the turns that change material; a one-part turn whose part tells
        it (:func:`part_changes_material`) is made only when it does."""
        cells = self.cells
        parts, rank = self._material_firsts()
        for part in parts:
            if part[3] is None:  # no add-partial: a one-part turn
                told = part_changes_material(part, cells)
                if told is False:
                    continue
                tn = Turn.unapplied(part, rank, self)
                if told:
                    tn._material = True
                    yield tn
                elif tn.changes_material():
                    yield tn
            else:
                for tn in self._chains_from(part, rank):
                    if tn.changes_material():
                        yield tn

    def _chains_from(self, part: Part, rank: int) -> Iterator[Turn]:
        """The whole turns that start with the first part ``part``, made by add-partial."""
        g, cells, stores = self.game, self.cells, self.stores
        b, h, lf, lt, rem = apply_part(g, cells, stores, part, self.mover)
        yield from self._chains(part, (tuple(b), h, lf, lt, rem), cells, (), (), (), (), rank,
                                (tuple(cells), stores), frozenset())

    def count(self) -> int:
        """How many turns :meth:`legal` yields, counted without making the one-part turns
        whose king safety their part tells (:meth:`_quick_safe`), and most of them without
        even making their part (:meth:`_count_keys`)."""
        g = self.game
        if g.options.maximal_captures is not MaximalCaptures.OFF:
            return sum(1 for _ in self.legal())
        royal = g.royal.get(self.mover, frozenset())
        if self._firsts is None and not g.priorities and g.one_move_type:
            n = self._count_keys(royal)
            if n is not None:
                return n
        n = 0
        parts, rank = self.first_parts()
        for part in parts:
            if part.partial is not None:
                n += sum(1 for tn in self._chains_from(part, rank) if not royal or self._safe(tn, royal))
            elif not royal:
                n += 1
            else:
                safe = self._quick_safe(part, royal)
                if safe is None:
                    safe = self._safe(Turn.unapplied(part, rank, self), royal)
                n += safe
        return n

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
        royal = g.royal.get(self.mover, frozenset())
        if material_only and g.options.maximal_captures is MaximalCaptures.OFF:
            if royal:
                return self._safe_material_ranked(royal)
            turns = self._material_ranked()
        elif royal and g.options.maximal_captures is MaximalCaptures.OFF:
            return self._safe_ranked(royal)
        else:
            turns = self.ranked() if g.options.maximal_captures is MaximalCaptures.OFF else self.candidates()
            if material_only:
                turns = (tn for tn in turns if tn.changes_material())
        if not royal:
            return turns
        safe = self._safe
        return (tn for tn in turns if safe(tn, royal))

    def _safe_ranked(self, royal) -> Iterator[Turn]:
        """:meth:`ranked` through the king-safety filter, in one pass: a one-part turn whose
        part tells its safety (:meth:`_quick_safe`) is made only when it is safe."""
        parts, rank = self.first_parts()
        quick_safe = self._quick_safe
        for part in parts:
            if part[3] is None:  # no add-partial: a one-part turn
                safe = quick_safe(part, royal)
                if safe is False:
                    continue
                tn = Turn.unapplied(part, rank, self)
                if safe or self._safe_after(tn, royal):
                    yield tn
            else:
                for tn in self._chains_from(part, rank):
                    if self._safe(tn, royal):
                        yield tn

    def _safe_material_ranked(self, royal) -> Iterator[Turn]:
        """:meth:`_material_ranked` through the king-safety filter, in one pass: a one-part turn
        whose part tells both its material change and its safety is made only when it is kept."""
        cells = self.cells
        parts, rank = self._material_firsts()
        quick_safe = self._quick_safe
        for part in parts:
            if part[3] is None:  # no add-partial: a one-part turn
                told = part_changes_material(part, cells)
                if told is False:
                    continue
                if told:
                    safe = quick_safe(part, royal)
                    if safe is False:
                        continue
                    tn = Turn.unapplied(part, rank, self)
                    tn._material = True
                    if safe or self._safe_after(tn, royal):
                        yield tn
                else:
                    tn = Turn.unapplied(part, rank, self)
                    if tn.changes_material() and self._safe(tn, royal):
                        yield tn
            else:
                for tn in self._chains_from(part, rank):
                    if tn.changes_material() and self._safe(tn, royal):
                        yield tn

    def _safe(self, tn: Turn, royal) -> bool:
        """Does no royal piece of the mover stand attacked after ``tn``? (§5.11)"""
        if tn._pending is not None:
            quick = self._quick_safe(tn.parts[0], royal)
            if quick is not None:
                return quick
        return self._safe_after(tn, royal)

    def _safe_after(self, tn: Turn, royal) -> bool:
        """:meth:`_safe` from the board after ``tn`` (the attackers whose runs it changed, run again)."""
        mover = self.mover
        cells = self.cells
        changed = tn.changed()
        search = self._search()
        board = tn.board
        nested = self._nested
        if nested is None:
            nested = self._nested = {}
        incr = Incremental(cells, changed, board, nested, self.last_from, self.last_to)
        standing = self._royal_standing(royal)
        # the mover's royal pieces after the turn: those the turn left alone, and any on a changed square
        squares = [p for p in standing if p not in changed]
        for p in changed:
            if p >= 0 and (pc := board[p]) is not None and pc[0] == mover and pc[1] in royal \
                    and p not in squares:
                squares.append(p)
        try:
            for p in squares:
                base = self._baseline(p, royal)
                search.incr = incr
                if search.attacked_after(base, changed, board, p, mover, tn.lf, tn.lt, royal):
                    return False
            return True
        finally:
            search.incr = None

    def _count_keys(self, royal) -> int | None:
        """:meth:`count` from :func:`.parts.simple_keys`: the simple parts that leave every
        square the king-safety test watches alone are legal exactly when the mover's royal
        pieces stand safe now (:meth:`_quick_safe`), so they are only counted, as keys; the
        others are made and tested one by one.  None when the counting functions are missing
        or every part needs the board after it."""
        g, mover = self.game, self.mover
        if royal:
            quick = self._quick
            if quick is None:
                quick = self._quick = self._quick_basis(royal)
            if quick is False:
                return None
            touched, attacked = quick
        else:
            touched, attacked = frozenset(), False
        found = simple_keys(g, self.cells, mover, self.mfilter, self.last_from, self.last_to, self.stores,
                            self._asker(), self.squares[mover], touched, royal)
        if found is None:
            return None
        keys, others = found
        rest = []
        for part in dict.fromkeys(others):  # one move type: equal parts are equal keys
            moves = part[0]
            if len(moves) == 1 and not part[1] and not part[2] and part[3] is None:
                f, to, pc, ty, copy = moves[0]
                if not copy and f != to and pc[0] == mover and f not in touched and to not in touched \
                        and ty not in royal:
                    keys.add((f, to, ty))  # the key its twin from a simple block would have
                    continue
            rest.append(part)
        n = 0 if attacked else len(keys)
        for part in rest:
            if part.partial is not None:
                n += sum(1 for tn in self._chains_from(part, 0) if not royal or self._safe(tn, royal))
            elif not royal:
                n += 1
            else:
                safe = self._quick_safe(part, royal)
                if safe is None:
                    safe = self._safe(Turn.unapplied(part, 0, self), royal)
                n += safe
        return n

    def _quick_safe(self, part: Part, royal) -> bool | None:
        """King safety of a one-part turn told from its part alone, or None when the board after
        it is needed.

        The part must leave the mover's royal pieces where they stand and put no opponent piece
        anywhere: it moves only the mover's pieces (into no royal type), places nothing, and
        its effects only capture or set attributes.  Then the squares it changes are empty or
        the mover's afterwards, so an opponent piece attacks a royal square after it exactly as
        before, unless the part changes a square that attacker stands on or that its baseline
        run read (:meth:`.attacks.AttackSearch.attack_baseline`; LAST_MOVE, always changed,
        stands for last-from and last-to).  When no royal square's attackers are touched so,
        the baseline's answer stands.
        """
        quick = self._quick
        if quick is None:
            quick = self._quick = self._quick_basis(royal)
        if quick is False or part[1]:  # placements
            return None
        touched, attacked = quick
        mover = self.mover
        for m in part[0]:  # the movements
            if m[0] in touched or m[1] in touched or m[2][0] != mover or m[3] in royal:
                return None
        for e in part[2]:  # the effects
            if e[1] in touched or (e[0] != "x" and e[0] != "attr"):
                return None
        return not attacked

    def _quick_basis(self, royal):
        """For :meth:`_quick_safe`: (the squares a turn must leave alone, is a royal piece
        attacked now?), or False when every turn needs the board after it (a baseline read
        last-from or last-to, which every turn changes)."""
        standing = self._royal_standing(royal)
        touched = set(standing)
        attacked = False
        for p in standing:
            for q, _, hit, reads in self._baseline(p, royal):
                touched.add(q)
                touched.update(reads)
                attacked = attacked or hit
        if LAST_MOVE in touched:
            return False
        return frozenset(touched), attacked

    def _asker(self) -> AttackSearch:
        """The chain of attack questions the move blocks of this position's turns ask (one
        memo for all: two castling blocks ask whether the king's square is attacked)."""
        if self._questions is None:
            self._questions = AttackSearch(self.game, position=(self.cells, self.squares))
        return self._questions

    def _search(self) -> AttackSearch:
        """The king-safety filter's attack tests: one chain for the whole position."""
        if self._attacks is None:
            self._attacks = AttackSearch(self.game, nest=1)
        return self._attacks

    def _royal_standing(self, royal) -> list[int]:
        """Squares of the mover's royal pieces before the turn."""
        if self._royal_squares is None:
            cells = self.cells
            self._royal_squares = [p for p in self.squares[self.mover] if cells[p][1] in royal]
        return self._royal_squares

    def _baseline(self, p: int, royal):
        """The king-safety baseline of royal square ``p`` on the position before the turn."""
        baselines = self._baselines
        if baselines is None:
            baselines = self._baselines = {}
        base = baselines.get(p)
        if base is None:
            search = self._search()
            search.incr = None
            origin = self._origin
            # after a turn (not a pass), from the parent's baseline of the square when siblings share one
            shared = None if origin is None or type(origin[1]) is not Turn else \
                origin[0].shared_baseline(self.mover, p, royal)
            if shared is not None:
                base = search.baseline_after(shared, origin[1].changed(), self.cells, p, self.mover, self.last_from,
                                             self.last_to, royal)
            else:
                base = search.attack_baseline(self.cells, p, self.mover, self.last_from, self.last_to, royal,
                                              opponents_squares(self.squares, self.mover))
            baselines[p] = base
        return base


PULLED = 16
"""Turns :meth:`MoveList.__iter__` makes at a time (a one-part turn not applied yet costs little)."""


class MoveList(Sequence):
    """The legal whole turns of a position, generated only as far as a caller looks.

    ``bool()`` asks whether a turn exists (:meth:`TurnSource.any_legal`), indexing makes as many
    turns as the index; ``len()``
    and iteration to the end hold at most ``cap`` turns: a position with more
    keeps the first ``cap`` and the game records warning W504.  :meth:`count`
    and :meth:`nth` reach every turn with bounded memory (a random choice
    among millions of turns needs neither the whole list nor the cap).
    A turn becomes a contract :class:`Move` (with its notation) only when a
    caller takes it: ``bool()`` and :meth:`count` make none.
    """

    __slots__ = ("_any", "_held", "_moves", "_source", "_total", "_turns", "cap")

    def __init__(self, source: TurnSource, cap: int):
        self._source = source
        #: the turns not held yet; None once they are all held
        self._turns: Iterator[Turn] | None = source.legal()
        #: the turns held, and the move made of each (None until taken)
        self._held: list[Turn] = []
        self._moves: list[Move | None] = []
        #: how many turns there are, once known
        self._total: int | None = None
        #: is there a turn (:meth:`TurnSource.any_legal`), once asked while none is held
        self._any: bool | None = None
        self.cap = cap

    def _pull(self, n: int) -> None:
        """Hold the first ``n`` turns (fewer if there are fewer, or ``cap`` at most)."""
        held = self._held
        if len(held) >= n or self._turns is None:
            return
        want = min(n, self.cap) - len(held)
        if want > 0:
            got = list(islice(self._turns, want))
            held.extend(got)
            self._moves.extend([None] * len(got))
            if len(got) < want:
                self._turns = None
                self._total = len(held)
                return
        if len(held) < n:  # n is past the cap
            self._source.game.list_cut(self.cap)

    def _move(self, i: int) -> Move:
        """The move made of held turn ``i``."""
        m = self._moves[i]
        if m is None:
            m = self._moves[i] = self._held[i].move()
        return m

    def stream_parts(self) -> None:
        """:meth:`TurnSource.stream_parts`: the list will be read whole, or only asked whether it is empty."""
        self._source.stream_parts()

    def __bool__(self) -> bool:
        if self._held:
            return True
        if self._total is not None:
            return self._total > 0  # counted already: no turn needs making
        if self._any is None:
            self._any = self._turns is not None and self._source.any_legal()
        return self._any

    def __len__(self) -> int:
        self._pull(self.cap + 1)
        return len(self._held)

    def __getitem__(self, i):
        if isinstance(i, slice):
            self._pull(self.cap + 1)
            return [self._move(k) for k in range(len(self._held))[i]]
        self._pull(self.cap + 1 if i < 0 else i + 1)
        if i < 0:
            i += len(self._held)
        if not 0 <= i < len(self._held):
            raise IndexError(i)
        return self._move(i)

    def __iter__(self) -> Iterator[Move]:
        held, moves = self._held, self._moves
        i = 0
        while True:
            if i >= len(held):
                # a few turns at a time (a caller may stop early), never past the cap unless asked
                self._pull(i + 1 if i >= self.cap else min(i + PULLED, self.cap))
                if i >= len(held):
                    return
            m = moves[i]
            if m is None:
                m = moves[i] = held[i].move()
            yield m
            i += 1

    def material(self) -> list[Move]:
        """The turns that change material, in list order, as moves (at most ``cap`` of them)."""
        game = self._source.game
        if self._turns is None:
            return [self._move(i) for i, tn in enumerate(self._held) if tn.changes_material()]
        out = []
        for tn in self._source.legal(material_only=True):
            if len(out) >= self.cap:
                game.list_cut(self.cap)
                break
            out.append(tn.move())
        return out

    def count(self) -> int:
        """How many legal turns there are, past the cap too (counted, not kept)."""
        if self._total is None:
            self._total = self._source.count()
        if self._total > self.cap:
            self._source.game.list_cut(self.cap)
        return self._total

    def nth(self, k: int) -> Move:
        """The ``k``-th legal turn (0-based), as the uncapped list would give it."""
        self._pull(min(k + 1, self.cap))
        if k < len(self._held):
            return self._move(k)
        for i, tn in enumerate(self._source.legal()):
            if i == k:
                return tn.move()
        raise IndexError(k)
