"""Helpers shared by the tests of the computer player's search."""

from __future__ import annotations

import random

import chess

from runtime.players.alphabeta import AlphaBetaPlayer


def chess_position(game, board: chess.Board):
    """The chess ZRF's position of a python-chess board (its pieces only), set up by saved-game edits."""
    edits = [(None, None, c) for c, _ in game.initial_state().board().items()]
    for square, piece in board.piece_map().items():
        edits.append(("White" if piece.color else "Black", chess.piece_name(piece.piece_type).capitalize(),
                      chess.square_name(square)))
    return game.edited_state(edits)


def searches_along_a_random_game(game, cache, plies: int, max_depth: int, node_budget: int,
                                 seed: int) -> list[tuple]:
    """(move, score, nodes, positions) of a fresh player's search at each position of a random game
    (``seed``), at most ``plies`` positions: two runs compare searches position by position."""
    out = []
    rng = random.Random(seed)
    state = game.initial_state()
    for _ply in range(plies):
        player = AlphaBetaPlayer(max_depth=max_depth, node_budget=node_budget, seed=0, knowledge_cache=cache)
        chosen = player.choose(state)
        out.append((chosen.notation, player.info.score, player.info.nodes, player.info.positions))
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
        if state.outcome() is not None:
            break
    return out
