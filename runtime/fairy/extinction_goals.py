"""``(pieces-remaining N [T])`` goals as Fairy-Stockfish's extinction rule, where both say the same.

Zillions ends the game when a player has **exactly** N pieces (of type T) on the board, checked
after every move for each player the goal lists, before the goals of the player to move
(``checkmated``, ``stalemated``, ``repetition``; SEMANTICS 6.1-6.2).  Fairy-Stockfish ends it
when a player has **at most** ``extinctionPieceCount`` pieces of one of ``extinctionPieceTypes``
(``*``: all its pieces) on the board and in hand, before it looks at checkmate and stalemate
(``Position::is_immediate_game_end``), and scores it ``extinctionValue`` for that player: a win,
a loss or a draw, the player who just moved looked at first.

The two agree when:

* every such goal is of every player, of one kind (win, loss or draw) and one N, since
  Fairy-Stockfish has one value and one count; the types are those the goals name, ``*`` (all
  pieces) for a goal that names none;
* for N > 0, every player starts with more than N such pieces: an exported game takes at most
  one piece a move (a capture elsewhere than the landing square, a cascade or a piece created
  is refused before, E806) and puts none on the board (no hands, below), so a count that starts
  above N reaches N before it can go lower, and "exactly N" is "at most N";
* for a count of every piece, the game has no hands: Fairy-Stockfish counts the pieces in hand,
  Zillions only those on the board;
* for N > 0 of one type, no piece of that type turns into another: else the move that takes an
  enemy's T can turn the mover's own T into something else, both counts reach N at once, and
  Zillions ends the game for the player its goal lists first, Fairy-Stockfish for the mover;
* a draw or a win goal comes before every other goal judged after each move (a flag goal):
  Zillions judges those in file order, Fairy-Stockfish extinction first.  (An extinction that
  is a loss for the player left with N gives the same winner as a flag reached by the mover.)

Every goal that breaks one of these is an E809 at the goal, naming the rule.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from runtime.interpreter.goals import is_turn_condition
from zrf.model import GameDef, Goal
from zrf.syntax import Span, to_text

from .goal_forms import pieces_remaining


@dataclass(frozen=True)
class Refusal:
    """A goal the extinction rule cannot say, and why."""

    message: str
    span: Span


@dataclass
class ExtinctionRule:
    """What the ``pieces-remaining`` goals of a game give: the section's options, the goals
    read (the export writes nothing else for them) and the refusals."""

    options: dict[str, str] = field(default_factory=dict)
    goals: list[Goal] = field(default_factory=list)
    refusals: list[Refusal] = field(default_factory=list)


def _start_counts(gdef: GameDef, playing, piece_type: str | None) -> Counter:
    """Each player's pieces (of ``piece_type``) set up on the cells in ``playing``."""
    return Counter(player for player, t, cell in gdef.setup.placements
                   if cell in playing and (piece_type is None or t == piece_type))


def _refuser(rule: ExtinctionRule, goal: Goal):
    """A function adding to ``rule`` a refusal of ``goal`` for a reason."""
    text = f"{goal.kind}-condition {to_text(goal.condition)}"
    return lambda why: rule.refusals.append(Refusal(f"{text}: {why}", goal.span))


def extinction_rule(gdef: GameDef, letters: dict[str, str], playing, has_hands: bool,
                    changing_types: set[str]) -> ExtinctionRule:
    """The extinction options of ``gdef``'s ``pieces-remaining`` goals (see the module docstring).

    ``letters`` are the section's letters by type, ``playing`` the cells of the playing area,
    ``has_hands`` whether the section has pieces in hand or drops, ``changing_types`` the types
    a piece of which may turn into another type."""
    rule = ExtinctionRule()
    read = [(g, count) for g in gdef.goals if g.kind in ("win", "loss", "draw")
            and (count := pieces_remaining(g)) is not None]
    if not read:
        return rule
    first = read[0][0]
    kind, n = first.kind, read[0][1][0]
    types: list[str] = []
    for g, (count, piece_type) in read:
        rule.goals.append(g)
        refuse = _refuser(rule, g)
        if g.players and set(g.players) != set(gdef.players):
            refuse(f"for {', '.join(g.players)} only: Fairy-Stockfish's extinction ends the game alike "
                   "for either player")
            continue
        if (g.kind, count) != (kind, n):
            refuse(f"beside {first.kind}-condition {to_text(first.condition)}: Fairy-Stockfish's extinction "
                   "has one value and one count")
            continue
        if piece_type is not None and piece_type not in letters:
            refuse(f"{piece_type} is not among the exported pieces")
            continue
        if piece_type is None and has_hands:
            refuse("Fairy-Stockfish counts the pieces in hand too, Zillions only those on the board")
            continue
        if count > 0:
            starts = _start_counts(gdef, playing, piece_type)
            low = [f"{p} {starts[p]}" for p in gdef.players if starts[p] <= count]
            if low:
                refuse(f"Zillions' count is exact and Fairy-Stockfish's at most {count}, the same only for a "
                       f"count that starts above it ({', '.join(low)} at the start)")
                continue
            if piece_type is not None and piece_type in changing_types:
                refuse(f"{piece_type} may turn into another type on the move that takes an enemy {piece_type}, "
                       "both counts reaching the goal at once: Zillions ends the game for the player its goal "
                       "lists first, Fairy-Stockfish for the mover")
                continue
        if kind != "loss":
            place = next(i for i, o in enumerate(gdef.goals) if o is g)
            before = [o for o in gdef.goals[:place]
                      if pieces_remaining(o) is None and not is_turn_condition(o.condition)]
            if before:
                refuse(f"after {before[0].kind}-condition {to_text(before[0].condition)}: Zillions judges the "
                       "goals of every move in file order, Fairy-Stockfish extinction first")
                continue
        types.append("*" if piece_type is None else letters[piece_type])
    if rule.refusals or not types:
        return rule
    rule.options["extinctionValue"] = kind
    rule.options["extinctionPieceTypes"] = "".join(dict.fromkeys(types))
    if n > 0:
        rule.options["extinctionPieceCount"] = str(n)
    return rule
