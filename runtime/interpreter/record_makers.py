"""Making the contract's frozen records (``Move``, ``Signature``) without their ``__init__``.

A frozen dataclass's ``__init__`` stores each field with one ``object.__setattr__``
call, which makes a :class:`runtime.core.protocol.Move` cost about twice what filling
its attribute dictionary costs; a search makes one per legal move and one
:class:`runtime.core.protocol.Signature` per position.  :func:`record_maker` gives a
function that fills the dictionary directly, for a class whose fields it checks: a
plain dataclass (no ``__slots__``, no ``__post_init__``, no field left to a default
factory) whose fields are exactly the names given.  Any other class gets its own
constructor back, so a change to the contract's records can slow the interpreter
down but never make a record that differs from the constructor's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any


def record_maker(cls: type, names: tuple[str, ...]) -> Callable[..., Any]:
    """A function ``make(*values)`` equal to ``cls(*values)`` for the fields ``names``, in order."""
    if not _fillable(cls, names):
        return cls
    new = object.__new__
    if len(names) == 3:
        a, b, c = names

        def make3(x, y, z):
            record = new(cls)
            d = record.__dict__
            d[a] = x
            d[b] = y
            d[c] = z
            return record
        return make3
    if len(names) == 4:
        a, b, c, e = names

        def make4(w, x, y, z):
            record = new(cls)
            d = record.__dict__
            d[a] = w
            d[b] = x
            d[c] = y
            d[e] = z
            return record
        return make4
    return cls


def _fillable(cls: type, names: tuple[str, ...]) -> bool:
    """Is ``cls`` a dataclass whose instance dictionary holds exactly the fields ``names``, set by
    an ``__init__`` that does nothing else?"""
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__slots__") or hasattr(cls, "__post_init__"):
        return False
    fields = dataclasses.fields(cls)
    if tuple(f.name for f in fields) != names:
        return False
    return all(f.init and f.default_factory is dataclasses.MISSING for f in fields)
