"""Keep a served game's includes inside its folder (issue 20: uploads are confined).

The reader resolves ``(include "name")`` against the including file's folder
first and then as given (SEMANTICS §1.3), so an uploaded file could include
``/proc/self/environ`` or a file anywhere else on the machine.  Before the
server loads a game it walks the include tree with the same first rule and
refuses, as a located diagnostic, every include that is absolute, leaves the
game's root folder (``..``, a symbolic link pointing out), names no regular
file there (a missing file would fall back to the second rule), or names a
device or FIFO.  Every include that passes resolves, under the reader's
first rule, to the file checked here, so the loader never sees another one.

An upload's root is its own upload folder, which holds only the files sent
with it; a game named on the command line has the named folder, or its own
folder, as root.
"""

from __future__ import annotations

import os
import stat

from zrf.diagnostics import Diagnostic, ZrfError
from zrf.reader import read_file
from zrf.syntax import List, String

#: Code of the refusal (an error: the server does not load the game); the language layer
#: reports the same refusal with the same code when a caller confines includes.
CODE = "E214"
#: Deepest include chain walked (the reader's own limit is the same).
MAX_DEPTH = 16


def confinement_errors(path: str, root: str) -> list[Diagnostic]:
    """Diagnostics for every include of ``path`` (and of the files it includes) that would
    leave ``root``, or that the reader would not find inside it; empty when all stay inside.

    A file that does not parse gives its syntax diagnostics (the loader would too).
    """
    real_root = os.path.realpath(root)
    out: list[Diagnostic] = []
    _walk(os.path.realpath(path), real_root, out, [], 0)
    return out


def _inside(path: str, root: str) -> bool:
    return os.path.commonpath([path, root]) == root


def _walk(path: str, root: str, out: list[Diagnostic], chain: list[str], depth: int) -> None:
    try:
        doc = read_file(path)
    except ZrfError as exc:
        out.extend(exc.diagnostics)
        return
    for form in doc.forms:
        if not (type(form) is List and form.head == "include"):
            continue
        if len(form.items) != 2 or type(form.items[1]) is not String:
            continue  # the loader reports the malformed include itself (E210)
        name = form.items[1].text.replace("\\", "/")
        target = os.path.realpath(os.path.join(os.path.dirname(path), name))
        problem = _problem(name, target, root)
        if problem:
            out.append(Diagnostic(CODE, f"include {form.items[1].text!r} refused: {problem}", form.span))
            continue
        if target in chain or depth >= MAX_DEPTH:
            continue  # cycles and depth are the loader's to report (E212)
        _walk(target, root, out, chain + [path], depth + 1)


def _problem(name: str, target: str, root: str) -> str | None:
    """Why the include ``name`` (resolved to ``target``) may not be read, or None."""
    if os.path.isabs(name) or name.startswith("//") or (len(name) > 1 and name[1] == ":"):
        return "an absolute path (a served game may include only files in its own folder)"
    if not _inside(target, root):
        return "it leaves the game's folder (a served game may include only files in its own folder)"
    try:
        mode = os.stat(target).st_mode
    except OSError:
        return "no such file in the game's folder (upload the included files with the game)"
    if not stat.S_ISREG(mode):
        return "not a regular file (a device, FIFO or folder)"
    return None
