"""Resource limits: every bound on what a ZRF file may make the tools do, in one place.

A ZRF file is untrusted input: a 75-byte macro can double its text at every
expansion step, a grid line can ask for a billion cells.  Each bound below is
far above what real files need (the corpus maximum is given with each) and is
reported, when hit, as a located diagnostic that names the limit and its
value; nothing is truncated silently.

Users who need more raise a limit for one run with the ``--limit NAME=VALUE``
option of ``zrf`` (before the command name, repeatable) or for every run with
the environment variable ``ZRF_LIMITS="NAME=VALUE,NAME=VALUE"``; the option
wins over the variable.  ``docs/limits.md`` lists them; a test checks that
page against :class:`Limits`.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, fields, replace
from contextvars import ContextVar
from typing import Iterator

from .codes import CODES, Effect

#: The environment variable read by :func:`current`.
ENV = "ZRF_LIMITS"


@dataclass(frozen=True)
class Limits:
    """The value of every limit (the defaults are the documented ones)."""

    #: Bytes one ZRF or saved-game file may have (E003).  Corpus maximum: 121,390 (Tavreli.zrf).
    file_bytes: int = 16_000_000
    #: Lists nested in the text as read (E105).  Corpus maximum: 65.
    read_nesting: int = 200
    #: Digits of a number atom (E106).  Corpus maximum: 4.
    number_digits: int = 9
    #: Includes inside includes (E212).  Corpus maximum: 1.
    include_depth: int = 16
    #: Macro calls inside macro calls (E220).  Corpus maximum: 12.
    macro_depth: int = 100
    #: Units of expansion work: nodes created or walked, and calls (E221).  Corpus maximum: 4.52 M (Dakon.zrf).
    macro_work: int = 10_000_000
    #: Lists nested in the expanded tree (E222).  Corpus maximum: 72.  Not below read_nesting:
    #: every readable file must expand; the walkers that check and compile the tree recurse about
    #: three Python frames per level, so 200 keeps them inside Python's default recursion limit.
    expanded_nesting: int = 200
    #: Characters made by pasting ``$k`` into atoms and strings (E225).  Corpus maximum: 0.91 M (Dakon.zrf).
    pasted_chars: int = 10_000_000
    #: Positions of one board (E329).  Corpus maximum: 3,241 (margo.zrf).  Every answer of the web
    #: page draws each cell, and each legal move's position copies the board: 300x300 (90,000
    #: cells) made 17 MB answers and a 43 s computer move, 100x100 gives 2 MB answers.
    board_cells: int = 10_000
    #: Piece types of one game (E333).  Corpus maximum: 241 (jofur.zrf).
    piece_types: int = 10_000
    #: Pieces placed by one board-setup (E343).  Corpus maximum: 486 (gess.zrf).
    placements: int = 100_000
    #: Entries of the runtime's link tables: players x directions x positions (E390).
    #: Corpus maximum: 0.17 M (margo.zrf).
    link_entries: int = 20_000_000
    #: Pixels of the bitmaps one picture of a game loads, together, read from each file's header
    #: before it is decoded (W610).  Corpus maximum: 1.12 M (Duel.zrf of the Zillions install).
    image_pixels: int = 4_000_000
    #: Diagnostics kept per file; the rest are counted in one E090.  Corpus maximum: 992 (GufuuShogi.zrf).
    diagnostics: int = 10_000


#: Every limit's name, in documentation order.
LIMITS: tuple[str, ...] = tuple(f.name for f in fields(Limits))

#: The codes of the diagnostics by which a limit leaves part of a file out and reads on (macro
#: expansion stopped, a grid, piece types or placements left out): what is read is not the game
#: written, so a server refuses to open it (the command line plays it after a warning).  Their
#: entries in :mod:`zrf.codes` say so (:attr:`zrf.codes.Effect.CUT`); this is the list of them.
CUT_CODES = frozenset(c.code for c in CODES if c.effect is Effect.CUT)

#: No limit may be raised above this (a typo must not switch the bounds off).
CEILING = 10**12

_active: ContextVar["Limits | None"] = ContextVar("zrf_limits", default=None)
_env_cache: dict[str, Limits] = {}


class LimitError(ValueError):
    """A ``NAME=VALUE`` limit setting that cannot be used; the message says why."""


def parse(spec: str, base: Limits | None = None) -> Limits:
    """``base`` (default: the built-in defaults) with the ``NAME=VALUE,...`` settings of ``spec``."""
    out = base if base is not None else Limits()
    changes = {}
    for item in spec.replace(";", ",").split(","):
        item = item.strip()
        if not item:
            continue
        name, sep, value = item.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or name not in LIMITS:
            raise LimitError(f"unknown limit setting {item!r} (limits: {', '.join(LIMITS)})")
        value = value.strip().replace("_", "")
        if not value.isdigit() or len(value) > 13 or not 1 <= int(value) <= CEILING:
            raise LimitError(f"limit {name} needs a whole number from 1 to {CEILING}, got {value!r}")
        changes[name] = int(value)
    return replace(out, **changes)


def current() -> Limits:
    """The limits in force: those set by :func:`using`, else ``$ZRF_LIMITS`` over the defaults.

    A malformed ``$ZRF_LIMITS`` raises :class:`LimitError`; the command line
    turns it into a usage error.
    """
    active = _active.get()
    if active is not None:
        return active
    spec = os.environ.get(ENV, "")
    found = _env_cache.get(spec)
    if found is None:
        try:
            found = parse(spec)
        except LimitError as exc:
            raise LimitError(f"${ENV}: {exc}") from None
        _env_cache[spec] = found
    return found


@contextlib.contextmanager
def using(limits: Limits | None = None, **changes: int) -> Iterator[Limits]:
    """Run the body under ``limits`` (default: the current ones) with ``changes`` applied."""
    chosen = replace(limits if limits is not None else current(), **changes)
    token = _active.set(chosen)
    try:
        yield chosen
    finally:
        _active.reset(token)


def apply_settings(settings: tuple[str, ...] | list[str]) -> Limits:
    """Make the ``NAME=VALUE`` settings (of ``--limit``) the process's limits.

    They are written into ``$ZRF_LIMITS`` too, so that worker processes see
    them.  Raises :class:`LimitError` for a bad setting.
    """
    limits = current()
    if not settings:
        return limits
    for s in settings:
        limits = parse(s, limits)
    changed = [f"{name}={getattr(limits, name)}" for name in LIMITS
               if getattr(limits, name) != getattr(Limits(), name)]
    os.environ[ENV] = ",".join(changed)
    return limits


def hint(name: str) -> str:
    """The words a diagnostic adds to say which limit was hit and how to raise it."""
    return f"limit {name}={getattr(current(), name)}; raise it with --limit {name}=N or {ENV}"
