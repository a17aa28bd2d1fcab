"""The second player's mobility region of a piece, read from its own moves.

The export reads a piece's moves for the first player only (:mod:`.probing`) and finds the
cells it may enter, Fairy-Stockfish's ``mobilityRegionWhite`` (a palace).  Most games give the
second player the same region mirrored rank by rank, but not all: Archimedes' men may enter
every cell but their own home corner, a1 for the first player and h8, the corner
diagonally opposite, for the second.  So the second player's piece is probed too, alone on
the empty board from every cell, and the cells it enters decide: the mirrored region where
they are the mirror of the first player's, else the cells it enters (with those of the
mirrored region that neither player's piece enters on the empty board, which no probe
tells apart).  The verification checks the whole game afterwards.
"""

from __future__ import annotations

from collections.abc import Callable

from .probing import Prober


def entered_cells(prober: Prober, ptype: str, turn: int) -> set[str]:
    """The cells the piece of player ``turn`` (0 or 1) enters from some cell of the empty board."""
    entered: set[str] = set()
    for cell in prober.frame.square:
        entered |= set(prober.targets(ptype, cell, turn=turn))
    return entered


def second_player_region(prober: Prober, ptype: str, region: set[str],
                         mirrored: Callable[[set[str]], set[str]]) -> set[str]:
    """``mobilityRegionBlack`` for ``ptype`` whose first player's region is ``region``
    (``mirrored`` maps cells rank by rank, as the export mirrors every region)."""
    first = mirrored(entered_cells(prober, ptype, 0))
    second = entered_cells(prober, ptype, 1)
    if second == first:
        return mirrored(region)
    return second | (mirrored(region) - first)
