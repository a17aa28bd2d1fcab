"""Documented departures of the generated ``alpha_centauri.zrf`` (run by the project's ZRF
interpreter, whole turns merged by :class:`runtime.turns.MergedTurns`) from the native engine.

The no-attack rule is exact in the ZRF (each move block tests the board after its move;
docs/variants/alpha_centauri-zrf.md), so it has no entry here.

**win-turn-marker.**  A win by the first part ends the game at once in both.  The engine
then has the opponent to move; the ZRF's turn pointer stands at the winner's second
turn-order entry, so its terminal position has the winner to move.  Explained only when
the successor positions are equal once the side to move of *won* positions is blanked,
and every won successor is a one-part turn won by the mover.

**no-legal-turn.**  The rules draw when the player to move has no legal turn at all.
In the ZRF both parts then pass (``"pass turn" forced``) and play goes on.  Explained
only when the reference outcome is that draw and every ZRF move of the position is a
pass in both parts.

See ``docs/variants/alpha_centauri-zrf.md``, "Known limits".
"""

from __future__ import annotations

from runtime.crosscheck import Disagreement, KnownDifference
from runtime.interpreter.engine import ZrfState
from runtime.protocol import State
from runtime.turns import MergedState

from .engine import NO_TURN_RULE, AlphaCentauriState

DOC = "docs/variants/alpha_centauri-zrf.md#known-limits"


def _won(state: State):
    """The outcome by which ``state`` has ended through a win, or None.

    For the native engine only the win rule is tested: its full outcome also
    looks for a legal turn (the no-legal-turn draw, which the ZRF does not
    have), and that costs a whole turn generation per successor.  For the ZRF
    only the goals are tested (its players never lack a move: "pass turn" is
    forced).
    """
    if isinstance(state, AlphaCentauriState):
        return state._win()
    inner = state.inner if isinstance(state, MergedState) else state
    if isinstance(inner, ZrfState):
        return inner.goal_outcome()
    return state.outcome()


def _cores(state: State) -> set:
    """Successor positions; after a win the side to move is blanked (see win-turn-marker)."""
    out = set()
    for m in state.legal_moves():
        child = state.apply(m)
        to_move, board, hands = child.signature().core()
        out.add(("-" if _won(child) is not None else to_move, board, hands))
    return out


def _raw_cores(state: State) -> set:
    return {state.apply(m).signature().core() for m in state.legal_moves()}


def _key(outcome):
    return None if outcome is None else outcome.key()


def explains_win_turn_marker(ref: State, cand: State, d: Disagreement) -> bool:
    """Is ``d`` only the side-to-move marker of positions won by the first part?"""
    if not isinstance(ref, AlphaCentauriState) or d.kind != "successors":
        return False
    if _raw_cores(ref) == _raw_cores(cand) or _cores(ref) != _cores(cand):
        return False
    mover = ref.current_player
    for state in (ref, cand):
        for m in state.legal_moves():
            out = _won(state.apply(m))
            if out is not None and (out.winners != (mover,) or len(m.parts) != 1):
                return False
    return True


def _all_passes(state: State) -> bool:
    moves = state.legal_moves()
    return bool(moves) and all(all(p == "Pass" for p in m.parts) for m in moves)


def explains_no_legal_turn(ref: State, cand: State, d: Disagreement) -> bool:
    """Is ``d`` the rules' no-legal-turn draw, which the ZRF plays as two passes?"""
    if not isinstance(ref, AlphaCentauriState) or d.kind != "outcome":
        return False
    out = ref.outcome()
    return (out is not None and out.rule == NO_TURN_RULE and not ref.legal_moves()
            and cand.outcome() is None and _all_passes(cand))


def known_differences() -> list[KnownDifference]:
    """The documented differences of ``alpha_centauri.zrf`` from the native engine."""
    return [
        KnownDifference(
            name="win-turn-marker",
            description=("When the first part wins, the engine's final position has the "
                         "opponent to move; in the ZRF the winner's second turn-order entry is "
                         "still pending, so its final position has the winner to move.  Both "
                         "positions are terminal with the same board and the same winner."),
            explains=explains_win_turn_marker,
            doc=DOC,
        ),
        KnownDifference(
            name="no-legal-turn",
            description=("A player with no legal turn draws in the rules; the ZRF passes both "
                         "parts (\"pass turn\" forced) and play goes on."),
            explains=explains_no_legal_turn,
            doc=DOC,
        ),
    ]
