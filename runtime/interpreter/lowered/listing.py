"""The lowered form as text: one node per line, with the line and column it was lowered from.

``zrf moves GAME --lowered PIECE`` prints a piece's blocks this way, so a
rules author sees what the runtime made of them: names resolved, constants
folded, dead code gone, forms that cannot run turned into stops.
"""

from __future__ import annotations

from ..tables import Tables
from .form import (
    Add, ChangeType, Cond, Const, Create, Effect, From, Go, If, Jump, Junction, LoweredBlock, Mark,
    Not, Op, Place, PlaceKind, SetAttribute, SetFlag, SetPositionFlag, Step, Stmt, Stop, Predicate, To,
    Verify, While)
from ..sentinels import NO


def listing(block: LoweredBlock, tables: Tables) -> list[str]:
    """The lines of one block: a heading, then its statements indented by nesting."""
    kind = "drop" if block.drop else "move"
    mtype = f", move type {block.move_type}" if block.move_type else ""
    head = f"{tables.types[block.piece_type]} {kind} block {block.number + 1}{mtype}"
    if block.span is not None:
        head += f" ({_where(block)})"
    rows: list[tuple[str, str]] = []
    _body(block.body, tables, 0, rows)
    if not block.body:
        rows.append(("", "(nothing: the block does nothing)"))
    width = max(len(w) for w, _ in rows)
    return [head] + [f"  {w:<{width}}  {text}" for w, text in rows]


def _where(node) -> str:
    span = node.span
    if span is None:
        return "-"
    root = span.root()
    return f"{span.line}:{span.col}" if root is span else f"{span.line}:{span.col} via {root.line}:{root.col}"


def _body(body: tuple[Stmt, ...], t: Tables, depth: int, out: list[tuple[str, str]]) -> None:
    """(location, indented text) of each statement of ``body``, nested ones after their head."""
    for s in body:
        out.append((_where(s), f"{'  ' * depth}{statement(s, t)}"))
        if isinstance(s, If):
            _body(s.then, t, depth + 1, out)
            if s.orelse:
                out.append(("", f"{'  ' * depth}else"))
                _body(s.orelse, t, depth + 1, out)
        elif isinstance(s, While):
            _body(s.body, t, depth + 1, out)


def place(p: Place, t: Tables) -> str:
    """A place as written: empty for the cursor, a direction, ``(opposite d)`` or a position."""
    if p.kind is PlaceKind.CURSOR:
        return ""
    if p.kind is PlaceKind.LINK:
        return t.directions[p.index]
    if p.kind is PlaceKind.OPPOSITE:
        return f"(opposite {t.directions[p.index]})"
    return t.positions[p.index] if p.index != NO else "nowhere"


def _with_place(name: str, p: Place, t: Tables, *args: str) -> str:
    rest = [a for a in (*args, place(p, t)) if a]
    return f"({name} {' '.join(rest)})" if rest else name


def statement(s: Stmt, t: Tables) -> str:
    """One statement (without the statements nested in it)."""
    if isinstance(s, Step):
        return f"step {'against ' if s.opposite else ''}{t.directions[s.direction]}"
    if isinstance(s, Jump):
        return f"jump {t.positions[s.position]}"
    if isinstance(s, Stop):
        return f"stop ({s.why})" if s.why else "stop"
    if isinstance(s, (Verify, If, While)):
        return f"{s.op.value} {condition(s.cond, t)}"
    if isinstance(s, (Mark, From, To)):
        return _with_place(s.op.value, s.place, t)
    if isinstance(s, Go):
        return f"go {s.target.value}"
    if isinstance(s, Add):
        name = "add" + ("-copy" if s.copy else "") + ("-partial" if s.partial else "")
        args = [t.types[ty] for ty in s.types] + ([s.partial] if s.partial else [])
        return f"({name} {' '.join(args)})" if args else name
    if isinstance(s, Effect):
        return _with_place(s.op.value, s.place, t)
    if isinstance(s, ChangeType):
        return _with_place("change-type", s.place, t, t.types[s.piece_type])
    if isinstance(s, Create):
        return _with_place("create", s.place, t, t.players[s.owner] if s.owner != NO else "",
                           t.types[s.piece_type] if s.piece_type != NO else "")
    if isinstance(s, SetAttribute):
        return _with_place("set-attribute", s.place, t, t.attributes[s.attribute], condition(s.value, t))
    if isinstance(s, SetFlag):
        return f"(set-flag {s.name} {condition(s.value, t)})"
    if isinstance(s, SetPositionFlag):
        return _with_place("set-position-flag", s.place, t, s.name, condition(s.value, t))
    return s.op.value  # back, cascade


def condition(c: Cond, t: Tables) -> str:
    """A condition as one expression."""
    if isinstance(c, Const):
        return c.op.value
    if isinstance(c, Junction):
        return f"({c.op.value} {' '.join(condition(i, t) for i in c.items)})"
    if isinstance(c, Not):
        return f"(not {condition(c.item, t)})"
    assert isinstance(c, Predicate)
    op = c.op
    if op is Op.PIECE:
        return _with_place("piece?", c.place, t, t.types[c.arg])
    if op is Op.IN_ZONE:
        return _with_place("in-zone?", c.place, t, t.zone_names[c.arg])
    if op is Op.ATTRIBUTE:
        name = next(a for a, i in t.attr_index.items() if 1 << i == c.arg)
        return _with_place(name, c.place, t)
    if op is Op.POSITION:
        return f"(position? {t.positions[c.arg]})"
    if op in (Op.FLAG, Op.POSITION_FLAG):
        return _with_place(op.value, c.place, t, str(c.arg))
    return _with_place(op.value, c.place, t)
