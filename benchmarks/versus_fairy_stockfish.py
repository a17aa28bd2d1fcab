"""Benchmark: our computer player on a ZRF against Fairy-Stockfish limited to ``go depth 1``.

    python benchmarks/versus_fairy_stockfish.py tests/games/chess.zrf --uci-variant chess \\
        [--games 20] [--first-game 0] [--seconds 2] [--clock wall|cpu] [--depth 1] [--max-plies 400]
        [--engine NAME|PATH] [--save DIR] [--workers 1]

A ``zrf match`` (runtime/matches) of our alpha-beta player thinking
``--seconds`` per move (``--clock cpu``: processor seconds of its process, so
that other jobs on a shared machine do not shorten its thinking) against
Fairy-Stockfish (the build of ``zrf engines build fairy-stockfish``, or
``--engine``) answering ``go depth D``.  Colours alternate: our player is the
ZRF's first player in even games.  The ZRF is the referee; a game is
adjudicated a draw at the third occurrence of a position or after
``--max-plies`` plies.  ``zrf match`` itself does the same with any player
specs; this keeps the figures of docs/play.md comparable.

With ``--save DIR`` every game is kept as ``DIR/game-NNNN.zsg`` (``zrf
replay``, ``zrf play --load`` and the browser page's *Open a .zsg* step
through it) and, for chess, ``DIR/game-NNNN.pgn``.

Prints one line per game (with the median, least and most depth our search
completed), then the score (wins + draws / 2) of our player, the machine's
load average at the start and the end, and the wall time.  Exit status 0 when
the score reaches ``--need`` percent (default 50), 1 when it does not, 2 when
the engine is absent (the message says how to build it).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from runtime.engines.engine_cache import EngineNotFound, resolve  # noqa: E402
from runtime.loading.opening import open_game  # noqa: E402
from runtime.matches.match_run import run_match  # noqa: E402
from runtime.matches.match_table import depth_range  # noqa: E402
from runtime.matches.schedule import Contestant, MatchPlan  # noqa: E402
from runtime.players.knowledge import learn  # noqa: E402
from runtime.players.spec import parse_player_spec  # noqa: E402

OURS, ENGINE = "ours", "fairy-stockfish"



def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", help="a .zrf whose start position is the engine variant's")
    ap.add_argument("--variant", default=None, help="game or variant title inside the .zrf")
    ap.add_argument("--uci-variant", default="chess", help="the engine's UCI_Variant (chess, xiangqi, ...)")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--first-game", type=int, default=0,
                    help="number of the first game (colours and seeds follow the game's number), so "
                         "that a match can be played in parts side by side")
    ap.add_argument("--seconds", type=float, default=2.0, help="our player's time per move")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="count our player's seconds on the wall clock or in processor time "
                         "(cpu: the same thinking on a shared machine)")
    ap.add_argument("--depth", type=int, default=1, help="the engine's `go depth`")
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--engine", default="fairy-stockfish",
                    help="the engine: a name (the engine cache, then PATH) or a path")
    ap.add_argument("--need", type=float, default=50.0, help="score in percent for exit status 0")
    ap.add_argument("--save", type=Path, default=None, metavar="DIR",
                    help="keep every game as DIR/game-NNNN.zsg (and .pgn for chess)")
    ap.add_argument("--workers", type=int, default=1, help="games played at once, in processes of their own")
    args = ap.parse_args()

    try:
        path = resolve(args.engine)
    except EngineNotFound as exc:
        print(f"{exc}: this benchmark needs it and did not run", file=sys.stderr)
        return 2
    started = time.perf_counter()
    load_start = os.getloadavg()
    game = open_game(args.game, args.variant)
    knowledge = learn(game)
    print(f"{game.name} vs {path} (UCI_Variant {args.uci_variant}, go depth {args.depth}); "
          f"our player {args.seconds:g} s per move ({args.clock} clock); learned values: "
          + ", ".join(f"{k}={v:.2f}" for k, v in sorted(knowledge.values.items(), key=lambda kv: kv[1])),
          flush=True)
    plan = MatchPlan(args.game, args.variant,
                     (Contestant(OURS, parse_player_spec(f"alphabeta:time={args.seconds:g}")),
                      Contestant(ENGINE, parse_player_spec(f"uci:{path}?depth={args.depth}"))),
                     args.games, max_plies=args.max_plies, uci_variant=args.uci_variant,
                     save_dir=str(args.save) if args.save else None, cpu_clock=args.clock == "cpu",
                     first_game=args.first_game)
    depths: list[int] = []

    def show(report, _result) -> None:
        ours = next(seat for seat, name in report.seats.items() if name == OURS)
        points = report.points[OURS] if report.points else None
        result = {1.0: "win", 0.5: "draw", 0.0: "loss", None: "void"}[points]
        depths.extend(report.depths.get(OURS, []))
        kept = f"; saved as {report.saved[0]}" if report.saved else ""
        print(f"game {report.index:2d}: we play {ours:<6} {result:<4} after {report.plies:3d} plies "
              f"({report.reason}); our search depth {depth_range(report.depths.get(OURS, []))}  "
              f"[{time.perf_counter() - started:.0f}s]{kept}", flush=True)

    outcome = run_match(plan, args.workers, on_report=show)
    tally = outcome.tally
    score = 100.0 * tally.score if tally.games else 0.0
    load_end = os.getloadavg()
    print(f"{game.name}: our player vs Fairy-Stockfish depth {args.depth}, {tally.games} games: "
          f"wins {tally.wins} draws {tally.draws} losses {tally.losses}, score {score:.1f}%  "
          f"(load average {load_start[0]:.1f} at the start, {load_end[0]:.1f} at the end; "
          f"{time.perf_counter() - started:.0f}s); our search depth {depth_range(depths)}")
    return 0 if score >= args.need else 1


if __name__ == "__main__":
    sys.exit(main())
