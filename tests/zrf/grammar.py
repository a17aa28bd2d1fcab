"""Hypothesis strategies that write ZRF games from the keyword table (zrf/keywords.py).

A generated file is a small valid game (the skeleton below) with forms put
into its slots: every keyword of every context, with 0 to max+2 arguments of
every kind (names the game defines, unknown names, numbers too long to
read, ``$k``, strings, nested forms of any context), placed in its own
context or a wrong one, and sometimes wrapped in macros that are called with
too few arguments, up to three deep.  Used by tests/zrf/test_grammar_fuzz.py.
"""

from __future__ import annotations

from hypothesis import strategies as st

from zrf import keywords as kw

SKELETON = """{defines}
(game (title "Fuzz") {game}
  (players A B) (turn-order A B {turn})
  (board (grid (start-rectangle 0 0 10 10) {grid}
               (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
               (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0)))
         (zone (name promo) (players A B) (positions a3 b3 c3) {zone}) {board})
  (piece (name Man) (attribute moved? false) {piece}
         (moves (move-type mt) ((set-flag f true) {statement} (verify {condition}) add)
                ((verify empty?) n add) {blocks}))
  (piece (name King) (drops ((verify empty?) add)))
  (board-setup (A (Man a1 b1) (King off 1)) (B (Man a3 c3)) {setup})
  (loss-condition (A B) {goal})
  (win-condition (A B) (absolute-config {occupier} (promo))))
(variant (title "Fuzz 2") (piece (name Man) (moves ({statement} add))))
{top}
"""

#: Where a generated form can go: the skeleton's slot for each context.
SLOTS = {kw.TOP: "top", kw.GAME: "game", kw.BOARD: "board", kw.GRID: "grid", kw.ZONE: "zone", kw.PIECE: "piece",
         kw.BLOCKS: "blocks", kw.STATEMENT: "statement", kw.CONDITION: "condition", kw.GOAL: "goal",
         kw.OCCUPIER: "occupier", kw.TURN_ORDER: "turn", kw.SETUP: "setup"}
#: What a slot holds when nothing is generated for it (the skeleton stays a valid game).
DEFAULTS = {"condition": "true", "goal": "stalemated", "occupier": "Man"}

#: Atoms the skeleton defines, and a few it does not.
NAMES = ["n", "s", "e", "w", "a1", "b2", "c3", "z9", "Man", "King", "Ghost", "promo", "moved?",
         "not-moved?", "f", "mt", "A", "B", "C", "from", "to", "mark", "last-from", "true", "false",
         "else", "add", "off", "repeat"]
NUMBERS = ["0", "1", "-1", "3", "+2", "999999999", "1234567890", "9" * 60]
PARAMS = ["$1", "$2", "$3", "x$1", "$1-$2", "$0", "$" + "9" * 40]
STRINGS = ['"x"', '""', '"$1"', '"a b"', '"Fuzz"', '"pass turn"', '"pass partial"', '"frob"', '"a/b"', '"/"',
           '"/dev/null"', '"nothere.zrf"', '"-"']
#: Lists shaped like the insides of structural forms (dimensions, directions, positions, links,
#: setup items, turn-order entries, zones), right and slightly wrong.
SHAPES = ['("a/b" (1 0))', '("x/y/z" (0 1))', '("" (1 0))', '("a/b")', '("a/b" (1))', '("a/b" 1 0)',
          "(n 0 -1)", "(n 0)", "(n 0 -1 5)", "(q 1 1)", "(a1 0 0 1 1)", "(d9 0 0 1)", "(a1 b1)", "(a1)",
          "(a1 n)", "(name z)", "(name)", "(players A)", "(positions a1 z9)", "(A (Man a1))",
          "(Man a1 off 2)", "(Man off)", "(Man off -3)", "(A mt)", "(A B mt)", "(A B C D)", "(n s)",
          "(opposite n)", "(opposite)", "(Man)", "()", "(((a)))"]

_KEYWORD_NAMES = sorted({name for c in kw.CONTEXTS if c != kw.OPTION for name in kw.table(c)})


def _atom_text(draw) -> str:
    pool = draw(st.sampled_from(["name", "number", "param", "keyword", "text"]))
    if pool == "name":
        return draw(st.sampled_from(NAMES))
    if pool == "number":
        return draw(st.sampled_from(NUMBERS))
    if pool == "param":
        return draw(st.sampled_from(PARAMS))
    if pool == "keyword":
        return draw(st.sampled_from(_KEYWORD_NAMES))
    return draw(st.text(alphabet="abcxyz?-$0123456789!#", min_size=1, max_size=8))


@st.composite
def argument(draw, context: str, depth: int) -> str:
    """One argument: an atom, a string, or (while depth allows) a nested form or list."""
    kind = draw(st.sampled_from(["atom", "atom", "atom", "string", "shape", "form", "list"] if depth > 0
                                else ["atom", "atom", "string", "shape"]))
    if kind == "shape":
        return draw(st.sampled_from(SHAPES))
    if kind == "atom":
        return _atom_text(draw)
    if kind == "string":
        return draw(st.sampled_from(STRINGS))
    if kind == "form":
        inner = draw(st.sampled_from([context, context, *kw.RUNTIME_CONTEXTS]))
        return draw(form(inner, depth - 1))
    items = draw(st.lists(argument(context, depth - 1), max_size=3))
    return "(" + " ".join(items) + ")"


@st.composite
def form(draw, context: str, depth: int = 2) -> str:
    """A keyword of ``context`` (rarely of another) as an atom or with 0 to max+2 arguments."""
    table = kw.table(context)
    names = sorted(table) or _KEYWORD_NAMES
    name = draw(st.one_of(st.sampled_from(names), st.sampled_from(_KEYWORD_NAMES),
                          st.sampled_from(NAMES)))
    use = table.get(name)
    if draw(st.integers(0, 9)) == 0:
        return name  # bare atom, whether or not the keyword may stand alone
    if use is not None and use.arity is not None:
        lo, hi = use.arity
        most = (hi if hi is not None else lo + 3) + 2
    else:
        most = 3
    n = draw(st.integers(0, most))
    args = [draw(argument(context, depth)) for _ in range(n)]
    return "(" + " ".join([name, *args]) + ")"


@st.composite
def macro_wrapped(draw, text: str, index: int) -> tuple[str, str]:
    """``text`` moved into macros called with too few arguments: (defines, the call).

    Some atoms of the form become ``$k``; the outer call passes fewer than it
    uses, through an argument-less middle macro (three calls deep), so the
    missing ones come from the enclosing call or expand to nothing (W202).
    """
    words = text.replace("(", " ( ").replace(")", " ) ").split()
    params = 0
    for i, w in enumerate(words):
        if w not in ("(", ")") and draw(st.integers(0, 3)) == 0:
            params += 1
            words[i] = f"${params}"
    body = " ".join(words).replace("( ", "(").replace(" )", ")")
    inner, middle = f"fz-in-{index}", f"fz-mid-{index}"
    passed = draw(st.integers(0, max(0, params)))
    args = " ".join(draw(st.sampled_from(NAMES)) for _ in range(passed))
    defines = f"(define {inner} {body})\n(define {middle} ({inner}))\n"
    if draw(st.booleans()):
        return defines, f"({middle} {args})".replace(" )", ")")
    return defines, f"({inner} {args})".replace(" )", ")")


@st.composite
def zrf_game(draw) -> str:
    """A whole ZRF file: the skeleton with 1 to 3 generated forms, some inside macros."""
    fill = {slot: "" for slot in SLOTS.values()}
    fill.update(DEFAULTS)
    defines = []
    for i in range(draw(st.integers(1, 3))):
        context = draw(st.sampled_from(list(SLOTS)))
        home = draw(st.sampled_from([context, context, context, *SLOTS]))  # sometimes the wrong place
        if context == kw.STATEMENT:  # a run of statements
            text = " ".join(draw(st.lists(form(kw.STATEMENT), min_size=1, max_size=4)))
        elif context == kw.BLOCKS and draw(st.booleans()):  # a whole move block
            text = "(" + " ".join(draw(st.lists(form(kw.STATEMENT), min_size=1, max_size=5))) + ")"
        else:
            text = draw(form(context))
        if draw(st.integers(0, 2)) == 0:
            d, text = draw(macro_wrapped(text, i))
            defines.append(d)
        slot = SLOTS[home]
        fill[slot] = text if slot in DEFAULTS else f"{fill[slot]} {text}"
    return SKELETON.format(defines="".join(defines), **fill)
