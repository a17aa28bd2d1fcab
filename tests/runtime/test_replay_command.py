"""``zrf replay`` on small saved games written for our chess ZRF."""

from __future__ import annotations

import json
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
