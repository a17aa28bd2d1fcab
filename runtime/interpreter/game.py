"""The ZRF game: every move program and goal compiled once, and the game's fixed rules.

:class:`ZrfGame` lowers every move and drop block once (:mod:`.lowered`), compiles it
with its back end (:mod:`.move_back_end`) and
every goal (:mod:`.goals`); its positions are :class:`.state.ZrfState`.  The
work is done by modules with one job each: the turn order (:mod:`.turn_order`),
generating and applying parts (:mod:`.parts`), whole turns and their selection
rules (:mod:`.wholeturns`), attack tests (:mod:`.attacks`) and the saved-game
notation of a part (:mod:`.part_notation`).

A game is immutable once built, apart from its record of run-time limits met
(:meth:`ZrfGame.notice`, guarded by a lock): attack tests keep their state in an
:class:`.attacks.AttackSearch` per question, so one game may be played from
several threads at once.
"""

from __future__ import annotations

import threading
from typing import Mapping

from zrf.diagnostics import Diagnostic, Report
from zrf.model import GameDef
from zrf.syntax import List, to_text

from runtime.core.goalinfo import GoalResult
from runtime.core.protocol import Game, GameType, PlaysZrfRules, ReadsSavedGames, SetsUpPositions, SetupEdit

from .attacks import AttackSearch
from .compiled import Block, CompiledGoal
from .context import Context, Part
from .goal_description import describe_goals
from .goals import GoalCompiler, is_turn_condition, royal_types
from .lowered import LoweredBlock, Lowering
from .move_back_end import MoveBackEnd
from .movetypes import zillions_numbering
from .options import GameOptions, MaximalCaptures
from .parts import Generators
from .reach import attack_reach
from .sentinels import NO
from .state import ZrfState
from .tables import build_tables
from .turn_order import Entry, TurnOrder
from .wholeturns import promoted_types

_PROMOTING = ("add", "add-copy", "add-partial", "add-copy-partial")


def _promotion_names(gdef: GameDef) -> set[str]:
    """Names written as the new type of a piece: ``(add T ...)``, ``(change-type T)``."""
    out: set[str] = set()

    def walk(node):
        if not isinstance(node, List):
            return
        if node.head in _PROMOTING:
            args = node.items[1:-1] if node.head.endswith("partial") else node.items[1:]
            out.update(to_text(a) for a in args)
        elif node.head == "change-type" and len(node.items) > 1:
            out.add(to_text(node.items[1]))
        for item in node.items:
            walk(item)

    for piece in gdef.pieces.values():
        for block in piece.blocks:
            walk(block.program)
    return out


class ZrfGame(Game, SetsUpPositions, ReadsSavedGames, PlaysZrfRules):
    """One playable ZRF game or variant, compiled."""

    game_type = GameType(set_up_positions=True, saved_games=True, search_hints=True, zrf_rules=True)

    def __init__(self, gdef: GameDef, path: str, report: Report, back_end: MoveBackEnd | None = None) -> None:
        self.gdef = gdef
        #: what runs the move programs (:mod:`.move_back_end`): the environment's choice unless given
        self.back_end = back_end if back_end is not None else MoveBackEnd.default()
        self.path = path
        self.report = report
        self.name = gdef.title
        t = self.tables = build_tables(gdef)
        self.players = tuple(gdef.players)
        self.positions = tuple(t.positions)
        self.piece_types = tuple(t.types)
        ntypes = len(t.types)
        lowering = Lowering(t, report, gdef.move_types)
        #: per piece type, its move blocks and its drop blocks lowered (.lowered), in file order
        self.lowered_moves: list[list[LoweredBlock]] = [[] for _ in range(ntypes)]
        self.lowered_drops: list[list[LoweredBlock]] = [[] for _ in range(ntypes)]
        for name, piece in gdef.pieces.items():
            ti = t.type_index[name]
            self.lowered_moves[ti] = [lowering.block(b.program, ti, i, False, b.move_type)
                                      for i, b in enumerate(piece.moves)]
            self.lowered_drops[ti] = [lowering.block(b.program, ti, i, True, b.move_type)
                                      for i, b in enumerate(piece.drops)]
        blocks = [b for name in gdef.pieces for ti in (t.type_index[name],)
                  for b in self.lowered_moves[ti] + self.lowered_drops[ti]]
        programs = self.back_end.compile(t, self, blocks)
        #: per piece type: the function generating the parts of all its move blocks, the one
        #: counting them and the one making only those that may change material (.translate), or None
        self.fused_generators = programs.fused
        self.fused_counters = programs.counters
        self.fused_materials = programs.materials
        functions = iter(programs.blocks)
        #: per piece type, (move type, program) of each move block and of each drop block
        self.move_blocks: list[list[Block]] = [[] for _ in range(ntypes)]
        self.drop_blocks: list[list[Block]] = [[] for _ in range(ntypes)]
        for b in blocks:
            (self.drop_blocks if b.drop else self.move_blocks)[b.piece_type].append(
                (b.move_type, next(functions)))
        #: per piece type: the squares its move blocks' attack runs could hit (.reach)
        self.attack_reach = attack_reach(t, self.lowered_moves)
        #: which blocks' generate functions run for a piece on a square (.parts)
        self.generators = Generators(self)
        #: do all blocks have one move type (parts emitted twice are then equal, mtypes too)?
        self.one_move_type = len({b.move_type for b in blocks}) <= 1
        #: move type -> Zillions' number, the N of "partial N" (see .movetypes)
        self.mtype_numbers = zillions_numbering(gdef)
        #: the options that change play, read once (§2.6)
        self.options = GameOptions.read(gdef.options)
        self.priorities = {mt: i for i, mt in enumerate(gdef.move_priorities)}
        gc = GoalCompiler(t, report)
        self.goals: list[CompiledGoal] = []
        royal: dict[int, set[int]] = {}
        for g in gdef.goals:
            players = tuple(t.player_index[p] for p in (g.players or gdef.players) if p in t.player_index)
            self.goals.append(CompiledGoal(GoalResult(g.kind), players, gc.compile(g.condition),
                                           is_turn_condition(g.condition),
                                           f"{g.kind}-condition {to_text(g.condition)}"))
            rt = royal_types(g.condition, t)
            if rt:
                for p in players:
                    royal.setdefault(p, set()).update(rt)
        #: the goals checked after every turn (not turn conditions), in file order (``quick_outcome``)
        self.position_goals: tuple[CompiledGoal, ...] = tuple(g for g in self.goals if not g.on_turn)
        #: per player, the royal piece types its ``checkmated`` goals name (king safety, ``in_check``)
        self.royal: dict[int, frozenset[int]] = {p: frozenset(types) for p, types in royal.items()}
        self._goal_positions: dict[int, frozenset] = {}
        self.turn_order = TurnOrder(gdef, t)
        #: empty stores, for applying parts where the stores do not matter (attack tests)
        self.zero_hands = tuple([0] * (len(t.players) * ntypes))
        #: piece types some move turns a piece into (add T, change-type T)
        self.promotion_targets = frozenset(
            t.type_index[name] for name in _promotion_names(gdef) if name in t.type_index)
        #: the "more valuable" types of "maximal captures" 2
        self.promoted = (promoted_types(self) if self.options.maximal_captures is MaximalCaptures.MOST_VALUABLE
                         else frozenset())
        #: run-time limits met while playing (W503, W504), each reported once
        self.notices: list[Diagnostic] = []
        self._noticed: set = set()
        self._notice_lock = threading.Lock()

    # ------------------------------------------------------------------ protocol

    def layout(self) -> dict[str, tuple[float, float, float, float]] | None:
        """Each drawn position's rectangle from the ZRF board, as ``(x, y, width, height)``.

        Dummy positions and positions without coordinates are left out; None
        when no position has a rectangle.
        """
        board = self.gdef.board
        rects = {}
        for pos in (board.positions.values() if board is not None else ()):
            if pos.dummy or pos.rect is None:
                continue
            rects[pos.name] = tuple(float(v) for v in pos.box)
        return rects or None

    def goal_info(self):
        """The file's goals as :mod:`runtime.core.goalinfo` data (see :mod:`.goal_description`)."""
        return describe_goals(self.gdef, self.tables)

    @property
    def rules_path(self) -> str:
        """The ZRF file the game was loaded from."""
        return self.path

    def zrf_definition(self) -> GameDef:
        """The game or variant of the file this game plays."""
        return self.gdef

    def initial_state(self) -> ZrfState:
        t = self.tables
        n = len(t.positions)
        board: list = [None] * n
        for pl, ty, pos in self.gdef.setup.placements:
            if pos in t.pos_index and pl in t.player_index and ty in t.type_index:
                ti = t.type_index[ty]
                board[t.pos_index[pos]] = (t.player_index[pl], ti, t.attr_defaults[ti])
        hands = [0] * (len(t.players) * len(t.types))
        for (pl, ty), k in self.gdef.setup.off.items():
            if pl in t.player_index and ty in t.type_index:
                hands[t.player_index[pl] * len(t.types) + t.type_index[ty]] = k
        return ZrfState(self, tuple(board), tuple(hands), 0, NO, NO, (), None)

    def state_from(self, position: Mapping[str, tuple[str, str]], to_move: str) -> ZrfState:
        """A hand-made position (``--position``): the listed pieces, the start's off-board stores,
        and ``to_move`` on the first turn of the turn order where that player moves.

        Nothing was played before it: no last move, no removed pieces, no history for
        repetition.  The names are checked by the caller; ValueError when ``to_move``
        never moves in the turn order.
        """
        t = self.tables
        cells: list = [None] * len(t.positions)
        for cell, (player, ptype) in position.items():
            ti = t.type_index[ptype]
            cells[t.pos_index[cell]] = (t.player_index[player], ti, t.attr_defaults[ti])
        side = t.player_index[to_move]
        turn = next((n for n in range(max(1, len(self.turn_order.entries))) if self.entry(n)[0] == side), None)
        if turn is None:
            raise ValueError(f"{to_move} never moves in {self.name}'s turn order")
        return ZrfState(self, tuple(cells), self.initial_state().stores, turn, NO, NO, (), None)

    def edited_state(self, edits: list[SetupEdit], turn: int = 0,
                     stores: tuple[int, ...] | None = None) -> ZrfState:
        """The initial state after saved-game set-up edits: (player, type, pos) places, (None, None, pos)
        removes; 0-based turn ``turn`` to move, with ``stores`` off the board (None: the start's)."""
        start = self.initial_state()
        t = self.tables
        cells = list(start.cells)
        for player, ptype, pos in edits:
            if pos not in t.pos_index:
                raise KeyError(f"set-up edit names unknown position {pos!r}")
            if player is None:
                cells[t.pos_index[pos]] = None
                continue
            if player not in t.player_index or ptype not in t.type_index:
                raise KeyError(f"set-up edit names unknown player or piece: {player} {ptype}")
            ti = t.type_index[ptype]
            cells[t.pos_index[pos]] = (t.player_index[player], ti, t.attr_defaults[ti])
        return ZrfState(self, tuple(cells), start.stores if stores is None else stores, turn, NO, NO, (), None)

    def entry(self, turn: int) -> Entry:
        """(player, moves-as, move type) for 0-based turn number ``turn`` (see :mod:`.turn_order`)."""
        return self.turn_order.entry(turn)

    def move_number(self, turn: int) -> int:
        """ZSG move number of 0-based turn ``turn`` (§2.4)."""
        return self.turn_order.move_number(turn)

    # ------------------------------------------------------------------ callbacks of move programs

    def goal_positions(self, player: int) -> frozenset:
        """Positions the goals of ``player`` name (``goal-position?``)."""
        return self._goal_positions.get(player, frozenset())

    def square_attacked(self, ctx: Context, pos: int, own: bool) -> bool:
        """``attacked?``/``defended?`` inside a move block (§5.11), see :mod:`.attacks`.

        A run made by an attack test has that test's :class:`.attacks.AttackSearch`
        as its context's engine and continues its chain; a run generating moves
        (whose engine is this game) starts a new one.
        """
        search = ctx.engine
        if search is self:
            return AttackSearch(self).square_attacked(ctx, pos, own, remember=False)
        return search.square_attacked(ctx, pos, own)

    def question(self, board, pos: int, own: bool, mover: int, piece, last_from: int, last_to: int) -> bool:
        """``attacked?``/``defended?`` asked by a block generating moves without a position's
        chain of questions (:meth:`.attacks.AttackSearch.question`, in a search of its own)."""
        return AttackSearch(self).question(board, pos, own, mover, piece, last_from, last_to, False)

    # ------------------------------------------------------------------ limits

    def notice(self, code: str, message: str, span=None) -> None:
        """Record a run-time limit once per (code, place): never silent, never repeated."""
        key = (code, str(span))
        with self._notice_lock:
            if key in self._noticed:
                return
            self._noticed.add(key)
            where = span if span is not None else self.gdef.span
            self.notices.append(Diagnostic(code, message, where))

    def block_span(self, ptype: int, move_type: str | None):
        """Where the move block of piece type ``ptype`` with ``move_type`` is written (else the piece)."""
        piece = self.gdef.pieces.get(self.tables.types[ptype])
        if piece is None:
            return None
        for b in piece.blocks:
            if b.move_type == move_type:
                return b.span
        return piece.span

    def chain_cut(self, part: Part, limit: int) -> None:
        """W503: a chain of add-partial parts reached ``limit`` parts and ends there."""
        ptype = part.moves[-1][2][1] if part.moves else (part.drop_type if part.drop_type >= 0 else 0)
        self.notice("W503", f"a turn chained {limit} add-partial parts (continuing with "
                    f"{part.partial!r}); it ends there", self.block_span(ptype, part.partial))

    def list_cut(self, cap: int) -> None:
        """W504: a position has more than ``cap`` whole turns; its move list holds the first ``cap``."""
        self.notice("W504", f"a position has more than {cap:,} whole turns; the move list holds the "
                    f"first {cap:,} (random moves and counts still see them all)")
