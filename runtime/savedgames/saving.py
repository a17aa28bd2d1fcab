"""Saving a game being played as a Zillions saved game (``.zsg``) and continuing one.

The file format is :mod:`zrf.zsg`'s; matching recorded lines against legal
moves is :func:`runtime.savedgames.replay.next_turn`.  Used by ``zrf play`` (save and
``--load``) and by ``zrf serve`` (the download link).
"""

from __future__ import annotations

import os

from zrf.atomic_write import write_bytes_atomically
from zrf.zsg import MoveLine, SavedGame, parse_zsg, read_zsg, write_zsg, zsg_bytes

from runtime.core.protocol import Game, Move, State, reads_saved_games
from runtime.loading.registry import find_game
from runtime.savedgames.replay import next_turn


class SavedGameError(ValueError):
    """A saved game does not fit the game it is loaded into; the message says where."""


def rules_file_name(spec: str, folder: str | None = None) -> str:
    """What ``RulesFile=`` says: where the rules file is, as Zillions records it.

    ``spec`` is a .zrf path or a registered game (whose own ZRF is named).
    With ``folder`` (the folder the saved game is written to) the path is
    relative to that folder, so ``zrf replay`` finds the rules wherever the
    saved game was put; an absolute path when no relative one exists (another
    drive).  Without ``folder`` (a download), the file's name only.
    """
    target = spec
    if not spec.lower().endswith(".zrf"):
        entry = find_game(spec)
        if entry is None or not entry.zrf:
            return spec
        target = entry.zrf
    if folder is None:
        return os.path.basename(target)
    try:
        return os.path.relpath(os.path.abspath(target), os.path.abspath(folder)).replace(os.sep, "/")
    except ValueError:  # no relative path (another Windows drive)
        return os.path.abspath(target)


def saved_game(game: Game, spec: str, moves: list[Move], seats: str | None = None,
               folder: str | None = None) -> SavedGame:
    """A :class:`zrf.zsg.SavedGame` of ``moves`` played from the start; one line per move part.

    ``seats`` is one letter per player (``H`` human, ``C`` computer); default all ``H``.
    ``folder`` is where the file will be written (see :func:`rules_file_name`).
    """
    lines = []
    for ply, move in enumerate(moves):
        number = game.move_number(ply)
        for part in move.parts:
            lines.append(MoveLine(number, part))
    return SavedGame(seats=seats or "H" * len(game.players), rules_file=rules_file_name(spec, folder),
                     variant=game.name, moves=lines)


def saved_game_text(game: Game, spec: str, moves: list[Move], seats: str | None = None,
                    folder: str | None = None) -> str:
    """:func:`saved_game` as file text (CRLF line endings, as Zillions writes)."""
    return write_zsg(saved_game(game, spec, moves, seats, folder))


def saved_game_bytes(game: Game, spec: str, moves: list[Move], seats: str | None = None,
                     folder: str | None = None) -> bytes:
    """:func:`saved_game` as the bytes of a file: cp1252 as Zillions writes, or UTF-8 with a
    byte-order mark when a name does not fit cp1252 (:func:`zrf.zsg.zsg_bytes`)."""
    return zsg_bytes(saved_game(game, spec, moves, seats, folder))


def save(path: str, game: Game, spec: str, moves: list[Move], seats: str | None = None) -> None:
    """Write the saved game to ``path`` atomically (the old file survives any failure); OSError on failure.

    ``RulesFile=`` is the rules file's path relative to ``path``'s folder.
    """
    write_bytes_atomically(path, saved_game_bytes(game, spec, moves, seats, os.path.dirname(os.path.abspath(path))))


def replay_saved(game: Game, saved: SavedGame) -> list[tuple[State, Move]]:
    """Every ``(state before, move)`` of the saved game; :class:`SavedGameError` at the first misfit."""
    if saved.setup:
        editor = reads_saved_games(game)
        if editor is None:
            raise SavedGameError(f"{saved.path}: the saved game edits the set-up, which {game.name} cannot do")
        try:
            state = editor.edited_state([(e.player, e.piece, e.position) for e in saved.setup])
        except KeyError as exc:
            raise SavedGameError(f"{saved.path}: {exc.args[0]}") from None
    else:
        state = game.initial_state()
    history: list[tuple[State, Move]] = []
    lines = saved.moves
    i = 0
    while i < len(lines):
        found = next_turn(state, [ln.text for ln in lines[i:]])
        if found is None:
            ln = lines[i]
            raise SavedGameError(f"{saved.path}:{ln.line}:1: no legal move matches "
                                 f"'{ln.number}. {ln.text}'")
        move, used, _ = found
        history.append((state, move))
        state = state.apply(move)
        i += used
    return history


def load(path: str, game: Game) -> tuple[State, list[tuple[State, Move]]]:
    """The position reached by the saved game at ``path`` and its history.

    Raises :class:`zrf.diagnostics.ZrfError` for an unreadable file and
    :class:`SavedGameError` when a move does not fit.
    """
    saved = read_zsg(path)
    history = replay_saved(game, saved)
    if history:
        last_state, last_move = history[-1]
        return last_state.apply(last_move), history
    if saved.setup:  # replay_saved checked the game can edit its set-up
        return reads_saved_games(game).edited_state([(e.player, e.piece, e.position) for e in saved.setup]), history
    return game.initial_state(), history


__all__ = ["SavedGameError", "rules_file_name", "saved_game", "saved_game_text",
           "saved_game_bytes", "save", "replay_saved", "load", "parse_zsg"]
