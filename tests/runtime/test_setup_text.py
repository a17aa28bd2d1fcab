"""Position set-up text (``SIDE | cell:player:type, ...``) and ``--position`` in
``zrf moves``, ``zrf perft`` and ``zrf render``, for built-in games and ZRF games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from runtime.commands.moves import moves
from runtime.commands.perft import perft
from runtime.commands.render import render
from runtime.loading.opening import open_game
from runtime.loading.setup_text import SetupError, parse_setup, set_up
from runtime.loading import registry

CHESS = str(Path(__file__).resolve().parents[1] / "games" / "chess.zrf")

CANOPUS_ISSUE = ("White | a2:White:Soldier, b2:White:Soldier, e1:Black:King, e2:White:Soldier, "
                 "e3:White:King, e5:Black:Pusher, h7:Black:Soldier, i7:Black:Soldier")
ALPHA_ISSUE = ("White | e4:White:Rotor, e5:White:Hopper, f3:White:Hopper, e6:Black:Dame, "
               "a1:White:King, b1:White:Dame, i9:Black:King, a9:Black:Pawn")


# ---------------------------------------------------------------- the text

def test_parse_reads_side_and_pieces_and_round_trips():
    s = parse_setup(" Black |e4:White:Rotor,  e6 : Black : Dame ")
    assert s.to_move == "Black"
    assert s.pieces == (("e4", "White", "Rotor"), ("e6", "Black", "Dame"))
    assert s.position() == {"e4": ("White", "Rotor"), "e6": ("Black", "Dame")}
    assert parse_setup(s.text()) == parse_setup(s.text())
    assert parse_setup(s.text()).pieces == s.pieces
    assert parse_setup("White |").pieces == ()


@pytest.mark.parametrize("text, message", [
    ("White a1:White:King", "column 1: expected 'SIDE | cell:player:type, ...'"),
    ("| a1:White:King", "column 1: expected one player name"),
    ("White | a1:White", "column 9: expected cell:player:type, found 'a1:White'"),
    ("White | a1:White:King:x", "column 9: expected cell:player:type"),
    ("White | a1:White:King, a1:Black:King", "column 24: cell a1 is already set at column 9"),
    ("White | a1:White:King,", "column 23: empty entry"),
])
def test_parse_errors_name_the_column(text, message):
    with pytest.raises(SetupError) as info:
        parse_setup(text)
    assert str(info.value).startswith(message)


@pytest.mark.parametrize("text, message", [
    ("White | z9:White:King", "column 9: 'z9' is not a cell of Canopus (cells: a"),
    ("Red | a1:White:King", "column 1: 'Red' is not a player of Canopus (players: White, Black)"),
    ("White | a1:Blue:King", "column 9: 'Blue' is not a player of Canopus"),
    ("White | a1:White:Queen", "column 9: 'Queen' is not a piece type of Canopus (types: Soldier,"),
])
def test_unknown_names_are_errors(text, message):
    for game in (registry.find_game("canopus").load(),
                 open_game(registry.find_game("canopus").zrf, "Canopus")):
        with pytest.raises(SetupError) as info:
            set_up(game, text)
        assert str(info.value).startswith(message)


# ---------------------------------------------------------------- every game

POSITIONS = {
    "canopus": "Black | e1:White:King, e8:Black:King, c4:Black:Star",
    "super-star-canopus": "Black | e1:White:King, e8:Black:King, c4:Black:Super-Star",
    "epsilon-eridani": None,  # built from the game's own cells below
    "canonical-chess": None,
    "canonic-chess": None,
    "canon-chess": None,
    "star-pool-chess": "Black | e1:White:King, e9:Black:King, c4:Black:Wizard",
    "alpha-centauri": "Black | a1:White:King, b1:White:Dame, i9:Black:King, h9:Black:Dame, "
                      "c4:Black:Guard",
}


def _position_for(name: str, game) -> str:
    """The test position of ``name``: written above, or (games with odd cell names) the
    two Kings and one other piece of the start set-up, Black to move."""
    if POSITIONS[name]:
        return POSITIONS[name]
    start = game.initial_state().board()
    kings = [c for c, (_, t) in sorted(start.items()) if t == "King"]
    other = next(c for c, (p, t) in sorted(start.items()) if t != "King" and p == "Black")
    return "Black | " + ", ".join(f"{c}:{start[c][0]}:{start[c][1]}" for c in kings + [other])


@pytest.mark.parametrize("name", sorted(registry.registered_games()))
def test_every_builtin_game_and_its_zrf_set_up_the_same_position(name):
    """The native engine (Game.state_from) and its generated ZRF (saved-game set-up edits,
    at Black's first turn-order entry) hold exactly the listed pieces, Black to move."""
    entry = registry.find_game(name)
    native = entry.load()
    text = _position_for(name, native)
    want = parse_setup(text)
    expected = {(c, p, t) for c, p, t in want.pieces}
    zrf_game = open_game(entry.zrf, entry.zrf_variant)
    for game in (native, zrf_game):
        st = set_up(game, text)
        assert st.current_player == "Black", game.name
        assert set(st.signature().board) == expected, game.name


# ---------------------------------------------------------------- the commands

def _json(command, args):
    result = CliRunner().invoke(command, args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_moves_json_counts_the_issue_positions():
    """Issue 21's positions: Canopus White 10 moves (engine and generated ZRF), Alpha
    Centauri 1,025 turns (both counted by hand in the variants' tests)."""
    assert _json(moves, ["canopus", "--position", CANOPUS_ISSUE, "--json"])["count"] == 10
    zrf = registry.find_game("canopus").zrf
    assert _json(moves, [zrf, "--variant", "Canopus", "--position", CANOPUS_ISSUE,
                         "--json"])["count"] == 10
    data = _json(moves, ["alpha-centauri", "--position", ALPHA_ISSUE, "--json"])
    assert data["count"] == 1025 == len(data["moves"]) and data["to_move"] == "White"


def test_perft_from_a_position_in_a_zrf_game():
    """Chess ZRF, by hand: White King e1 (d1 f1 d2 e2 f2) and Pawn a2 (a3 a4) = 7; Black's
    King e8 then has 5 replies to each (d8 f8 d7 e7 f7) = 35.  Black to move: 5, then 5 x 7."""
    data = _json(perft, [CHESS, "--position", "White | e1:White:King, a2:White:Pawn, e8:Black:King",
                         "-d", "2", "--json"])
    assert data["counts"] == {"1": 7, "2": 35}
    data = _json(perft, [CHESS, "--position", "Black | e1:White:King, a2:White:Pawn, e8:Black:King",
                         "-d", "2", "--json"])
    assert data["counts"] == {"1": 5, "2": 35}


def test_position_then_moves():
    """--moves is played from the --position set-up."""
    data = _json(moves, [CHESS, "--position", "White | e1:White:King, a2:White:Pawn, e8:Black:King",
                         "--moves", "Pawn a2 - a4", "--json"])
    assert data["to_move"] == "Black" and data["count"] == 5


def test_render_draws_the_position():
    result = CliRunner().invoke(render, ["canopus", "--position", "Black | e4:White:King, e8:Black:King",
                                         "-o", "-"])
    assert result.exit_code == 0, result.output
    assert result.output.count("<circle") == 2


@pytest.mark.parametrize("command, extra", [(moves, []), (perft, ["-d", "1"]), (render, ["-o", "-"])])
def test_bad_position_exits_2_with_the_reason(command, extra):
    result = CliRunner().invoke(command, ["canopus", "--position", "White | z9:White:King"] + extra)
    assert result.exit_code == 2
    assert "error: --position: column 9: 'z9' is not a cell of Canopus" in result.output
    assert "Traceback" not in result.output
