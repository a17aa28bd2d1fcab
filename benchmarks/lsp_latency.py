"""Diagnostics while typing: the time from the last keystroke to the language server's answer,
beside ``zrf check`` of the same file.

Usage: ``python benchmarks/lsp_latency.py [FILE] [--edits N] [--gap MS]``.  The
default FILE is the corpus's Chu Shogi (2,118 lines), found in ``$ZRF_CORPUS``
or ``../shared/corpus``.

A real client session (pygls's client) starts ``zrf lsp``, opens FILE and
waits for its first diagnostics.  Then, N times, it types a word into a move
block of the file, one character every GAP milliseconds (each keystroke sends
the whole text, as the server asks), and measures the time from the last
keystroke to the diagnostics published for that version of the text.  Every
other edit types an unknown keyword, so the answer changes each time.  The peer,
measured in the same run: ``zrf check FILE`` as a process (wall time, start-up
included) and the same check in this process (:func:`zrf.lint.lint_file`,
wall and processor time), each the best of three; and the processor time of one
analysis after a word is typed, with the memo the server keeps and fresh.  The
load average is printed: the machine is shared, and the time from the last
keystroke is wall time.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lsprotocol import types  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402
from pygls.uris import from_fs_path  # noqa: E402

from zrf.editing.analysis import analyze  # noqa: E402
from zrf.lint import lint_file  # noqa: E402
from zrf.recheck_memo import RecheckMemo  # noqa: E402

DEFAULT_FILE = "Chu_Shogi_Original_v1.3/Chu_Shogi_Original_v1.3.zrf"


def default_file() -> Path:
    env = os.environ.get("ZRF_CORPUS")
    corpus = Path(env) if env else ROOT.parent / "shared" / "corpus"
    return corpus / DEFAULT_FILE


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def best_check_process(path: Path, runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "zrf.cli", "check", str(path)], capture_output=True,
                       env=_environment(), check=False)
        best = min(best, time.perf_counter() - start)
    return best


def best_check_in_process(path: Path, runs: int = 3) -> tuple[float, float]:
    wall = cpu = float("inf")
    for _ in range(runs):
        w, c = time.perf_counter(), time.process_time()
        lint_file(str(path))
        wall, cpu = min(wall, time.perf_counter() - w), min(cpu, time.process_time() - c)
    return wall, cpu


def best_analysis(path: Path, runs: int = 3) -> tuple[float, float]:
    """Processor time of analysing the file after a word is typed into it, fresh and with the memo
    of the analysis before the word (best of ``runs``)."""
    text = path.read_text(encoding="utf-8", errors="replace")
    place = typing_place(text)
    edited = text[:place] + " (verify empty?) " + text[place:]
    fresh = remembered = float("inf")
    for _ in range(runs):
        start = time.process_time()
        analyze(str(path), edited)
        fresh = min(fresh, time.process_time() - start)
        memo = RecheckMemo()
        analyze(str(path), text, memo=memo)
        start = time.process_time()
        analyze(str(path), edited, memo=memo)
        remembered = min(remembered, time.process_time() - start)
    return fresh, remembered


def typing_place(text: str) -> int:
    """An offset inside the file's first move block, after the ``(moves`` line: where a word is typed."""
    at = text.find("(moves")
    if at < 0:
        at = text.find("(game")
    line_end = text.find("\n", at)
    return line_end + 1 if line_end >= 0 else len(text)


async def session(path: Path, edits: int, gap: float) -> list[float]:
    client = LanguageClient("zrf-benchmark", "1")
    answers: dict[int, float] = {}
    arrived = asyncio.Event()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params: types.PublishDiagnosticsParams) -> None:
        if params.version is not None:
            answers[params.version] = time.perf_counter()
            arrived.set()

    await client.start_io(sys.executable, "-m", "zrf.cli", "lsp", env=_environment())
    await client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities(),
                                                         process_id=os.getpid()))
    client.initialized(types.InitializedParams())
    uri = from_fs_path(str(path.resolve()))
    original = path.read_text(encoding="utf-8", errors="replace")
    version = 1
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri, "zrf", version, original)))
    await wait_for(answers, arrived, version)
    place = typing_place(original)
    latencies = []
    for k in range(edits):
        word = " (verify empty?) " if k % 2 else " (verfy empty?) "
        for i in range(1, len(word) + 1):
            version += 1
            text = original[:place] + word[:i] + original[place:]
            client.text_document_did_change(types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(version=version, uri=uri),
                [types.TextDocumentContentChangeWholeDocument(text)]))
            last = time.perf_counter()
            await asyncio.sleep(gap)
        latencies.append(await wait_for(answers, arrived, version) - last)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return latencies


async def wait_for(answers: dict[int, float], arrived: asyncio.Event, version: int, limit: float = 60) -> float:
    deadline = time.perf_counter() + limit
    while version not in answers:
        arrived.clear()
        left = deadline - time.perf_counter()
        if left <= 0:
            raise SystemExit(f"no diagnostics for version {version} within {limit} s")
        try:
            await asyncio.wait_for(arrived.wait(), timeout=left)
        except asyncio.TimeoutError:
            pass
    return answers[version]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, default=default_file())
    parser.add_argument("--edits", type=int, default=10, help="words typed (default 10)")
    parser.add_argument("--gap", type=float, default=120, help="milliseconds between keystrokes (default 120)")
    args = parser.parse_args()
    if not args.file.is_file():
        sys.exit(f"no such file: {args.file} (set ZRF_CORPUS or give a FILE)")
    lines = args.file.read_text(encoding="utf-8", errors="replace").count("\n") + 1
    print(f"{args.file.name}: {lines} lines; {args.edits} words typed, a key every {args.gap:.0f} ms; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    latencies = asyncio.run(session(args.file, args.edits, args.gap / 1000))
    process = best_check_process(args.file)
    wall, cpu = best_check_in_process(args.file)
    fresh, remembered = best_analysis(args.file)
    ms = sorted(1000 * x for x in latencies)
    print(f"zrf lsp: diagnostics {statistics.median(ms):.0f} ms after the last keystroke (median; "
          f"min {ms[0]:.0f}, max {ms[-1]:.0f} ms over {len(ms)} words)")
    print(f"zrf check: {1000 * process:.0f} ms as a process (start-up included), "
          f"{1000 * wall:.0f} ms wall / {1000 * cpu:.0f} ms processor in process (best of 3)")
    print(f"one analysis after a word is typed: {1000 * remembered:.0f} ms processor with the previous "
          f"analysis's memo, {1000 * fresh:.0f} ms fresh (best of 3)")
    print(f"ratio: the server's median answer takes {statistics.median(ms) / (1000 * process):.2f} of "
          f"a zrf check run")


if __name__ == "__main__":
    main()
