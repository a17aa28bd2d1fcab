"""Where the toolkit keeps what it caches on disk: one folder of the user's cache a kind.

``$XDG_CACHE_HOME/zrf-toolkit/KIND`` (else ``~/.cache/zrf-toolkit/KIND``), unless
the kind's own environment variable names a folder.  The translation cache and
the engine builds both live here.
"""

from __future__ import annotations

import os
from pathlib import Path


def cache_folder(kind: str, override_env: str) -> Path:
    """The folder of ``kind`` (it need not exist yet): ``$override_env`` when set, else the
    toolkit's folder of that name in the user's cache."""
    explicit = os.environ.get(override_env)
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "zrf-toolkit" / kind
