"""Openings of a match: the moves every pair of games starts with, from a file or drawn at random.

A match plays each opening from every side (:mod:`.series`), so an opening
that favours one side favours both contestants equally.  Two sources:

* a file (``zrf match --openings FILE``): one opening a line, its moves
  written as ``--moves`` takes them (comma-separated, saved-game notation or
  ``from - to [= Type]``), or as UCI moves separated by spaces (``e2e4 e7e5
  g1f3``, for chess books); blank lines and lines starting with ``#`` are
  skipped.  Every move is checked against the rules when the file is read;
* ``K`` random plies (``--random-plies K``): opening ``k`` is ``K`` uniformly
  random legal turns drawn from a generator seeded with the match's seed and
  ``k``, so the same seed gives the same openings on any machine.  An opening
  that would end the game stops short of its last turn.

An opening is kept as the saved-game notation of its moves, which
:func:`play_opening` finds again among the legal moves.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path

from runtime.core.notation import MoveMatchError, find_move, split_move_list
from runtime.core.protocol import Game, Move, State
from runtime.players.uci import legal_move_for

UCI_MOVE = re.compile(r"^(?:[a-z]+\d+[a-z]+\d+[a-z]?|[A-Z]@[a-z]+\d+)$")
"""A move in UCI form (``e2e4``, ``e7e8q``, ``a10a9``, ``P@e4``)."""

MAX_OPENINGS = 100_000
"""Openings read from one file at most."""


class OpeningError(ValueError):
    """An opening file that cannot be used; the message starts with ``path:line:``."""


@dataclass(frozen=True)
class Opening:
    """The moves a game starts with (saved-game notation) and where they came from."""

    moves: tuple[str, ...]
    source: str

    def as_json(self) -> dict:
        return {"moves": list(self.moves), "source": self.source}


START = Opening((), "the start position")
"""No opening: every game starts where the game does."""


def play_opening(state: State, opening: Opening) -> list[Move]:
    """The legal moves the opening's notations name, in order, from ``state``."""
    moves = []
    for text in opening.moves:
        move = find_move(state, text)
        moves.append(move)
        state = state.apply(move)
    return moves


def _line_moves(state: State, line: str) -> list[Move]:
    """The moves of one line of an opening file, played from ``state`` (MoveMatchError names the move)."""
    words = line.split()
    uci = "," not in line and all(UCI_MOVE.match(w) for w in words)
    texts = words if uci else split_move_list(line)
    moves = []
    for number, text in enumerate(texts, 1):
        if state.outcome() is not None:
            raise MoveMatchError(f"move {number}: the game is already over", [])
        if uci:
            move = legal_move_for(state, text)
            if move is None:
                raise MoveMatchError(f"move {number}: {text!r} is no legal move", [])
        else:
            try:
                move = find_move(state, text)
            except MoveMatchError as exc:
                raise MoveMatchError(f"move {number}: {exc.args[0]}", []) from None
        moves.append(move)
        state = state.apply(move)
    return moves


def read_openings(path: str | Path, game: Game) -> list[Opening]:
    """Every opening of the file (see the module docstring); :class:`OpeningError` at the first bad one."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig", errors="strict")
    except OSError as exc:
        raise OpeningError(f"{path}: cannot read the openings: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise OpeningError(f"{path}: cannot read the openings: not UTF-8 text") from None
    openings = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            moves = _line_moves(game.initial_state(), line)
        except MoveMatchError as exc:
            raise OpeningError(f"{path}:{number}: {exc.args[0]}") from None
        openings.append(Opening(tuple(m.notation for m in moves), f"{path}:{number}"))
        if len(openings) > MAX_OPENINGS:
            raise OpeningError(f"{path}:{number}: more than {MAX_OPENINGS} openings")
    if not openings:
        raise OpeningError(f"{path}: no openings in the file")
    return openings


def random_openings(game: Game, plies: int, count: int, seed: int = 0) -> list[Opening]:
    """``count`` openings of ``plies`` random turns each (see the module docstring)."""
    openings = []
    for k in range(count):
        rng = random.Random(f"opening {seed} {k}")
        state = game.initial_state()
        moves: list[str] = []
        for _ in range(plies):
            if state.outcome() is not None:
                break
            move = state.random_move(rng)
            after = state.apply(move)
            if after.outcome() is not None:
                break
            moves.append(move.notation)
            state = after
        openings.append(Opening(tuple(moves), f"{plies} random plies, seed {seed}, opening {k}"))
    return openings
