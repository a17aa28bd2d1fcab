"""Documented departures of the generated ``canopus.zrf`` (run by the project's ZRF
interpreter) from the native Canopus / Super-Star Canopus engine.

Each one is a rule the ZRF cannot state exactly (see the ZRF comments at the place
concerned and docs/variants/canopus-zrf.md, "Known limits"):

* **goal-move-into-check**: a move that completes a goal pair is legal even if it
  leaves the mover's King attacked (decision A17); the king-safety filter that
  ``checkmated`` implies removes every such move.
* **repetition-loser**: the player whose move makes a position occur for the third
  time loses (A19); the ZRF ``repetition`` goal is judged for the player to move.
* **both-down-to-two**: after a move leaving both sides with two pieces or fewer the
  mover wins (end rule 1 before 2); ZRF tests the players in listed order, White
  first, so White loses even when White made that move.

The first is recognised with a *twin* engine: the reference engine with exactly that
rule changed (``goal_overrides_check=False``, an option of the engine).  A disagreement
is explained only if the rule is at work in the position (the twin's result differs
from the reference's) and the ZRF's result is exactly the twin's.

(A Star's check through a whole jump chain, written in ZRF as partial moves, used to be
a fourth difference; the interpreter's ``attacked?`` now follows add-partial
continuations and agrees with the engine.)
"""

from __future__ import annotations

from runtime.crosscheck import Disagreement, KnownDifference
from runtime.protocol import Outcome, State

from .engine import PLAYERS, CanopusGame, CanopusState
from .moves import EMPTY

DOC = "docs/variants/canopus-zrf.md#known-limits"


# --------------------------------------------------------------------------- twin

def _twin(ref: CanopusState) -> CanopusState:
    """The same position in a game that differs from the reference only by A17: a goal
    move may not leave the own King attacked."""
    g = ref.game
    game = CanopusGame(g.super_star, soldier_rank=g.soldier_rank,
                       specials_take_reducer=g.rules.specials_take_reducer,
                       compensation_optional=g.rules.compensation_optional,
                       last_rank_compulsory=g.rules.last_rank_compulsory,
                       chain_reduction=g.rules.chain_reduction, goal_overrides_check=False,
                       two_pieces_exact=g.two_pieces_exact,
                       repetition_loser=g.repetition_loser, push_own_king=g.rules.push_own_king)
    return CanopusState(game, ref.cells, ref.to_move, ref.history)


def _cores(state: State) -> set:
    return {state.apply(m).signature().core() for m in state.legal_moves()}


def _key(o):
    return None if o is None else o.key()


def explains_goal_move_into_check(ref: State, cand: State, d: Disagreement) -> bool:
    """Is ``d`` only the effect of A17 (goal moves exempt from the king-safety rule)?"""
    if not isinstance(ref, CanopusState) or d.kind not in ("successors", "outcome"):
        return False
    if not ref.game.goal_overrides_check:
        return False
    twin = _twin(ref)
    if d.kind == "successors":
        mine = _cores(twin)
        return mine != _cores(ref) and _cores(cand) == mine
    mine = _key(twin.outcome())
    return mine != _key(ref.outcome()) and _key(cand.outcome()) == mine


# --------------------------------------------------------------------------- outcomes

def explains_repetition_loser(ref: State, cand: State, d: Disagreement) -> bool:
    """Third occurrence: the reference makes the mover lose, the ZRF the player to move."""
    if not isinstance(ref, CanopusState) or d.kind != "outcome":
        return False
    ro, co = ref.outcome(), cand.outcome()
    if ro is None or ro.rule != "threefold repetition" or co is None:
        return False
    if ref.game.repetition_loser != "mover":
        return False
    expected = Outcome.loss(PLAYERS[ref.to_move], PLAYERS, "repetition")
    return co.key() == expected.key()


def explains_both_down_to_two(ref: State, cand: State, d: Disagreement) -> bool:
    """Both sides at two pieces or fewer after White's move: the ZRF lets White lose."""
    if not isinstance(ref, CanopusState) or d.kind != "outcome":
        return False
    ro, co = ref.outcome(), cand.outcome()
    if ro is None or ro.rule != "reduced to two pieces" or co is None:
        return False
    counts = [0, 0]
    for v in ref.cells:
        if v != EMPTY:
            counts[v >> 4] += 1
    if not (counts[0] <= 2 and counts[1] <= 2) or ref.to_move != 1:
        return False  # only after a move by White (Black to move)
    return co.key() == Outcome.loss("White", PLAYERS, "two pieces").key()


def known_differences() -> list[KnownDifference]:
    return [
        KnownDifference(
            "goal-move-into-check",
            "a goal-completing move is legal even if it leaves the own King attacked (A17); "
            "the checkmated goal's king-safety filter removes it",
            explains_goal_move_into_check, DOC),
        KnownDifference(
            "repetition-loser",
            "third occurrence of a position: the engine makes the mover lose (A19), the ZRF "
            "repetition goal the player to move",
            explains_repetition_loser, DOC),
        KnownDifference(
            "both-down-to-two",
            "a move by White leaving both sides with two pieces or fewer: the engine lets "
            "White win, the ZRF (players tested in listed order) lets White lose",
            explains_both_down_to_two, DOC),
    ]


__all__ = ["known_differences"]
