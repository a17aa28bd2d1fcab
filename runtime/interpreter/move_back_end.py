"""Which back end runs a game's move programs: translated Python functions, or closures.

Two back ends consume the lowered form (:mod:`.lowered`): the closures
(:mod:`.compiler`, the reference) and the generated Python source
(:mod:`.translate`, the default).  The choice is a value the caller passes
(:func:`runtime.loading.opening.open_game`, ``back_end=``) and the game keeps
(``ZrfGame.back_end``), so two games of one file may run on different back
ends side by side (the back-end equality sweep loads each game both ways).
Without a choice the environment decides: ``ZRF_TRANSLATE=0`` selects the
closures.  :meth:`MoveBackEnd.compile` makes a game's programs.
"""

from __future__ import annotations

import enum
import os
from typing import Callable

from .compiler import Compiler
from .lowered.form import LoweredBlock
from .programs import BlockProgram, from_context
from .translate import TranslatedPrograms

TRANSLATE_ENV = "ZRF_TRANSLATE"
"""``ZRF_TRANSLATE=0`` runs move programs as closures (the reference back end)."""


class CompiledPrograms:
    """What a back end makes of a game's lowered blocks: one :class:`.programs.BlockProgram`
    per block (``blocks``) and, per piece type, a fused function generating the parts of all
    its move blocks at once (``fused``), its counting twin (``counters``) and its material
    twin (``materials``, :meth:`.translate.Translator.fused_function`), or None."""

    __slots__ = ("blocks", "counters", "fused", "materials")

    def __init__(self, blocks: list[BlockProgram], fused: list[Callable | None],
                 counters: list[Callable | None], materials: list[Callable | None]) -> None:
        self.blocks = blocks
        self.fused = fused
        self.counters = counters
        self.materials = materials


class MoveBackEnd(enum.Enum):
    """The back end of a game's move programs (docs/runtime.md, "Translated move programs")."""

    #: each block as the source of one Python function, compiled once (and cached on disk)
    TRANSLATED = "translated"
    #: each block as closures (the reference)
    CLOSURES = "closures"

    @classmethod
    def default(cls) -> "MoveBackEnd":
        """The back end ``ZRF_TRANSLATE`` asks for (translated unless it is ``0``, false, no or off)."""
        off = os.environ.get(TRANSLATE_ENV, "1").strip().lower() in ("0", "false", "no", "off")
        return cls.CLOSURES if off else cls.TRANSLATED

    def compile(self, tables, engine, blocks: list[LoweredBlock]) -> CompiledPrograms:
        """The programs running ``blocks`` on this back end."""
        if self is MoveBackEnd.CLOSURES:
            compiler = Compiler(tables, engine)
            return CompiledPrograms([from_context(compiler.block(b), b.move_type, b.drop) for b in blocks],
                                    [None] * len(tables.types), [None] * len(tables.types),
                                    [None] * len(tables.types))
        translated = TranslatedPrograms(tables, engine, blocks)
        return CompiledPrograms(translated.programs, translated.fused, translated.counters,
                                translated.materials)
