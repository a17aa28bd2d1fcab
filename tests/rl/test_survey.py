"""The corpus survey (python -m runtime.sweeps.openspiel_survey) on a small corpus of three kinds of row."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (pip install -e '.[rl]')")

from runtime.sweeps.openspiel_survey import main  # noqa: E402

from ..conftest import corpus_entries  # noqa: E402


def test_survey_rows_and_tally(corpus_dir, tmp_path, capsys):
    """chess loads and passes; common.zrf holds only macros (no game: the loader's reason is given);
    hive has no first move under Zillions' rules (passes, counted as over at the start); an Axiom
    row is named as such without being run."""
    rows = {r["slug"]: r for r in corpus_entries()}
    axiom = next(slug for slug, r in rows.items() if r["engine"] == "axiom")
    picked = ["chess", "common", "hive", axiom]
    header = "slug\tfile\tsha1\tsource_repo\tsource_path\tengine\tsaved_games\n"
    lines = [header]
    for slug in picked:
        (tmp_path / slug).symlink_to(corpus_dir / slug, target_is_directory=True)
        r = rows[slug]
        lines.append("\t".join([slug, r["file"], "-", "-", "-", r["engine"], "-"]) + "\n")
    (tmp_path / "MANIFEST.tsv").write_text("".join(lines), encoding="utf-8")
    assert main([str(tmp_path), "--timeout", "120", "--max-game-length", "10"]) == 0
    out, err = capsys.readouterr()
    table = {line.split("\t")[0]: line.split("\t") for line in out.splitlines()[1:]}
    assert table["chess"][1:4] == ["1", "1", "2"] and table["chess"][6] == "moves"
    assert table["common"][1:3] == ["0", "0"] and "no playable game" in table["common"][-1]
    assert table["hive"][1:3] == ["1", "1"] and table["hive"][6] == "over"
    assert "no move at the start" in table["hive"][-1]
    assert table[axiom][-1] == "needs an Axiom engine"
    assert "games: 4, axiom: 1, load: 2, pass: 2, pass, over at the start: 1" in err
