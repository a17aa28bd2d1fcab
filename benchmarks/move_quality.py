"""Benchmark: how much our computer player's moves lose, judged by Fairy-Stockfish searching deeper.

    python benchmarks/move_quality.py tests/games/chess.zrf --uci-variant chess \\
        [--games 16] [--seconds 2] [--clock wall|cpu] [--nodes N] [--judge-depth 12] [--engine NAME|PATH]

A match against Fairy-Stockfish (``versus_fairy_stockfish.py``) answers the
question that matters, but 20 games have a standard deviation of about ten
points: two versions of the player cannot be told apart by it.  This measures
each move instead, on positions fixed by seed:

* **positions**: ``--games`` games of Fairy-Stockfish ``go depth 1`` against
  itself, game *i* opened with 2 to 5 random legal moves drawn with seed *i*
  (the ZRF is the referee, so any variant both sides play works); the
  positions at plies 10, 18, 28, 40, 55, 75, 100 and 130 are kept;
* **our move**: the alpha-beta player (:mod:`runtime.players.alphabeta`) thinking
  ``--seconds`` per move (``--clock cpu``: processor seconds), or with a node
  budget (``--nodes``, reproducible on any machine);
* **the peer**: Fairy-Stockfish ``go depth 1`` (the opponent of
  ``versus_fairy_stockfish.py``) answers the same positions and is judged the
  same way, in the same run;
* **loss**: the judge (Fairy-Stockfish ``go depth --judge-depth``) values the
  position after its own best move and after ours, each from the mover's side
  and clipped to +-``--clip`` centipawns (a move from +20 to +15 pawns loses
  nothing that matters); the loss is the difference, 0 when the moves are the
  same.  Every judge's search starts from an empty hash (``ucinewgame``), so
  a move is judged the same in every run whatever was judged before it.

Prints one line per position, then for our player and for the peer the mean
loss (all positions, and by phase: before ply 30, 30 to 59, from 60) and the
moves losing 150 or more; then the median, least and most depth our search completed, the
machine's load average and the wall time.  The engine is the build of ``zrf
engines build fairy-stockfish`` (or ``--engine``), spoken to through the
toolkit's UCI client (runtime/engines/uci_client.py) and our moves written in
UCI by runtime/players/uci.py.  Exit status 2 when the engine is absent.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from runtime.engines.engine_cache import EngineNotFound, resolve  # noqa: E402
from runtime.engines.uci_client import GoLimit, LimitKind, UciEngine  # noqa: E402
from runtime.loading.opening import open_game  # noqa: E402
from runtime.matches.match_table import depth_range  # noqa: E402
from runtime.players.factory import make_player  # noqa: E402
from runtime.players.uci import legal_move_for, uci_text  # noqa: E402

SAMPLE_PLIES = (10, 18, 28, 40, 55, 75, 100, 130)
"""Plies of each self-play game whose positions are kept."""

MATE = 100_000
"""Centipawns given to a forced mate before clipping."""


def open_engine(path: Path, variant: str) -> UciEngine:
    engine = UciEngine(path).start()
    if engine.has_option("UCI_Variant"):
        engine.set_option("UCI_Variant", variant)
    return engine


def analyse(engine: UciEngine, moves: list[str], depth: int) -> tuple[int, str]:
    """(score in centipawns for the side to move, best move) of ``go depth`` from an empty hash
    (``ucinewgame`` first), so a position is judged the same whatever was judged before it."""
    engine.new_game()
    answer = engine.search(moves, GoLimit(LimitKind.DEPTH, depth))
    if answer.mate_in is not None:
        return (MATE if answer.mate_in > 0 else -MATE), answer.move
    return answer.score_cp or 0, answer.move


def sample_positions(game, engine: UciEngine, games: int) -> list[list[str]]:
    """The UCI move lists leading to the kept positions (see the module docstring)."""
    kept = []
    for index in range(games):
        rng = random.Random(index)
        state = game.initial_state()
        moves: list[str] = []
        for _ in range(rng.randint(2, 5)):
            if state.outcome() is not None or not state.legal_moves():
                break
            move = rng.choice(state.legal_moves())
            moves.append(uci_text(move))
            state = state.apply(move)
        engine.new_game()
        while len(moves) <= SAMPLE_PLIES[-1] and state.outcome() is None:
            if len(moves) in SAMPLE_PLIES:
                kept.append(list(moves))
            answer = engine.search(moves, GoLimit(LimitKind.DEPTH, 1))
            move = legal_move_for(state, answer.move)
            if move is None:
                break
            moves.append(answer.move)
            state = state.apply(move)
    return kept



def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", help="a .zrf whose start position is the engine variant's")
    ap.add_argument("--variant", default=None, help="game or variant title inside the .zrf")
    ap.add_argument("--uci-variant", default="chess", help="the engine's UCI_Variant (chess, xiangqi, ...)")
    ap.add_argument("--games", type=int, default=16, help="self-play games the positions come from")
    ap.add_argument("--seconds", type=float, default=2.0, help="our player's time per move")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="cpu",
                    help="count our player's seconds on the wall clock or in processor time")
    ap.add_argument("--nodes", type=int, default=None,
                    help="a node budget per move instead of a clock (the same moves on any machine)")
    ap.add_argument("--judge-depth", type=int, default=12)
    ap.add_argument("--clip", type=int, default=600, help="values are clipped to +-CLIP centipawns")
    ap.add_argument("--engine", default="fairy-stockfish",
                    help="the engine: a name (the engine cache, then PATH) or a path")
    args = ap.parse_args()

    try:
        path = resolve(args.engine)
    except EngineNotFound as exc:
        print(f"{exc}: this benchmark needs it and did not run", file=sys.stderr)
        return 2
    started = time.perf_counter()
    load_start = os.getloadavg()
    game = open_game(args.game, args.variant)
    engine = open_engine(path, args.uci_variant)
    peer_engine = open_engine(path, args.uci_variant)
    spec = f"alphabeta:nodes={args.nodes}" if args.nodes else f"alphabeta:time={args.seconds:g}"
    try:
        positions = sample_positions(game, engine, args.games)
        thinking = f"{args.nodes} nodes" if args.nodes else f"{args.seconds:g} s ({args.clock} clock)"
        print(f"{game.name}: {len(positions)} positions from {args.games} games of Fairy-Stockfish depth 1 "
              f"against itself; our player {thinking} per move; judge depth {args.judge_depth}", flush=True)

        def judged(moves: list[str]) -> int:
            score, _ = analyse(engine, moves, args.judge_depth)
            return max(-args.clip, min(args.clip, score))

        def loss_of(moves: list[str], move: str, best: str) -> int:
            return 0 if move == best else max(0, judged(moves + [move]) - judged(moves + [best]))

        losses: list[tuple[int, int]] = []
        peer_losses: list[tuple[int, int]] = []
        depths: list[int] = []
        for index, moves in enumerate(positions):
            state = game.initial_state()
            for text in moves:
                state = state.apply(legal_move_for(state, text))
            player = make_player(spec, seed=index, cpu_clock=args.clock == "cpu")
            ours = uci_text(player.choose(state))
            depth = player.search_depth() or 0
            depths.append(depth)
            _, best = analyse(engine, moves, args.judge_depth)
            # its own process, its hash emptied: it must not read the judge's deeper searches
            _, peer = analyse(peer_engine, moves, 1)
            loss, peer_loss = loss_of(moves, ours, best), loss_of(moves, peer, best)
            losses.append((len(moves), loss))
            peer_losses.append((len(moves), peer_loss))
            print(f"{index:3d} ply {len(moves):3d}: judge {best:<6} ours {ours:<6} loss {loss:4d} "
                  f"(depth {depth}); peer {peer:<6} loss {peer_loss:4d}", flush=True)
    finally:
        engine.close()
        peer_engine.close()

    def mean(values: list[int]) -> str:
        return f"{sum(values) / len(values):.1f} ({len(values)})" if values else "-"

    def summary(who: str, judged_moves: list[tuple[int, int]]) -> str:
        phases = {"plies <30": [l for p, l in judged_moves if p < 30],
                  "30-59": [l for p, l in judged_moves if 30 <= p < 60],
                  ">=60": [l for p, l in judged_moves if p >= 60]}
        return (f"{who}: mean loss {mean([l for _, l in judged_moves])} cp per move; "
                + "; ".join(f"{k} {mean(v)}" for k, v in phases.items())
                + f"; losing 150 or more: {sum(1 for _, l in judged_moves if l >= 150)}")

    load_end = os.getloadavg()
    print(f"{game.name}, judged by Fairy-Stockfish depth {args.judge_depth}, values clipped to +-{args.clip} cp")
    print("  " + summary("our player", losses))
    print("  " + summary("Fairy-Stockfish depth 1", peer_losses))
    print(f"  our search depth {depth_range(depths)} (median, least-most)  "
          f"(load average {load_start[0]:.1f} at the start, {load_end[0]:.1f} at the end; "
          f"{time.perf_counter() - started:.0f}s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
