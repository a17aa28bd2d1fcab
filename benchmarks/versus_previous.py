"""Benchmark: this revision's computer player against a previous revision's, in a ``zrf match``.

    python benchmarks/versus_previous.py GAME --previous REV [--games N] [--nodes N | --time S]
        [--sprt ELO0,ELO1] [--player-spec SPEC] [--random-plies K] [--max-plies N] [--workers W]
        [--seed S] [--variant NAME]

A change made for strength is kept when it wins against the revision before
it (issue 33).  REV is checked out into a temporary git worktree beside this
checkout (:mod:`previous_checkout`, removed afterwards) and seated as a UCI
engine: a two-line launcher in the run's scratch folder runs REV's ``zrf uci
GAME --player SPEC`` with REV's own code first on ``PYTHONPATH`` (a player
spec names one program, ``uci:LAUNCHER``).  This checkout's ``zrf match``
then plays ``new`` (this revision's ``SPEC``, in this process's match) against
``old`` (REV's), refereed by this checkout's rules of GAME, and prints each
game, the score, the Elo difference with its 95 % interval, the LOS and, with
``--sprt``, the verdict; its exit status is this one's (0, or 1 when the SPRT
did not accept H1).

The budget is the same for both: ``--nodes N`` (default 2000) is ``nodes=N``
for ours and ``go nodes N`` for REV's engine, the same search on any machine;
``--time S`` is processor seconds for ours but ``go movetime`` (wall-clock)
for the engine, which a loaded machine shortens, so nodes are the fair
measure.  Openings are ``--random-plies`` random turns (default 4), each
played from both sides.  The machine's load average is printed at the start
and the end.  Exit status 2 when REV cannot be played: it does not exist, or
it has no ``zrf uci`` (``runtime/commands/uci.py``).
"""

from __future__ import annotations

import argparse
import os
import shlex
import stat
import subprocess
import sys
from pathlib import Path

from previous_checkout import previous_checkout

ROOT = Path(__file__).resolve().parent.parent

UCI_MODULE = "runtime/commands/uci.py"
"""The file a revision needs to be played as an engine (``zrf uci``)."""

UCI_ENTRY = "from runtime.commands.uci import uci; uci()"
"""What the launcher runs: REV's command itself, whatever the installed ``zrf`` registers."""

DEFAULT_NODES = 2000


def write_launcher(folder: Path, checkout: Path, game: Path, spec: str, variant: str | None = None,
                   python: str = sys.executable) -> Path:
    """An executable ``folder/zrf-uci`` that runs ``checkout``'s ``zrf uci GAME --player SPEC`` (a UCI
    engine for ``uci:``), with ``checkout`` first on ``PYTHONPATH``."""
    words = [python, "-c", UCI_ENTRY, str(game), "--player", spec] + (["--variant", variant] if variant else [])
    path = folder / "zrf-uci"
    path.write_text("#!/bin/sh\n"
                    f"PYTHONPATH={shlex.quote(str(checkout))} PYTHONHASHSEED=0 exec "
                    + " ".join(shlex.quote(w) for w in words) + ' "$@"\n', encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def has_uci_command(revision: str) -> bool | None:
    """Whether ``revision`` has ``zrf uci``; None when git does not know the revision."""
    known = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}"],
                           capture_output=True, check=False)
    if known.returncode != 0:
        return None
    found = subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{revision}:{UCI_MODULE}"],
                           capture_output=True, check=False)
    return found.returncode == 0


def load_average() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def match_command(game: Path, launcher: Path, args: argparse.Namespace) -> list[str]:
    """This checkout's ``zrf match``: ``new`` = this revision's spec, ``old`` = the launcher's engine."""
    budget = ["--time", str(args.time)] if args.time is not None else ["--nodes", str(args.nodes or DEFAULT_NODES)]
    command = [sys.executable, "-c", "from zrf.cli import main; main()", "match", str(game),
               "--player", f"new={args.player_spec}", "--player", f"old=uci:{launcher}",
               "--games", str(args.games), "--random-plies", str(args.random_plies),
               "--max-plies", str(args.max_plies), "--workers", str(args.workers), "--seed", str(args.seed)]
    command += budget
    if args.sprt:
        command += ["--sprt", args.sprt]
    if args.variant:
        command += ["--variant", args.variant]
    return command


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", metavar="GAME", help="a .zrf path (or a built-in game's name)")
    ap.add_argument("--previous", required=True, metavar="REV", help="the revision to play against")
    ap.add_argument("--games", type=int, default=40)
    budget = ap.add_mutually_exclusive_group()
    budget.add_argument("--nodes", type=int, default=None, help=f"nodes a move (default {DEFAULT_NODES})")
    budget.add_argument("--time", type=float, default=None, metavar="S", help="seconds a move")
    ap.add_argument("--sprt", default=None, metavar="ELO0,ELO1")
    ap.add_argument("--player-spec", default="alphabeta", metavar="SPEC",
                    help="both sides' player spec, without a budget (default alphabeta)")
    ap.add_argument("--random-plies", type=int, default=4)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--variant", default=None)
    args = ap.parse_args()
    game = Path(args.game)
    game = game.resolve() if game.exists() else game  # a built-in game's name stays a name
    uci = has_uci_command(args.previous)
    if uci is None:
        print(f"versus_previous: error: {args.previous!r} is no revision of this repository", file=sys.stderr)
        return 2
    if not uci:
        print(f"versus_previous: error: {args.previous} has no 'zrf uci' ({UCI_MODULE}), so its player cannot "
              "be seated as a UCI engine; compare with a revision that has it", file=sys.stderr)
        return 2
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED="0")
    with previous_checkout(ROOT, args.previous, "versus-previous-") as (scratch, previous, commit):
        launcher = write_launcher(scratch, previous, game, args.player_spec, args.variant)
        this = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, check=False).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, check=False).stdout.strip()
        print(f"new = this checkout ({this}{' with uncommitted changes' if dirty else ''}), "
              f"old = {args.previous} ({commit}) through its zrf uci; load average {load_average()}", flush=True)
        status = subprocess.run(match_command(game, launcher, args), env=env, check=False).returncode
        print(f"load average at the end {load_average()}", flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
