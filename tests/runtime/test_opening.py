"""runtime.loading.opening.open_game: the one way to a Game, from a registered name or a .zrf file."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from zrf.confinement import allowing_outside

from runtime.core.errors import EngineRequired, GameLoadError
from runtime.interpreter import MoveBackEnd, ZrfGame
from runtime.loading.opening import AxiomGames, LintWarning, open_game
from runtime.loading.setup_only import SetupOnlyGame
from runtime.verify.perft import perft

ROOT = Path(__file__).resolve().parents[2]
CHESS = str(ROOT / "tests" / "games" / "chess.zrf")

BOARD = "(board (grid (start-rectangle 0 0 10 10) (dimensions (\"a/b\" (10 0)) (\"2/1\" (0 10))) " \
        "(directions (n 0 -1) (e 1 0))))"


def _write(folder: Path, text: str, name: str = "g.zrf") -> str:
    path = folder / name
    path.write_text(text)
    return str(path)


def test_a_name_gives_the_registered_engine_and_a_path_the_interpreter():
    assert type(open_game("canopus")).__name__ == "CanopusGame"
    assert isinstance(open_game(CHESS), ZrfGame)
    with pytest.raises(GameLoadError, match="no such file and no built-in game") as caught:
        open_game("no-such-game")
    assert caught.value.diagnostics == []
    with pytest.raises(GameLoadError, match="applies to .zrf files only"):
        open_game("canopus", "Canopus")


def test_both_move_back_ends_count_chess_perft_2_as_400():
    """400 positions after two plies of chess (the standard perft figure)."""
    for back_end in MoveBackEnd:
        game = open_game(CHESS, back_end=back_end)
        assert game.back_end is back_end
        assert perft(game.initial_state(), 2) == 400


def test_lint_errors_warn_and_the_game_opens_all_the_same(tmp_path):
    text = f'(game (title "x") (players A B) (turn-order A B) {BOARD} ' \
           '(piece (name P) (moves ((n add)) ((frob) add))) (board-setup (A (P a1))))'
    path = _write(tmp_path, text)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        game = open_game(path, lint=True)
    assert [w.category for w in caught] == [LintWarning]
    assert "has 1 error (see zrf check" in str(caught[0].message)
    assert game.initial_state().legal_moves()


def test_an_axiom_game_is_refused_or_shown_in_its_set_up(tmp_path):
    text = f'(game (title "x") (engine "Axiom.dll") (players A B) (turn-order A B) {BOARD} ' \
           '(piece (name P)) (board-setup (A (P a1 b2)) (B (P a2))))'
    path = _write(tmp_path, text)
    with pytest.raises(EngineRequired, match="needs the engine plug-in Axiom.dll"):
        open_game(path)
    shown = open_game(path, axiom=AxiomGames.SHOW_SET_UP)
    assert isinstance(shown, SetupOnlyGame)
    assert shown.initial_state().board() == {"a1": ("A", "P"), "b2": ("A", "P"), "a2": ("B", "P")}
    assert shown.initial_state().legal_moves() == []


def test_confined_includes_refuse_a_file_outside_the_folder(tmp_path):
    inner = tmp_path / "upload"
    inner.mkdir()
    _write(tmp_path, "(define m n)", "outside.zrf")
    path = _write(inner, f'(include "../outside.zrf") (game (title "x") (players A) {BOARD})')
    with pytest.raises(GameLoadError) as caught:
        open_game(path)  # refused unless the run allows reading outside (zrf --allow-outside)
    assert [d.code for d in caught.value.diagnostics] == ["E214"]
    with allowing_outside():
        assert open_game(path).name == "x"  # allowed: the include is read (W213)
        with pytest.raises(GameLoadError) as caught:
            open_game(path, confine_includes=True)  # a server: refused even so
    assert [d.code for d in caught.value.diagnostics] == ["E214"]
