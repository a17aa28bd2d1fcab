"""Fake UCI engines for tests: small Python programs that misbehave in one chosen way each.

Every one answers ``uci`` (with one option, ``Skill``, a spin from 0 to 5),
``isready`` and ``quit`` properly; what it does on ``go`` is its *mode*:

* ``illegal``: answers ``bestmove e2e5`` (never legal in chess);
* ``die``: exits without answering;
* ``silent``: answers nothing and waits (until ``stop``, then still nothing);
* ``none``: answers ``bestmove (none)``.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

PROGRAM = '''#!{python}
import sys
MODE = {mode!r}
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "uci":
        print("id name Fake " + MODE)
        print("option name Skill type spin default 1 min 0 max 5")
        print("uciok", flush=True)
    elif words[0] == "isready":
        print("readyok", flush=True)
    elif words[0] == "go":
        if MODE == "illegal":
            print("info depth 3 nodes 10 score cp 5")
            print("bestmove e2e5", flush=True)
        elif MODE == "none":
            print("bestmove (none)", flush=True)
        elif MODE == "die":
            sys.exit(3)
    elif words[0] == "quit":
        break
'''


def fake_engine(folder: Path, mode: str) -> Path:
    """An executable fake engine of ``mode`` in ``folder``."""
    path = folder / f"fake-{mode}"
    path.write_text(PROGRAM.format(python=sys.executable, mode=mode), encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    assert os.access(path, os.X_OK)
    return path
