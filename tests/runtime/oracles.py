"""Test helpers: our ZRF states as FEN strings, and perft through Fairy-Stockfish (pyffish).

The expected counts in the comparison tests come from pyffish at test time,
never from our own code.
"""

from __future__ import annotations

import random

from runtime.verify.perft import perft
from tests.conftest import full_scale, scaled

GAMES = "tests/games"

CHESS_LETTERS = {"Pawn": "p", "Knight": "n", "Bishop": "b", "Rook": "r", "Queen": "q", "King": "k"}


def _rows(state, files, ranks, letter):
    """FEN board rows: ``ranks`` top to bottom, ``files`` left to right."""
    board = state.board()
    rows = []
    for r in ranks:
        row, gap = "", 0
        for f in files:
            cell = board.get(f"{f}{r}")
            if cell is None:
                gap += 1
                continue
            if gap:
                row += str(gap)
                gap = 0
            row += letter(*cell)
        if gap:
            row += str(gap)
        rows.append(row)
    return "/".join(rows)


def chess_fen(state) -> str:
    """Our chess ZRF state as a FEN (castling rights from never-moved?, ep from last move)."""
    def letter(player, ptype):
        ch = CHESS_LETTERS[ptype]
        return ch.upper() if player == "White" else ch
    rows = _rows(state, "abcdefgh", "87654321", letter)
    side = "w" if state.current_player == "White" else "b"
    t = state.game.tables
    bit = 1 << t.attr_index["never-moved?"]

    def unmoved(cell, player, ptype):
        pc = state.cells[t.pos_index[cell]]
        return (pc is not None and t.players[pc[0]] == player and t.types[pc[1]] == ptype
                and bool(pc[2] & bit))
    castle = ""
    for ch, king, rook, player in (("K", "e1", "h1", "White"), ("Q", "e1", "a1", "White"),
                                   ("k", "e8", "h8", "Black"), ("q", "e8", "a8", "Black")):
        if unmoved(king, player, "King") and unmoved(rook, player, "Rook"):
            castle += ch
    ep = "-"
    if state.last_to >= 0 and state.last_from >= 0:
        a, b = t.positions[state.last_from], t.positions[state.last_to]
        pc = state.cells[state.last_to]
        if pc is not None and t.types[pc[1]] == "Pawn" and a[0] == b[0] and abs(int(a[1]) - int(b[1])) == 2:
            ep = f"{a[0]}{(int(a[1]) + int(b[1])) // 2}"
    return f"{rows} {side} {castle or '-'} {ep} 0 1"


def ffish_perft(variant: str, fen: str, depth: int, moves: list[str] | None = None) -> int:
    """Perft by Fairy-Stockfish: recurse with pyffish.legal_moves."""
    import pyffish
    moves = moves or []
    legal = pyffish.legal_moves(variant, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(ffish_perft(variant, fen, depth - 1, moves + [m]) for m in legal)


def sampled_perft_mismatches(state, depth: int, variant: str, fen_of, count: int) -> list[tuple]:
    """perft(``depth`` - 1) below ``count`` root moves (evenly spaced), ours against Fairy-Stockfish's
    on each child's FEN: the (move, ours, theirs) that differ.  A slow perft's CI-size check."""
    moves = state.legal_moves()
    step = max(1, len(moves) // max(1, count))
    out = []
    for m in moves[::step][:count]:
        child = state.apply(m)
        ours = perft(child, depth - 1)
        theirs = ffish_perft(variant, fen_of(child), depth - 1)
        if ours != theirs:
            out.append((m.notation, ours, theirs))
    return out


def start_perft_mismatches(game, depth: int, variant: str, fen_of) -> list[tuple]:
    """A slow start-position perft(``depth``) against Fairy-Stockfish, at the run's size.

    At full scale the whole count (``[("start", ours, theirs)]`` when they differ); below it,
    :func:`sampled_perft_mismatches` under a scaled, evenly spaced sample of the first moves.
    """
    import pyffish

    state = game.initial_state()
    if full_scale():
        ours = perft(state, depth)
        theirs = ffish_perft(variant, pyffish.start_fen(variant), depth)
        return [] if ours == theirs else [("start", ours, theirs)]
    return sampled_perft_mismatches(state, depth, variant, fen_of, scaled(len(state.legal_moves()), 2))


def random_positions(game, count: int, seed: int, max_plies: int = 60):
    """``count`` states reached by seeded random legal move sequences (lengths 1..max_plies)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.initial_state()
        for _ in range(rng.randint(1, max_plies)):
            moves = state.legal_moves()
            if not moves:
                break
            state = state.apply(rng.choice(moves))
        out.append(state)
    return out


XIANGQI_LETTERS = {"General": "k", "Advisor": "a", "Elephant": "b", "Horse": "n", "Chariot": "r",
                   "Cannon": "c", "Soldier": "p"}


def xiangqi_fen(state) -> str:
    """Our xiangqi ZRF state as a Fairy-Stockfish xiangqi FEN."""
    def letter(player, ptype):
        ch = XIANGQI_LETTERS[ptype]
        return ch.upper() if player == "White" else ch
    ranks = [str(r) for r in range(10, 0, -1)]
    rows = _rows(state, "abcdefghi", ranks, letter)
    side = "w" if state.current_player == "White" else "b"
    return f"{rows} {side} - - 0 1"


SHOGI_LETTERS = {"Pawn": "p", "Lance": "l", "Knight": "n", "Silver": "s", "Gold": "g",
                 "Bishop": "b", "Rook": "r", "King": "k", "Tokin": "+p", "PLance": "+l",
                 "PKnight": "+n", "PSilver": "+s", "Horse": "+b", "Dragon": "+r"}


def shogi_fen(state) -> str:
    """Our shogi ZRF state as a Fairy-Stockfish shogi FEN (hand squares become the [hand])."""
    def letter(player, ptype):
        ch = SHOGI_LETTERS[ptype]
        return ch.upper() if player == "White" else ch
    rows = _rows(state, "abcdefghi", "987654321", letter)
    hand = ""
    for cell, (player, ptype) in sorted(state.board().items()):
        if cell[0] in "WB" and len(cell) > 1 and cell[1].isupper():
            hand += letter(player, ptype)
    hand = "".join(sorted(hand, key=lambda c: (c.islower(), c)))
    side = "w" if state.current_player == "White" else "b"
    return f"{rows}[{hand or '-'}] {side} 0 1"


def is_pawn_drop(move) -> bool:
    """A shogi ZRF move dropping a pawn from a hand square ("Pawn WP3 - e5")."""
    tokens = move.parts[0].split()
    return tokens[0] == "Pawn" and tokens[1][:2] in ("WP", "BP")


def pawn_drop_mate_within(state, depth: int) -> bool:
    """Does some pawn drop within ``depth`` plies give checkmate (uchifuzume, not in our ZRF)?"""
    if depth == 0:
        return False
    for m in state.legal_moves():
        nxt = state.apply(m)
        if is_pawn_drop(m):
            out = nxt.outcome()
            if out is not None and "checkmated" in out.rule:
                return True
        if depth > 1 and pawn_drop_mate_within(nxt, depth - 1):
            return True
    return False
