"""Chess games as PGN, the moves in standard algebraic notation worked out from the rules' own data.

A game is written as PGN when it is chess as far as a PGN reader can tell
(:func:`is_chess`: two players on the 64 cells ``a1`` to ``h8`` with the six
chess piece types).  Each move's SAN comes from the move's details and the
other legal moves (:func:`san`): the piece letter, the file and/or rank that
tells it apart from another piece of the same type going to the same cell,
``x`` for a capture (en passant included: the details name the captured
cell), ``=Q`` for a promotion, ``O-O`` and ``O-O-O`` for a king moving two
files, and ``+`` or ``#`` from the position after it (:meth:`State.in_check`
and the outcome).  Nothing here parses notation text.
"""

from __future__ import annotations

import datetime
from typing import Mapping, Sequence

from runtime.core.protocol import Game, Move, Outcome, State
from runtime.matches.referee import Termination

LETTERS = {"King": "K", "Queen": "Q", "Rook": "R", "Bishop": "B", "Knight": "N", "Pawn": ""}
"""SAN's piece letters (a pawn has none)."""

CELLS = frozenset(f"{f}{r}" for f in "abcdefgh" for r in range(1, 9))

TERMINATIONS = {Termination.RULES: "normal", Termination.REPETITION: "adjudication",
                Termination.PLY_LIMIT: "adjudication", Termination.FORFEIT: "rules infraction",
                Termination.VOID: "abandoned"}
"""PGN's ``Termination`` tag for each way a refereed game ends."""

LINE_WIDTH = 79
"""PGN's movetext lines are at most 79 characters."""


def is_chess(game: Game) -> bool:
    """Two players, the cells a1..h8, the six chess piece types: a game PGN can describe."""
    return (len(game.players) == 2 and set(game.positions) >= CELLS and len(set(game.positions)) == 64
            and set(game.piece_types) == set(LETTERS))


def san(state: State, move: Move) -> str:
    """The standard algebraic notation of ``move`` in ``state`` (see the module docstring)."""
    details = move.details
    if not details or not details[0].movements:
        raise ValueError(f"{move.notation!r} is not a chess move")
    part = details[0]
    first = part.movements[0]
    kind = first.piece[1]
    source, target = first.source, first.target
    if kind == "King" and abs(ord(source[0]) - ord(target[0])) == 2:
        text = "O-O" if target[0] > source[0] else "O-O-O"
    else:
        letter = LETTERS[kind]
        capture = "x" if part.captures else ""
        if not letter:
            text = (source[0] + capture if capture else "") + target
        else:
            rivals = []
            for other in state.legal_moves():
                o = other.details[0] if other.details else None
                if (o is not None and o.movements and o.movements[0].piece[1] == kind
                        and o.movements[0].target == target and o.movements[0].source != source):
                    rivals.append(o.movements[0].source)
            rivals = sorted(set(rivals))
            if not rivals:
                which = ""
            elif all(r[0] != source[0] for r in rivals):
                which = source[0]
            elif all(r[1:] != source[1:] for r in rivals):
                which = source[1:]
            else:
                which = source
            text = letter + which + capture + target
        if part.promotion:
            text += "=" + LETTERS[part.promotion]
    after = state.apply(move)
    outcome = after.outcome()
    if outcome is not None and not outcome.draw and state.current_player in outcome.winners and after.in_check():
        return text + "#"
    return text + ("+" if after.in_check() else "")


def result_text(outcome: Outcome | None, white: str) -> str:
    """PGN's result: ``1-0``, ``0-1``, ``1/2-1/2``, or ``*`` for a game without a result."""
    if outcome is None:
        return "*"
    if outcome.draw or not outcome.winners:
        return "1/2-1/2"
    return "1-0" if white in outcome.winners else "0-1"


def _quoted(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


def pgn_text(game: Game, moves: Sequence[Move], outcome: Outcome | None, names: Mapping[str, str],
             round_number: int, termination: Termination, reason: str, event: str = "zrf match") -> str:
    """The whole PGN of one game played from the start; ``names`` gives each player's contestant, and
    ``reason`` (how it ended, in words) closes the moves as a comment."""
    white, black = game.players
    result = result_text(outcome, white)
    headers = [("Event", event), ("Site", "?"), ("Date", datetime.date.today().strftime("%Y.%m.%d")),
               ("Round", str(round_number)), ("White", names.get(white, white)),
               ("Black", names.get(black, black)), ("Result", result),
               ("Termination", TERMINATIONS[termination])]
    tokens = []
    state = game.initial_state()
    for ply, move in enumerate(moves):
        if ply % 2 == 0:
            tokens.append(f"{ply // 2 + 1}.")
        tokens.append(san(state, move))
        state = state.apply(move)
    if reason:
        tokens.extend(("{" + " ".join(reason.replace("{", "(").replace("}", ")").split()) + "}").split(" "))
    tokens.append(result)
    lines, line = [], ""
    for token in tokens:
        if line and len(line) + 1 + len(token) > LINE_WIDTH:
            lines.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    lines.append(line)
    return "".join(f"[{k} {_quoted(v)}]\n" for k, v in headers) + "\n" + "\n".join(lines) + "\n\n"
