"""How a sweep writes down an exception it caught so that it can go on to the next game.

A sweep catches every :class:`Exception` of one game (never ``KeyboardInterrupt``, which is
not one) and puts it in that game's row: the exception's kind, where our code raised it or
called what raised it (the innermost frame of the traceback in one of the toolkit's packages,
as ``runtime/x/y.py:LINE``), and the first line of its message, cut to a width (a row is one
line of a tab-separated table).
"""

from __future__ import annotations

import traceback
from pathlib import Path

#: the folder holding the toolkit's packages
_ROOT = Path(__file__).resolve().parents[2]
#: the packages whose frames count as our code
_OWN_PACKAGES = frozenset({"zrf", "runtime", "variants", "codegen"})


def raised_at(exc: BaseException) -> str | None:
    """``package/module.py:LINE`` of the innermost frame of ``exc``'s traceback in our packages;
    the innermost frame's file and line when none is ours; None without a traceback."""
    frames = traceback.extract_tb(exc.__traceback__)
    for frame in reversed(frames):
        try:
            relative = Path(frame.filename).resolve().relative_to(_ROOT)
        except ValueError:
            continue
        if relative.parts and relative.parts[0] in _OWN_PACKAGES:
            return f"{relative.as_posix()}:{frame.lineno}"
    return f"{frames[-1].filename}:{frames[-1].lineno}" if frames else None


def describe_failure(exc: BaseException, width: int, stage: str | None = None) -> str:
    """``Kind [in STAGE] [at WHERE]: first line of the message`` (the message cut to ``width``
    characters; no colon when it is empty)."""
    text = f"{type(exc).__name__}"
    if stage:
        text += f" in {stage}"
    where = raised_at(exc)
    if where:
        text += f" at {where}"
    lines = str(exc).splitlines()
    message = lines[0][:width] if lines else ""
    return f"{text}: {message}" if message else text
