"""The page's rules editor through the API: the text, ``zrf check``'s diagnostics, hover, apply.

The game is a 2x2 board written here (columns a, b; row 2 on top): A's rook on
a1 and B's on b2, each moving one step east or west.  By hand: A's only move is
``R a1 - b1`` (west leaves the board), then B's only move is ``R b2 - a2``.
"""

from __future__ import annotations

import pytest

from tests.web.client import PageClient
from zrf.cli import main

GAME = """(game (title "Tiny") (players A B) (turn-order A B)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b" (10 0)) ("2/1" (0 10)))
               (directions (e 1 0) (w -1 0))))
  (piece (name R) (moves (e add) (w add)))
  (board-setup (A (R a1)) (B (R b2))))
"""
#: the same game with a piece name nobody defined on the last line (line 5)
BROKEN = GAME.replace("(B (R b2))", "(B (Q b2))")
#: the same game with one closing bracket too many, on a line of its own (line 6)
UNREADABLE = GAME + ")\n"


def _open(client: PageClient) -> str:
    res = client.upload("tiny.zrf", GAME.encode())
    assert res.status_code == 200, res.text
    return res.json()["id"]


def test_the_editor_gets_the_rules_file(client):
    gid = _open(client)
    res = client.post("/api/rules", {"id": gid})
    assert res.status_code == 200 and res.json() == {"name": "tiny.zrf", "text": GAME}


def test_diagnostics_are_those_of_zrf_check(client, tmp_path, capsys):
    """The same codes at the same places as the command line prints for the same file."""
    gid = _open(client)
    path = tmp_path / "tiny.zrf"
    path.write_text(BROKEN)
    with pytest.raises(SystemExit) as exit:
        main(["check", str(path)])
    assert exit.value.code == 1
    printed = [line[len(str(path)) + 1:] for line in capsys.readouterr().out.splitlines()
               if line.startswith(f"{path}:")]
    assert printed
    expected = [(int(line.split(":")[0]), int(line.split(":")[1]), line.split(": ")[1].split()[0])
                for line in printed]
    res = client.post("/api/rules-check", {"id": gid, "text": BROKEN})
    assert res.status_code == 200, res.text
    got = [(d["line"], d["col"], d["code"]) for d in res.json()["diagnostics"]]
    assert got == expected
    assert any(line == 5 for line, _, _ in got)
    assert client.post("/api/rules-check", {"id": gid, "text": GAME}).json() == {"diagnostics": []}


def test_hover_names_a_keyword_and_a_piece(client):
    gid = _open(client)
    at_piece = GAME.index("(R a1)") + 1
    res = client.post("/api/rules-hover", {"id": gid, "text": GAME, "offset": at_piece}).json()
    assert res["hover"].startswith("**R**: piece, defined at") and (res["from"], res["to"]) == (at_piece, at_piece + 1)
    at_keyword = GAME.index("turn-order") + 2
    assert "**turn-order** (keyword" in client.post(
        "/api/rules-hover", {"id": gid, "text": GAME, "offset": at_keyword}).json()["hover"]
    assert client.post("/api/rules-hover", {"id": gid, "text": GAME, "offset": -1}).status_code == 400


def test_apply_replays_the_moves_still_legal(client):
    """After A's ``R a1 - b1`` and B's ``R b2 - a2``, the edit takes west away: A's move is
    replayed, B's is not: its rook may only go east, off the board, so B has no move and the
    game is over (a player without moves loses, by ZRF's default), and the answer says so."""
    gid = _open(client)
    for notation in ("R a1 - b1", "R b2 - a2"):
        assert client.post("/api/move", {"id": gid, "notation": notation}).status_code == 200
    edited = GAME.replace("(moves (e add) (w add))", "(moves (e add))")
    res = client.post("/api/rules-apply", {"id": gid, "text": edited})
    assert res.status_code == 200, res.text
    data = res.json()
    assert data["replayed"] == 1 and data["history"] == ["R a1 - b1"] and data["to_move"] == "B"
    assert data["stopped"] == "move 2 (R b2 - a2) was not played again: the game is over"
    assert client.post("/api/rules", {"id": gid}).json()["text"] == edited
    assert client.post("/api/rules-apply", {"id": gid, "text": GAME}).json()["stopped"] is None


def test_apply_stops_at_a_move_no_longer_legal(client):
    """A's rook starts on b1 in the edit: ``R a1 - b1`` is no move of it (its one move is
    ``R b1 - a1``), so nothing is replayed and A is to move at the start."""
    gid = _open(client)
    client.post("/api/move", {"id": gid, "notation": "R a1 - b1"})
    res = client.post("/api/rules-apply", {"id": gid, "text": GAME.replace("(A (R a1))", "(A (R b1))")}).json()
    assert (res["replayed"], res["history"], res["to_move"]) == (0, [], "A")
    assert res["stopped"] == ("move 1 (R a1 - b1) is not legal in the edited game, which goes on from the "
                              "position before it")
    assert [m["notation"] for m in res["moves"]] == ["R b1 - a1"]


def test_a_broken_edit_leaves_the_game_as_it_was(client):
    gid = _open(client)
    client.post("/api/move", {"id": gid, "notation": "R a1 - b1"})
    res = client.post("/api/rules-apply", {"id": gid, "text": UNREADABLE})
    assert res.status_code == 400 and res.json()["diagnostics"][0].startswith("tiny.zrf:6:1: "), res.text
    state = client.get("/api/state", id=gid).json()
    assert state["history"] == ["R a1 - b1"]
    assert client.post("/api/rules", {"id": gid}).json()["text"] == GAME


def test_the_editor_needs_the_owners_token(client):
    gid = _open(client)
    for path in ("/api/rules", "/api/rules-check", "/api/rules-apply"):
        assert client.post(path, {"id": gid, "text": GAME}, token="wrong").status_code == 403


def test_an_upload_with_includes_applies_with_them(client):
    """The directions come from an included file, uploaded beside the game: the edit's upload
    carries it along, so the edited game (one move of A only: R a1 - b1) loads and plays."""
    include = b"(define STEPS (directions (e 1 0) (w -1 0)))\n"
    game = GAME.replace("(directions (e 1 0) (w -1 0))", "(STEPS)")
    res = client.upload("tiny.zrf", b'(include "steps.zrf")\n' + game.encode(), {"steps.zrf": include})
    assert res.status_code == 200, res.text
    gid = res.json()["id"]
    edited = '(include "steps.zrf")\n' + game.replace("(moves (e add) (w add))", "(moves (e add))")
    res = client.post("/api/rules-apply", {"id": gid, "text": edited})
    assert res.status_code == 200, res.text
    assert [m["notation"] for m in res.json()["moves"]] == ["R a1 - b1"]
