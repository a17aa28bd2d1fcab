"""Pieces that become a wall when they capture (Petrified chess), read by asking Fairy-Stockfish.

In Fairy-Stockfish's Petrified chess a queen, rook, bishop, knight or king that captures
stays on the square it took as a wall: no piece may stand on it or take it, sliders stop
before it, leapers jump it.  Its royal king may then not capture at all (its capture would
leave no king), so it attacks nothing.  Neither rule is read from the variant's name: each
White piece type captures a Black piece in the middle of an otherwise empty board (the two
kings in opposite corners), and the position after the capture says whether the square
became a wall; a type that has captures on the empty probe board but none here is a piece
that may not capture.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .fen import BLACK, WHITE, board_fen, parse_fen, split_uci, square_name


@dataclass(frozen=True)
class Petrification:
    """What the probes found: the types that turn into a wall when they capture, and those
    whose captures the variant refuses (they capture nothing)."""

    petrifying: frozenset = field(default_factory=frozenset)
    may_not_capture: frozenset = field(default_factory=frozenset)


def read_petrification(module, variant: str, files: int, ranks: int, royal: str | None,
                       capturing: dict) -> Petrification:
    """``capturing``: White's piece tokens -> whether the probes saw that type capture."""
    if files < 4 or ranks < 4:
        return Petrification()
    centre = (files // 2, ranks // 2)
    corners = {(0, 0): (WHITE, royal), (files - 1, ranks - 1): (BLACK, royal)} if royal else {}
    victims = sorted(t for t in capturing if t != royal)
    if not victims:
        return Petrification()
    victim = "p" if "p" in victims else victims[0]  # a pawn, where there is one: any piece takes it
    petrifying, refused = set(), set()
    for token, captures in sorted(capturing.items()):
        if not captures:
            continue
        after = _capture(module, variant, files, ranks, corners, centre, token, victim, royal)
        if after is None:
            refused.add(token)
        elif after:
            petrifying.add(token)
    if not petrifying:  # a variant without petrification: no capture is refused for it
        return Petrification()
    return Petrification(frozenset(petrifying), frozenset(refused))


def _capture(module, variant: str, files: int, ranks: int, corners: dict, centre: tuple, token: str,
             victim: str, royal: str | None) -> bool | None:
    """Whether ``token``'s capture of a Black ``victim`` near the centre leaves a wall on the
    square taken; None when no square near the centre gives it a capture."""
    board = dict(corners)
    if token == royal:
        board.pop((0, 0), None)
    board[centre] = (WHITE, token)
    start = square_name(*centre)
    squares = sorted(((f, r) for f in range(files) for r in range(ranks) if (f, r) not in board),
                     key=lambda sq: (max(abs(sq[0] - centre[0]), abs(sq[1] - centre[1])), sq))
    for target in squares[:24]:
        fen = f"{board_fen(files, ranks, {**board, target: (BLACK, victim)})} w - - 0 1"
        try:
            moves = module.legal_moves(variant, fen, [])
        except (ValueError, SystemError, module.error):  # a set-up this variant refuses
            continue
        name = square_name(*target)
        capture = next((m for m in moves if "@" not in m and split_uci(m)[:2] == (start, name)), None)
        if capture is None:
            continue
        after = parse_fen(module.get_fen(variant, fen, [capture]))
        return target in after.walls and target not in after.board
    return None
