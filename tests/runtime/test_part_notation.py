"""The one-movement shortcuts of :mod:`runtime.interpreter.part_notation` write and find what the
general code does.

Most parts are one movement, at most setting attributes (a chess king's or rook's first move), so
:func:`part_notation` and :func:`part_details` answer them without walking the part's operations.
Here every legal part of seeded random games is given to both the shortcut and the general function
(:func:`notation_by_operations`, :func:`details_by_replay`), which read every operation and are the
ones the saved-game replays and the notation tests check against Zillions' own files: chess
(captures, first moves setting attributes, promotions written
``= Queen``), xiangqi, and shogi (promotions by choice, drops, which take the general path).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from runtime.interpreter.part_notation import (
    details_by_replay,
    notation_by_operations,
    part_details,
    part_notation,
)
from runtime.loading.opening import open_game
from tests.conftest import scaled

GAMES = Path(__file__).resolve().parents[1] / "games"


def _one_movement_setting_attributes(part) -> bool:
    moves = part.moves
    return len(moves) == 1 and not part.placements and bool(part.effects) and part.partial is None \
        and all(e[0] == "attr" for e in part.effects) and (moves[0][0] != moves[0][1] or moves[0][4])


def _one_movement(part) -> bool:
    moves = part.moves
    return len(moves) == 1 and not part.placements and not part.effects \
        and (moves[0][0] != moves[0][1] or moves[0][4])


def _moves_of_random_games(game, seed: int, games: int, plies: int):
    """Every legal move of every position of ``games`` seeded random games of at most ``plies``."""
    rng = random.Random(seed)
    for _ in range(games):
        state = game.initial_state()
        for _ply in range(plies):
            moves = state.legal_moves()
            if not moves or state.outcome() is not None:
                break
            yield from moves
            state = state.apply(rng.choice(moves))


@pytest.mark.parametrize("file", ["chess.zrf", "xiangqi.zrf", "shogi.zrf"])
def test_the_one_movement_shortcuts_agree_with_the_general_code(file):
    game = open_game(str(GAMES / file))
    compiled = game  # the interpreter's game is its compiled form
    shortcut = promotions = attributes = 0
    for move in _moves_of_random_games(game, 7, scaled(6, 2), 200):
        turn = move.data
        for part, board in zip(turn.parts, turn.befores):
            assert part_notation(compiled, part, board) == \
                notation_by_operations(compiled, part, board), move.notation
            assert part_details(compiled, part, board) == \
                details_by_replay(compiled, part, board), move.notation
            attributes += _one_movement_setting_attributes(part)
            if _one_movement(part):
                shortcut += 1
                promotions += part.moves[0][3] >= 0
    assert shortcut > 1000
    if file == "chess.zrf":
        assert attributes > 0, "no part setting attributes met: the shortcuts' attributes went unchecked"
    if file != "xiangqi.zrf":
        assert promotions > 0, "no promotion met: the shortcut's '= T' went unchecked"


@pytest.mark.parametrize("file", ["chess.zrf", "shogi.zrf", "checkers.zrf"])
def test_a_turn_lists_the_movements_its_details_give(file):
    """A turn answers :meth:`Move.movements` from its parts (a search asks where a capture lands
    without wanting the rest of the details): every legal move of seeded random games lists what
    the general code's details list, part by part (:func:`details_by_replay`): chess castling (two
    movements in one part), shogi captures (the taken piece moved to its new owner's hand cell),
    checkers' captures of several parts."""
    game = open_game(str(GAMES / file))
    kinds = set()
    for move in _moves_of_random_games(game, 11, scaled(4, 2), 150):
        turn = move.data
        expected = [(m.piece[1], m.source, m.target)
                    for part, board in zip(turn.parts, turn.befores)
                    for m in details_by_replay(game, part, board).movements]
        assert move.movements() == expected, move.notation
        kinds.add(min(len(expected), 2) + 3 * (len(turn.parts) > 1))
    # 1 and 2: one-part moves of one and of two or more movements; 5: moves of several parts
    wanted = {"chess.zrf": {1, 2}, "shogi.zrf": {1, 2}, "checkers.zrf": {1, 5}}[file]
    assert wanted <= kinds, f"kinds of moves met: {kinds}"


@pytest.mark.parametrize("name", ["canopus", "epsilon-eridani", "alpha-centauri"])
def test_the_native_engines_moves_list_the_movements_of_their_details(name):
    """:meth:`Move.movements` of the native engines' moves (their own :class:`LazyDetails`, read
    by default from the details; Canopus's keeps data of its own under the name ``movements``)
    lists what their details list, along a seeded random game."""
    game = open_game(name)
    rng = random.Random(1)
    state = game.initial_state()
    compared = 0
    for _ply in range(scaled(12, 6)):
        moves = state.legal_moves()
        if not moves or state.outcome() is not None:
            break
        for move in moves[:40]:
            assert move.movements() == [(m.piece[1], m.source, m.target)
                                        for part in move.details or () for m in part.movements], move.notation
            compared += 1
        state = state.apply(rng.choice(moves))
    assert compared >= 100
