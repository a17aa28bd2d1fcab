"""A position's value for one player, from learned knowledge and the game's own goals.

:class:`Evaluator` adds, all in units of the game's average learned piece
value (so the weights mean the same in every game):

* **material**: learned values (:mod:`runtime.players.knowledge`) of the player's
  pieces on the board and in hand, minus everybody else's;
* **mobility** (the idea Zillions uses for material, applied to the board as
  it stands): each non-royal piece counts how many cells its learned steps
  reach now, blocked by pieces on their lines and not counting cells that an
  enemy piece of lower value attacks, against its type's average (its
  value): a bishop behind its own pawns counts less, a rook on an open line
  more (:meth:`Evaluator._mobility`);
* **royal activity**: how many cells a royal piece would reach from where it
  stands on an empty board, against the average for its type, counted only
  as the board empties (times the share of the start position's other
  material that has left it): a king walking to the centre is a danger
  while the armies are on the board and a strength in the endgame;
* **promotion progress**: a piece that random play saw promoting
  (:attr:`~runtime.players.knowledge.GameKnowledge.promotions`) counts part of what it
  would gain, ``promotion * gain / (1 + d)**2`` with ``d`` its distance in rows
  or columns to the promotion zone: a pawn on the seventh rank is worth more
  than one at home, and a passed pawn is pushed in an endgame;
* **goal progress** (:meth:`Game.goal_info`): for each goal read for a
  player, a distance to making its condition true - for a
  :class:`~runtime.core.goalinfo.Placement`, the fewest moves of the player's
  pieces that fill its slots (learned steps on an empty board, one more for a
  slot another piece stands on); for :class:`~runtime.core.goalinfo.PiecesRemaining`,
  how many pieces are still to go.  Progress ``1 / (1 + d)`` plus a linear
  ``-d`` term count for the player when the goal wins and against it when
  the goal loses;
* **royal safety** for ``checkmated`` goals: own pieces next to the royal
  piece count for its owner (shelter); cells next to it that enemy pieces
  attack count against it (pressure, more when the royal's own cell is
  attacked), and the cells it could step to that no enemy attacks count for
  it (escape).  Attacks are the learned steps that the board in front of them
  does not block (:meth:`Evaluator._mobility`).

The value depends on the position alone (no move generation), so a search
can judge a position before deciding whether to generate its moves.

Scores are from ``player``'s side: its own terms minus the other players'.
Material is summed in integer thousandths so that the order in which a
signature (a set) lists pieces never changes a result; the other terms are
summed over the pieces in the order of their ``(cell, owner, type)`` names.

The terms work on small integers, not names: each ``(cell, owner, type)`` a
signature lists is looked up once in a :class:`PieceIndex`, which gives the
piece a record (its rank in name order, its cell's bit, its owner's number,
its value, its bonus, its lines as cell bits ...) worked out the first time
the piece is met (with its mobility term for every count of safe cells, so
the term is read, not worked out), so a position's value costs one dictionary
look-up per piece and integer work after it.

A search values positions that differ in a few pieces one after the other (a
node's children, a quiescence line), so the evaluator keeps the board parts of
the last position it valued (:class:`_Parts`: the records, the occupied cells,
each piece's reach, the royal pieces and those with a bonus) and makes the next position's from them, looking up again
only the reach of the pieces whose lines touch a changed cell
(:meth:`Evaluator._parts_after`).  The float terms are still summed in the
order of the whole computation, so a value equals
:meth:`Evaluator.value_from_scratch` to the last bit.
"""

from __future__ import annotations

import math
import weakref
from bisect import insort
from dataclasses import dataclass
from itertools import product

from runtime.core.goalinfo import (AllOf, AnyOf, Goal, GoalResult, Owner, PiecesRemaining, Placement, Slot, Whose,
                                   royal_pieces, walk)
from runtime.players.knowledge import CAPTURE, QUIET, GameKnowledge
from runtime.core.protocol import Game, State

MEAN_REACH_CELLS = 2_000
"""A type's average reach is taken over every cell, or over evenly spread cells of a bigger board."""

MEMO_LIMIT = 200_000
"""Pieces' reach remembered by their surroundings; the memo is emptied past this."""

DELTA_LIMIT = 8
"""A position is valued from the last one valued when their boards differ in at most this many pieces."""

CANDIDATES_PER_SLOT = 4
"""A placement considers the nearest few pieces for each slot (assignments grow factorially)."""

GOAL_MEMO_SIZE = 50_000
"""Goal distances remembered by what they read of a position; the memo is emptied past this."""

_UNKNOWN = object()
"""A distance not in the memo (None is a distance the memo keeps: not measurable)."""


@dataclass(frozen=True)
class Weights:
    """Term weights, in units of the game's average learned piece value."""

    mobility: float = 0.1
    royal_activity: float = 0.3
    promotion: float = 0.5
    goal: float = 4.0
    goal_step: float = 1.5
    shelter: float = 0.05
    pressure: float = 0.05
    royal_mobility: float = 0.01


class Evaluator:
    """Scores positions of one game for a player (see the module docstring)."""

    def __init__(self, game: Game, knowledge: GameKnowledge, weights: Weights = Weights()):
        self.game = game
        self.knowledge = knowledge
        self.weights = weights
        self.goals: tuple[Goal, ...] = tuple(game.goal_info())
        self.milli = {t: round(v * 1000) for t, v in knowledge.values.items()}
        # fsum: exactly rounded whatever order the values come in (their order follows string hashes)
        scale = math.fsum(knowledge.values.values()) / len(knowledge.values) if knowledge.values else 1.0
        self.scale = scale
        #: what one cell of mobility is worth to a piece of each type, relative to the others: a type that
        #: usually reaches more cells than the average piece (its value) gets less for each
        self._step_weight = {t: min(1.0, scale / v) if v > 0 else 1.0 for t, v in knowledge.values.items()}
        self.royal = {p: royal_pieces(self.goals, p) for p in game.players}
        self.scored_goals = [g for g in self.goals
                             if g.result in (GoalResult.WIN, GoalResult.LOSS)
                             and any(isinstance(c, (Placement, PiecesRemaining)) for c in walk(g.condition))]
        #: (goal, its condition without the parts that never give a distance) for each scored goal whose
        #: condition can give one (:func:`_measurable`): the others are not worked out for every position
        self._measured = [(g, c) for g in self.scored_goals if (c := _measurable(g.condition)) is not None]
        #: what each measured condition's distance reads of a position (:func:`_placement_reads`)
        self._goal_reads = [_placement_reads(c) for _, c in self._measured]
        #: (condition's index, the pieces and occupied cells it reads, player) -> its distance: a
        #: position's distances are mostly its parent's (the pieces a goal names seldom move)
        self._goal_memo: dict[tuple, float | None] = {}
        self._mean_reach: dict[tuple[str, str], float] = {}
        #: (type, count of targets) -> the mobility terms of its pieces (:meth:`_mobility_terms`)
        self._terms: dict[tuple[str, int], tuple[float, ...]] = {}
        #: learned values (thousandths) of the start position's non-royal pieces, for :meth:`_endgame`
        self._start_material = sum(self.milli.get(t, 1000) for _, o, t in game.initial_state().signature().board
                                   if t not in self.royal.get(o, ()))
        #: each cell's bit in the cell sets of the royal-safety term
        self._bits: dict[str, int] = _CellBits(game.positions)
        self._near_bits: dict[str, int] = {}
        #: (cell, owner, type) -> the piece's record, and the players' numbers (:class:`PieceIndex`)
        self.pieces = PieceIndex(self, game)
        #: (piece's rank, pieces on its lines, own pieces on them) -> the piece's entry in :attr:`_Parts.entries`
        #: (its cells reached and attacked, and what its rank gives: order, value, owner, terms)
        self._reached: dict[tuple, tuple] = {}
        self._any_royal = any(self.royal.values())
        #: the board parts of the last position valued, the base of the next (:meth:`_parts`)
        self._last: _Parts | None = None

    # ------------------------------------------------------------------ material

    def material(self, state: State, player: str) -> float:
        """Learned values of ``player``'s pieces (board and stores) minus everybody else's."""
        return self.material_of(state.signature(), player)

    def material_of(self, sig, player: str) -> float:
        """:meth:`material` from a signature already at hand."""
        return self.material_milli(sig, player) / 1000

    def material_milli(self, sig, player: str) -> int:
        """:meth:`material_of` in integer thousandths (exact, so differences of it are too).

        A search asks it of the position it just valued, or of one a few pieces from it, so the
        board's part is read from the last parts valued (each player's values summed,
        :class:`_Parts`) and the pieces the boards differ in, when they are few."""
        board = sig.board
        last = self._last
        if last is not None:
            changed = last.board ^ board if last.board is not board else ()
            if len(changed) <= DELTA_LIMIT:
                me = self.pieces.player(player)
                score = 0
                for owner, v in last.milli.items():
                    score += v if owner == me else -v
                values = self.milli
                for piece in changed:
                    v = values.get(piece[2], 1000)
                    if (piece[1] == player) is (piece in board):
                        score += v
                    else:
                        score -= v
                return score + self._hands_milli(sig.hands, player) if sig.hands else score
        values = self.milli
        score = 0
        for _, owner, ptype in board:
            v = values.get(ptype, 1000)
            score += v if owner == player else -v
        return score + self._hands_milli(sig.hands, player)

    def material_change(self, before, after, player: str) -> int:
        """:meth:`material_milli` of signature ``after`` minus that of ``before``, from the pieces
        (and stores) the two differ in: a move changes a few cells, so this costs a set difference
        where the whole value walks every piece."""
        values = self.milli
        change = 0
        board = after.board
        for piece in before.board ^ board:
            v = values.get(piece[2], 1000)
            if (piece[1] == player) is (piece in board):
                change += v
            else:
                change -= v
        if before.hands or after.hands:
            hands = after.hands
            for owner, ptype, n in before.hands ^ hands:
                v = values.get(ptype, 1000) * n
                if (owner == player) is ((owner, ptype, n) in hands):
                    change += v
                else:
                    change -= v
        return change

    # ------------------------------------------------------------------ the whole value

    def evaluate(self, state: State, player: str) -> float:
        """``player``'s score of ``state``, from the position alone (no move generation)."""
        return self.value_of(state.signature(), player)

    def value_of(self, sig, player: str) -> float:
        """:meth:`evaluate` from a signature already at hand."""
        index = self.pieces
        me = index.player(player)
        parts = self._parts(sig.board)
        records = parts.records
        milli = 0
        for owner, v in parts.milli.items():
            milli += v if owner == me else -v
        if sig.hands:
            milli += self._hands_milli(sig.hands, player)
        score = milli / 1000
        score += self._activity_from(parts.active, parts.plain_milli, me)
        mobility, attacks = self._safe_mobility(parts, me)
        score += mobility
        if self._measured:
            score = self._with_goal_terms(score, records, player)
        if self._any_royal:
            score += self._royal_safety_from(parts.royals, me, attacks, parts.occupied, parts.mine)
        return score

    def value_from_scratch(self, sig, player: str) -> float:
        """:meth:`value_of` worked out from every piece by the per-piece walks (:meth:`_mobility_of`,
        :meth:`_royal_safety_of`), never from the position valued before: the reference that
        :meth:`value_of` equals bit for bit."""
        index = self.pieces
        me = index.player(player)
        records = index.records(sig.board)
        milli = 0
        for r in records:
            v = r[MILLI]
            milli += v if r[OWNER] == me else -v
        if sig.hands:
            milli += self._hands_milli(sig.hands, player)
        score = milli / 1000
        score += self._activity_of(records, me)
        mobility, attacks, occupied, mine = self._mobility_of(records, me)
        score += mobility
        if self._measured:
            score = self._with_goal_terms(score, records, player)
        if self._any_royal:
            score += self._royal_safety_of(records, me, attacks, occupied, mine)
        return score

    def _hands_milli(self, hands, player: str) -> int:
        """The learned values (thousandths) of the pieces off the board, ``player``'s counted for it
        and every other player's against it."""
        values = self.milli
        milli = 0
        for owner, ptype, n in hands:
            v = values.get(ptype, 1000) * n
            milli += v if owner == player else -v
        return milli

    def _with_goal_terms(self, score: float, records, player: str) -> float:
        """``score`` plus each measured goal's term for every player it names, added one by one in
        goal order (the order :meth:`value_of` and :meth:`value_from_scratch` both sum in)."""
        w = self.weights
        view = _View([r[NAMES] for r in records])
        memo = self._goal_memo
        for index, (goal, condition) in enumerate(self._measured):
            reads = self._goal_reads[index]
            read = None if reads is None else (
                index, frozenset(x for x in view.pieces if x[2] in reads[0]),
                tuple(c in view.owner_at for c in reads[1]))
            for p in goal.players:
                if read is None:
                    d = self._distance(condition, view, p)
                else:
                    d = memo.get((read, p), _UNKNOWN)
                    if d is _UNKNOWN:
                        if len(memo) >= GOAL_MEMO_SIZE:
                            memo.clear()
                        d = memo[read, p] = self._distance(condition, view, p)
                if d is None:
                    continue
                value = w.goal * self.scale / (1.0 + d) - w.goal_step * self.scale * d
                sign = 1.0 if goal.result is GoalResult.WIN else -1.0
                score += sign * value if p == player else -sign * value
        return score

    # ------------------------------------------------------------------ board parts

    def _parts(self, board: frozenset) -> _Parts:
        """The board's :class:`_Parts`: from the last position valued when the two boards differ in
        at most ``DELTA_LIMIT`` pieces (:meth:`_parts_after`; a search values siblings and children
        one after the other, which differ in two to four), else from every piece."""
        last = self._last
        if last is not None and last.renumbered == self.pieces.renumbered:
            if last.board is board:
                return last
            changed = last.board ^ board
            if len(changed) <= DELTA_LIMIT:
                parts = self._parts_after(last, board, changed)
                if parts is not None:
                    self._last = parts
                    return parts
        parts = self._last = self._whole_parts(board)
        return parts

    def _whole_parts(self, board: frozenset) -> _Parts:
        """The board's :class:`_Parts` from every piece on it."""
        index = self.pieces
        records = index.records(board)
        occupied = 0
        mine: dict[int, int] = {}
        milli: dict[int, int] = {}
        for r in records:
            b = r[BIT]
            occupied |= b
            owner = r[OWNER]
            mine[owner] = mine.get(owner, 0) | b
            milli[owner] = milli.get(owner, 0) + r[MILLI]
        royals = [r for r in records if r[ROYAL]]
        active = [r for r in records if r[BONUS]]
        plain = sum(r[MILLI] for r in records if not r[ROYAL])
        memo = self._reached
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        entries: dict[int, tuple] = {}
        for r in records:
            owner = r[OWNER]
            around = r[AROUND]
            rank = r[RANK]
            key = (rank, occupied & around, mine[owner] & around)
            entry = memo.get(key)
            if entry is None:
                reached, attacked = _reach(r[RAYS], key[1], key[2])
                entry = memo[key] = (r[ORDER], r[MILLI], owner, reached, attacked, r[TERMS])
            entries[rank] = entry
        return _Parts(board, records, occupied, mine, milli, entries, royals, active, plain, index.renumbered)

    def _parts_after(self, last: _Parts, board: frozenset, changed) -> _Parts | None:
        """``board``'s :class:`_Parts` from ``last``'s, the two boards differing in the pieces
        ``changed``: those records leave or join the list, and only the pieces whose lines touch a
        changed cell (or that just arrived) look their reach up again, since a reach depends on
        nothing but the pieces on those cells.  None when a new name renumbered the records."""
        index = self.pieces
        renumbered = index.renumbered
        changes = index.unordered_records(changed)
        if index.renumbered != renumbered:
            return None
        before = last.board
        records = last.records.copy()
        entries = last.entries.copy()
        milli = last.milli.copy()
        royals, active, plain = last.royals, last.active, last.plain_milli
        mask = 0
        added: list[tuple] = []
        for r in changes:
            mask |= r[BIT]
            owner = r[OWNER]
            if r[NAMES] in before:
                records.remove(r)
                del entries[r[RANK]]
                milli[owner] -= r[MILLI]
                # a copy without r (a record equals no other: their ranks differ)
                if r[ROYAL]:
                    royals = royals.copy()
                    royals.remove(r)
                else:
                    plain -= r[MILLI]
                if r[BONUS]:
                    active = active.copy()
                    active.remove(r)
            else:
                added.append(r)
                milli[owner] = milli.get(owner, 0) + r[MILLI]
                if r[ROYAL]:
                    royals = royals.copy()
                    insort(royals, r)
                else:
                    plain += r[MILLI]
                if r[BONUS]:
                    active = active.copy()
                    insort(active, r)
        kept = ~mask
        occupied = last.occupied & kept
        counts: dict[int, int] = {}
        for owner, cells in last.mine.items():
            cells &= kept
            if cells:
                counts[owner] = cells
        for r in added:
            b = r[BIT]
            occupied |= b
            owner = r[OWNER]
            counts[owner] = counts.get(owner, 0) | b
        for r in added:
            insort(records, r)
        # each player's cells in the order the whole walk meets them (the mobility sum's order)
        if len(counts) == 1:
            mine = counts
        elif len(counts) == 2:
            first = records[0][OWNER]
            mine = {first: counts[first]}
            for owner, cells in counts.items():
                if owner != first:
                    mine[owner] = cells
        else:
            mine = {}
            for r in records:
                owner = r[OWNER]
                if owner not in mine:
                    mine[owner] = counts[owner]
                    if len(mine) == len(counts):
                        break
        memo = self._reached
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        # the pieces whose lines touch a changed cell, then those that arrived (a reach twice is the same)
        for r in [r for r in records if r[AROUND] & mask] + added:
            around = r[AROUND]
            owner = r[OWNER]
            rank = r[RANK]
            key = (rank, occupied & around, mine[owner] & around)
            entry = memo.get(key)
            if entry is None:  # a piece's entry, like its reach, depends on the cells of its lines only
                reached, attacked = _reach(r[RAYS], key[1], key[2])
                entry = memo[key] = (r[ORDER], r[MILLI], owner, reached, attacked, r[TERMS])
            entries[rank] = entry
        if len(milli) != len(counts):  # a player's last piece left the board
            for owner in [o for o in milli if o not in counts]:
                del milli[owner]
        return _Parts(board, records, occupied, mine, milli, entries, royals, active, plain, renumbered)

    def _safe_mobility(self, parts: _Parts, me: int) -> tuple[float, dict[int, int]]:
        """:meth:`_mobility_of`'s term from a board's parts, and for each player the cells the
        others attack (for :meth:`_royal_safety_from`).

        One walk per player up the pieces in order of value (then rank, as the stable sort of
        :meth:`_mobility_of` orders them): an enemy's attacks join the danger of the player's
        pieces worth more than it once the walk passes its value, so each term and the order of
        the sum are those of :meth:`_mobility_of`.
        """
        reaches = sorted(parts.entries.values())
        weight = self.weights.mobility
        if len(parts.mine) == 2:
            total, enemy = _two_player_mobility(reaches, parts.mine, me)
            return (weight * total / 1000 if weight else 0.0), enemy
        total = 0.0
        enemy: dict[int, int] = {}
        for owner in parts.mine:
            danger = pending = 0
            safe = -1
            level = None
            own = owner == me
            for _, value, o, reached, attacked, terms in reaches:
                if value != level:
                    danger |= pending
                    safe = ~danger
                    pending = 0
                    level = value
                if o != owner:
                    pending |= attacked
                elif terms:  # a royal piece has none
                    # adding the negated term is subtracting it, exactly
                    if own:
                        total += terms[(reached & safe).bit_count()]
                    else:
                        total -= terms[(reached & safe).bit_count()]
            enemy[owner] = danger | pending
        return (weight * total / 1000 if weight else 0.0), enemy

    # ------------------------------------------------------------------ terms

    def _activity(self, pieces, player: str) -> float:
        """:meth:`_activity_of` of ``(cell, owner, type)`` triples in name order."""
        index = self.pieces
        return self._activity_of(index.records(pieces), index.player(player))

    def _activity_of(self, records, me: int) -> float:
        """Promotion progress of player ``me``'s pieces minus the others', and the royal pieces' activity
        (:meth:`_royal_activity`) counted only as the board empties (:meth:`_endgame`)."""
        return self._activity_from([r for r in records if r[BONUS]],
                                   sum(r[MILLI] for r in records if not r[ROYAL]), me)

    def _activity_from(self, active, plain_milli: int, me: int) -> float:
        """:meth:`_activity_of` from the records with a bonus (``active``, in rank order: a zero bonus
        adds nothing to a sum, exactly) and the learned values of the non-royal pieces on the board."""
        total = royal_total = 0.0
        for r in active:
            bonus = r[BONUS]
            if r[ROYAL]:
                royal_total += bonus if r[OWNER] == me else -bonus
            else:
                total += bonus if r[OWNER] == me else -bonus
        if royal_total:
            total += royal_total * self._endgame(plain_milli)
        return total

    def _endgame(self, material: int) -> float:
        """How far the game has gone toward an endgame: 0 with every non-royal piece of the start
        position on the board, 1 with none (learned values, in thousandths)."""
        start = self._start_material
        return max(0.0, 1.0 - material / start) if start else 0.0

    def _promotion_bonus(self, owner: str, ptype: str, cell: str) -> float:
        """``promotion * gain / (1 + d)**2``: ``gain`` the value the piece gains by its best
        promotion seen, ``d`` the rows and columns (whichever more) between its cell and the
        nearest cell of its promotion zone (:attr:`GameKnowledge.promotions`)."""
        k = self.knowledge
        seen = k.promotions.get((owner, ptype))
        if seen is None:
            return 0.0
        zone, becomes = seen
        gain = max(k.values.get(t, 0.0) for t in becomes) - k.values.get(ptype, 0.0)
        here = k.geometry.centre.get(cell)
        if gain <= 0 or here is None:
            return 0.0
        quarters = min((max(abs(x - here[0]), abs(y - here[1]))
                        for x, y in (k.geometry.centre[c] for c in zone if c in k.geometry.centre)), default=None)
        if quarters is None:
            return 0.0
        return self.weights.promotion * gain / (1.0 + quarters / 4) ** 2

    def _royal_activity(self, owner: str, ptype: str, cell: str) -> float:
        """``royal_activity * value * (reach / mean - 1)``: how many more (or fewer) cells the royal
        piece would reach from ``cell`` on an empty board than from the average cell."""
        k = self.knowledge
        key = (owner, ptype)
        mean = self._mean_reach.get(key)
        if mean is None:
            cells = list(k.geometry.centre)
            cells = cells[::max(1, len(cells) // MEAN_REACH_CELLS)]
            mean = self._mean_reach[key] = (sum(_reach_from(k, owner, ptype, c) for c in cells) / len(cells)
                                            if cells else 0.0)
        if mean <= 0:
            return 0.0
        reach = _reach_from(k, owner, ptype, cell)
        return self.weights.royal_activity * (reach / mean - 1.0) * k.values.get(ptype, 1.0)

    def _distance(self, cond, view: "_View", player: str) -> float | None:
        """Moves ``player`` needs to make ``cond`` true (0: true now), None when not measurable."""
        if isinstance(cond, Placement):
            return self._placement(cond, view, player)
        if isinstance(cond, PiecesRemaining):
            n = view.count(None if cond.whose is Whose.ALL else player, cond.pieces)
            return n - cond.count if n >= cond.count else None
        if isinstance(cond, AnyOf):
            best = None
            for c in cond.alternatives:
                d = self._distance(c, view, player)
                if d is not None and (best is None or d < best):
                    best = d
            return best
        if isinstance(cond, AllOf):
            total = 0.0
            for c in cond.parts:
                d = self._distance(c, view, player)
                if d is None:
                    return None
                total += d
            return total
        return None

    def _slot_costs(self, slot: Slot, view: "_View", player: str) -> list[tuple[float, str]]:
        """(moves, cell) for each piece that could fill ``slot``, nearest first."""
        costs = []
        cells = slot.cells
        # a slot whose every cell holds a piece must be cleared first
        blocked = 1.0 if all(c in view.owner_at for c in cells) else 0.0
        for occ in slot.occupants:
            found = view.by_type.get(occ.piece)
            if not found:
                continue
            own_ok, enemy_ok = occ.owner is not Owner.ENEMY, occ.owner is not Owner.OWN
            distances = None  # the player's own pieces of this type: one table for all of them
            for cell, owner in found:
                mine = owner == player
                if not (own_ok if mine else enemy_ok):
                    continue
                if cell in cells:
                    costs.append((0.0, cell))
                elif mine:  # an enemy piece elsewhere is not ours to move
                    if distances is None:
                        distances = self.knowledge.distances(player, occ.piece, cells)
                    d = distances.get(cell)
                    if d is not None:
                        costs.append((d + blocked, cell))
        costs.sort()
        return costs[:CANDIDATES_PER_SLOT]

    def _placement(self, cond: Placement, view: "_View", player: str) -> float | None:
        options = [self._slot_costs(s, view, player) for s in cond.slots]
        if any(not o for o in options):
            return None
        if len(options) == 1:
            return options[0][0][0]
        if len(options) > 3:
            # more slots: greedy, each slot takes its nearest piece not yet taken: each slot takes its nearest piece not yet taken
            used: set[str] = set()
            total = 0.0
            for o in options:
                pick = next(((d, c) for d, c in o if c not in used), None)
                if pick is None:
                    return None
                used.add(pick[1])
                total += pick[0]
            return total
        if len(options) == 2:
            return min((a + b for a, ca in options[0] for b, cb in options[1] if ca != cb), default=None)
        return min((sum(d for d, _ in combo) for combo in product(*options)
                    if len({c for _, c in combo}) == len(combo)), default=None)

    def _mask(self, cells) -> int:
        """A set of cells as bits of one integer."""
        bits = self._bits
        out = 0
        for c in cells:
            out |= bits[c]
        return out

    def _near(self, cell: str) -> int:
        hit = self._near_bits.get(cell)
        if hit is None:
            hit = self._near_bits[cell] = self._mask(self.knowledge.geometry.neighbours(cell))
        return hit

    def _lines(self, owner: str, ptype: str, cell: str) -> tuple[tuple[tuple[int, int, int], ...], int, int, tuple]:
        """:meth:`GameKnowledge.lines` as bits: ((target bit, blocking cells' bits, landing), ...)
        with landing 0 either, 1 only onto an empty cell, 2 only onto a piece it takes; the bits of
        every cell those lines touch (the only cells whose contents matter); the bits of their
        targets; and the lines grouped for :func:`_reach` by landing: for each, ``(free, others)``,
        ``free`` the targets of the lines that pass over no cell, as one set of bits (nothing can
        block them: all of a king's and a knight's steps, a slider's first), and ``others`` the
        other lines as ``(target, cells passed over)``, tested on the board one by one."""
        bits = self._bits
        lines = []
        around = targets = 0
        free = [0, 0, 0]
        others: tuple[list, list, list] = ([], [], [])
        for target, over, landing in self.knowledge.lines(owner, ptype, cell):
            if target not in bits:
                continue
            target = bits[target]
            passed = 0
            for c in over:
                passed |= bits[c]
            kind = 1 if landing == QUIET else 2 if landing == CAPTURE else 0
            lines.append((target, passed, kind))
            around |= target | passed
            targets |= target
            if passed:
                others[kind].append((target, passed))
            else:
                free[kind] |= target
        return tuple(lines), around, targets, tuple((free[k], tuple(others[k])) for k in range(3))

    def _mobility_terms(self, ptype: str, targets: int) -> tuple[float, ...]:
        """:func:`_mobility_terms` of a piece of ``ptype`` whose lines reach the cells ``targets``,
        remembered by type and count (the records of one type share a few)."""
        key = (ptype, targets.bit_count())
        hit = self._terms.get(key)
        if hit is None:
            hit = self._terms[key] = _mobility_terms(key[1], self.milli.get(ptype, 1000),
                                                     self._step_weight.get(ptype, 1.0))
        return hit

    def _mobility(self, pieces, player: str) -> tuple[float, dict[str, int]]:
        """:meth:`_mobility_of` of ``(cell, owner, type)`` triples in name order, the attacked
        cells by player name."""
        index = self.pieces
        value, attacks, _, _ = self._mobility_of(index.records(pieces), index.player(player))
        return value, {index.players[o]: cells for o, cells in attacks.items()}

    def _mobility_of(self, records, me: int) -> tuple[float, dict[int, int], int, dict[int, int]]:
        """The mobility term and the cells each player attacks, from the board as it stands;
        and the occupied cells, and each player's, as bits (for :meth:`_royal_safety_of`).

        A piece's mobility is how many cells its learned steps reach now and
        could stand on safely: a step is blocked by a piece on a cell its line
        passes over, may not land on an own piece, lands only where its learned
        landing allows (a chess pawn's diagonal only onto a piece it takes), and
        does not count where an enemy piece of lower value attacks the cell (a
        queen brought out early reaches many cells, few of them safe).

        Each non-royal piece adds ``(cells - value) * step``, its owner's minus
        the others', times the ``mobility`` weight: a piece's learned value *is*
        its average mobility in random play, so this says how much more or less
        than usual the piece can do here (a bishop behind its own pawns, a rook
        on an open line).  ``step`` is what one cell is worth to the piece: 1,
        or less for a type that usually reaches more cells than the average
        piece (the average value over its value: a queen's extra cell is worth
        about half a knight's).  A piece's term is kept within its own value
        either way (a pawn's two steps from home do not outweigh a knight).

        A cell is attacked by every unblocked step that may take there; the
        second result gives each player's (by number) attacked cells.
        """
        occupied = 0
        mine: dict[int, int] = {}
        for r in records:
            b = r[BIT]
            occupied |= b
            owner = r[OWNER]
            mine[owner] = mine.get(owner, 0) | b
        attacks: dict[int, int] = {}
        reaches = []
        for r in records:
            owner = r[OWNER]
            around = r[AROUND]
            hit = _reach_by_lines(r[LINES], occupied & around, mine[owner] & around)
            attacks[owner] = attacks.get(owner, 0) | hit[1]
            reaches.append((r[MILLI], owner, hit[0], hit[1], r[STEP], r[ROYAL]))
        weight = self.weights.mobility
        if not weight:
            return 0.0, attacks, occupied, mine
        # each piece's safe cells exclude those attacked by enemy pieces worth less: walking the
        # pieces by value, "danger" gathers the attacks of the cheaper enemies met so far
        reaches.sort(key=_first)
        total = 0.0
        count = len(reaches)
        for owner in mine:
            danger = 0
            k = 0
            sign = 1.0 if owner == me else -1.0
            for value, o, reached, _, step, royal in reaches:
                if o != owner or royal:
                    continue
                while k < count and reaches[k][0] < value:
                    if reaches[k][1] != owner:
                        danger |= reaches[k][3]
                    k += 1
                term = (1000 * (reached & ~danger).bit_count() - value) * step
                total += sign * (value if term > value else -value if term < -value else term)
        return weight * total / 1000, attacks, occupied, mine

    def _royal_safety_from(self, records, me: int, enemy: dict[int, int], occupied: int,
                           cells_of: dict[int, int]) -> float:
        """Shelter, pressure and escape cells of every royal piece (see the module docstring).

        Cell sets are bits of one integer (a board of any size), so each count is one
        ``bit_count()``.  ``enemy`` gives, for each player (by number), the cells every other
        player attacks on the board as it stands, ``occupied`` the cells holding a piece and
        ``cells_of`` each player's.
        """
        w = self.weights
        score = 0.0
        for r in records:
            if not r[ROYAL]:
                continue
            owner = r[OWNER]
            reach = enemy[owner]
            near = r[NEAR]
            own = cells_of[owner]
            shelter = (near & own).bit_count()
            pressure = (near & reach).bit_count() + (2 if reach & r[BIT] else 0)
            steps, passing = r[STEPS]
            for target, over in passing:
                if not over & occupied:
                    steps |= target
            escape = (steps & ~own & ~reach).bit_count()
            term = self.scale * (w.shelter * shelter - w.pressure * pressure + w.royal_mobility * escape)
            score += term if owner == me else -term
        return score

    def _royal_safety_of(self, records, me: int, attacks: dict[int, int], occupied: int,
                         cells_of: dict[int, int]) -> float:
        """:meth:`_royal_safety_from` with ``attacks`` the cells each player attacks (:meth:`_mobility_of`)."""
        enemy: dict[int, int] = {}
        for owner in cells_of:
            reach = 0
            for o, cells in attacks.items():
                if o != owner:
                    reach |= cells
            enemy[owner] = reach
        return self._royal_safety_from(records, me, enemy, occupied, cells_of)


#: The fields of a piece's record (:meth:`PieceIndex.record`), a tuple for speed.
RANK, BIT, OWNER, MILLI, ROYAL, BONUS, LINES, AROUND, STEP, NEAR, NAMES, TERMS, STEPS, ORDER, RAYS = range(15)


class PieceIndex:
    """Small integers for the names of one game's positions: the evaluator's one owner of them.

    Players are numbered (:meth:`player`, and :attr:`players` back to names);
    each ``(cell, owner, type)`` gets a record, worked out the first time it is
    met and kept (a game has at most cells x players x types of them):

    * ``RANK``: its place in the order of the name triples, so sorting records
      orders pieces as sorting their names would (the float terms are summed in
      that order, the same in every process whatever the string hash seed);
    * ``BIT``: its cell's bit; ``OWNER``: its owner's number; ``MILLI``: its
      learned value in thousandths; ``ROYAL``: whether its owner's goals make
      it royal; ``BONUS``: its promotion bonus, or for a royal piece its
      activity (:meth:`Evaluator._promotion_bonus`, :meth:`Evaluator._royal_activity`);
    * ``LINES``, ``AROUND``: its learned lines as bits (:meth:`Evaluator._lines`);
      ``STEP``: what one cell of mobility is worth to it; ``NEAR``: the bits of
      the cells next to a royal piece (0 for others); ``NAMES``: the triple;
      ``TERMS``: its mobility term for each count of safe cells its lines can
      reach (:func:`_mobility_terms`; none for a royal piece, whose mobility is
      not counted); ``STEPS``, for a royal piece, its lines split for the
      escape count (:func:`_royal_steps`); ``ORDER``: ``value * span + rank``,
      one integer that orders pieces by value and then rank, the order of the
      mobility walk; ``RAYS``: its lines grouped for :func:`_reach` (:meth:`Evaluator._lines`).

    A name the game does not list (an engine's off-board place) is ranked
    when first met; the ranks of every record change then, so the records and
    the evaluator's reach memo, keyed by rank, are dropped.

    The index reaches its evaluator through a weak reference: the evaluator
    owns the index, so a strong one back would make the two a reference cycle,
    left to the cyclic garbage collector instead of freed with the player.
    """

    def __init__(self, evaluator: Evaluator, game: Game):
        self._evaluator = weakref.ref(evaluator)
        self._names: tuple[list[str], list[str], list[str]] = (
            sorted(set(game.positions)), sorted(set(game.players)), sorted(set(game.piece_types)))
        self._ranks: tuple[dict[str, int], ...] = ()
        self._rank_names()
        #: player numbers in the game's order of players; a name it does not list is numbered when met
        self._numbers: dict[str, int] = {p: i for i, p in enumerate(game.players)}
        self.players: list[str] = list(game.players)
        self._records: dict[tuple[str, str, str], tuple] = {}
        #: how many times the ranks were renumbered (a record made before is stale)
        self.renumbered = 0

    def player(self, name: str) -> int:
        """The number of player ``name``."""
        n = self._numbers.get(name)
        if n is None:
            n = self._numbers[name] = len(self.players)
            self.players.append(name)
        return n

    def record(self, piece: tuple[str, str, str]) -> tuple:
        """The record of ``piece``, a ``(cell, owner, type)`` triple (see the class docstring)."""
        hit = self._records.get(piece)
        if hit is None:
            hit = self._records[piece] = self._make(piece)
        return hit

    def records(self, pieces) -> list[tuple]:
        """The records of ``pieces`` (triples), in the order of their names."""
        known = self._records
        renumbered = self.renumbered
        out = [known.get(p) or self.record(p) for p in pieces]
        if self.renumbered != renumbered:
            out = [self.record(p) for p in pieces]
        out.sort()
        return out

    def unordered_records(self, pieces) -> list[tuple]:
        """:meth:`records` in no particular order (for a change, whose order matters to nothing)."""
        known = self._records
        return [known.get(p) or self.record(p) for p in pieces]

    def _rank_names(self) -> None:
        self._ranks = tuple({name: i for i, name in enumerate(names)} for names in self._names)
        #: more than every rank: ``value * span + rank`` orders records by value, then rank
        self._span = math.prod(len(names) for names in self._names)

    def _rank(self, piece: tuple[str, str, str]) -> int:
        ranks = self._ranks
        if any(name not in known for name, known in zip(piece, ranks)):
            for name, names in zip(piece, self._names):
                if name not in names:
                    names.append(name)
                    names.sort()
            self._rank_names()
            self._records.clear()
            self._evaluator()._reached.clear()
            self.renumbered += 1
            ranks = self._ranks
        cells, owners, types = ranks
        return (cells[piece[0]] * len(owners) + owners[piece[1]]) * len(types) + types[piece[2]]

    def _make(self, piece: tuple[str, str, str]) -> tuple:
        ev = self._evaluator()
        rank = self._rank(piece)
        cell, owner, ptype = piece
        royal = ptype in ev.royal.get(owner, ())
        bonus = ev._royal_activity(owner, ptype, cell) if royal else ev._promotion_bonus(owner, ptype, cell)
        lines, around, targets, rays = ev._lines(owner, ptype, cell)
        milli = ev.milli.get(ptype, 1000)
        step = ev._step_weight.get(ptype, 1.0)
        return (rank, ev._bits[cell], self.player(owner), milli, royal, bonus, lines, around,
                step, ev._near(cell) if royal else 0, piece, () if royal else ev._mobility_terms(ptype, targets),
                _royal_steps(lines) if royal else (0, ()), milli * self._span + rank, rays)


def _reach_from(knowledge: GameKnowledge, owner: str, ptype: str, cell: str) -> int:
    """:meth:`GameKnowledge.reach`, the cells a piece reaches from ``cell`` on an empty board, counted
    as its learned lines (one per cell reached): the knowledge remembers the lines, which every
    evaluator of the game reads for its records, and works the reach out again at each call."""
    return len(knowledge.lines(owner, ptype, cell))


def _placement_reads(cond) -> tuple[frozenset[str], tuple[str, ...]] | None:
    """The piece types and cells whose contents give ``cond``'s distance (:meth:`Evaluator._distance`):
    the types its slots may hold and its slots' cells; None when it also counts pieces."""
    types: set[str] = set()
    cells: set[str] = set()
    for part in walk(cond):
        if isinstance(part, PiecesRemaining):
            return None
        if isinstance(part, Placement):
            for slot in part.slots:
                cells.update(slot.cells)
                types.update(o.piece for o in slot.occupants)
    return frozenset(types), tuple(sorted(cells))


def _measurable(cond):
    """``cond`` without the parts that never give :meth:`Evaluator._distance` a distance, or None
    when it never gives one: an alternative that never gives one cannot be the nearest, and a
    conjunction with such a part never gives one itself.  The distance of what is left is the
    distance of ``cond`` in every position, so a game's goals are simplified once, not walked
    again for every position (Canopus's goals pair each piece count with a condition read as
    :class:`~runtime.core.goalinfo.Unscored`)."""
    if isinstance(cond, (Placement, PiecesRemaining)):
        return cond
    if isinstance(cond, AnyOf):
        kept = tuple(c for c in (_measurable(a) for a in cond.alternatives) if c is not None)
        return (kept[0] if len(kept) == 1 else AnyOf(kept)) if kept else None
    if isinstance(cond, AllOf):
        kept = tuple(_measurable(p) for p in cond.parts)
        return None if any(c is None for c in kept) else AllOf(kept)
    return None


class _Parts:
    """What one board gives every player's value (:meth:`Evaluator._parts`), kept by the evaluator for
    the last position it valued only.

    ``records`` the pieces' records in rank order; ``occupied`` the occupied cells' bits; ``mine``
    each player's cells' bits, by number, in the order the records first name the players (the
    order of the mobility sum); ``milli`` each player's learned values on the board, thousandths;
    ``entries`` each piece's ``(order, value, owner, cells reached, cells attacked, mobility terms)``
    by rank (``order`` its record's ``ORDER``, so sorting entries compares one small integer each);
    ``royals`` the royal pieces' records and ``active`` those with an activity or promotion bonus,
    both in rank order (shared with the parts before when unchanged, never
    changed in place); ``plain_milli`` the learned values of the non-royal pieces on the board;
    ``renumbered`` :attr:`PieceIndex.renumbered` when they were made.
    """

    __slots__ = ("board", "records", "occupied", "mine", "milli", "entries", "royals", "active", "plain_milli",
                 "renumbered")

    def __init__(self, board: frozenset, records: list[tuple], occupied: int, mine: dict[int, int],
                 milli: dict[int, int], entries: dict[int, tuple], royals: list[tuple], active: list[tuple],
                 plain_milli: int, renumbered: int):
        self.board = board
        self.records = records
        self.occupied = occupied
        self.mine = mine
        self.milli = milli
        self.entries = entries
        self.royals = royals
        self.active = active
        self.plain_milli = plain_milli
        self.renumbered = renumbered


def _first(item):
    return item[0]


def _two_player_mobility(reaches, mine: dict[int, int], me: int) -> tuple[float, dict[int, int]]:
    """:meth:`Evaluator._safe_mobility`'s sum (thousandths, before the weight) and each player's
    cells attacked by the other, for a board with two players' pieces (most positions of most
    games), in one walk up ``reaches`` instead of one per player: each player's danger is the
    other's attacks from the levels of value passed.  The first player's terms are summed as
    they come and the second's kept and added after them, so the float sum is made in the
    order of the walk per player, to the last bit."""
    first, second = mine
    first_sign = first == me
    second_sign = second == me
    total = 0.0
    later: list[float] = []
    first_danger = second_danger = first_pending = second_pending = 0
    first_safe = second_safe = -1  # the complements of the dangers, made once a level
    level = None
    for _, value, owner, reached, attacked, terms in reaches:
        if value != level:
            first_danger |= second_pending
            second_danger |= first_pending
            first_safe = ~first_danger
            second_safe = ~second_danger
            first_pending = second_pending = 0
            level = value
        if owner == first:
            first_pending |= attacked
            if terms:  # a royal piece has none
                # adding the negated term is subtracting it, exactly
                if first_sign:
                    total += terms[(reached & first_safe).bit_count()]
                else:
                    total -= terms[(reached & first_safe).bit_count()]
        else:
            second_pending |= attacked
            if terms:
                later.append(terms[(reached & second_safe).bit_count()])
    if second_sign:
        for term in later:
            total += term
    else:
        for term in later:
            total -= term
    return total, {first: first_danger | second_pending, second: second_danger | first_pending}


def _royal_steps(lines) -> tuple[int, tuple[tuple[int, int], ...]]:
    """A royal piece's lines for its escape cells (:meth:`Evaluator._royal_safety_from`): the targets
    of the lines that pass over no cell, which nothing can block (all of a king's), as one set of
    bits, and ``(target, cells passed over)`` of the others, tested against the board."""
    free = 0
    passing = []
    for target, over, _ in lines:
        if over:
            passing.append((target, over))
        else:
            free |= target
    return free, tuple(passing)


def _mobility_terms(count: int, value: int, step: float) -> tuple[float, ...]:
    """A piece's mobility term (thousandths, before the weight) for each count of safe cells, 0 up to
    the ``count`` of its lines' targets: ``(1000 * count - value) * step`` kept within its own ``value``
    (:meth:`Evaluator._mobility_of`), the same expression, so a term read here is the same float."""
    terms = []
    for safe in range(count + 1):
        term = (1000 * safe - value) * step
        terms.append(float(value if term > value else -value if term < -value else term))
    return tuple(terms)


class _CellBits(dict):
    """Each cell's bit in the cell sets of the mobility and royal-safety terms: the game's positions
    first, in order; a cell a position names that the game does not list (an engine's off-board
    place) gets the next bit when first met, so no position can fail to evaluate."""

    def __init__(self, cells):
        super().__init__((c, 1 << i) for i, c in enumerate(cells))

    def __missing__(self, cell: str) -> int:
        bit = self[cell] = 1 << len(self)
        return bit


def _reach(rays, occupied: int, own: int) -> tuple[int, int]:
    """:func:`_reach_by_lines` from the lines grouped by :meth:`Evaluator._lines`: the open targets of each
    landing found first, then the cells reached and attacked from them with a few operations on
    all of them at once."""
    (either, either_lines), (quiet, quiet_lines), (capture, capture_lines) = rays
    for target, over in either_lines:
        if not over & occupied:
            either |= target
    for target, over in quiet_lines:
        if not over & occupied:
            quiet |= target
    for target, over in capture_lines:
        if not over & occupied:
            capture |= target
    # onto an empty cell or an enemy's (either), an empty one (quiet), an enemy's (capture)
    reached = ((either | capture & occupied) & ~own) | (quiet & ~occupied)
    return reached, either | capture


def _reach_by_lines(lines, occupied: int, own: int) -> tuple[int, int]:
    """(the cells a piece could move to, the cells it attacks), as bits, along ``lines``
    (:meth:`Evaluator._lines`) with ``occupied`` cells holding pieces, ``own`` its owner's:
    line by line, the definition that :func:`_reach` follows and :meth:`_mobility_of` uses."""
    attacked = 0
    reached = 0
    for target, over, landing in lines:
        if over & occupied:
            continue
        if landing != 1:
            attacked |= target
        if target & own:
            continue
        if target & occupied:
            if landing != 1:
                reached |= target
        elif landing != 2:
            reached |= target
    return reached, attacked


class _View:
    """One position's pieces, indexed for the goal distances."""

    __slots__ = ("pieces", "by_type", "owner_at", "_counts")

    def __init__(self, pieces):
        self.pieces = pieces
        self.by_type: dict[str, list[tuple[str, str]]] = {}
        self.owner_at: dict[str, str] = {}
        #: (owner, type) -> how many such pieces stand on the board
        self._counts: dict[tuple[str, str], int] = {}
        counts = self._counts
        for cell, owner, ptype in pieces:
            self.by_type.setdefault(ptype, []).append((cell, owner))
            self.owner_at[cell] = owner
            counts[owner, ptype] = counts.get((owner, ptype), 0) + 1

    def count(self, owner: str | None, types) -> int:
        """How many pieces of ``owner`` (None: anybody's) of ``types`` (None: any type) stand on the board."""
        if types is None:
            return len(self.pieces) if owner is None else sum(n for (o, _), n in self._counts.items() if o == owner)
        total = 0
        for (o, t), n in self._counts.items():
            if t in types and (owner is None or o == owner):
                total += n
        return total
