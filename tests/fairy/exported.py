"""A game exported to Fairy-Stockfish and the export verified against our interpreter.

Most Fairy-Stockfish tests run the same sequence: export a game, assert the export is ok (its
diagnostics the failure message), then compare the two engines' perft counts and the positions
of random games.  :func:`export_and_verify` runs it once; the tests assert on what it returns.
A test that changes the section before verifying, or verifies a section made otherwise, calls
:func:`runtime.fairy.verification.verify` itself.
"""

from __future__ import annotations

from typing import NamedTuple

from runtime.fairy.export import Export, export_game, fairy_game
from runtime.fairy.position import FairyGame
from runtime.fairy.verification import Verification, verify
from runtime.interpreter import ZrfGame


class Verified(NamedTuple):
    """An ok export, the Fairy-Stockfish game made from it, and the verification's result
    (``export, fairy, result = export_and_verify(...)``)."""

    export: Export
    fairy: FairyGame
    result: Verification


def export_and_verify(game: ZrfGame, *, depth: int = 3, positions: int) -> Verified:
    """``game`` exported (asserted ok) and verified to perft ``depth`` and ``positions`` positions."""
    export = export_game(game)
    assert export.ok, [d.format() for d in export.diagnostics]
    fairy = fairy_game(export)
    return Verified(export, fairy, verify(fairy, game, depth=depth, positions=positions))
