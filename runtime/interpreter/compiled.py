"""What the interpreter's modules read from a compiled game (:class:`.game.ZrfGame`).

Parts, attack tests, whole turns, notation and positions work on the game
through this interface, so none of them imports the game module (which builds
on all of them).  Everything here is fixed when the game is built, except the
notices :meth:`CompiledGame.chain_cut` and :meth:`CompiledGame.list_cut` record.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Protocol

from runtime.core.goalinfo import GoalResult

from .context import Part
from .options import GameOptions
from .programs import BlockProgram
from .reach import PieceReach
from .tables import Tables
from .turn_order import Entry, TurnOrder

#: a compiled move or drop block: (move type or None, its program)
Block = tuple["str | None", BlockProgram]


@dataclass(frozen=True)
class CompiledGoal:
    """One goal form of the game, compiled."""

    result: GoalResult
    #: the indices of the players it is checked for
    players: tuple[int, ...]
    #: ``holds(state, player)``: the compiled condition
    holds: Callable
    #: a turn condition (checked for the player to move, before the turn); else a position
    #: condition (checked for every listed player after each turn, :meth:`.state.ZrfState.quick_outcome`)
    on_turn: bool
    #: the goal form as written, for :attr:`runtime.core.protocol.Outcome.rule`
    rule: str


class CompiledGame(Protocol):
    """The compiled rules of one ZRF game or variant."""

    tables: Tables
    players: tuple[str, ...]
    #: per piece type, its move blocks and its drop blocks
    move_blocks: list[list[Block]]
    drop_blocks: list[list[Block]]
    #: per piece type: the squares its blocks' attack runs could hit (per block and in all)
    attack_reach: list[PieceReach]
    #: the generate functions of the blocks that may emit from a square (a parts.Generators)
    generators: object
    #: per piece type: the function generating the parts of all its move blocks, or None
    fused_generators: list[Callable | None]
    #: per piece type: the function counting them (translate.Translator.fused_function), or None
    fused_counters: list[Callable | None]
    #: per piece type: the function making only the parts that may change material, or None
    fused_materials: list[Callable | None]
    #: do all blocks have one move type?
    one_move_type: bool
    #: move type -> Zillions' number (the N of "partial N")
    mtype_numbers: dict[str, int]
    options: GameOptions
    priorities: dict[str, int]
    goals: list[CompiledGoal]
    #: the goals checked after every turn (not turn conditions), in file order
    position_goals: tuple[CompiledGoal, ...]
    #: player index -> its royal piece types (from its checkmated goals)
    royal: dict[int, frozenset[int]]
    promotion_targets: frozenset[int]
    promoted: frozenset[int]
    #: empty stores, for applying parts where the stores do not matter
    zero_hands: tuple[int, ...]

    #: who moves on each turn (``entry`` reads it)
    turn_order: TurnOrder

    def entry(self, turn: int) -> Entry: ...

    def chain_cut(self, part: Part, limit: int) -> None: ...

    def list_cut(self, cap: int) -> None: ...
