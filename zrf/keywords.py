"""The ZRF vocabulary, each keyword defined once: where it may stand, its arity, the kinds
of its arguments, how the linter checks it, what runs it, and a one-line doc.

Everything that knows the language reads this table: the linter
(:mod:`zrf.lint`) checks every form against the :class:`Use` of its keyword
at that place, the model takes the old bare option forms from it, the
lowering of move programs and the goal compiler
(:mod:`runtime.interpreter.lowered.lowering`, :mod:`runtime.interpreter.goals`)
build their dispatch from the ``run`` names, and ``docs/keywords.md`` is rendered from it
(:mod:`zrf.keyword_reference`).  A test fails when a keyword the linter
accepts in a move program, condition or goal has no runtime handler, or a
handler has no keyword, so "checks clean but does nothing" cannot happen.

A keyword has one :class:`Use` per context it may stand in (``not`` is a
condition, a goal condition and an occupier).  Contexts:

====================  ==========================================================
``top``               top-level forms of a file
``game``              inside ``(game ...)`` or ``(variant ...)``
``board``             inside ``(board ...)``
``grid``, ``zone``    inside ``(grid ...)``, ``(zone ...)``
``piece``             inside ``(piece ...)``
``blocks``            inside ``(moves ...)`` or ``(drops ...)``, between blocks
``statement``         an instruction of a move or drop block (SEMANTICS §5.3-5.7)
``condition``         a test in ``verify``, ``if``, ``while`` (§5.4)
``goal``              a goal condition (§6.1)
``occupier``          an occupier in ``absolute-config``/``relative-config``
``turn-order``        an entry of ``(turn-order ...)``
``board-setup``       inside a setup item ``(Piece pos ... off N)``
``option``            the quoted name of ``(option "name" value)`` (§2.6)
====================  ==========================================================

Argument kinds (``Use.args``; a trailing ``*`` repeats that kind, and the
kinds after a starred one bind to the last arguments): ``place`` (direction,
position or ``(opposite d)``), ``direction``, ``position``, ``piece``,
``zone``, ``attribute``, ``flag``, ``move-type``, ``number``, ``go-target``,
``condition``, ``statement``, ``goal``, ``occupier``, ``name`` (any atom),
``string``, ``any``.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Unbounded maximum arity.
MANY = None

TOP = "top"
GAME = "game"
BOARD = "board"
GRID = "grid"
ZONE = "zone"
PIECE = "piece"
BLOCKS = "blocks"
STATEMENT = "statement"
CONDITION = "condition"
GOAL = "goal"
OCCUPIER = "occupier"
TURN_ORDER = "turn-order"
SETUP = "board-setup"
OPTION = "option"

CONTEXTS = (TOP, GAME, BOARD, GRID, ZONE, PIECE, BLOCKS, STATEMENT, CONDITION, GOAL, OCCUPIER,
            TURN_ORDER, SETUP, OPTION)

#: Contexts whose keywords the runtime runs: each Use there names a handler (``run``).
RUNTIME_CONTEXTS = (STATEMENT, CONDITION, GOAL, OCCUPIER)

#: What a keyword that no runtime handler runs is for (``Use.meaning``).
MEANINGS = {
    "model": "read by the model (zrf.model) into the game's structure",
    "macros": "handled by macro and include expansion (zrf.macros)",
    "presentation": "kept for display only; never interpreted",
    "runtime": "run by the interpreter (runtime.interpreter)",
    "option": "an option the runtime reads (runtime.interpreter.game)",
    "display option": "an option for Zillions' user interface; accepted and ignored",
    "dagaz option": "an option of the Dagaz engine only; accepted and ignored",
}

#: Argument kinds that must be atoms.
ATOM_KINDS = frozenset({"direction", "position", "piece", "zone", "attribute", "flag", "move-type",
                        "number", "go-target", "name"})
#: Every argument kind.
KINDS = ATOM_KINDS | {"place", "condition", "statement", "goal", "occupier", "string", "any"}


@dataclass(frozen=True)
class Use:
    """One context a keyword may stand in, and how it is used there."""

    context: str
    #: (minimum, maximum) argument count of the list form ``(kw ...)``; None: no list form here
    arity: tuple[int, int | None] | None = None
    #: may the keyword stand alone as an atom here (``add``, ``empty?``, ``stalemated``)?
    atom: bool = False
    #: argument kinds, see the module docstring
    args: tuple[str, ...] = ()
    #: the linter's extra check beyond arity and kinds, or None: a ``check_<name>`` method of
    #: ``zrf.lint``: for game-level keywords ``check_<name>(forms)`` of the game linter, elsewhere
    #: ``check_<name>(head, args, kinds, node)`` of the program checker or game linter
    check: str | None = None
    #: the runtime handler: a ``lower_<name>`` method of the move-program lowering, or a ``run_<name>``
    #: method of the goal compiler; None for keywords the runtime does not read
    run: str | None = None
    #: for keywords no runtime handler runs: a key of :data:`MEANINGS`
    meaning: str = "runtime"
    #: a ``not-`` form exists (predicates): same use, negated
    negatable: bool = False
    #: old bare option forms: the quoted option they stand for
    option: str | None = None
    #: for the ``not-`` form made from a negatable use: the positive keyword
    positive: str | None = None

    def accepts(self, n: int) -> bool:
        """Does the list form take ``n`` arguments?"""
        if self.arity is None:
            return False
        lo, hi = self.arity
        return n >= lo and (hi is None or n <= hi)

    def arity_text(self) -> str:
        """``1``, ``0 to 2``, ``at least 1`` (for messages and docs)."""
        lo, hi = self.arity or (0, 0)
        return f"{lo}" if lo == hi else f"at least {lo}" if hi is None else f"{lo} to {hi}"

    def kinds_for(self, n: int) -> list[str]:
        """The kind of each of ``n`` arguments (``any`` past the declared ones)."""
        star = next((i for i, k in enumerate(self.args) if k.endswith("*")), None)
        if star is None:
            return list(self.args[:n]) + ["any"] * max(0, n - len(self.args))
        head, tail = list(self.args[:star]), list(self.args[star + 1:])
        if n <= len(head):
            return head[:n]
        if n < len(head) + len(tail):
            return head + tail[len(tail) - (n - len(head)):]
        return head + [self.args[star][:-1]] * (n - len(head) - len(tail)) + tail


@dataclass(frozen=True)
class Keyword:
    """A keyword of the language: its name, one-line doc and uses."""

    name: str
    doc: str
    uses: tuple[Use, ...]
    #: SEMANTICS section that describes it
    section: str = ""

    def use(self, context: str) -> Use | None:
        for u in self.uses:
            if u.context == context:
                return u
        return None


def _kw(name: str, doc: str, section: str, *uses: Use) -> Keyword:
    return Keyword(name, doc, tuple(uses), section)


def _show(name: str, doc: str, contexts=(GAME,), arity=(0, MANY)) -> Keyword:
    """A presentation keyword: kept, never interpreted."""
    return _kw(name, doc, "§2.2", *(Use(c, arity, meaning="presentation") for c in contexts))


def _model(context: str, arity, args=(), check=None, atom=False, option=None) -> Use:
    return Use(context, arity, atom, tuple(args), check, None, "model", option=option)


def _opt(name: str, meaning: str, doc: str, values: str = "") -> Keyword:
    return _kw(name, doc + (f" Values: {values}." if values else ""), "§2.6", Use(OPTION, meaning=meaning))


def _old_option(name: str, option: str) -> Keyword:
    return _kw(name, f"old bare form of (option \"{option}\" v).", "§2.6",
               _model(GAME, (1, 1), ("name",), option=option))


#: Where ``(go ...)`` may send the cursor (§5.3): the ``go-target`` argument kind.
GO_TARGETS = ("from", "to", "mark", "last-from", "last-to")

#: The game-level forms that hold a goal condition (§6.1).
GOAL_FORMS = ("win-condition", "loss-condition", "draw-condition", "count-condition")

_SOUNDS = ("move-sound", "release-sound", "capture-sound", "drop-sound", "click-sound", "change-sound",
           "draw-sound", "win-sound", "loss-sound", "opening-sound")

_PLACE = ("place",)

KEYWORDS: tuple[Keyword, ...] = (
    # -- top level (§1.2-1.4, §2)
    _kw("game", "a game: one menu entry.", "§2.1", _model(TOP, (0, MANY))),
    _kw("variant", "a variant: a menu entry inheriting from the nearest game before it.", "§2.1",
        _model(TOP, (0, MANY))),
    _kw("define", "(define NAME body...): a macro; (NAME args...) is replaced by the body.", "§1.2",
        Use(TOP, (1, MANY), meaning="macros")),
    _kw("include", '(include "file"): the forms of that file, here.', "§1.3",
        Use(TOP, (1, 1), args=("string",), meaning="macros")),
    _kw("version", '(version "2.0"): the Zillions version the file needs; recorded, ignored.', "§1.4",
        Use(TOP, (1, 1), meaning="presentation"), Use(GAME, (1, 1), meaning="presentation")),
    # -- presentation (§2.2)
    _show("title", "the menu title; \"-\" makes a separator.", arity=(1, MANY)),
    _show("description", "text shown for the game or piece.", contexts=(GAME, PIECE)),
    _show("history", "text shown for the game or piece.", contexts=(GAME, PIECE)),
    _show("strategy", "text shown for the game or piece.", contexts=(GAME, PIECE)),
    _show("help", "text shown for the game or piece.", contexts=(GAME, PIECE)),
    _show("notation", "the piece's notation letters (display).", contexts=(GAME, PIECE)),
    _show("open", "an opening book entry (display).", contexts=(GAME, PIECE)),
    _show("solution", "a puzzle's solution saved game (display).", contexts=(GAME,)),
    _show("translate", "translation table (display).", contexts=(GAME,)),
    _show("image", "image files of the board or of a piece's players.", contexts=(GAME, BOARD, PIECE)),
    _show("music", "background music file.", contexts=(GAME,)),
    *(_show(s, "a sound file.", contexts=(GAME,)) for s in _SOUNDS),
    # -- game level (§2)
    _kw("players", "(players P...): the players; in a zone, the players it is declared for.", "§2.3",
        _model(GAME, (1, MANY), ("name*",)), _model(ZONE, (0, MANY), ("name*",))),
    _kw("turn-order", "(turn-order entry... [repeat] entry...): who moves, with which pieces and move type.",
        "§2.4", _model(GAME, (1, MANY), check="turn_order")),
    _kw("move-priorities", "(move-priorities mt...): only the first move type that has moves may move.",
        "§2.5", _model(GAME, (1, MANY), ("move-type*",), "move_priorities")),
    _kw("board", "(board ...): positions, links, zones and symmetry, built in textual order.", "§3",
        _model(GAME, (0, MANY))),
    _kw("board-setup", "(board-setup (Player (Piece pos... [off N])...)...): the start position.", "§4.2",
        _model(GAME, (0, MANY), check="setup")),
    _kw("piece", "(piece (name P) ...): a piece type with its moves, drops and attributes.", "§4.1",
        _model(GAME, (1, MANY))),
    _kw("option", '(option "name" value): a game option.', "§2.6",
        _model(GAME, (2, 2), ("string", "any"), "option")),
    _kw("default", "(default): this entry opens first.", "§2.1", _model(GAME, (0, 0))),
    _kw("engine", '(engine "x.dll"): moves come from an Axiom plug-in (cannot run here).', "§8",
        _model(GAME, (1, 1))),
    *(_kw(k, f"({k} (P...) condition): checked for the listed players; see Goals.", "§6",
          _model(GAME, (1, MANY)))
      for k in GOAL_FORMS),
    _old_option("pass-turn", "pass turn"),
    _old_option("pass-partial", "pass partial"),
    _old_option("animate-captures", "animate captures"),
    _old_option("animate-drops", "animate drops"),
    _old_option("recycle-captures", "recycle captures"),
    _old_option("recycle-promotions", "recycle promotions"),
    _old_option("maximal-captures", "maximal captures"),
    _kw("allow-flipping", '(allow-flipping b): the reverse of (option "prevent flipping" b).', "§2.6",
        _model(GAME, (1, 1), ("name",), option="prevent flipping")),
    # -- board (§3)
    _kw("grid", "(grid (start-rectangle ...) (dimensions ...) (directions ...)): positions by label product.",
        "§3.1", _model(BOARD, (1, MANY))),
    _kw("start-rectangle", "(start-rectangle x1 y1 x2 y2): the screen box of the grid's first cell.", "§3.1",
        _model(GRID, (4, 4), ("number*",))),
    _kw("dimensions", '(dimensions ("a/b/c" (dx dy))...): labels and pixel step of each dimension.', "§3.1",
        _model(GRID, (1, MANY))),
    _kw("directions", "(directions (name offset...)...): grid directions as label offsets.", "§3.1",
        _model(GRID, (0, MANY))),
    _kw("positions", "(positions (name x1 y1 x2 y2)...): explicit cells; in a zone, its cells.", "§3.2",
        _model(BOARD, (0, MANY)), _model(ZONE, (0, MANY), ("position*",))),
    _kw("links", "(links dir (from to)...): explicit links of one direction.", "§3.2",
        _model(BOARD, (1, MANY))),
    _kw("unlink", "(unlink pos | (a b) | (pos dir)...): remove links.", "§3.2", _model(BOARD, (0, MANY))),
    _kw("kill-positions", "(kill-positions pos...): remove positions and their links.", "§3.2",
        _model(BOARD, (0, MANY))),
    _kw("dummy", "on a board, (dummy pos...): off-screen positions; in a piece, (dummy): a piece that "
        "never moves.", "§3.2", _model(BOARD, (0, MANY)), _model(PIECE, (0, 0))),
    _kw("symmetry", "(symmetry Player (d1 d2)...): the player reads direction d1 as d2.", "§3.3",
        _model(BOARD, (1, MANY))),
    _kw("zone", "(zone (name Z) (players P...) (positions p...)): named cells per player.", "§3.4",
        _model(BOARD, (1, MANY))),
    _kw("name", "(name N): a zone's or piece's name.", "§3.4", _model(ZONE, (1, 1), ("name",)),
        _model(PIECE, (1, 1), ("name",))),
    # -- pieces (§4)
    _kw("attribute", "(attribute name default): a per-piece true/false value.", "§4.1",
        _model(PIECE, (2, 2), ("name", "name"))),
    _kw("moves", "(moves [(move-type mt)] block...): the piece's move blocks.", "§4.1",
        _model(PIECE, (0, MANY))),
    _kw("drops", "(drops [(move-type mt)] block...): blocks run from every position while the player "
        "has the piece in store.", "§4.1", _model(PIECE, (0, MANY))),
    _kw("move-type", "(move-type mt): the blocks after it have move type mt.", "§4.1",
        _model(BLOCKS, (1, 1), ("name",))),
    _kw("repeat", "in a turn order: the entries after it repeat forever.", "§2.4",
        _model(TURN_ORDER, None, atom=True)),
    _kw("off", "in a setup item, off N: N pieces in the player's off-board store.", "§4.2",
        _model(SETUP, None, atom=True)),
    # -- statements (§5.3-5.7)
    _kw("verify", "(verify c): stop the block quietly unless c holds.", "§5.3",
        Use(STATEMENT, (1, 1), args=("condition",), run="verify")),
    _kw("if", "(if c s... [else s...]): run the statements when c holds (or the else part).", "§5.3",
        Use(STATEMENT, (1, MANY), args=("condition", "statement*"), check="if", run="if")),
    _kw("else", "inside if: the statements after it run when the condition fails.", "§5.3",
        Use(STATEMENT, None, atom=True, check="else", run="else")),
    _kw("while", "(while c s...): repeat the statements while c holds.", "§5.3",
        Use(STATEMENT, (1, MANY), args=("condition", "statement*"), check="while", run="while")),
    _kw("mark", "mark or (mark p): remember the cursor (or p) for back and marked?.", "§5.3",
        Use(STATEMENT, (0, 1), True, _PLACE, run="mark")),
    _kw("back", "back: move the cursor to the marked position.", "§5.3",
        Use(STATEMENT, (0, 0), True, run="back")),
    _kw("from", "from or (from p): the piece on the cursor (or p) becomes the moving piece.", "§5.3",
        Use(STATEMENT, (0, 1), True, _PLACE, run="from")),
    _kw("to", "to or (to p): the cursor (or p) becomes the destination.", "§5.3",
        Use(STATEMENT, (0, 1), True, _PLACE, run="to")),
    _kw("go", "(go from|to|mark|last-from|last-to): move the cursor there.", "§5.3",
        Use(STATEMENT, (1, 1), args=("go-target",), run="go")),
    _kw("opposite", "(opposite d): step against direction d; as an argument, that position.", "§3.5",
        Use(STATEMENT, (1, 1), args=("direction",), run="opposite")),
    _kw("add", "add or (add T...): emit the move (the mover becomes T; one move per T).", "§5.7",
        Use(STATEMENT, (0, MANY), True, ("piece*",), "add", run="add")),
    _kw("add-copy", "add-copy or (add-copy T...): like add, the piece also stays.", "§5.7",
        Use(STATEMENT, (0, MANY), True, ("piece*",), "add", run="add")),
    _kw("add-partial", "(add-partial [T...] mt): like add; the same piece continues with move type mt.",
        "§5.9", Use(STATEMENT, (1, MANY), args=("piece*", "move-type"), check="add", run="add")),
    _kw("add-copy-partial", "(add-copy-partial [T...] mt): add-copy, then continue with move type mt.",
        "§5.9", Use(STATEMENT, (1, MANY), args=("piece*", "move-type"), check="add", run="add")),
    _kw("cascade", "cascade: record the movement so far; the piece on the cursor moves next.", "§5.7",
        Use(STATEMENT, (0, 0), True, run="cascade")),
    _kw("capture", "capture or (capture p): remove the piece on the cursor (or p) when applied.", "§5.5",
        Use(STATEMENT, (0, 1), True, _PLACE, run="capture")),
    _kw("flip", "flip or (flip p): give the piece to the next player.", "§5.5",
        Use(STATEMENT, (0, 1), True, _PLACE, run="flip")),
    _kw("change-owner", "change-owner or (change-owner p): the mover takes the piece.", "§5.5",
        Use(STATEMENT, (0, 1), True, _PLACE, run="change_owner")),
    _kw("change-type", "(change-type T [p]): the piece on the cursor (or p) becomes T.", "§5.5",
        Use(STATEMENT, (1, 2), args=("piece", "place"), run="change_type")),
    _kw("create", "create or (create [Player] [T] [p]): make a piece (default: the mover's, here).", "§5.5",
        Use(STATEMENT, (0, 3), True, ("name*",), "create", run="create")),
    _kw("set-attribute", "(set-attribute a c [p]): set attribute a of the piece to the value of c.", "§5.5",
        Use(STATEMENT, (2, 3), args=("attribute", "condition", "place"), run="set_attribute")),
    _kw("set-flag", "(set-flag f c): set the block's flag f to the value of c.", "§5.4",
        Use(STATEMENT, (2, 2), args=("flag", "condition"), run="set_flag")),
    _kw("set-position-flag", "(set-position-flag f c [p]): set flag f of the cursor's (or p's) position.",
        "§5.4", Use(STATEMENT, (2, 3), args=("flag", "condition", "place"), run="set_position_flag")),
    # -- conditions (§5.4) and goals (§6.1)
    _kw("and", "(and c...): all hold.", "§5.4", Use(CONDITION, (1, MANY), args=("condition*",), run="and"),
        Use(GOAL, (1, MANY), args=("goal*",), run="and")),
    _kw("or", "(or c...): one holds.", "§5.4", Use(CONDITION, (1, MANY), args=("condition*",), run="or"),
        Use(GOAL, (1, MANY), args=("goal*",), run="or")),
    _kw("not", "(not c): c does not hold; around an occupier, anything but it.", "§5.4",
        Use(CONDITION, (1, 1), args=("condition",), run="not"), Use(GOAL, (1, 1), args=("goal",), run="not"),
        Use(OCCUPIER, (1, 1), args=("occupier",), run="not_occupier")),
    _kw("true", "always holds.", "§5.4", Use(CONDITION, None, True, run="true"),
        Use(GOAL, None, True, run="true")),
    _kw("false", "never holds.", "§5.4", Use(CONDITION, None, True, run="false"),
        Use(GOAL, None, True, run="false")),
    *(_kw(p, doc, "§5.4", Use(CONDITION, (0, 1), True, _PLACE, check=check, run=run, negatable=True))
      for p, run, check, doc in (
          ("empty?", "empty", None, "the cursor (or p) is empty."),
          ("friend?", "friend", None, "a piece of the mover stands there."),
          ("enemy?", "enemy", None, "a piece of an opponent (not a neutral player) stands there."),
          ("neutral?", "neutral", None, "a piece of a neutral player stands there."),
          ("marked?", "marked", None, "it is the marked position."),
          ("last-from?", "last_from", None, "the previous move started there."),
          ("last-to?", "last_to", None, "the previous move ended there."),
          ("attacked?", "attacked", "attacked", "an opponent move would capture there (§5.11)."),
          ("defended?", "defended", "attacked", "a move of the mover's own would capture there (§5.11)."),
          ("adjacent-to-enemy?", "adjacent_to_enemy", None, "an enemy piece is one step away."),
          ("goal-position?", "goal_position", None, "it is a position an absolute-config goal names."),
          ("on-board?", "on_board", None, "the position exists (one step off the board it does not)."),
      )),
    _kw("piece?", "(piece? T [p]): a piece of type T stands there.", "§5.4",
        Use(CONDITION, (1, 2), args=("piece", "place"), run="piece", negatable=True)),
    _kw("in-zone?", "(in-zone? Z [p]): the position is in the mover's zone Z.", "§5.4",
        Use(CONDITION, (1, 2), args=("zone", "place"), run="in_zone", negatable=True)),
    _kw("position?", "(position? pos): the cursor is on pos.", "§5.4",
        Use(CONDITION, (1, 1), args=("position",), run="position", negatable=True)),
    _kw("flag?", "(flag? f): the block's flag f is set.", "§5.4",
        Use(CONDITION, (1, 1), args=("flag",), check="flag", run="flag", negatable=True)),
    _kw("position-flag?", "(position-flag? f [p]): flag f of the position is set.", "§5.4",
        Use(CONDITION, (1, 2), args=("flag", "place"), check="flag", run="position_flag", negatable=True)),
    _kw("pieces-remaining", "(pieces-remaining N [T]): the player has exactly N pieces (of type T).", "§6.1",
        Use(GOAL, (1, 2), args=("number", "piece"), run="pieces_remaining")),
    _kw("total-piece-count", "(total-piece-count N [T]): exactly N pieces (of type T) of all players.",
        "§6.1", Use(GOAL, (1, 2), args=("number", "piece"), run="total_piece_count")),
    _kw("checkmated", "(checkmated T...): the player has no move and a T is attacked; moves into check "
        "are illegal.", "§6.1", Use(GOAL, (0, MANY), args=("piece*",), run="checkmated")),
    _kw("stalemated", "stalemated: the player to move has no move.", "§6.1",
        Use(GOAL, (0, 0), True, run="stalemated")),
    _kw("captured", "(captured T...): a T of the player was removed by the last turn.", "§6.1",
        Use(GOAL, (0, MANY), args=("piece*",), run="captured")),
    _kw("repetition", "repetition: the position occurred for the third time.", "§6.1",
        Use(GOAL, (0, 0), True, run="repetition")),
    _kw("absolute-config", "(absolute-config occ... (pos|zone...)): every listed position holds an "
        "occupier.", "§6.1", Use(GOAL, (2, MANY), args=("occupier*", "any"), check="absolute_config",
                                 run="absolute_config")),
    _kw("relative-config", "(relative-config occ d occ d occ...): a line of occupiers somewhere.", "§6.1",
        Use(GOAL, (1, MANY), check="relative_config", run="relative_config")),
    _kw("opponent", "(opponent T): a T of another player.", "§6.1",
        Use(OCCUPIER, (1, 1), args=("piece",), run="opponent")),
    _kw("any-owner", "(any-owner T): a T of any player.", "§6.1",
        Use(OCCUPIER, (1, 1), args=("piece",), run="any_owner")),
    # -- options (§2.6): the quoted names of (option "name" value)
    _opt("pass turn", "option", "a pass is always legal (true) or only without another move (forced, 2).",
         "true, false, forced, 2"),
    _opt("pass partial", "option", "a partial-move sequence may stop early.", "true, false"),
    _opt("maximal captures", "option", "only turns that remove the most pieces are legal.", "true, false, 2"),
    _opt("recycle captures", "option", "a captured piece goes to its owner's store.", "true, false"),
    _opt("recycle promotions", "option", "a promoted piece's old type goes to the store.", "true, false"),
    _opt("include off-pieces", "option", "pieces-remaining counts pieces in store.", "true, false"),
    *(_opt(name, "display option", "user interface only.")
      for name in ("animate captures", "animate drops", "prevent flipping", "smart moves", "highlight goals",
                   "show moves list", "progressive levels", "discard cards", "show captures", "show blink",
                   "silent ? moves", "show hints")),
    *(_opt(name, "dagaz option", "Dagaz only (names ending in -extension or -invariant are too).")
      for name in ("smart-moves", "sliding-puzzle", "deferred captures", "deferred-captures", "shared pieces",
                   "shared-pieces", "ko", "chess invariant", "zrf-advanced", "mancala setup",
                   "shogi promotion", "board-model")),
)

#: Option names of the Dagaz engine recognised by their ending.
DAGAZ_OPTION_ENDINGS = ("extension", "invariant")

#: name -> Keyword
BY_NAME: dict[str, Keyword] = {k.name: k for k in KEYWORDS}


def _negated(use: Use, positive: str) -> Use:
    return Use(use.context, use.arity, use.atom, use.args, use.check, use.run, use.meaning,
               False, use.option, positive)


def _tables() -> dict[str, dict[str, Use]]:
    out: dict[str, dict[str, Use]] = {c: {} for c in CONTEXTS}
    for k in KEYWORDS:
        for u in k.uses:
            out[u.context][k.name] = u
            if u.negatable:
                out[u.context]["not-" + k.name] = _negated(u, k.name)
    return out


_TABLES = _tables()


def table(context: str) -> dict[str, Use]:
    """Keyword name -> :class:`Use` for every keyword allowed in ``context`` (``not-`` forms included)."""
    return _TABLES[context]


def lookup(name: str, context: str) -> Use | None:
    """The use of ``name`` in ``context``, or None when it is not a keyword there."""
    return _TABLES[context].get(name)


#: Every keyword name (``not-`` forms included), for "did you mean" and "not allowed here".
ALL_KEYWORDS: frozenset[str] = frozenset(n for c in CONTEXTS if c != OPTION for n in _TABLES[c])

#: Old bare option forms -> the quoted option they mean (SEMANTICS §2.6).
OLD_OPTIONS: dict[str, str] = {name: u.option for name, u in _TABLES[GAME].items()
                               if u.option is not None and name != "allow-flipping"}


def known_option(name: str) -> bool:
    """Is ``name`` an option of Zillions or of Dagaz (§2.6)?"""
    return name in _TABLES[OPTION] or name.endswith(DAGAZ_OPTION_ENDINGS)

#: What the items after the keyword of a structural form are, by (the context the form stands
#: in, its keyword): ``(board ...)`` in a game holds board forms, a piece's ``(moves ...)`` holds
#: move blocks, and so on (SEMANTICS §2-§6).  A keyword not listed holds arguments of the kinds
#: its :class:`Use` declares.  Read by the editor's completion (:mod:`zrf.editing.completion`).
HOLDS: dict[tuple[str, str], str] = {
    (TOP, "game"): GAME,
    (TOP, "variant"): GAME,
    (GAME, "board"): BOARD,
    (GAME, "piece"): PIECE,
    (GAME, "turn-order"): TURN_ORDER,
    **{(GAME, form): GOAL for form in GOAL_FORMS},
    (BOARD, "grid"): GRID,
    (BOARD, "zone"): ZONE,
    (PIECE, "moves"): BLOCKS,
    (PIECE, "drops"): BLOCKS,
}
