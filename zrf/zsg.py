"""Zillions saved games (``.zsg``): read and write (SEMANTICS §7).

A saved game is plain text (CRLF line endings)::

    Zillions Save Game File Version 0.02 CC     one letter per player: C computer, H human
    RulesFile=CheckersCollection.zrf
    VariantName=Dameo
    (White ChessKing f7)                        optional set-up edits before move 1
    (x e8)
    1. Checker e2 - g4                          "<n>. <text>", one line per turn or partial part

This module only knows the file format; matching lines against legal moves is
the runtime's job (runtime.savedgames.replay).  It never imports the runtime.

Encoding.  Zillions writes saved games in the Windows ANSI code page
(cp1252 on Western systems), with no marker.  :func:`zsg_bytes` writes the
same when every character fits, so Zillions can open the file; a name
outside cp1252 (a Greek or Chinese piece or game name from a UTF-8 ZRF)
would otherwise become ``?``, so such a file is written as UTF-8 with a
byte-order mark instead.  :func:`read_zsg` decodes with the ZRF reader's
rule (:func:`zrf.reader.decode`: a BOM or valid UTF-8 is UTF-8, anything
else cp1252), which reads both back, and records the encoding so a game
read and written again keeps it.  Each field is one line: line breaks
inside a title or move text are written as spaces, so game text can never
add a line (a fake move or ``RulesFile=``) to the file.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import PureWindowsPath

from .confinement import OPTION, inside, outside_allowed
from .diagnostics import Diagnostic, ZrfError
from .reader import decode, read_bytes
from .syntax import Span

HEADER = "Zillions Save Game File Version"

_MOVE = re.compile(r"^\s*(\d{1,9})\.\s*(.*?)\s*$")
_EDIT = re.compile(r"^\s*\((.*)\)\s*$")


@dataclass
class SetupEdit:
    """``(Player Piece pos)`` places a piece; ``(x pos)`` removes one."""

    position: str
    player: str | None = None
    piece: str | None = None
    line: int = 0

    @property
    def is_removal(self) -> bool:
        return self.player is None

    def text(self) -> str:
        return f"(x {self.position})" if self.is_removal else f"({self.player} {self.piece} {self.position})"


@dataclass
class MoveLine:
    """One numbered line: a whole turn or one partial part of it."""

    number: int
    text: str
    line: int = 0

    @property
    def is_partial(self) -> bool:
        return self.text.startswith("partial ")


@dataclass
class SavedGame:
    """A parsed ``.zsg``: header, rules file, variant, set-up edits, move lines."""

    version: str = "0.02"
    seats: str = ""
    rules_file: str = ""
    #: the line of ``RulesFile=`` (diagnostics about the rules file point at it; 0 when absent)
    rules_line: int = 0
    variant: str = ""
    setup: list[SetupEdit] = field(default_factory=list)
    moves: list[MoveLine] = field(default_factory=list)
    path: str = "<string>"
    #: line ending of the file read ("\r\n" as Zillions writes; some copies were converted to "\n")
    newline: str = "\r\n"
    #: text encoding of the file read (see the module docstring); cp1252 is what Zillions writes
    encoding: str = "cp1252"

    def rules_path(self, folder: str) -> str:
        """RulesFile resolved against the saved game's folder (Windows paths reduced to their name).

        Raises :class:`ZrfError` located at the ``RulesFile=`` line when the name
        holds a NUL character (Z002), or when it leads out of ``folder``'s tree
        (Z003) and the run does not allow that (:mod:`zrf.confinement`).
        """
        line = self.rules_line or 1
        if "\0" in self.rules_file:
            raise _error(self.path, line, "RulesFile= names no file: it holds a NUL character", "Z002")
        name = self.rules_file.replace("\\", "/")
        if name.startswith("./"):
            name = name[2:]
        candidate = os.path.join(folder, name)
        if not os.path.exists(candidate):
            candidate = os.path.join(folder, PureWindowsPath(self.rules_file).name)
        if not outside_allowed() and not inside(candidate, folder):
            raise _error(self.path, line, f"RulesFile= {self.rules_file[:80]!r} is outside the saved game's "
                         f"folder: refused (name the rules with --zrf PATH, or {OPTION} reads it)", "Z003")
        return candidate


def _error(path: str, line: int, message: str, code: str = "Z001") -> ZrfError:
    return ZrfError([Diagnostic(code, message, Span(path, line, 1))])


def parse_zsg(text: str, path: str = "<string>") -> SavedGame:
    """Parse saved-game text; a malformed file raises ZrfError with ``path:line:col``."""
    game = SavedGame(path=path, newline="\r\n" if "\r\n" in text or "\n" not in text else "\n")
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if not lines or not lines[0].startswith(HEADER):
        raise _error(path, 1, f"not a Zillions saved game (first line must start with {HEADER!r})")
    head = lines[0][len(HEADER):].split()
    if head:
        game.version = head[0]
    if len(head) > 1:
        game.seats = head[1]
    for number, raw in enumerate(lines[1:], 2):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("RulesFile="):
            game.rules_file = line[len("RulesFile="):].strip()
            game.rules_line = number
        elif line.startswith("VariantName="):
            game.variant = line[len("VariantName="):].strip()
        elif _EDIT.match(line):
            words = _EDIT.match(line).group(1).split()
            if len(words) == 2 and words[0] == "x":
                game.setup.append(SetupEdit(words[1], line=number))
            elif len(words) == 3:
                game.setup.append(SetupEdit(words[2], words[0], words[1], number))
            else:
                raise _error(path, number, f"set-up edit not understood: {line[:60]!r}")
        elif _MOVE.match(line):
            m = _MOVE.match(line)
            game.moves.append(MoveLine(int(m.group(1)), m.group(2), number))
        else:
            raise _error(path, number, f"line not understood: {line[:60]!r}")
    return game


def read_zsg(path: str) -> SavedGame:
    """Read a ``.zsg`` file, decoded as :func:`zrf.reader.decode` does (UTF-8 if valid, else cp1252).

    Devices and FIFOs are refused and the size is bounded, as for ZRF files
    (:func:`zrf.reader.read_bytes`).
    """
    data = read_bytes(path)
    text, encoding = decode(data)
    game = parse_zsg(text, path)
    # plain ASCII is what Zillions writes in its code page: keep writing that
    game.encoding = "cp1252" if data.isascii() else encoding
    return game


_LINE_BREAKS = re.compile(r"[\r\n\v\f\x1c-\x1e\x85\u2028\u2029]+")


def _one_line(text: str) -> str:
    """``text`` with every run of line breaks written as one space (a field stays on its line)."""
    return _LINE_BREAKS.sub(" ", text)


def write_zsg(game: SavedGame) -> str:
    """The saved game as text, with the line ending it was read with (CRLF by default)."""
    out = [f"{HEADER} {game.version} {game.seats}".rstrip(),
           f"RulesFile={game.rules_file}", f"VariantName={game.variant}"]
    out += [e.text() for e in game.setup]
    out += [f"{m.number}. {m.text}" for m in game.moves]
    return game.newline.join(_one_line(line) for line in out) + game.newline


def zsg_bytes(game: SavedGame) -> bytes:
    """:func:`write_zsg` encoded for a file: the encoding it was read with (cp1252, as
    Zillions writes, for a new game) when every character fits, else UTF-8 with a
    byte-order mark."""
    text = write_zsg(game)
    try:
        return text.encode(game.encoding)
    except (UnicodeEncodeError, LookupError):
        return text.encode("utf-8-sig")
