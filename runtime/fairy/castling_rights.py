"""Does a ZRF castle only with a king and rook that never moved, as Fairy-Stockfish does?

Fairy-Stockfish castles while the FEN's castling rights last, and a king's or a rook's move
ends them, even when the piece comes back.  A ZRF's castling is whatever its move program
tests: ``never-moved?`` flags, or only empty squares between (chess.zrf of the corpus castles
after its king went out and back).  Our interpreter is asked: with the start's king and
castling rooks alone on their rank and one opponent piece on its start square (its king, or
where it has none, such as Horde chess's pawns, another of its pieces), each of those pieces
steps away and back, the opponent's piece making two moves meanwhile (away and back where it
can, else on again) so that the same player is to move, and the castling the export found
must be gone.  The verification then compares the games.
"""

from __future__ import annotations

from runtime.core.protocol import PartDetails
from runtime.interpreter.game import ZrfGame

SetupPlacement = tuple[str, str, str]


def _key(part: PartDetails) -> tuple:
    return tuple((m.source, m.target) for m in part.movements)


def _castlings(state) -> set[tuple]:
    return {_key(m.details[0]) for m in state.legal_moves()
            if m.details and len(m.details) == 1 and len(m.details[0].movements) == 2}


def _step(state, cell: str, back_to: str | None = None):
    """``state`` after a one-piece move from ``cell`` (to ``back_to`` when given), or None."""
    for move in state.legal_moves():
        if not move.details or len(move.details) != 1:
            continue
        part = move.details[0]
        if len(part.movements) != 1 or part.captures or part.movements[0].source != cell:
            continue
        if back_to is None or part.movements[0].target == back_to:
            return state.apply(move), part.movements[0].target
    return None


def castling_after_return(game: ZrfGame, placements: list[SetupPlacement], castlings: list[PartDetails],
                          opponents: list[SetupPlacement]) -> list[str]:
    """The pieces of ``placements`` (the first player's king and rooks) after whose move away
    and back one of ``castlings`` that moves it is still legal, as ``Type from-to-from``; empty
    when every such move ends it, or when the probe cannot be made with any of ``opponents``
    (the opponent's pieces to try, in order: no castling with it on the board, or no two moves
    of it, or no step away and back)."""
    for opponent in opponents:
        found = _returns(game, placements, castlings, opponent)
        if found is not None:
            return found
    return []


def _returns(game: ZrfGame, placements: list[SetupPlacement], castlings: list[PartDetails],
             opponent: SetupPlacement) -> list[str] | None:
    """:func:`castling_after_return` with one opponent piece; None when it can make no probe."""
    empty = [(None, None, c) for c in game.positions]
    start = game.edited_state(empty + list(placements) + [opponent], 0)
    wanted = {_key(d) for d in castlings}
    if not _castlings(start) & wanted:
        return None
    movers = {m.source for d in castlings for m in d.movements}
    found = []
    probed = False
    for _, ptype, cell in placements:
        if cell not in movers:
            continue
        away = _step(start, cell)
        if away is None:
            continue
        state, there = away
        theirs = _step(state, opponent[2])
        if theirs is None:
            continue
        state, their_cell = theirs
        back = _step(state, there, cell)
        if back is None:
            continue
        home = _step(back[0], their_cell, opponent[2]) or _step(back[0], their_cell)
        if home is None:
            continue
        probed = True
        own = {_key(d) for d in castlings if any(m.source == cell for m in d.movements)}
        if _castlings(home[0]) & own:
            found.append(f"{ptype} {cell}-{there}-{cell}")
    return found if probed else None
