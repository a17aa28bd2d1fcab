"""The optional part of the engine contract: defaults, the ZRF game's answers, wrappers passing them on.

Tools (saved games, replay, pictures) call these methods instead of probing
engine attributes; a test below reads ``runtime/`` and fails on a new probe.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from runtime.loading.opening import open_game
from runtime.core.layout import zrf_board, zrf_source
from runtime.core.protocol import (Game, GameType, Move, Outcome, State, make_signature, reads_recorded_turns,
                                   reads_saved_games, set_up_positions, zrf_definition)
from runtime.savedgames.saving import SavedGameError, replay_saved, saved_game
from runtime.core.merged_turns import MergedTurns
from zrf.zsg import SavedGame, SetupEdit

ROOT = Path(__file__).resolve().parents[2]
CHESS = str(ROOT / "tests" / "games" / "chess.zrf")


class Coin(Game):
    """The smallest native game: three players take turns passing; no board file, no set-up editing."""

    name = "Coin"
    players = ("A", "B", "C")
    positions = ("a1",)
    piece_types = ("Coin",)

    def initial_state(self) -> "CoinState":
        return CoinState(self, 0)


class CoinState(State):
    def __init__(self, game: Coin, ply: int):
        self.game, self.ply = game, ply

    @property
    def current_player(self) -> str:
        return self.game.players[self.ply % 3]

    def legal_moves(self) -> list[Move]:
        return [Move.single("Pass")]

    def apply(self, move: Move) -> "CoinState":
        return CoinState(self.game, self.ply + 1)

    def outcome(self) -> Outcome | None:
        return None

    def signature(self):
        return make_signature(self.current_player, [("a1", "A", "Coin")])


def test_a_native_game_gets_the_documented_defaults():
    game = Coin()
    # three players: plies 0-2 are move 1, plies 3-5 move 2, ply 6 move 3
    assert [game.move_number(ply) for ply in range(7)] == [1, 1, 1, 2, 2, 2, 3]
    assert game.rules_path is None
    assert zrf_definition(game) is None
    assert zrf_source(game) is None and zrf_board(game) is None
    assert game.game_type == GameType()  # no capability beyond the core contract
    assert set_up_positions(game) is None and reads_saved_games(game) is None
    assert reads_recorded_turns(game.initial_state()) is None


def test_each_game_declares_the_capabilities_it_implements():
    """The record and the classes agree: a ZRF game has all four, a native engine sets up
    positions and gives search hints, a wrapper keeps the saved-game and ZRF capabilities of its
    game, and a game shown only in its set-up plays ZRF rules and nothing else."""
    zrf = open_game(CHESS)
    assert zrf.game_type == GameType(set_up_positions=True, saved_games=True, search_hints=True, zrf_rules=True)
    assert set_up_positions(zrf) is zrf and reads_saved_games(zrf) is zrf
    start = zrf.initial_state()
    assert reads_recorded_turns(start) is start  # its positions read renumbered saved-game turns
    for name in ("canopus", "alpha-centauri", "canonical-chess", "epsilon-eridani", "star-pool-chess"):
        native = open_game(name)
        assert native.game_type == GameType(set_up_positions=True, search_hints=True), name
        assert set_up_positions(native) is native and reads_saved_games(native) is None
        assert zrf_definition(native) is None and zrf_definition(MergedTurns(native)) is None, name
        assert reads_recorded_turns(native.initial_state()) is None, name
    merged = MergedTurns(zrf)
    assert reads_saved_games(merged) is merged and set_up_positions(merged) is None
    assert zrf_definition(merged) is zrf_definition(zrf) is not None


def test_saved_game_numbers_come_from_the_game():
    game = Coin()
    state = game.initial_state()
    moves = [Move.single("Pass")] * 4
    saved = saved_game(game, "coin", moves)
    assert [line.number for line in saved.moves] == [1, 1, 1, 2]
    assert state.apply(moves[0]).current_player == "B"


def test_a_set_up_edit_the_game_cannot_make_is_a_saved_game_error():
    saved = SavedGame(setup=[SetupEdit("a1", line=3)], path="coin.zsg")
    with pytest.raises(SavedGameError, match="coin.zsg: the saved game edits the set-up, which Coin cannot do"):
        replay_saved(Coin(), saved)


def test_a_zrf_game_answers_from_its_file_and_a_wrapper_passes_the_answers_on():
    game = open_game(CHESS)
    merged = MergedTurns(game)
    for g in (game, merged):
        assert g.rules_path == CHESS
        assert zrf_definition(g).title == game.name
        assert zrf_source(g) == (zrf_definition(game), CHESS)
        assert g.goal_info() == game.goal_info()
    # chess: two players, one entry each in the turn order -> ply 2 starts move 2
    assert [game.move_number(ply) for ply in range(4)] == [1, 1, 2, 2]
    edited = merged.edited_state([(None, None, "e2"), ("White", "Queen", "e4")])
    assert edited.board()["e4"] == ("White", "Queen") and "e2" not in edited.board()
    assert isinstance(edited, State) and edited.legal_moves()


def test_a_native_engine_has_no_zrf_behind_it():
    game = open_game("canopus")
    assert game.rules_path is None and zrf_source(game) is None


#: getattr/hasattr calls on a constant attribute name that runtime/ may keep, and why
ALLOWED_PROBES = {
    # a platform feature, not an object's internals
    ("runtime/jobs/time_limits.py", "SIGALRM"),
}


def test_no_tool_in_runtime_probes_an_attribute_by_name():
    found = set()
    for path in sorted((ROOT / "runtime").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("getattr", "hasattr") and len(node.args) >= 2
                    and isinstance(node.args[1], ast.Constant)):
                found.add((path.relative_to(ROOT).as_posix(), node.args[1].value))
    assert found <= ALLOWED_PROBES, sorted(found - ALLOWED_PROBES)
