"""Explaining a documented difference with a *twin* engine: the reference with one rule changed.

A generated ZRF sometimes cannot say a rule the way the native engine plays
it (a history rule, a nested ``attacked?``).  The cross-checker then reports
a disagreement that is known and documented; to accept it, and nothing else,
a variant builds a twin of the reference position in which exactly that rule
reads the ZRF's way, and :func:`twin_engine_explainer` accepts a disagreement
only when

* the twin's successor positions differ from the reference's (the rule is at
  work in this position),
* the ZRF's successor positions are exactly the twin's,
* for different moves: the ZRF only *adds* moves (the changed rule in both
  variants lets through what the engine forbids); for an outcome: the ZRF's
  outcome is the twin's and not the reference's,
* and the variant's own ``confirm(reference, twin)`` test, if any, holds.

Positions are compared by :meth:`runtime.core.protocol.Signature.core`.
"""

from __future__ import annotations

from typing import Callable

from runtime.verify.crosscheck import Disagreement, DisagreementKind
from runtime.core.protocol import Outcome, State


def successor_cores(state: State) -> set:
    """The core signature of every position one legal move from ``state``."""
    return {state.apply(m).signature().core() for m in state.legal_moves()}


def _key(outcome: Outcome | None):
    return None if outcome is None else outcome.key()


def twin_engine_explainer(
        twin: Callable[[State], State | None],
        confirm: Callable[[State, State], bool] | None = None) -> Callable[[State, State, Disagreement], bool]:
    """A :class:`runtime.verify.crosscheck.KnownDifference` ``explains`` function built on ``twin``.

    ``twin(reference_state)`` gives the same position under the changed rule,
    or None where the difference cannot arise (another game, another option,
    a rule no longer in play).  ``confirm(reference, twin)`` adds a variant's
    own test of the two positions (e.g. that every move only the twin has
    repeats a position).
    """

    def explains(ref: State, cand: State, d: Disagreement) -> bool:
        if d.kind not in (DisagreementKind.SUCCESSORS, DisagreementKind.OUTCOME):
            return False
        other = twin(ref)
        if other is None:
            return False
        twin_cores = successor_cores(other)
        if twin_cores == successor_cores(ref):
            return False  # the rule plays no part in this position
        if successor_cores(cand) != twin_cores:
            return False
        if confirm is not None and not confirm(ref, other):
            return False
        if d.kind is DisagreementKind.SUCCESSORS:
            return bool(d.only_candidate) and not d.only_reference
        return _key(cand.outcome()) == _key(other.outcome()) != _key(ref.outcome())

    return explains
