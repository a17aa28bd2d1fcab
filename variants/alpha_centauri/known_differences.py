"""Documented departures of the generated ``alpha_centauri.zrf`` (run by the project's ZRF
interpreter, whole turns merged by :class:`runtime.turns.MergedTurns`) from the native engine.

**no-attack-approximation.**  After each part the mover may not create an attack on an
enemy King or Dame.  ZRF has no test that reads the board *after* a move except the
``checkmated`` king-safety filter, and that filter protects the mover's *own* royals, so
the rule cannot be written exactly.  The ZRF keeps only the part a move block sees
exactly: a Pawn may not end a part diagonally next to an enemy royal, a Guard not next
to one.  The explainer rebuilds the reference position in a *twin* engine: the native
rules with the no-attack filter replaced by exactly that Pawn/Guard test, and accepts
a disagreement only if the twin's successor positions differ from the reference's (the
rule is at work here) and the ZRF's successor positions are exactly the twin's (for an
outcome disagreement: the ZRF's outcome is the twin's).

**win-turn-marker.**  A win by the first part ends the game at once in both.  The engine
then has the opponent to move; the ZRF's turn pointer stands at the winner's second
turn-order entry, so its terminal position has the winner to move.  Explained only when
the successor positions are equal once the side to move of *won* positions is blanked,
and every won successor is a one-part turn won by the mover.  (The no-attack explainer
compares with the same blanking, so both differences may meet in one position.)

**no-legal-turn.**  The rules draw when the player to move has no legal turn at all.
In the ZRF both parts then pass (``"pass turn" forced``) and play goes on.  Explained
only when the reference outcome is that draw and every ZRF move of the position is a
pass in both parts.

See ``docs/variants/alpha_centauri-zrf.md``, "Known limits".
"""

from __future__ import annotations

from runtime.crosscheck import Disagreement, KnownDifference
from runtime.interpreter.engine import ZrfState
from runtime.protocol import Move, State
from runtime.turns import MergedState

from .board import ALL_DIRS, DAME, GUARD, KING, PAWN, STEP, UNCAPTURABLE_TYPES
from .engine import NO_TURN_RULE, AlphaCentauriState
from .moves import allowed_candidates, reductions, royals_meet

DOC = "docs/variants/alpha_centauri-zrf.md#known-limits"
_UNCAP = frozenset(UNCAPTURABLE_TYPES)


def _approx_attack(b: list, me: int, ptype: int, t: int) -> bool:
    """Does a Pawn/Guard of ``me`` landing on ``t`` stand where it attacks an enemy royal?"""
    dirs = ALL_DIRS if ptype == GUARD else (4, 5, 6, 7)
    enemy = 1 - me
    for d in dirs:
        n = STEP[d][t]
        if n >= 0:
            x = b[n]
            if x and x >> 4 == enemy and x & 15 in (KING, DAME):
                return True
    return False


def twin_part_moves(b: list, me: int, part: int, rules) -> list:
    """One part's moves under the ZRF's no-attack test (see the module docstring)."""
    cons = reductions(b, me)
    out: dict = {}
    for s in range(81):
        x = b[s]
        if x == 0 or x >> 4 != me or ((x & 15) in _UNCAP) != (part == 1):
            continue
        for m in allowed_candidates(b, s, me, rules, cons):
            if m[0] in out:
                continue
            if x & 15 in (PAWN, GUARD) and _approx_attack(b, me, x & 15, m[2]):
                continue
            out[m[0]] = m[1]
    return list(out.items())


class TwinState(AlphaCentauriState):
    """A reference position whose turns use :func:`twin_part_moves`."""

    __slots__ = ()

    def _generate(self) -> list:
        rules = self.game.rules
        me = self.to_move
        b = self.board_codes
        first = twin_part_moves(b, me, 1, rules)
        if not first:
            return [Move((t,), (ch,)) for t, ch in twin_part_moves(b, me, 2, rules)]
        turns = []
        for text1, ch1 in first:
            b1 = b[:]
            for cell, val in ch1:
                b1[cell] = val
            second = [] if royals_meet(b1, me, rules) else twin_part_moves(b1, me, 2, rules)
            if not second:
                turns.append(Move((text1,), (ch1,)))
            for text2, ch2 in second:
                turns.append(Move((text1, text2), (ch1, ch2)))
        return turns


def twin(ref: AlphaCentauriState) -> TwinState:
    """The same position under the ZRF's approximation of the no-attack rule."""
    return TwinState(ref.game, list(ref.board_codes), ref.to_move)


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


def explains_no_attack(ref: State, cand: State, d: Disagreement) -> bool:
    """Is ``d`` exactly the effect of the ZRF's partial no-attack test?"""
    if not isinstance(ref, AlphaCentauriState) or d.kind not in ("successors", "outcome"):
        return False
    tw = twin(ref)
    tw_cores = _cores(tw)
    if tw_cores == _cores(ref):
        return False  # the approximation plays no part in this position
    if _key(tw.outcome()) != _key(cand.outcome()):
        return False
    if d.kind == "outcome":
        return _key(tw.outcome()) != _key(ref.outcome())
    return _cores(cand) == tw_cores


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
            name="no-attack-approximation",
            description=("The rule that no part may create an attack on an enemy King or Dame "
                         "is not expressible in ZRF (the king-safety filter protects the "
                         "mover's own royals only; move blocks read the board before the move). "
                         "The ZRF forbids only a Pawn ending diagonally next to, or a Guard "
                         "next to, an enemy royal; other new attacks (Hopper, Advancer, "
                         "Withdrawer, uncovered ones, rotations) are allowed, and a reduced "
                         "Pawn/Guard is not exempted."),
            explains=explains_no_attack,
            doc=DOC,
        ),
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
