"""``zrf crosscheck`` as a command: exit status, JSON, the summary line, bad input."""

from __future__ import annotations

import json

from click.testing import CliRunner

from runtime.commands.crosscheck import crosscheck
from runtime.loading.registry import find_game

CANONICAL_ZRF = str(find_game("canon-chess").zrf)


def test_agreement_exits_0_with_json_counts():
    # the start of Canon Chess only: one position, 37 moves (perft(1), see test_canonical)
    result = CliRunner().invoke(crosscheck, ["canon-chess", "--depth", "1", "--games", "0", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["agree"] is True
    assert report["positions"] == 1 and report["playouts"] == 0
    assert report["unexplained"] == 0 and report["known"] == {}
    assert report["variant"] == "Canon Chess"


def test_disagreement_exits_1_and_prints_a_reproduce_command():
    # the engine of Canon Chess (7x7) against the file's Canonic Chess (8x8): the start
    # positions differ, which is one "position" disagreement at the root
    result = CliRunner().invoke(crosscheck, ["canon-chess", "--zrf", CANONICAL_ZRF,
                                             "--variant", "Canonic Chess", "--depth", "1",
                                             "--games", "0"])
    assert result.exit_code == 1
    assert "(position)" in result.output
    assert "reproduce: zrf crosscheck canon-chess" in result.output
    assert result.output.rstrip().splitlines()[-1].startswith(
        "canon-chess vs canonical.zrf: 1 disagreement(s); 1 positions compared")


def test_known_differences_are_counted_by_name():
    # White's Rook d1 goes to e1 and back while Black's Rook d7 waits on e7: "Rook e7 - d7"
    # would recreate an earlier position, which only the ZRF allows (no-repetition)
    result = CliRunner().invoke(crosscheck, [
        "canon-chess", "--moves", "Rook d1 - e1,Rook d7 - e7,Rook e1 - d1",
        "--depth", "1", "--games", "0", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["known"] == {"no-repetition": 1} and report["unexplained"] == 0


def test_bad_input_exits_2():
    runner = CliRunner()
    assert runner.invoke(crosscheck, ["no-such-game"]).exit_code == 2
    assert runner.invoke(crosscheck, ["canon-chess", "--moves", "King z9 - z8"]).exit_code == 2
    assert runner.invoke(crosscheck, ["canon-chess", "--depth", "9"]).exit_code == 2


def test_an_authors_file_with_other_names_is_checked_through_a_name_map(tmp_path):
    # the same rules with the Rook called "Tower", as another author might have written it
    text = open(CANONICAL_ZRF, encoding="utf-8").read().replace("Rook", "Tower")
    renamed = tmp_path / "towers.zrf"
    renamed.write_text(text, encoding="utf-8")
    names = tmp_path / "names.json"
    names.write_text(json.dumps({"pieces": {"Tower": "Rook"}}), encoding="utf-8")
    args = ["canon-chess", "--zrf", str(renamed), "--variant", "Canon Chess",
            "--depth", "2", "--games", "0", "--json"]
    without = CliRunner().invoke(crosscheck, args)
    assert without.exit_code == 1  # every Rook is a different piece to the checker
    assert json.loads(without.output)["disagreements"][0]["kind"] == "position"
    mapped = CliRunner().invoke(crosscheck, args + ["--names", str(names)])
    assert mapped.exit_code == 0, mapped.output
    assert json.loads(mapped.output)["positions"] == 1 + 37  # the start and its 37 successors


def test_bookkeeping_cells_of_a_generated_file_are_left_out():
    """Epsilon Eridani's generated ZRF counts quiet plies with Clock pieces on dummy cells;
    the registry's name map leaves those cells out, so after three quiet moves (the clock
    at 3: Clock pieces on clock-1 and clock-2) the positions still agree."""
    result = CliRunner().invoke(crosscheck, [
        "epsilon-eridani", "--moves", "Grand-Horse b1 - a4,Soldier a7 - a6,Reducer a1 - b1",
        "--depth", "1", "--games", "0", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["agree"] and report["unexplained"] == 0 and report["positions"] == 1
