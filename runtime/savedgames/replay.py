"""Replaying a Zillions saved game against the runtime's legal moves (SEMANTICS §7).

Each recorded line is matched against the notation of the generated legal
moves, never executed by itself, so a replay checks the engine.  A legal move
is a whole turn whose parts are consecutive lines.  Matching tries, in order:

1. the exact text (whitespace normalised, the ``partial N`` index ignored,
   because N is not understood; SEMANTICS §9 q2);
2. the same tokens in any order, with ``on <pos>`` and ``@ pos k v`` groups
   dropped (Zillions orders effects a little differently in a few games).

When no legal move matches, the lines may have been saved with another
version of the rules file: Zillions, loading a saved game, continues a turn
recorded as ``partial N`` with the move type numbered N in the file it loads
(:meth:`runtime.core.protocol.ReadsRecordedTurns.recorded_turn`).  Such a turn is replayed as
Zillions replays it, with a note naming each part whose N differs from what
the file's ``add-partial`` says (Dameo.zsg line 84, PyonPyonShogi.zsg lines
4-6); a turn that no legal move and no renumbering explains is a failure.

The first line that cannot be replayed stops the replay and is reported with
the legal alternatives.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from zrf.diagnostics import Diagnostic, ZrfError
from zrf.syntax import Span
from zrf.zsg import SavedGame

from runtime.core.protocol import Move, Outcome, State, reads_recorded_turns, reads_saved_games

_PARTIAL = re.compile(r"^partial \d+ ")


def _exact(text: str) -> str:
    return _PARTIAL.sub("partial ", " ".join(text.split()))


def _loose(text: str) -> tuple:
    tokens = _exact(text).split()
    out = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok == "on" and i + 1 < len(tokens):
            i += 2
            continue
        if tok == "@" and i + 3 < len(tokens):
            i += 4
            continue
        out.append(tok)
        i += 1
    return tuple(sorted(out))


def same_part(notation: str, line: str) -> bool:
    """Does a part written ``notation`` by the runtime match the recorded ``line``?"""
    return _exact(notation) == _exact(line) or _loose(notation) == _loose(line)


def match_lines(moves: list[Move], lines: list[str]) -> tuple[Move, int] | None:
    """The legal move whose parts are the next lines (longest match first) and how many lines
    it takes, or None."""
    for key in (_exact, _loose):
        want = [key(line) for line in lines]
        best = None
        for m in moves:
            parts = m.parts
            k = len(parts)
            if k <= len(want) and all(key(p) == w for p, w in zip(parts, want[:k])):
                if best is None or k > best[1]:
                    best = (m, k)
        if best is not None:
            return best
    return None


def next_turn(state: State, lines: list[str]) -> tuple[Move, int, list[str]] | None:
    """The turn the next recorded ``lines`` make: (move, lines used, notes), or None.

    A legal move when one matches; else the turn Zillions rebuilds on loading
    when the lines name move types by other numbers than the file does (each note
    says which).  None when neither explains the first line.
    """
    found = match_lines(state.legal_moves(), lines)
    if found is not None:
        return found[0], found[1], []
    reader = reads_recorded_turns(state)
    loaded = reader.recorded_turn(lines, same_part) if reader is not None else None
    if loaded is not None and loaded[2]:
        return loaded
    return None


@dataclass
class ReplayResult:
    """How far a replay got: moves applied, the failing line (if any) and the outcome."""

    rules: str
    variant: str
    lines: int
    applied_lines: int = 0
    turns: int = 0
    failed_line: int | None = None
    failed_text: str | None = None
    reason: str | None = None
    alternatives: list[str] = field(default_factory=list)
    outcome: Outcome | None = None
    final: State | None = None
    #: run-time limits the game met while replaying (located warnings, formatted)
    notices: list[str] = field(default_factory=list)
    #: turns replayed as Zillions loads them, their move types renumbered (one located note each)
    renumbered: list[str] = field(default_factory=list)
    #: the saved-game lines of those notes
    renumbered_lines: list[int] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.failed_line is None

    def as_json(self) -> dict:
        o = self.outcome
        return {
            "rules": self.rules, "variant": self.variant, "lines": self.lines,
            "applied_lines": self.applied_lines, "turns": self.turns, "ok": self.ok,
            "failed": None if self.ok else {"line": self.failed_line, "text": self.failed_text,
                                            "reason": self.reason,
                                            "legal": self.alternatives},
            "outcome": None if o is None else {"winners": list(o.winners), "losers": list(o.losers),
                                               "draw": o.draw, "rule": o.rule},
            "notices": self.notices,
            "renumbered": self.renumbered,
        }


def find_rules(saved: SavedGame, zrf: str | None = None) -> str:
    """The rules file: --zrf if given, else RulesFile relative to the saved game's folder."""
    if zrf:
        return zrf
    return saved.rules_path(os.path.dirname(os.path.abspath(saved.path)))


def replay(saved: SavedGame, game, progress: Callable[[int], None] | None = None) -> ReplayResult:
    """Replay every line of ``saved`` on ``game`` (a ZRF game); stop at the first illegal one.

    ``progress`` (a progress bar's ``update``) is called with the number of lines each
    replayed turn took.  A set-up edit naming a cell, player or piece the game lacks
    raises :class:`ZrfError` located at that edit's line.
    """
    edits = [(e.player, e.piece, e.position) for e in saved.setup]
    editor = reads_saved_games(game)
    if edits and editor is None:
        raise ZrfError([Diagnostic("Z001", f"the saved game edits the set-up, which {game.name} cannot do",
                                   Span(saved.path, saved.setup[0].line, 1))])
    try:
        state = editor.edited_state(edits) if edits else game.initial_state()
    except KeyError as exc:
        raise ZrfError([Diagnostic("Z001", str(exc.args[0]), Span(saved.path, _bad_edit_line(game, saved), 1))]) \
            from None
    lines = saved.moves
    result = ReplayResult(game.rules_path or "", game.name, len(lines))
    i = 0
    while i < len(lines):
        found = next_turn(state, [ln.text for ln in lines[i:]])
        if found is None:
            result.failed_line = lines[i].line
            result.failed_text = f"{lines[i].number}. {lines[i].text}"
            over = state.outcome()
            result.reason = (f"the game was already over: {over.describe()}" if over is not None
                             else "no legal move matches")
            result.alternatives = [m.notation for m in state.legal_moves()]
            break
        move, taken, notes = found
        for note in notes:
            result.renumbered_lines.append(lines[i].line)
            result.renumbered.append(f"{saved.path}:{lines[i].line}:1: note: {note}; the saved game was "
                                     "made with another version of the rules file, replayed as "
                                     "Zillions loads it")
        state = state.apply(move)
        i += taken
        result.turns += 1
        if progress is not None:
            progress(taken)
    result.applied_lines = i
    result.final = state
    result.outcome = state.outcome()
    result.notices = [d.format() for d in game.notices]
    return result


def _bad_edit_line(game, saved: SavedGame) -> int:
    """The line of the first set-up edit the game cannot apply (it names no cell, player or piece)."""
    edits = [(e.player, e.piece, e.position) for e in saved.setup]
    for k in range(1, len(edits) + 1):
        try:
            reads_saved_games(game).edited_state(edits[:k])
        except KeyError:
            return saved.setup[k - 1].line
    return saved.setup[0].line
