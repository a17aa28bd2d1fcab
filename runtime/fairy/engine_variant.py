"""What a Fairy-Stockfish UCI engine needs to play a ZRF game: the game's verified export as a
:class:`~runtime.players.uci_notation.UciGame` (the ``variants.ini`` text it loads, the
``UCI_Variant`` it then plays, the ZRF's cells as its squares and the ZRF's piece types as its
letters).

The section is the game's export (:mod:`.export`) and is verified first (:mod:`.verification`,
perft(3) and 200 positions of random games, as ``zrf export fairy`` does), so an engine is only
ever given a game it plays by the ZRF's rules.  Verification needs ``pyffish``; without it
:class:`~runtime.fairy.library.FairyUnavailable` says how to get it.
"""

from __future__ import annotations

from runtime.core.protocol import Game
from runtime.interpreter.game import ZrfGame
from runtime.players.uci_notation import UciGame

from .export import ExportUnfit, export_game, fairy_game
from .uci_moves import notation_of
from .verification import verify


class EngineVariantError(ValueError):
    """The game cannot be given to the engine: it is no ZRF, or it plays differently there."""


def uci_game(game: Game, depth: int = 3, positions: int = 200) -> UciGame:
    """The verified export of ``game`` for a UCI engine (see the module docstring).

    Raises :class:`~.export.ExportUnfit` with the located diagnostics of a game that does not
    fit a ``variants.ini`` section, and :class:`EngineVariantError` for a game that is not a ZRF
    or whose export plays differently (naming the first difference).
    """
    if not isinstance(game, ZrfGame):
        raise EngineVariantError(f"{game.name} is played by a native engine, not a ZRF; "
                                 "Fairy-Stockfish plays a ZRF's export (give the .zrf file)")
    export = export_game(game)
    if not export.ok:
        raise ExportUnfit(export.diagnostics)
    fairy = fairy_game(export)
    checked = verify(fairy, game, depth, positions)
    if not checked.ok:
        raise EngineVariantError(f"the export of {game.name} does not play as the ZRF does: "
                                 + checked.describe())
    section = export.section
    assert section is not None and export.naming is not None
    return UciGame(game.name, section.name, section.text(), notation_of(export.naming))
