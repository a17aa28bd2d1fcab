"""Which files a rules file or saved game may make the tools read: those in its own folder tree.

A downloaded game names other files: a rules file its includes (``(include
"...")``), a saved game its rules (``RulesFile=``).  A name that climbs out of
the game's folder (``../../secret/credentials``) or is absolute
(``/etc/shadow``) would make any command read the user's own files, so every
reader refuses a file whose real path (links followed) lies outside the folder
tree of the file naming it: E214 for an include, Z003 for ``RulesFile=``.

The user may allow it for one run with ``zrf --allow-outside COMMAND ...``
(an include outside is then read with warning W213), or for every run with
``ZRF_ALLOW_OUTSIDE=1``; from Python, :func:`allowing_outside`.  The option
writes the environment variable, so worker processes see it, as ``--limit``
does (:mod:`zrf.limits`).  ``zrf serve`` confines its games whatever is
allowed here: an upload is never the user's own file.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from contextvars import ContextVar

#: The environment variable read by :func:`outside_allowed` ("1" allows).
ENV = "ZRF_ALLOW_OUTSIDE"

#: The option that allows reading outside, as the diagnostics name it.
OPTION = "zrf --allow-outside"

_allowed: ContextVar[bool | None] = ContextVar("zrf_allow_outside", default=None)


def outside_allowed() -> bool:
    """May files outside a game's folder tree be read?  :func:`allowing_outside`, else ``$ZRF_ALLOW_OUTSIDE``."""
    allowed = _allowed.get()
    if allowed is not None:
        return allowed
    return os.environ.get(ENV, "") == "1"


@contextlib.contextmanager
def allowing_outside(allowed: bool = True) -> Iterator[None]:
    """Run the body with reading outside a game's folder tree allowed (or, with False, refused)."""
    token = _allowed.set(allowed)
    try:
        yield
    finally:
        _allowed.reset(token)


def allow_outside_for_run() -> None:
    """Allow it for the rest of this process and its workers (``zrf --allow-outside``)."""
    os.environ[ENV] = "1"


def inside(path: str, folder: str) -> bool:
    """Does ``path`` (links followed) lie in the folder tree of ``folder`` (links followed)?"""
    home = os.path.realpath(folder)
    return os.path.commonpath([os.path.realpath(path), home]) == home
