"""The goal forms read by their shape, each form recognised once, on the parsed condition.

``(checkmated T)`` names a royal type; ``(pieces-remaining N [T])`` a count of a player's pieces
(of type T) that ends the game (Fairy-Stockfish's extinction), ``(pieces-remaining 0 T)`` a type
whose last piece lost ends it; ``(absolute-config T cells...)`` a piece of type T reaching given
cells.  The export, its move-priority and final-capture rules, the naming of a game's pieces and
the export sweep's chess family all read these forms through the functions here.

The ``*_of`` readers take any node (a goal's condition or a node inside it) and answer None
for a node of another form.  A form is matched exactly as written: its keyword in lower case as
the list's first item, then exactly its arguments; ``(checkmated King Queen)`` is not
``(checkmated T)`` (:func:`checkmated_types_of` reads it).  A type T is one word: an atom, or
a string literal without a space or parenthesis, which is read as its quoted text (``"K"``, with
the quotes) and so never names a declared piece type.  A count N is unsigned decimal digits
(``00`` is 0; ``+1`` and ``-0`` are not counts).
"""

from __future__ import annotations

from typing import NamedTuple

from zrf.model import GameDef, Goal
from zrf.syntax import Atom, List, Node, String

#: what a type word may not contain (an atom never does; a string literal may)
_NOT_IN_A_WORD = frozenset("() ")


class RemainingCount(NamedTuple):
    """``(pieces-remaining count [type])``: ``type`` None when the form names none."""

    count: int
    type: str | None


def _form_args(node: Node, keyword: str) -> list[Node] | None:
    """The arguments of ``node`` when it is a list whose first item is the atom ``keyword``."""
    if type(node) is List and node.head == keyword:
        return node.args
    return None


def _type_word(node: Node) -> str | None:
    """The type name ``node`` writes: an atom's text, a string literal's quoted text when it
    holds no space or parenthesis; None for a list or any other string."""
    if type(node) is Atom:
        text = node.text
    elif type(node) is String:
        text = f'"{node.text}"'
    else:
        return None
    return text if text and _NOT_IN_A_WORD.isdisjoint(text) else None


def _count(node: Node) -> int | None:
    """The value of an atom of unsigned decimal digits, else None."""
    if type(node) is Atom and node.text.isdecimal():
        return int(node.text)
    return None


def checkmated_types_of(node: Node) -> list[str] | None:
    """T1..Tn of ``(checkmated T1 ... Tn)``, n at least one, each a type word; else None."""
    args = _form_args(node, "checkmated")
    if not args:
        return None
    types = []
    for arg in args:
        ptype = _type_word(arg)
        if ptype is None:
            return None
        types.append(ptype)
    return types


def checkmated_type_of(node: Node) -> str | None:
    """T of ``(checkmated T)`` (one type), else None."""
    types = checkmated_types_of(node)
    return types[0] if types is not None and len(types) == 1 else None


def pieces_remaining_of(node: Node) -> RemainingCount | None:
    """(N, T) of ``(pieces-remaining N T)``, (N, None) of ``(pieces-remaining N)``, else None."""
    args = _form_args(node, "pieces-remaining")
    if args is None or len(args) not in (1, 2):
        return None
    count = _count(args[0])
    if count is None:
        return None
    if len(args) == 1:
        return RemainingCount(count, None)
    ptype = _type_word(args[1])
    return None if ptype is None else RemainingCount(count, ptype)


def none_left_type_of(node: Node) -> str | None:
    """T of ``(pieces-remaining 0 T)``, else None."""
    remaining = pieces_remaining_of(node)
    return remaining.type if remaining is not None and remaining.count == 0 else None


def reached_type_of(node: Node) -> str | None:
    """T of ``(absolute-config T where...)``, at least one argument after T, else None."""
    args = _form_args(node, "absolute-config")
    return _type_word(args[0]) if args is not None and len(args) >= 2 else None


def checkmated_type(goal: Goal) -> str | None:
    """T of a goal whose condition is ``(checkmated T)``, else None."""
    return checkmated_type_of(goal.condition)


def pieces_remaining(goal: Goal) -> RemainingCount | None:
    """(N, T) of a goal whose condition is ``(pieces-remaining N T)``, (N, None) of one whose
    condition is ``(pieces-remaining N)``, else None."""
    return pieces_remaining_of(goal.condition)


def none_left_type(goal: Goal) -> str | None:
    """T of a goal whose condition is ``(pieces-remaining 0 T)``, else None."""
    return none_left_type_of(goal.condition)


def checkmated_types(gdef: GameDef) -> set[str]:
    """The types some goal of the game names in ``(checkmated T)``, whatever the goal's kind."""
    return {t for g in gdef.goals if (t := checkmated_type(g)) is not None}
