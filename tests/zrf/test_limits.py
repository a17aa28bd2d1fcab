"""Resource limits (zrf/limits.py, docs/limits.md): each attack of issue 20 gets a located
diagnostic naming the limit, never a crash, a hang or unbounded memory."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from zrf import limits
from zrf.confinement import allowing_outside
from zrf.cli import main
from zrf.diagnostics import ZrfError
from zrf.lint import lint_file
from zrf.limits import LIMITS, LimitError, Limits, parse
from zrf.macros import expand_document
from zrf.reader import parse_text, read_file
from zrf.zsg import parse_zsg, read_zsg

ROOT = Path(__file__).resolve().parents[2]

BOARD = ('(players A B) (turn-order A B) (board (grid (start-rectangle 0 0 1 1) '
         '(dimensions ("a/b" (1 0)) ("1/2" (0 1))) (directions (n 0 -1))))')


def codes(diags) -> list[str]:
    return [d.code for d in diags]


def lint_text(tmp_path, text: str):
    path = tmp_path / "t.zrf"
    path.write_text(text)
    return lint_file(str(path))


def test_doubling_macro_stops_at_the_pasted_text_limit():
    """``(define d (d $1$1))``: the argument doubles at each call; 75 bytes once took 2.1 GB."""
    e = expand_document(parse_text('(define d (d $1$1))\n(game (title "x") (d ab))\n', "d.zrf"))
    [d] = e.report.diagnostics
    assert d.code == "E225"
    assert (d.span.root().line, d.span.root().col) == (2, 19)
    assert "limit pasted_chars=10000000" in d.message
    # every doubling is a call in the chain, so it stops long before the call-depth limit
    assert 20 <= len(d.span.call_chain()) < 30
    assert e.pasted <= Limits().pasted_chars + 2 * e.pasted // 3


def test_exploding_diagnostics_are_capped_with_one_summary(tmp_path, monkeypatch):
    """2**12 leaves each naming an undefined macro: 50 kept, the rest counted in E090."""
    monkeypatch.setenv("ZRF_LIMITS", "diagnostics=50")
    lines = ["(define m0 (bogus $1))"] + [f"(define m{i} (m{i-1} $1) (m{i-1} $1))" for i in range(1, 13)]
    text = "\n".join(lines) + f'\n(game (title "x") {BOARD} (piece (name P) (moves ((m12 n) add))))\n'
    result = lint_text(tmp_path, text)
    assert len(result.diagnostics) == 51
    summary = result.diagnostics[-1]
    assert summary.code == "E090" and summary.is_error
    kept = sum(1 for d in result.diagnostics if d.code == "E230")
    assert kept == 50
    assert summary.message.startswith(f"{2 ** 12 - kept} more diagnostics not shown (limit diagnostics=50")


def test_a_billion_cell_grid_is_refused_before_it_is_built(tmp_path):
    labels = "/".join(f"x{i}" for i in range(1000))
    text = (f'(game (title "x") (players A B) (board (grid (start-rectangle 0 0 1 1) '
            f'(dimensions ("{labels}" (1 0)) ("{labels}" (0 1)) ("{labels}" (1 1))))))')
    result = lint_text(tmp_path, text)
    e329 = [d for d in result.diagnostics if d.code == "E329"]
    assert len(e329) == 1
    assert e329[0].message.startswith(f"grid of 1000000000 cells makes the board larger than "
                                      f"{Limits().board_cells} positions")
    assert (e329[0].span.line, e329[0].span.col) == (1, text.index("(grid") + 1)


def test_positions_pieces_and_placements_are_bounded(tmp_path, monkeypatch):
    monkeypatch.setenv("ZRF_LIMITS", "board_cells=3,piece_types=2,placements=2")
    text = ('(game (title "x") (players A) (board (positions (a 0 0 1 1) (b 0 0 1 1) (c 0 0 1 1) (d 0 0 1 1)))'
            ' (piece (name P) (moves (n add))) (piece (name Q) (moves (n add))) (piece (name R) (moves (n add)))'
            ' (board-setup (A (P a b c))))')
    result = lint_text(tmp_path, text)
    found = {d.code: d for d in result.diagnostics if d.code in ("E329", "E333", "E343")}
    assert set(found) == {"E329", "E333", "E343"}
    assert "limit board_cells=3" in found["E329"].message
    assert "piece 'R' and later ones are left out" in found["E333"].message
    assert found["E343"].span.col == text.index("c))))") + 1
    g = result.model.games[0]
    assert list(g.board.positions) == ["a", "b", "c"] and list(g.pieces) == ["P", "Q"]
    assert len(g.setup.placements) == 2


def test_huge_numbers_are_located_errors_not_tracebacks(tmp_path):
    """Python refuses int() of more than 4,300 digits (ValueError); numbers stop at 9 digits."""
    big = "9" * 5000
    with pytest.raises(ZrfError) as exc:
        parse_text(f"(game (board (positions (a 0 0 1 {big}))))", "n.zrf")
    [d] = exc.value.diagnostics
    assert (d.code, d.span.line, d.span.col) == ("E106", 1, 34)
    assert "more than 9 digits" in d.message and big not in d.message
    # made by pasting: E226 at the body, and a 5000-digit $k names no argument
    e = expand_document(parse_text(f"(define m (n 1$1 ${big}))\n(m {'9' * 9})", "p.zrf"))
    assert codes(e.report.diagnostics) == ["E226", "W202"]
    result = lint_text(tmp_path, f'(game (title "x") {BOARD} (win-condition (A) (pieces-remaining {big})))')
    assert codes(result.diagnostics) == ["E106"]


def test_saved_game_with_a_huge_move_number(tmp_path):
    with pytest.raises(ZrfError) as exc:
        parse_zsg("Zillions Save Game File Version 0.02 HH\nRulesFile=x.zrf\n" + "9" * 5000 + ". a1 - a2\n", "g.zsg")
    assert codes(exc.value.diagnostics) == ["Z001"]
    assert len(exc.value.diagnostics[0].format()) < 200


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_devices_are_refused_before_opening():
    with pytest.raises(ZrfError) as exc:
        read_file("/dev/zero")
    assert codes(exc.value.diagnostics) == ["E002"]
    with pytest.raises(ZrfError) as exc:
        read_zsg("/dev/zero")
    assert codes(exc.value.diagnostics) == ["E002"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_fifos_are_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe.zrf"
    os.mkfifo(fifo)
    with pytest.raises(ZrfError) as exc:
        read_file(str(fifo))
    assert codes(exc.value.diagnostics) == ["E002"]
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code == 2  # the folder check reads pipe.zrf: refused, not a hang


def test_files_larger_than_the_limit(tmp_path, monkeypatch):
    path = tmp_path / "big.zrf"
    path.write_text("(game)" + " " * 2000)
    monkeypatch.setenv("ZRF_LIMITS", "file_bytes=1000")
    with pytest.raises(ZrfError) as exc:
        read_file(str(path))
    [d] = exc.value.diagnostics
    assert d.code == "E003" and "limit file_bytes=1000" in d.message


def test_link_tables_are_bounded_at_load(tmp_path, monkeypatch):
    from runtime.loading.opening import GameLoadError
    from runtime.loading.opening import open_game

    path = tmp_path / "t.zrf"
    path.write_text(f'(game (title "x") {BOARD} (piece (name P) (moves (n add))))')
    monkeypatch.setenv("ZRF_LIMITS", "link_entries=10")
    with pytest.raises(GameLoadError) as exc:
        open_game(str(path))
    [d] = exc.value.diagnostics
    # 2 players x 1 direction x 4 positions, twice (links and opposite links)
    assert d.code == "E390" and "would hold 16 entries" in d.message
    assert (d.span.file, d.span.line) == (str(path), 1)


def test_limit_settings_parse_and_override():
    assert parse("board_cells=5, macro-depth=7").board_cells == 5
    assert parse("board_cells=5, macro-depth=7").macro_depth == 7
    for bad in ("nope=1", "board_cells", "board_cells=0", "board_cells=-1", "board_cells=x",
                "board_cells=" + "9" * 40):
        with pytest.raises(LimitError):
            parse(bad)
    with limits.using(board_cells=9) as chosen:
        assert limits.current() is chosen and chosen.board_cells == 9
    assert limits.current().board_cells == Limits().board_cells


def test_command_line_and_environment(tmp_path, monkeypatch):
    path = tmp_path / "d.zrf"
    path.write_text('(define d (d $1$1))\n(game (title "x") (d ab))\n')
    monkeypatch.setenv("ZRF_LIMITS", "")  # --limit writes the variable: restored after the test
    result = CliRunner().invoke(main, ["--limit", "pasted_chars=64", "check", str(path)])
    assert result.exit_code == 1
    assert "E225 macro expansion pastes more than 64 characters" in result.output
    monkeypatch.setenv("ZRF_LIMITS", "board_cells=oops")
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 2
    assert "ZRF_LIMITS" in result.output and "Traceback" not in result.output


def test_limits_page_lists_every_limit_with_its_default():
    """docs/limits.md has one table row per limit: name, default, code."""
    text = (ROOT / "docs" / "limits.md").read_text()
    rows = dict(re.findall(r"^\| `(\w+)` \| ([\d,]+) \|", text, re.M))
    assert list(rows) == list(LIMITS)
    for name in LIMITS:
        assert int(rows[name].replace(",", "")) == getattr(Limits(), name), name


def test_loading_a_game_can_confine_includes(tmp_path):
    """The flag a server uses for uploads: an include outside the upload's folder is refused."""
    from runtime.loading.opening import GameLoadError
    from runtime.loading.opening import open_game

    (tmp_path / "up").mkdir()
    (tmp_path / "common.zrf").write_text("(define b " + BOARD + ")\n")
    path = tmp_path / "up" / "game.zrf"
    path.write_text('(include "../common.zrf")\n(game (title "x") (b) (piece (name P) (moves (n add))))\n')
    with allowing_outside():
        assert open_game(str(path)).name == "x"
        with pytest.raises(GameLoadError) as exc:
            open_game(str(path), confine_includes=True)
        assert "E214" in {d.code for d in exc.value.diagnostics}
    with pytest.raises(GameLoadError) as exc:  # the default: refused unless the user allows it
        open_game(str(path))
    assert "E214" in {d.code for d in exc.value.diagnostics}
