"""Integer actions for reinforcement-learning frameworks, read from :attr:`Move.details`.

OpenSpiel and PettingZoo want a fixed range of integer actions; the engine
contract gives whole turns (:class:`runtime.core.protocol.Move`) whose parts say
what they do as data.  This module turns each legal whole turn into a short
*sequence* of integer tokens, the same for every framework
(:mod:`runtime.rl.openspiel`, :mod:`runtime.rl.pettingzoo`):

* each part of a turn gives its *intrinsic* tokens, read from its
  :class:`runtime.core.protocol.PartDetails` and never from its notation:

  - a movement: ``move(source, target)`` (one token; boards of more than
    :data:`PAIR_LIMIT` cell pairs use ``from(source)``, ``to(target)``),
    then ``promote(type)`` when the moved piece changes type on its target;
  - a drop or created piece (no movement): ``drop(type, cell)`` (large boards:
    ``drop(type)``, ``to(cell)``), for the first placement;
  - a part that only removes or changes pieces: ``cell(c)``, the first such cell;
  - a part that does nothing: ``pass``;
  - a part whose details are unknown or name a cell or type the game does not
    list: ``other``;

* parts whose intrinsic tokens agree but which do different things (Fanorona's
  approach and withdrawal, a bookkeeping piece placed first) are told apart by
  ``choice(d)`` digits (base :data:`CHOICE_BASE`): the rank of the part among
  those siblings in a canonical order of their details and notation;
* every turn ends with ``end``, so no turn's sequence is the beginning of
  another's (a draughts capture that may stop or go on).

The sequences depend only on the game's cell and piece-type lists and on what
each move does, never on the order the engine generates moves in, so they are
stable across loads and engines.  Two different legal turns of a position
never get the same sequence (the digits separate whatever the structure does
not).  How a framework walks these sequences one decision at a time is
:mod:`runtime.rl.decision_tree`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from zrf.text_enum import TextEnum

from runtime.core.protocol import Game, Move, PartDetails

#: Boards with more ordered cell pairs than this encode a movement as two tokens (from, to).
PAIR_LIMIT = 1 << 16

#: Base of the ``choice`` digits that tell apart parts with the same intrinsic tokens.
CHOICE_BASE = 8

class MoveEncoding(TextEnum):
    """How a movement is encoded: one ``move`` token, or ``from`` and ``to``."""

    #: pairs up to :data:`PAIR_LIMIT` ordered cell pairs, else split
    AUTO = "auto"
    PAIRS = "pairs"
    SPLIT = "split"


#: ``move_encoding`` values as text (the OpenSpiel parameter, the PettingZoo argument).
MOVE_ENCODINGS = tuple(e.value for e in MoveEncoding)


class TokenKind(TextEnum):
    """The kinds of token; each has its block of action ids in an :class:`ActionLayout`."""

    PASS = "pass"
    END = "end"
    OTHER = "other"
    CHOICE = "choice"
    MOVE = "move"
    FROM = "from"
    TO = "to"
    DROP = "drop"
    CELL = "cell"
    PROMOTE = "promote"


#: Token kinds that start a part (or end the turn); the others continue a part.
HEAD_KINDS = frozenset({TokenKind.PASS, TokenKind.END, TokenKind.OTHER, TokenKind.MOVE, TokenKind.FROM,
                        TokenKind.DROP, TokenKind.CELL})


@dataclass(frozen=True)
class Token:
    """A decoded action: its kind and the cell / piece-type indices it carries."""

    kind: TokenKind
    args: tuple[int, ...] = ()


class ActionLayout:
    """The integer range of one game's actions, split into one block per token kind.

    ``pairs`` mode: ``pass``, ``end``, ``other``, ``choice`` (CHOICE_BASE),
    ``move`` (cells x cells), ``drop`` (types x cells), ``cell`` (cells),
    ``promote`` (types).  ``split`` mode replaces ``move`` by ``from`` and ``to``
    (cells each) and ``drop`` by ``drop`` (types) followed by a ``to`` token.
    :attr:`num_distinct_actions` is the total, an upper bound every id respects.
    """

    def __init__(self, game: Game, move_encoding: MoveEncoding | str = MoveEncoding.AUTO):
        if move_encoding not in MOVE_ENCODINGS:
            raise ValueError(f"move_encoding must be one of {', '.join(MOVE_ENCODINGS)}, "
                             f"not {move_encoding!r}")
        move_encoding = MoveEncoding(move_encoding)
        self.cells: tuple[str, ...] = tuple(game.positions)
        self.types: tuple[str, ...] = tuple(game.piece_types)
        self.cell_index = {c: i for i, c in enumerate(self.cells)}
        self.type_index = {t: i for i, t in enumerate(self.types)}
        n, t = len(self.cells), len(self.types)
        if move_encoding is MoveEncoding.AUTO:
            move_encoding = MoveEncoding.PAIRS if n * n <= PAIR_LIMIT else MoveEncoding.SPLIT
        self.split = move_encoding is MoveEncoding.SPLIT
        K = TokenKind
        sizes: list[tuple[TokenKind, tuple[int, ...]]] = [
            (K.PASS, ()), (K.END, ()), (K.OTHER, ()), (K.CHOICE, (CHOICE_BASE,))]
        if self.split:
            sizes += [(K.FROM, (n,)), (K.TO, (n,)), (K.DROP, (t,))]
        else:
            sizes += [(K.MOVE, (n, n)), (K.DROP, (t, n))]
        sizes += [(K.CELL, (n,)), (K.PROMOTE, (t,))]
        self._blocks: dict[TokenKind, tuple[int, tuple[int, ...]]] = {}
        start = 0
        for kind, dims in sizes:
            self._blocks[kind] = (start, dims)
            size = 1
            for d in dims:
                size *= d
            start += size
        self._starts = sorted((s, k) for k, (s, _) in self._blocks.items())
        #: every action id is below this
        self.num_distinct_actions = start

    @property
    def move_encoding(self) -> MoveEncoding:
        """:attr:`MoveEncoding.PAIRS` or ``SPLIT``: how this layout encodes a movement."""
        return MoveEncoding.SPLIT if self.split else MoveEncoding.PAIRS

    def encode(self, kind: TokenKind, *args: int) -> int:
        """The action id of a token."""
        start, dims = self._blocks[kind]
        if len(args) != len(dims):
            raise ValueError(f"token {kind} takes {len(dims)} indices, got {len(args)}")
        offset = 0
        for a, d in zip(args, dims):
            if not 0 <= a < d:
                raise ValueError(f"token {kind} index {a} out of range 0..{d - 1}")
            offset = offset * d + a
        return start + offset

    def decode(self, action: int) -> Token:
        """The token an action id stands for (ValueError outside the range)."""
        if not 0 <= action < self.num_distinct_actions:
            raise ValueError(f"action {action} is outside 0..{self.num_distinct_actions - 1}")
        kind = max((s, k) for s, k in self._starts if s <= action)[1]
        start, dims = self._blocks[kind]
        offset = action - start
        args = []
        for d in reversed(dims):
            offset, a = divmod(offset, d)
            args.append(a)
        return Token(kind, tuple(reversed(args)))

    def describe(self, action: int) -> str:
        """A token in words with the game's names: ``e2 - e4``, ``= Queen``, ``choice 1``."""
        tok = self.decode(action)
        a, cell, kind, K = tok.args, self.cells, tok.kind, TokenKind
        if kind is K.MOVE:
            return f"{cell[a[0]]} - {cell[a[1]]}"
        if kind in (K.FROM, K.TO):
            return f"{kind} {cell[a[0]]}"
        if kind is K.DROP:
            return f"{self.types[a[0]]} {cell[a[1]]}" if len(a) == 2 else f"drop {self.types[a[0]]}"
        if kind is K.CELL:
            return f"at {cell[a[0]]}"
        if kind is K.PROMOTE:
            return f"= {self.types[a[0]]}"
        if kind is K.CHOICE:
            return f"choice {a[0]}"
        return {K.PASS: "Pass", K.END: "end of turn", K.OTHER: "other part"}[kind]

    def is_head(self, action: int) -> bool:
        """Does the token start a part (or end the turn)?"""
        return self.decode(action).kind in HEAD_KINDS

    # ------------------------------------------------------------------ parts

    def part_tokens(self, part: PartDetails | None) -> tuple[int, ...]:
        """The intrinsic tokens of one part (see the module docstring)."""
        if part is None:
            return (self.encode(TokenKind.OTHER),)
        try:
            if part.movements:
                m = part.movements[0]
                s, t = self.cell_index[m.source], self.cell_index[m.target]
                head = ((self.encode(TokenKind.FROM, s), self.encode(TokenKind.TO, t)) if self.split
                        else (self.encode(TokenKind.MOVE, s, t),))
                promoted = part.promotion
                if promoted is not None:
                    head += (self.encode(TokenKind.PROMOTE, self.type_index[promoted]),)
                return head
            if part.placements:
                p = part.placements[0]
                ty, cell = self.type_index[p.piece[1]], self.cell_index[p.cell]
                return ((self.encode(TokenKind.DROP, ty), self.encode(TokenKind.TO, cell)) if self.split
                        else (self.encode(TokenKind.DROP, ty, cell),))
            if part.captures:
                return (self.encode(TokenKind.CELL, self.cell_index[part.captures[0]]),)
            if part.changes:
                return (self.encode(TokenKind.CELL, self.cell_index[part.changes[0].cell]),)
        except KeyError:  # a name the game's lists lack: still a distinct, encodable part
            return (self.encode(TokenKind.OTHER),)
        return (self.encode(TokenKind.PASS),)

    def choice_tokens(self, rank: int, siblings: int) -> tuple[int, ...]:
        """The ``choice`` digits of the ``rank``-th of ``siblings`` parts (none for a lone part)."""
        width = 0
        n = 1
        while n < siblings:
            n *= CHOICE_BASE
            width += 1
        digits = []
        for _ in range(width):
            rank, d = divmod(rank, CHOICE_BASE)
            digits.append(self.encode(TokenKind.CHOICE, d))
        return tuple(reversed(digits))


def part_key(part: PartDetails | None, notation: str) -> tuple:
    """A canonical, orderable account of what a part does (its notation breaks the last ties)."""
    if part is None:
        return ((), (), (), (), notation)
    return (tuple(sorted((m.piece, m.source, m.target, m.copy) for m in part.movements)),
            tuple(sorted((p.piece, p.cell) for p in part.placements)),
            tuple(sorted(part.captures)),
            tuple(sorted((c.cell, c.kind, c.value) for c in part.changes)),
            notation)


@dataclass(frozen=True)
class EncodedTurn:
    """A legal whole turn and its token sequence (ending with ``end``)."""

    move: Move
    tokens: tuple[int, ...]


def encode_turns(layout: ActionLayout, moves: Iterable[Move]) -> list[EncodedTurn]:
    """The token sequence of every distinct legal turn (moves equal by notation count once).

    Digits are given per group of parts that share the turn so far (the same
    earlier parts, a part being known by its notation as a move is) and the
    same intrinsic tokens, by the rank of each part's :func:`part_key` in that
    group: so the result does not depend on the order of ``moves``.  The list
    keeps the moves' order.
    """
    distinct: dict[str, Move] = {}
    for m in moves:
        distinct.setdefault(m.notation, m)
    end = layout.encode(TokenKind.END)
    rows = []
    for move in distinct.values():
        details = move.details
        parts: Sequence[PartDetails | None] = (
            details if details is not None and len(details) == len(move.parts) else [None] * len(move.parts))
        rows.append([(layout.part_tokens(d), d, text) for d, text in zip(parts, move.parts)])
    # the turn so far (its parts' notations) as a small integer; the parts met after each
    prefix_ids: dict[tuple[int, str], int] = {}
    groups: dict[tuple, dict[str, PartDetails | None]] = {}
    row_prefixes = []
    for row in rows:
        pid = 0
        ids = []
        for tokens, details, text in row:
            ids.append(pid)
            groups.setdefault((pid, tokens), {}).setdefault(text, details)
            pid = prefix_ids.setdefault((pid, text), len(prefix_ids) + 1)
        row_prefixes.append(ids)
    ranks: dict[tuple, dict[str, int]] = {}
    for group, members in groups.items():
        if len(members) > 1:  # only siblings that the tokens do not tell apart need an order
            ordered = sorted(members, key=lambda text: part_key(members[text], text))
            ranks[group] = {text: i for i, text in enumerate(ordered)}
    out = []
    for move, row, ids in zip(distinct.values(), rows, row_prefixes):
        seq: list[int] = []
        for (tokens, _, text), pid in zip(row, ids):
            seq.extend(tokens)
            rank = ranks.get((pid, tokens))
            if rank is not None:
                seq.extend(layout.choice_tokens(rank[text], len(rank)))
        seq.append(end)
        out.append(EncodedTurn(move, tuple(seq)))
    return out
