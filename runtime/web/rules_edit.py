"""The page's rules editor: the game's ZRF text, its diagnostics and hover texts, and the edited game.

The editor shows the rules file the game was read from (an upload's, a file
named on the command line, or a built-in game's generated ZRF).  While the
player types, the page sends the text back; :func:`check_text` runs
:func:`zrf.editing.analysis.analyze`, the analysis ``zrf check`` and the
language server run, and :func:`hover_at` the language server's hover.  Both
read the text as the file it replaces, so its includes resolve as the game's
did, and always confined to the file's folder tree (E214), whatever the run
allows: the text is not the user's own file.

Applying an edit makes a new upload (:func:`edited_upload`): the edited text
and the files its analysis read (each include of the game, from its folder)
go through :func:`runtime.web.uploads.decode_files` and
:func:`runtime.web.uploads.write_upload`, the checks and the private folder
of any upload, and are loaded as an upload is.  :func:`replayed` plays the
moves of the game so far again in the edited game, up to the first one it
no longer allows.
"""

from __future__ import annotations

import base64
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from runtime.core.notation import MoveMatchError, find_move
from runtime.core.protocol import Game, Move, State
from runtime.web.error_answers import ApiError, PathHider
from runtime.web.server_limits import ServerLimits
from runtime.web.uploads import UploadError, safe_file_name
from zrf.confinement import allowing_outside
from zrf.diagnostics import Diagnostic
from zrf.editing.analysis import Analysis, analyze
from zrf.editing.hover import hover
from zrf.editing.paths import normalize
from zrf.reader import decode
from zrf.recheck_memo import RecheckMemo

#: the file name an edit is saved under when the rules file's own name is not a plain one
FALLBACK_NAME = "game.zrf"


@dataclass(frozen=True)
class RulesSource:
    """Where a game's rules were read from: the file (includes resolve from its folder) and
    the variant chosen in it."""

    path: str
    variant: str | None = None

    @property
    def name(self) -> str:
        """The file name the page shows and downloads."""
        try:
            return safe_file_name(os.path.basename(self.path))
        except UploadError:
            return FALLBACK_NAME

    def read(self) -> str:
        """The file's text, decoded as the reader decodes it."""
        with open(self.path, "rb") as fh:
            return decode(fh.read())[0]


class EditMemo:
    """What the latest analysis of one game's edited text worked out (:mod:`zrf.recheck_memo`), so
    that the next keystroke's check takes less time; its session owns it, and one analysis at a
    time uses it (another one meanwhile goes without)."""

    def __init__(self) -> None:
        self._memo = RecheckMemo()
        self._lock = threading.Lock()

    @contextmanager
    def borrowed(self) -> Iterator[RecheckMemo | None]:
        """The memo, or None while another analysis uses it."""
        if not self._lock.acquire(blocking=False):
            yield None
            return
        try:
            yield self._memo
        finally:
            self._lock.release()


def edited_text(value: object, limits: ServerLimits) -> str:
    """The text a request sends; 400 unless text, 413 beyond the upload limit (it becomes an upload)."""
    if not isinstance(value, str):
        raise ApiError(400, "text must be the rules file's text")
    size = len(value.encode("utf-8", "surrogatepass"))
    if size > limits.max_upload_bytes:
        raise ApiError(413, f"the rules text is {size} bytes; the server takes at most {limits.max_upload_bytes} "
                            "(--max-upload-kb)")
    return value


def analysed(source: RulesSource, text: str, memo: EditMemo | None = None) -> Analysis:
    """``text`` analysed as the file ``source`` names, its includes confined to that file's folder."""
    with allowing_outside(False), (memo.borrowed() if memo is not None else _none()) as kept:
        result = analyze(source.path, text, memo=kept)
    assert result is not None  # only a cancelled analysis is None, and nothing cancels this one
    return result


@contextmanager
def _none() -> Iterator[None]:
    yield None


def _mark(d: Diagnostic, hider: PathHider, main: str) -> dict:
    """One diagnostic as the editor marks it: in the text when it belongs to the edited file, else
    at its include (the first line) with the file named in the message."""
    where = d.span.root()
    message = hider.text(d.message)
    if normalize(where.file) != main:
        return {"line": 1, "col": 1, "end_line": 1, "end_col": 1, "code": d.code, "severity": d.severity,
                "message": f"{hider.text(str(where))}: {message}"}
    end_line, end_col = max(where.end_line, where.line), where.end_col
    if end_line == where.line and end_col <= where.col:
        end_col = where.col + 1
    return {"line": where.line, "col": where.col, "end_line": end_line, "end_col": end_col,
            "code": d.code, "severity": d.severity, "message": message}


def check_text(source: RulesSource, text: str, hider: PathHider, memo: EditMemo | None = None) -> dict:
    """``{"diagnostics": [...]}``: what ``zrf check`` says of ``text``, each with its place in it."""
    analysis = analysed(source, text, memo)
    main = normalize(source.path)
    return {"diagnostics": [_mark(d, hider, main) for d in analysis.diagnostics]}


def hover_at(source: RulesSource, text: str, offset: object, hider: PathHider, memo: EditMemo | None = None) -> dict:
    """``{"hover": MARKDOWN, "from", "to"}`` for the word at ``offset`` of ``text``, or ``{"hover": None}``."""
    if isinstance(offset, bool) or not isinstance(offset, int) or not 0 <= offset <= len(text):
        raise ApiError(400, "offset must be a place in the text (0 to its length)")
    analysis = analysed(source, text, memo)
    names = analysis.names if analysis.model is not None else None
    found = hover(text, offset, names)
    if found is None:
        return {"hover": None}
    return {"hover": hider.text(found.markdown), "from": found.start, "to": found.end}


def edited_upload(source: RulesSource, text: str) -> tuple[dict, list[dict]]:
    """The upload an edit makes, as :func:`runtime.web.uploads.decode_files` takes it: the edited
    text under the file's name, and each file the text includes (read from the game's folder,
    which its confined analysis never leaves), by its plain name."""
    analysis = analysed(source, text)
    main = {"name": source.name, "data": base64.b64encode(text.encode("utf-8", "surrogatepass")).decode()}
    includes = []
    for document in analysis.documents[1:]:
        with open(document.path, "rb") as fh:
            data = fh.read()
        includes.append({"name": os.path.basename(document.path), "data": base64.b64encode(data).decode()})
    return main, includes


@dataclass(frozen=True)
class Replay:
    """The moves of the game before an edit, played again in the edited game."""

    state: State
    history: list[tuple[State, Move]]
    #: why the replay stopped before the last move, or None when every move was played again
    stopped: str | None = None


def replayed(game: Game, moves: list[Move]) -> Replay:
    """The game after ``moves`` (of the game before the edit), played again by their notation,
    up to the first move the edited game does not allow (the replay says so)."""
    state = game.initial_state()
    history: list[tuple[State, Move]] = []
    for number, old in enumerate(moves, 1):
        if state.outcome() is not None:
            return Replay(state, history, f"move {number} ({old.notation}) was not played again: the game is over")
        try:
            move = find_move(state, old.notation)
        except MoveMatchError:
            return Replay(state, history, f"move {number} ({old.notation}) is not legal in the edited game, "
                                          "which goes on from the position before it")
        history.append((state, move))
        state = state.apply(move)
    return Replay(state, history)
