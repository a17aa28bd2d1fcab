"""The ZRF linter: every check behind ``zrf check`` (docs/diagnostics.md lists the codes).

:func:`lint_file` reads, expands and models a file (reader ``E1xx``, macro
``E2xx`` and model ``E30x..E35x`` diagnostics come from those stages), then
walks every game and variant with the keyword tables below:

* **structure**: unknown keywords and wrong arity in game/variant, board,
  grid, zone and piece forms (``E305``, ``E380``);
* **move programs** (SEMANTICS §5): statements, conditions, keyword arity,
  and every name a program uses (directions, positions, pieces, zones,
  players, attributes, move types) checked against the game (``E36x``,
  ``E37x``), plus flow warnings (``W36x``);
* **setups, goals, turn order, priorities**: undefined names and
  suspicious but legal declarations (``W3xx``).

An unknown list head is reported as an undefined macro (``E230``) unless it
is close to a keyword valid at that place, then as an unknown keyword with a
suggestion.  Files with ``(engine ...)`` get ``A001`` (they need an Axiom
plug-in) and their move-less helper pieces are not flagged.

Variants inherit most forms of their game, so the same finding would repeat
per menu entry: :class:`zrf.diagnostics.Report` keeps each (code, place,
message) once.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Iterable

from .diagnostics import ERROR, INFO, Diagnostic, Report, ZrfError
from .model import OLD_OPTIONS, GameDef, ZrfFile, build_model
from .macros import expand_document
from .reader import read_file
from .syntax import Atom, List, Node, Span, String, excerpt, to_text

#: Unbounded maximum arity.
MANY = None

# --------------------------------------------------------------------------- keyword tables
# Each table maps a keyword to (minimum, maximum) argument count (MANY = no maximum).

#: Top-level forms (SEMANTICS §2).
TOP_LEVEL = {"game": (0, MANY), "variant": (0, MANY), "define": (1, MANY),
             "include": (1, 1), "version": (1, 1)}

#: Presentation-only keywords: kept by the model, never interpreted (SEMANTICS §2.2).
PRESENTATION = {
    "title": (1, MANY), "description": (0, MANY), "history": (0, MANY), "strategy": (0, MANY),
    "help": (0, MANY), "notation": (0, MANY), "open": (0, MANY), "solution": (0, MANY),
    "translate": (0, MANY), "image": (0, MANY), "music": (0, MANY),
    "move-sound": (0, MANY), "release-sound": (0, MANY), "capture-sound": (0, MANY),
    "drop-sound": (0, MANY), "click-sound": (0, MANY), "change-sound": (0, MANY),
    "draw-sound": (0, MANY), "win-sound": (0, MANY), "loss-sound": (0, MANY),
    "opening-sound": (0, MANY),
}

#: Forms allowed directly inside ``(game ...)`` or ``(variant ...)``.
GAME_LEVEL = {
    **PRESENTATION,
    "players": (1, MANY), "turn-order": (1, MANY), "move-priorities": (1, MANY),
    "board": (0, MANY), "board-setup": (0, MANY), "piece": (1, MANY),
    "option": (2, 2), "default": (0, 0), "engine": (1, 1),
    "win-condition": (1, MANY), "loss-condition": (1, MANY),
    "draw-condition": (1, MANY), "count-condition": (1, MANY),
    **{old: (1, 1) for old in OLD_OPTIONS}, "allow-flipping": (1, 1),
    "version": (1, 1),
}

#: Forms inside ``(board ...)`` (SEMANTICS §3).
BOARD_LEVEL = {
    "image": (0, MANY), "grid": (1, MANY), "positions": (0, MANY), "links": (1, MANY),
    "unlink": (0, MANY), "kill-positions": (0, MANY), "dummy": (0, MANY),
    "symmetry": (1, MANY), "zone": (1, MANY),
}
GRID_LEVEL = {"start-rectangle": (4, 4), "dimensions": (1, MANY), "directions": (0, MANY)}
ZONE_LEVEL = {"name": (1, 1), "players": (0, MANY), "positions": (0, MANY)}

#: Forms inside ``(piece ...)`` (SEMANTICS §4.1).
PIECE_LEVEL = {
    "name": (1, 1), "help": (0, MANY), "description": (0, MANY), "notation": (0, MANY),
    "image": (0, MANY), "attribute": (2, 2), "moves": (0, MANY), "drops": (0, MANY),
    "dummy": (0, 0), "open": (0, MANY), "history": (0, MANY), "strategy": (0, MANY),
}

#: Bare atoms that are statements in a move program (SEMANTICS §5.3-§5.7).
STATEMENT_ATOMS = frozenset({
    "mark", "back", "from", "to", "add", "add-copy", "add-partial", "add-copy-partial",
    "cascade", "capture", "flip", "change-owner", "create",
})
#: Statements written as lists: keyword -> arity.
STATEMENT_LISTS = {
    "verify": (1, 1), "if": (1, MANY), "while": (1, MANY),
    "add": (0, MANY), "add-copy": (0, MANY), "add-partial": (1, MANY), "add-copy-partial": (1, MANY),
    "capture": (0, 1), "flip": (0, 1), "change-owner": (0, 1), "change-type": (1, 2),
    "create": (0, 3), "set-attribute": (2, 3), "set-flag": (2, 2), "set-position-flag": (2, 3),
    "go": (1, 1), "opposite": (1, 1), "mark": (0, 1), "back": (0, 0), "from": (0, 1),
    "to": (0, 1), "cascade": (0, 0),
}
GO_TARGETS = frozenset({"from", "to", "mark", "last-from", "last-to"})

#: Predicates that take only an optional direction or position (SEMANTICS §5.4).
SIMPLE_PREDICATES = frozenset({
    "empty?", "friend?", "enemy?", "neutral?", "marked?", "last-from?", "last-to?",
    "attacked?", "defended?", "adjacent-to-enemy?", "goal-position?",
})
#: Every predicate (with its ``not-`` form) and its arity.
PREDICATES: dict[str, tuple[int, int | None]] = {}
for _p in SIMPLE_PREDICATES:
    PREDICATES[_p] = PREDICATES["not-" + _p] = (0, 1)
for _p, _arity in {"piece?": (1, 2), "in-zone?": (1, 2), "on-board?": (0, 1), "position?": (1, 1),
                   "flag?": (1, 1), "position-flag?": (1, 2)}.items():
    PREDICATES[_p] = PREDICATES["not-" + _p] = _arity
CONDITION_LISTS = {"and": (1, MANY), "or": (1, MANY), "not": (1, 1)}

#: Goal conditions (SEMANTICS §6.1).
GOAL_ATOMS = frozenset({"stalemated", "repetition", "true", "false"})
GOAL_LISTS = {
    "and": (1, MANY), "or": (1, MANY), "not": (1, 1),
    "pieces-remaining": (1, 2), "total-piece-count": (1, 2), "absolute-config": (2, MANY),
    "relative-config": (1, MANY), "checkmated": (0, MANY), "captured": (0, MANY),
    "stalemated": (0, 0), "repetition": (0, 0),
}
OCCUPIER_LISTS = {"opponent": (1, 1), "any-owner": (1, 1), "not": (1, 1)}

#: Every keyword of the language, for "did you mean" suggestions and for docs.
ALL_KEYWORDS = frozenset(
    list(TOP_LEVEL) + list(GAME_LEVEL) + list(BOARD_LEVEL) + list(GRID_LEVEL) + list(ZONE_LEVEL)
    + list(PIECE_LEVEL) + list(STATEMENT_ATOMS) + list(STATEMENT_LISTS) + list(PREDICATES)
    + list(CONDITION_LISTS) + list(GOAL_ATOMS) + list(GOAL_LISTS) + list(OCCUPIER_LISTS)
    + ["else", "true", "false", "move-type", "repeat", "off"]
)


# --------------------------------------------------------------------------- entry points


@dataclass
class LintResult:
    """What ``zrf check`` needs: the diagnostics and, when the file was built, its model."""

    path: str
    diagnostics: list[Diagnostic]
    model: ZrfFile | None = None
    #: True when the file could not be read at all (exit status 2)
    unreadable: bool = False

    @property
    def has_errors(self) -> bool:
        return any(d.severity == ERROR for d in self.diagnostics)


def lint_file(path: str, variant: str | None = None) -> LintResult:
    """Read, build and lint ``path``; never raises for bad ZRF input."""
    try:
        doc = read_file(path)
    except ZrfError as exc:
        unreadable = any(d.code in ("E001", "E002", "E003") for d in exc.diagnostics)
        return LintResult(path, list(exc.diagnostics), None, unreadable)
    expanded = expand_document(doc)
    zf = build_model(expanded, path, doc.encoding)
    return LintResult(path, lint_model(zf, variant), zf)


def lint_model(zf: ZrfFile, variant: str | None = None) -> list[Diagnostic]:
    """Every diagnostic for a built file: build-time ones plus the linter's, deduplicated, sorted.

    ``variant`` restricts the per-game checks to that menu entry (KeyError if unknown).
    """
    report = Report()
    report.merge(zf.report)
    entries = [g for g in zf.games if g.playable]
    if variant is not None:
        entries = [zf.entry(variant)]
    if zf.needs_engine:
        engines = sorted({g.engine for g in zf.games if g.engine})
        span = next((g.forms["engine"][0].span for g in zf.games if "engine" in g.forms), Span(zf.path, 1, 1))
        report.add("A001", f"needs the Axiom engine plug-in {', '.join(engines)}: its moves and goals "
                   "are generated by that DLL, so this file can be read and checked but not played",
                   span, INFO)
    _check_structure(zf, report)
    shared: dict = {}
    for g in entries:
        _GameLinter(g, report, zf, shared).run()
    return _sorted(report, zf.path)


def _sorted(report: Report, path: str) -> list[Diagnostic]:
    """The report's diagnostics in file order (the Report already merged repeats), then E090 if any were dropped."""
    out = sorted(report.diagnostics,
                 key=lambda d: (d.span.root().file, d.span.root().line, d.span.root().col, d.code))
    summary = report.summary(path)
    return out + [summary] if summary is not None else out


# --------------------------------------------------------------------------- structure


def _arity(form: List, table: dict, where: str, report: Report) -> None:
    lo, hi = table[form.head]
    n = len(form.items) - 1
    if n < lo or (hi is not None and n > hi):
        want = (f"{lo}" if lo == hi else f"at least {lo}" if hi is None else f"{lo} to {hi}")
        report.error("E380", f"{form.head!r} takes {want} argument{'s' if want != '1' else ''}, got {n}",
                     form.span)


def _unknown_head(form: List, table: dict, where: str, report: Report) -> None:
    """Report a list whose head is not valid here: unknown keyword (close to one) or undefined macro."""
    head = form.head
    if head is None:
        report.error("E304", f"unexpected {excerpt(form)!r} in {where}", form.span)
        return
    close = difflib.get_close_matches(head, list(table), n=1, cutoff=0.8)
    if close:
        report.error("E305", f"unknown keyword {head!r} in {where} (did you mean {close[0]!r}?)", form.span)
    elif head in ALL_KEYWORDS:
        report.error("E305", f"keyword {head!r} is not allowed in {where}", form.span)
    else:
        report.error("E230", f"undefined macro {head!r} (not a keyword allowed in {where})", form.span)


def _check_forms(items: Iterable[Node], table: dict, where: str, report: Report,
                 non_lists: bool = True) -> list[List]:
    """Check every list in ``items`` against ``table``; returns the known ones.

    ``non_lists=False`` leaves stray atoms to the model builder, which reports them
    with its own code (E320 in a board, E331 in a piece).
    """
    known = []
    for item in items:
        if not isinstance(item, List):
            if non_lists:
                report.error("E304", f"unexpected {excerpt(item)!r} in {where}", item.span)
            continue
        if item.head in table:
            _arity(item, table, where, report)
            known.append(item)
        else:
            _unknown_head(item, table, where, report)
    return known


def _check_structure(zf: ZrfFile, report: Report) -> None:
    """Keywords and arity of game, board, grid, zone and piece forms (each source form once)."""
    for top in zf.expanded.forms:
        if not isinstance(top, List) or top.head not in ("game", "variant"):
            continue
        for form in _check_forms(top.args, GAME_LEVEL, top.head, report):
            if form.head == "board":
                for b in _check_forms(form.args, BOARD_LEVEL, "board", report, non_lists=False):
                    if b.head == "grid":
                        _check_forms(b.args, GRID_LEVEL, "grid", report)
                    elif b.head == "zone":
                        _check_forms(b.args, ZONE_LEVEL, "zone", report)
            elif form.head == "piece":
                _check_forms(form.args, PIECE_LEVEL, "piece", report, non_lists=False)


# --------------------------------------------------------------------------- per game


@dataclass
class _Names:
    """Every name a game defines, for lookups while walking its programs."""

    players: set[str] = field(default_factory=set)
    pieces: set[str] = field(default_factory=set)
    directions: set[str] = field(default_factory=set)
    positions: set[str] = field(default_factory=set)
    killed: set[str] = field(default_factory=set)
    zones: set[str] = field(default_factory=set)
    attributes: set[str] = field(default_factory=set)
    flags: set[str] = field(default_factory=set)
    position_flags: set[str] = field(default_factory=set)
    move_types: set[str] = field(default_factory=set)


class _GameLinter:
    """Semantic checks of one menu entry (names, programs, goals, warnings)."""

    def __init__(self, game: GameDef, report: Report, zf: ZrfFile, shared: dict | None = None):
        #: caches shared by the entries of one file (variants share most programs)
        self.shared = shared if shared is not None else {}
        self.g = game
        self.report = report
        self.zf = zf
        self.axiom = game.engine is not None
        b = game.board
        n = _Names()
        n.players = set(game.players)
        n.pieces = set(game.pieces)
        n.directions = set(b.directions)
        for table in b.symmetry.values():
            n.directions.update(table)
            n.directions.update(table.values())
        n.positions = set(b.positions)
        n.killed = set(getattr(b, "killed", ()))
        n.zones = set(b.zone_names())
        for p in game.pieces.values():
            n.attributes.update(p.attributes)
            for blk in p.blocks:
                if blk.move_type:
                    n.move_types.add(blk.move_type)
        self.n = n
        self._collect_flags()
        self.fingerprint = hash(tuple(frozenset(v) for v in vars(n).values())) ^ hash(self.axiom)

    def _collect_flags(self) -> None:
        cache = self.shared.setdefault("flags", {})
        for p in self.g.pieces.values():
            for blk in p.blocks:
                key = id(blk.program)
                if key not in cache:
                    flags, pflags = set(), set()
                    for node in _walk_lists(blk.program):
                        if len(node.items) > 1 and isinstance(node.items[1], Atom):
                            if node.head == "set-flag":
                                flags.add(node.items[1].text)
                            elif node.head == "set-position-flag":
                                pflags.add(node.items[1].text)
                    cache[key] = (flags, pflags)
                self.n.flags |= cache[key][0]
                self.n.position_flags |= cache[key][1]

    # -- reporting helpers

    def err(self, code: str, msg: str, span: Span) -> None:
        self.report.error(code, msg, span)

    def warn(self, code: str, msg: str, span: Span) -> None:
        self.report.warning(code, msg, span)

    def run(self) -> None:
        self.check_players()
        self.check_board()
        self.check_pieces()
        self.check_setup()
        self.check_goals()

    # -- players, turn order, priorities

    def check_players(self) -> None:
        g = self.g
        to_forms = g.forms.get("turn-order", [])
        if to_forms:
            for item in to_forms[-1].args:
                atoms = [item] if isinstance(item, Atom) else [i for i in item.items if isinstance(i, Atom)] \
                    if isinstance(item, List) else []
                if isinstance(item, Atom) and item.text == "repeat":
                    continue
                for k, a in enumerate(atoms[:2]):
                    if a.text not in self.n.players:
                        if k == 1 and len(atoms) == 2:
                            continue  # (P mt): checked as a move type below
                        self.err("E374", f"turn-order names unknown player {a.text!r}", a.span)
            for e, item in zip(g.turn_order.entries, [i for i in to_forms[-1].args
                                                      if not (isinstance(i, Atom) and i.text == "repeat")]):
                if e.move_type and e.move_type not in self.n.move_types:
                    self.warn("W377", f"turn-order move type {e.move_type!r} is not declared by any piece"
                              " (that turn has no moves)", item.span)
        for form in g.forms.get("move-priorities", [])[-1:]:
            for a in form.args:
                if isinstance(a, Atom) and a.text not in self.n.move_types:
                    self.warn("W311", f"move-priorities names move type {a.text!r} that no piece declares",
                              a.span)

    # -- board

    def check_board(self) -> None:
        b = self.g.board
        for z in b.zones:
            for p in z.players:
                if p not in self.n.players:
                    self.warn("W321", f"zone {z.name!r} is declared for {p!r}, which is not a player", z.span)
            for pos in z.positions:
                if pos not in self.n.positions and pos not in self.n.killed:
                    self.err("E373", f"zone {z.name!r} names unknown position {pos!r}", z.span)
        for player in b.symmetry:
            if player not in self.n.players:
                self.warn("W322", f"symmetry is declared for {player!r}, which is not a player", b.span)
        for d in b.directions:
            if d in b.positions:
                self.warn("W323D", f"direction {d!r} is also a position name: in a move program the atom "
                          "means the direction, so that position cannot be named there", b.span)

    # -- pieces and programs

    def check_pieces(self) -> None:
        for piece in self.g.pieces.values():
            if not piece.blocks and not piece.dummy and not self.axiom:
                self.warn("W330", f"piece {piece.name!r} has no moves or drops and is not a (dummy)",
                          piece.span)
            done = self.shared.setdefault("programs", set())
            for blk in piece.blocks:
                key = (id(blk.program), self.fingerprint, piece.name)
                if key in done:
                    continue  # same program, same names: an earlier entry reported it already
                done.add(key)
                _ProgramChecker(self, piece.name, blk.kind).block(blk.program)
            if piece.drops and not self.axiom:
                stocked = any(t == piece.name and n > 0 for (_, t), n in self.g.setup.off.items())
                if not stocked:
                    self.warn("W340", f"piece {piece.name!r} has drops but no player gets off-board stock of it"
                              " (board-setup ... off N): its drops never happen", piece.drops[0].span)

    # -- setup

    def check_setup(self) -> None:
        form = (self.g.forms.get("board-setup") or [None])[-1]
        if form is None:
            return
        for pl in form.args:
            if not isinstance(pl, List) or not pl.items or not isinstance(pl.items[0], Atom):
                continue
            if pl.items[0].text not in self.n.players:
                self.err("E374", f"board-setup names unknown player {pl.items[0].text!r}", pl.items[0].span)
            for pc in pl.items[1:]:
                if not isinstance(pc, List) or not pc.items or not isinstance(pc.items[0], Atom):
                    continue
                if pc.items[0].text not in self.n.pieces:
                    self.err("E370", f"board-setup names unknown piece {pc.items[0].text!r}", pc.items[0].span)
                skip = False
                for a in pc.items[1:]:
                    if skip:
                        skip = False
                        continue
                    if isinstance(a, Atom) and a.text == "off":
                        skip = True
                        continue
                    if isinstance(a, Atom):
                        self.position_ref(a, "board-setup", setup=True)

    def position_ref(self, a: Atom, where: str, setup: bool = False) -> None:
        if a.text in self.n.positions:
            return
        if a.text in self.n.killed:
            self.warn("W341", f"{where} uses killed position {a.text!r}", a.span)
        else:
            self.err("E373", f"{where} names unknown position {a.text!r}", a.span)

    # -- goals

    def check_goals(self) -> None:
        for goal in self.g.goals:
            for p in goal.players:
                if p not in self.n.players:
                    self.err("E374", f"{goal.kind}-condition names unknown player {p!r}", goal.span)
            self.goal_condition(goal.condition)

    def goal_condition(self, node: Node) -> None:
        if isinstance(node, Atom):
            if node.text not in GOAL_ATOMS:
                self.err("E350", f"unknown goal condition {node.text!r}", node.span)
            return
        if not isinstance(node, List):
            self.err("E350", f"unexpected {excerpt(node)!r} in a goal", node.span)
            return
        head = node.head
        if head not in GOAL_LISTS:
            if head is None:
                self.err("E350", f"unexpected {excerpt(node)!r} in a goal", node.span)
            else:
                _unknown_head(node, GOAL_LISTS, "a goal", self.report)
            return
        _arity(node, GOAL_LISTS, "goal", self.report)
        args = node.args
        if head in ("and", "or", "not"):
            for a in args:
                self.goal_condition(a)
        elif head in ("pieces-remaining", "total-piece-count"):
            if args and not (isinstance(args[0], Atom) and args[0].is_number):
                self.err("E351", f"{head} needs a number first, got {excerpt(args[0])!r}", args[0].span)
            for a in args[1:]:
                self.piece_ref(a, head)
        elif head in ("checkmated", "captured"):
            for a in args:
                self.piece_ref(a, head)
        elif head == "absolute-config":
            for occ in args[:-1]:
                self.occupier(occ)
            last = args[-1]
            for p in (last.items if isinstance(last, List) else [last]):
                if isinstance(p, Atom) and p.text not in self.n.zones:
                    self.position_ref(p, "absolute-config")
        elif head == "relative-config":
            for k, a in enumerate(args):
                if k % 2 == 0:
                    self.occupier(a)
                elif isinstance(a, Atom):
                    self.direction_ref(a, "relative-config")

    def occupier(self, node: Node) -> None:
        if isinstance(node, Atom):
            self.piece_ref(node, "absolute-config")
        elif isinstance(node, List) and node.head in OCCUPIER_LISTS:
            _arity(node, OCCUPIER_LISTS, "occupier", self.report)
            for a in node.args:
                self.occupier(a)
        elif isinstance(node, List):
            # a list of alternative occupiers
            for a in node.items:
                self.occupier(a)

    # -- name references

    def piece_ref(self, a: Node, where: str) -> None:
        if isinstance(a, Atom):
            if a.text not in self.n.pieces:
                self.err("E370", f"{where} names unknown piece {a.text!r}", a.span)
        else:
            self.err("E370", f"{where} expects a piece name, got {excerpt(a)!r}", a.span)

    def direction_ref(self, a: Atom, where: str) -> None:
        if a.text not in self.n.directions:
            self.err("E371", f"{where} names unknown direction {a.text!r}", a.span)

    def place_ref(self, a: Node, where: str) -> None:
        """A direction-or-position argument; ``(opposite d)`` is one too (Chu Shogi's ``(enemy? (opposite n))``)."""
        if isinstance(a, List) and a.head == "opposite" and len(a.items) == 2 and isinstance(a.items[1], Atom):
            self.direction_ref(a.items[1], "opposite")
            return
        if not isinstance(a, Atom):
            self.err("E362", f"{where} expects a direction or position, got {excerpt(a)!r}", a.span)
        elif a.text in self.n.directions or a.text in self.n.positions:
            return
        elif a.text in self.n.killed:
            self.warn("W341", f"{where} uses killed position {a.text!r}", a.span)
        else:
            self.err("E371", f"{where} names unknown direction or position {a.text!r}", a.span)


def _is_statement_keyword(node: Node) -> bool:
    """True for a statement keyword atom or a list headed by one (add, verify, while ...)."""
    if isinstance(node, Atom):
        return node.text in STATEMENT_ATOMS
    return isinstance(node, List) and node.head in STATEMENT_LISTS


def _walk_lists(node: Node):
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, List):
            yield n
            stack.extend(reversed(n.items))


class _ProgramChecker:
    """Walks one move or drop block: statements, conditions and the names they use."""

    def __init__(self, game: _GameLinter, piece: str, kind: str):
        self.gl = game
        self.n = game.n
        self.piece = piece
        self.kind = kind
        self.adds = 0

    def block(self, program: Node) -> None:
        if not isinstance(program, List):
            self.gl.err("E361", f"a move block is a list of statements, got {excerpt(program)!r}",
                        program.span)
            return
        head = program.items[0] if program.items else None
        if (isinstance(head, Atom) and not self._known_atom(head.text) and head.text not in ALL_KEYWORDS
                and not any(_is_statement_keyword(i) for i in program.items[1:])):
            # (slide n) with no macro 'slide': a call, not a program starting at an unknown cell
            self.gl.err("E230", f"undefined macro {head.text!r} (not a keyword, direction or position)",
                        program.span)
            return
        self.sequence(program.items)
        if self.adds == 0 and not self.gl.axiom and program.items:
            self.gl.warn("W361", f"move block of {self.piece!r} never adds a move (no add, add-copy or"
                         " add-partial)", program.span)

    def _known_atom(self, t: str) -> bool:
        return (t in STATEMENT_ATOMS or t in self.n.directions or t in self.n.positions
                or t in self.n.killed or t == "else")

    def sequence(self, items: list[Node], in_if: bool = False) -> None:
        after_while_true: Node | None = None
        for item in items:
            if after_while_true is not None:
                self.gl.warn("W362", "unreachable: a (while true ...) loop only ends by stopping the block,"
                             f" so {excerpt(item)!r} never runs", item.span)
                after_while_true = None
                continue
            self.statement(item, in_if)
            if (isinstance(item, List) and item.head == "while" and len(item.items) > 1
                    and isinstance(item.items[1], Atom) and item.items[1].text == "true"):
                after_while_true = item

    def statement(self, node: Node, in_if: bool) -> None:
        gl = self.gl
        if isinstance(node, String):
            gl.err("E361", f"unexpected string {excerpt(node)!r} in a move program", node.span)
            return
        if isinstance(node, Atom):
            t = node.text
            if t in STATEMENT_ATOMS:
                if t.startswith("add"):
                    self.adds += 1
                if t == "from" and self.kind == "drop":
                    pass
                return
            if t == "else":
                if not in_if:
                    gl.err("E363", "'else' outside an (if ...)", node.span)
                return
            if t in self.n.directions or t in self.n.positions:
                return
            if t in self.n.killed:
                gl.warn("W341", f"move program jumps to killed position {t!r}", node.span)
                return
            if t in PREDICATES or t in ("true", "false") or t in self.n.attributes:
                gl.err("E364", f"condition {t!r} used as a statement (wrap it in (verify ...))", node.span)
                return
            if t in ALL_KEYWORDS:
                gl.err("E305", f"keyword {t!r} cannot stand alone as a statement here", node.span)
                return
            gl.err("E371", f"unknown direction or position {t!r} in a move program", node.span)
            return
        head = node.head
        if head is None:
            if node.items:
                gl.err("E361", f"unexpected {excerpt(node)!r} in a move program", node.span)
            return
        if head in self.n.directions or head in self.n.positions:
            # a nested statement group, e.g. from a macro whose body is one list
            self.sequence(node.items, in_if)
            return
        if head not in STATEMENT_LISTS:
            if head in PREDICATES or head in self.n.attributes or head in CONDITION_LISTS:
                gl.err("E364", f"condition {excerpt(node)!r} used as a statement (wrap it in (verify ...))",
                       node.span)
            else:
                _unknown_head(node, STATEMENT_LISTS, "a move program", gl.report)
            return
        _arity(node, STATEMENT_LISTS, "move program", gl.report)
        args = node.args
        if head == "verify":
            for a in args:
                self.condition(a)
        elif head == "if":
            if args:
                self.condition(args[0])
                self.sequence(args[1:], in_if=True)
        elif head == "while":
            if args:
                self.condition(args[0])
                self.sequence(args[1:])
        elif head in ("add", "add-copy"):
            self.adds += 1
            for a in args:
                gl.piece_ref(a, head)
        elif head in ("add-partial", "add-copy-partial"):
            self.adds += 1
            for a in args[:-1]:  # (add-partial T1 T2 mt): promotion choices, as KoShogi writes
                gl.piece_ref(a, head)
            if args:
                mt = args[-1]
                if isinstance(mt, Atom) and mt.text not in self.n.move_types:
                    gl.warn("W377", f"{head} continues with move type {mt.text!r} that no piece declares"
                            " (the turn ends there)", mt.span)
        elif head in ("capture", "flip", "change-owner", "mark", "from", "to"):
            for a in args:
                gl.place_ref(a, head)
        elif head == "change-type":
            gl.piece_ref(args[0], head)
            for a in args[1:]:
                gl.place_ref(a, head)
        elif head == "create":
            self.create(node)
        elif head == "set-attribute":
            a = args[0]
            if not (isinstance(a, Atom) and a.text in self.n.attributes):
                gl.err("E375", f"set-attribute names undeclared attribute {excerpt(a)!r}", a.span)
            self.condition(args[1])
            for a in args[2:]:
                gl.place_ref(a, head)
        elif head in ("set-flag", "set-position-flag"):
            if not isinstance(args[0], Atom):
                gl.err("E362", f"{head} expects a flag name, got {excerpt(args[0])!r}", args[0].span)
            self.condition(args[1])
            for a in args[2:]:
                gl.place_ref(a, head)
        elif head == "go":
            a = args[0]
            if not (isinstance(a, Atom) and a.text in GO_TARGETS):
                gl.err("E362", f"go expects one of {', '.join(sorted(GO_TARGETS))}, got {excerpt(a)!r}",
                       a.span)
        elif head == "opposite":
            a = args[0]
            if isinstance(a, Atom):
                gl.direction_ref(a, "opposite")
            else:
                gl.err("E362", f"opposite expects a direction, got {excerpt(a)!r}", a.span)

    def create(self, node: List) -> None:
        """``(create [Player] [Type] [where])``: each argument is told apart by the namespace it is in."""
        gl = self.gl
        for a in node.args:
            if not isinstance(a, Atom):
                gl.err("E362", f"create expects names, got {excerpt(a)!r}", a.span)
            elif (a.text in self.n.players or a.text in self.n.pieces or a.text in self.n.directions
                  or a.text in self.n.positions):
                continue
            else:
                gl.err("E370", f"create names unknown player, piece, direction or position {a.text!r}", a.span)

    def condition(self, node: Node) -> None:
        gl = self.gl
        if isinstance(node, Atom):
            t = node.text
            if t in ("true", "false") or t in PREDICATES and PREDICATES[t][0] == 0:
                return
            if t in self.n.attributes:
                return
            if t in PREDICATES:
                gl.report.error("E380", f"{t!r} takes at least {PREDICATES[t][0]} argument, got 0", node.span)
                return
            if t.startswith("not-") and t[4:] in self.n.attributes:
                return
            if t.endswith("?"):
                gl.err("E375", f"unknown predicate or undeclared attribute {t!r}", node.span)
            else:
                gl.err("E365", f"{t!r} is not a condition (predicates are keywords ending in '?',"
                       " attributes, true or false)", node.span)
            return
        if not isinstance(node, List) or node.head is None:
            gl.err("E365", f"{excerpt(node)!r} is not a condition", node.span)
            return
        head = node.head
        args = node.args
        if head in CONDITION_LISTS:
            _arity(node, CONDITION_LISTS, "condition", gl.report)
            for a in args:
                self.condition(a)
            return
        if head in self.n.attributes or (head.startswith("not-") and head[4:] in self.n.attributes):
            for a in args[:1]:
                gl.place_ref(a, head)
            if len(args) > 1:
                gl.report.error("E380", f"attribute {head!r} takes 0 to 1 argument, got {len(args)}", node.span)
            return
        if head not in PREDICATES:
            if head.endswith("?"):
                gl.err("E375", f"unknown predicate or undeclared attribute {head!r}", node.span)
            else:
                _unknown_head(node, {**PREDICATES, **CONDITION_LISTS}, "a condition", gl.report)
            return
        _arity(node, PREDICATES, "condition", gl.report)
        base = head[4:] if head.startswith("not-") else head
        if base == "piece?":
            if args:
                gl.piece_ref(args[0], head)
            for a in args[1:]:
                gl.place_ref(a, head)
        elif base == "in-zone?":
            if args:
                z = args[0]
                if not (isinstance(z, Atom) and z.text in self.n.zones):
                    gl.err("E372", f"{head} names unknown zone {excerpt(z)!r}", z.span)
            for a in args[1:]:
                gl.place_ref(a, head)
        elif base in ("flag?", "position-flag?"):
            if args:
                f = args[0]
                known = self.n.flags if base == "flag?" else self.n.position_flags
                if isinstance(f, Atom) and f.text not in known:
                    setter = "set-flag" if base == "flag?" else "set-position-flag"
                    gl.warn("W376", f"{head} tests flag {f.text!r} that no {setter} ever sets (always false)",
                            f.span)
            for a in args[1:]:
                gl.place_ref(a, head)
        elif base == "position?":
            if args and isinstance(args[0], Atom):
                gl.position_ref(args[0], head)
        elif base in ("attacked?", "defended?") and args and isinstance(args[0], Atom) \
                and args[0].text in self.n.move_types:
            pass  # LeShogi's (attacked? no-king): a move type, accepted by Zillions
        else:
            for a in args:
                gl.place_ref(a, head)
