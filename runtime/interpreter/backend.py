"""Which back end runs a game's move programs: the choice, made once when a game is loaded.

Two back ends consume the lowered form (:mod:`.lowered`): the closures
(:mod:`.compiler`, the reference) and the generated Python source
(:mod:`.translate`, the default).  A game is loaded with one of them
(``load_zrf_game(path, backend=Backend.CLOSURES)``) and keeps it in
``ZrfGame.backend``; without a choice the environment decides:
``ZRF_TRANSLATE=0`` selects the closures.  :func:`compile_blocks` makes the
game's programs with its back end.
"""

from __future__ import annotations

import os
from enum import Enum
from typing import Callable

from .compiler import Compiler
from .lowered.form import LoweredBlock
from .programs import BlockProgram, from_context
from .translate import TranslatedPrograms

TRANSLATE_ENV = "ZRF_TRANSLATE"
"""``ZRF_TRANSLATE=0`` runs move programs as closures (the reference back end)."""


class Backend(Enum):
    """How move programs run."""

    CLOSURES = "closures"
    TRANSLATED = "translated"

    @classmethod
    def from_environment(cls) -> "Backend":
        """TRANSLATED unless ``ZRF_TRANSLATE`` is ``0`` (or false, no, off)."""
        off = os.environ.get(TRANSLATE_ENV, "1").strip().lower() in ("0", "false", "no", "off")
        return cls.CLOSURES if off else cls.TRANSLATED


class CompiledPrograms:
    """What a back end makes of a game's lowered blocks: one :class:`.programs.BlockProgram`
    per block (``blocks``) and, per piece type, a fused function generating the parts of all
    its move blocks at once (``fused``) and its counting twin (``counters``,
    :meth:`Translator.fused_function`), or None."""

    __slots__ = ("blocks", "counters", "fused")

    def __init__(self, blocks: list[BlockProgram], fused: list[Callable | None],
                 counters: list[Callable | None]) -> None:
        self.blocks = blocks
        self.fused = fused
        self.counters = counters


def compile_blocks(backend: Backend, tables, engine, blocks: list[LoweredBlock]) -> CompiledPrograms:
    """The programs running ``blocks`` with ``backend``."""
    if backend is Backend.CLOSURES:
        compiler = Compiler(tables, engine)
        return CompiledPrograms([from_context(compiler.block(b), b.move_type, b.drop) for b in blocks],
                                [None] * len(tables.types), [None] * len(tables.types))
    translated = TranslatedPrograms(tables, engine, blocks)
    return CompiledPrograms(translated.programs, translated.fused, translated.counters)
