"""Every diagnostic code, defined once: its severity, a title, an explanation and a minimal example.

Everything that reports or describes a finding reads this table: a
:class:`zrf.diagnostics.Diagnostic` takes its severity from its code's entry
(so no call site chooses one, and a code missing here is refused when the
diagnostic is made), ``zrf explain CODE`` prints the entry, and
``docs/diagnostics.md`` is rendered from it (:mod:`zrf.code_reference`).  A
test fails when the product raises a code this table lacks, or the table holds
a code nothing raises, so the table and the tools cannot drift apart.

What a finding does beyond its severity is a field of the entry too
(:class:`Effect`), so no tool steers by comparing code strings: a file that
cannot be read at all makes ``zrf check`` exit 2 (:attr:`Effect.UNREADABLE`),
a refused include stops its game from being played (:attr:`Effect.REFUSED`),
a file a limit cut is refused by a server (:attr:`Effect.CUT`).

Severity follows the first letter: ``E`` (and ``Z``, saved games) an error,
``W`` a warning (legal but suspicious), ``A`` an information.
"""

from __future__ import annotations

import difflib
import enum
import textwrap
from dataclasses import dataclass

from .text_enum import TextEnum


class Severity(TextEnum):
    """How bad a finding is; the value is what JSON output and ``zrf explain`` print."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class Effect(enum.Enum):
    """What a finding does besides being reported."""

    #: reported; the tool goes on (an error still makes ``zrf check`` exit 1)
    REPORTED = "reported"
    #: the input cannot be read at all: ``zrf check`` exits 2 for the file
    UNREADABLE = "unreadable"
    #: the file is read, but none of its games is played (a refused include)
    REFUSED = "refused"
    #: a resource limit left part of the file out and reading went on: what was read is not the
    #: game written, so a server refuses to open it (the command line plays it after a warning)
    CUT = "cut"


class Section(enum.Enum):
    """The groups of docs/diagnostics.md, in page order: (heading, note after the table)."""

    READING = ("E0xx, E1xx: reading (zrf/reader.py)", "")
    MACROS = ("E2xx: macros and includes (zrf/macros.py, undefined macros from zrf/lint.py)",
              "E230 becomes E305 when the head is close to a keyword valid at that place (a typo).")
    STRUCTURE = ("E30x: file and game structure", "")
    PLAYERS = ("E31x: players, turn order, options", "")
    BOARD = ("E32x: board", "")
    PIECES = ("E33x: pieces", "")
    SETUP = ("E34x: board-setup", "")
    GOALS = ("E35x: goals", "")
    PROGRAMS = ("E36x: move programs (SEMANTICS §5)", "")
    NAMES = ("E37x: undefined names", "")
    ARITY = ("E38x: arity", "")
    LOADING = ("E39x: loading a game (runtime/interpreter)", "")
    RUNNING = ("W5xx, E5xx: running a game (runtime/interpreter)",
               "The linter and the runtime read the same keyword table (docs/keywords.md), so a form "
               "the linter accepts always runs; a form it rejects is reported by the runtime too when a "
               "game is loaded anyway (`zrf moves` and the other game commands print a one-line warning "
               "when the file has lint errors).")
    GRAPHICS = ("W6xx: graphics (runtime/pictures/bitmaps.py)", "")
    AXIOM = ("A0xx: Axiom engine", "")
    SAVED_GAMES = ("Z0xx: saved games (zrf/zsg.py, runtime/savedgames/replay.py)", "")
    EXPORT = ("E8xx: export to Fairy-Stockfish (runtime/fairy/export.py, `zrf export fairy`)",
              "Each construct a variants.ini section cannot express is reported where it is written, all "
              "of them, and the command exits 1; E812 is the verification's first difference (exit 1 too).")

    @property
    def heading(self) -> str:
        return self.value[0]

    @property
    def note(self) -> str:
        return self.value[1]


#: the severity each first letter of a code stands for (a test holds the table to it)
FIRST_LETTER = {"E": Severity.ERROR, "Z": Severity.ERROR, "W": Severity.WARNING, "A": Severity.INFO}


@dataclass(frozen=True)
class Code:
    """One diagnostic code."""

    code: str
    severity: Severity
    section: Section
    #: a few words: what was found
    title: str
    #: when it is reported and what happens then
    explanation: str
    #: a minimal input that raises it ("" when none is short: a bug, a huge file)
    example: str = ""
    effect: Effect = Effect.REPORTED

    def describe(self) -> str:
        """The entry as ``zrf explain`` prints it."""
        lines = [f"{self.code} ({self.severity.value}): {self.title}", "", textwrap.fill(self.explanation, 88)]
        if self.effect is Effect.UNREADABLE:
            lines.append("The file cannot be read: zrf check exits with status 2.")
        elif self.effect is Effect.REFUSED:
            lines.append("The file is read, but none of its games is played.")
        elif self.effect is Effect.CUT:
            lines.append("Part of the file is left out: `zrf serve` refuses to open it.")
        if self.example:
            lines += ["", "Example:", f"    {self.example}"]
        lines += ["", f"Section: {self.section.heading} (docs/diagnostics.md)"]
        return "\n".join(lines)


S = Section
ERROR, WARNING, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO
_U = Effect.UNREADABLE
_CUT = Effect.CUT

CODES: tuple[Code, ...] = (
    # ------------------------------------------------------------------ reading
    Code("E000", ERROR, S.READING, "internal error while checking a file",
         "A bug in `zrf check` itself while checking this file: reported for that file, and a folder "
         "check goes on with the next one (exit 2). Please report it.", "", _U),
    Code("E001", ERROR, S.READING, "file cannot be opened",
         "The file cannot be opened (exit 2).", "`zrf check missing.zrf`", _U),
    Code("E002", ERROR, S.READING, "not a regular file",
         "Devices, FIFOs, sockets and folders are refused before opening (exit 2).",
         '`(include "/dev/zero")`', _U),
    Code("E003", ERROR, S.READING, "file too large",
         "The file is larger than the `file_bytes` limit (exit 2; docs/limits.md).", "a 20 MB file", _U),
    Code("E004", ERROR, S.READING, "file cannot be written",
         "A file cannot be written, or the target is a device, FIFO or folder (exit 2; the old file "
         "is kept).", "`zrf fmt x.zrf -o /dev/null`"),
    Code("E090", ERROR, S.READING, "more diagnostics than the limit (some errors)",
         "More diagnostics than the `diagnostics` limit: the rest are counted here. E090 when one of "
         "them is an error, W090 when none is.", "a macro that multiplies one mistake a million times"),
    Code("W090", WARNING, S.READING, "more diagnostics than the limit (warnings only)",
         "More diagnostics than the `diagnostics` limit, none of the uncounted ones an error: the "
         "rest are counted here.", "a file repeating one warning more times than the limit"),
    Code("E101", ERROR, S.READING, "unbalanced ')'", "A `)` with no `(` to close.", "`(game))`"),
    Code("E102", ERROR, S.READING, "unclosed '('", "A `(` never closed (reported at that `(`).",
         '`(game (title "x")`'),
    Code("E103", ERROR, S.READING, "unterminated string", 'A string with no closing `"`.', '`(title "x)`'),
    Code("E104", ERROR, S.READING, "text after the last form",
         "Text after the last form: only comments may follow the final `)`.", "`(game)` then `junk`"),
    Code("E105", ERROR, S.READING, "lists nested too deeply",
         "Lists nested deeper than the `read_nesting` limit.", "generated input"),
    Code("E106", ERROR, S.READING, "number with too many digits",
         "A number with more digits than the `number_digits` limit.", "`(pieces-remaining 99999999999)`"),
    # ------------------------------------------------------------------ macros and includes
    Code("E201", ERROR, S.MACROS, "define without a name", "`define` without a name.", "`(define)`"),
    Code("W201", WARNING, S.MACROS, "macro defined twice",
         "A macro defined twice: the later definition is used.", "two `(define ken-jump ...)`"),
    Code("W202", WARNING, S.MACROS, "macro argument not supplied",
         "A `$k` that neither the call nor any enclosing call supplies: it expands to nothing (a "
         "missing `$k` is otherwise taken from the enclosing call, as Zillions does).",
         "`(define m (a $2))` used as `(m x)` at top level"),
    Code("E210", ERROR, S.MACROS, "bad include", "`include` without exactly one string.", "`(include common)`"),
    Code("E211", ERROR, S.MACROS, "included file not found", "The included file is not found.",
         '`(include "nothere.zrf")`'),
    Code("E212", ERROR, S.MACROS, "include cycle or includes nested too deeply",
         "An include cycle, or includes nested deeper than the `include_depth` limit.",
         "a.zrf includes b.zrf includes a.zrf"),
    Code("W213", WARNING, S.MACROS, "include outside the file's folder",
         "An include outside the folder tree of the file being read, read because the user allowed "
         "it (`zrf --allow-outside`).", '`(include "../../etc/x.zrf")`'),
    Code("E214", ERROR, S.MACROS, "include outside the file's folder, refused",
         "The same as W213, refused before it is read (unless the user allows it; always in "
         "`zrf serve`).", '`(include "/etc/shadow")`', Effect.REFUSED),
    Code("E220", ERROR, S.MACROS, "macro recursion too deep", "A macro expanding into itself too deeply.",
         "`(define m (m))`", _CUT),
    Code("E221", ERROR, S.MACROS, "macro expansion too large",
         "The expansion produces more nodes than the `expanded_nodes` limit.", "exploding macros", _CUT),
    Code("E222", ERROR, S.MACROS, "forms nested too deeply",
         "An expansion nests lists deeper than the `expanded_nesting` limit, or a game's forms nest "
         "too deeply to check or compile.", "a macro wrapping its argument in a list 10,000 times deep", _CUT),
    Code("E223", ERROR, S.MACROS, "list pasted into an atom",
         "A list argument pasted into an atom or string.", "`(define m D$1)` used as `(m (a b))`"),
    Code("E224", ERROR, S.MACROS, "pasting does not give one atom",
         "Pasting gives text that is not one atom.", ""),
    Code("E225", ERROR, S.MACROS, "pasted text too long",
         "Pasting makes more characters than the `pasted_chars` limit.", "`(define d (d $1$1))`", _CUT),
    Code("E226", ERROR, S.MACROS, "pasted number with too many digits",
         "Pasting makes a number with more digits than the `number_digits` limit.", "", _CUT),
    Code("E230", ERROR, S.MACROS, "undefined macro",
         "A list whose head is neither a keyword allowed there, nor a defined macro, nor a direction "
         "or position: an undefined macro.", "`(moves (slide n))` with no `(define slide ...)`"),
    # ------------------------------------------------------------------ structure
    Code("E301", ERROR, S.STRUCTURE, "bare atom at top level",
         "A bare atom or string at top level (quoted only in a `.zrf` file: in any other file read "
         "as rules, such as a saved game's `RulesFile=` naming a text file, the message says its "
         "text is not shown).", "`(game) foo`"),
    Code("E302", ERROR, S.STRUCTURE, "variant without a game", "A variant in a file with no game.",
         '`(variant (title "V"))` alone'),
    Code("E303", ERROR, S.STRUCTURE, "unknown top-level keyword",
         "An unknown top-level keyword (quoted only in a `.zrf` file, as E301).", "`(gmae ...)`"),
    Code("E304", ERROR, S.STRUCTURE, "bare atom inside a game",
         "A bare atom or string inside a game or variant.", '`(game (title "T") oops)`'),
    Code("E305", ERROR, S.STRUCTURE, "unknown keyword, or keyword not allowed here",
         "An unknown keyword in a game, variant, board, grid, zone, piece or move program, with a "
         "suggestion, or a keyword used where it is not allowed (`(grid)` in a game, a bare `go` "
         "statement).", "`(turnorder White Black)` → did you mean 'turn-order'?"),
    # ------------------------------------------------------------------ players, turn order, options
    Code("E310", ERROR, S.PLAYERS, "player name not an atom", "A player name that is not an atom.",
         '`(players "White")`'),
    Code("E311", ERROR, S.PLAYERS, "bad turn-order entry",
         "A turn-order entry that is not `P`, `(P mt)`, `(P Q)`, `(P Q mt)` or `repeat`.",
         '`(turn-order "x")`'),
    Code("W310", WARNING, S.PLAYERS, "option name not a string", "An option form with a non-string name.",
         "`(option pass-turn true)`"),
    Code("W311", WARNING, S.PLAYERS, "move-priorities names an undeclared move type",
         "`move-priorities` names a move type no piece declares.", "`(move-priorities jumptype)`"),
    Code("W312", WARNING, S.PLAYERS, "unknown option",
         "An option name neither Zillions nor Dagaz knows: it is ignored (names ending in "
         "`extension` or `invariant` are Dagaz's).", '`(option "frobnicate" true)`'),
    # ------------------------------------------------------------------ board
    Code("E320", ERROR, S.BOARD, "bare atom inside board", "A bare atom inside `board`.", "`(board foo)`"),
    Code("E321", ERROR, S.BOARD, "bad position", "A position that is not `(name x1 y1 x2 y2)`.",
         '`(positions "a")`'),
    Code("E322", ERROR, S.BOARD, "bad links",
         "`links` without a direction, or a link that is not a pair.", "`(links (a b))`"),
    Code("E323", ERROR, S.BOARD, "link to an unknown position",
         "A link to a position that is not on the finished board and was never declared.",
         "`(links next (a1 x9))`"),
    Code("W323", WARNING, S.BOARD, "link to a killed position",
         "A link to a position removed by `kill-positions`: the link is ignored (Zillions loads such "
         "files: IkusaShogi, LeShogi, RenShogi, SimpleShogi).",
         "`(kill-positions x1) (links in-hand (z7 x1))`"),
    Code("E324", ERROR, S.BOARD, "bad unlink",
         "An unlink entry that is not a position, a pair or `(position direction)`.", '`(unlink "a")`'),
    Code("E325", ERROR, S.BOARD, "bad dimension", 'A dimension that is not `("labels" (dx dy))`.',
         "`(dimensions (a b))`"),
    Code("E326", ERROR, S.BOARD, "grid without dimensions", "A grid without dimensions.",
         "`(grid (start-rectangle 0 0 1 1))`"),
    Code("E327", ERROR, S.BOARD, "direction of the wrong dimension",
         "A direction whose offset count differs from the grid's dimension count.",
         "`(bad 1 0)` in a 3-D grid"),
    Code("E328", ERROR, S.BOARD, "zone without a name", "A zone without `(name ...)`.", "`(zone (players White))`"),
    Code("E329", ERROR, S.BOARD, "board too large",
         "The board would have more positions than the `board_cells` limit: the grid (or the "
         "positions past it) is left out.", '`(dimensions ("a/.../z" ...) ...)` giving a billion cells', _CUT),
    Code("W320", WARNING, S.BOARD, "kill-positions names an unknown position",
         "`kill-positions` names a position that does not exist.", "`(kill-positions z9)`"),
    Code("W321", WARNING, S.BOARD, "zone for a non-player", "A zone declared for a name that is not a player.",
         "`(zone (name promo) (players Red) ...)`"),
    Code("W322", WARNING, S.BOARD, "symmetry for a non-player",
         "Symmetry declared for a name that is not a player.", "`(symmetry Silver (n s))`"),
    Code("W323D", WARNING, S.BOARD, "direction named like a position",
         "A direction named like a position: inside moves the atom is read as the direction.",
         "`(directions (e2 2 0))` on a board with a cell `e2`"),
    # ------------------------------------------------------------------ pieces
    Code("E330", ERROR, S.PIECES, "piece without a name", "A piece without `(name ...)`.", "`(piece (moves ...))`"),
    Code("E331", ERROR, S.PIECES, "bare atom inside a piece", "A bare atom inside a piece.",
         "`(piece (name P) foo)`"),
    Code("E332", ERROR, S.PIECES, "attribute without name and default", "`attribute` without name and default.",
         "`(attribute moved?)`"),
    Code("E333", ERROR, S.PIECES, "too many piece types",
         "More piece types than the `piece_types` limit: the later ones are left out.", "", _CUT),
    Code("W330", WARNING, S.PIECES, "piece that never moves",
         "A piece with no moves and no drops that is not `(dummy)` (not reported in Axiom files).",
         "`(piece (name Wall))`"),
    Code("W340", WARNING, S.PIECES, "drops that never happen",
         "A piece with drops that no player has off-board stock of (`off N` in board-setup), so its "
         "drops never happen (SEMANTICS §4.2).",
         "`(piece (name Stone) (drops ...))` without `(Stone off 3)`"),
    # ------------------------------------------------------------------ board-setup
    Code("E340", ERROR, S.SETUP, "bad board-setup entry",
         "A setup entry that is not `(Player (Piece pos ...) ...)`.", "`(board-setup White)`"),
    Code("E341", ERROR, S.SETUP, "bad setup item", "A setup item that is not a list headed by a piece name.",
         "`(White a1)`"),
    Code("E342", ERROR, S.SETUP, "setup position not an atom", "A setup position that is not an atom.",
         "`(White (Man (a1)))`"),
    Code("E343", ERROR, S.SETUP, "too many pieces set up",
         "A board-setup placing more pieces than the `placements` limit: the rest are left out.", "", _CUT),
    Code("W341", WARNING, S.SETUP, "killed position used",
         "Setup, a goal or a move program uses a killed position.",
         "`(kill-positions c3)` then `(Black (Man c3))`"),
    # ------------------------------------------------------------------ goals
    Code("E350", ERROR, S.GOALS, "bad goal", "A goal without a condition, or an unknown goal condition.",
         "`(win-condition (White) mated)`"),
    Code("E351", ERROR, S.GOALS, "count without a number",
         "`pieces-remaining`/`total-piece-count` without a number first.", "`(pieces-remaining King 0)`"),
    # ------------------------------------------------------------------ move programs
    Code("E361", ERROR, S.PROGRAMS, "bad move block",
         "A move block that is not a list, or a string or unheaded list among statements.",
         '`(moves "n")`'),
    Code("E362", ERROR, S.PROGRAMS, "argument of the wrong kind",
         "An argument of the wrong kind (`go` target, `opposite` direction, flag name, a list where "
         "a name belongs), or a `create` argument left over after [player] [piece] [place].",
         "`(go somewhere)`, `(create Man n e)`"),
    Code("E363", ERROR, S.PROGRAMS, "else outside an if", "`else` outside an `if`.", "`(n else add)`"),
    Code("E364", ERROR, S.PROGRAMS, "condition used as a statement", "A condition used as a statement.",
         "`(n empty? add)`"),
    Code("E365", ERROR, S.PROGRAMS, "not a condition",
         "Something that is not a condition where one is expected.", "`(verify n)`"),
    Code("W361", WARNING, S.PROGRAMS, "move block that never adds a move",
         "A move block with no `add`, `add-copy` or `add-partial`: it never produces a move (not "
         "reported in Axiom files).", "`(n (verify empty?))`"),
    Code("W362", WARNING, S.PROGRAMS, "unreachable code after (while true ...)",
         "Code after `(while true ...)`: such a loop only ends by stopping the block, so what follows "
         "never runs.", "`((while true n add) add)`"),
    # ------------------------------------------------------------------ undefined names
    Code("E370", ERROR, S.NAMES, "unknown piece",
         "An unknown piece (add, add-partial, change-type, create, piece?, setup, goals).",
         "`(add King)` with no King"),
    Code("E371", ERROR, S.NAMES, "unknown direction or position",
         "An unknown direction or position (navigation, predicate arguments, opposite, "
         "relative-config).", "`(nw add)` on an orthogonal board"),
    Code("E372", ERROR, S.NAMES, "unknown zone", "An unknown zone.", "`(in-zone? promo)`"),
    Code("E373", ERROR, S.NAMES, "unknown position",
         "An unknown position (setup, zones, absolute-config, position?).", "`(White (Man z9))`"),
    Code("E374", ERROR, S.NAMES, "unknown player", "An unknown player (turn-order, board-setup, goals).",
         "`(turn-order White Blak)`"),
    Code("E375", ERROR, S.NAMES, "undeclared attribute or unknown predicate",
         "An undeclared attribute (set-attribute) or an unknown predicate ending in `?`.",
         "`(verify emtpy?)`"),
    Code("W376", WARNING, S.NAMES, "flag that nothing sets",
         "`flag?`/`position-flag?` tests a flag that nothing sets: always false (legal, so a "
         "warning).", "`(verify (flag? jumped))`"),
    Code("W377", WARNING, S.NAMES, "undeclared move type",
         "A move type used by add-partial or the turn order that no piece declares.",
         "`(add-partial jumptype)`"),
    Code("W378", WARNING, S.NAMES, "attacked? with a move type",
         "`attacked?`/`defended?` with a move type as argument: Zillions loads it (LeShogi, "
         "IkusaShogi), its meaning is not known, the runtime answers false (true for the `not-` "
         "form).", "`(attacked? no-king)`"),
    # ------------------------------------------------------------------ arity
    Code("E380", ERROR, S.ARITY, "wrong number of arguments",
         "A keyword with the wrong number of arguments, or a keyword that is written alone used as "
         "a list (`(else)`); the arities are in the keyword table, docs/keywords.md.",
         '`(verify empty? friend?)`, `(option "pass turn")`'),
    # ------------------------------------------------------------------ loading
    Code("E390", ERROR, S.LOADING, "link tables too large",
         "The board's link tables (2 x players x directions x positions) would pass the "
         "`link_entries` limit; the game is not loaded.", "100 players on a 100,000-cell board"),
    # ------------------------------------------------------------------ running
    Code("W501", WARNING, S.RUNNING, "instruction that cannot run",
         "An instruction or condition that cannot run (unknown keyword, wrong arity, a list where a "
         "name belongs); it compiles to a stop (a condition: false).", "`(n (frob) add)`"),
    Code("W502", WARNING, S.RUNNING, "goal condition that cannot run",
         "A goal condition or occupier that cannot run; it never holds.", "`(win-condition (A) (frob))`"),
    Code("W503", WARNING, S.RUNNING, "add-partial chain cut",
         "A turn chained 64 add-partial parts; it ends there (reported once, at the move block the "
         "chain continues with).", "a piece that must keep stepping along a 70-cell line"),
    Code("W504", WARNING, S.RUNNING, "move list cut",
         "A position has more than 100,000 whole turns; its move list holds the first 100,000 "
         "(random moves, counts and stalemate tests still see them all).", ""),
    Code("E510", ERROR, S.RUNNING, "runaway while loop",
         "A `while` that loops more than 10,000 times in one block run (raised as "
         "`ZrfRuntimeError`, printed by every game command as `path:line:col: E510 ...`).",
         "`((while true mark) add)`"),
    # ------------------------------------------------------------------ graphics
    Code("W601", WARNING, S.GRAPHICS, "images missing or unreadable",
         "A picture (`zrf render`, the browser page) uses images the file names that are missing "
         "or unreadable; said once, at the first of them, with the count; those pieces are drawn as "
         "labelled discs, a missing board from its cells.",
         '`(image White "images/Chess/wk.bmp")` with no such file'),
    Code("W610", WARNING, S.GRAPHICS, "bitmaps past the image_pixels limit",
         "A bitmap whose header gives more pixels than the game's pictures may still load (the "
         "`image_pixels` limit, for all of one picture's bitmaps together): not decoded, drawn as "
         "W601 says; said once, at the first of them.",
         "a 45 KB upload of three 1-bit PNGs of 9000x9000 and 12000x12000 pixels"),
    # ------------------------------------------------------------------ Axiom
    Code("A001", INFO, S.AXIOM, "needs the Axiom engine plug-in",
         "The file says `(engine \"...axiom.dll\")`: its moves and often its goals are generated by "
         "a Windows plug-in, so the file can be read and checked but not played (SEMANTICS §8). Its "
         "move-less helper pieces and add-less placeholder blocks (`(moves (from))`) are not "
         "reported. An information: the exit status is unaffected.", '`(engine "Axiom.dll")`'),
    # ------------------------------------------------------------------ saved games
    Code("Z001", ERROR, S.SAVED_GAMES, "saved game cannot be read",
         "A saved game (`.zsg`) that cannot be read or replayed from its start: a line that is not "
         "`N. move`, a move number of more than 9 digits, a set-up edit naming a cell, player or "
         "piece the game lacks.", "a line `1. Pawn e2 - e4` followed by `garbage`"),
    Code("Z002", ERROR, S.SAVED_GAMES, "RulesFile= names no file",
         "`RulesFile=` names no file: the name holds a NUL character.", "`RulesFile=a<NUL>b.zrf`"),
    Code("Z003", ERROR, S.SAVED_GAMES, "RulesFile= outside the saved game's folder",
         "`RulesFile=` leads out of the saved game's folder tree: refused (`--zrf PATH` names the "
         "rules instead, `zrf --allow-outside` reads it).", "`RulesFile=../../secret/credentials`"),
    # ------------------------------------------------------------------ export to Fairy-Stockfish
    Code('E801', ERROR, S.EXPORT, 'not two players',
         'Not two players (at `players`): a Fairy-Stockfish variant has two.', '`(players A B C)`'),
    Code('E802', ERROR, S.EXPORT, 'board not one full rectangular grid',
         'The board is not one full rectangular two-dimensional grid; where the hands are board cells, the playing area (the cells moves reach) is not. Positions beside the one grid are left out when none is set up with a piece, linked to a cell or reached by a move or drop; otherwise the diagnostic names which.', 'extra positions a piece may stand on, two grids, hand cells inside the playing area'),
    Code('E803', ERROR, S.EXPORT, 'board larger than 12x10',
         "The grid, or where the hands are board cells the playing area, is larger than 12 files by 10 ranks, Fairy-Stockfish's largest board.", 'a 16x16 shogi'),
    Code('E804', ERROR, S.EXPORT, 'turn order not alternate single moves',
         'The turn order is not one move each, alternately (at `turn-order`).', '`(turn-order White White Black)`'),
    Code('E805', ERROR, S.EXPORT, 'multi-part move',
         'A multi-part move (at the keyword): Fairy-Stockfish has none.', '`(add-partial jumptype)`'),
    Code('E806', ERROR, S.EXPORT, 'effect with no Fairy-Stockfish counterpart',
         'An effect Fairy-Stockfish has no counterpart for (at the keyword): add-copy, create, flip, change-owner; a cascade that is not castling; a castling still legal after the king or its rook moved away and back (Fairy-Stockfish\'s rights would be gone). Where the hands are board cells, a capture that carries the captured piece to its capturer\'s hand cell is a capture to hand; any other piece put on a hand cell is reported at the board, and so is a captured piece removed where the others go to hand, unless its capture ends the game (its owner\'s only piece of a type whose loss loses, or a royal one).', '`(create Pawn)`'),
    Code('E807', ERROR, S.EXPORT, 'moves no Betza expresses',
         'A piece whose moves are no Betza notation Fairy-Stockfish reads, or depend on the square it stands on (at the piece).', 'a palace-bound advisor'),
    Code('E808', ERROR, S.EXPORT, "promotion that is not a pawn's",
         "A promotion that is neither a pawn's (the orthodox pawn's, or pawn-style: on every move ending in one region, to one set of types, always or by choice, as promotionPawnTypes) nor shogi's (one type, on the moves that start or end in one region; at the piece), nor micro shogi's (a piece that turns over when it captures: on every capture, or by choice on each), nor Kyoto shogi's (two types turning into each other: the side a hand holds is its base, else the side set up, else, both set up and no hand holding either, the first by name, the other its promoted form, turning back); a promotion whose type depends on the cell the piece lands on; a turn-over whose two sides are both held in a hand, or neither set up nor in hand, into a held type with no way back, or through more than two types; promoted forms of which some turn back and others not; pieces promoting in different regions; a promoted piece captured to hand as another type than its base; a piece that may stop where it cannot move again where immobilityIllegal is needed.", 'a checkers man'),
    Code('E809', ERROR, S.EXPORT, 'goal with no Fairy-Stockfish rule',
         'A goal with no Fairy-Stockfish rule (at the goal), such as a stalemate goal of some players only (Fairy-Stockfish\'s stalemateValue is one for both, and its materialCounting says only stalemates that one player wins whoever is stalemated, or that the most pieces win); a repetition scored a draw beside such draw odds (the counting would score that draw too); a flag piece that is not royal and enters its goal region only where no enemy attacks it (Dobutsu\'s try rule as a move restriction); a `pieces-remaining` goal Fairy-Stockfish\'s extinction cannot say exactly: of some players only, beside one of another value or count, a count some player starts at or below (Zillions\' count is exact, extinction\'s at most), every piece counted where there are hands (Fairy-Stockfish counts them), a count of a type that may turn into another, a draw or win judged after another goal of the move (a flag).', '`(loss-condition (White) stalemated)` alone'),
    Code('E810', ERROR, S.EXPORT, 'drop rule with no Fairy-Stockfish counterpart',
         'A drop Fairy-Stockfish cannot make (at the drops): onto a piece, capturing or changing pieces, where it may go depending on the board (other than one own piece per file), regions differing by piece type, the second player\'s squares other than the first player\'s mirrored; a mating drop forbidden (shogi\'s pawn); a piece in hand never dropped, or dropped with no piece in hand; where the hands are board cells, a move from a hand cell that is not one piece put on an empty cell of the playing area (at the board).', 'a stone dropped only next to a friend'),
    Code('E811', ERROR, S.EXPORT, 'too many piece types for Fairy-Stockfish',
         "More piece types than Fairy-Stockfish's 25 custom slots.", ''),
    Code('E812', ERROR, S.EXPORT, 'export verification found a difference',
         "The verification found a difference: the first position and both engines' moves.", ''),
    Code('E813', ERROR, S.EXPORT, 'option with no counterpart',
         'An option with no counterpart (at the option), among them a pass that can happen: Fairy-Stockfish ends the game when both players pass in turn; move priorities other than drops first (mustDrop) or captures first (mustCapture), or either one in a game with a royal piece (at move-priorities, or at the block of the first rank that makes other moves than captures, or of a later rank that captures).', '`(option "maximal captures" true)`'),
)

BY_CODE: dict[str, Code] = {c.code: c for c in CODES}


class UnknownCode(KeyError):
    """A code the table does not hold; :attr:`suggestions` are the closest it does."""

    def __init__(self, code: str, suggestions: list[str]):
        self.code = code
        self.suggestions = suggestions
        hint = f" (did you mean {' or '.join(repr(s) for s in suggestions)}?)" if suggestions else ""
        super().__init__(f"unknown diagnostic code {code!r}{hint}")

    def __str__(self) -> str:
        return self.args[0]


def lookup(code: str) -> Code:
    """The entry of ``code`` (case-insensitive); :class:`UnknownCode` with suggestions otherwise."""
    entry = BY_CODE.get(code) or BY_CODE.get(code.strip().upper())
    if entry is None:
        raise UnknownCode(code, difflib.get_close_matches(code.strip().upper(), BY_CODE, n=3, cutoff=0.5))
    return entry
