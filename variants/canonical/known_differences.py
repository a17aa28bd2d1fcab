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

from runtime.verify.crosscheck import KnownDifference
from runtime.core.protocol import State
from runtime.verify.twin_engines import successor_cores, twin_engine_explainer

from .engine import CanonicalGame, CanonicalState

DOC = "docs/variants/canonical-zrf.md#known-limits"


def _twin(ref: State) -> CanonicalState | None:
    """The same position in the same game with the no-repetition rule switched off
    (None unless the reference forbids repetition)."""
    if not isinstance(ref, CanonicalState) or ref.game.repetition != "any":
        return None
    g = ref.game
    opts = dict(g.options)
    opts["repetition"] = "none"
    return CanonicalState(CanonicalGame(g.size, **opts), ref.cells, ref.turn, {})


def _removes_only_repetitions(ref: CanonicalState, twin: CanonicalState) -> bool:
    """The reference lacks exactly the twin's moves that recreate a position the game has seen,
    and when that leaves it no move, the player to move has lost."""
    moves = twin.legal_moves()
    opp = 1 - ref.turn
    repeating = [m for m in moves if (opp, m.data[2]) in ref.seen]
    if not repeating:
        return False
    if successor_cores(ref) != {twin.apply(m).signature().core() for m in moves if m not in repeating}:
        return False
    outcome = ref.outcome()
    return outcome is None or (not ref.legal_moves() and outcome.losers == (ref.current_player,))


explains_no_repetition = twin_engine_explainer(_twin, _removes_only_repetitions)
"""Is a disagreement only the effect of the engine's no-repetition rule?"""


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
