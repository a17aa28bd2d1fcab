"""A native engine's game as the moves of its generated ZRF, so its saved game is in that file's notation.

A saved game names its rules file (``RulesFile=``) and records each move as
that file's move text.  A built-in game played by its native engine names its
generated ZRF (:func:`runtime.savedgames.saving.rules_file_name`), but the
native engine writes some moves its own way (Canopus' Star: ``Star c1 - c3 x
c2 Star c3 - c6`` in one part, where the ZRF has two), so those lines would
not replay in the file named.  :func:`generated_zrf_moves` finds, move by
move, the ZRF move that leads to the same position (side to move, board and
hands, with the registry's name map, as the cross-checker compares them), so
the saved game is written with the ZRF's own moves and ``zrf replay`` reads
it.  A game whose ZRF splits one native turn into several of the same
player's turns (``merge_turns``) gets those turns one by one.
"""

from __future__ import annotations

import json

from runtime.core.merged_turns import MergedTurns
from runtime.core.protocol import Game, Move, Signature
from runtime.loading.opening import open_game
from runtime.loading.registry import GameEntry


class NoZrfMove(ValueError):
    """A native move the generated ZRF has no move for; the message says which and where."""


def _translator(entry: GameEntry):
    names = json.loads(entry.name_map_json())
    cells, pieces, players = names.get("cells", {}), names.get("pieces", {}), names.get("players", {})
    ignore = frozenset(names.get("ignore", ()))

    def core(sig: Signature) -> tuple:
        if ignore:
            sig = Signature(sig.to_move, frozenset(x for x in sig.board if x[0] not in ignore), sig.hands, sig.extra)
        return sig.translated(cells, pieces, players).core()
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
        found = next(((m, s) for m, s in ((m, state.apply(m)) for m in state.legal_moves())
                      if translate(s.signature()) == target), None)
        if found is None:
            raise NoZrfMove(f"{entry.zrf}: no move reaches the position after {move.notation!r} (ply {ply + 1})")
        chosen, state = found
        out.extend(chosen.data[0] if entry.merge_turns else (chosen,))
    return zrf, out
