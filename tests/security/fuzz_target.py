"""Byte-level fuzz target: any bytes as a ZRF file or a saved game, through every layer.

:func:`one_input` takes raw bytes; the first byte chooses the kind and the
rest is the file:

* a ZRF file goes through the reader, macro expansion, the linter, the model
  and the interpreter (load, legal moves of the start position, the first
  move applied, the outcome);
* a ``.zsg`` file goes through the saved-game reader, the writer (the text
  written must read back to the same moves) and a replay against its seed's
  rules (the chess ZRF of ``tests/games`` for fuzz-made bytes).

Only the toolkit's own reports may come out: :class:`zrf.diagnostics.ZrfError`,
:class:`runtime.loading.opening.GameLoadError` and
:class:`runtime.interpreter.ZrfRuntimeError`.  Anything else is a crash.

The hypothesis test (``test_fuzz_bytes.py``) drives it with mutated seeds;
with atheris installed it also runs as a coverage-guided fuzzer::

    python -m tests.security.fuzz_target -max_total_time=600
"""

from __future__ import annotations

import os
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

from runtime.loading.opening import GameLoadError
from runtime.interpreter import ZrfRuntimeError
from runtime.loading.opening import open_game
from runtime.savedgames.replay import replay
from zrf.diagnostics import ZrfError
from zrf.lint import lint_file
from zrf.macros import expand_document
from zrf.model import build_file
from zrf.reader import decode, read_file
from zrf.zsg import parse_zsg, read_zsg, zsg_bytes

ROOT = Path(__file__).resolve().parents[2]
CHESS = ROOT / "tests" / "games" / "chess.zrf"

#: exceptions that are the toolkit reporting bad input, not crashing
REPORTS = (ZrfError, GameLoadError, ZrfRuntimeError)
KINDS = ("zrf", "zsg")


@lru_cache(maxsize=64)
def rules_game(path: str = str(CHESS), variant: str | None = None):
    """The game a fuzzed saved game is replayed against (each loaded once)."""
    return open_game(path, variant)


def run_zrf(path: str, reached: list[str]) -> None:
    """Every layer on the ZRF file at ``path``, appending each layer passed to ``reached``;
    only :data:`REPORTS` may escape."""
    expand_document(read_file(path))
    reached.append("read")
    lint_file(path)
    build_file(path)
    game = open_game(path)
    reached.append("loaded")
    state = game.initial_state()
    moves = state.legal_moves()
    reached.append("moves")
    if moves:
        state = state.apply(moves[0])
    state.outcome()
    reached.append("played")


def run_zsg(path: str, reached: list[str], rules: tuple[str, str | None] = (str(CHESS), None)) -> None:
    """Read, write back and replay the saved game at ``path`` on the game ``rules`` (file,
    variant), appending each stage passed to ``reached``; only :data:`REPORTS` may escape."""
    saved = read_zsg(path)
    reached.append("read")
    again = parse_zsg(decode(zsg_bytes(saved))[0], path)
    assert _moves(again) == _moves(saved), "writing and reading back changed the moves"
    reached.append("written")
    result = replay(saved, rules_game(*rules))
    reached.append("replayed" if result.ok and result.turns else "replay stopped")


def _moves(saved) -> list[tuple[int, str]]:
    """Move lines with whitespace runs as one space (the writer puts line breaks as spaces)."""
    return [(m.number, " ".join(m.text.split())) for m in saved.moves]


def run(kind: str, data: bytes, folder: str, rules: tuple[str, str | None] = (str(CHESS), None)) -> str:
    """Write ``data`` as a file of ``kind`` in ``folder`` and run it (a saved game on ``rules``);
    the last stage it passed (``"none"`` when the first layer reported it).  Only
    :data:`REPORTS` escape."""
    path = os.path.join(folder, "fuzz." + kind)
    with open(path, "wb") as fh:
        fh.write(data)
    reached = ["none"]
    try:
        if kind == "zrf":
            run_zrf(path, reached)
        else:
            run_zsg(path, reached, rules)
    except REPORTS:
        pass
    return reached[-1]


def one_input(data: bytes) -> None:
    """Atheris entry point: the first byte picks the kind, the rest is the file."""
    if not data:
        return
    with tempfile.TemporaryDirectory() as folder:
        run(KINDS[data[0] % len(KINDS)], data[1:], folder)


if __name__ == "__main__":  # pragma: no cover - needs atheris
    import atheris

    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()
