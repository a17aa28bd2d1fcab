"""The twin-engine explainer on a game small enough to count by hand.

Reference: a heap of 5 stones, a move takes 1 or 2.  The "ZRF" also allows
taking 3; the documented difference is that one rule, so the twin is the same
heap with takes (1, 2, 3).  At the start the reference has 2 moves (to 4 and 3
stones), the candidate and the twin 3 (to 4, 3 and 2).
"""

from __future__ import annotations

from runtime.verify.crosscheck import CrossChecker, KnownDifference
from runtime.verify.twin_engines import successor_cores, twin_engine_explainer
from tests.toygames import TakeAway, TakeState

WIDER = TakeAway(5, takes=(1, 2, 3))


def _twin(ref):
    return TakeState(WIDER, ref.stones, ref.turn)


def _check(candidate, explains):
    reference = TakeAway(5, takes=(1, 2))
    known = [KnownDifference("take-three", "the ZRF also takes 3", explains)]
    checker = CrossChecker(reference, candidate, known=known)
    return checker.tree(reference.initial_state(), candidate.initial_state(), 1)


def test_successor_cores_counts_positions_not_moves():
    assert len(successor_cores(TakeAway(5, takes=(1, 2)).initial_state())) == 2
    assert len(successor_cores(WIDER.initial_state())) == 3


def test_the_documented_rule_is_explained():
    result = _check(TakeAway(5, takes=(1, 2, 3)), twin_engine_explainer(_twin))
    (d,) = result.disagreements
    assert d.kind == "successors" and d.only_candidate == ["take 3"] and d.known == "take-three"
    assert result.agree and result.unexplained == 0


def test_a_candidate_that_is_not_the_twin_is_not_explained():
    """Takes (1, 3): it lacks 'take 2' and has 'take 3', which the twin does not match."""
    result = _check(TakeAway(5, takes=(1, 3)), twin_engine_explainer(_twin))
    (d,) = result.disagreements
    assert d.known is None and not result.agree


def test_no_twin_or_a_failed_confirmation_explains_nothing():
    for explains in (twin_engine_explainer(lambda ref: None),
                     twin_engine_explainer(_twin, confirm=lambda ref, twin: False)):
        result = _check(TakeAway(5, takes=(1, 2, 3)), explains)
        assert result.unexplained == 1 and not result.agree
