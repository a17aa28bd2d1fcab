"""A closed vocabulary whose members are also their text: the base of the toolkit's word enums.

A member compares equal to its text and prints as it (``str()``, f-strings,
JSON), so a vocabulary that used to be bare strings in output, saved files
and other packages' code keeps its spelling; inside the toolkit the members
are compared with ``is``.
"""

from __future__ import annotations

import enum


class TextEnum(str, enum.Enum):
    """A ``str`` enum that prints as its value on every Python version (3.12 changed ``format``)."""

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)
