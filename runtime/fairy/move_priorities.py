"""A ZRF's move priorities as Fairy-Stockfish's ``mustDrop`` or ``mustCapture``, or why neither.

``(move-priorities t1 t2 ...)`` keeps, of the moves a player has, those of the best-ranked
type (SEMANTICS 2.5).  Fairy-Stockfish has two priorities, each one filter of
``Position::legal``:

* ``mustDrop``: while a piece is in hand and a legal drop exists, only drops;
* ``mustCapture``: while a legal capture exists, only captures (a capture being a move onto
  an enemy piece; castling and drops never are).

A ZRF's priorities are one of them exactly when its move and drop blocks fall into two ranks
and the better rank makes exactly those moves: every drop and nothing else (read from the
blocks, :attr:`PriorityRule.DROPS_FIRST`), or every capture and nothing else
(:attr:`PriorityRule.CAPTURES_FIRST`: the blocks give the ranks, then our interpreter shows,
by probes of a game made of each rank's blocks alone, that the better rank's blocks move only
onto enemies and the other rank's never capture, :func:`captures_first_problems`).

Both Fairy-Stockfish filters count only *legal* drops or captures, where Zillions ranks the
moves before it removes those that leave a royal piece attacked (SEMANTICS 2.5): a capture
that is illegal still forbids the other moves, and the player may have none at all.  In a
game with a ``checkmated`` goal the two rules differ, so there either priority is refused.
The verification (:mod:`.verification`) then compares the two engines on the whole game.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
from dataclasses import dataclass

from runtime.interpreter.game import ZrfGame
from zrf.diagnostics import Report
from zrf.model import GameDef, MoveBlock

from .betza import Modality
from .goal_forms import checkmated_types
from .hand_cells import HandRules
from .probing import BoardFrame, Prober, piece_steps


class PriorityRule(enum.Enum):
    """What a game's move priorities are in Fairy-Stockfish's terms."""

    #: no priority ranks one block above another
    NONE = "none"
    #: drops first: ``mustDrop``
    DROPS_FIRST = "mustDrop"
    #: captures first: ``mustCapture``, once the probes have shown the ranks split so
    CAPTURES_FIRST = "mustCapture"
    #: any other ranking: no Fairy-Stockfish rule
    OTHER = "other"


@dataclass(frozen=True)
class RankedBlock:
    """One move or drop block of a piece, and its rank under the priorities (0 is the best)."""

    piece: str
    block: MoveBlock
    rank: int


@dataclass(frozen=True)
class PriorityProblem:
    """Why the priorities are no Fairy-Stockfish rule, and the block (or form) it is about."""

    message: str
    block: MoveBlock | None = None


def ranked_blocks(gdef: GameDef) -> list[RankedBlock]:
    """Every move and drop block with its rank: the index of its type among the priorities,
    types not listed (and untyped blocks) all after the listed ones (SEMANTICS 2.5)."""
    priorities = gdef.move_priorities
    low = len(priorities)
    return [RankedBlock(piece.name, b, priorities.index(b.move_type) if b.move_type in priorities else low)
            for piece in gdef.pieces.values() for b in list(piece.moves) + list(piece.drops)]


def has_royal_piece(gdef: GameDef) -> bool:
    """Is some goal ``(checkmated T)``, so that moves leaving a T attacked are removed?"""
    return bool(checkmated_types(gdef))


def priority_rule(gdef: GameDef) -> PriorityRule:
    """The shape of the priorities read from the blocks alone: drops first, a candidate for
    captures first (two ranks, the better one of move blocks only; the probes decide), none, or
    another ranking."""
    blocks = ranked_blocks(gdef)
    ranks = sorted({b.rank for b in blocks})
    if not gdef.move_priorities or len(ranks) <= 1:
        return PriorityRule.NONE
    if len(ranks) != 2:
        return PriorityRule.OTHER
    best = [b for b in blocks if b.rank == ranks[0]]
    if all(b.block.kind == "drop" for b in best) and \
            all(b.rank == ranks[0] for b in blocks if b.block.kind == "drop"):
        return PriorityRule.DROPS_FIRST
    if all(b.block.kind == "move" for b in best):
        return PriorityRule.CAPTURES_FIRST
    return PriorityRule.OTHER


def model_problems(gdef: GameDef) -> list[PriorityProblem]:
    """What the blocks alone show the priorities cannot be (no probe needed); empty when they
    are no priority, drops first without a royal piece, or a candidate for captures first
    without one (which :func:`captures_first_problems` then probes)."""
    rule = priority_rule(gdef)
    if rule is PriorityRule.NONE:
        return []
    if rule is PriorityRule.OTHER:
        return [_other_problem(ranked_blocks(gdef))]
    if not has_royal_piece(gdef):
        return []
    if rule is PriorityRule.DROPS_FIRST:
        return [PriorityProblem("move-priorities: drops first in a game with a royal piece; they rank before the "
                                "turns that leave it in check are removed (SEMANTICS 2.5), Fairy-Stockfish's "
                                "mustDrop ranks only legal drops first")]
    blocks = ranked_blocks(gdef)
    best = min(b.rank for b in blocks)
    first = _type_names(b for b in blocks if b.rank == best)
    later = _type_names(b for b in blocks if b.rank != best)
    return [PriorityProblem(f"move-priorities: {first} ranks before {later} in a game with a royal piece: Zillions "
                            "ranks the moves before it removes those that leave the royal piece attacked (SEMANTICS "
                            "2.5), so a capture that is illegal still forbids the other moves; Fairy-Stockfish's "
                            "mustCapture, its only priority of captures, counts only legal captures")]


def _other_problem(blocks: list[RankedBlock]) -> PriorityProblem:
    """Why a ranking that is neither drops first nor a candidate for captures first is no
    Fairy-Stockfish rule: more than two ranks, or a first rank that holds drops and moves, or
    only some of the drops."""
    ranks = sorted({b.rank for b in blocks})
    if len(ranks) > 2:
        names = ", then ".join(_type_names(b for b in blocks if b.rank == r) for r in ranks)
        return PriorityProblem(f"move-priorities: the blocks fall into {len(ranks)} ranks ({names}): Fairy-Stockfish "
                               "has two, drops before the rest (mustDrop) or captures before the rest (mustCapture)")
    first = [b for b in blocks if b.rank == ranks[0]]
    name = _type_names(first)
    if any(b.block.kind == "move" for b in first):
        return PriorityProblem(f"move-priorities: {name} ranks first and has drops and moves: Fairy-Stockfish puts "
                               "drops first (mustDrop) or captures first (mustCapture), never both", first[0].block)
    dropped = ", ".join(dict.fromkeys(b.piece for b in first))
    return PriorityProblem(f"move-priorities: {name} ranks first and has the drops of {dropped} only, the other "
                           "drops rank with the moves: the export's drops first (mustDrop) puts every drop first",
                           first[0].block)


def _type_names(blocks) -> str:
    """The move types of ``blocks`` in file order, ``untyped`` for blocks without one."""
    return " and ".join(dict.fromkeys(b.block.move_type or "untyped" for b in blocks))


def captures_first_problems(game: ZrfGame, frame: BoardFrame, types: list[str], victim: str,
                            hand_rules: HandRules | None = None) -> list[PriorityProblem]:
    """Do the two ranks of a :attr:`PriorityRule.CAPTURES_FIRST` candidate split the moves
    into captures and the rest?  For every piece type of ``types`` (the pieces the export
    has), the game made of the better rank's blocks alone must give it no move on the empty
    board and only captures, and the game made of the other rank's blocks must give it no
    capture (``victim`` is the piece captured in the probes).  Empty when they do."""
    blocks = ranked_blocks(game.gdef)
    best = min(b.rank for b in blocks)
    problems: list[PriorityProblem] = []
    first = _game_of(game, [b for b in blocks if b.rank == best])
    rest = _game_of(game, [b for b in blocks if b.rank != best])
    # each prober records what it sees hand cells do in a copy of its own: the game made of one
    # rank's blocks may make moves the whole game never does
    first_prober = Prober(first, frame, copy.deepcopy(hand_rules))
    rest_prober = Prober(rest, frame, copy.deepcopy(hand_rules))
    for t in types:
        own = [b for b in blocks if b.piece == t]
        top = next((b.block for b in own if b.rank == best), None)
        if top is not None:
            moves = piece_steps(first_prober, t, victim)
            quiet = sorted(f"{src}-{dst}" for src, dst in moves.promotion_moves)
            if quiet:
                problems.append(PriorityProblem(
                    f"move-priorities: {top.move_type} ranks first, but {t}'s blocks of it also move without "
                    f"capturing ({', '.join(quiet[:4])}...): Fairy-Stockfish's mustCapture puts captures first, "
                    "and nothing else", top))
        low = next((b.block for b in own if b.rank != best), None)
        if low is not None:
            moves = piece_steps(rest_prober, t, victim)
            if any(s.modality is Modality.CAPTURE for s in moves.steps):
                problems.append(PriorityProblem(
                    f"move-priorities: {t}'s blocks of a later rank ({low.move_type or 'untyped'}) capture too: "
                    "Fairy-Stockfish's mustCapture puts every capture first", low))
    return problems


def _game_of(game: ZrfGame, keep: list[RankedBlock]) -> ZrfGame:
    """The game with only the blocks ``keep`` and no priorities: what those blocks do, alone."""
    kept = {id(b.block) for b in keep}
    gdef = game.gdef
    pieces = {name: dataclasses.replace(p, moves=[b for b in p.moves if id(b) in kept],
                                        drops=[b for b in p.drops if id(b) in kept])
              for name, p in gdef.pieces.items()}
    return ZrfGame(dataclasses.replace(gdef, pieces=pieces, move_priorities=[]), game.path, Report(),
                   game.back_end)
