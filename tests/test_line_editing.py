"""Terminal line editing for ``zrf play``: history, completion, and the plain fallback for scripts."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time

import pytest

from runtime.commands.line_editing import LineReader

from .conftest import ROOT

UP = "\x1b[A"


def test_scripted_input_reads_plainly():
    """Not at a terminal (pytest's captured stdin): the plain backend, as before."""
    assert LineReader(interactive=False).backend == "plain"


def test_prompt_toolkit_history_and_completion():
    """Typed lines come back, Up recalls the previous one, Tab offers commands and legal moves.

    Run in a thread of its own: prompt_toolkit starts an asyncio loop, which
    cannot happen in a thread where another test left one running.
    """
    pytest.importorskip("prompt_toolkit")
    from concurrent.futures import ThreadPoolExecutor

    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    words = ("moves", "undo", "Pawn e2 - e4", "Pawn e2 - e3")

    def session():
        with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
            reader = LineReader(lambda: words, interactive=True)
            inp.send_text("moves e2\r")
            first = reader.read("1. White> ")
            inp.send_text(UP + "\r")  # Up recalls the line typed before
            again = reader.read("1. White> ")

            def offered(text):
                return [c.text for c in reader._session.completer.get_completions(Document(text), CompleteEvent())]
            return reader.backend, first, again, offered("und"), offered("Pawn e2 - e")

    with ThreadPoolExecutor(1) as pool:
        backend, first, again, commands, moves = pool.submit(session).result(timeout=60)
    assert backend == "prompt_toolkit"
    assert first == again == "moves e2"
    assert commands == ["undo"]
    assert moves == ["Pawn e2 - e4", "Pawn e2 - e3"]


def _read_until(fd: int, wanted: bytes, seconds: float) -> bytes:
    """Output of the child at ``fd`` until ``wanted`` appears (or ``seconds`` pass)."""
    out = b""
    end = time.monotonic() + seconds
    while wanted not in out and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
    return out


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
@pytest.mark.parametrize("backend", ["prompt_toolkit", "readline"])
def test_zrf_play_recalls_a_line_at_a_real_terminal(backend, tmp_path):
    """At a pseudo-terminal, Up then Enter repeats the previous command (``moves e2``).

    For the readline case a stand-in ``prompt_toolkit`` that fails to import
    is put first on the child's path.
    """
    import pty

    if backend == "prompt_toolkit":
        pytest.importorskip("prompt_toolkit")
        path = str(ROOT)
    else:
        pytest.importorskip("readline")
        (tmp_path / "prompt_toolkit").mkdir()
        (tmp_path / "prompt_toolkit" / "__init__.py").write_text("raise ImportError('hidden for the test')\n")
        path = os.pathsep.join([str(tmp_path), str(ROOT)])
    master, slave = pty.openpty()
    env = dict(os.environ, PYTHONPATH=path, TERM="xterm")
    proc = subprocess.Popen([sys.executable, "-m", "zrf.cli", "play", str(ROOT / "tests" / "games" / "chess.zrf"),
                             "--black", "human"], stdin=slave, stdout=slave, stderr=slave, env=env,
                            cwd=str(ROOT), start_new_session=True)
    os.close(slave)
    try:
        assert b"White>" in _read_until(master, b"White>", 60)
        os.write(master, b"moves e2\r")
        first = _read_until(master, b"Pawn e2 - e4", 30)
        assert b"Pawn e2 - e3" in first
        _read_until(master, b"White>", 10)
        os.write(master, UP.encode() + b"\r")
        again = _read_until(master, b"Pawn e2 - e4", 30) + _read_until(master, b"White>", 10)
        # the hints again; without line editing the escape sequence would be an "illegal move"
        assert b"Pawn e2 - e3" in again and b"illegal" not in again
        os.write(master, b"quit\r")
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        os.close(master)
