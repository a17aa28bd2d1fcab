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
"""

from __future__ import annotations

import errno
import os
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
