"""The rules texts a game's ZRF gives players: ``description``, ``help``, ``strategy``, and each piece's help.

Zillions shows these in its *Rules*, *Strategy* and piece-help windows; the
page shows them beside the board.  A ZRF game has them in its own file; a
built-in game in the ZRF generated for it (its catalog entry names that
file).  A ZRF text breaks a line with a backslash (line breaks in the file are
spaces), which becomes ``\\n``.
"""

from __future__ import annotations

import os
from functools import lru_cache

from runtime.core.layout import zrf_source
from runtime.core.protocol import Game
from zrf.diagnostics import ZrfError
from zrf.model import GameDef, Piece, build_file
from zrf.syntax import List, String

#: the game-level texts, in the order the page shows them
GAME_TEXTS = ("description", "help", "strategy")


def _unescape(text: str) -> str:
    """Zillions' reading of a text: line breaks in the file are spaces, a backslash breaks the line."""
    return "\n".join(" ".join(line.split()) for line in text.split("\\")).strip()


def _piece_help(piece: Piece) -> str | None:
    for form in piece.forms:
        if isinstance(form, List) and form.head == "help":
            words = [i.text for i in form.items[1:] if isinstance(i, String)]
            if words:
                return _unescape(" ".join(words))
    return None


def texts_of(gdef: GameDef | None) -> dict:
    """``{"description", "help", "strategy": text or None, "pieces": {type: help}}``."""
    if gdef is None:
        return {key: None for key in GAME_TEXTS} | {"pieces": {}}
    out: dict = {}
    for key in GAME_TEXTS:
        text = gdef.text(key)
        out[key] = _unescape(text) if text else None
    out["pieces"] = {name: h for name, p in gdef.pieces.items() if (h := _piece_help(p))}
    return out


@lru_cache(maxsize=32)
def _generated_entry(path: str, title: str | None) -> GameDef | None:
    try:
        return build_file(path).entry(title)
    except (ZrfError, KeyError, OSError):
        return None


def rules_texts(game: Game, generated_zrf: str | None = None, title: str | None = None) -> dict:
    """The texts of ``game``: from its own ZRF, else from ``generated_zrf`` (a built-in game's file,
    entry ``title``); every text None when neither is there."""
    source = zrf_source(game)
    if source is not None:
        return texts_of(source[0])
    if generated_zrf and os.path.isfile(generated_zrf):
        return texts_of(_generated_entry(generated_zrf, title))
    return texts_of(None)
