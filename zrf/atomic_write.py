"""Replace a file's contents all at once: a temporary file in the same folder, then a rename.

Every command that writes a file the user cares about (``zrf fmt``, ``zrf gen
--write``/``-o``, saved games from ``zrf play`` and the browser page) goes
through :func:`write_bytes_atomically`, so an interrupted run, a full disk or
a file-size limit leaves either the old file or the new one, never a
truncated mix.  Callers encode the text themselves: the bytes written are
exactly the bytes given, which is how each writer keeps its file's encoding.

* A symbolic link is followed: the file it points to is replaced and the
  link stays a link.
* A path that exists but is not a regular file (a device such as
  ``/dev/null``, a FIFO, a folder) is refused with :class:`OSError` before
  anything is written: renaming over it would replace the device node.
* The new file keeps the old file's permission bits; a new file gets the
  usual ``0o666`` less the process umask (``mkstemp`` alone would give 0600).

:func:`write_tree_atomically` does the same for a set of files written
together (``zrf gen --package``: a rules file and a folder of bitmaps).
"""

from __future__ import annotations

import errno
import os
import shutil
import stat
import tempfile


def _default_mode() -> int:
    """``0o666`` without the process umask (the mode ``open(path, "w")`` would give)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def write_bytes_atomically(path: str | os.PathLike, data: bytes) -> None:
    """Make ``path`` hold exactly ``data``; on any failure the old file is untouched.

    Raises :class:`OSError` (the temporary file is removed first).
    """
    target = os.path.realpath(os.fspath(path))
    try:
        info = os.stat(target)
    except FileNotFoundError:
        mode = _default_mode()
    else:
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, "not a regular file (a device, FIFO or folder); refusing to replace it",
                          os.fspath(path))
        mode = stat.S_IMODE(info.st_mode)
    folder = os.path.dirname(target)
    fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(target) + ".", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _sync_folder(folder)


def _sync_folder(folder: str) -> None:
    """Flush the rename to disk where the system allows it (best effort: the file is already in place)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_tree_atomically(directory: str | os.PathLike, files: dict[str, bytes]) -> list[str]:
    """Write ``files`` (``"folder/name" -> bytes``) under ``directory``: all of them, or nothing.

    Every file is first written and flushed into a hidden staging folder made
    inside ``directory`` (so on the same file system); only then are the
    pieces moved into place by renames.  A file directly inside a top folder
    (``Rules/Game.zrf``) replaces that file; anything deeper is replaced as a
    folder (``Images/Game/``: the old folder is renamed aside, the new one
    renamed in, the old one deleted), so no stale file of an earlier write
    stays beside the new ones.  Other files under ``directory`` are left
    alone.  A failure while writing (a full disk) removes the staging folder
    and any folder made for it: the old files stay as they were and nothing
    partial is left.  Raises :class:`OSError`; returns the paths written.
    """
    root = os.fspath(directory)
    made = []
    here = os.path.abspath(root)
    while not os.path.isdir(here):
        made.append(here)
        here = os.path.dirname(here)
    units = sorted({"/".join(rel.split("/")[:2]) for rel in files})
    for unit in units:  # refuse before writing anything: a device or FIFO is never replaced
        target = os.path.join(root, *unit.split("/"))
        if not os.path.lexists(target):
            continue
        mode = os.stat(target).st_mode
        if not (stat.S_ISDIR(mode) if unit not in files else stat.S_ISREG(mode)):
            raise OSError(errno.EINVAL, "not a regular file or folder as expected; refusing to replace it", target)
    os.makedirs(root, exist_ok=True)
    staging = tempfile.mkdtemp(prefix=".zrf-staging-", dir=root)
    try:
        for rel, data in files.items():
            path = os.path.join(staging, *rel.split("/"))
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            os.chmod(path, _default_mode())
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        for folder in made:  # deepest first; only folders this call made, and only when empty
            try:
                os.rmdir(folder)
            except OSError:
                break
        raise
    try:
        for unit in units:
            parts = unit.split("/")
            target = os.path.join(root, *parts)
            staged = os.path.join(staging, *parts)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            if os.path.isdir(staged) and os.path.lexists(target):
                aside = tempfile.mkdtemp(prefix=".zrf-old-", dir=os.path.dirname(target))
                os.rename(target, os.path.join(aside, "old"))
                os.rename(staged, target)
                shutil.rmtree(aside, ignore_errors=True)
            else:
                os.replace(staged, target)
            _sync_folder(os.path.dirname(target))
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return [os.path.join(root, *rel.split("/")) for rel in files]
