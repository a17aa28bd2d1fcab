"""Fairy-Stockfish's FEN: board, pieces in hand and side to move.

The board is written rank by rank from the top (the last rank) down to rank 1, files from
``a`` rightwards; a number is that many empty squares (it may have two digits), ``*`` a wall
square, a letter a piece (upper case: the first player, called White), ``+`` before a letter a
promoted piece (shogi), ``~`` after one a piece that was promoted (crazyhouse, which drops it
as a pawn).  Pieces in hand follow in brackets (``[PPn]``, ``[-]`` for none); then ``w`` or
``b`` for the side to move.
"""

from __future__ import annotations

from dataclasses import dataclass

WHITE, BLACK = 0, 1


@dataclass(frozen=True)
class FenPosition:
    """What a FEN says about a position: ``board`` maps ``(file, rank)`` (0-based, rank 0 is
    White's first rank) to ``(colour, token)`` where ``token`` is the lower-case letter with its
    ``+`` prefix if promoted; ``hands`` maps ``(colour, token)`` to a count; walls are listed;
    ``widths`` holds the squares each row of the placement counts, top row first (``files`` is
    the widest: a reader that needs a rectangle compares them)."""

    files: int
    ranks: int
    board: dict
    hands: dict
    side: int
    walls: frozenset = frozenset()
    widths: tuple[int, ...] = ()


class FenError(ValueError):
    """A FEN this reader cannot read."""


def parse_fen(fen: str) -> FenPosition:
    """Read the board, hands and side of ``fen``."""
    fields = fen.split()
    if len(fields) < 2:
        raise FenError(f"not a FEN: {fen!r}")
    placement, side = fields[0], fields[1]
    hand_text = ""
    if "[" in placement:
        placement, _, rest = placement.partition("[")
        hand_text = rest.rstrip("]")
    rows = placement.split("/")
    board: dict = {}
    walls = set()
    widths = []
    for index, row in enumerate(rows):
        rank = len(rows) - 1 - index
        f = 0
        i = 0
        promoted = False
        while i < len(row):
            ch = row[i]
            if ch.isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                f += int(row[i:j])
                i = j
                continue
            if ch == "+":
                promoted = True
            elif ch == "~":
                pass
            elif ch == "*":
                walls.add((f, rank))
                f += 1
            elif ch.isalpha():
                colour = WHITE if ch.isupper() else BLACK
                board[(f, rank)] = (colour, ("+" if promoted else "") + ch.lower())
                promoted = False
                f += 1
            else:
                raise FenError(f"unexpected {ch!r} in FEN {fen!r}")
            i += 1
        widths.append(f)
    hands: dict = {}
    for ch in hand_text:
        if ch.isalpha():
            key = (WHITE if ch.isupper() else BLACK, ch.lower())
            hands[key] = hands.get(key, 0) + 1
    if side not in ("w", "b"):
        raise FenError(f"side to move {side!r} in FEN {fen!r}")
    return FenPosition(max(widths), len(rows), board, hands, WHITE if side == "w" else BLACK, frozenset(walls),
                       tuple(widths))


def board_fen(files: int, ranks: int, board: dict, walls: frozenset = frozenset()) -> str:
    """The board part of a FEN: ``board`` maps ``(file, rank)`` to ``(colour, token)``; walls are ``*``."""
    rows = []
    for r in range(ranks - 1, -1, -1):
        row, gap = "", 0
        for f in range(files):
            v = board.get((f, r))
            if v is None and (f, r) not in walls:
                gap += 1
                continue
            if gap:
                row, gap = row + str(gap), 0
            if v is None:
                row += "*"
                continue
            letter = v[1].lstrip("+")
            row += letter.upper() if v[0] == WHITE else letter
        rows.append(row + (str(gap) if gap else ""))
    return "/".join(rows)


def square_name(file: int, rank: int) -> str:
    """Fairy-Stockfish's name of a square: ``a1``, ``j10``."""
    return f"{chr(ord('a') + file)}{rank + 1}"


def parse_square(name: str) -> tuple[int, int]:
    """``(file, rank)`` of a square name such as ``a1`` or ``j10``."""
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


def split_uci(move: str) -> tuple[str, str, str | None]:
    """``(from, to, promotion letter or None)`` of a board move such as ``e7e8q`` or ``a10b10``."""
    i = 1
    while i < len(move) and move[i].isdigit():
        i += 1
    src = move[:i]
    j = i + 1
    while j < len(move) and move[j].isdigit():
        j += 1
    dst = move[i:j]
    rest = move[j:]
    return src, dst, (rest or None)
