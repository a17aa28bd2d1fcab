"""Documented departures of the generated ``epsilon_eridani.zrf`` from the native engine.

There is one: the **35-move draw** (RULES.md 6, A11; engine option
``no_progress_moves``, default 35).  The engine draws the game when 70 plies in a
row have passed without any capture (of a friend too) and without any accepted
promotion.  ZRF has no counter a goal could read (a goal sees only the board, the
pieces, the player to move and the repetition history), so the generated file has
no such rule and simply plays on; the author's own ZRF left it out too.

The explainer accepts a disagreement only if all of this holds:

* it is an ``outcome`` disagreement at an engine position;
* the engine ended the game with exactly that rule: its counter has reached the
  limit, the outcome is a draw, and the same position in a twin engine without
  the rule (``no_progress_moves=None``, everything else equal) is not over;
* the ZRF side is not over either, and it offers exactly the successor positions
  the twin engine offers (so the ZRF "simply goes on" with the right moves).

See ``docs/variants/epsilon_eridani-zrf.md``, "Known limits".
"""

from __future__ import annotations

import copy

from runtime.crosscheck import Disagreement, KnownDifference
from runtime.protocol import State

from .engine import EEState

DOC = "docs/variants/epsilon_eridani-zrf.md#known-limits"

NAME = "no-progress-draw"


def without_no_progress_rule(ref: EEState) -> EEState:
    """The same position in a copy of the engine whose 35-move rule is switched off."""
    game = copy.copy(ref.game)
    game.no_progress_plies = None
    return EEState(game, list(ref.cells), ref.turn, ref.halfmove)


def _successor_cores(state: State) -> set:
    return {state.apply(m).signature().core() for m in state.legal_moves()}


def explains_no_progress_draw(ref: State, cand: State, d: Disagreement) -> bool:
    """Is ``d`` only the engine's 35-move draw, which the ZRF cannot express?"""
    if not isinstance(ref, EEState) or d.kind != "outcome":
        return False
    limit = ref.game.no_progress_plies
    if limit is None or ref.halfmove < limit:
        return False
    ro = ref.outcome()
    if ro is None or not ro.draw:
        return False
    twin = without_no_progress_rule(ref)
    if twin.outcome() is not None or not twin.legal_moves():
        return False  # the game would have ended by another rule: not this difference
    if cand.outcome() is not None:
        return False
    return _successor_cores(cand) == _successor_cores(twin)


def known_differences() -> list[KnownDifference]:
    """The documented differences of ``epsilon_eridani.zrf`` from the native engine."""
    return [KnownDifference(
        name=NAME,
        description=("The rules draw after 35 moves by each side (70 plies) without a capture "
                     "or a promotion; ZRF has no move counter, so the ZRF plays on."),
        explains=explains_no_progress_draw,
        doc=DOC,
    )]
