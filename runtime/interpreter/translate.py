"""The fast back end: lowered blocks compiled from their Python source (:mod:`.source_writer`).

:class:`TranslatedPrograms` writes every block of a game (and each piece
type's fused functions), compiles the source block by block and binds the
functions to the globals they read; the compiled code is kept in the on-disk
cache (:mod:`.translation_cache`), so a second command on the same game does
not translate.  A block whose source Python cannot compile runs as closures
(:mod:`.compiler`), said with one :class:`TranslationWarning`.
"""

from __future__ import annotations

import warnings
from typing import Callable

from .compiler import Compiler, runaway
from .context import Part
from .lowered.form import SOURCES as FORM_SOURCES
from .lowered.form import LoweredBlock
from .programs import BlockProgram, from_context
from .parts import part_may_change_material
from .source_writer import Fused, Mode, Translator, _adjacent_enemy, _read_last, _verified, asks_attacks, whiles
from .source_writer import __file__ as WRITER_SOURCE
from .translation_cache import key as cache_key
from .translation_cache import load as cache_load
from .translation_cache import store as cache_store

VERSION = 8
"""Bumped whenever the generated source changes meaning; part of the cache key."""

#: the modules whose text decides the generated source (hashed into the cache key)
_SOURCES = (__file__, WRITER_SOURCE, *FORM_SOURCES)


class TranslationWarning(UserWarning):
    """A block whose translated source Python cannot compile runs as closures instead."""


_COMPILE_ERRORS = (SyntaxError, RecursionError, MemoryError, ValueError)
"""What ``compile`` raises for source nested beyond CPython's limits (the block then runs as closures)."""


class TranslatedPrograms:
    """The :class:`.programs.BlockProgram` of each of one game's blocks, in the order given
    (``programs``), and per piece type the fused function generating the parts of all its
    move blocks (``fused``, :meth:`Translator.fused_function`; None for a type without moves),
    its counting twin (``counters``) and its material twin (``materials``).

    Each block is compiled on its own (a whole game's module at once made
    ``compile`` hold several hundred MB for the biggest generated games); a
    block Python cannot compile runs as closures, said with one
    :class:`TranslationWarning` (its piece type then has no fused function).
    The compiled code comes from the on-disk cache when an entry for the same
    game exists.
    """

    def __init__(self, tables, engine, blocks: list[LoweredBlock]):
        self.t = tables
        self.engine = engine
        loops = whiles(blocks)
        ntypes = len(tables.types)
        key = cache_key(VERSION, engine.gdef, tables, _SOURCES)
        codes = cache_load(key)
        if codes is None or len(codes) != len(blocks) + ntypes:
            tr = Translator(tables, {id(w): i for i, w in enumerate(loops)})
            codes = [self._compile(tr, i, block) for i, block in enumerate(blocks)]
            codes += [self._compile_fused(tr, ptype, blocks, codes) for ptype in range(ntypes)]
            cache_store(key, codes)
            self.translated_now = True
        else:
            self.translated_now = False
        namespace = self._namespace([w.span for w in loops])
        self.programs: list[BlockProgram] = []
        closures = None
        for i, (block, code) in enumerate(zip(blocks, codes)):
            if code is None:
                if closures is None:
                    closures = Compiler(tables, engine)
                program = from_context(closures.block(block), block.move_type, block.drop)
            else:
                exec(code, namespace)  # noqa: S102 - the translator's own source, compiled above
                if f"_c{i}" in namespace:  # asks attacked?: attack runs on a context (speculation)
                    attack = from_context(namespace[f"_c{i}"], block.move_type, block.drop).attack
                else:
                    attack = namespace[f"_a{i}"]
                program = BlockProgram(namespace[f"_g{i}"], attack)
            self.programs.append(program)
        self.fused: list[Callable | None] = []
        self.counters: list[Callable | None] = []
        self.materials: list[Callable | None] = []
        for ptype, code in enumerate(codes[len(blocks):]):
            if code is not None:
                exec(code, namespace)  # noqa: S102 - as above
            self.fused.append(namespace.get(f"_G{ptype}") if code is not None else None)
            self.counters.append(namespace.get(f"_K{ptype}") if code is not None else None)
            self.materials.append(namespace.get(f"_M{ptype}") if code is not None else None)
        failed = codes[:len(blocks)].count(None)
        if failed:
            warnings.warn(f"{engine.path}: {failed} move block(s) nest too deeply for Python to compile "
                          "their translation; they run as closures", TranslationWarning, stacklevel=2)

    def _compile(self, tr: Translator, i: int, block: LoweredBlock):
        """The code defining block ``i``'s functions, or None when Python cannot compile it."""
        modes = (Mode.GENERATE, Mode.CONTEXT) if asks_attacks(block) else (Mode.GENERATE, Mode.ATTACK)
        try:
            source = "\n\n".join(tr.function(i, block, mode) for mode in modes)
            return compile(source, f"<zrf translation of {self.engine.path}>", "exec")
        except _COMPILE_ERRORS:
            return None

    def _compile_fused(self, tr: Translator, ptype: int, blocks: list[LoweredBlock], codes: list):
        """The code defining piece type ``ptype``'s fused generating function, or None (no move
        blocks, or one of them runs as closures)."""
        numbered = [(i, b) for i, b in enumerate(blocks) if b.piece_type == ptype and not b.drop]
        if not numbered or any(codes[i] is None for i, _ in numbered):
            return None
        try:
            source = "\n\n".join(tr.fused_function(ptype, numbered, kind) for kind in Fused)
            return compile(source, f"<zrf translation of {self.engine.path}>", "exec")
        except _COMPILE_ERRORS:
            return None

    def _namespace(self, spans) -> dict:
        """The globals the generated functions read (see the ``_``-names in the source)."""
        t = self.t
        neutral = t.neutral

        def adjacent(board, links, mover, p):
            return _adjacent_enemy(board, links, mover, p, neutral)
        return {"__builtins__": __builtins__, "_engine": self.engine, "_neutral": neutral,
                "_defaults": t.attr_defaults, "_runaway": lambda i: runaway(spans[i]),
                "_adjacent_enemy": adjacent, "_read_last": _read_last, "_verified": _verified,
                "_may_change": part_may_change_material, "_Part": Part, "_new": tuple.__new__,
                "_links": t.links, "_opposite": t.opposite, "_zones": t.zones}
