"""The ZRF linter: every check behind ``zrf check`` (docs/diagnostics.md lists the codes).

:func:`lint_file` reads, expands and models a file (reader ``E1xx``, macro
``E2xx`` and model ``E30x..E35x`` diagnostics come from those stages), then
walks every game and variant, checking every form against its use in the
keyword table (:mod:`zrf.keywords`: arity, argument kinds, and the named
``check_*`` method of a keyword that needs more):

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
import gc
from dataclasses import dataclass, field
from typing import Callable, Iterable

from . import keywords as kw
from . import limits
from .codes import Effect
from .diagnostics import ERROR, Diagnostic, Report, ZrfError
from .keywords import (ALL_KEYWORDS, BOARD, CONDITION, GAME, GO_TARGETS, GOAL, GRID, OCCUPIER, PIECE, STATEMENT,
                       ZONE, Use)
from .recheck_memo import RecheckMemo, RecordingReport
from .model import GameDef, MoveBlock, ZrfFile, build_model
from .macros import IncludeReader, expand_document
from .reader import read_file
from .syntax import Atom, Document, List, Node, Span, String, excerpt

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
        return any(d.severity is ERROR for d in self.diagnostics)


def lint_file(path: str, variant: str | None = None) -> LintResult:
    """Read, build and lint ``path``; never raises for bad ZRF input."""
    try:
        doc = read_file(path)
    except ZrfError as exc:
        unreadable = any(d.entry.effect is Effect.UNREADABLE for d in exc.diagnostics)
        return LintResult(path, list(exc.diagnostics), None, unreadable)
    return lint_document(doc, variant)


class Cancelled(Exception):
    """The caller's ``cancelled`` answered True, so the checks stopped before the end."""


#: Asked now and then during a long check: True stops it with :class:`Cancelled`.
CancelCheck = Callable[[], bool]


def _stop_if(cancelled: CancelCheck | None) -> None:
    if cancelled is not None and cancelled():
        raise Cancelled()


def lint_document(doc: Document, variant: str | None = None, read_include: IncludeReader | None = None,
                  cancelled: CancelCheck | None = None, memo: RecheckMemo | None = None) -> LintResult:
    """Build and lint a parsed document: what :func:`lint_file` does once the file is read.

    ``read_include`` reads the files it includes (default: from disk); an editor
    passes one that answers with the text of its open, unsaved buffers.  An
    editor also passes ``cancelled``, asked between the stages and between the
    pieces checked: once it answers True the text has changed, the result would
    be stale, and :class:`Cancelled` is raised.  ``memo`` carries expansions and what checking
    each move block found from one check of the same file to the next (:mod:`zrf.recheck_memo`).
    """
    try:
        _stop_if(cancelled)
        expanded = expand_document(doc, read_include=read_include, memo=memo)
        _stop_if(cancelled)
        zf = build_model(expanded, doc.path, doc.encoding)
        _stop_if(cancelled)
        found = lint_model(zf, variant, cancelled, memo)
    except Cancelled:
        if memo is not None:
            memo.abandon()
        raise
    if memo is not None:
        memo.finish()
    return LintResult(doc.path, found, zf)


def internal_error(path: str, exc: BaseException) -> Diagnostic:
    """E000: a bug met while checking ``path``, reported for that file so a run goes on."""
    return Diagnostic("E000", f"internal error {type(exc).__name__} while checking this file "
                      f"(please report it): {str(exc)[:120]}", Span(path, 1, 1))


def lint_model(zf: ZrfFile, variant: str | None = None, cancelled: CancelCheck | None = None,
               memo: RecheckMemo | None = None) -> list[Diagnostic]:
    """Every diagnostic for a built file: build-time ones plus the linter's, deduplicated, sorted.

    ``variant`` restricts the per-game checks to that menu entry (KeyError if unknown);
    ``cancelled`` may stop the checks and ``memo`` spare some (see :func:`lint_document`; the
    expansion that built ``zf`` began it).
    """
    # The checks allocate many small acyclic objects beside a large expanded tree: keep the
    # cyclic garbage collector from rescanning that tree (a fifth of the time of a big file).
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _lint_model(zf, variant, cancelled, memo)
    finally:
        if gc_was_enabled:
            gc.enable()


def _lint_model(zf: ZrfFile, variant: str | None, cancelled: CancelCheck | None,
                memo: RecheckMemo | None) -> list[Diagnostic]:
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
                   span)
    _check_structure(zf, report)
    shared: dict = {}
    for g in entries:
        _stop_if(cancelled)
        try:
            _GameLinter(g, report, zf, shared, cancelled, memo).run()
        except RecursionError:
            report.add("E222", f"the forms of {g.title!r} nest too deeply to check (raised "
                         f"{limits.hint('expanded_nesting')}?)", g.span)
    return _sorted(report, zf.path)


def _sorted(report: Report, path: str) -> list[Diagnostic]:
    """The report's diagnostics in file order (the Report already merged repeats), then E090 if any were dropped."""
    out = sorted(report.diagnostics,
                 key=lambda d: (d.span.root().file, d.span.root().line, d.span.root().col, d.code))
    summary = report.summary(path)
    return out + [summary] if summary is not None else out


# --------------------------------------------------------------------------- structure


def _arity(form: List, use: Use, report: Report) -> bool:
    """E380 unless ``form`` has an argument count its keyword takes here; True when it does."""
    n = len(form.items) - 1
    if use.accepts(n):
        return True
    if use.arity is None:
        report.add("E380", f"{form.head!r} takes no arguments and is written alone, not as a list", form.span)
        return False
    want = use.arity_text()
    report.add("E380", f"{form.head!r} takes {want} argument{'s' if want != '1' else ''}, got {n}",
                 form.span)
    return False


def _unknown_head(form: List, context: str, where: str, report: Report) -> None:
    """Report a list whose head is not valid here: unknown keyword (close to one) or undefined macro."""
    head = form.head
    if head is None:
        report.add("E304", f"unexpected {excerpt(form)!r} in {where}", form.span)
        return
    close = difflib.get_close_matches(head, list(kw.table(context)), n=1, cutoff=0.8)
    if close:
        report.add("E305", f"unknown keyword {head!r} in {where} (did you mean {close[0]!r}?)", form.span)
    elif head in ALL_KEYWORDS:
        report.add("E305", f"keyword {head!r} is not allowed in {where}", form.span)
    else:
        report.add("E230", f"undefined macro {head!r} (not a keyword allowed in {where})", form.span)


def _check_forms(items: Iterable[Node], context: str, where: str, report: Report,
                 non_lists: bool = True) -> list[List]:
    """Check every list in ``items`` against the keywords of ``context``; returns the known ones.

    ``non_lists=False`` leaves stray atoms to the model builder, which reports them
    with its own code (E320 in a board, E331 in a piece).
    """
    known = []
    table = kw.table(context)
    for item in items:
        if not isinstance(item, List):
            if non_lists:
                report.add("E304", f"unexpected {excerpt(item)!r} in {where}", item.span)
            continue
        use = table.get(item.head) if item.head is not None else None
        if use is not None and use.arity is not None:
            _arity(item, use, report)
            known.append(item)
        else:
            _unknown_head(item, context, where, report)
    return known


def _check_structure(zf: ZrfFile, report: Report) -> None:
    """Keywords and arity of game, board, grid, zone and piece forms (each source form once)."""
    for top in zf.expanded.forms:
        if not isinstance(top, List) or top.head not in ("game", "variant"):
            continue
        for form in _check_forms(top.args, GAME, top.head, report):
            if form.head == "board":
                for b in _check_forms(form.args, BOARD, "board", report, non_lists=False):
                    if b.head == "grid":
                        _check_forms(b.args, GRID, "grid", report)
                    elif b.head == "zone":
                        _check_forms(b.args, ZONE, "zone", report)
            elif form.head == "piece":
                _check_forms(form.args, PIECE, "piece", report, non_lists=False)


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

    def __init__(self, game: GameDef, report: Report, zf: ZrfFile, shared: dict | None = None,
                 cancelled: CancelCheck | None = None, memo: RecheckMemo | None = None):
        #: caches shared by the entries of one file (variants share most programs)
        self.shared = shared if shared is not None else {}
        self.cancelled = cancelled
        self.memo = memo
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
        #: every name the programs are checked against (a block's check depends on nothing else of the game)
        self.names_key = (tuple(frozenset(v) for v in vars(n).values()), self.axiom)
        self.fingerprint = hash(self.names_key[0]) ^ hash(self.axiom)
        self.names_shared = memo.shared(self.names_key) if memo is not None else None

    def _collect_flags(self) -> None:
        cache = self.shared.setdefault("flags", {})
        for p in self.g.pieces.values():
            for blk in p.blocks:
                key = id(blk.program)
                if key not in cache:
                    memo = self.memo
                    cache[key] = _flags_set(blk.program) if memo is None else memo.flags(blk.program, _flags_set)
                self.n.flags |= cache[key][0]
                self.n.position_flags |= cache[key][1]

    # -- reporting helpers

    def add(self, code: str, msg: str, span: Span) -> None:
        """Report ``code`` (its severity is the table's, :mod:`zrf.codes`)."""
        self.report.add(code, msg, span)

    def run(self) -> None:
        self.lint_board()
        self.lint_pieces()
        self.lint_goals()
        for name, use in kw.table(GAME).items():
            if use.check is not None and name in self.g.forms:
                getattr(self, "check_" + use.check)(self.g.forms[name])

    # -- game-level keyword checks (the ``check`` names of zrf.keywords)

    def check_turn_order(self, forms: list[List]) -> None:
        g = self.g
        for item in forms[-1].args:
            atoms = [item] if isinstance(item, Atom) else [i for i in item.items if isinstance(i, Atom)] \
                if isinstance(item, List) else []
            if isinstance(item, Atom) and item.text == "repeat":
                continue
            for k, a in enumerate(atoms[:2]):
                if a.text not in self.n.players:
                    if k == 1 and len(atoms) == 2:
                        continue  # (P mt): checked as a move type below
                    self.add("E374", f"turn-order names unknown player {a.text!r}", a.span)
        for e, item in zip(g.turn_order.entries, [i for i in forms[-1].args
                                                  if not (isinstance(i, Atom) and i.text == "repeat")]):
            if e.move_type and e.move_type not in self.n.move_types:
                self.add("W377", f"turn-order move type {e.move_type!r} is not declared by any piece"
                          " (that turn has no moves)", item.span)

    def check_move_priorities(self, forms: list[List]) -> None:
        for a in forms[-1].args:
            if isinstance(a, Atom) and a.text not in self.n.move_types:
                self.add("W311", f"move-priorities names move type {a.text!r} that no piece declares", a.span)

    def check_option(self, forms: list[List]) -> None:
        """W312 for an option name neither Zillions nor Dagaz knows (it is ignored, SEMANTICS §2.6)."""
        for form in forms:
            if form.head == "option" and len(form.items) == 3 and isinstance(form.items[1], String):
                if not kw.known_option(form.items[1].text):
                    self.add("W312", f"unknown option {excerpt(form.items[1])}: it is ignored",
                              form.items[1].span)

    # -- board

    def lint_board(self) -> None:
        b = self.g.board
        for z in b.zones:
            for p in z.players:
                if p not in self.n.players:
                    self.add("W321", f"zone {z.name!r} is declared for {p!r}, which is not a player", z.span)
            for pos in z.positions:
                if pos not in self.n.positions and pos not in self.n.killed:
                    self.add("E373", f"zone {z.name!r} names unknown position {pos!r}", z.span)
        for player in b.symmetry:
            if player not in self.n.players:
                self.add("W322", f"symmetry is declared for {player!r}, which is not a player", b.span)
        for d in b.directions:
            if d in b.positions:
                self.add("W323D", f"direction {d!r} is also a position name: in a move program the atom "
                          "means the direction, so that position cannot be named there", b.span)

    # -- pieces and programs

    def lint_pieces(self) -> None:
        for piece in self.g.pieces.values():
            _stop_if(self.cancelled)
            if not piece.blocks and not piece.dummy and not self.axiom:
                self.add("W330", f"piece {piece.name!r} has no moves or drops and is not a (dummy)",
                          piece.span)
            done = self.shared.setdefault("programs", set())
            for blk in piece.blocks:
                key = (id(blk.program), self.fingerprint, piece.name)
                if key in done:
                    continue  # same program, same names: an earlier entry reported it already
                done.add(key)
                self.lint_block(piece.name, blk)
            if piece.drops and not self.axiom:
                stocked = any(t == piece.name and n > 0 for (_, t), n in self.g.setup.off.items())
                if not stocked:
                    self.add("W340", f"piece {piece.name!r} has drops but no player gets off-board stock of it"
                              " (board-setup ... off N): its drops never happen", piece.drops[0].span)

    def lint_block(self, piece: str, blk: MoveBlock) -> None:
        """Check one move or drop block, or replay what the memo kept of its last check."""
        memo = self.memo
        key = memo.block_key(blk.program, self.names_shared, piece, blk.kind) if memo is not None else None
        if key is None:
            _ProgramChecker(self, piece, blk.kind).block(blk.program)
            return
        if memo.replay(key, self.report):
            return
        report = self.report
        self.report = recorder = RecordingReport(report)
        try:
            _ProgramChecker(self, piece, blk.kind).block(blk.program)
        finally:
            self.report = report
        memo.keep_block(key, recorder.found)

    # -- setup

    def check_setup(self, forms: list[List]) -> None:
        for pl in forms[-1].args:
            if not isinstance(pl, List) or not pl.items or not isinstance(pl.items[0], Atom):
                continue
            if pl.items[0].text not in self.n.players:
                self.add("E374", f"board-setup names unknown player {pl.items[0].text!r}", pl.items[0].span)
            for pc in pl.items[1:]:
                if not isinstance(pc, List) or not pc.items or not isinstance(pc.items[0], Atom):
                    continue
                if pc.items[0].text not in self.n.pieces:
                    self.add("E370", f"board-setup names unknown piece {pc.items[0].text!r}", pc.items[0].span)
                skip = False
                for a in pc.items[1:]:
                    if skip:
                        skip = False
                        continue
                    if isinstance(a, Atom) and a.text == "off":
                        skip = True
                        continue
                    if isinstance(a, Atom):
                        self.position_ref(a, "board-setup")

    # -- goals

    def lint_goals(self) -> None:
        for goal in self.g.goals:
            for p in goal.players:
                if p not in self.n.players:
                    self.add("E374", f"{goal.kind}-condition names unknown player {p!r}", goal.span)
            self.goal_condition(goal.condition)

    def goal_condition(self, node: Node) -> None:
        if isinstance(node, Atom):
            use = kw.lookup(node.text, GOAL)
            if use is None or not use.atom:
                self.add("E350", f"unknown goal condition {node.text!r}", node.span)
            return
        head = node.head if isinstance(node, List) else None
        if head is None:
            self.add("E350", f"unexpected {excerpt(node)!r} in a goal", node.span)
            return
        use = kw.lookup(head, GOAL)
        if use is None:
            _unknown_head(node, GOAL, "a goal", self.report)
            return
        if _arity(node, use, self.report):
            self.arguments(use, head, node.args, None, node)

    def occupier(self, node: Node) -> None:
        """``T``, ``(opponent T)``, ``(any-owner T)``, ``(not occ)``, or a list of alternatives."""
        if isinstance(node, Atom):
            self.piece_ref(node, "absolute-config")
            return
        if not isinstance(node, List):
            self.add("E370", f"an occupier is a piece name or list, got {excerpt(node)!r}", node.span)
            return
        use = kw.lookup(node.head, OCCUPIER) if node.head is not None else None
        if use is None:
            for a in node.items:  # a list of alternative occupiers
                self.occupier(a)
        elif _arity(node, use, self.report):
            self.arguments(use, node.head, node.args, None, node)

    def check_absolute_config(self, head: str, args: list[Node], kinds: list[str], node: Node) -> None:
        """``(absolute-config occ... where)``: ``where`` is a position, a zone, or a list of them."""
        for occ in args[:-1]:
            self.occupier(occ)
        last = args[-1]
        for p in (last.items if isinstance(last, List) else [last]):
            if isinstance(p, Atom) and p.text not in self.n.zones:
                self.position_ref(p, "absolute-config")
            elif not isinstance(p, Atom):
                self.add("E362", f"absolute-config expects positions or zones, got {excerpt(p)!r}", p.span)

    def check_relative_config(self, head: str, args: list[Node], kinds: list[str], node: Node) -> None:
        """``(relative-config occ d occ d occ...)``: occupiers and directions alternate."""
        for k, a in enumerate(args):
            if k % 2 == 0:
                self.occupier(a)
            elif isinstance(a, Atom):
                self.direction_ref(a, "relative-config")
            else:
                self.add("E362", f"relative-config expects a direction, got {excerpt(a)!r}", a.span)

    # -- arguments, by kind (zrf.keywords)

    def arguments(self, use: Use, head: str, args: list[Node], checker: "_ProgramChecker | None" = None,
                  node: Node | None = None) -> None:
        """Check ``args`` of keyword ``head`` (written as ``node``): its use's ``check_*`` method
        (of the program checker when it has one, else of this class) when it has one, else by kind."""
        kinds = self._kinds(use, len(args))
        if use.check is not None:
            owner = checker if checker is not None and hasattr(checker, "check_" + use.check) else self
            getattr(owner, "check_" + use.check)(head, args, kinds, node)
            return
        for a, kind in zip(args, kinds):
            self.argument(a, kind, head, checker)

    def argument(self, a: Node, kind: str, where: str, checker: "_ProgramChecker | None" = None) -> None:
        """One argument of keyword ``where`` that should be of ``kind``."""
        if kind in kw.ATOM_KINDS and not isinstance(a, Atom):
            what = {"go-target": "a go target", "number": "a number"}.get(kind, f"a {kind.replace('-', ' ')}")
            if kind == "number":
                self.add("E351", f"{where} needs a number first, got {excerpt(a)!r}", a.span)
            elif kind == "piece":
                self.piece_ref(a, where)
            else:
                self.add("E362", f"{where} expects {what}, got {excerpt(a)!r}", a.span)
            return
        if kind == "place":
            self.place_ref(a, where)
        elif kind == "piece":
            self.piece_ref(a, where)
        elif kind == "direction":
            self.direction_ref(a, where)
        elif kind == "position":
            self.position_ref(a, where)
        elif kind == "zone":
            if a.text not in self.n.zones:
                self.add("E372", f"{where} names unknown zone {excerpt(a)!r}", a.span)
        elif kind == "attribute":
            if a.text not in self.n.attributes:
                self.add("E375", f"{where} names undeclared attribute {excerpt(a)!r}", a.span)
        elif kind == "go-target":
            if a.text not in GO_TARGETS:
                self.add("E362", f"go expects one of {', '.join(GO_TARGETS)}, got {excerpt(a)!r}",
                         a.span)
        elif kind == "number":
            if not a.is_number:
                self.add("E351", f"{where} needs a number first, got {excerpt(a)!r}", a.span)
        elif kind == "condition" and checker is not None:
            checker.condition(a)
        elif kind == "statement" and checker is not None:
            checker.statement(a, False)
        elif kind == "goal":
            self.goal_condition(a)
        elif kind == "occupier":
            self.occupier(a)

    def _kinds(self, use: Use, n: int) -> list[str]:
        """``use.kinds_for(n)``, remembered for this file's lint run (keywords' uses live as long as
        the keyword table, so their ids are stable keys)."""
        cache = self.shared.setdefault("kinds", {})
        key = (id(use), n)
        kinds = cache.get(key)
        if kinds is None:
            kinds = cache[key] = use.kinds_for(n)
        return kinds

    # -- name references

    def position_ref(self, a: Atom, where: str) -> None:
        if a.text in self.n.positions:
            return
        if a.text in self.n.killed:
            self.add("W341", f"{where} uses killed position {a.text!r}", a.span)
        else:
            self.add("E373", f"{where} names unknown position {a.text!r}", a.span)

    def piece_ref(self, a: Node, where: str) -> None:
        if isinstance(a, Atom):
            if a.text not in self.n.pieces:
                self.add("E370", f"{where} names unknown piece {a.text!r}", a.span)
        else:
            self.add("E370", f"{where} expects a piece name, got {excerpt(a)!r}", a.span)

    def direction_ref(self, a: Node, where: str) -> None:
        if not isinstance(a, Atom):
            self.add("E362", f"{where} expects a direction, got {excerpt(a)!r}", a.span)
        elif a.text not in self.n.directions:
            self.add("E371", f"{where} names unknown direction {a.text!r}", a.span)

    def place_ref(self, a: Node, where: str) -> None:
        """A direction-or-position argument; ``(opposite d)`` is one too (Chu Shogi's ``(enemy? (opposite n))``)."""
        if isinstance(a, List) and a.head == "opposite" and len(a.items) == 2 and isinstance(a.items[1], Atom):
            self.direction_ref(a.items[1], "opposite")
            return
        if not isinstance(a, Atom):
            self.add("E362", f"{where} expects a direction or position, got {excerpt(a)!r}", a.span)
        elif a.text in self.n.directions or a.text in self.n.positions:
            return
        elif a.text in self.n.killed:
            self.add("W341", f"{where} uses killed position {a.text!r}", a.span)
        else:
            self.add("E371", f"{where} names unknown direction or position {a.text!r}", a.span)


def _is_statement_keyword(node: Node) -> bool:
    """True for a statement keyword atom or a list headed by one (add, verify, while ...)."""
    if isinstance(node, Atom):
        use = kw.lookup(node.text, STATEMENT)
        return use is not None and use.atom
    return isinstance(node, List) and node.head is not None and kw.lookup(node.head, STATEMENT) is not None


def _flags_set(program: Node) -> tuple[set[str], set[str]]:
    """The flags and the position flags a program sets (``set-flag``, ``set-position-flag``)."""
    flags: set[str] = set()
    pflags: set[str] = set()
    stack = [program]
    pop, push = stack.pop, stack.extend
    while stack:
        node = pop()
        if type(node) is not List:
            continue
        items = node.items
        if len(items) > 1 and type(items[0]) is Atom and type(items[1]) is Atom:
            head = items[0].text
            if head == "set-flag":
                flags.add(items[1].text)
            elif head == "set-position-flag":
                pflags.add(items[1].text)
        push(items)
    return flags, pflags


class _ProgramChecker:
    """Walks one move or drop block: statements, conditions and the names they use."""

    def __init__(self, game: _GameLinter, piece: str, kind: str):
        self.gl = game
        self.n = game.n
        self.piece = piece
        self.kind = kind
        self.adds = 0
        #: whether the statement being checked stands directly in an (if ...)
        self.in_if = False

    def block(self, program: Node) -> None:
        if not isinstance(program, List):
            self.gl.add("E361", f"a move block is a list of statements, got {excerpt(program)!r}",
                        program.span)
            return
        head = program.items[0] if program.items else None
        if (isinstance(head, Atom) and not self._known_atom(head.text) and head.text not in ALL_KEYWORDS
                and not any(_is_statement_keyword(i) for i in program.items[1:])):
            # (slide n) with no macro 'slide': a call, not a program starting at an unknown cell
            self.gl.add("E230", f"undefined macro {head.text!r} (not a keyword, direction or position)",
                        program.span)
            return
        self.sequence(program.items)
        if self.adds == 0 and not self.gl.axiom and program.items:
            self.gl.add("W361", f"move block of {self.piece!r} never adds a move (no add, add-copy or"
                         " add-partial)", program.span)

    def _known_atom(self, t: str) -> bool:
        use = kw.lookup(t, STATEMENT)
        return ((use is not None and use.atom) or t in self.n.directions or t in self.n.positions
                or t in self.n.killed)

    def sequence(self, items: list[Node], in_if: bool = False) -> None:
        after_while_true: Node | None = None
        for item in items:
            if after_while_true is not None:
                self.gl.add("W362", "unreachable: a (while true ...) loop only ends by stopping the block,"
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
            gl.add("E361", f"unexpected string {excerpt(node)!r} in a move program", node.span)
            return
        if isinstance(node, Atom):
            t = node.text
            use = kw.lookup(t, STATEMENT)
            if use is not None and use.atom:
                self.in_if = in_if
                gl.arguments(use, t, [], self, node)
                return
            if t in self.n.directions or t in self.n.positions:
                return
            if t in self.n.killed:
                gl.add("W341", f"move program jumps to killed position {t!r}", node.span)
                return
            if kw.lookup(t, CONDITION) is not None or t in self.n.attributes:
                gl.add("E364", f"condition {t!r} used as a statement (wrap it in (verify ...))", node.span)
                return
            if t in ALL_KEYWORDS:
                gl.add("E305", f"keyword {t!r} cannot stand alone as a statement here", node.span)
                return
            gl.add("E371", f"unknown direction or position {t!r} in a move program", node.span)
            return
        head = node.head
        if head is None:
            if node.items:
                gl.add("E361", f"unexpected {excerpt(node)!r} in a move program", node.span)
            return
        if head in self.n.directions or head in self.n.positions:
            # a nested statement group, e.g. from a macro whose body is one list
            self.sequence(node.items, in_if)
            return
        use = kw.lookup(head, STATEMENT)
        if use is None:
            if kw.lookup(head, CONDITION) is not None or head in self.n.attributes:
                gl.add("E364", f"condition {excerpt(node)!r} used as a statement (wrap it in (verify ...))",
                       node.span)
            else:
                _unknown_head(node, STATEMENT, "a move program", gl.report)
            return
        if _arity(node, use, gl.report):
            self.in_if = in_if
            gl.arguments(use, head, node.args, self, node)

    # -- keyword checks (the ``check`` names of zrf.keywords)

    def check_else(self, head: str, args: list[Node], kinds: list[str], node: Node) -> None:
        if not self.in_if:
            self.gl.add("E363", "'else' outside an (if ...)", node.span)

    def check_if(self, head: str, args: list[Node], kinds: list[str], node: Node) -> None:
        self.condition(args[0])
        self.sequence(args[1:], in_if=True)

    def check_while(self, head: str, args: list[Node], kinds: list[str], node: Node) -> None:
        self.condition(args[0])
        self.sequence(args[1:])

    def check_add(self, head: str, args: list[Node], kinds: list[str], node: Node) -> None:
        """add, add-copy, add-partial: promotion types, then (partial forms) the move type to continue with."""
        self.adds += 1
        for a, kind in zip(args, kinds):
            if kind == "piece":
                self.gl.piece_ref(a, head)
            elif not isinstance(a, Atom):
                self.gl.add("E362", f"{head} expects a move type, got {excerpt(a)!r}", a.span)
            elif a.text not in self.n.move_types:
                self.gl.add("W377", f"{head} continues with move type {a.text!r} that no piece declares"
                             " (the turn ends there)", a.span)

    def check_create(self, head: str, args: list[Node], kinds: list[str], node: Node) -> None:
        """``(create [Player] [Type] [where])``: read in that order, as the runtime reads it."""
        gl = self.gl
        rest = list(args)
        if rest and isinstance(rest[0], Atom) and rest[0].text in self.n.players:
            rest.pop(0)
        if rest and isinstance(rest[0], Atom) and rest[0].text in self.n.pieces:
            rest.pop(0)
        if rest:
            gl.place_ref(rest.pop(0), head)
        for a in rest:
            gl.add("E362", f"create takes [player] [piece] [direction or position] in that order; "
                   f"{excerpt(a)!r} is left over", a.span)

    def check_flag(self, head: str, args: list[Node], kinds: list[str], node: Node) -> None:
        """flag?, position-flag?: testing a flag nothing sets is legal but always false (W376)."""
        f = args[0]
        base = head[4:] if head.startswith("not-") else head
        if not isinstance(f, Atom):
            self.gl.add("E362", f"{head} expects a flag name, got {excerpt(f)!r}", f.span)
        elif f.text not in (self.n.flags if base == "flag?" else self.n.position_flags):
            setter = "set-flag" if base == "flag?" else "set-position-flag"
            self.gl.add("W376", f"{head} tests flag {f.text!r} that no {setter} ever sets (always false)",
                         f.span)
        for a in args[1:]:
            self.gl.place_ref(a, head)

    def check_attacked(self, head: str, args: list[Node], kinds: list[str], node: Node) -> None:
        """attacked?, defended?: LeShogi and IkusaShogi write a move type as the argument (W378)."""
        for a in args:
            if isinstance(a, Atom) and a.text in self.n.move_types and a.text not in self.n.directions:
                self.gl.add("W378", f"{head} with move type {a.text!r}: Zillions accepts it, its meaning is "
                             "not known; the runtime answers false", a.span)
            else:
                self.gl.place_ref(a, head)

    # -- conditions

    def condition(self, node: Node) -> None:
        gl = self.gl
        if isinstance(node, Atom):
            t = node.text
            use = kw.lookup(t, CONDITION)
            if use is not None and use.atom:
                return
            if t in self.n.attributes or (t.startswith("not-") and t[4:] in self.n.attributes):
                return
            if use is not None and use.arity is not None and t.endswith("?"):
                gl.report.add("E380", f"{t!r} takes at least {use.arity[0]} argument, got 0", node.span)
            elif t.endswith("?"):
                gl.add("E375", f"unknown predicate or undeclared attribute {t!r}", node.span)
            else:
                gl.add("E365", f"{t!r} is not a condition (predicates are keywords ending in '?',"
                       " attributes, true or false)", node.span)
            return
        if not isinstance(node, List) or node.head is None:
            gl.add("E365", f"{excerpt(node)!r} is not a condition", node.span)
            return
        head = node.head
        args = node.args
        use = kw.lookup(head, CONDITION)
        if use is not None and use.arity is not None:
            if _arity(node, use, gl.report):
                gl.arguments(use, head, args, self, node)
            return
        if head in self.n.attributes or (head.startswith("not-") and head[4:] in self.n.attributes):
            for a in args[:1]:
                gl.place_ref(a, head)
            if len(args) > 1:
                gl.report.add("E380", f"attribute {head!r} takes 0 to 1 argument, got {len(args)}", node.span)
            return
        if head.endswith("?"):
            gl.add("E375", f"unknown predicate or undeclared attribute {head!r}", node.span)
        else:
            _unknown_head(node, CONDITION, "a condition", gl.report)
