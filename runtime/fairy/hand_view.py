"""A ZRF game whose hands are board cells, seen as Fairy-Stockfish sees it: hands beside the board.

The verification (:mod:`.verification`) compares positions and moves.  Where a ZRF keeps its
hands as board cells (:mod:`.hand_cells`), a position's pieces on hand cells are counted as
pieces in hand, by owner and type, and the hand cells leave the board; a move from a hand
cell is a drop (written ``P@e4`` by :class:`.uci_moves.FairyNotation`).

Several identical pieces on hand cells give several ZRF moves with the same UCI text (one
per cell), where Fairy-Stockfish has one drop.  They are one move only when the positions
they lead to are equal (seen through the same hands): the view then keeps the first of them
and drops the rest.  Moves with the same text and different results all stay, so the
comparison of the move lists sees the difference.

A type whose capture ends the game (:mod:`.final_captures`) is removed when captured, where
Fairy-Stockfish's ``capturesToHand`` puts it in the capturer's hand; in a position where the
game is over and a player has lost the one piece of such a type it had at the start, the view
puts that piece in the other player's hand, as Fairy-Stockfish has it.  Nothing else of that
position changes, and its outcome is compared as it is.
"""

from __future__ import annotations

from collections import Counter

from runtime.core.protocol import Game, Move, Outcome, Signature, State, make_signature
from runtime.players.uci_notation import UciNotation


class HandCellGame(Game):
    """``game`` with the pieces on ``hand_cells`` as hands; ``notation`` writes its moves in UCI;
    ``ending_types`` are the types the ZRF removes when captured, the capture ending the game,
    where Fairy-Stockfish puts them in hand (:attr:`.naming.Naming.removed_at_end`)."""

    def __init__(self, game: Game, hand_cells: frozenset[str], notation: UciNotation,
                 ending_types: frozenset[str] = frozenset()) -> None:
        self.inner = game
        self.hand_cells = hand_cells
        self.notation = notation
        self.name = game.name
        self.players = game.players
        self.positions = tuple(c for c in game.positions if c not in hand_cells)
        self.piece_types = game.piece_types
        start = _pieces(game.initial_state().signature())
        #: (player, type) of each ending type a player has one of at the start
        self.ending_pieces = tuple(key for key, n in start.items() if key[1] in ending_types and n == 1)

    def initial_state(self) -> HandCellState:
        return HandCellState(self, self.inner.initial_state())


class HandCellState(State):
    """One position of a :class:`HandCellGame`: the ZRF state it views."""

    __slots__ = ("_moves", "_signature", "game", "inner")
    game: HandCellGame

    def __init__(self, game: HandCellGame, inner: State) -> None:
        self.game = game
        self.inner = inner
        self._moves: list[Move] | None = None
        self._signature: Signature | None = None

    @property
    def current_player(self) -> str:
        return self.inner.current_player

    def outcome(self) -> Outcome | None:
        return self.inner.outcome()

    def apply(self, move: Move) -> HandCellState:
        return HandCellState(self.game, self.inner.apply(move))

    def legal_moves(self) -> list[Move]:
        """The ZRF moves, one of each group with the same UCI text and the same result (module docstring)."""
        if self._moves is None:
            moves = self.inner.legal_moves()
            text = self.game.notation.text
            counts = Counter(text(m) for m in moves)
            kept: list[Move] = []
            seen: dict[str | None, list[tuple]] = {}
            for m in moves:
                key = text(m)
                if key is None or counts[key] == 1:
                    kept.append(m)
                    continue
                result = self.apply(m).signature().core()
                if result in seen.setdefault(key, []):
                    continue
                seen[key].append(result)
                kept.append(m)
            self._moves = kept
        return self._moves

    def signature(self) -> Signature:
        if self._signature is None:
            inner = self.inner.signature()
            hand = self.game.hand_cells
            board = [(c, pl, t) for c, pl, t in inner.board if c not in hand]
            counts = Counter((pl, t) for c, pl, t in inner.board if c in hand)
            for pl, t, n in inner.hands:
                counts[(pl, t)] += n
            if self.game.ending_pieces and self.inner.outcome() is not None:
                left = _pieces(inner)
                for pl, t in self.game.ending_pieces:
                    if not left[(pl, t)]:
                        capturer = next(p for p in self.game.players if p != pl)
                        counts[(capturer, t)] += 1
            self._signature = make_signature(inner.to_move, board,
                                             [(pl, t, n) for (pl, t), n in counts.items()], inner.extra)
        return self._signature


def _pieces(signature: Signature) -> Counter:
    """(player, type) -> how many pieces of ``signature``, on the board and in hand."""
    counts = Counter((pl, t) for _, pl, t in signature.board)
    for pl, t, n in signature.hands:
        counts[(pl, t)] += n
    return counts
