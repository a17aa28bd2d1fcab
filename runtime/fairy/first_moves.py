"""Leaps a piece may make only while it has not moved, read by asking Fairy-Stockfish.

Cambodian chess gives the king on its start square a leap to a knight's square of the next
rank (``d1b2``, ``d1f2``) and the neang a leap of two squares forward (``e1e3``); the FEN's
castling field holds each right (``DEde``: the files of the start squares whose piece still
has it).  A piece loses its right when it moves; the king's right is also lost when an enemy
rook arrives on its file or rank, whatever stands between, and the king may not use it while
in check.  None of this is read from the variant's name or its definition: for each White
piece standing where the set-up put it,

- the piece alone with the two kings, with the start position's rights and without any: the
  moves only the rights give are its first moves (each a quiet leap: the probes see them on
  an empty board, and a piece between does not stop the neang's);
- the same with the king checked by an enemy rook along its file: are they still there;
- an enemy piece of each type arriving on the piece's file, beyond a piece standing between,
  and on its rank: are they still there afterwards.

An answer these rules cannot write (the right lost on the file but not on the rank, a check
that takes some of them away and not others) is returned as a reason the import names.
"""

from __future__ import annotations

from dataclasses import dataclass

from .fen import BLACK, WHITE, board_fen, parse_square, split_uci, square_name


@dataclass(frozen=True)
class FirstMoves:
    """One piece type's leaps while it has not moved (the first player's view, quiet only)."""

    #: ``(dx, dy)``: files right, ranks forward
    leaps: tuple[tuple[int, int], ...]
    #: not while the piece itself is attacked (a royal piece in check)
    not_in_check: bool = False
    #: enemy piece tokens whose arrival on the piece's file or rank, whatever stands between,
    #: takes the right away
    lost_when_aligned: tuple[str, ...] = ()


def read_first_moves(module, variant: str, start_fen: str, board: dict, files: int, ranks: int,
                     royal: str | None) -> tuple[dict, list[str]]:
    """Token -> :class:`FirstMoves` of White's pieces that have any, and the reasons of what
    cannot be written (see the module docstring).  ``board`` is the start position's."""
    fields = start_fen.split()
    rights = fields[2] if len(fields) > 2 else "-"
    if rights == "-":
        return {}, []
    kings = {colour: sq for sq, (colour, token) in board.items() if token == royal}
    if royal is None or len(kings) != 2:
        return {}, []
    probe = _Probe(module, variant, files, ranks, rights)
    tokens = sorted({t for (c, t) in board.values()})
    #: a piece of White's to stand between (never a second royal piece)
    blockers = [t for t in tokens if t != royal]
    found: dict = {}
    reasons: list[str] = []
    for token in sorted({t for (c, t) in board.values() if c == WHITE}):
        squares = [sq for sq, v in board.items() if v == (WHITE, token)]
        base = {kings[WHITE]: (WHITE, royal), kings[BLACK]: (BLACK, royal)}
        leaps = {probe.extra_leaps({**base, sq: (WHITE, token)}, sq) for sq in squares}
        if leaps == {()}:
            continue
        if len(leaps) != 1:
            reasons.append(f"the first moves of piece {token} differ from one start square to another")
            continue
        square = squares[0]
        position = {**base, square: (WHITE, token)}
        first = FirstMoves(leaps.pop())
        if token == royal:
            in_check = probe.in_check(position, square, first.leaps, tokens)
            if in_check is None:
                reasons.append(f"a check takes some of piece {token}'s first moves away and not others")
                continue
            first = FirstMoves(first.leaps, not_in_check=in_check)
        aligned = []
        for enemy in tokens:
            if enemy == royal:
                continue
            lost = probe.lost_on_arrival(position, square, first.leaps, enemy, blockers)
            if lost == (True, True):
                aligned.append(enemy)
            elif lost is not None and lost != (False, False):
                reasons.append(f"piece {token}'s first moves are lost when an enemy {enemy} arrives on its "
                               f"{'file' if lost[0] else 'rank'} only")
        found[token] = FirstMoves(first.leaps, first.not_in_check, tuple(aligned))
    return found, reasons


class _Probe:
    """Fairy-Stockfish's answers about one variant's first moves."""

    def __init__(self, module, variant: str, files: int, ranks: int, rights: str) -> None:
        self.module, self.variant = module, variant
        self.files, self.ranks, self.rights = files, ranks, rights

    def _moves(self, position: dict, side: str, rights: str, moves=()) -> list[str] | None:
        fen = f"{board_fen(self.files, self.ranks, position)} {side} {rights} - 0 1"
        try:
            return list(self.module.legal_moves(self.variant, fen, list(moves)))
        except (ValueError, SystemError, self.module.error):  # a set-up this variant refuses
            return None

    def _leaps_from(self, moves, square: tuple) -> set:
        start = square_name(*square)
        out = set()
        for m in moves or ():
            if "@" not in m and split_uci(m)[0] == start:
                tf, tr = parse_square(split_uci(m)[1])
                out.add((tf - square[0], tr - square[1]))
        return out

    def extra_leaps(self, position: dict, square: tuple) -> tuple:
        """The leaps of the piece on ``square`` that only the rights give, sorted."""
        with_rights = self._moves(position, "w", self.rights)
        without = self._moves(position, "w", "-")
        if with_rights is None or without is None:
            return ()
        return tuple(sorted(self._leaps_from(with_rights, square) - self._leaps_from(without, square)))

    def in_check(self, position: dict, square: tuple, leaps, tokens) -> bool | None:
        """Whether a check along the piece's file takes all its first moves away (None: some)."""
        if "r" not in tokens or any(dx == 0 for dx, _ in leaps):
            return False
        rank = max((r for r in range(self.ranks) if (square[0], r) not in position), default=None)
        if rank is None or rank <= square[1] + 1 or any((square[0], r) in position for r in range(square[1] + 1, rank)):
            return False
        checked = {**position, (square[0], rank): (BLACK, "r")}
        moves = self._moves(checked, "w", self.rights)
        left = self._leaps_from(moves, square) & set(leaps)
        return True if not left else False if left == set(leaps) else None

    def lost_on_arrival(self, position: dict, square: tuple, leaps, enemy: str, blockers) -> tuple | None:
        """(lost when ``enemy`` arrives on the file beyond a piece between, lost when it arrives
        on the rank), or None when no probe position shows it arriving there.  The piece between
        is White's, of the first type of ``blockers`` the variant accepts there."""
        sf, sr = square
        for side in (2, -2, 3, -3):
            origin = (sf + side, self.ranks - 2)
            blocker = (sf, sr + 2)
            if not (0 <= origin[0] < self.files) or origin in position or blocker in position \
                    or any((sf, r) in position for r in range(sr + 1, self.ranks)):
                continue
            probe, moves = {}, []
            for between in blockers:
                probe = {**position, origin: (BLACK, enemy), blocker: (WHITE, between)}
                moves = self._moves(probe, "b", self.rights) or []
                if moves:
                    break
            ends = [parse_square(split_uci(m)[1]) for m in moves if split_uci(m)[0] == square_name(*origin)]
            onto_file = [t for t in ends if t[0] == sf and t[1] > blocker[1]]
            onto_rank = [t for t in ends if t[1] == sr]
            if not onto_file or not onto_rank:
                continue
            answers = []
            for target in (onto_file[0], onto_rank[0]):
                m = square_name(*origin) + square_name(*target)
                after = self._moves(probe, "b", self.rights, [m])
                answers.append(not (self._leaps_from(after, square) & set(leaps)))
            return answers[0], answers[1]
        return None

