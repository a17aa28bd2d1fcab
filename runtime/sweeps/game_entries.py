"""The games of one ZRF file a sweep tries, each named as ``--variant`` takes it, and the ones it skips.

A file holds several menu entries (``(game ...)`` and ``(variant ...)`` blocks, SEMANTICS 2.1).
``--variant TITLE`` opens the first playable entry with that title, so a later entry with the
same title cannot be named and is skipped.  An entry whose rules equal an earlier one's is
skipped too: the same rules give the same export and the same verification.  The rules are
the entry's forms after inheritance without what Zillions only shows (titles, descriptions,
sounds, images, help, and the options of its user interface or of Dagaz, which
:mod:`zrf.keywords` marks as such), written as text.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from zrf import keywords as kw
from zrf.model import GameDef, ZrfFile
from zrf.syntax import List, Node, String, to_text

#: option meanings (``zrf.keywords.MEANINGS``) that change nothing in the rules
_SHOWN_ONLY_OPTIONS = ("display option", "dagaz option")

#: the contexts whose keywords may be presentation only, and the context of their forms' items
_NESTED = {"piece": kw.PIECE, "board": kw.BOARD, "grid": kw.GRID}


class Skip(enum.Enum):
    """Why a sweep does not try an entry."""

    SAME_TITLE = "title of an earlier game"
    SAME_RULES = "rules of"
    BUDGET = "file budget spent"


@dataclass(frozen=True)
class Entry:
    """One playable entry: its title, and when it is skipped, why and (same rules) whose rules."""

    title: str
    skip: Skip | None = None
    same_as: str = ""

    def describe_skip(self) -> str:
        if self.skip is Skip.SAME_RULES:
            return f"{self.title}: skipped (rules of {self.same_as})"
        return f"{self.title}: skipped ({self.skip.value if self.skip else ''})"


def _shown_only(form: Node, context: str) -> bool:
    if not isinstance(form, List) or form.head is None:
        return False
    if form.head == "option" and context == kw.GAME:
        name = form.items[1] if len(form.items) > 1 else None
        use = kw.lookup(name.text, kw.OPTION) if isinstance(name, String) else None
        return use is not None and use.meaning in _SHOWN_ONLY_OPTIONS
    use = kw.lookup(form.head, context)
    return use is not None and use.meaning == "presentation"


def _rules_text(form: Node, context: str) -> str:
    """``form`` as text without its items that Zillions only shows."""
    inner = _NESTED.get(form.head) if isinstance(form, List) else None
    if inner is None:
        return to_text(form)
    return "(" + " ".join(_rules_text(i, inner) for i in form.items if not _shown_only(i, inner)) + ")"


def rules_text(gdef: GameDef) -> str:
    """The entry's rules as one text: equal texts, equal games."""
    return "\n".join(_rules_text(f, kw.GAME) for forms in gdef.forms.values() for f in forms
                     if not _shown_only(f, kw.GAME))


def entries(zf: ZrfFile) -> list[Entry]:
    """Every playable entry of ``zf`` in file order, the ones not worth trying marked skipped."""
    out: list[Entry] = []
    titles: set[str] = set()
    rules: dict[str, str] = {}
    for g in zf.games:
        if not g.playable:
            continue
        if g.title.lower() in titles:
            out.append(Entry(g.title, Skip.SAME_TITLE))
            continue
        titles.add(g.title.lower())
        text = rules_text(g)
        if text in rules:
            out.append(Entry(g.title, Skip.SAME_RULES, rules[text]))
            continue
        rules[text] = g.title
        out.append(Entry(g.title))
    return out
