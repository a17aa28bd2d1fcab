"""A move or drop block as the engine runs it: one function that generates its parts, one that
tests whether it attacks a square.

Both back ends hand the engine a :class:`BlockProgram` per block.  The
generated source (:mod:`.translate`) writes the two functions directly, with
the run's state in local variables; a block run on a :class:`.context.Context`
(every closure, and a translated block that asks ``attacked?``, whose nested
test needs the context) is wrapped by :func:`from_context`.

* ``generate(board, pos, piece, mover, last_from, last_to, out, asker)`` runs
  the block for ``piece`` standing on ``pos`` (a drop block: the piece to
  drop, ``pos`` the cell tried) and appends the parts it emits to ``out``;
  ``asker`` answers its ``attacked?`` tests (the game, or the
  :class:`.attacks.AttackSearch` of the position's turns);
* ``attack(search, board, pos, piece, last_from, last_to, target, spare,
  partials, track)`` runs it in attack mode and answers whether a move would
  capture at ``target`` (:class:`.attacks.AttackSearch`; ``spare`` the royal
  types a promotion onto the target does not count with; parts made by
  add-partial that do not hit yet go to ``partials``; ``track`` the set of
  squares an incremental baseline records, or None).
"""

from __future__ import annotations

from typing import Callable

from .context import Context, Hit


class BlockProgram:
    """The two ways the engine runs one block (see the module docstring)."""

    __slots__ = ("attack", "generate")

    def __init__(self, generate: Callable, attack: Callable) -> None:
        self.generate = generate
        self.attack = attack


def from_context(fn: Callable, move_type: str | None, drop: bool) -> BlockProgram:
    """The program of a block function ``fn(ctx) -> bool`` run on a :class:`.context.Context`.

    In attack mode a search may first run it with scripted answers to its
    ``attacked?`` tests (:meth:`.attacks.AttackSearch.may_hit`), which can
    prove that no answers reach the target without the nested tests.
    """
    def generate(board, pos, piece, mover, last_from, last_to, out, asker):
        fn(Context(asker, board, mover, pos, piece, drop, move_type, last_from, last_to, out))

    def attack(search, board, pos, piece, last_from, last_to, target, spare, partials, track):
        ctx = Context(search, board, piece[0], pos, piece, False, move_type, last_from, last_to,
                      partials, target)
        ctx.spare = spare
        if not search.may_hit(fn, ctx, pos, piece):
            return False
        ctx.restart(pos, piece)
        ctx.script = None
        try:
            fn(ctx)
        except Hit:
            return True
        return False
    return BlockProgram(generate, attack)
