"""How many corpus games load as OpenSpiel games and pass OpenSpiel's random-simulation check.

Produces the table in docs/rl.md::

    python -m runtime.sweeps.openspiel_survey CORPUS_DIR [--timeout S] [--max-game-length N] [--sims K] [--shard i/n]

For every MANIFEST row it loads the default game of the file with
:func:`runtime.rl.openspiel.load` and runs ``pyspiel.random_sim_test`` (``K``
random games, each capped at ``N`` decisions, without serialisation) under a
wall-clock alarm (POSIX).  It prints one tab-separated row per game: whether
it loads, whether the check passes, players, chance, the number of distinct
actions, whether the game is over before the first move (and why), the
seconds taken, for every game that does not pass, the reason, and any
run-time limit the interpreter met (W503, W504: a turn or a move list cut).  A tally goes to standard error.  Needs the ``rl`` extra.
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from dataclasses import dataclass
from pathlib import Path

import pyspiel

from runtime.interpreter import ZrfGame as InterpretedGame
from runtime.jobs.time_limits import TimeLimitExceeded, time_limit
from runtime.sweeps.coverage import corpus_games
from runtime.sweeps.failures import describe_failure
from runtime.core.errors import GameLoadError
from runtime.rl.openspiel import load
from runtime.rl.decision_tree import GameLengthLimitWarning

#: Decisions per simulated game unless ``--max-game-length`` says otherwise.
DEFAULT_LENGTH = 100


@dataclass
class SurveyRow:
    slug: str
    loads: bool = False
    passes: bool = False
    players: int = 0
    chance: bool = False
    actions: int = 0
    #: "moves" (a simulated game was played), "over" (no move at the start)
    start: str = ""
    note: str = ""
    seconds: float = 0.0


def survey_game(slug: str, path: str, timeout: int, max_game_length: int, sims: int) -> SurveyRow:
    """Load one corpus file as an OpenSpiel game and run the random-simulation check on it."""
    row = SurveyRow(slug)
    start = time.perf_counter()
    stage = "load"
    try:
        with time_limit(timeout), warnings.catch_warnings():
            warnings.simplefilter("ignore", GameLengthLimitWarning)
            game = load(path, max_game_length=max_game_length)
            row.loads = True
            row.players = game.num_players()
            row.chance = game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            row.actions = game.num_distinct_actions()
            first = game.new_initial_state()
            row.start = "over" if first.is_terminal() else "moves"
            if first.is_terminal():
                row.note = f"no move at the start: {first.outcome().describe()}"
            stage = "random_sim_test"
            pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)
            row.passes = True
            if isinstance(game.engine, InterpretedGame) and game.engine.notices:
                # a run-time limit of the interpreter (W504: a move list cut) met while playing
                notices = "; ".join(f"{d.code} {d.message}" for d in game.engine.notices)
                row.note = f"{row.note}; {notices}" if row.note else notices
    except TimeLimitExceeded:
        row.note = f"timeout after {timeout}s in {stage}"
    except GameLoadError as exc:
        row.note = f"does not load: {str(exc).splitlines()[0][:160]}"
    except RecursionError:
        row.note = f"recursion limit in {stage}"
    except Exception as exc:  # every failure is reported, with its kind
        row.note = describe_failure(exc, 160, stage)
    row.seconds = time.perf_counter() - start
    return row


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus")
    ap.add_argument("--timeout", type=int, default=60, help="seconds per game")
    ap.add_argument("--max-game-length", type=int, default=DEFAULT_LENGTH)
    ap.add_argument("--sims", type=int, default=1, help="random games per file")
    ap.add_argument("--shard", default="0/1", help="i/n: every n-th game starting at i")
    ap.add_argument("--limit", type=int, default=0, help="only the first N games")
    args = ap.parse_args(argv)
    rows = list(corpus_games(Path(args.corpus)))
    i, n = (int(x) for x in args.shard.split("/"))
    rows = rows[i::n]
    if args.limit:
        rows = rows[:args.limit]
    print("slug\tloads\tpasses\tplayers\tchance\tactions\tstart\tseconds\tnote", flush=True)
    tally = {"games": 0, "axiom": 0, "load": 0, "pass": 0, "pass, over at the start": 0}
    for slug, path, engine in rows:
        tally["games"] += 1
        if engine == "axiom":
            tally["axiom"] += 1
            print(f"{slug}\t0\t0\t-\t-\t-\t-\t-\tneeds an Axiom engine", flush=True)
            continue
        r = survey_game(slug, path, args.timeout, args.max_game_length, args.sims)
        tally["load"] += r.loads
        tally["pass"] += r.passes
        tally["pass, over at the start"] += r.passes and r.start == "over"
        print(f"{slug}\t{int(r.loads)}\t{int(r.passes)}\t{r.players or '-'}\t{int(r.chance)}\t{r.actions or '-'}"
              f"\t{r.start or '-'}\t{r.seconds:.1f}\t{r.note}", flush=True)
    print("# " + ", ".join(f"{k}: {v}" for k, v in tally.items()), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
