"""Documented departures of the generated ``canonical.zrf`` from the native engine.

There is one: the **no-repetition rule**.  The rules (and the engine's default
``repetition="any"``) make a move illegal when it recreates any earlier
position; a player whose only moves would do so has no move and loses.  ZRF
cannot forbid a move because of the game's history (its only history goal is
the threefold ``repetition`` condition), so the generated file allows such
moves and ends the game as a draw at the third occurrence instead.  Against the
engine option ``repetition="threefold-draw"`` the file agrees exactly.

The explainer recognises exactly that difference and nothing else: it rebuilds
the reference position in an engine identical to the reference except that
repetition is switched off, and accepts a disagreement only if

* the reference engine forbids repetition (``repetition == "any"``),
* the ZRF's successor positions are exactly those of the repetition-free twin,
* and every position the ZRF reaches but the reference does not is one the
  reference game has already seen (a true repetition).

See ``docs/variants/canonical-zrf.md``, "Known limits".
"""

from __future__ import annotations

from runtime.crosscheck import Disagreement, KnownDifference
from runtime.protocol import State

from .engine import CanonicalGame, CanonicalState

DOC = "docs/variants/canonical-zrf.md#known-limits"


def _twin(ref: CanonicalState) -> CanonicalState:
    """The same position in the same game with the no-repetition rule switched off."""
    g = ref.game
    opts = dict(g.options)
    opts["repetition"] = "none"
    return CanonicalState(CanonicalGame(g.size, **opts), ref.cells, ref.turn, {})


def _successor_cores(state: State) -> set:
    return {state.apply(m).signature().core() for m in state.legal_moves()}


def explains_no_repetition(ref: State, cand: State, d: Disagreement) -> bool:
    """Is ``d`` only the effect of the engine's no-repetition rule?"""
    if not isinstance(ref, CanonicalState) or ref.game.repetition != "any":
        return False
    if d.kind not in ("successors", "outcome"):
        return False
    twin = _twin(ref)
    twin_moves = twin.legal_moves()
    # the moves the repetition rule removed: exactly those recreating a seen position
    opp = 1 - ref.turn
    repeating = [m for m in twin_moves if (opp, m.data[2]) in ref.seen]
    if not repeating:
        return False
    if _successor_cores(cand) != {twin.apply(m).signature().core() for m in twin_moves}:
        return False
    if d.kind == "successors":
        # the reference lacks only repeating moves; nothing is missing on the ZRF side
        if d.only_reference or not d.only_candidate:
            return False
        return _successor_cores(ref) == {twin.apply(m).signature().core()
                                         for m in twin_moves if m not in repeating}
    # outcome: every move would repeat, so the reference player loses; the ZRF plays on
    ro, co = ref.outcome(), cand.outcome()
    return (ro is not None and co is None and not ref.legal_moves()
            and len(repeating) == len(twin_moves)
            and ro.losers == (ref.current_player,))


def known_differences() -> list[KnownDifference]:
    """The documented differences of ``canonical.zrf`` (all three games) from the engine."""
    return [KnownDifference(
        name="no-repetition",
        description=("The rules forbid recreating any earlier position; ZRF cannot forbid a move "
                     "by the game's history, so the ZRF allows the repeating move (and draws at "
                     "the third occurrence through its `repetition` goal)."),
        explains=explains_no_repetition,
        doc=DOC,
    )]
