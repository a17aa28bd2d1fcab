"""The lowered form of move programs: each move or drop block read once into a small tree of typed nodes.

:mod:`.form` defines the nodes (an :class:`.form.Op` each), :mod:`.lowering`
makes them from a block's syntax tree (the only reader of the keyword text:
names resolved to integers, constants folded, dead code dropped, forms that
cannot run reported as W501), and :mod:`.listing` writes them as text.  The
closures, the generated Python source and the reach analysis consume this
form.  The package imports :mod:`zrf` and the interpreter's tables only.
"""

from __future__ import annotations

from .form import LoweredBlock, Op
from .listing import listing
from .lowering import Lowering

__all__ = ["LoweredBlock", "Lowering", "Op", "listing"]
