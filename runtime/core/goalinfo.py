"""What a game's goals ask for, as data a computer player can measure progress against.

Part of the engine contract (:meth:`runtime.core.protocol.Game.goal_info`): a game says
*how it is won or lost* in a small vocabulary that both the ZRF interpreter
(from the file's ``win-condition``/``loss-condition``/``draw-condition``
forms) and every native engine (from its rules) can give.  The evaluator in
:mod:`runtime.players.evaluation` turns each condition into a distance ("how far is
this player from making it true") or, for ``checkmated``, into the safety of
the royal pieces.  Outcomes themselves are still decided by
:meth:`State.outcome`; this description never changes a result.

Conditions are read *for a player* (the player the goal is checked for):

* :class:`Placement` - ZRF ``absolute-config`` / ``relative-config``: every
  slot holds one of its occupants (:class:`Owner`: the player's own pieces,
  enemy pieces, or any owner's);
* :class:`PiecesRemaining` - ``pieces-remaining N [types]`` (:attr:`Whose.OWN`)
  or ``total-piece-count N [types]`` (:attr:`Whose.ALL`): exactly N pieces left;
* :class:`Checkmated` - ``checkmated T...``: the player's royal piece is
  attacked and no move helps;
* :class:`Captured` - ``captured T...``: the player's piece of such a type was
  taken on the last turn;
* :class:`AnyOf` / :class:`AllOf` - ``or`` / ``and``;
* :class:`Unscored` - anything else (``stalemated``, ``repetition``, ``not``,
  goals of a game's own making): recorded with its text, no progress measure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from zrf.text_enum import TextEnum


class GoalResult(TextEnum):
    """What a goal gives the player it holds for (the ZRF ``win-``, ``loss-``, ``draw-`` and
    ``count-condition``)."""

    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"
    #: the game ends and the player with the most pieces wins
    COUNT = "count"


class Owner(TextEnum):
    """Whose piece an :class:`Occupant` accepts, seen from the player the goal is read for."""

    OWN = "own"
    ENEMY = "enemy"
    ANY = "any"


class Whose(TextEnum):
    """Whose pieces a :class:`PiecesRemaining` counts: the player's, or every player's."""

    OWN = "own"
    ALL = "all"


@dataclass(frozen=True)
class Occupant:
    """A piece type and whose it must be."""

    piece: str
    owner: Owner = Owner.OWN


@dataclass(frozen=True)
class Slot:
    """One place a :class:`Placement` fills: any of ``cells``, holding one of ``occupants``."""

    cells: frozenset[str]
    occupants: tuple[Occupant, ...]


@dataclass(frozen=True)
class Placement:
    """Every slot holds a matching piece, each slot a different piece (``absolute-config``)."""

    slots: tuple[Slot, ...]


@dataclass(frozen=True)
class PiecesRemaining:
    """Exactly ``count`` pieces left: the player's own (:attr:`Whose.OWN`) or all players' (``ALL``).

    ``pieces`` limits the count to those types (``None``: every type).
    """

    count: int
    pieces: frozenset[str] | None = None
    whose: Whose = Whose.OWN


@dataclass(frozen=True)
class Checkmated:
    """The player's piece of a ``royal`` type is attacked and every move leaves it so."""

    royal: frozenset[str]


@dataclass(frozen=True)
class Captured:
    """A piece of one of these types belonging to the player was captured on the last turn."""

    pieces: frozenset[str]


@dataclass(frozen=True)
class AnyOf:
    """At least one of the alternatives holds (``or``)."""

    alternatives: tuple["Condition", ...]


@dataclass(frozen=True)
class AllOf:
    """Every part holds (``and``)."""

    parts: tuple["Condition", ...]


@dataclass(frozen=True)
class Unscored:
    """A condition the evaluator has no progress measure for; ``text`` says what it is."""

    text: str


Condition = Union[Placement, PiecesRemaining, Checkmated, Captured, AnyOf, AllOf, Unscored]

@dataclass(frozen=True)
class Goal:
    """``result`` for each of ``players`` when ``condition`` holds for them."""

    result: GoalResult
    players: tuple[str, ...]
    condition: Condition
    rule: str = ""


def walk(condition: Condition):
    """Every condition inside ``condition`` (itself first), depth first."""
    yield condition
    if isinstance(condition, AnyOf):
        for c in condition.alternatives:
            yield from walk(c)
    elif isinstance(condition, AllOf):
        for c in condition.parts:
            yield from walk(c)


def royal_pieces(goals: tuple[Goal, ...] | list[Goal], player: str) -> frozenset[str]:
    """Types whose checkmate loses the game for ``player`` (the ``checkmated`` loss goals)."""
    out: set[str] = set()
    for goal in goals:
        if goal.result is GoalResult.LOSS and player in goal.players:
            for c in walk(goal.condition):
                if isinstance(c, Checkmated):
                    out |= c.royal
    return frozenset(out)


def at_most_pieces(count: int, pieces: frozenset[str] | None = None) -> Condition:
    """``count`` or fewer own pieces left: how a ZRF writes it, ``(or (pieces-remaining N) ... 0)``."""
    return AnyOf(tuple(PiecesRemaining(n, pieces) for n in range(count, -1, -1)))


def adjacent_pair_goal(result: GoalResult, players: tuple[str, ...], first: str, second: str,
                       zone: list[str] | tuple[str, ...], neighbours, rule: str) -> Goal:
    """A goal won by ``first`` and ``second`` (own pieces) on two adjacent cells of ``zone``.

    ``neighbours(cell)`` gives a cell's adjacent cells.  This is how a ZRF
    writes such a goal (one ``absolute-config`` per adjacent pair, joined by
    ``or``), so a native engine that gives it describes the same thing.
    """
    inside = set(zone)
    pairs = []
    for a in zone:
        for b in neighbours(a):
            if b in inside and (b, a) not in pairs and a != b:
                pairs.append((a, b))
    both = (Occupant(first), Occupant(second))
    alternatives = tuple(Placement((Slot(frozenset([a]), both), Slot(frozenset([b]), both))) for a, b in pairs)
    return Goal(result, players, AnyOf(alternatives), rule)
