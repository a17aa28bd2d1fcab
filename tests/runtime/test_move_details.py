"""Every move's data (:attr:`runtime.core.protocol.Move.details`) agrees with its notation.

The notation is what Zillions writes, checked against real saved games elsewhere;
here each fact the data states is looked for in it, move by move, over random
games of every built-in game and of corpus ZRF files with castling, en passant and
promotions (chess), drops (Gufuu Shogi) and multi-part captures (Turkish dama):

* a movement ``P from -> to`` is written ``from - to`` or ``from x to``, or as a path of
  such legs (Canopus' Star: ``Star c1 - c3 x c2 Star c3 - c2`` goes from c1 to c2);
* a captured cell is written ``x cell`` (a movement onto it or a capture elsewhere), or
  is the cell of a piece placed over it (Zillions writes ``South WKaze IVb`` without ``x``
  when a create replaces a piece: GufuuShogi's first move);
* a placed piece is written ``Player Type cell`` (a drop) or its cell appears;
* a change of type or owner names the new type or owner (``= Queen``, ``= White on e4``,
  ``flip e4``; Canonical Chess writes the promoted type as the moving piece's);
* the parts line up: one set of details per part, and a part written ``Pass`` does nothing.

The words of the notation are read here, in a test, as an independent check:
tools read the data (tests/test_move_consumers.py).
"""

from __future__ import annotations

import random
import re

import pytest

from runtime.loading.opening import open_game
from runtime.core.protocol import Move, PartDetails
from runtime.loading.registry import game_names
from tests.conftest import scaled

CORPUS_GAMES = {
    "chess": "chess/chess.zrf",
    "gufuu-shogi": "GufuuShogi/GufuuShogi.zrf",
    "turkish-dama": "turkish-dama/turkish-dama.zrf",
}
_PARTIAL = re.compile(r"^partial \d+ ")


def disagreements(part: str, details: PartDetails) -> list[str]:
    """What ``details`` states that the notation ``part`` does not write."""
    text = " " + _PARTIAL.sub("", part) + " "
    words = text.split()
    out = []
    if words == ["Pass"] and details != PartDetails():
        out.append("a Pass part does something")
    # a leg is "Type from - to" or "Type from x to" ("d6 x d5" after a leg is a capture elsewhere)
    legs = [(words[i - 1], words[i + 1]) for i in range(2, len(words) - 1)
            if words[i] in ("-", "x") and words[i - 2] not in ("-", "x")]
    for m in details.movements:
        if not _path(legs, m.source, m.target):
            out.append(f"movement {m.source} -> {m.target}")
    placed = {p.cell for p in details.placements}
    for cell in details.captures:
        if f" x {cell} " not in text and cell not in placed:
            out.append(f"capture on {cell}")
    for p in details.placements:
        if f" {p.piece[0]} {p.piece[1]} {p.cell} " not in text and p.cell not in words:
            out.append(f"placement on {p.cell}")
    for c in details.changes:
        if c.kind == "attribute":
            ok = f" @ {c.cell} " in text
        elif c.kind == "owner":
            ok = c.value in words or f" flip {c.cell} " in text
        else:
            ok = c.value in words
        if not ok:
            out.append(f"{c.kind} change on {c.cell} to {c.value}")
    return out


def _path(legs: list[tuple[str, str]], source: str, target: str) -> bool:
    """Do the written legs lead from ``source`` to ``target``, one after another?"""
    for i, (a, b) in enumerate(legs):
        if a == source:
            cell = b
            for a2, b2 in legs[i + 1:]:
                if cell == target:
                    break
                if a2 == cell:
                    cell = b2
            if cell == target:
                return True
    return False


def check_moves(state, where: str) -> int:
    """Check every legal move of ``state``; returns how many were checked."""
    moves: list[Move] = state.legal_moves()
    for move in moves:
        details = move.details
        assert details is not None, f"{where}: {move.notation!r} has no details"
        assert len(details) == len(move.parts), f"{where}: {move.notation!r}"
        for part, d in zip(move.parts, details):
            bad = disagreements(part, d)
            assert not bad, f"{where}: {part!r} vs {d}: {bad}"
    return len(moves)


def play_and_check(game, seed: int, games: int, plies: int) -> tuple[int, int]:
    """Random games; every position's moves checked.  Returns (moves checked, positions)."""
    rng = random.Random(seed)
    checked = positions = 0
    for g in range(games):
        state = game.initial_state()
        for ply in range(plies):
            if state.outcome() is not None:
                break
            checked += check_moves(state, f"{game.name} game {g} ply {ply}")
            positions += 1
            state = state.apply(rng.choice(state.legal_moves()))
    return checked, positions


@pytest.mark.parametrize("name", game_names())
def test_built_in_games_data_agrees_with_notation(name):
    checked, positions = play_and_check(open_game(name), 1, scaled(4, 1), 60)
    assert checked > positions > 20


@pytest.mark.parametrize("slug", sorted(CORPUS_GAMES))
def test_corpus_zrf_data_agrees_with_notation(slug, corpus_dir):
    game = open_game(str(corpus_dir / CORPUS_GAMES[slug]))
    checked, positions = play_and_check(game, 2, scaled(3, 1), 80)
    assert checked > positions > 20


def _kinds(game, seed: int, plies: int) -> set[str]:
    """Which kinds of facts the moves of random games state (to show the test above saw them)."""
    rng = random.Random(seed)
    seen: set[str] = set()
    state = game.initial_state()
    for _ in range(plies):
        if state.outcome() is not None:
            state = game.initial_state()
        moves = state.legal_moves()
        for m in moves:
            for d in m.details:
                seen.update(k for k, v in (("movement", d.movements), ("capture", d.captures),
                                           ("placement", d.placements), ("change", d.changes)) if v)
                if len(d.movements) > 1:
                    seen.add("castling")
            if len(m.parts) > 1:
                seen.add("multi-part")
        state = state.apply(rng.choice(moves))
    return seen


def test_the_games_checked_show_every_kind_of_fact(corpus_dir):
    assert {"movement", "capture", "change", "castling"} <= _kinds(
        open_game(str(corpus_dir / CORPUS_GAMES["chess"])), 3, 150)
    assert {"placement", "capture", "change"} <= _kinds(
        open_game(str(corpus_dir / CORPUS_GAMES["gufuu-shogi"])), 3, 150)
    assert {"capture", "multi-part"} <= _kinds(
        open_game(str(corpus_dir / CORPUS_GAMES["turkish-dama"])), 3, 300)
