"""Is the player to move in check?  Asked of many positions made from one, answered from that one.

A search asks ``in_check`` (:meth:`.state.ZrfState.in_check`: a royal piece of the
player to move stands attacked, SEMANTICS §5.11) of most children of a position one
ply from its horizon.  The children differ from their parent in the few squares
their turns changed, so the attack test of a royal square is made once on the
parent's board, recording what each attacker's run read
(:meth:`.attacks.AttackSearch.attack_baseline`), and each child runs again only
the attackers whose reads its turn changed, and the pieces that stand on a changed
square (:meth:`.attacks.AttackSearch.attacked_after`, the king-safety filter's own
test).  The answer is the one the whole-board test gives.
"""

from __future__ import annotations

from collections.abc import Sequence

from .attacks import AttackSearch, Baseline
from .compiled import CompiledGame
from .parts import Board


def opponents_squares(squares: Sequence[Sequence[int]], player: int) -> Sequence[int]:
    """The squares of every other player's pieces, in board order (``squares``: per player, its
    pieces' squares in board order)."""
    others = [own for o, own in enumerate(squares) if o != player]
    if len(others) == 1:
        return others[0]
    return sorted(q for own in others for q in own)


def royal_squares(cells: Board, squares: Sequence[Sequence[int]], player: int, types: frozenset) -> list[int]:
    """The squares of ``player``'s pieces of the royal ``types``, in board order."""
    return [p for p in squares[player] if cells[p][1] in types]


class CheckBasis:
    """One position's board and its attack baselines, shared by the positions its turns make.

    The first child asking ``in_check`` is answered by the whole-board test (a position whose
    one child asks would pay a baseline for nothing); from the second on, each royal square's
    baseline is made once, per player asking, and kept with this object.  The children hold
    this object; it holds no position, so no move list stays alive through it.
    """

    __slots__ = ("game", "cells", "last_from", "last_to", "squares", "asked", "baselines", "search", "standing",
                 "wanted")

    def __init__(self, game: CompiledGame, cells: Board, last_from: int, last_to: int,
                 squares: Sequence[Sequence[int]]) -> None:
        self.game = game
        self.cells = cells
        self.last_from = last_from
        self.last_to = last_to
        #: per player, the squares of its pieces on ``cells``, in board order
        self.squares = squares
        #: children that asked so far (counted to the second only)
        self.asked = 0
        #: (player, royal square) -> the baseline of that square on ``cells``; bounded by the
        #: players x their royal pieces
        self.baselines: dict[tuple[int, int], Baseline] = {}
        #: the attack tests' chain, at the nesting depth of ``AttackSearch.royal_attacked``'s tests
        self.search: AttackSearch | None = None
        #: (player, the squares of its royal pieces on ``cells``) of the last player asking (the
        #: children of one position mostly have one player to move; its royal types are the game's)
        self.standing: tuple[int, list[int]] | None = None
        #: (player, square) whose baseline one child's move generation wanted (:meth:`shared_baseline`)
        self.wanted: set[tuple[int, int]] = set()

    def royal_attacked(self, player: int, types: frozenset, cells: Board, changed: set,
                       last_from: int, last_to: int) -> bool | None:
        """Does a piece of ``player`` of the royal ``types`` stand attacked on ``cells`` (this
        position's board with the squares ``changed`` changed; last-from and last-to after the
        turn)?  None when the whole-board test must answer: the first child's question, or a
        turn that moved, removed or placed a royal piece of ``player``."""
        if self.asked < 1:
            self.asked += 1
            return None
        known = self.standing
        if known is not None and known[0] == player:
            standing = known[1]
        else:
            standing = royal_squares(self.cells, self.squares, player, types)
            self.standing = (player, standing)
        for p in changed:
            if p >= 0 and (p in standing or ((pc := cells[p]) is not None and pc[0] == player and pc[1] in types)):
                return None
        search = self._search()
        for p in standing:
            base = self.baseline(player, p, types)
            if search.attacked_after(base, changed, cells, p, player, last_from, last_to, types):
                return True
        return False

    def baseline(self, player: int, p: int, types: frozenset) -> Baseline:
        """The attack baseline of ``player``'s royal square ``p`` on this position's board
        (:meth:`.attacks.AttackSearch.attack_baseline`), made once."""
        base = self.baselines.get((player, p))
        if base is None:
            base = self.baselines[(player, p)] = self._search().attack_baseline(
                self.cells, p, player, self.last_from, self.last_to, types,
                opponents_squares(self.squares, player))
        return base

    def shared_baseline(self, player: int, p: int, types: frozenset) -> Baseline | None:
        """The baseline of square ``p`` for ``player`` on this position's board, for a child's
        king-safety filter to bring up to its own board (:meth:`.attacks.AttackSearch.baseline_after`),
        or None when the child should make its own: the first child to want a square makes its
        own (a position with one such child would pay a baseline for nothing), the next ones
        share one made here.  The royal squares' baselines are those :meth:`royal_attacked` uses."""
        key = (player, p)
        if key not in self.baselines:
            if key not in self.wanted:
                self.wanted.add(key)
                return None
        return self.baseline(player, p, types)

    def _search(self) -> AttackSearch:
        search = self.search
        if search is None:
            search = self.search = AttackSearch(self.game, nest=1)
        return search
