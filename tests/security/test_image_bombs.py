"""Image decompression bombs (issue 30, finding 1): an image's size is read from its header and
refused over the ``image_pixels`` limit before any pixel is decoded.

The audit's 45 KB upload (three 1-bit PNGs of 9000x9000 and 12000x12000 pixels
named by the rules' ``(image ...)`` forms) took ``zrf serve`` from 79 MB to
3.4 GB in 15 s, and the memory did not come back when the game closed; the
same images hit ``zrf render``.  Pillow only warns below 179 million pixels.
Each attack runs in a child process limited to 1 GB of address space (the
issue's bound), so memory that is not bounded fails the test instead of the
machine.
"""

from __future__ import annotations

import base64
import io

import httpx

from tests.conftest import scaled

from .conftest import CHILD_MEMORY, run_limited, start_cli_server, stop_cli_server

RULES = b"""(game (title "Bomb") (players A B) (turn-order A B)
  (board (image "a.png") (grid (start-rectangle 0 0 50 50) (dimensions ("a/b" (50 0)) ("2/1" (0 50)))
               (directions (e 1 0) (w -1 0))))
  (piece (name R) (image A "b.png" B "c.png") (moves (e add) (w add)))
  (board-setup (A (R a1)) (B (R b2))))
"""


def _png(side: int) -> bytes:
    """A 1-bit PNG of ``side`` x ``side`` pixels, all black: a few kilobytes on disk."""
    from PIL import Image
    out = io.BytesIO()
    Image.new("1", (side, side)).save(out, "PNG", optimize=True)
    return out.getvalue()


def bomb_files() -> dict[str, bytes]:
    """The audit's three bitmaps: 81, 81 and 144 million pixels, 37 KB together."""
    return {"a.png": _png(9000), "b.png": _png(9000), "c.png": _png(12000)}


def _item(name: str, data: bytes) -> dict:
    return {"name": name, "data": base64.b64encode(data).decode()}


def test_an_image_bomb_upload_is_refused_before_decoding():
    """``scaled(10, 2)`` rounds of the audit's upload (``ZRF_SLOW_SCALE=2`` gives the issue's 20;
    ``-s`` prints the server's peak): every game opens, with a W610 note naming the limit, no
    bitmap is served, and the server's peak resident memory stays far below 1 GB."""
    files = bomb_files()
    assert sum(len(d) for d in files.values()) < 45_000
    server = start_cli_server("--max-games", "4")
    rounds = scaled(10, 2)
    try:
        token = server.launch_token()
        for _ in range(rounds):
            res = httpx.post(server.url + "/api/new", headers={"X-ZRF-Token": token}, timeout=120,
                             json={"upload": _item("bomb.zrf", RULES),
                                   "includes": [_item(n, d) for n, d in files.items()]})
            assert res.status_code == 200, res.text
            notes = res.json()["notes"]
            assert any(":2:17: W610 image 'a.png' has 81,000,000 pixels" in n for n in notes), notes
            assert all("/tmp" not in n for n in notes)
            for key in ("bm0", "bm1", "bm2"):
                got = httpx.get(server.url + "/api/image", params={"id": res.json()["id"], "key": key}, timeout=60)
                assert got.status_code == 404
        assert server.proc.poll() is None
        print(f"zrf serve after {rounds} rounds of the image-bomb upload: peak resident memory "
              f"{server.peak_memory_kb():,} KiB")
        assert server.peak_memory_kb() * 1024 < CHILD_MEMORY // 4, server.peak_memory_kb()
    finally:
        stop_cli_server(server)


def test_render_refuses_an_image_bomb(tmp_path):
    for name, data in bomb_files().items():
        (tmp_path / name).write_bytes(data)
    (tmp_path / "bomb.zrf").write_bytes(RULES)
    child = run_limited(f"""
        from click.testing import CliRunner
        from zrf.cli import main
        result = CliRunner().invoke(main, ["render", "{tmp_path}/bomb.zrf", "-o", "{tmp_path}/out.png"])
        # VmHWM: this program's own peak (getrusage's ru_maxrss also counts the forking parent's)
        with open("/proc/self/status", encoding="ascii") as fh:
            peak = next(int(line.split()[1]) for line in fh if line.startswith("VmHWM:"))
        print(result.exit_code, peak)
        print(result.output)
    """, timeout=120)
    assert child.returncode == 0, child.stderr[-2000:]
    status, peak_kb = child.stdout.splitlines()[0].split()
    assert status == "0", child.stdout
    assert "bomb.zrf:2:17: W610 image 'a.png' has 81,000,000 pixels" in child.stdout
    assert "limit image_pixels=4000000; raise it with --limit image_pixels=N or ZRF_LIMITS" in child.stdout
    assert int(peak_kb) * 1024 < CHILD_MEMORY // 4, child.stdout


def test_the_image_limit_can_be_raised(tmp_path):
    """A 3000x3000 board bitmap (9 million pixels) is over the default; ``--limit`` lets it in."""
    from click.testing import CliRunner

    from zrf.cli import main

    (tmp_path / "a.png").write_bytes(_png(3000))
    (tmp_path / "b.png").write_bytes(_png(20))
    (tmp_path / "c.png").write_bytes(_png(20))
    (tmp_path / "bomb.zrf").write_bytes(RULES)
    args = ["render", str(tmp_path / "bomb.zrf"), "-o", str(tmp_path / "out.svg")]
    out = CliRunner().invoke(main, args, env={"ZRF_LIMITS": None})
    assert out.exit_code == 0 and "W610 image 'a.png' has 9,000,000 pixels" in out.output
    out = CliRunner().invoke(main, ["--limit", "image_pixels=10000000"] + args, env={"ZRF_LIMITS": None})
    assert out.exit_code == 0 and "W610" not in out.output and "W601" not in out.output, out.output


def _rss_kb(server) -> int:
    with open(f"/proc/{server.proc.pid}/status", encoding="ascii") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith("VmRSS:"))


def test_memory_comes_back_when_a_game_closes():
    """With ``--max-games 1`` every upload closes the previous game.  Its bitmap (1990x1990, just
    under the limit: 16 MB decoded) used to stay until the garbage collector happened to break the
    game's reference cycles, so memory grew by about one bitmap a round (58, 91, 122, 137 MB over
    the first four rounds); now a closed game's pictures are dropped at once."""
    files = {"a.png": _png(1990), "b.png": _png(20), "c.png": _png(20)}
    server = start_cli_server("--max-games", "1")
    try:
        token = server.launch_token()
        resident = []
        for _ in range(scaled(12, 4)):
            res = httpx.post(server.url + "/api/new", headers={"X-ZRF-Token": token}, timeout=120,
                             json={"upload": _item("big.zrf", RULES),
                                   "includes": [_item(n, d) for n, d in files.items()]})
            assert res.status_code == 200 and res.json()["notes"] == [], res.text
            assert httpx.get(server.url + "/api/image", params={"id": res.json()["id"], "key": "bm0"},
                             timeout=60).status_code == 200
            resident.append(_rss_kb(server))
        assert resident[-1] - resident[0] < 32 * 1024, resident  # less than two decoded bitmaps
    finally:
        stop_cli_server(server)
