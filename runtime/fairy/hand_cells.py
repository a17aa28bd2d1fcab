"""Hands kept as board cells: a shogi-like ZRF's playing area, its hand cells, and what they do.

Many shogi-like ZRFs keep each player's hand on the board itself: hand columns or rows in
the grid, or extra positions.  A capture carries the captured piece there (a cascade and a
flip or change-owner, or a ``create`` there), and a drop is a move from such a cell.  A
Fairy-Stockfish variant has its hands beside the board instead, so an export plays on the
**playing area** only and counts the pieces on hand cells as pieces in hand.

Both are read from our interpreter, never from cell or file names:

* the playing area is every cell a piece off the board (a store) may be dropped on, and every
  cell a piece of the set-up's types or of a type some move promotes to (of either player)
  reaches on an otherwise empty board from a cell of the set-up or of the playing area,
  repeated until nothing is added (:func:`playing_area`);
* the hand cells are the other cells of the board, outside the rectangle the playing area
  spans in its grid, from which a piece moves onto the playing area (:func:`hand_cells`); a
  piece standing on one at the start is in hand; any other cell no move reaches (a throne, a
  square beyond a palace) stays on the board.

That they are hands, and nothing else, is then proved by every probe the export makes
(:class:`HandRules`, kept by the :class:`~.probing.Prober`): a piece may enter a hand cell
only as the piece a move captured, given to the capturer, as its own type or as the type it
was promoted from (a demotion); a piece may leave a hand cell only as one movement onto an
empty cell of the playing area (a drop).  The probes see such moves as Fairy-Stockfish has
them (:meth:`HandRules.normalise`): the capture without the carrying, the move from a hand
cell as a drop.  Everything else is a reason in :attr:`HandRules.problems`, which the export
reports as a located diagnostic.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from runtime.core.protocol import ChangeKind, PartDetails, Placement
from runtime.interpreter.game import ZrfGame

from .player_colours import players_by_colour

#: At most this many reasons are kept (the first ones found), and the export says when the
#: probes saw more: it reports every construct, but one wrong rule seen by every probe is one
#: construct.
MAX_PROBLEMS = 20


class HandProblem(enum.Enum):
    """What a reason in :attr:`HandRules.problems` is about."""

    #: a piece entering a hand cell other than as a captured piece given to the capturer
    CARRY = "carry"
    #: a piece leaving a hand cell other than as a drop
    DROP = "drop"


def playing_area(game: ZrfGame) -> frozenset[str]:
    """The cells some move reaches: from the set-up's cells and then from every cell reached,
    by a piece of the set-up's types or a type some move promotes to (of either player) alone
    on the board; and the cells a piece off the board may be dropped on.  A set-up cell that
    no move reaches is a hand cell holding a piece at the start (see the module docstring)."""
    gdef = game.gdef
    cells = {name for name, p in gdef.board.positions.items() if not p.dummy}
    types = list(dict.fromkeys(t for _, t, c in gdef.setup.placements if c in cells and t in gdef.pieces))
    types += [game.tables.types[t] for t in sorted(game.promotion_targets) if game.tables.types[t] not in types]
    empty: list[tuple[str | None, str | None, str]] = [(None, None, c) for c in game.positions]
    area: set[str] = set()
    for turn in range(min(2, len(game.players))):
        state = game.edited_state(empty, turn)
        for move in state.raw_moves():
            for part in move.details or ():
                area |= {p.cell for p in part.placements if p.cell in cells}
    probed: set[str] = set()
    todo = sorted({c for _, t, c in gdef.setup.placements if c in cells} | area)
    while todo:
        cell = todo.pop()
        if cell in probed:
            continue
        probed.add(cell)
        for player in game.players[:2]:
            for ptype in types:
                for target in _targets(game, empty, player, ptype, cell):
                    if target in cells and target not in area:
                        area.add(target)
                        if target not in probed:
                            todo.append(target)
    return frozenset(area)


def hand_cells(game: ZrfGame, reached: frozenset[str], unreached: set[str]) -> frozenset[str]:
    """The cells no move reaches that are hands: those outside the rectangle of the ``reached``
    cells in their grid from which a piece of the set-up's types (of either player) moves onto
    the ``reached`` cells (a drop).  Any other cell no move reaches (a throne, a square beyond
    a palace) stays on the board."""
    gdef = game.gdef
    unreached = {c for c in unreached if not _inside(gdef, reached, c)}
    types = list(dict.fromkeys(t for _, t, c in gdef.setup.placements if t in gdef.pieces))
    empty: list[tuple[str | None, str | None, str]] = [(None, None, c) for c in game.positions]
    hand: set[str] = set()
    for cell in sorted(unreached):
        if any(_targets(game, empty, player, ptype, cell) & reached
               for player in game.players[:2] for ptype in types):
            hand.add(cell)
    return frozenset(hand)


def _inside(gdef, reached: frozenset[str], cell: str) -> bool:
    """Is ``cell`` within the rectangle the ``reached`` cells of its grid span (a throne, a
    square beyond a palace: a board cell, not a hand)?"""
    positions = gdef.board.positions
    p = positions[cell]
    if p.grid is None or p.coords is None:
        return False
    mates = [positions[c].coords for c in reached if positions[c].grid == p.grid and positions[c].coords is not None]
    return bool(mates) and all(min(m[k] for m in mates) <= p.coords[k] <= max(m[k] for m in mates)
                               for k in range(len(p.coords)))


def _targets(game: ZrfGame, empty, player: str, ptype: str, cell: str) -> set[str]:
    """Where ``player``'s ``ptype`` on ``cell`` moves on an otherwise empty board, on its turn."""
    state = game.edited_state(empty + [(player, ptype, cell)], players_by_colour(game.gdef).index(player),
                             game.zero_hands)
    out: set[str] = set()
    for move in state.raw_moves():
        for part in move.details or ():
            out |= {m.target for m in part.movements if m.source == cell}
    return out


@dataclass
class HandRules:
    """The hand cells of a game, and what the probes found them doing (see the module docstring)."""

    playing: frozenset[str]
    hand: frozenset[str]
    #: captured type -> the type it has in the capturer's hand
    carried: dict[str, str] = field(default_factory=dict)
    #: player -> hand cells its captures were carried to
    cells_of: dict[str, set[str]] = field(default_factory=dict)
    problems: list[tuple[HandProblem, str]] = field(default_factory=list)
    #: a reason not in :attr:`problems` was seen after :data:`MAX_PROBLEMS` were kept
    more_problems: bool = False

    @classmethod
    def of(cls, game: ZrfGame) -> HandRules | None:
        """The game's hand rules, or None when no cell is a hand cell (see :func:`hand_cells`)."""
        reached = playing_area(game)
        board = {name for name, p in game.gdef.board.positions.items() if not p.dummy}
        hand = hand_cells(game, reached, board - reached)
        return cls(frozenset(board - hand), hand) if hand and reached else None

    def _problem(self, text: str, kind: HandProblem = HandProblem.CARRY) -> None:
        if (kind, text) in self.problems:
            return
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append((kind, text))
        else:
            self.more_problems = True

    def left_playing_area(self, source: str, target: str) -> None:
        """A probe saw a piece move from ``source`` on the playing area to the hand cell ``target``."""
        self._problem(f"a piece moves from {source} to the hand cell {target} without capturing")

    def normalise(self, part: PartDetails, board: dict[str, tuple[str, str]]) -> PartDetails:
        """``part`` (a move made on ``board``: cell -> piece) as Fairy-Stockfish has it: a
        movement from a hand cell is a drop, a captured piece carried to a hand cell is a capture."""
        hand = self.hand
        if any(m.source in hand for m in part.movements):
            return self._drop(part)
        carried = [m for m in part.movements if m.target in hand]
        created = [p for p in part.placements if p.cell in hand]
        if not carried and not created:
            return part
        moves = tuple(m for m in part.movements if m.target not in hand)
        captures = list(part.captures)
        if not moves:
            self._problem("a move puts a piece on a hand cell without moving a piece on the playing area")
            return part
        mover = moves[0].piece[0]
        for m in carried:
            if m.source != moves[0].target and m.source not in part.captures:
                self._problem(f"a move carries the piece on {m.source} to the hand cell {m.target} without "
                              "capturing it")
            self._arrives(part, m.target, m.piece, mover)
            captures.append(m.source)
        victims = [board[c] for c in part.captures if c in board and board[c][0] != mover]
        for p in created:
            if len(victims) != 1:
                self._problem(f"a move creates {p.piece[1]} on the hand cell {p.cell} while capturing "
                              f"{len(victims)} pieces")
                continue
            self._arrives(part, p.cell, victims[0], mover, created=p.piece)
        return PartDetails(moves, tuple(p for p in part.placements if p.cell not in hand),
                           tuple(dict.fromkeys(captures)), tuple(c for c in part.changes if c.cell not in hand))

    def _arrives(self, part: PartDetails, cell: str, victim: tuple[str, str], mover: str,
                 created: tuple[str, str] | None = None) -> None:
        """Check the piece that ``part`` leaves on the hand ``cell``: ``victim`` captured, in ``mover``'s hand."""
        owner, ptype = created if created is not None else victim
        for c in part.changes:
            if c.cell == cell and c.kind is ChangeKind.OWNER:
                owner = c.value
            elif c.cell == cell and c.kind is ChangeKind.TYPE:
                ptype = c.value
        if owner != mover:
            self._problem(f"a captured {victim[1]} is carried to the hand cell {cell} of {owner}, not to the "
                          f"capturer {mover}: Fairy-Stockfish's capturesToHand gives it to the capturer")
            return
        known = self.carried.setdefault(victim[1], ptype)
        if known != ptype:
            self._problem(f"a captured {victim[1]} goes to the hand as {known} or as {ptype}")
        self.cells_of.setdefault(mover, set()).add(cell)

    def _drop(self, part: PartDetails) -> PartDetails:
        """A move from a hand cell as the drop it is, if it is one."""
        first = part.movements[0]
        if len(part.movements) != 1 or part.placements or part.captures or first.target in self.hand:
            self._problem(f"a move from the hand cell {first.source} is not one piece put on an empty cell of "
                          f"the playing area (it goes to {first.target}"
                          + (f", capturing on {', '.join(part.captures)}" if part.captures else "") + ")",
                          HandProblem.DROP)
            return part
        return PartDetails((), (Placement(first.piece, first.target),), (), part.changes)

