"""Turning what a user types into one of a state's legal moves.

Two forms are accepted (both case-sensitive, whitespace-insensitive):

* the full saved-game notation of the move, e.g. ``Pawn e2 - e4`` or, for a
  multi-part turn, every part joined by ``;``;
* the short form ``from - to`` (``x`` may stand for ``-``) with an optional
  ``= Type`` for a promotion choice, e.g. ``e7 - e8 = Queen``.  For a
  multi-part turn each part may be given in short form, joined by ``;``;
* the bare cells ``d2 d4`` or ``d2d4`` (one-part moves only), read as
  ``d2 - d4`` when that names exactly one legal move.  ``d2d4`` is split
  where both halves are cells of the board, so it works with any cell names.

A text that matches no legal move, or more than one, raises
:class:`MoveMatchError`, which lists the candidates.
"""

from __future__ import annotations

import re
from typing import Sequence

from runtime.core.protocol import Move, State


class MoveMatchError(ValueError):
    """A typed move is illegal or ambiguous; ``candidates`` lists the legal options."""

    def __init__(self, message: str, candidates: Sequence[Move]):
        super().__init__(message)
        self.candidates = list(candidates)

    def __str__(self) -> str:
        head = super().__str__()
        if not self.candidates:
            return head
        shown = "\n  ".join(m.notation for m in self.candidates[:40])
        more = f"\n  ... and {len(self.candidates) - 40} more" if len(self.candidates) > 40 else ""
        return f"{head}\n  {shown}{more}"


_SPACES = re.compile(r"\s+")


def _norm(text: str) -> str:
    return _SPACES.sub(" ", text.strip())


_SHORT = re.compile(r"^(?P<src>\S+)\s*[-x]\s*(?P<dst>\S+)(?:\s*=\s*(?P<promo>\S+))?$")
_TOKEN_MOVE = re.compile(r"(?:^|\s)(?:(?P<piece>\S+)\s+)?(?P<src>\S+)\s+(?P<sep>[-x])\s+(?P<dst>\S+)")


def _part_matches_short(part: str, short: str) -> bool:
    """Does one notation part match a short ``from - to [= T]`` text?"""
    m = _SHORT.match(short)
    if not m:
        return False
    src, dst, promo = m.group("src"), m.group("dst"), m.group("promo")
    tokens = part.split()
    # the first movement of the part: "<Piece> <from> -|x <to>"
    for i in range(len(tokens) - 2):
        if tokens[i] == src and tokens[i + 1] in ("-", "x") and tokens[i + 2] == dst:
            if promo is None:
                return True
            rest = tokens[i + 3:]
            return len(rest) >= 2 and rest[0] == "=" and rest[1] == promo
    # a drop "<Player> <Type> <cell>" typed as "Type - cell" or "- cell"
    if len(tokens) >= 3 and tokens[2] == dst and tokens[1] == src and promo is None:
        return True
    return False


def _matches_short(move: Move, text: str) -> bool:
    pieces = [p.strip() for p in text.split(";")]
    if len(pieces) != len(move.parts):
        return False
    return all(_part_matches_short(part, short) for part, short in zip(move.parts, pieces))


def find_move(state: State, text: str, moves: Sequence[Move] | None = None) -> Move:
    """The unique legal move of ``state`` written as ``text`` (see module doc)."""
    legal = list(state.legal_moves()) if moves is None else list(moves)
    wanted = _norm(text)
    wanted_parts = tuple(_norm(p) for p in wanted.split(";"))
    exact = [m for m in legal if tuple(_norm(p) for p in m.parts) == wanted_parts]
    if len(exact) == 1:
        return exact[0]
    if len(exact) > 1:
        # the same notation twice: engines merge such duplicates, take the first
        return exact[0]
    short = [m for m in legal if _matches_short(m, wanted)]
    if not short:
        short = [m for m in legal if any(_matches_short(m, t) for t in _bare_cells(state, wanted))]
    if len(short) == 1:
        return short[0]
    if not short:
        raise MoveMatchError(f"illegal move {text!r}; legal moves:", legal)
    raise MoveMatchError(f"ambiguous move {text!r}; it matches:", short)


def _bare_cells(state: State, text: str) -> list[str]:
    """``d2 d4`` or ``d2d4`` as the short forms it may mean (``d2 - d4``); none for other text."""
    words = text.split()
    cells = set(state.game.positions)
    if len(words) == 2:
        return [f"{words[0]} - {words[1]}"] if words[0] in cells and words[1] in cells else []
    if len(words) != 1:
        return []
    return [f"{text[:i]} - {text[i:]}" for i in range(1, len(text)) if text[:i] in cells and text[i:] in cells]


def split_move_list(text: str) -> list[str]:
    """Split a comma-separated move list, ignoring empty items."""
    return [item.strip() for item in text.split(",") if item.strip()]


def play_moves(state: State, texts: Sequence[str]) -> State:
    """Apply each typed move in turn; errors name the move number."""
    for number, text in enumerate(texts, 1):
        try:
            move = find_move(state, text)
        except MoveMatchError as exc:
            raise MoveMatchError(f"move {number}: {exc.args[0]}", exc.candidates) from None
        state = state.apply(move)
    return state
