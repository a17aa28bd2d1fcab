"""Benchmark: how much our computer player's moves lose, judged by Fairy-Stockfish searching deeper.

    python benchmarks/move_quality.py tests/games/chess.zrf --uci-variant chess \\
        [--games 16] [--seconds 2] [--clock wall|cpu] [--nodes N] [--judge-depth 12] [--engine PATH]

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
machine's load average and the wall time.  Exit status 2 when the engine is
absent.
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

import chess.engine  # noqa: E402

from benchmarks.versus_fairy_stockfish import (INSTALL, BestMove, depth_range, find_engine, move_of,  # noqa: E402
                                               uci_of)
from runtime.players.alphabeta import AlphaBetaPlayer  # noqa: E402
from runtime.players.clock import TimeControl  # noqa: E402
from runtime.loading.opening import load_game  # noqa: E402
from runtime.players.knowledge import knowledge_for  # noqa: E402

SAMPLE_PLIES = (10, 18, 28, 40, 55, 75, 100, 130)
"""Plies of each self-play game whose positions are kept."""

MATE = 100_000
"""Centipawns given to a forced mate before clipping."""


class Analyse(BestMove):
    """``go depth D`` from ``position startpos moves ...`` with the engine's hash emptied first
    (``ucinewgame``): (score in centipawns for the side to move, best move), read from the UCI
    text so that any variant the engine plays works."""

    def __init__(self, engine, variant: str, moves: list[str], depth: int):
        super().__init__(engine, variant, moves, depth, new_game=True)
        self.score = 0

    def line_received(self, line: str) -> None:
        words = line.split()
        if words[:1] == ["info"] and "score" in words:
            kind, value = words[words.index("score") + 1: words.index("score") + 3]
            if kind == "cp":
                self.score = int(value)
            elif kind == "mate":
                self.score = MATE if int(value) > 0 else -MATE
        elif words[:1] == ["bestmove"]:
            self.result.set_result((self.score, words[1] if len(words) > 1 else "(none)"))
            self.set_finished()


def sample_positions(game, engine, variant: str, games: int) -> list[list[str]]:
    """The UCI move lists leading to the kept positions (see the module docstring)."""
    kept = []
    for index in range(games):
        rng = random.Random(index)
        state = game.initial_state()
        moves: list[str] = []
        for _ in range(rng.randint(2, 5)):
            legal = state.legal_moves()
            if not legal or state.outcome() is not None:
                break
            move = rng.choice(legal)
            moves.append(uci_of(move))
            state = state.apply(move)
        first = True  # the engine hears the variant with the first question of a game
        while len(moves) <= SAMPLE_PLIES[-1] and state.outcome() is None:
            if len(moves) in SAMPLE_PLIES:
                kept.append(list(moves))
            answer = engine.communicate(lambda p: BestMove(p, variant, moves, 1, first))
            first = False
            move = move_of(state, answer)
            if move is None:
                break
            moves.append(answer)
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
    ap.add_argument("--engine", default=None, help="Fairy-Stockfish binary (default: on PATH or /usr/games)")
    args = ap.parse_args()

    path = find_engine(args.engine)
    if path is None:
        print(INSTALL.format(where=args.engine or "not on PATH, not in /usr/games"), file=sys.stderr)
        return 2
    started = time.perf_counter()
    load_start = os.getloadavg()
    game = load_game(args.game, args.variant)
    knowledge = knowledge_for(game, 0)
    engine = chess.engine.SimpleEngine.popen_uci(path)
    peer_engine = chess.engine.SimpleEngine.popen_uci(path)
    try:
        positions = sample_positions(game, engine, args.uci_variant, args.games)
        thinking = f"{args.nodes} nodes" if args.nodes else f"{args.seconds:g} s ({args.clock} clock)"
        print(f"{game.name}: {len(positions)} positions from {args.games} games of Fairy-Stockfish depth 1 "
              f"against itself; our player {thinking} per move; judge depth {args.judge_depth}", flush=True)

        def judged(moves: list[str]) -> int:
            score, _ = engine.communicate(lambda p: Analyse(p, args.uci_variant, moves, args.judge_depth))
            return max(-args.clip, min(args.clip, score))

        def loss_of(moves: list[str], move: str, best: str) -> int:
            return 0 if move == best else max(0, judged(moves + [move]) - judged(moves + [best]))

        losses: list[tuple[int, int]] = []
        peer_losses: list[tuple[int, int]] = []
        depths: list[int] = []
        for index, moves in enumerate(positions):
            state = game.initial_state()
            for text in moves:
                state = state.apply(move_of(state, text))
            clock = None if args.nodes else TimeControl(per_move=args.seconds, cpu=args.clock == "cpu")
            player = AlphaBetaPlayer(clock=clock, node_budget=args.nodes, max_depth=64, seed=index,
                                     knowledge=knowledge)
            ours = uci_of(player.choose(state))
            depths.append(player.info.depth)
            _, best = engine.communicate(lambda p: Analyse(p, args.uci_variant, moves, args.judge_depth))
            # its own process, its hash emptied: it must not read the judge's deeper searches
            _, peer = peer_engine.communicate(lambda p: Analyse(p, args.uci_variant, moves, 1))
            loss, peer_loss = loss_of(moves, ours, best), loss_of(moves, peer, best)
            losses.append((len(moves), loss))
            peer_losses.append((len(moves), peer_loss))
            print(f"{index:3d} ply {len(moves):3d}: judge {best:<6} ours {ours:<6} loss {loss:4d} "
                  f"(depth {player.info.depth}); peer {peer:<6} loss {peer_loss:4d}", flush=True)
    finally:
        engine.quit()
        peer_engine.quit()

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
