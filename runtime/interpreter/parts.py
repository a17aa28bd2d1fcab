"""Generating the candidate parts of a turn and applying one part to a position (§5.1, §5.8).

A part is what one ``add`` of a move or drop block records (:class:`.context.Part`).
Boards are sequences of ``(owner, type, attribute bits)`` or None, indexed by
position; hands are a flat tuple of counts, ``player * len(types) + type``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from .compiled import CompiledGame
from .context import Part
from .sentinels import NO

#: a piece on the board: (owner, type, attribute bits)
Piece = tuple[int, int, int]
Board = Sequence["Piece | None"]
#: board, hands, last-from, last-to and the pieces removed, after one part
Applied = tuple[list, tuple[int, ...], int, int, list]

MAX_PARTS = 64
"""Parts one turn may chain through add-partial; a longer chain ends with warning W503."""


def generate_parts(game: CompiledGame, board: Board, mover: int, mfilter: str | None, last_from: int,
                   last_to: int, hands: Sequence[int], only: int = NO,
                   only_mt: str | None = None, asker=None,
                   squares: Sequence[int] | None = None, material: bool = False) -> list[Part]:
    """Every candidate part for ``mover`` (§5.1); with ``only``, those of the piece on ``only``
    and move type ``only_mt`` (the continuation of an add-partial chain).  ``asker`` answers
    the ``attacked?`` tests of the blocks (an :class:`.attacks.AttackSearch`; default: a new
    search per test); ``squares``, when given, are the squares of the mover's pieces.

    ``material``: only the parts that may change material
    (:func:`part_may_change_material`), in the same order (a search's quiescence
    follows no other).  A piece type with a material function
    (:meth:`.source_writer.Translator.fused_function`) does not even build the others;
    the parts of the rest (closures, drops, blocks called from a fused function) are
    built and left out.

    Identical parts emitted by several blocks are merged into the first,
    which keeps every move type that emitted it (``Part.mtypes``), so that
    move priorities rank it by the best of them.
    """
    out: list[Part] = []
    blocks = game.move_blocks
    if asker is None:
        asker = game
    if only != NO:
        pc = board[only]
        if pc is not None:
            for mt, program in blocks[pc[1]]:
                if mt == only_mt:
                    program.generate(board, only, pc, mover, last_from, last_to, out, asker)
    else:
        generators = game.generators
        table = generators.table(mover, mfilter, material)
        if squares is None:
            squares = [p for p, pc in enumerate(board) if pc is not None and pc[0] == mover]
        for pos in squares:
            pc = board[pos]
            functions = table[pc[1]][pos]
            if functions is None:
                functions = generators.find(mover, mfilter, pc[1], pos, material)
            for generate in functions:
                generate(board, pos, pc, mover, last_from, last_to, out, asker)
        _drops(game, board, hands, mover, mfilter, last_from, last_to, out, asker)
    if material:
        out = [p for p in out if part_may_change_material(p, board)]
    return merge_duplicates(game, out)


def merge_duplicates(game: CompiledGame, out: list[Part]) -> list[Part]:
    """The parts ``out`` with each part emitted again by another block merged into its first
    (which keeps every move type that emitted it, ``Part.mtypes``), in order."""
    if len(out) > 1 and game.one_move_type:
        # parts are equal exactly when their keys are (no move types to merge): C does it
        return list(dict.fromkeys(out)) if len(set(out)) != len(out) else out
    if len(out) > 1:
        first: dict = {}
        uniq = []
        for p in out:
            key = p[:4]
            i = first.get(key)
            if i is None:
                first[key] = len(uniq)
                uniq.append(p)
            elif p[4] not in uniq[i][6]:
                uniq[i] = uniq[i].also_of(p[4])
        out = uniq
    return out


def simple_keys(game: CompiledGame, board: Board, mover: int, mfilter: str | None, last_from: int,
                last_to: int, hands: Sequence[int], asker, squares: Sequence[int], touched,
                royal) -> tuple[set, list[Part]] | None:
    """The candidate parts of :func:`generate_parts`, for counting: ``(keys, others)``.

    A simple part (one movement of a piece from its square, nothing else; see
    :meth:`.translate.Translator.fused_function`) whose squares are not in
    ``touched`` and whose new type is not in ``royal`` is the key ``(from, to, new
    type)`` in the set ``keys``; every other part is made, in ``others`` (duplicates
    not merged).  None when a piece type of the mover has no counting function.
    """
    counters = game.fused_counters
    fused = game.fused_generators
    types = {board[p][1] for p in squares}
    if any(counters[t] is None for t in types):
        return None
    keys: set = set()
    out: list[Part] = []
    for pos in squares:
        pc = board[pos]
        if pos in touched:
            fused[pc[1]](mfilter, board, pos, pc, mover, last_from, last_to, out, asker)
        else:
            counters[pc[1]](mfilter, board, pos, pc, mover, last_from, last_to, out, asker, keys, touched,
                            royal)
    _drops(game, board, hands, mover, mfilter, last_from, last_to, out, asker)
    return keys, out


def _drops(game, board, hands, mover, mfilter, last_from, last_to, out, asker) -> None:
    """Append ``mover``'s drops (pieces in hand onto every cell their programs allow) to ``out``."""
    t = game.tables
    nt = len(t.types)
    base = mover * nt
    for ti, dblocks in enumerate(game.drop_blocks):
        if dblocks and hands[base + ti] > 0:
            piece = (mover, ti, t.attr_defaults[ti])
            for mt, program in dblocks:
                if mfilter is None or mt == mfilter:
                    generate = program.generate
                    for pos in range(len(board)):
                        generate(board, pos, piece, mover, last_from, last_to, out, asker)


class PartStream:
    """The candidate parts of :func:`generate_parts` (no ``only``, no ``material``), made one
    piece at a time, in its order, so that a caller may stop early: a test whether a legal turn
    exists looks at the parts of the first pieces as they come.

    ``made`` holds the parts made so far, an identical part emitted again by another block
    not merged yet; :meth:`parts` makes the rest and gives what :func:`generate_parts` gives.
    """

    __slots__ = ("_asker", "_board", "_game", "_hands", "_last_from", "_last_to", "_mfilter", "_mover", "_next",
                 "_squares", "_table", "made")

    def __init__(self, game: CompiledGame, board: Board, mover: int, mfilter: str | None, last_from: int,
                 last_to: int, hands: Sequence[int], asker, squares: Sequence[int]) -> None:
        self._game = game
        self._board = board
        self._mover = mover
        self._mfilter = mfilter
        self._last_from = last_from
        self._last_to = last_to
        self._hands = hands
        self._asker = asker
        self._squares = squares
        self._table = game.generators.table(mover, mfilter, False)
        #: the index in ``squares`` of the next piece; ``len(squares)``: the drops are next
        self._next = 0
        self.made: list[Part] = []

    def advance(self) -> bool:
        """Make the parts of the next piece (the drops after the last piece); False when every
        part was made already."""
        i = self._next
        squares = self._squares
        if i > len(squares):
            return False
        self._next = i + 1
        board, mover, mfilter, out = self._board, self._mover, self._mfilter, self.made
        if i == len(squares):
            _drops(self._game, board, self._hands, mover, mfilter, self._last_from, self._last_to, out,
                   self._asker)
            return True
        pos = squares[i]
        pc = board[pos]
        functions = self._table[pc[1]][pos]
        if functions is None:
            functions = self._game.generators.find(mover, mfilter, pc[1], pos, False)
        for generate in functions:
            generate(board, pos, pc, mover, self._last_from, self._last_to, out, self._asker)
        return True

    def parts(self) -> list[Part]:
        """Every candidate part, as :func:`generate_parts` gives them."""
        while self.advance():
            pass
        return merge_duplicates(self._game, self.made)


def part_changes_material(part: Part, before) -> bool | None:
    """Does a part that makes one movement and places nothing capture or promote, told from the
    board ``before`` it (its destination held a piece, other than the mover lifted from it; its
    piece takes another type)?  None for any other part: the board after it must tell."""
    moves = part[0]
    if len(moves) != 1 or part[1]:
        return None
    for e in part[2]:
        if e[0] != "attr":
            return None
    f, to, pc, ty, copy = moves[0]
    if before[to] is not None and (to != f or copy):
        return True
    return ty >= 0 and ty != pc[1]


def part_may_change_material(part: Part, before) -> bool:
    """May the turns that start with ``part``, a first part on the board ``before``, change
    material?  False only for a part that ends its turn (no add-partial), places nothing, has no
    effect but attributes, and whose movements keep their pieces' types and land where nothing
    stands once the movements' pieces are lifted, each on its own square: such a turn removes
    nothing and changes no type or owner (:meth:`.wholeturns.Turn.changes_material`)."""
    told = part_changes_material(part, before)
    if told is not None:
        return told
    if part[3] is not None or part[1]:
        return True
    for e in part[2]:
        if e[0] != "attr":
            return True
    moves = part[0]
    lifted = {f for f, _, _, _, copy in moves if not copy}
    landed = set()
    for f, to, pc, ty, copy in moves:
        if (ty >= 0 and ty != pc[1]) or to in landed or (before[to] is not None and to not in lifted):
            return True
        landed.add(to)
    return False


class Generators:
    """Per mover, move-type filter, material mode and piece type and square: the ``generate``
    functions that make the parts of the piece's move blocks there, in block order, found on
    first use: its type's fused function (in material mode its material twin, see
    :func:`generate_parts`), or the functions of the blocks that are not silent there
    (:mod:`.reach`).

    Owned by one game; it holds at most players x (move types + 1) x 2 x piece types x
    positions entries.
    """

    def __init__(self, game: CompiledGame) -> None:
        self._game = game
        self._tables: dict[tuple[int, str | None, bool], list[list]] = {}

    def table(self, mover: int, mfilter: str | None, material: bool) -> list[list]:
        """Per piece type, per square: the functions found so far (None: not looked for yet)."""
        key = (mover, mfilter, material)
        table = self._tables.get(key)
        if table is None:
            n = len(self._game.tables.positions)
            table = self._tables[key] = [[None] * n for _ in self._game.move_blocks]
        return table

    def find(self, mover: int, mfilter: str | None, ptype: int, pos: int, material: bool) -> tuple:
        """The functions of piece type ``ptype`` of ``mover`` on ``pos`` (remembered): the type's
        fused function when it has one (running a silent block emits nothing and costs little,
        less than finding out that it is silent), else each block's that may emit there."""
        game = self._game
        blocks = game.move_blocks[ptype]
        fused = (game.fused_materials if material else game.fused_generators)[ptype]
        if fused is not None:
            found: tuple = (partial(fused, mfilter),) if any(
                mfilter is None or mt == mfilter for mt, _ in blocks) else ()
        else:
            found = tuple(blocks[i][1].generate for i in game.attack_reach[ptype].emitting(mover, pos)
                          if mfilter is None or blocks[i][0] == mfilter)
        self.table(mover, mfilter, material)[ptype][pos] = found
        return found


def apply_part(game: CompiledGame, board: Board, hands: tuple[int, ...], part: Part,
               mover: int) -> Applied:
    """Board, hands, last-from, last-to and removed pieces after one part (§5.8)."""
    b = list(board)
    moves = part[0]
    if len(moves) == 1 and not part[1] and not part[2] and part[5] < 0 and not game.options.recycle_captures:
        # one movement and nothing else (most parts): what the general path below does for it
        f, to, pc, ty, copy = moves[0]
        if not copy:
            b[f] = None
        old = b[to]
        if ty >= 0 and ty != pc[1]:
            pc = (pc[0], ty, game.tables.attr_defaults[ty])
        b[to] = pc
        return b, hands, f, to, ([old] if old is not None else [])
    h = None
    removed = []
    nt = len(game.tables.types)
    for f, to, pc, ty, copy in part.moves:
        if not copy and b[f] is not None:
            b[f] = None
    defaults = game.tables.attr_defaults
    lf = lt = NO
    for f, to, pc, ty, copy in part.moves:
        old = b[to]
        if old is not None:
            removed.append(old)
        if ty >= 0 and ty != pc[1]:
            pc = (pc[0], ty, defaults[ty])
        b[to] = pc
        lf, lt = f, to
    for pos, pc, is_drop in part.placements:
        old = b[pos]
        if old is not None:
            removed.append(old)
        b[pos] = pc
        if is_drop:
            lf, lt = NO, pos
    for e in part.effects:
        kind = e[0]
        p = e[1]
        pc = b[p]
        if pc is None:
            continue
        if kind == "x":
            removed.append(pc)
            b[p] = None
        elif kind == "type":
            b[p] = (pc[0], e[2], defaults[e[2]] if e[2] != pc[1] else pc[2])
        elif kind == "owner":
            b[p] = (e[2], pc[1], pc[2])
        elif kind == "flip":
            b[p] = (flip_owner(len(game.players), pc[0]), pc[1], pc[2])
        elif kind == "attr":
            bit = 1 << e[2]
            b[p] = (pc[0], pc[1], (pc[2] | bit) if e[3] else (pc[2] & ~bit))
    if part.drop_type >= 0:
        h = list(hands)
        h[mover * nt + part.drop_type] -= 1
    if game.options.recycle_captures and removed:
        if h is None:
            h = list(hands)
        for o, ty, _ in removed:
            h[o * nt + ty] += 1
    return b, (hands if h is None else tuple(h)), lf, lt, removed


def flip_owner(players: int, owner: int) -> int:
    """The owner a ``flip`` gives a piece of ``owner`` among ``players`` players: the next one."""
    return (owner + 1) % players if players else owner
