"""Attacks on ``zrf serve`` from issue 20, each through a real HTTP client on loopback.

Every finding of the audit is driven here as an attacker would: a request
naming any path, a page of another site or a rebound DNS name, uploads
reaching outside their folder, slow and lying requests, answers leaking
paths, and headers built from game text.  The attacks that could exhaust
the machine run against ``zrf serve`` in a child process limited to 1 GB.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import time

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from runtime.web.server_limits import ServerLimits
from runtime.web.sessions import SessionStore
from tests.conftest import scaled
from tests.live_server import live_server
from tests.web.client import PageClient
from tests.web.conftest import client, server  # noqa: F401 (fixtures)
from zrf.zsg import parse_zsg

from .conftest import CHILD_MEMORY, start_cli_server, stop_cli_server

SMALL = """(game (title "{title}") (players A B) (turn-order A B)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b" (10 0)) ("2/1" (0 10)))
               (directions (e 1 0) (w -1 0))))
  (piece (name {piece}) (moves (e add) (w add)))
  (board-setup (A ({piece} a1)) (B ({piece} b2))))
"""


def small(title: str = "Small", piece: str = "R") -> bytes:
    return SMALL.format(title=title, piece=piece).encode("utf-8")


# --------------------------------------------------------------------------- the server loads any path

@pytest.fixture(scope="module")
def child():
    server = start_cli_server(env={"ZRF_TEST_SECRET": "environment-secret-4711"})
    yield server
    stop_cli_server(server)


def _new(child, body: dict) -> httpx.Response:
    return httpx.post(child.url + "/api/new", json=body, headers={"X-ZRF-Token": child.launch_token()},
                      timeout=60)


def test_a_request_cannot_name_a_path(child, tmp_path):
    """``{"game": "/dev/zero"}`` grew the server to 3.8 GB; a FIFO blocked a thread for good;
    answers told which files exist.  Now any name outside the catalog is one and the same 404."""
    fifo = tmp_path / "fifo.zrf"
    os.mkfifo(fifo)
    answers = [_new(child, {"game": name}) for name in
               ("/dev/zero", str(fifo), "/etc/passwd", "/no/such/file.zrf", "../../etc/passwd")]
    assert [a.status_code for a in answers] == [404] * 5
    assert len({a.text for a in answers}) == 1
    assert child.proc.poll() is None and child.peak_memory_kb() * 1024 < CHILD_MEMORY


def test_include_of_the_environment_is_refused_without_showing_it(child):
    """``(include "/proc/self/environ")`` printed the environment token by token."""
    for name in ("/proc/self/environ", "../../../../proc/self/environ"):
        text = f'(include "{name}")\n'.encode() + small()
        res = _new(child, {"upload": {"name": "leak.zrf", "data": base64.b64encode(text).decode()}})
        assert res.status_code == 400
        assert "environment-secret-4711" not in res.text
        assert res.json()["diagnostics"][0].startswith("leak.zrf:1:1: E214 include")


def test_a_doubling_macro_upload_is_a_diagnostic(child):
    """The 75-byte ``(define d (d $1$1))`` doubled text to 2.1 GB: it must be a 4xx diagnostic."""
    text = b'(define d (d $1$1))\n(game (title "x") (d a))\n'
    res = _new(child, {"upload": {"name": "boom.zrf", "data": base64.b64encode(text).decode()}})
    assert res.status_code == 400 and res.json()["diagnostics"]
    assert child.proc.poll() is None


# --------------------------------------------------------------------------- any web page could drive it

def test_plain_text_bodies_are_refused(server, client):
    """A page may POST text/plain anywhere without asking; the server used to accept it."""
    res = client.raw.post("/api/new", content=b'{"game": "canopus"}',
                          headers={"Content-Type": "text/plain", "X-ZRF-Token": server.launch_token})
    assert res.status_code == 415 and len(server.store) == 0


@pytest.mark.parametrize("headers", [
    {"Origin": "http://evil.example"},
    {"Origin": "http://127.0.0.1:1"},          # another port of this machine is another site
    {"Origin": "null"},                        # a sandboxed frame or a file:// page
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site"},
])
def test_other_pages_are_refused(server, client, headers):
    res = client.raw.post("/api/new", json={"game": "canopus"},
                          headers={"X-ZRF-Token": server.launch_token, **headers})
    assert res.status_code == 403 and len(server.store) == 0
    assert "access-control-allow-origin" not in res.headers


@pytest.mark.parametrize("path", ["/", "/api/games", "/static/app.js"])
def test_dns_rebinding_is_refused(server, path):
    """A rebound name reaches 127.0.0.1 with its own Host: no page, no answer to read."""
    res = httpx.get(server.url + path, headers={"Host": f"evil.example:{server.port}"}, timeout=30)
    assert res.status_code == 403
    assert "zrf-token" not in res.text


def test_the_server_answers_its_own_names(server):
    for host in (f"127.0.0.1:{server.port}", f"localhost:{server.port}", f"LOCALHOST:{server.port}"):
        assert httpx.get(server.url + "/api/games", headers={"Host": host}, timeout=30).status_code == 200


def test_opening_a_game_needs_the_pages_token(server, client):
    for token in ("", "wrong"):
        res = client.post("/api/new", {"game": "canopus"}, token=token)
        assert res.status_code == 403
    assert len(server.store) == 0


def test_playing_needs_the_games_token(client):
    state = client.new(game="canopus").json()
    move = state["moves"][0]["notation"]
    for token in ("", client.live.launch_token, "x" * 32):
        res = client.post("/api/move", {"id": state["id"], "notation": move}, token=token)
        assert res.status_code == 403
    assert client.get("/api/state", id=state["id"]).json()["history"] == []


def test_answers_keep_other_pages_out(client):
    res = client.get("/")
    assert res.headers["x-frame-options"] == "DENY"
    assert "frame-ancestors 'none'" in res.headers["content-security-policy"]
    assert res.headers["x-content-type-options"] == "nosniff"


# --------------------------------------------------------------------------- uploads are confined

def test_an_upload_cannot_include_outside_its_folder(client, tmp_path):
    """Every way to name an existing file outside the upload's folder is refused before reading:
    an absolute path, a relative path climbing out, and a name found only relative to the
    server's working folder (the reader's second rule)."""
    outside = tmp_path / "outside.zrf"
    outside.write_bytes(b"(define BOARD x)\n")
    climbing = os.path.relpath(outside, os.path.join(client.live.store.upload_root, "game-x"))
    for name in (str(outside), climbing, "README.md"):
        res = client.upload("main.zrf", f'(include "{name}")\n'.encode() + small())
        assert res.status_code == 400, name
        diag = res.json()["diagnostics"][0]
        assert diag.startswith(f"main.zrf:1:1: E214 include '{name}' is outside the folder"), diag
        assert client.live.store.upload_root not in diag


def test_a_command_line_folder_confines_its_games(tmp_path):
    """A game named on the command line may not include through a link leading out of its folder."""
    secret = tmp_path / "secret"
    secret.mkdir()
    (secret / "x.inc").write_bytes(b"(define BOARD x)\n")
    games = tmp_path / "games"
    games.mkdir()
    (games / "link").symlink_to(secret)
    (games / "bad.zrf").write_bytes(b'(include "link/x.inc")\n' + small())
    with live_server([str(games)]) as live:
        c = PageClient(live)
        res = c.new(game="games/bad.zrf")
        assert res.status_code == 400
        assert res.json()["diagnostics"][0].startswith("games/bad.zrf:1:1: E214 include 'link/x.inc' "
                                                       "is outside the folder")
        assert str(tmp_path) not in res.text
        c.close()


@pytest.mark.parametrize("name", ["../x.zrf", "a/b.zrf", ".hidden.zrf", "x.zrf\x00.txt", "", "x" * 101])
def test_upload_file_names_are_plain(client, name):
    res = client.upload(name, small())
    assert res.status_code == 400 and "file names" in res.json()["error"]


# --------------------------------------------------------------------------- saves and headers

def test_a_title_with_line_breaks_cannot_inject_headers(client):
    """The .zsg download's file name was the title: line breaks added a Set-Cookie header."""
    title = "T\r\nSet-Cookie: pwned=1\r\nX-Evil: 1"
    state = client.upload("trap.zrf", small(title=title)).json()
    res = client.get("/api/zsg", id=state["id"])
    assert res.status_code == 200
    assert "set-cookie" not in res.headers and "x-evil" not in res.headers
    disposition = res.headers["content-disposition"]
    assert disposition.startswith('attachment; filename="T_Set-Cookie_pwned_1_X-Evil_1.zsg"; filename*=')
    assert parse_zsg(res.content.decode("cp1252")).moves == []


def test_a_greek_download_replays(client, tmp_path):
    """The UTF-8 download could not be replayed: its names came back as mojibake."""
    from click.testing import CliRunner

    from runtime.commands.replay import replay

    rules = small(title="Πύργοι", piece="Πύργος")
    state = client.upload("greek.zrf", rules).json()
    state = client.post("/api/move", {"id": state["id"], "notation": "Πύργος a1 - b1"}).json()
    data = client.get("/api/zsg", id=state["id"]).content
    (tmp_path / "greek.zrf").write_bytes(rules)
    (tmp_path / "g.zsg").write_bytes(data)
    out = CliRunner().invoke(replay, [str(tmp_path / "g.zsg")])
    assert out.exit_code == 0, out.output
    assert "replayed 1 of 1 lines" in out.output


# --------------------------------------------------------------------------- the server frees what it holds

def test_sessions_are_capped_and_the_oldest_upload_deleted():
    with live_server(limits=ServerLimits(max_sessions=2)) as live:
        c = PageClient(live)
        first = c.upload("a.zrf", small()).json()
        folders = [p for p in os.listdir(live.store.upload_root)]
        assert len(folders) == 1
        c.new(game="canopus")
        c.new(game="canopus")
        assert len(live.store) == 2
        res = c.get("/api/state", id=first["id"])
        assert res.status_code == 404 and "at most 2 games" in res.json()["error"]
        assert os.listdir(live.store.upload_root) == []
        c.close()


def test_idle_sessions_expire_and_their_uploads_go():
    now = [0.0]
    store = SessionStore(ServerLimits(idle_seconds=60), clock=lambda: now[0])
    from runtime.loading.opening import open_game
    folder = os.path.join(store.upload_root, "game-x")
    os.mkdir(folder)
    session = store.open(open_game("canopus"), "canopus", folder)
    now[0] = 59
    assert store.purge() == 0 and store.get(session.id) is session
    now[0] = 59 + 61
    assert store.purge() == 1 and not os.path.exists(folder)
    with pytest.raises(LookupError, match="expired after 1 minutes"):
        store.get(session.id)
    store.close()
    assert not os.path.exists(store.upload_root)


def test_uploads_are_deleted_at_shutdown():
    with live_server() as live:
        c = PageClient(live)
        assert c.upload("a.zrf", small()).status_code == 200
        root = live.store.upload_root
        assert os.listdir(root)
        c.close()
    assert not os.path.exists(root)


def test_uploads_are_deleted_when_the_command_is_stopped(tmp_path):
    """Uploads were never deleted; now Ctrl-C removes the server's whole upload folder (and the
    folder of the built-in games' pictures)."""
    server = start_cli_server(env={"TMPDIR": str(tmp_path)})
    try:
        res = _new(server, {"upload": {"name": "a.zrf", "data": base64.b64encode(small()).decode()}})
        assert res.status_code == 200
        (root,) = tmp_path.glob("zrf-serve-*")
        assert [p.name for p in root.glob("*/a.zrf")] == ["a.zrf"]
    finally:
        assert stop_cli_server(server) == 0
    assert list(tmp_path.glob("zrf-serve-*")) == [] and list(tmp_path.glob("zrf-pictures-*")) == []



def test_a_failed_upload_write_leaves_no_folder(server, client, monkeypatch):
    """Issue 30 finding 6: a full disk while an upload was written answered 422 "internal error
    (OSError)" and left the partial ``game-*/`` folder, tied to no game, until shutdown.  The
    disk fills up at the second file: writing to the file the upload module opened fails."""
    import errno

    from runtime.web import uploads

    written = []

    class FullDisk:
        def write(self, data):
            raise OSError(errno.ENOSPC, "No space left on device")

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

    class UploadsOs:
        """The ``os`` module as the upload module sees it: the second file opened cannot be written."""

        def __getattr__(self, name):
            return getattr(os, name)

        def fdopen(self, fd, *args, **kwargs):
            if written:
                os.close(fd)
                return FullDisk()
            written.append(fd)
            return os.fdopen(fd, *args, **kwargs)
    monkeypatch.setattr(uploads, "os", UploadsOs())
    res = client.upload("main.zrf", b'(include "part.zrf")\n' + small(), {"part.zrf": b"(define x y)\n"})
    assert written and res.status_code == 422, res.text
    assert res.json()["error"] == "the server could not store the upload (No space left on device)"
    assert os.listdir(server.store.upload_root) == [] and len(server.store) == 0


def _raw(live, data: bytes) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", live.port), timeout=30)
    sock.sendall(data)
    return sock


def _closed_by_server(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (bounded by the socket timeout)."""
    out = b""
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            return out
        out += chunk


def test_slow_and_lying_requests_are_cut_off():
    """A request head sent slowly, and a Content-Length larger than the body sent, used to hold
    a server thread for good; now the connection is closed after the read deadline."""
    with live_server(limits=ServerLimits(read_seconds=1)) as live:
        slow = _raw(live, b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        lying = _raw(live, b"POST /api/new HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
                           b"Content-Length: 1000\r\n\r\n{\"game\":" % live.port)
        for sock in (slow, lying):
            assert _closed_by_server(sock) == b""
            sock.close()
        assert len(live.store) == 0
        # the server still answers
        assert httpx.get(live.url + "/api/games", timeout=30).status_code == 200


def test_bodies_over_the_limit_are_refused(server):
    limit = ServerLimits().max_body_bytes
    headers = {"X-ZRF-Token": server.launch_token, "Content-Type": "application/json"}
    res = httpx.post(server.url + "/api/new", content=b" " * (limit + 1), headers=headers, timeout=60)
    assert res.status_code == 413 and str(limit) in res.json()["error"]

    def chunks():  # no Content-Length: counted while read
        for _ in range(limit // 65536 + 2):
            yield b" " * 65536
    res = httpx.post(server.url + "/api/new", content=chunks(), headers=headers, timeout=60)
    assert res.status_code == 413


def test_connections_are_capped():
    with live_server(limits=ServerLimits(max_connections=4, read_seconds=30)) as live:
        held = [_raw(live, b"GET /api/games HTTP/1.1\r\n") for _ in range(4)]
        time.sleep(0.2)  # let the server accept them (no timing is asserted)
        res = httpx.get(live.url + "/api/games", timeout=30)
        assert res.status_code == 503
        for sock in held:
            sock.close()


# --------------------------------------------------------------------------- errors never leak

def test_errors_show_no_server_path_and_no_exception_text(server, client, monkeypatch):
    res = client.upload("bad.zrf", b'(game (title "x"')
    assert res.status_code == 400 and server.store.upload_root not in res.text and "/tmp" not in res.text

    def broken(state, **options):
        raise RuntimeError(f"secret detail {server.store.upload_root}")
    monkeypatch.setattr("runtime.web.views.render_svg", broken)
    res = client.new(game="canopus")
    assert res.status_code == 422
    assert res.json()["error"] == ("internal error while opening the game (RuntimeError); "
                                   "the server's log has the details")
    assert "secret" not in res.text


@pytest.mark.parametrize("path", ["/static/../server.py", "/static/%2e%2e/server.py", "/static/..%2fserver.py",
                                  "/static//etc/passwd", "/nothing"])
def test_no_file_outside_the_static_folder(client, path):
    res = client.raw.get(path)
    assert res.status_code == 404 and "import" not in res.text


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                 max_size=4), max_leaves=12)
FIELDS = st.fixed_dictionaries({}, optional={
    "id": JSON, "game": st.sampled_from(["canopus", "chess.zrf", "/dev/zero", ""]) | JSON,
    "notation": JSON, "kind": st.sampled_from(["ai", "random", "mcts", "x"]) | JSON,
    "seconds": JSON, "strength": JSON, "variant": JSON, "upload": JSON, "includes": JSON})


def test_no_request_gets_a_server_error():
    """Random JSON bodies, with and without a valid session and tokens, to every API route:
    every answer is JSON, 200 or 4xx (never 500), within the client's timeout."""
    with live_server(limits=ServerLimits(max_think_seconds=0.2)) as live:
        c = PageClient(live)
        base = c.new(game="canopus").json()

        @settings(max_examples=scaled(300, 30), deadline=None, derandomize=True,
                  suppress_health_check=[HealthCheck.too_slow])
        @given(path=st.sampled_from(["/api/new", "/api/move", "/api/ai", "/api/hint", "/api/undo"]),
               body=FIELDS | JSON, use_session=st.booleans(), token=st.sampled_from(["page", "game", "none"]))
        def attack(path, body, use_session, token):
            if use_session and isinstance(body, dict):
                body = {**body, "id": base["id"]}
            header = {"page": live.launch_token, "game": base["token"], "none": ""}[token]
            res = c.raw.post(path, content=json.dumps(body),  # Python's JSON: NaN and Infinity too
                             headers={"X-ZRF-Token": header, "Content-Type": "application/json"})
            assert res.status_code == 200 or 400 <= res.status_code < 500, (res.status_code, res.text)
            data = res.json()
            assert res.status_code == 200 or isinstance(data.get("error"), str)
            for key in ("/tmp", live.store.upload_root, "Traceback"):
                assert key not in res.text
        attack()
        c.close()


# --------------------------------------------------------------------------- an upload's images stay in its folder

def _with_board_image(written: str) -> bytes:
    return small().replace(b"(board (grid", f'(board (image "{written}") (grid'.encode(), 1)


def _upload_note(client, written: str, includes: dict[str, bytes] | None = None) -> tuple[dict, str]:
    res = client.upload("pic.zrf", _with_board_image(written), includes)
    assert res.status_code == 200, res.text
    state = res.json()
    assert len(state["notes"]) == 1, state["notes"]
    return state, state["notes"][0]


def test_an_uploads_images_cannot_leave_its_folder(client, tmp_path):
    """Issue 30 finding 4: ``(image "../../../../tmp/x.png")`` in an uploaded ZRF was served back
    by ``/api/image``.  Climbing out of the upload's folder finds nothing, as an include would."""
    from PIL import Image

    outside = tmp_path / "outside.png"
    Image.new("RGB", (8, 8), (255, 0, 0)).save(outside)
    written = "../" * 20 + str(outside).lstrip("/")
    state, note = _upload_note(client, written)
    assert "<image" not in state["svg"]
    assert client.get("/api/image", id=state["id"], key="bm0").status_code == 404
    assert note == f"pic.zrf:2:17: W601 1 of 1 images are missing or unreadable (first '{written}': not found); " \
                   "the board is drawn from its cells"


def test_image_notes_are_no_existence_oracle_and_show_no_server_path(client, tmp_path):
    """For an outside file that is not an image the note said it could not be read, with its
    absolute server path, where a missing file was "not found": the notes told which files exist."""
    existing = tmp_path / "secret.txt"
    existing.write_text("not an image")
    notes = []
    for target in (existing, tmp_path / "no-such-file.txt"):
        written = "../" * 20 + str(target).lstrip("/")
        _, note = _upload_note(client, written)
        notes.append(note.replace(written, "NAME"))
        assert str(tmp_path) not in note.replace(written, "")
    assert notes[0] == notes[1]
    # a file of the upload that is not an image: said so, with no server path
    _, note = _upload_note(client, "plain.bmp", {"plain.bmp": b"not an image"})
    assert "'plain.bmp': cannot read: cannot identify image file 'plain.bmp'" in note, note
    for hidden in ("/tmp", client.live.store.upload_root, "game-"):
        assert hidden not in note


# --------------------------------------------------------------------------- a person's move under load

class _Spinner:
    """A computer player that works the processor (pure Python, so holding the interpreter as a
    search does) until the test releases it, then plays the first legal move."""

    def __init__(self, started: list, release):
        self.started = started
        self.release = release

    def choose(self, state):
        self.started.append(state)
        deadline = time.monotonic() + 60  # a stuck test ends anyway
        x = 0
        while not self.release.is_set() and time.monotonic() < deadline:
            x += 1
        return state.legal_moves()[0]


def _spinning(monkeypatch):
    import threading
    started, release = [], threading.Event()
    monkeypatch.setattr("runtime.web.app.make_player", lambda *a, **k: _Spinner(started, release))
    return started, release


def _wait_for(condition, seconds: float = 30) -> None:
    """Poll ``condition`` until it holds (a bound so that a broken server fails, not hangs)."""
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "timed out waiting"
        time.sleep(0.02)


def test_a_persons_move_never_waits_behind_other_games_searches(monkeypatch):
    """Issue 30 finding 9: 20 clients playing against the computer saw a person's move take 10 s
    (p99): every search held one of the two workers all game work shared.  Searches now have their
    own pool: while it is full of two other games' searches, a person's move is answered, and both
    searches are still running when it is (they end only when the test releases them)."""
    from concurrent.futures import ThreadPoolExecutor

    started, release = _spinning(monkeypatch)
    with live_server() as live:
        c = PageClient(live)
        games = [c.new(game="canopus").json() for _ in range(3)]
        pool = ThreadPoolExecutor(2)
        try:
            thinking = [pool.submit(c.post, "/api/ai", {"id": g["id"], "seconds": 60}) for g in games[:2]]
            _wait_for(lambda: len(started) == 2)
            # release the searches after 20 s whatever happens, so that a server that makes the move
            # wait for them still answers it (and fails below) instead of hanging the test
            timer = __import__("threading").Timer(20, release.set)
            timer.start()
            res = c.post("/api/move", {"id": games[2]["id"], "notation": games[2]["moves"][0]["notation"]})
            searching = [not f.done() for f in thinking]
            release.set()
            timer.cancel()
            assert res.status_code == 200, res.text
            assert searching == [True, True]
            assert [f.result().status_code for f in thinking] == [200, 200]
        finally:
            release.set()
            pool.shutdown()
            c.close()


def test_a_full_search_queue_says_so_at_once(monkeypatch):
    """With every searcher busy and the queue full, one more computer move is a 503 that says why
    (it neither waits nor blocks the server), and the queued one is played once a searcher is free."""
    from concurrent.futures import ThreadPoolExecutor

    started, release = _spinning(monkeypatch)
    with live_server(limits=ServerLimits(searches=1, search_queue=1)) as live:
        c = PageClient(live)
        games = [c.new(game="canopus").json() for _ in range(3)]
        pool = ThreadPoolExecutor(2)
        try:
            first = pool.submit(c.post, "/api/ai", {"id": games[0]["id"]})
            _wait_for(lambda: len(started) == 1)
            queued = pool.submit(c.post, "/api/ai", {"id": games[1]["id"]})
            _wait_for(lambda: live.app.state.ctx.searches_waiting() == 1)
            res = c.post("/api/hint", {"id": games[2]["id"]})
            assert res.status_code == 503, res.text
            assert res.json()["error"] == ("the computer is busy: 1 move is being worked out and 1 waits "
                                           "(this server thinks for 1 game at a time and queues 1); try again")
            assert not first.done() and not queued.done()
            release.set()
            assert first.result().status_code == 200 and queued.result().status_code == 200
        finally:
            release.set()
            pool.shutdown()
            c.close()
