"""What an editor shows over a word: a keyword's reference, a name's definition.

A keyword's text comes from the keyword table (:mod:`zrf.keywords`): its
one-line doc, its section of the semantics, and for each context it may stand
in, whether it is written alone or as a list and how many arguments of which
kinds it takes (``not-`` forms say they negate their predicate).  An option
name inside ``(option "...")`` shows the option's entry.  A name shows each of
its definitions (:mod:`zrf.editing.name_index`): its kind, where it is
defined, and the defining form's text, cut to a few lines.

The answer is Markdown, the format editors render in hovers.
"""

from __future__ import annotations

from dataclasses import dataclass

from zrf import keywords as kw
from zrf.syntax import Span

from .cursor import place_at
from .name_index import Definition, NameIndex, NameKind

#: Lines of a definition's source shown in a hover.
SOURCE_LINES = 12
#: Characters of one such line shown.
SOURCE_WIDTH = 120


@dataclass(frozen=True)
class Hover:
    """Markdown to show, and the offsets of the word it is about."""

    markdown: str
    start: int
    end: int


def keyword_text(name: str) -> str | None:
    """The reference text of keyword ``name`` (``not-`` forms included), or None."""
    positive = name[4:] if name.startswith("not-") and name[4:] in kw.BY_NAME else None
    keyword = kw.BY_NAME.get(positive or name)
    if keyword is None or keyword.uses and all(u.context == kw.OPTION for u in keyword.uses):
        return None
    lines = [f"**{name}** (keyword{', ' + keyword.section if keyword.section else ''})", ""]
    if positive:
        lines += [f"The negation of `{positive}`: {keyword.doc}", ""]
    else:
        lines += [keyword.doc, ""]
    for use in keyword.uses:
        if positive and not use.negatable:
            continue
        forms = []
        if use.atom:
            forms.append(f"`{name}` alone")
        if use.arity is not None:
            kinds = ", ".join(use.args) if use.args else "any"
            forms.append(f"`({name} ...)` with {use.arity_text()} argument(s) ({kinds})")
        shape = " or ".join(forms) if forms else "written as the table says"
        lines.append(f"- in {use.context}: {shape}; {kw.MEANINGS[use.meaning]}")
    return "\n".join(lines)


def option_text(name: str) -> str | None:
    """The reference text of the option ``name`` of ``(option "name" value)``, or None."""
    use = kw.lookup(name, kw.OPTION)
    if use is None:
        return None
    return f"**\"{name}\"** ({use.meaning}, §2.6)\n\n{kw.BY_NAME[name].doc}"


def _source(text_of: dict[str, str], span: Span) -> str:
    """The source text ``span`` covers (its written place), cut to :data:`SOURCE_LINES` lines."""
    text = text_of.get(span.file)
    if text is None:
        return ""
    lines = text.split("\n")[span.line - 1:max(span.end_line, span.line)]
    if not lines:
        return ""
    if span.end_line == span.line:
        lines = [lines[0][span.col - 1:span.end_col - 1]]
    else:
        lines[0] = " " * (span.col - 1) + lines[0][span.col - 1:]
        lines[-1] = lines[-1][:span.end_col - 1]
    cut = len(lines) > SOURCE_LINES
    lines = [line.rstrip()[:SOURCE_WIDTH] for line in lines[:SOURCE_LINES]]
    indent = min((len(line) - len(line.lstrip()) for line in lines if line.strip()), default=0)
    body = "\n".join(line[indent:] for line in lines)
    return body + ("\n..." if cut else "")


def definition_text(definition: Definition, text_of: dict[str, str]) -> str:
    """A name's definition: kind, place, and the defining form's source."""
    form_span = definition.form.span
    written = form_span.call_chain()[0]
    where = definition.where
    head = f"**{definition.name}**: {definition.kind.value}, defined at {where.file}:{where.line}:{where.col}"
    if definition.kind is NameKind.POSITION and getattr(definition.form, "head", None) == "dimensions":
        head += " (a cell of the grid these dimensions make)"
    if form_span.via is not None:
        head += f" (through the macro call at {form_span.root()})"
    source = _source(text_of, written)
    return head + (f"\n\n```zrf\n{source}\n```" if source else "")


def hover(text: str, offset: int, names: NameIndex | None = None,
          texts: dict[str, str] | None = None) -> Hover | None:
    """What to show over ``offset`` of ``text``, or None.

    ``texts`` maps a file's path (as its spans name it) to its text, for
    quoting definitions; the names' own documents are used when it is None.
    """
    place = place_at(text, offset)
    if place.in_comment:
        return None
    if place.in_string:
        frames = place.frames
        if frames and frames[-1].head == "option" and frames[-1].items == 1:
            end = place.string_end
            name = text[place.string_start + 1:end - 1 if place.string_closed else end]
            found = option_text(name)
            if found is not None:
                return Hover(found, place.string_start, end)
        return None
    if place.word is None:
        return None
    word = place.word
    parts = []
    keyword = keyword_text(word)
    if keyword is not None:
        parts.append(keyword)
    if names is not None:
        text_of = texts if texts is not None else {d.path: d.text for d in names.documents}
        for definition in names.definitions(word)[:8]:
            parts.append(definition_text(definition, text_of))
    if not parts:
        return None
    return Hover("\n\n---\n\n".join(parts), place.word_start, place.word_end)
