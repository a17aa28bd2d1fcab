"""Without ``pyffish`` the Fairy-Stockfish commands exit 2 and say how to install it.

Each command runs in a child process where importing ``pyffish`` fails (``sys.modules`` holds
``None`` for it, which is what Python does for a module that is not installed), so the test
runs whether or not the extra is installed here.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from tests.fairy.games import TINY

#: The child: block the import, then run the command line given as arguments.
CHILD = textwrap.dedent("""\
    import sys
    sys.modules["pyffish"] = None
    from zrf.cli import main
    sys.argv = ["zrf", *sys.argv[1:]]
    main()
    """)


def run_without_pyffish(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", CHILD, *args], check=False, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("command", [["import", "fairy", "chess"], ["export", "fairy", "GAME"],
                                     ["crosscheck", "GAME", "--against", "fairy", "--depth", "1", "--games", "0"]])
def test_a_command_without_pyffish_says_how_to_install_it(command, tmp_path):
    game = tmp_path / "tiny.zrf"
    game.write_text(TINY)
    done = run_without_pyffish(*[str(game) if a == "GAME" else a for a in command])
    assert done.returncode == 2, done.stderr
    assert "pyffish" in done.stderr and "pip install" in done.stderr
    assert "Traceback" not in done.stderr
