"""Uploaded rules files: checked names, exact bytes, one private folder per game.

The page sends the chosen ``.zrf`` and, optionally, the files it includes,
each as ``{"name": NAME, "data": BASE64}``: the bytes arrive exactly as they
are on the player's disk, so the reader's own decoding (UTF-8 or the Windows
code page) applies, as for a file opened from the command line.  The files
are written into a fresh folder under the server's upload root (mode 0700,
deleted with the game's session and at shutdown); their includes may reach
only each other (:func:`runtime.web.catalog.load_zrf_file`).  A write that
fails (a full disk) leaves no folder behind.

A saved game (``.zsg``) to step through comes the same way but is never
written anywhere: :func:`decode_saved_game` parses its bytes in memory.
"""

from __future__ import annotations

import base64
import binascii
import os
import re
import shutil
import tempfile

from zrf.diagnostics import ZrfError
from zrf.reader import decode
from zrf.zsg import SavedGame, parse_zsg

from runtime.web.server_limits import ServerLimits

_SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 ._+-]{0,99}")


class UploadError(ValueError):
    """The upload is malformed or too large; the message is shown on the page."""


def safe_file_name(name: object) -> str:
    """``name`` if it is a plain file name (letters, digits, space, ``._+-``; no folder,
    no leading dot, at most 100 characters); :class:`UploadError` otherwise."""
    if not isinstance(name, str) or not _SAFE_NAME.fullmatch(name):
        raise UploadError("file names may hold only letters, digits, spaces and . _ + - "
                          "(no folders), start with a letter or digit and be at most 100 characters")
    return name


def _file_bytes(item: object, limits: ServerLimits) -> tuple[str, bytes]:
    """``(name, bytes)`` of one ``{"name", "data": BASE64}`` item; :class:`UploadError` when malformed."""
    if not isinstance(item, dict):
        raise UploadError('each uploaded file must be {"name": ..., "data": base64}')
    name = safe_file_name(item.get("name"))
    data = item.get("data")
    if not isinstance(data, str):
        raise UploadError(f"{name}: 'data' must be the file's bytes in base64")
    try:
        raw = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        raise UploadError(f"{name}: 'data' is not valid base64") from None
    if len(raw) > limits.max_upload_bytes:
        raise UploadError(f"the upload is larger than {limits.max_upload_bytes} bytes")
    return name, raw


def decode_saved_game(item: object, limits: ServerLimits) -> SavedGame:
    """The saved game an uploaded ``.zsg`` item holds; :class:`UploadError` (with the located
    diagnostic, ``NAME.zsg:LINE:1: ...``) when it is malformed."""
    name, raw = _file_bytes(item, limits)
    if not name.lower().endswith(".zsg"):
        raise UploadError(f"{name}: a saved game's name ends in .zsg")
    text, _ = decode(raw)
    try:
        saved = parse_zsg(text, name)
    except ZrfError as exc:
        raise UploadError("\n".join(d.format() for d in exc.diagnostics) or str(exc)) from None
    if len(saved.moves) > limits.max_saved_moves:
        raise UploadError(f"{name}: {len(saved.moves)} move lines; the server replays at most "
                          f"{limits.max_saved_moves}")
    return saved


def decode_files(main: object, includes: object, limits: ServerLimits) -> list[tuple[str, bytes]]:
    """``[(name, bytes)]`` of the upload, the main ``.zrf`` first; :class:`UploadError` when malformed."""
    items = [main] + (list(includes) if isinstance(includes, list) else [])
    if includes is not None and not isinstance(includes, list):
        raise UploadError("'includes' must be a list of files")
    if len(items) > limits.max_upload_files:
        raise UploadError(f"an upload may hold at most {limits.max_upload_files} files")
    files: list[tuple[str, bytes]] = []
    seen: set[str] = set()
    total = 0
    for item in items:
        name, raw = _file_bytes(item, limits)
        if name.lower() in seen:
            raise UploadError(f"{name}: uploaded twice")
        seen.add(name.lower())
        total += len(raw)
        if total > limits.max_upload_bytes:
            raise UploadError(f"the upload is larger than {limits.max_upload_bytes} bytes")
        files.append((name, raw))
    if not files[0][0].lower().endswith(".zrf"):
        raise UploadError(f"{files[0][0]}: the uploaded rules file must end in .zrf")
    return files


class UploadStoreError(OSError):
    """The server could not write an upload (a full disk); nothing of it was kept."""


def write_upload(root: str, files: list[tuple[str, bytes]]) -> tuple[str, str]:
    """Write ``files`` into a new private folder under ``root``: ``(folder, main file path)``.

    A write that fails (a full disk) deletes the folder with what it holds so
    far and raises :class:`UploadStoreError`, whose message names no path.
    """
    try:
        folder = os.path.realpath(tempfile.mkdtemp(prefix="game-", dir=root))
    except OSError as exc:
        raise UploadStoreError(f"the server could not store the upload ({exc.strerror or type(exc).__name__})") \
            from None
    try:
        for name, data in files:
            _write_file(os.path.join(folder, name), data)
    except OSError as exc:
        shutil.rmtree(folder, ignore_errors=True)
        raise UploadStoreError(f"the server could not store the upload ({exc.strerror or type(exc).__name__})") \
            from None
    return folder, os.path.join(folder, files[0][0])


def _write_file(path: str, data: bytes) -> None:
    """Write a new private file (mode 0600; an existing one is never opened)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
