"""One ZRF file analysed from its text: the diagnostics ``zrf check`` prints, and what they came from.

:func:`analyze` parses the text an editor holds (saved or not), then runs
:func:`zrf.lint.lint_document`, the same code ``zrf check`` runs after reading
the file from disk, so both report the same diagnostics.  Included files are
read through a :data:`zrf.macros.IncludeReader`: an editor passes
:func:`buffer_reader`, which answers with the text of the files it has open
and reads the others from disk.

A diagnostic belongs to the file where the user wrote the code it is about:
the outermost place of its macro call chain (:meth:`zrf.syntax.Span.root`),
which is where ``zrf check`` prints it.  An error in an included file is
therefore that file's, and an error in a macro body is the call's.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

from zrf import limits
from zrf.recheck_memo import RecheckMemo
from zrf.diagnostics import Diagnostic, ZrfError
from zrf.lint import Cancelled, internal_error, lint_document
from zrf.macros import IncludeReader
from zrf.model import ZrfFile
from zrf.reader import parse_text, read_file
from zrf.syntax import Document, Span

from .name_index import NameIndex
from .paths import normalize


def parse_buffer(text: str, path: str) -> Document:
    """Parse an editor's text as :func:`zrf.reader.read_file` parses a file's bytes.

    The ``file_bytes`` limit holds for texts too (E003); raises :class:`ZrfError`.
    """
    maximum = limits.current().file_bytes
    if len(text) > maximum // 4 and len(text.encode("utf-8")) > maximum:
        raise ZrfError([Diagnostic("E003", f"file larger than {maximum} bytes "
                                   f"({limits.hint('file_bytes')})", Span(path, 1, 1))])
    return parse_text(text, path)


def buffer_reader(texts: Mapping[str, str]) -> IncludeReader:
    """An include reader that takes a file's text from ``texts`` (keyed by :func:`normalize`d
    path) when it is there, and reads it from disk otherwise."""
    def read(path: str) -> Document:
        text = texts.get(normalize(path))
        if text is None:
            text = texts.get(normalize(os.path.realpath(path)))
        if text is None:
            return read_file(path)
        return parse_buffer(text, path)
    return read


@dataclass
class Analysis:
    """A file's text and everything learnt from it.

    ``document`` is None when the text does not parse (the diagnostics say
    why); ``model`` is None then too, and when the linter itself failed (E000).
    """

    path: str
    text: str
    #: what ``zrf check`` prints for this file, in its order
    diagnostics: list[Diagnostic]
    document: Document | None = None
    model: ZrfFile | None = None
    #: every file read: this one first, then the included ones in reading order
    documents: list[Document] = field(default_factory=list)

    @property
    def parsed(self) -> bool:
        return self.document is not None

    def files(self) -> set[str]:
        """The normalized paths of every file read, and of every file a diagnostic names."""
        out = {normalize(self.path)}
        out.update(normalize(d.path) for d in self.documents)
        out.update(normalize(d.span.root().file) for d in self.diagnostics)
        return out

    def diagnostics_by_file(self) -> dict[str, list[Diagnostic]]:
        """The diagnostics grouped by the normalized path of the file each belongs to
        (see the module docstring); every file read has an entry, perhaps empty."""
        out: dict[str, list[Diagnostic]] = {path: [] for path in self.files()}
        for d in self.diagnostics:
            out.setdefault(normalize(d.span.root().file), []).append(d)
        return out

    @cached_property
    def names(self) -> NameIndex:
        """Where each name of the file is defined and written (built on first use)."""
        return NameIndex(self.model, self.documents)


def analyze(path: str, text: str, read_include: IncludeReader | None = None,
            cancelled: Callable[[], bool] | None = None, memo: RecheckMemo | None = None) -> Analysis | None:
    """Analyse ``text`` as the file at ``path``; never raises for any text.

    ``cancelled`` is asked between the stages; when it answers True the work
    stops and the result is None (a newer text is waiting).  ``memo`` carries
    what the analysis of this file's previous text worked out
    (:mod:`zrf.recheck_memo`): the same diagnostics, sooner.
    """
    # An editor's process keeps earlier analyses (large acyclic trees) alive: the cyclic
    # garbage collector would rescan them while this one allocates its own.
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _analyze(path, text, read_include, cancelled, memo)
    finally:
        if gc_was_enabled:
            gc.enable()


def _analyze(path: str, text: str, read_include: IncludeReader | None,
             cancelled: Callable[[], bool] | None, memo: RecheckMemo | None) -> Analysis | None:
    try:
        doc = parse_buffer(text, path)
    except ZrfError as exc:
        return Analysis(path, text, list(exc.diagnostics))
    except Exception as exc:  # a bug in the reader: one E000 for this file, never a crash
        return Analysis(path, text, [internal_error(path, exc)])
    try:
        result = lint_document(doc, read_include=read_include, cancelled=cancelled, memo=memo)
    except Cancelled:
        return None
    except Exception as exc:  # the same guard as ``zrf check`` (MemoryError and RecursionError too)
        return Analysis(path, text, [internal_error(path, exc)], doc, None, [doc])
    documents = result.model.expanded.documents if result.model is not None else [doc]
    return Analysis(path, text, result.diagnostics, doc, result.model, list(documents))
