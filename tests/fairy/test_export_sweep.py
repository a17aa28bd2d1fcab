"""The corpus sweep of Fairy-Stockfish exports (runtime/sweeps/fairy_export.py) on two tiny
corpus-like folders' files made here: by default it tries each file's default game, with
``--all-games`` every game and variant, and counts a file as verified when one of them is.

File ``two-men``: the 3x3 game of test_extinction_counts.py, whose first game draws at two
Men left (refused: each player starts with two, E809), then a variant drawing at one Man left
(exports and verifies), a variant with the same goal (the same rules: skipped), a variant
that changes only the description (the first game's rules: skipped) and a variant titled like
the first game (``--variant`` cannot name it: skipped).  File ``stepping``: one game whose
stalemate is White's loss only (refused, E809).  Skipped without pyffish.
"""

from __future__ import annotations

import pytest

pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish) is not installed: pip install 'zrf-toolkit[fairy]'")

from runtime.sweeps.fairy_export import main
from tests.fairy.test_extinction_counts import two_men
from tests.fairy.test_stalemate_goals import stepping_game

VARIANTS = """
(variant (title "One Left") (draw-condition (White Black) (pieces-remaining 1)))
(variant (title "One Left Again") (draw-condition (White Black) (pieces-remaining 1)))
(variant (title "Told Otherwise") (description "the first game, described anew"))
(variant (title "Two Men") (draw-condition (White Black) (pieces-remaining 1)))
"""


@pytest.fixture
def corpus(tmp_path):
    for slug, text in (("two-men", two_men("(draw-condition (White Black) (pieces-remaining 2))") + VARIANTS),
                       ("stepping", stepping_game("(loss-condition (White) stalemated)"))):
        (tmp_path / slug).mkdir()
        (tmp_path / slug / f"{slug}.zrf").write_text(text)
    (tmp_path / "MANIFEST.tsv").write_text(
        "slug\tfile\tsha1\tsource_repo\tsource_path\tengine\tsaved_games\n"
        "two-men\ttwo-men.zrf\t-\t-\t-\t-\t-\n"
        "stepping\tstepping.zrf\t-\t-\t-\t-\t-\n")
    return tmp_path


def _rows(capsys) -> dict[str, list[str]]:
    return {line.split("\t")[0]: line.split("\t") for line in capsys.readouterr().out.splitlines()}


def test_the_default_game_only_leaves_the_file_blocked(corpus, capsys):
    assert main([str(corpus), "--depth", "2", "--positions", "20"]) == 0
    rows = _rows(capsys)
    assert [rows["two-men"][2], rows["two-men"][3]] == ["blocked", "E809"]
    assert [rows["stepping"][2], rows["stepping"][3]] == ["blocked", "E809"]


def test_all_games_verifies_the_file_by_its_variant_and_names_every_game(corpus, capsys):
    assert main([str(corpus), "--all-games", "--depth", "2", "--positions", "20"]) == 0
    captured = capsys.readouterr()
    rows = {line.split("\t")[0]: line.split("\t") for line in captured.out.splitlines()}
    two = rows["two-men"]
    assert two[2] == "verified" and two[4] == "verified: One Left"
    assert two[6].split("; ") == [
        "Two Men: blocked E809",
        "One Left: verified",
        "One Left Again: skipped (rules of One Left)",
        "Told Otherwise: skipped (rules of Two Men)",
        "Two Men: skipped (title of an earlier game)",
    ]
    assert rows["stepping"][2:4] == ["blocked", "E809"]
    assert rows["stepping"][6] == "Stepping: blocked E809"
    assert "tally: blocked 1, verified 1" in captured.err


def test_a_spent_file_budget_starts_no_more_games(corpus, capsys):
    """A budget of 0 s is spent before the second game: the first is tried, the rest skipped."""
    assert main([str(corpus), "--all-games", "--file-budget", "0", "--only", "two-men",
                 "--depth", "2", "--positions", "20"]) == 0
    two = _rows(capsys)["two-men"]
    assert two[2] == "blocked"
    assert two[6].split("; ")[:2] == ["Two Men: blocked E809", "One Left: skipped (file budget spent)"]
