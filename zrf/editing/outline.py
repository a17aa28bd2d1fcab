"""The outline of a ZRF file: its games and variants with their pieces, its macros and includes.

Games, variants, macros and includes are the file's own top-level forms.  A
game's pieces are read from the model, so pieces a macro call makes are
listed too: each at the place in this file its definition comes from (the
call, for a piece written in a macro body), and only when that place lies
inside the game's form.  A game's name is its title.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from zrf.model import ZrfFile
from zrf.syntax import Atom, Document, List, Span, String

from .paths import normalize


class SymbolKind(Enum):
    """What an outline entry is."""

    GAME = "game"
    VARIANT = "variant"
    PIECE = "piece"
    MACRO = "macro"
    INCLUDE = "include"


@dataclass
class Symbol:
    """One outline entry: its name, kind, the whole form's span and the span of its name."""

    name: str
    kind: SymbolKind
    span: Span
    name_span: Span
    children: list["Symbol"] = field(default_factory=list)


def _inside(inner: Span, outer: Span) -> bool:
    return ((outer.line, outer.col) <= (inner.line, inner.col)
            and (inner.end_line, inner.end_col) <= (outer.end_line, outer.end_col))


def _title(form: List) -> tuple[str, Span] | None:
    for item in form.items[1:]:
        if type(item) is List and item.head == "title":
            strings = [i for i in item.items[1:] if type(i) is String]
            if strings:
                return " ".join(s.text for s in strings), strings[0].span
    return None


def outline(document: Document, model: ZrfFile | None = None) -> list[Symbol]:
    """The outline of ``document`` (its top-level forms, in order); ``model`` adds the pieces."""
    games = [g for g in model.games] if model is not None else []
    path = normalize(document.path)
    out: list[Symbol] = []
    for form in document.forms:
        if type(form) is not List or not form.items or type(form.items[0]) is not Atom:
            continue
        head = form.head
        if head in ("game", "variant"):
            found = _title(form)
            name, name_span = found if found is not None else (f"({head})", form.items[0].span)
            symbol = Symbol(name or f"({head})", SymbolKind(head), form.span, name_span)
            seen: set[str] = set()
            for game in games:
                if game.span.root() != form.span:
                    continue
                for piece in game.pieces.values():
                    where = piece.span.root()
                    if piece.name in seen or normalize(where.file) != path or not _inside(where, form.span):
                        continue
                    seen.add(piece.name)
                    name_at = where
                    written = _form_at(form, where)
                    name_form = written.find("name") if written is not None else None
                    if name_form is not None and len(name_form.items) > 1:
                        name_at = name_form.items[1].span
                    symbol.children.append(Symbol(piece.name, SymbolKind.PIECE, where, name_at))
            out.append(symbol)
        elif head == "define" and len(form.items) > 1 and type(form.items[1]) is Atom:
            out.append(Symbol(form.items[1].text, SymbolKind.MACRO, form.span, form.items[1].span))
        elif head == "include" and len(form.items) > 1 and type(form.items[1]) is String:
            out.append(Symbol(form.items[1].text, SymbolKind.INCLUDE, form.span, form.items[1].span))
    return out


def _form_at(form: List, span: Span) -> List | None:
    """The list written directly in ``form`` whose span is ``span`` (a piece written out), or None."""
    for item in form.items:
        if type(item) is List and item.span == span:
            return item
    return None
