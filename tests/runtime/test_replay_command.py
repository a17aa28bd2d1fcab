"""``zrf replay`` on small saved games written for our chess ZRF."""

from __future__ import annotations

import json
import os
from pathlib import Path

from click.testing import CliRunner

from runtime.commands.replay import replay

CHESS = Path(__file__).resolve().parents[1] / "games" / "chess.zrf"

HEAD = "Zillions Save Game File Version 0.02 HH\r\nRulesFile=chess.zrf\r\nVariantName=Chess\r\n"


def _write(tmp_path, moves):
    p = tmp_path / "g.zsg"
    p.write_bytes((HEAD + "".join(f"{n}. {m}\r\n" for n, m in moves)).encode())
    return str(p)


def test_fools_mate_replays_to_checkmate(tmp_path):
    path = _write(tmp_path, [(1, "Pawn f2 - f3"), (1, "Pawn e7 - e5"), (2, "Pawn g2 - g4"),
                             (2, "Queen d8 - h4")])
    result = CliRunner().invoke(replay, [path, "--zrf", str(CHESS), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["ok"] and data["applied_lines"] == 4
    assert data["outcome"] == {"winners": ["Black"], "losers": ["White"], "draw": False,
                               "rule": "loss-condition (checkmated King)"}


def test_illegal_move_stops_with_alternatives(tmp_path):
    path = _write(tmp_path, [(1, "Pawn e2 - e4"), (1, "Pawn e7 - e4")])
    result = CliRunner().invoke(replay, [path, "--zrf", str(CHESS)])
    assert result.exit_code == 1
    assert f"{path}:5:1: illegal move '1. Pawn e7 - e4': no legal move matches" in result.output
    assert "legal moves (20):" in result.output
    assert "  Pawn e7 - e5" in result.output


def test_unreadable_saved_game_exits_2(tmp_path):
    p = tmp_path / "bad.zsg"
    p.write_text("nothing\n")
    result = CliRunner().invoke(replay, [str(p)])
    assert result.exit_code == 2
    assert "Z001 not a Zillions saved game" in result.output


def test_a_game_saved_by_zrf_play_replays_without_zrf(tmp_path):
    """``save`` records where the rules file is, relative to the saved game's folder (as
    Zillions records RulesFile=), so a game saved in another folder replays as it is, once
    the user allows reading outside the saved game's folder (else Z003, docs/security.md)."""
    from runtime.loading.opening import open_game
    from runtime.savedgames.saving import save

    game = open_game(str(CHESS))
    state = game.initial_state()
    moves = []
    for text in ("Pawn e2 - e4", "Pawn e7 - e5"):
        move = next(m for m in state.legal_moves() if m.notation == text)
        moves.append(move)
        state = state.apply(move)
    folder = tmp_path / "games" / "mine"
    folder.mkdir(parents=True)
    path = folder / "g.zsg"
    save(str(path), game, str(CHESS), moves)
    rules_line = path.read_bytes().split(b"\r\n")[1].decode()
    assert rules_line == "RulesFile=" + os.path.relpath(CHESS, folder).replace(os.sep, "/")
    refused = CliRunner().invoke(replay, [str(path), "--json"])
    assert refused.exit_code == 2 and f"{path}:2:1: Z003 RulesFile=" in refused.output
    result = CliRunner().invoke(replay, [str(path), "--json"], env={"ZRF_ALLOW_OUTSIDE": "1"})
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["applied_lines"] == 2


def test_long_games_show_a_progress_bar_on_a_terminal_only(tmp_path, monkeypatch):
    """A saved game of more than PROGRESS_LINES lines gets a bar on stderr when stderr is a
    terminal; piped output (CliRunner's, or a file) stays clean."""
    from runtime.commands import replay as command

    knights = [(n, m) for n in range(1, 28) for m in ("Knight g1 - f3", "Knight g8 - f6",
                                                         "Knight f3 - g1", "Knight f6 - g8")]
    path = _write(tmp_path, knights)  # 108 lines: more than PROGRESS_LINES
    assert len(knights) > command.PROGRESS_LINES
    quiet = CliRunner().invoke(replay, [path, "--zrf", str(CHESS)])
    assert quiet.exit_code == 0, quiet.output
    assert "replaying" not in quiet.stderr
    monkeypatch.setattr(command, "progress_enabled", lambda: True)
    shown = CliRunner().invoke(replay, [path, "--zrf", str(CHESS)])
    assert shown.exit_code == 0, shown.output
    # click draws the bar itself only on a real terminal; here it writes its label
    assert shown.stderr.startswith("replaying")
