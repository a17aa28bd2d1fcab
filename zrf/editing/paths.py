"""The one spelling of a file's path under which the editing tools match files."""

from __future__ import annotations

import os


def normalize(path: str) -> str:
    """``path`` absolute, with ``.`` and ``..`` resolved (symbolic links are kept as written)."""
    return os.path.normpath(os.path.abspath(path))
