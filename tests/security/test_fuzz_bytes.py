"""A fuzz campaign: mutated bytes as ZRF files and saved games, through every layer.

Seeds are the ZRF files in ``tests/games``, a random game of each saved
by the toolkit, and, when the shared corpus is present, its small ZRF files
and its saved games.  Each example changes a seed at the byte level
(flipped bytes, inserted or deleted runs, repeated runs, dangerous tokens
such as a 5,000-digit number or a self-doubling macro) or is random bytes,
and goes through :mod:`tests.security.fuzz_target`.

Each example runs in a forked child under an alarm (a hang fails it) and an
address-space limit of 1 GB above what the test process already holds (a
memory bomb fails with MemoryError instead of taking the machine); the memory
the child added at its peak is recorded.  The campaign
size scales with ``ZRF_SLOW_SCALE`` (``scaled(10_000)`` examples per kind); with
``ZRF_FUZZ_REPORT=FILE`` the counts (inputs, crashes, hangs, memory
failures, peak memory) are written there as JSON for docs/security.md.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import sys
import time
import traceback
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from runtime.savedgames.saving import saved_game_bytes
from runtime.players.factory import RandomPlayer
from tests.conftest import find_corpus, scaled

from . import fuzz_target
from .conftest import CHILD_MEMORY, ROOT

SECONDS_PER_EXAMPLE = 30
EXAMPLES_PER_KIND = 10_000

COUNTS: Counter = Counter()

TOKENS = [b"(", b")", b'"', b";", b"$1", b"$1$1", b"\r\n", b"\x00", b"\xff\xfe", b"9" * 5000, b"-1",
          b"(define d (d $1$1))", b'(include "/dev/zero")', b"(include \"fuzz.zrf\")", b"partial 2 ",
          b"\r\n99999. Pawn e2 - e4", b"\r\n(x e8)", b"(White King e1)", b"RulesFile=/dev/zero",
          b"\xef\xbb\xbf", "Πύργος".encode()]


class Seed(NamedTuple):
    """A starting file: its bytes, the rules a saved game replays on, and whether it is corpus data."""

    data: bytes
    rules: tuple[str, str | None] | None
    from_corpus: bool


def _zrf_seeds() -> list[Seed]:
    """The ZRF files in ``tests/games`` and the corpus's files under 6 KB."""
    seeds = [Seed(p.read_bytes(), None, False) for p in sorted((ROOT / "tests" / "games").glob("*.zrf"))]
    corpus = find_corpus()
    if corpus is not None:
        seeds += [Seed(p.read_bytes(), None, True) for p in sorted(corpus.rglob("*.zrf"))
                  if p.stat().st_size < 6000]
    return seeds


def _zsg_seeds() -> list[Seed]:
    """A 40-ply random game of each ZRF in ``tests/games`` saved by the toolkit's writer (replayed
    on its rules), and the corpus's saved games (replayed on chess: their bytes exercise the
    reader and the writer)."""
    seeds = []
    for path in sorted((ROOT / "tests" / "games").glob("*.zrf")):
        game = fuzz_target.rules_game(str(path))
        state, moves, player = game.initial_state(), [], RandomPlayer(7)
        for _ in range(40):
            if state.outcome() is not None or not state.legal_moves():
                break
            moves.append(player.choose(state))
            state = state.apply(moves[-1])
        seeds.append(Seed(saved_game_bytes(game, str(path), moves, "HC"), (str(path), None), False))
    corpus = find_corpus()
    if corpus is not None:
        seeds += [Seed(p.read_bytes(), (str(fuzz_target.CHESS), None), True) for p in sorted(corpus.rglob("*.zsg"))]
    return seeds


@lru_cache(maxsize=None)
def seeds(kind: str) -> list[Seed]:
    """The seeds of ``kind`` (built on first use, not when tests are collected)."""
    return _zrf_seeds() if kind == "zrf" else _zsg_seeds()


@st.composite
def mutated(draw, kind: str) -> tuple[bytes, tuple[str, str | None] | None]:
    """A seed of ``kind`` changed by a few byte-level edits, or random bytes; with the seed's rules."""
    own = [sd for sd in seeds(kind) if not sd.from_corpus]
    corpus = [sd for sd in seeds(kind) if sd.from_corpus] or own
    seed, rules, _ = draw(st.sampled_from(own) | st.sampled_from(corpus))  # half and half
    if draw(st.integers(0, 9)) == 0:
        return draw(st.binary(max_size=2000)), rules
    data = bytearray(seed)
    for _ in range(draw(st.sampled_from([1, 1, 1, 2, 3, 6]))):
        n = len(data)
        at = draw(st.integers(0, n))
        op = draw(st.sampled_from(["flip", "insert", "token", "delete", "repeat", "truncate"]))
        if op == "flip" and n:
            data[min(at, n - 1)] ^= 1 << draw(st.integers(0, 7))
        elif op == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=16))
        elif op == "token":
            data[at:at] = draw(st.sampled_from(TOKENS))
        elif op == "delete":
            del data[at:at + draw(st.integers(1, 64))]
        elif op == "repeat":
            piece = data[at:at + draw(st.integers(1, 200))]
            data[at:at] = piece * draw(st.integers(1, 8))
        elif op == "truncate":
            del data[at:]
    return bytes(data), rules


class Result(NamedTuple):
    """What one input did in its child process."""

    stage: str | None       # the last stage passed, when it finished
    error: str | None       # the traceback of an exception that is not a ZRF report
    hang: bool              # killed by the alarm
    over_memory: bool       # MemoryError under the 1 GB limit
    peak_kb: int            # the child's peak resident memory above its own at the fork


def _status_kb(field: str) -> int:
    """A ``VmSize``/``VmRSS`` figure of this process, in KiB (0 where /proc is absent)."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def run_isolated(kind: str, data: bytes, rules, folder: str) -> Result:
    """Run one input in a forked child limited to :data:`CHILD_MEMORY` bytes of address space above
    what this process already maps, and to :data:`SECONDS_PER_EXAMPLE` seconds (the alarm's default
    action ends it), so a hang or a memory bomb is counted, never inherited by the next input.

    The limit is relative because a test worker that ran other tests first may already map most
    of a gigabyte; an absolute limit would then leave an input almost nothing."""
    read_end, write_end = os.pipe()
    limit = _status_kb("VmSize") * 1024 + CHILD_MEMORY
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(read_end)
        start_kb = _status_kb("VmRSS")
        try:
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
            signal.signal(signal.SIGALRM, signal.SIG_DFL)
            signal.alarm(SECONDS_PER_EXAMPLE)
            message = {"stage": fuzz_target.run(kind, data, folder, rules) if rules else
                       fuzz_target.run(kind, data, folder)}
        except MemoryError:
            message = {"memory": True}
        except BaseException:
            message = {"error": traceback.format_exc()[-4000:]}
        message["peak_kb"] = max(0, _status_kb("VmHWM") - start_kb)
        with os.fdopen(write_end, "w") as fh:
            fh.write(json.dumps(message))
        os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end) as fh:
        text = fh.read()  # until the child ends (the alarm bounds it)
    _, status = os.waitpid(pid, 0)
    message = json.loads(text) if text else {}
    hang = os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGALRM
    error = message.get("error")
    if not text and not hang:
        error = f"the child ended without an answer (status {status})"
    return Result(message.get("stage"), error, hang, bool(message.get("memory")), message.get("peak_kb", 0))


def _run(kind: str, data: bytes, rules, folder: str) -> None:
    result = run_isolated(kind, data, rules, folder)
    COUNTS[f"{kind} inputs"] += 1
    COUNTS["peak memory of one input KiB"] = max(COUNTS["peak memory of one input KiB"], result.peak_kb)
    if result.stage:
        COUNTS[f"{kind} reached {result.stage}"] += 1
    COUNTS[f"{kind} hangs"] += result.hang
    COUNTS[f"{kind} over 1 GB"] += result.over_memory
    COUNTS[f"{kind} crashes"] += result.error is not None
    assert not result.hang, f"hang: more than {SECONDS_PER_EXAMPLE} s"
    assert not result.over_memory, "more than 1 GB of memory"
    assert result.error is None, result.error


def _campaign(kind: str):
    @settings(max_examples=scaled(EXAMPLES_PER_KIND, 50), deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                     HealthCheck.data_too_large])
    @given(example=mutated(kind))
    def test(tmp_path, example):
        _run(kind, example[0], example[1], str(tmp_path))
    return pytest.mark.slow(test)


test_fuzz_zrf_bytes = _campaign("zrf")
test_fuzz_zsg_bytes = _campaign("zsg")


@pytest.fixture(scope="module", autouse=True)
def report():
    """Print the campaign's counts, and write them to ``$ZRF_FUZZ_REPORT`` when set."""
    started = time.monotonic()
    yield
    counts = dict(COUNTS, seconds=round(time.monotonic() - started, 1),
                  seeds={k: len(seeds(k)) for k in fuzz_target.KINDS},
                  scale=os.environ.get("ZRF_SLOW_SCALE", "1"))
    print("\nfuzz campaign:", json.dumps(counts, sort_keys=True))
    target = os.environ.get("ZRF_FUZZ_REPORT")
    if target:
        Path(target).write_text(json.dumps(counts, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def test_the_harness_counts_crashes_hangs_and_memory(monkeypatch, tmp_path):
    """The campaign can fail: an exception that is not a ZRF report, an endless loop and a
    2 GB allocation are each caught in the child and reported as such."""
    def crash(path, reached):
        raise KeyError("boom")

    def spin(path, reached):
        while True:
            pass

    def hog(path, reached):
        reached.append(str(len(bytearray(2 * CHILD_MEMORY))))

    monkeypatch.setattr(fuzz_target, "run_zrf", crash)
    assert "KeyError: 'boom'" in run_isolated("zrf", b"", None, str(tmp_path)).error
    monkeypatch.setattr(fuzz_target, "run_zrf", hog)
    assert run_isolated("zrf", b"", None, str(tmp_path)).over_memory
    monkeypatch.setattr(fuzz_target, "run_zrf", spin)
    monkeypatch.setattr(sys.modules[__name__], "SECONDS_PER_EXAMPLE", 1)
    assert run_isolated("zrf", b"", None, str(tmp_path)).hang


def test_found_a_macro_call_short_of_an_argument(tmp_path):
    """Found by the ZRF_SLOW_SCALE=1 campaign: one direction dropped from a macro call in the
    shogi test file leaves ``(change-type)`` without its piece, and ``zrf check`` gave IndexError
    (fixed by the language layer's arity checks)."""
    shogi = (ROOT / "tests" / "games" / "shogi.zrf").read_bytes()
    broken = shogi.replace(b"(step-pp sw Silver PSilver)", b"(step-pp Silver PSilver)")
    assert broken != shogi
    result = run_isolated("zrf", broken, None, str(tmp_path))
    assert result.error is None, result.error


def test_found_a_parameter_numbered_zero(tmp_path):
    """Found by the ZRF_SLOW_SCALE=1 campaign on a trial merge with the language layer: ``$0``
    in a macro body gave IndexError in the expander (``args[k - 1]`` with k = 0)."""
    result = run_isolated("zrf", b'(define m $0 x)\n(game (title "T") (m))\n', None, str(tmp_path))
    assert result.error is None, result.error
