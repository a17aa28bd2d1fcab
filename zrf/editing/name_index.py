"""Where each name of a ZRF file is defined and where it is written.

Definitions are read from the built model (:class:`zrf.model.ZrfFile`), so a
piece defined by a macro call is found as well as one written out: the
defining atom of each game and variant's forms after expansion.  A definition's
place is where the characters of its name are written (a macro argument at
the call, a name written in a macro body in that body), not the call chain.
Macros are the top-level ``(define NAME ...)`` forms of the file and its
includes.

References are the atoms of the source text (every file read, macro bodies
included, before expansion) whose text is the name: ZRF has no scopes, a
name means the same everywhere, so the text is the truth an editor should
show.  A name pasted together from ``$k`` pieces is not seen.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum

from zrf.model import GameDef, ZrfFile
from zrf.syntax import Atom, Document, List, Node, Span, String


class NameKind(Enum):
    """The kinds of names a ZRF file defines."""

    PIECE = "piece"
    DIRECTION = "direction"
    ZONE = "zone"
    POSITION = "position"
    PLAYER = "player"
    ATTRIBUTE = "attribute"
    MACRO = "macro"


@dataclass(frozen=True)
class Definition:
    """One place a name is defined: its kind, where the name is written and the defining form."""

    name: str
    kind: NameKind
    #: where the name's characters are (no macro call chain)
    where: Span
    #: the form that defines it, as expanded (its ``span`` carries the call chain)
    form: Node = field(repr=False, compare=False)


def written(span: Span) -> Span:
    """``span`` without its macro call chain: where the characters are."""
    if span.via is None:
        return span
    return Span(span.file, span.line, span.col, span.end_line, span.end_col)


class NameIndex:
    """Definitions by name, and the source atoms by text."""

    def __init__(self, model: ZrfFile | None, documents: Iterable[Document]):
        self.documents = list(documents)
        self._definitions: dict[str, list[Definition]] = {}
        self._seen: set[tuple] = set()
        self._atoms: dict[str, list[Span]] | None = None
        if model is not None:
            for game in model.games:
                self._game(game)
        for doc in self.documents:
            for form in doc.forms:
                if (type(form) is List and form.head == "define" and len(form.items) > 1
                        and type(form.items[1]) is Atom):
                    self._define(form.items[1], NameKind.MACRO, form)

    # -- building

    def _define(self, atom: Node, kind: NameKind, form: Node) -> None:
        if type(atom) is not Atom:
            return
        where = written(atom.span)
        key = (atom.text, kind, where.file, where.line, where.col)
        if key in self._seen:
            return
        self._seen.add(key)
        self._definitions.setdefault(atom.text, []).append(Definition(atom.text, kind, where, form))

    def _game(self, game: GameDef) -> None:
        forms = game.forms
        for form in forms.get("players", [])[-1:]:
            for a in form.args:
                self._define(a, NameKind.PLAYER, form)
        for form in forms.get("piece", []):
            name = form.find("name")
            if name is not None and len(name.items) > 1:
                self._define(name.items[1], NameKind.PIECE, form)
            for attribute in form.find_all("attribute"):
                if len(attribute.items) > 1:
                    self._define(attribute.items[1], NameKind.ATTRIBUTE, attribute)
        for board in forms.get("board", [])[-1:]:
            self._board(board)

    def _board(self, board: List) -> None:
        for item in board.items[1:]:
            if type(item) is not List:
                continue
            head = item.head
            if head == "grid":
                for part in item.items[1:]:
                    if type(part) is List and part.head == "directions":
                        for d in part.items[1:]:
                            if type(d) is List and d.items:
                                self._define(d.items[0], NameKind.DIRECTION, d)
                    elif type(part) is List and part.head == "dimensions":
                        self._grid_positions(part)
            elif head == "links" and len(item.items) > 1:
                self._define(item.items[1], NameKind.DIRECTION, item)
            elif head == "positions":
                for p in item.items[1:]:
                    if type(p) is List and p.items:
                        self._define(p.items[0], NameKind.POSITION, p)
            elif head == "dummy":
                for p in item.items[1:]:
                    self._define(p, NameKind.POSITION, item)
            elif head == "zone":
                name = item.find("name")
                if name is not None and len(name.items) > 1:
                    self._define(name.items[1], NameKind.ZONE, item)

    def _grid_positions(self, dimensions: List) -> None:
        """A grid's positions are the products of its dimensions' labels: each is defined by the
        ``(dimensions ...)`` form (its first label string stands for the name)."""
        labels: list[list[str]] = []
        for d in dimensions.items[1:]:
            if type(d) is List and d.items and type(d.items[0]) is String:
                labels.append(d.items[0].text.split("/"))
        if not labels:
            return
        names = [""]
        for row in labels:
            names = [n + label for n in names for label in row]
            if len(names) > 100_000:  # the board_cells limit's default: the model refuses more
                return
        anchor = next(d.items[0] for d in dimensions.items[1:]
                      if type(d) is List and d.items and type(d.items[0]) is String)
        where = written(anchor.span)
        for name in names:
            key = (name, NameKind.POSITION, where.file, where.line, where.col)
            if key not in self._seen:
                self._seen.add(key)
                self._definitions.setdefault(name, []).append(
                    Definition(name, NameKind.POSITION, where, dimensions))

    # -- questions

    def definitions(self, name: str, kinds: Iterable[NameKind] | None = None) -> list[Definition]:
        """Every definition of ``name`` (of one of ``kinds``), in file order."""
        found = self._definitions.get(name, [])
        if kinds is not None:
            wanted = set(kinds)
            found = [d for d in found if d.kind in wanted]
        return sorted(found, key=lambda d: (d.where.file, d.where.line, d.where.col))

    def names(self, kind: NameKind) -> list[str]:
        """Every name of ``kind``, sorted."""
        return sorted(n for n, defs in self._definitions.items() if any(d.kind is kind for d in defs))

    def kinds_of(self, name: str) -> set[NameKind]:
        return {d.kind for d in self._definitions.get(name, [])}

    def references(self, name: str) -> list[Span]:
        """Every place the atom ``name`` is written in the source text, in file order."""
        if self._atoms is None:
            self._atoms = self._collect_atoms()
        return list(self._atoms.get(name, []))

    def _collect_atoms(self) -> dict[str, list[Span]]:
        out: dict[str, list[Span]] = {}
        for doc in self.documents:
            stack: list[Node] = list(reversed(doc.forms))
            while stack:
                node = stack.pop()
                kind = type(node)
                if kind is Atom:
                    out.setdefault(node.text, []).append(node.span)
                elif kind is List:
                    stack.extend(reversed(node.items))
        return out
