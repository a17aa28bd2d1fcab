"""The typed game model: what a ZRF file *means*, built from the expanded syntax tree.

:func:`build_file` reads a file, expands macros and includes, and returns a
:class:`ZrfFile` whose :attr:`ZrfFile.games` lists every game and variant in
file order (menu order), each a complete :class:`GameDef` with inheritance
already applied (SEMANTICS §2.1):

* pieces are merged by name, options by name;
* any goal form in a variant replaces all of the game's goals;
* every other keyword is replaced wholesale when the variant has it.

Move programs stay as syntax trees (:class:`MoveBlock.program`); the runtime
compiles them.  Presentation keywords (images, sounds, help, description ...)
are kept in :attr:`GameDef.forms` and never rejected.  Problems are reported
as diagnostics in :attr:`ZrfFile.report`, never raised, except a file that
cannot be parsed at all (:class:`zrf.diagnostics.ZrfError`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Literal, cast

from . import limits
from .diagnostics import Report
from .keywords import GOAL_FORMS, OLD_OPTIONS
from .macros import Expanded, expand_document
from .reader import read_file
from .syntax import NO_SPAN, Atom, List, Node, Span, String, excerpt, to_text


# --------------------------------------------------------------------------- board


@dataclass
class Position:
    """One cell: name, screen rectangle (may be None for dummies) and whether it is drawn."""

    name: str
    rect: tuple[int, int, int, int] | None = None
    dummy: bool = False
    #: Which grid made it (index into Board.grids), None for explicit positions.
    grid: int | None = None
    #: The label index vector within its grid, e.g. (0, 7) for a1 in chess.
    coords: tuple[int, ...] | None = None

    @property
    def box(self) -> tuple[int, int, int, int] | None:
        """``rect`` as ``(left, top, width, height)``, whichever corners the file gave."""
        if self.rect is None:
            return None
        x1, y1, x2, y2 = self.rect
        return min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1)


@dataclass
class Grid:
    """One ``(grid ...)``: dimension labels and pixel steps, and its directions."""

    start: tuple[int, int, int, int]
    dimensions: list[tuple[list[str], tuple[int, int]]]
    directions: dict[str, tuple[int, ...]]
    span: Span = NO_SPAN


@dataclass
class Zone:
    """``(zone (name Z) (players P...) (positions p...))``: Z's cells for those players."""

    name: str
    players: list[str]
    positions: list[str]
    span: Span = NO_SPAN


@dataclass
class Board:
    """The finished board after every grid, link, unlink, kill and dummy in textual order."""

    #: name -> Position, in creation order (dict order is the position order).
    positions: dict[str, Position] = field(default_factory=dict)
    #: direction -> {from position -> to position}
    links: dict[str, dict[str, str]] = field(default_factory=dict)
    #: every direction name, in first-seen order
    directions: list[str] = field(default_factory=list)
    grids: list[Grid] = field(default_factory=list)
    zones: list[Zone] = field(default_factory=list)
    #: player -> {direction -> direction} (one-way pairs as declared)
    symmetry: dict[str, dict[str, str]] = field(default_factory=dict)
    #: presentation: the board image forms etc.
    forms: list[List] = field(default_factory=list)
    #: positions removed by ``kill-positions`` (they no longer exist; kept to tell
    #: "killed" apart from "never defined" in diagnostics)
    killed: set[str] = field(default_factory=set)
    span: Span = NO_SPAN

    def link(self, position: str, direction: str) -> str | None:
        """The position one step from ``position`` in ``direction`` (no symmetry), or None."""
        return self.links.get(direction, {}).get(position)

    def zone(self, name: str, player: str) -> set[str]:
        """Zone ``name`` for ``player`` (empty when not declared for that player)."""
        out: set[str] = set()
        for z in self.zones:
            if z.name == name and player in z.players:
                out.update(z.positions)
        return out

    def zone_names(self) -> list[str]:
        seen: list[str] = []
        for z in self.zones:
            if z.name not in seen:
                seen.append(z.name)
        return seen

    def opposite(self, direction: str) -> str | None:
        """The direction that reverses every link of ``direction`` (SEMANTICS §3.5), or None.

        d' is the opposite of d when every link p -d-> q has a link q -d'-> p.
        When no direction qualifies, the caller falls back to :meth:`link_back`.
        """
        fwd = self.links.get(direction, {})
        if not fwd:
            return None
        for d in self.directions:
            back = self.links.get(d, {})
            if all(back.get(q) == p for p, q in fwd.items()):
                return d
        return None

    def opposites(self) -> dict[str, str]:
        """Every direction that has an opposite, mapped to it."""
        out = {}
        for d in self.directions:
            o = self.opposite(d)
            if o is not None:
                out[d] = o
        return out

    def link_back(self, position: str, direction: str) -> str | None:
        """The position that links to ``position`` via ``direction`` (POLY's fallback for opposite)."""
        for p, q in self.links.get(direction, {}).items():
            if q == position:
                return p
        return None

    @property
    def dummy_count(self) -> int:
        """Positions declared with ``(dummy ...)``: they exist but are not drawn."""
        return sum(1 for p in self.positions.values() if p.dummy)

    def zones_for(self, player: str) -> dict[str, set[str]]:
        """Every zone name -> that player's positions (empty set when not declared for the player)."""
        return {name: self.zone(name, player) for name in self.zone_names()}

    @property
    def cell_count(self) -> int:
        """Drawn cells (positions that are not dummies)."""
        return sum(1 for p in self.positions.values() if not p.dummy)


# --------------------------------------------------------------------------- pieces


@dataclass
class MoveBlock:
    """One move or drop block: its program (a syntax node), move type and kind."""

    program: Node
    move_type: str | None = None
    #: "move" (from ``(moves ...)``) or "drop" (from ``(drops ...)``)
    kind: str = "move"

    @property
    def span(self) -> Span:
        return self.program.span


@dataclass
class Piece:
    """``(piece ...)``: name, attributes with defaults, move and drop blocks, presentation."""

    name: str
    attributes: dict[str, bool] = field(default_factory=dict)
    moves: list[MoveBlock] = field(default_factory=list)
    drops: list[MoveBlock] = field(default_factory=list)
    dummy: bool = False
    #: every sub-form kept as written (help, description, image, notation ...)
    forms: list[List] = field(default_factory=list)
    span: Span = NO_SPAN

    @property
    def blocks(self) -> list[MoveBlock]:
        return self.moves + self.drops

    @property
    def move_types(self) -> list[str]:
        """Declared move types of this piece's moves and drops, in first-seen order."""
        seen: list[str] = []
        for b in self.blocks:
            if b.move_type is not None and b.move_type not in seen:
                seen.append(b.move_type)
        return seen


# --------------------------------------------------------------------------- game


@dataclass
class TurnEntry:
    """One turn-order entry: ``P``, ``(P mt)``, ``(P Q)`` or ``(P Q mt)``."""

    player: str
    #: whose pieces are moved (Q); equal to ``player`` for plain entries
    moves_as: str
    move_type: str | None = None


@dataclass
class TurnOrder:
    """Turn entries; entries from ``repeat_from`` on cycle forever (0 = whole list cycles)."""

    entries: list[TurnEntry]
    repeat_from: int = 0

    def entry(self, turn: int) -> TurnEntry:
        """The entry for 0-based turn number ``turn``."""
        if turn < len(self.entries):
            return self.entries[turn]
        cycle = self.entries[self.repeat_from:] or self.entries
        return cycle[(turn - self.repeat_from) % len(cycle)]


#: what a goal form gives: the word before ``-condition`` (:data:`zrf.keywords.GOAL_FORMS`)
GoalKind = Literal["win", "loss", "draw", "count"]


@dataclass
class Goal:
    """``(win-condition (P...) cond)`` and friends."""

    kind: GoalKind
    players: list[str]
    condition: Node
    span: Span = NO_SPAN


@dataclass
class Setup:
    """``board-setup``: pieces per player and off-board stores."""

    #: (player, piece type, position) in file order
    placements: list[tuple[str, str, str]] = field(default_factory=list)
    #: (player, piece type) -> count
    off: dict[tuple[str, str], int] = field(default_factory=dict)


@dataclass
class GameDef:
    """One playable menu entry (a ``game`` or a ``variant`` with inheritance applied)."""

    title: str
    kind: str = "game"  # "game" or "variant"
    players: list[str] = field(default_factory=list)
    turn_order: TurnOrder = field(default_factory=lambda: TurnOrder([]))
    move_priorities: list[str] = field(default_factory=list)
    #: option name -> value text ("true", "false", "forced", "2", ...)
    options: dict[str, str] = field(default_factory=dict)
    board: Board = field(default_factory=Board)
    pieces: dict[str, Piece] = field(default_factory=dict)
    setup: Setup = field(default_factory=Setup)
    goals: list[Goal] = field(default_factory=list)
    default: bool = False
    #: ``(engine "x.dll")`` path when the game needs an Axiom plug-in
    engine: str | None = None
    #: every top-level form of the entry (after inheritance), by keyword, in order
    forms: dict[str, list[List]] = field(default_factory=dict)
    span: Span = NO_SPAN

    def option(self, name: str, default: str = "false") -> str:
        return self.options.get(name, default)

    @property
    def attribute_order(self) -> list[str]:
        """Attribute names in order of first declaration across pieces (ZSG ``@`` indices)."""
        seen: list[str] = []
        for p in self.pieces.values():
            for a in p.attributes:
                if a not in seen:
                    seen.append(a)
        return seen

    @property
    def random_players(self) -> list[str]:
        """Players whose name starts with ``?``: Zillions moves for them at random (SEMANTICS §2.3)."""
        return [p for p in self.players if p.startswith("?")]

    @property
    def neutral_players(self) -> list[str]:
        """Listed players that never take a turn nor have their pieces moved in one (SEMANTICS §2.3)."""
        active = {e.player for e in self.turn_order.entries} | {e.moves_as for e in self.turn_order.entries}
        return [p for p in self.players if p not in active]

    @property
    def move_types(self) -> list[str]:
        """Every move type declared by any piece, in first-seen order."""
        seen: list[str] = []
        for p in self.pieces.values():
            for t in p.move_types:
                if t not in seen:
                    seen.append(t)
        return seen

    @property
    def playable(self) -> bool:
        """False for menu separators (title "-")."""
        return self.title.strip() != "-"

    def text(self, keyword: str) -> str | None:
        """The string argument of a presentation keyword such as ``description``."""
        for form in self.forms.get(keyword, []):
            parts = [i.text for i in form.args if isinstance(i, String)]
            if parts:
                return " ".join(parts)
        return None


@dataclass
class ZrfFile:
    """A whole file: every menu entry, its macros and the diagnostics met while building."""

    path: str
    games: list[GameDef]
    expanded: Expanded
    encoding: str = "utf-8"
    report: Report = field(default_factory=Report)

    @property
    def needs_engine(self) -> bool:
        return any(g.engine for g in self.games)

    def entry(self, title: str | None = None) -> GameDef:
        """The entry titled ``title`` (case-insensitive), else the default entry."""
        playable = [g for g in self.games if g.playable]
        if title is not None:
            for g in playable:
                if g.title == title:
                    return g
            for g in playable:
                if g.title.lower() == title.lower():
                    return g
            names = ", ".join(repr(g.title) for g in playable)
            raise KeyError(f"no game or variant titled {title!r} (have: {names})")
        for g in playable:
            if g.default:
                return g
        if not playable:
            raise KeyError("the file defines no playable game")
        return playable[0]


# --------------------------------------------------------------------------- builder


def build_file(path: str, confine_includes: bool | None = None) -> ZrfFile:
    """Read, expand and model ``path``.  Raises ZrfError only when it cannot be parsed.

    Includes outside the file's folder tree are refused (E214) unless the run
    allows them, or always with ``confine_includes`` (a server); see
    :func:`zrf.macros.expand_document`.
    """
    doc = read_file(path)
    expanded = expand_document(doc, confine_includes=confine_includes)
    return build_model(expanded, path, doc.encoding)


def build_model(expanded: Expanded, path: str = "<string>", encoding: str = "utf-8") -> ZrfFile:
    """Model every game and variant of an expanded document."""
    report = expanded.report
    builder = _Builder(report)
    tops = [f for f in expanded.forms if isinstance(f, List)]
    for f in expanded.forms:
        if not isinstance(f, List):
            if _quotable(f):
                report.add("E301", f"unexpected {excerpt(f)!r} at top level", f.span)
            else:
                what = "atom" if isinstance(f, Atom) else "string"
                report.add("E301", f"unexpected {what} at top level{_NOT_SHOWN}", f.span)
    games_raw = [f for f in tops if f.head == "game"]
    entries: list[GameDef] = []
    last_game: List | None = None
    for form in tops:
        head = form.head
        if head == "game":
            last_game = form
            entries.append(builder.game(form, None))
        elif head == "variant":
            base = last_game or (games_raw[0] if games_raw else None)
            if base is None:
                report.add("E302", "variant without any game to inherit from", form.span)
                continue
            entries.append(builder.game(form, base))
        elif head in ("version", "define", "include"):
            continue
        else:
            report.add("E303", f"unknown top-level keyword {head!r}" if _quotable(form)
                         else f"unknown top-level keyword{_NOT_SHOWN}", form.span)
    return ZrfFile(path, entries, expanded, encoding, report)


_NOT_SHOWN = " (its text is not shown: the file is not a ZRF)"


def _quotable(node: Node) -> bool:
    """May a top-level diagnostic quote ``node``'s text?  Only when it stands in a rules file
    (``*.zrf``) or in text handed over in memory (``<string>``).

    A file that is not a ZRF but is read as one (a saved game's ``RulesFile=``,
    an include the user allowed) yields these diagnostics for its tokens;
    quoting them would print the file, and diagnostics name files and
    positions, never contents (docs/security.md).
    """
    name = node.span.file
    return name.lower().endswith(".zrf") or name.startswith("<")


def _atom(node: Node | None) -> str | None:
    return node.text if isinstance(node, Atom) else None


def _strings(form: List) -> str:
    return " ".join(i.text for i in form.args if isinstance(i, String))


class _Builder:
    """Turns game/variant forms into GameDefs, reporting E3xx diagnostics."""

    def __init__(self, report: Report):
        self.report = report
        self._cache: dict[int, dict[str, list[List]]] = {}

    def _forms(self, form: List) -> dict[str, list[List]]:
        key = id(form)
        if key not in self._cache:
            out: dict[str, list[List]] = {}
            for item in form.args:
                if isinstance(item, List) and item.head is not None:
                    name = item.head
                    if name in OLD_OPTIONS or name == "allow-flipping":
                        name = "option"
                    out.setdefault(name, []).append(item)
                else:
                    self.report.add("E304", f"unexpected {excerpt(item)!r} in {form.head}", item.span)
            self._cache[key] = out
        return self._cache[key]

    def game(self, form: List, base: List | None) -> GameDef:
        own = self._forms(form)
        if base is None:
            forms = dict(own)
        else:
            forms = dict(self._forms(base))
            own_has_goal = any(k in own for k in GOAL_FORMS)
            if own_has_goal:
                for k in GOAL_FORMS:
                    forms.pop(k, None)
            for key, value in own.items():
                if key == "piece":
                    merged: dict[str, List] = {}
                    for p in forms.get("piece", []):
                        merged[self._piece_name(p)] = p
                    for p in value:
                        merged[self._piece_name(p)] = p
                    forms["piece"] = list(merged.values())
                elif key == "option":
                    forms["option"] = list(forms.get("option", [])) + list(value)
                else:
                    forms[key] = value
            forms.pop("default", None)
            if "default" in own:
                forms["default"] = own["default"]
        g = GameDef(title="", kind=form.head or "game", forms=forms, span=form.span)
        g.title = _strings(forms["title"][0]) if "title" in forms else ""
        g.default = "default" in forms
        if "engine" in forms:
            g.engine = _strings(forms["engine"][0]) or "?"
        g.players = self.players(forms)
        g.turn_order = self.turn_order(forms, g.players)
        if "move-priorities" in forms:
            g.move_priorities = [_atom(a) or to_text(a) for a in forms["move-priorities"][-1].args]
        g.options = self.options(forms.get("option", []))
        if "board" in forms:
            g.board = self.board(forms["board"][-1])
        most = limits.current().piece_types
        for p in forms.get("piece", []):
            piece = self.piece(p)
            if piece is not None and piece.name not in g.pieces and len(g.pieces) >= most:
                self.report.add("E333", f"more than {most} piece types; piece {piece.name!r} and later "
                                  f"ones are left out ({limits.hint('piece_types')})", p.span)
                break
            if piece is not None:
                g.pieces[piece.name] = piece
        if "board-setup" in forms:
            g.setup = self.setup(forms["board-setup"][-1])
        for k in GOAL_FORMS:
            for goal_form in forms.get(k, []):
                goal = self.goal(goal_form)
                if goal is not None:
                    g.goals.append(goal)
        g.goals.sort(key=lambda goal: (goal.span.root().line, goal.span.root().col))
        return g

    def _piece_name(self, form: List) -> str:
        name = form.find("name")
        return _atom(name.items[1]) if name is not None and len(name.items) > 1 else f"#{id(form)}"

    # -- players, turns, options

    def players(self, forms: dict[str, list[List]]) -> list[str]:
        if "players" not in forms:
            return []
        out = []
        for a in forms["players"][-1].args:
            name = _atom(a)
            if name is None:
                self.report.add("E310", f"player names are atoms, got {excerpt(a)!r}", a.span)
            else:
                out.append(name)
        return out

    def turn_order(self, forms: dict[str, list[List]], players: list[str]) -> TurnOrder:
        if "turn-order" not in forms:
            return TurnOrder([TurnEntry(p, p) for p in players])
        entries: list[TurnEntry] = []
        repeat = 0
        for item in forms["turn-order"][-1].args:
            if isinstance(item, Atom):
                if item.text == "repeat":
                    repeat = len(entries)
                else:
                    entries.append(TurnEntry(item.text, item.text))
            elif isinstance(item, List) and item.items and all(isinstance(i, Atom) for i in item.items):
                names = [i.text for i in item.items]
                p = names[0]
                if len(names) == 1:
                    entries.append(TurnEntry(p, p))
                elif len(names) == 2:
                    if names[1] in players:
                        entries.append(TurnEntry(p, names[1]))
                    else:
                        entries.append(TurnEntry(p, p, names[1]))
                else:
                    entries.append(TurnEntry(p, names[1], names[2]))
            else:
                self.report.add("E311", f"bad turn-order entry {excerpt(item)!r}", item.span)
        return TurnOrder(entries, repeat)

    def options(self, forms: Iterable[List]) -> dict[str, str]:
        out: dict[str, str] = {}
        for f in forms:
            head = f.head
            if head == "option":
                if len(f.items) >= 3 and isinstance(f.items[1], String):
                    out[f.items[1].text] = to_text(f.items[2]).strip('"')
                elif len(f.items) < 3:
                    continue  # wrong arity: the linter reports E380
                else:
                    self.report.add("W310", f"option form not understood: {excerpt(f, 60)}", f.span)
            elif head in OLD_OPTIONS and len(f.items) >= 2:
                out[OLD_OPTIONS[head]] = to_text(f.items[1])
            elif head == "allow-flipping" and len(f.items) >= 2:
                out["prevent flipping"] = "false" if to_text(f.items[1]) == "true" else "true"
        return out

    # -- board

    def board(self, form: List) -> Board:
        """Build the board in textual order (SEMANTICS §3): later kill/unlink/links act on what exists.

        Link endpoints are checked once the board is complete, so positions may be
        declared after the links that use them.  A link to a killed position is
        dropped with a warning (W323, Zillions loads such files, e.g. IkusaShogi);
        a link to a name never declared is an error (E323).
        """
        b = Board(span=form.span)
        link_spans: dict[tuple[str, str], tuple[Node, Node]] = {}

        def add_dir(d: str) -> None:
            if d not in b.directions:
                b.directions.append(d)

        for item in form.args:
            if not isinstance(item, List):
                self.report.add("E320", f"unexpected {excerpt(item)!r} in board", item.span)
                continue
            head = item.head
            if head == "grid":
                grid = self.grid(item)
                if grid is None:
                    continue
                cells = 1
                for labels, _ in grid.dimensions:
                    cells *= len(labels)
                room = limits.current().board_cells - len(b.positions)
                if cells > room:
                    self.report.add("E329", f"grid of {cells} cells makes the board larger than "
                                      f"{limits.current().board_cells} positions; the grid is left out "
                                      f"({limits.hint('board_cells')})", item.span)
                    continue
                gi = len(b.grids)
                b.grids.append(grid)
                self._grid_positions(b, grid, gi)
                for d in grid.directions:
                    add_dir(d)
            elif head == "positions":
                most = limits.current().board_cells
                for p in item.args:
                    if isinstance(p, List) and p.items and isinstance(p.items[0], Atom):
                        if len(b.positions) >= most and p.items[0].text not in b.positions:
                            self.report.add("E329", f"the board has more than {most} positions; the rest "
                                              f"are left out ({limits.hint('board_cells')})", p.span)
                            break
                        nums = [a.value for a in p.items[1:5] if isinstance(a, Atom) and a.is_number]
                        rect = tuple(nums) if len(nums) == 4 else None
                        b.positions[p.items[0].text] = Position(p.items[0].text, rect)  # type: ignore[arg-type]
                    else:
                        self.report.add("E321", f"bad position {excerpt(p)!r}", p.span)
            elif head == "links":
                if len(item.items) < 2 or not isinstance(item.items[1], Atom):
                    self.report.add("E322", "links needs a direction name", item.span)
                    continue
                d = item.items[1].text
                add_dir(d)
                for pair in item.items[2:]:
                    if (isinstance(pair, List) and len(pair.items) == 2
                            and all(isinstance(x, Atom) for x in pair.items)):
                        p, q = pair.items[0].text, pair.items[1].text  # type: ignore[union-attr]
                        b.links.setdefault(d, {})[p] = q
                        link_spans[(d, p)] = (pair.items[0], pair.items[1])
                    else:
                        self.report.add("E322", f"bad link {excerpt(pair)!r}", pair.span)
            elif head == "unlink":
                for u in item.args:
                    if isinstance(u, Atom):
                        self._unlink_position(b, u.text)
                    elif isinstance(u, List) and len(u.items) == 2 and all(isinstance(x, Atom) for x in u.items):
                        p, q = u.items[0].text, u.items[1].text  # type: ignore[union-attr]
                        if q in b.directions and q not in b.positions:
                            b.links.get(q, {}).pop(p, None)
                        else:
                            for links in b.links.values():
                                if links.get(p) == q:
                                    del links[p]
                                if links.get(q) == p:
                                    del links[q]
                    else:
                        self.report.add("E324", f"bad unlink {excerpt(u)!r}", u.span)
            elif head == "kill-positions":
                for k in item.args:
                    name = _atom(k)
                    if name is None:
                        continue
                    if name not in b.positions:
                        self.report.add("W320", f"kill-positions names unknown position {name!r}", k.span)
                    b.positions.pop(name, None)
                    b.killed.add(name)
                    self._unlink_position(b, name)
            elif head == "dummy":
                for k in item.args:
                    name = _atom(k)
                    if name is None:
                        continue
                    pos = b.positions.get(name)
                    b.killed.discard(name)
                    if pos is None:
                        b.positions[name] = Position(name, None, True)
                    else:
                        pos.dummy = True
            elif head == "symmetry":
                if len(item.items) < 2:
                    continue
                player = _atom(item.items[1]) or ""
                table = b.symmetry.setdefault(player, {})
                for pair in item.items[2:]:
                    if isinstance(pair, List) and len(pair.items) == 2:
                        a, c = _atom(pair.items[0]), _atom(pair.items[1])
                        if a and c:
                            table[a] = c
            elif head == "zone":
                b.zones.append(self.zone(item))
            else:
                b.forms.append(item)
        self._check_links(b, link_spans)
        return b

    def _check_links(self, b: Board, link_spans: dict[tuple[str, str], tuple[Node, Node]]) -> None:
        """Drop links whose ends do not exist on the finished board, with W323/E323."""
        for d, links in b.links.items():
            for p, q in list(links.items()):
                if p in b.positions and q in b.positions:
                    continue
                del links[p]
                nodes = link_spans.get((d, p))
                for name, node in zip((p, q), nodes or (None, None)):
                    if name in b.positions:
                        continue
                    span = node.span if node is not None else b.span
                    if name in b.killed:
                        self.report.add("W323", f"link {d} {p}->{q} uses killed position {name!r};"
                                            " the link is ignored", span)
                    else:
                        self.report.add("E323", f"link to unknown position {name!r}", span)

    def _unlink_position(self, b: Board, name: str) -> None:
        for links in b.links.values():
            links.pop(name, None)
            for p in [p for p, q in links.items() if q == name]:
                del links[p]

    def grid(self, form: List) -> Grid | None:
        start = (0, 0, 0, 0)
        dims: list[tuple[list[str], tuple[int, int]]] = []
        directions: dict[str, tuple[int, ...]] = {}
        direction_spans: dict[str, Span] = {}
        for item in form.args:
            if not isinstance(item, List):
                continue
            if item.head == "start-rectangle":
                nums = [a.value for a in item.args if isinstance(a, Atom) and a.is_number]
                if len(nums) == 4:
                    start = tuple(nums)  # type: ignore[assignment]
            elif item.head == "dimensions":
                for d in item.args:
                    if isinstance(d, List) and d.items and isinstance(d.items[0], String):
                        labels = d.items[0].text.split("/")
                        step = (0, 0)
                        if len(d.items) > 1 and isinstance(d.items[1], List):
                            nums = [a.value for a in d.items[1].items if isinstance(a, Atom) and a.is_number]
                            if len(nums) == 2:
                                step = (nums[0], nums[1])
                        dims.append((labels, step))
                    else:
                        self.report.add("E325", f"bad dimension {excerpt(d)!r}", d.span)
            elif item.head == "directions":
                for d in item.args:
                    if isinstance(d, List) and d.items and isinstance(d.items[0], Atom):
                        offs = [a for a in d.items[1:] if isinstance(a, Atom) and a.is_number]
                        directions[d.items[0].text] = tuple(a.value for a in offs)
                        direction_spans[d.items[0].text] = d.span
        if not dims:
            self.report.add("E326", "grid without dimensions", form.span)
            return None
        for name, offs in directions.items():
            if len(offs) != len(dims):
                self.report.add("E327", f"direction {name!r} has {len(offs)} offsets for a {len(dims)}-dimensional grid",
                                  direction_spans.get(name, form.span))
        directions = {k: v for k, v in directions.items() if len(v) == len(dims)}
        return Grid(start, dims, directions, form.span)

    def _grid_positions(self, b: Board, grid: Grid, gi: int) -> None:
        import itertools
        sizes = [len(labels) for labels, _ in grid.dimensions]
        index: dict[tuple[int, ...], str] = {}
        x1, y1, x2, y2 = grid.start
        for coords in itertools.product(*[range(n) for n in sizes]):
            name = "".join(grid.dimensions[k][0][i] for k, i in enumerate(coords))
            dx = sum(grid.dimensions[k][1][0] * i for k, i in enumerate(coords))
            dy = sum(grid.dimensions[k][1][1] * i for k, i in enumerate(coords))
            b.positions[name] = Position(name, (x1 + dx, y1 + dy, x2 + dx, y2 + dy), False, gi, coords)
            index[coords] = name
        for d, offs in grid.directions.items():
            links = b.links.setdefault(d, {})
            for coords, name in index.items():
                target = tuple(c + o for c, o in zip(coords, offs))
                if target in index:
                    links[name] = index[target]

    def zone(self, form: List) -> Zone:
        name, players, positions = "", [], []
        for item in form.args:
            if isinstance(item, List):
                vals = [_atom(a) for a in item.args]
                vals = [v for v in vals if v]
                if item.head == "name" and vals:
                    name = vals[0]
                elif item.head == "players":
                    players = vals
                elif item.head == "positions":
                    positions = vals
        if not name:
            self.report.add("E328", "zone without a name", form.span)
        return Zone(name, players, positions, form.span)

    # -- pieces and setup

    def piece(self, form: List) -> Piece | None:
        name_form = form.find("name")
        if name_form is None or len(name_form.items) < 2 or _atom(name_form.items[1]) is None:
            self.report.add("E330", "piece without a (name ...)", form.span)
            return None
        piece = Piece(_atom(name_form.items[1]) or "", span=form.span)
        for item in form.args:
            if not isinstance(item, List):
                self.report.add("E331", f"unexpected {excerpt(item)!r} in piece", item.span)
                continue
            if item.head == "attribute":
                if len(item.items) >= 3 and _atom(item.items[1]):
                    piece.attributes[_atom(item.items[1]) or ""] = _atom(item.items[2]) == "true"
                else:
                    self.report.add("E332", "attribute needs a name and a default", item.span)
            elif item.head in ("moves", "drops"):
                target = piece.moves if item.head == "moves" else piece.drops
                kind = "move" if item.head == "moves" else "drop"
                move_type: str | None = None
                for block in item.args:
                    if isinstance(block, List) and block.head == "move-type":
                        move_type = _atom(block.items[1]) if len(block.items) > 1 else None
                    else:
                        target.append(MoveBlock(block, move_type, kind))
            elif item.head == "dummy":
                piece.dummy = True
            else:
                piece.forms.append(item)
        return piece

    def setup(self, form: List) -> Setup:
        s = Setup()
        most = limits.current().placements
        for pl in form.args:
            if not isinstance(pl, List) or not pl.items or _atom(pl.items[0]) is None:
                self.report.add("E340", f"bad board-setup entry {excerpt(pl)!r}", pl.span)
                continue
            player = _atom(pl.items[0]) or ""
            for pc in pl.items[1:]:
                if not isinstance(pc, List) or not pc.items or _atom(pc.items[0]) is None:
                    self.report.add("E341", f"bad setup item {excerpt(pc)!r}", pc.span)
                    continue
                ptype = _atom(pc.items[0]) or ""
                items = pc.items[1:]
                i = 0
                while i < len(items):
                    a = items[i]
                    if isinstance(a, Atom) and a.text == "off" and i + 1 < len(items) and isinstance(items[i + 1], Atom) and items[i + 1].is_number:  # type: ignore[union-attr]
                        s.off[(player, ptype)] = items[i + 1].value  # type: ignore[union-attr]
                        i += 2
                        continue
                    if isinstance(a, Atom):
                        if len(s.placements) >= most:
                            self.report.add("E343", f"board-setup places more than {most} pieces; the rest"
                                              f" are left out ({limits.hint('placements')})", a.span)
                            return s
                        s.placements.append((player, ptype, a.text))
                    else:
                        self.report.add("E342", f"bad setup position {excerpt(a)!r}", a.span)
                    i += 1
        return s

    def goal(self, form: List) -> Goal | None:
        kind = cast(GoalKind, (form.head or "").split("-")[0])  # one of GOAL_FORMS, so one of GoalKind
        args = form.args
        if not args:
            self.report.add("E350", f"{form.head} needs a condition", form.span)
            return None
        if len(args) >= 2 and isinstance(args[0], List) and all(isinstance(a, Atom) for a in args[0].items):
            players = [a.text for a in args[0].items]  # type: ignore[union-attr]
            cond = args[1] if len(args) == 2 else List([Atom("and", form.span)] + args[1:], form.span)
        else:
            players = []
            cond = args[0] if len(args) == 1 else List([Atom("and", form.span)] + args, form.span)
        return Goal(kind, players, cond, form.span)
