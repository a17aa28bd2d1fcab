"""The revision a benchmark compares with, checked out beside this one for the length of a run.

``with previous_checkout(ROOT, "main", "search-speed-") as (scratch, folder, commit):`` gives a
temporary folder for the run's own files, a git worktree of the revision inside it and the
revision's short commit; the worktree and the folder are removed afterwards, whatever happens.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def previous_checkout(root: Path, revision: str, prefix: str) -> Iterator[tuple[Path, Path, str]]:
    """``(scratch folder, worktree of revision, its short commit)`` for the ``with`` block."""
    scratch = Path(tempfile.mkdtemp(prefix=prefix))
    folder = scratch / "previous"
    try:
        subprocess.run(["git", "-C", str(root), "worktree", "add", "--detach", str(folder), revision],
                       check=True, capture_output=True)
        commit = subprocess.run(["git", "-C", str(folder), "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True).stdout.strip()
        yield scratch, folder, commit
    finally:
        subprocess.run(["git", "-C", str(root), "worktree", "remove", "--force", str(folder)], capture_output=True)
        shutil.rmtree(scratch, ignore_errors=True)
