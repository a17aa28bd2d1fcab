"""The games the RL tests run, in one place: the eight built-in games and corpus files of many kinds.

Each corpus entry is ``(slug, what it exercises)``; the file is the MANIFEST's
file of that slug.  The kinds the issue asks for are all here: chess, shogi with
drops, draughts with multi-captures, mancala, dice (random ZRF players, so
OpenSpiel chance nodes), a 3-D board; and beyond them Go-sized boards (the
split move encoding), two-part turns, hexagonal boards, four players and a
one-player puzzle.
"""

from __future__ import annotations

import pytest

from runtime.loading.registry import registered_games
from zrf.entry_points import DISTRIBUTION

from ..conftest import corpus_entries, find_corpus

CORPUS_GAMES: list[tuple[str, str]] = [
    ("chess", "chess: castling, en passant, promotion"),
    ("CubicChess", "chess on a 3-D board"),
    ("3d-morris", "3-D board, removals as parts"),
    ("shogi", "shogi: drops, promotions"),
    ("mini-shogi", "small shogi with drops"),
    ("turkish-dama", "draughts: multi-captures"),
    ("russian-checkers", "draughts: multi-captures, promotion mid-capture"),
    ("fanorona", "approach or withdrawal, long multi-part turns"),
    ("kalah", "mancala"),
    ("oware", "mancala"),
    ("toguz-kumalak", "mancala with 9 pits"),
    ("Ur", "dice: the random player ?Dice, chance nodes"),
    ("Duke", "random player ?R drawing tiles, drops"),
    ("GufuuShogi", "random player ?N, drops"),
    ("paper-go", "19x19 board: the split encoding (from, to)"),
    ("tafl", "19x19 custodial captures: split encoding with movements"),
    ("reversi", "drops that flip pieces"),
    ("amazons", "two-part turns: move, then shoot"),
    ("breakthrough", "race game"),
    ("janggi", "xiangqi family, passes"),
    ("minixiangqi", "xiangqi family"),
    ("dragonfly-hex", "hexagonal board with drops"),
    ("glinski-cheskers", "hexagonal board"),
    ("morris", "nine men's morris: placement, then removal"),
    ("alquerque", "multi-captures on a diagonal grid"),
    ("pentago", "drop and rotate"),
    ("bagh-chal", "asymmetric hunt game"),
    ("chaturaji", "four players: general-sum"),
    ("10-puzzle", "one-player sliding puzzle"),
    ("konane", "jump captures"),
]

#: The eight built-in games (native engines), by registry name (not a third party's).
SEED_GAMES: list[str] = [name for name, entry in registered_games().items() if entry.provider == DISTRIBUTION]


def corpus_path(slug: str) -> str:
    """The ZRF file of a corpus slug (the test is skipped when the corpus is absent)."""
    corpus = find_corpus()
    if corpus is None:
        pytest.skip("ZRF corpus not found: set ZRF_CORPUS or place it at ../shared/corpus")
    for row in corpus_entries():
        if row["slug"] == slug:
            return str(corpus / slug / row["file"])
    raise LookupError(f"{slug} is not in the corpus MANIFEST")


def all_games() -> list:
    """Every game id for parametrised tests: seed names, then ``corpus:slug``."""
    return SEED_GAMES + [f"corpus:{slug}" for slug, _ in CORPUS_GAMES]


def spec_of(game_id: str) -> str:
    """What :func:`runtime.loading.opening.open_game` takes for a game id of :func:`all_games`."""
    return corpus_path(game_id.removeprefix("corpus:")) if game_id.startswith("corpus:") else game_id
