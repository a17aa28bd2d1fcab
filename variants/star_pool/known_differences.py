"""Documented departures of the generated ``star_pool_chess.zrf`` (as run by the
project's ZRF interpreter) from the native engine.

There is one: **nested-king-leap-attack**.  The King's first-move Knight leap
is not allowed while that King is in check.  The engine (decision D7 of
docs/variants/star_pool.md) therefore counts an unmoved enemy King's leap as a
threat only if that enemy King is not attacked *ignoring leaps*.  The ZRF says
"not in check" the Zillions way, ``(verify not-attacked?)`` in the leap, and
an ``attacked?`` test then asks, one level down, whether the enemy King is
attacked; the project's interpreter evaluates that nested test with every
piece's moves, *including this side's own unmoved King's leap* (and answers
"not attacked" one level further down, so that leap counts unconditionally).
The two readings differ only when **both Kings still have their leap and stand
a Knight leap apart**: there the engine says the enemy leap threatens, the
interpreter says it does not (the enemy King is "attacked" by our leap).  The
ZRF side then has extra moves (e.g. a Wizard swap that puts one's unmoved King
a leap from the unmoved enemy King), and can differ in check and outcome.
ZRF cannot say "attacked, ignoring the King's leap", and what real Zillions
does with nested ``attacked?`` is undocumented (SEMANTICS §9).

The explainer rebuilds the reference position in a *twin* engine that is the
reference engine with exactly that one rule changed (the interpreter's nesting)
and accepts a disagreement only if

* the twin's successor positions differ from the reference's (the rule is at
  work in this position), and
* the ZRF's successor positions are exactly the twin's, and, for an outcome
  disagreement, the ZRF's outcome is the twin's.

See ``docs/variants/star_pool-zrf.md``, "Known limits".
"""

from __future__ import annotations

from runtime.crosscheck import KnownDifference
from runtime.protocol import Move, State
from runtime.twin_engines import twin_engine_explainer

from .board import KING
from .engine import StarPoolState

DOC = "docs/variants/star_pool-zrf.md#known-limits"


def _leaping_king(game, board: list, target: int, by: int) -> int | None:
    """The square of side ``by``'s King if its Knight leap reaches ``target``."""
    king = by * 16 + KING
    for src in game.tables.rev_leap[by][target]:
        if board[src] == king:
            return src
    return None


def _attacked(game, board: list, target: int, by: int, unmoved: tuple) -> bool:
    """``attacked?`` as the interpreter nests it: side ``by``'s unmoved King leap counts
    unless that King is attacked by the other side, the other side's own unmoved King
    leap counting there without any further test."""
    if game.attacked(board, target, by, False, with_leap=False):
        return True
    if not unmoved[by]:
        return False
    src = _leaping_king(game, board, target, by)
    if src is None:
        return False
    other = 1 - by
    if game.attacked(board, src, other, False, with_leap=False):
        return False
    if unmoved[other] and _leaping_king(game, board, src, other) is not None:
        return False
    return True


class _TwinState(StarPoolState):
    """The reference position under the interpreter's nesting of ``attacked?``."""

    __slots__ = ()

    def in_check(self) -> bool:
        if self._check is None:
            k = self.kings[self.side]
            self._check = k >= 0 and _attacked(self.game, self.cells, k, 1 - self.side,
                                               self.unmoved)
        return self._check

    def legal_moves(self) -> list[Move]:
        if self._moves is not None:
            return self._moves
        me = self.side
        moves = []
        for frm, to, newcode, kind in self._pseudo():
            nb, unmoved, kings = self._successor(frm, to, newcode, kind)
            k = kings[me]
            if k >= 0 and _attacked(self.game, nb, k, 1 - me, unmoved):
                continue
            moves.append(Move.single(self._notation(frm, to, newcode, kind),
                                     (nb, unmoved, kings)))
        self._moves = moves
        return moves


def _twin(ref: State) -> StarPoolState | None:
    """The same position in a game that differs from the reference only by that rule
    (None unless both Kings still have their leap)."""
    if not isinstance(ref, StarPoolState) or not all(ref.unmoved):
        return None
    return _TwinState(ref.game, list(ref.cells), ref.side, ref.unmoved, ref.kings)


explains_nested_leap = twin_engine_explainer(_twin)
"""Is a disagreement only the effect of the non-nested ``not-attacked?`` guard of the King's leap?"""


def known_differences() -> list[KnownDifference]:
    """The documented differences of ``star_pool_chess.zrf`` from the native engine."""
    return [KnownDifference(
        name="nested-king-leap-attack",
        description=("An unmoved King's first-move leap is not allowed in check.  The engine "
                     "decides 'in check' ignoring leaps (D7); the ZRF's `(verify not-attacked?)` "
                     "guard, nested by the interpreter, also counts the other unmoved King's "
                     "leap.  With both Kings unmoved and a leap apart the ZRF therefore "
                     "allows moves (and sees checks) the engine does not."),
        explains=explains_nested_leap,
        doc=DOC,
    )]
