"""Does a game forbid a drop that checkmates (shogi's pawn)?  Read from our interpreter.

Many shogi ZRFs forbid dropping a pawn where it mates the enemy king (shogi's *uchifuzume*),
each with its own macro.  Fairy-Stockfish has no such prohibition: its
``shogiPawnDropMateIllegal`` leaves the drop legal and scores the mate as a win for the mated
side (``Position::checkmate_value``), and only for its built-in shogi pawn, which an exported
piece (a custom piece) never is.  So a ZRF that forbids the mating drop has no counterpart, and
the export must say so rather than hope that no random game of the verification reaches such
a position.

The probe (:func:`mating_drop_refused`): the enemy king on its own back rank, in the middle;
the square in front of it (from the dropping side) empty; the other squares beside the king
and beside that square held by enemy pieces of the dropped type (which, moving forward, take
neither that square nor the king guarding it); the first player's king behind that square,
guarding it.  When our interpreter says that the drop there leaves the enemy no legal move
(a mate) and is not among the first player's moves, while the same drop with one of the enemy
pieces beside the king taken away (the king then escapes there: no mate, and nothing else
changes near the square) is, the game forbids the mating drop.
A position the probe cannot build, or where the drop does not mate, tells nothing.
"""

from __future__ import annotations

from .probing import BoardFrame, Prober


def mating_drop_refused(prober: Prober, frame: BoardFrame, ptype: str, royal: str) -> str | None:
    """The square of a mating drop of ``ptype`` the game forbids while allowing the same drop
    that does not mate (see the module docstring); None when the probe finds no such drop."""
    if frame.files < 3 or frame.ranks < 4:
        return None
    f, top = frame.files // 2, frame.ranks - 1
    cell = frame.cell.get
    king, target = cell((f, top)), cell((f, top - 1))
    guards = [c for dx in (0, -1, 1) if (c := cell((f + dx, top - 2))) is not None]
    blockers = [cell((f + dx, r)) for dx in (-1, 1) for r in (top, top - 1)]
    if king is None or target is None or None in blockers:
        return None
    enemy = [(prober.enemy, royal, king)] + [(prober.enemy, ptype, c) for c in blockers if c is not None]
    guard = next((g for g in guards if _takes(prober, royal, g, target, ptype)), None)
    if guard is None:
        return None
    mating = enemy + [(prober.player, royal, guard)]
    if _drops_on(prober, mating, ptype, target) or not _mates(prober, mating, ptype, target):
        return None
    escape = [p for p in mating if p[2] != blockers[0]]
    if _mates(prober, escape, ptype, target) or not _drops_on(prober, escape, ptype, target):
        return None
    return target


def mating_drop_reason(prober: Prober, frame: BoardFrame, ptype: str, royal: str) -> str | None:
    """The export's reason (an E810 at the drops) when the game forbids a mating drop of ``ptype``."""
    square = mating_drop_refused(prober, frame, ptype, royal)
    if square is None:
        return None
    return (f"a drop of {ptype} that mates (on {square}, the enemy {royal} beside it held in by its own pieces) "
            "is not among the moves, where the same drop that does not mate is: Fairy-Stockfish forbids no mating "
            "drop (its shogiPawnDropMateIllegal keeps the drop and scores that mate as a win for the mated side, "
            "for its own shogi pawn only)")


def _takes(prober: Prober, ptype: str, source: str, target: str, victim: str) -> bool:
    """Does the first player's ``ptype`` on ``source`` capture an enemy ``victim`` on ``target``?"""
    got = prober.targets(ptype, source, [(prober.enemy, victim, target)])
    return target in got and got[target][0]


def _drops_on(prober: Prober, placements, ptype: str, target: str) -> list:
    """The first player's moves (raw, its pieces in hand as at the start) dropping ``ptype`` on ``target``."""
    return [d for d in prober.moves(placements, hands=True)
            if not d.movements and len(d.placements) == 1 and d.placements[0].cell == target
            and d.placements[0].piece == (prober.player, ptype)]


def _mates(prober: Prober, placements, ptype: str, target: str) -> bool:
    """With ``ptype`` put on ``target`` as if dropped, has the enemy no legal move?"""
    game = prober.game
    board = list(placements) + [(prober.player, ptype, target)]
    state = game.edited_state(prober.empty_edits + board, 1, game.zero_hands)
    return not state.legal_moves()
