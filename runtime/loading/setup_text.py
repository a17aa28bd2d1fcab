"""Position set-up text: ``SIDE | cell:player:type, cell:player:type, ...``.

Engine writers set up positions all the time (FEN in chess).  This is the one
text form every command accepts (``--position``), the form the issues and rules
notes write positions in::

    White | e4:White:Rotor, e5:White:Hopper, e6:Black:Dame, a1:White:King

``SIDE`` is the player to move; every other cell is empty.  Names are the
game's own cell, player and piece-type names, case-sensitive as in ZRF.

:func:`parse_setup` reads the text alone; :func:`set_up` checks the names
against a game and builds the state with the game's own
:meth:`runtime.core.protocol.Game.state_from`, so rule state the board does
not show takes that engine's default for a hand-made position: a native
engine's (a Star Pool King on its start square still has its first-move leap;
see each engine's ``state_from``), or a ZRF game's (``ZrfGame.state_from``:
the listed pieces with their attribute defaults, off-board stores at their
start counts, the first turn-order entry where ``SIDE`` moves).

Every mistake is a :class:`SetupError` whose message names the column of the
text and, for an unknown name, what the game does have.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from runtime.core.protocol import Game, State, set_up_positions

SIDE_SEPARATOR = "|"
PIECE_SEPARATOR = ","
FIELD_SEPARATOR = ":"
MAX_LISTED = 12
"""Names an error message lists before it says how many more there are."""


class SetupError(ValueError):
    """The set-up text is malformed or names something the game does not have."""


@dataclass(frozen=True)
class SetupText:
    """A parsed set-up text: the side to move and ``(cell, player, piece type)`` triples."""

    to_move: str
    pieces: tuple[tuple[str, str, str], ...]
    #: 1-based column of each piece's text, for error messages
    columns: tuple[int, ...] = ()

    def position(self) -> dict[str, tuple[str, str]]:
        """``{cell: (player, piece type)}``."""
        return {cell: (player, ptype) for cell, player, ptype in self.pieces}

    def text(self) -> str:
        """The canonical text of this set-up (parses back to an equal value)."""
        body = ", ".join(FIELD_SEPARATOR.join(p) for p in self.pieces)
        return f"{self.to_move} {SIDE_SEPARATOR} {body}".rstrip()


def parse_setup(text: str) -> SetupText:
    """Read ``SIDE | cell:player:type, ...``; :class:`SetupError` names the faulty column."""
    side, sep, body = text.partition(SIDE_SEPARATOR)
    if not sep:
        raise SetupError(f"column 1: expected 'SIDE | cell:player:type, ...', found no "
                         f"'{SIDE_SEPARATOR}' after the side to move")
    to_move = side.strip()
    if not to_move or len(to_move.split()) != 1:
        raise SetupError(f"column 1: expected one player name before '{SIDE_SEPARATOR}', "
                         f"found {side.strip()!r}")
    pieces = []
    columns = []
    seen: dict[str, int] = {}
    offset = len(side) + 1
    for item in body.split(PIECE_SEPARATOR):
        column = offset + len(item) - len(item.lstrip()) + 1
        offset += len(item) + 1
        item = item.strip()
        if not item:
            if body.strip():
                raise SetupError(f"column {column}: empty entry (two commas, or a comma at the end)")
            continue
        fields = [f.strip() for f in item.split(FIELD_SEPARATOR)]
        if len(fields) != 3 or not all(fields) or any(len(f.split()) != 1 for f in fields):
            raise SetupError(f"column {column}: expected cell:player:type, found {item!r}")
        cell = fields[0]
        if cell in seen:
            raise SetupError(f"column {column}: cell {cell} is already set at column {seen[cell]}")
        seen[cell] = column
        pieces.append((cell, fields[1], fields[2]))
        columns.append(column)
    return SetupText(to_move, tuple(pieces), tuple(columns))


def _listing(names: Iterable[str]) -> str:
    names = list(names)
    shown = ", ".join(names[:MAX_LISTED])
    more = len(names) - MAX_LISTED
    return f"{shown} and {more} more" if more > 0 else shown


def check_names(game: Game, setup: SetupText) -> None:
    """:class:`SetupError` for a side, cell, player or piece type ``game`` does not have."""
    players = tuple(game.players)
    if setup.to_move not in players:
        raise SetupError(f"column 1: {setup.to_move!r} is not a player of {game.name} "
                         f"(players: {_listing(players)})")
    cells = set(game.positions)
    types = set(game.piece_types)
    for (cell, player, ptype), column in zip(setup.pieces, setup.columns or (0,) * len(setup.pieces)):
        if cell not in cells:
            raise SetupError(f"column {column}: {cell!r} is not a cell of {game.name} "
                             f"(cells: {_listing(game.positions)})")
        if player not in players:
            raise SetupError(f"column {column}: {player!r} is not a player of {game.name} "
                             f"(players: {_listing(players)})")
        if ptype not in types:
            raise SetupError(f"column {column}: {ptype!r} is not a piece type of {game.name} "
                             f"(types: {_listing(game.piece_types)})")


def set_up(game: Game, text: str) -> State:
    """The state ``text`` describes in ``game``; :class:`SetupError` when it cannot be built."""
    setup = parse_setup(text)
    check_names(game, setup)
    capable = set_up_positions(game)
    if capable is None:
        raise SetupError(f"{game.name} cannot set up positions")
    try:
        return capable.state_from(setup.position(), setup.to_move)
    except ValueError as exc:  # the side never moves (a ZRF turn order without it)
        raise SetupError(f"column 1: {exc}") from None


__all__ = ["SetupError", "SetupText", "parse_setup", "check_names", "set_up"]
