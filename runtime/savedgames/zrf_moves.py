"""A native engine's game as the moves of its generated ZRF, so its saved game is in that file's notation.

A saved game names its rules file (``RulesFile=``) and records each move as
that file's move text.  A built-in game played by its native engine names its
generated ZRF (:func:`runtime.savedgames.saving.rules_file_name`), but the
native engine writes some moves its own way (Canopus' Star: ``Star c1 - c3 x
c2 Star c3 - c6`` in one part, where the ZRF has two), so those lines would
not replay in the file named.  :func:`generated_zrf_moves` finds, move by
move, the ZRF move that leads to the same position (side to move, board and
hands, with the registry's name map, as the cross-checker compares them): the
first in the ZRF's legal-move order, whose turns are made one at a time
(``iter_moves``), so the turns after it are never generated.  The saved game
is written with the ZRF's own moves and ``zrf replay`` reads it.  A game
whose ZRF splits one native turn into several of the same player's turns
(``merge_turns``) gets those turns one by one.
"""

from __future__ import annotations

import json

from runtime.core.merged_turns import MergedTurns
from runtime.core.protocol import Game, Move, Signature
from runtime.loading.opening import open_game
from runtime.loading.registry import GameEntry


class NoZrfMove(ValueError):
    """A native move the generated ZRF has no move for; the message says which and where."""


class _RenamedEntries(dict):
    """Board entry ``(cell, player, type)`` -> the same in the native engine's names, or None
    for a cell the name map ignores; each worked out on first use, as ``Signature.translated``
    renames it.  One conversion renames the positions after thousands of candidate turns,
    whose entries are mostly the same few hundred."""

    def __init__(self, cells: dict, pieces: dict, players: dict, ignore: frozenset):
        super().__init__()
        self.cells, self.pieces, self.players, self.ignore = cells, pieces, players, ignore

    def __missing__(self, x: tuple) -> tuple | None:
        cell, player, ptype = x
        new = None if cell in self.ignore else (self.cells.get(cell, cell), self.players.get(player, player),
                                                self.pieces.get(ptype, ptype))
        self[x] = new
        return new


def _translator(entry: GameEntry):
    """The function from a ZRF position's signature to its core (side to move, board, hands)
    in the native engine's names, by the registry's name map, as the cross-checker compares them."""
    names = json.loads(entry.name_map_json())
    pieces, players = names.get("pieces", {}), names.get("players", {})
    renamed = _RenamedEntries(names.get("cells", {}), pieces, players, frozenset(names.get("ignore", ())))

    def core(sig: Signature) -> tuple:
        board = frozenset(y for y in map(renamed.__getitem__, sig.board) if y is not None)
        hands = frozenset((players.get(a, a), pieces.get(t, t), n) for a, t, n in sig.hands)
        return Signature(players.get(sig.to_move, sig.to_move), board, hands, sig.extra).core()
    return core


def generated_zrf_moves(entry: GameEntry, game: Game, moves: list[Move]) -> tuple[Game, list[Move]]:
    """The entry's generated ZRF game and the moves of it that play ``moves`` of the native ``game``.

    Raises :class:`NoZrfMove` when the entry has no generated ZRF or it has no
    move to the position a native move reaches.
    """
    if not entry.zrf:
        raise NoZrfMove(f"{entry.name} has no generated ZRF")
    zrf = open_game(entry.zrf, entry.zrf_variant)
    stepped = MergedTurns(zrf) if entry.merge_turns else zrf
    translate = _translator(entry)
    native, state = game.initial_state(), stepped.initial_state()
    out: list[Move] = []
    for ply, move in enumerate(moves):
        native = native.apply(move)
        target = native.signature().core()
        found = next(((m, s) for m, s in ((m, state.apply(m)) for m in state.iter_moves())
                      if translate(s.signature()) == target), None)
        if found is None:
            raise NoZrfMove(f"{entry.zrf}: no move reaches the position after {move.notation!r} (ply {ply + 1})")
        chosen, state = found
        out.extend(chosen.data[0] if entry.merge_turns else (chosen,))
    return zrf, out
