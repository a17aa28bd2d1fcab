"""What may be typed at a place: the keywords allowed there and the names of the file.

The lists open at the place (:func:`zrf.editing.cursor.place_at`) are read
from the outside in, each giving the next one's *slot*: a keyword context of
:mod:`zrf.keywords` (``(game`` holds game forms, a piece's ``(moves`` holds
move blocks, ``(verify`` holds a condition: :data:`zrf.keywords.HOLDS` and
each keyword's :class:`~zrf.keywords.Use`), an argument kind (``(piece? ``
wants a piece name), or nothing known (inside a ``define`` or a macro call,
where anything may stand).  Then:

* at the head of a list, the keywords that have a list form in that context
  (and macro names);
* elsewhere, the keywords that may stand alone there (``add``, ``empty?``),
  and the names the slot takes (pieces, directions, positions, zones, players,
  attributes);
* inside the string of ``(option "...``, the option names;
* where nothing is known, every keyword and every name.

Names come from the last analysis that built the file (:class:`NameIndex`),
so completion keeps working while the text being typed does not parse.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from zrf import keywords as kw

from .cursor import Frame, place_at
from .name_index import NameIndex, NameKind


class ItemKind(Enum):
    """What a completion item is."""

    KEYWORD = "keyword"
    OPTION = "option"
    VALUE = "value"
    PIECE = "piece"
    DIRECTION = "direction"
    ZONE = "zone"
    POSITION = "position"
    PLAYER = "player"
    ATTRIBUTE = "attribute"
    MACRO = "macro"


_NAME_ITEMS = {NameKind.PIECE: ItemKind.PIECE, NameKind.DIRECTION: ItemKind.DIRECTION,
               NameKind.ZONE: ItemKind.ZONE, NameKind.POSITION: ItemKind.POSITION,
               NameKind.PLAYER: ItemKind.PLAYER, NameKind.ATTRIBUTE: ItemKind.ATTRIBUTE,
               NameKind.MACRO: ItemKind.MACRO}


@dataclass(frozen=True)
class Completion:
    """One thing that may be typed: its text, what it is, a short detail and its documentation."""

    label: str
    kind: ItemKind
    detail: str = ""
    documentation: str = ""


@dataclass(frozen=True)
class Completions:
    """The items for a place, and the offsets of the text the chosen one replaces."""

    items: list[Completion]
    start: int
    end: int


# -- slots: what an item at some place of a list may be ------------------------------------------

@dataclass(frozen=True)
class _Slot:
    """A keyword context (``context``), an argument kind (``kind``), or unknown (neither)."""

    context: str | None = None
    kind: str | None = None


_UNKNOWN = _Slot()
_KIND_CONTEXT = {"condition": kw.CONDITION, "statement": kw.STATEMENT, "goal": kw.GOAL,
                 "occupier": kw.OCCUPIER}
#: Argument kinds of the model's own forms, which the keyword table leaves as ``any``:
#: (context, keyword) -> the kind of every argument.
_MODEL_ARGUMENTS = {
    (kw.GAME, "players"): "player", (kw.GAME, "move-priorities"): "move-type",
    (kw.ZONE, "players"): "player", (kw.ZONE, "positions"): "position",
    (kw.BOARD, "kill-positions"): "position", (kw.BOARD, "dummy"): "position",
    (kw.BOARD, "unlink"): "position", (kw.GOAL, None): "player",
}
#: Pseudo-contexts of ``board-setup``: its player lists, and their piece lists.
_SETUP_PLAYERS = "board-setup players"
_SETUP_PIECES = "board-setup pieces"


def _argument_slot(kind: str) -> _Slot:
    context = _KIND_CONTEXT.get(kind)
    return _Slot(context=context) if context is not None else _Slot(kind=kind)


class _ListSlots:
    """The slot of each item of one open list, from the slot the list stands in and its head."""

    def __init__(self, outer: _Slot, head: str | None, names: NameIndex | None):
        self.outer = outer
        self.head = head
        #: the head is an item like the others (a move block, a nested statement group)
        self.head_is_item = False
        self.items: _Slot = _UNKNOWN
        self.use: kw.Use | None = None
        c = outer.context
        macros = set(names.names(NameKind.MACRO)) if names is not None else set()
        if head is not None and head in macros:
            return  # a macro call: its arguments may be anything
        if c is None:
            return
        if c == kw.BLOCKS:
            if head == "move-type":
                self.items = _Slot(kind="move-type")
            else:
                self.head_is_item, self.items = True, _Slot(context=kw.STATEMENT)
            return
        if head is None:
            return
        if (c, head) in kw.HOLDS:
            self.items = _Slot(context=kw.HOLDS[(c, head)])
        elif c == kw.GAME and head == "board-setup":
            self.items = _Slot(context=_SETUP_PLAYERS)
        elif c == _SETUP_PLAYERS:
            self.items = _Slot(context=_SETUP_PIECES)
        elif c == _SETUP_PIECES:
            self.items = _Slot(kind="setup")
        elif c == kw.STATEMENT and names is not None and (
                names.kinds_of(head) & {NameKind.DIRECTION, NameKind.POSITION}):
            self.head_is_item, self.items = True, _Slot(context=kw.STATEMENT)
        elif (c, head) in _MODEL_ARGUMENTS:
            self.items = _Slot(kind=_MODEL_ARGUMENTS[(c, head)])
        elif c in kw.CONTEXTS:
            self.use = kw.lookup(head, c)
            if self.use is None and c == kw.GOAL:
                self.items = _Slot(kind="player")  # the players list of a goal form

    def slot(self, index: int) -> _Slot:
        """The slot of item ``index`` (0: the head)."""
        if index == 0 and not self.head_is_item:
            return _Slot(context=self.outer.context, kind="head") if self.outer.context else _UNKNOWN
        use = self.use
        if use is not None and use.args:
            return _argument_slot(use.kinds_for(index)[index - 1])
        return self.items


def _slots(frames: list[Frame], names: NameIndex | None) -> _ListSlots | None:
    """The slots of the innermost open list (None at top level)."""
    outer = _Slot(context=kw.TOP)
    lists: _ListSlots | None = None
    for depth, frame in enumerate(frames):
        if lists is not None:
            # the index this frame has in its parent: the parent counted it when it opened
            outer = lists.slot(frames[depth - 1].items - 1)
        lists = _ListSlots(outer, frame.head, names)
    return lists


# -- items -----------------------------------------------------------------------------------------

def _keyword_item(name: str, use: kw.Use) -> Completion:
    keyword = kw.BY_NAME.get(use.positive or name)
    doc = keyword.doc if keyword is not None else ""
    if use.positive:
        doc = f"not ({use.positive}): {doc}"
    shape = (f"({name} ...), {use.arity_text()} argument(s)" if use.arity is not None else name)
    return Completion(name, ItemKind.KEYWORD, f"{use.context}: {shape}", doc)


def keyword_items(context: str, head: bool) -> list[Completion]:
    """The keywords that may open a list (``head``) or stand alone in ``context``."""
    out = []
    for name, use in kw.table(context).items():
        if (use.arity is not None) if head else use.atom:
            out.append(_keyword_item(name, use))
    return out


def _every_keyword() -> list[Completion]:
    seen: dict[str, Completion] = {}
    for context in kw.CONTEXTS:
        if context == kw.OPTION:
            continue
        for name, use in kw.table(context).items():
            seen.setdefault(name, _keyword_item(name, use))
    return list(seen.values())


def _name_items(names: NameIndex | None, kinds: Iterable[NameKind]) -> list[Completion]:
    if names is None:
        return []
    out = []
    for kind in kinds:
        for name in names.names(kind):
            where = names.definitions(name, [kind])[0].where
            out.append(Completion(name, _NAME_ITEMS[kind], f"{kind.value}, defined at {where}"))
    return out


def _option_items() -> list[Completion]:
    return [Completion(name, ItemKind.OPTION, use.meaning, kw.BY_NAME[name].doc)
            for name, use in kw.table(kw.OPTION).items()]


_KIND_NAMES = {
    "piece": [NameKind.PIECE], "direction": [NameKind.DIRECTION], "position": [NameKind.POSITION],
    "place": [NameKind.DIRECTION, NameKind.POSITION], "zone": [NameKind.ZONE],
    "attribute": [NameKind.ATTRIBUTE], "player": [NameKind.PLAYER], "setup": [NameKind.POSITION],
    "name": list(NameKind), "any": list(NameKind),
}


def _slot_items(slot: _Slot, names: NameIndex | None) -> list[Completion]:
    """What may stand alone (not as a list's head) in ``slot``."""
    c, k = slot.context, slot.kind
    if c is None and k is None:
        return _every_keyword() + _name_items(names, NameKind)
    if k == "head":
        if c in kw.CONTEXTS:
            items = keyword_items(c, head=True)
        else:  # the setup's player and piece lists
            items = []
        if c == _SETUP_PLAYERS:
            items += _name_items(names, [NameKind.PLAYER])
        elif c == _SETUP_PIECES:
            items += _name_items(names, [NameKind.PIECE])
        elif c == kw.GOAL:
            items += _name_items(names, [NameKind.PLAYER])
        return items + _name_items(names, [NameKind.MACRO])
    if k is not None:
        if k == "go-target":
            return [Completion(t, ItemKind.VALUE, "go target") for t in kw.GO_TARGETS]
        if k == "setup":
            return _name_items(names, [NameKind.POSITION]) + [Completion("off", ItemKind.KEYWORD, "off N")]
        return _name_items(names, _KIND_NAMES.get(k, []))
    if c == kw.STATEMENT:
        return keyword_items(c, head=False) + _name_items(names, [NameKind.DIRECTION, NameKind.POSITION])
    if c == kw.CONDITION:
        return keyword_items(c, head=False) + _name_items(names, [NameKind.ATTRIBUTE])
    if c == kw.TURN_ORDER:
        return keyword_items(c, head=False) + _name_items(names, [NameKind.PLAYER])
    if c == kw.OCCUPIER:
        return _name_items(names, [NameKind.PIECE])
    if c in kw.CONTEXTS:
        return keyword_items(c, head=False)
    return []


def complete(text: str, offset: int, names: NameIndex | None = None) -> Completions:
    """The completion items at ``offset`` of ``text`` whose label starts with what is typed there
    (case ignored), and the span of text an item replaces."""
    place = place_at(text, offset)
    if place.in_comment:
        return Completions([], offset, offset)
    if place.in_string:
        frames = place.frames
        if frames and frames[-1].head == "option" and frames[-1].items == 1:
            typed = text[place.string_start + 1:offset].lower()
            items = [i for i in _option_items() if i.label.lower().startswith(typed)]
            return Completions(items, place.string_start + 1, offset)
        return Completions([], offset, offset)
    if not place.frames:
        items = keyword_items(kw.TOP, head=False)
    else:
        lists = _slots(place.frames, names)
        assert lists is not None
        items = _slot_items(lists.slot(place.index), names)
    typed = place.prefix.lower()
    seen: set[str] = set()
    chosen = []
    for item in items:
        if item.label in seen or not item.label.lower().startswith(typed):
            continue
        seen.add(item.label)
        chosen.append(item)
    start, end = (place.word_start, place.word_end) if place.word is not None else (offset, offset)
    return Completions(chosen, start, end)
