"""Positions a board has beside its one grid, and whether an export may leave them out.

A Fairy-Stockfish board is one rectangle of squares.  A ZRF board may add positions of its
own (``(positions (DICE 820 86 848 114))``) to its grid: a place for dice, a store, a
decoration.  Such a position changes nothing in play when no piece ever stands on it: none
is set up there, no direction links it with another cell, and no move or drop of either
player reaches it.  Our interpreter is asked which cells moves and drops reach (:func:`.hand_cells.playing_area`: every piece type of the
set-up, and every type a move promotes to, alone on the board from each cell reached, and
the drops of the start's hands), never the ZRF text; the verification then compares the
whole game.  Then the export is the grid alone; otherwise the board stays an E802 that names
the positions and what puts a piece there.
"""

from __future__ import annotations

from runtime.interpreter.game import ZrfGame
from zrf.model import GameDef

from .hand_cells import playing_area

#: How many of the positions a diagnostic names before "...".
NAMED = 4


def positions_outside_grid(gdef: GameDef) -> list[str]:
    """The positions (not dummies) made by no grid, when every other position is of one grid;
    empty otherwise (no such position, or several grids: no one grid to keep)."""
    cells = [p for p in gdef.board.positions.values() if not p.dummy]
    outside = [p.name for p in cells if p.grid is None or p.coords is None]
    grids = {p.grid for p in cells if p.grid is not None and p.coords is not None}
    return outside if outside and len(grids) == 1 else []


def why_they_matter(game: ZrfGame, outside: list[str]) -> str | None:
    """Why the positions ``outside`` the grid cannot be left out: the set-up puts a piece on
    one, a direction links one with a cell (a move may follow it, as a capture to a store
    does in several parts, which the probes do not make), or a move or drop reaches one; None
    when none of these (the grid alone plays the game)."""
    placed = sorted({c for _, _, c in game.gdef.setup.placements if c in outside})
    if placed:
        return f"the set-up puts a piece on {_names(placed)}"
    links = sorted(f"{direction} from {a} to {b}" for direction, steps in game.gdef.board.links.items()
                   for a, b in steps.items() if a in outside or b in outside)
    if links:
        return f"the board links them to it ({_names(links)})"
    reached = sorted(playing_area(game) & set(outside))
    if reached:
        return f"a move or drop reaches {_names(reached)}"
    return None


def _names(cells: list[str]) -> str:
    return ", ".join(cells[:NAMED]) + (", ..." if len(cells) > NAMED else "")


def describe(outside: list[str]) -> str:
    """The positions, as a diagnostic names them."""
    return _names(sorted(outside))
