"""Benchmark: our computer player on a ZRF against Fairy-Stockfish limited to ``go depth 1``.

    python benchmarks/versus_fairy_stockfish.py tests/games/chess.zrf --uci-variant chess \\
        [--games 20] [--first-game 0] [--seconds 2] [--clock wall|cpu] [--depth 1] [--max-plies 400] [--engine PATH]
        [--save DIR]

Our side is the alpha-beta player (runtime.players.alphabeta) on the ZRF, thinking
``--seconds`` per move by its clock (``--clock cpu``: processor seconds of
this process, so that other jobs on a shared machine do not shorten its thinking); Fairy-Stockfish (Debian package
``fairy-stockfish``: ``sudo apt-get install fairy-stockfish``, installed as
/usr/games/fairy-stockfish) plays the same game through its UCI protocol,
driven by python-chess's ``chess.engine``, with ``go depth D``.  Colours
alternate: our player is the ZRF's first player in even games.  The ZRF is the
referee: its legal moves and outcome decide the game, the engine is sent the
moves in UCI form from its start position (``position startpos moves ...``)
and its answer is matched to one of our legal moves.  A game is adjudicated a
draw at the third occurrence of a position or after ``--max-plies`` plies
(the ZRF has no such rule; both are counted and printed).

With ``--save DIR`` every game is kept as ``DIR/game-NN.zsg`` (a Zillions saved
game: ``zrf replay``, ``zrf play --load`` and the browser page's *Open a .zsg*
step through it) and its moves as the engine heard them, ``DIR/game-NN.uci``
(one line, for analysis with any UCI engine).

Prints one line per game (with the median, least and most depth our search completed),
then the score (wins + draws / 2) of our player,
the machine's load average at the start and the end, and the wall time.
Exit status 0 when the score reaches ``--need`` percent (default 50), 1 when
it does not, 2 when the engine is absent (the message says how to install it).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import chess.engine  # noqa: E402

from runtime.players.alphabeta import AlphaBetaPlayer  # noqa: E402
from runtime.players.clock import TimeControl  # noqa: E402
from runtime.loading.opening import load_game  # noqa: E402
from runtime.players.knowledge import knowledge_for, move_movements  # noqa: E402
from runtime.core.protocol import Move, State  # noqa: E402
from runtime.savedgames.saving import save  # noqa: E402

ENGINE_NAMES = ("fairy-stockfish", "/usr/games/fairy-stockfish")

PROMOTION_LETTERS = {"q": "Queen", "r": "Rook", "b": "Bishop", "n": "Knight"}
"""Fairy-Stockfish's promotion suffixes and the piece types of the chess ZRF."""

INSTALL = ("Fairy-Stockfish was not found ({where}): this benchmark needs it and did not run.  On Debian "
           "or Ubuntu: `sudo apt-get install fairy-stockfish` (installs /usr/games/fairy-stockfish); "
           "elsewhere pass --engine PATH to a Fairy-Stockfish binary.")


def find_engine(path: str | None) -> str | None:
    """The engine binary: ``path`` if given, else Fairy-Stockfish on PATH or in /usr/games."""
    for name in ([path] if path else ENGINE_NAMES):
        found = shutil.which(name)
        if found:
            return found
    return None


class BestMove(chess.engine.BaseCommand[str]):
    """One UCI exchange: set the variant, send the moves so far, ``go depth D``, read ``bestmove``.

    Written as a python-chess command because python-chess's own ``play``
    needs a ``chess.Board``, which cannot hold a xiangqi position.
    """

    def __init__(self, engine, variant: str, moves: list[str], depth: int, new_game: bool):
        super().__init__(engine)
        self.lines = []
        if new_game:
            self.lines.append(f"setoption name UCI_Variant value {variant}")
            self.lines.append("ucinewgame")
        self.lines.append("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.lines.append(f"go depth {depth}")

    def start(self) -> None:
        for line in self.lines:
            self._engine.send_line(line)

    def line_received(self, line: str) -> None:
        if line.startswith("bestmove"):
            parts = line.split()
            self.result.set_result(parts[1] if len(parts) > 1 else "(none)")
            self.set_finished()


def uci_of(move: Move) -> str:
    """UCI text of our move: the first movement's from and to cells, plus a promotion letter."""
    legs = move_movements(move)
    if not legs:
        raise ValueError(f"no movement in {move.notation!r}")
    _, start, end = legs[0]
    promoted = move.details[0].promotion
    if promoted is not None:
        letter = next((k for k, v in PROMOTION_LETTERS.items() if v == promoted), None)
        if letter:
            return start + end + letter
    return start + end


def move_of(state: State, uci: str) -> Move | None:
    """Our legal move written ``uci`` by the engine, or None when none matches."""
    for move in state.legal_moves():
        try:
            if uci_of(move) == uci:
                return move
        except ValueError:
            continue
    return None


@dataclass
class GameResult:
    """One game's end for our player, and the depth its search completed at each move it searched
    (a move that was its only one is not searched)."""

    result: str  # "win", "draw" or "loss"
    how: str
    plies: int
    depths: list[int] = field(default_factory=list)
    #: the moves played, and the same moves in UCI form as the engine heard them
    moves: list[Move] = field(default_factory=list)
    uci: list[str] = field(default_factory=list)


def play_one(game, engine, variant: str, ours: str, knowledge, args, index: int) -> GameResult:
    """One game of our player (``ours``) against the engine, refereed by the ZRF."""
    clock = TimeControl(per_move=args.seconds, cpu=args.clock == "cpu")
    player = AlphaBetaPlayer(clock=clock, node_budget=None, max_depth=64,
                             seed=index, knowledge=knowledge)
    state = game.initial_state()
    sent: list[str] = []
    seen: dict = {}
    depths: list[int] = []
    played: list[Move] = []
    asked = False  # the engine hears the variant and "ucinewgame" with its first question of a game
    for ply in range(args.max_plies):
        outcome = state.outcome()
        if outcome is not None:
            if outcome.draw:
                return GameResult("draw", outcome.rule, ply, depths, played, sent)
            return GameResult("win" if ours in outcome.winners else "loss", outcome.rule, ply, depths,
                              played, sent)
        key = state.signature()
        seen[key] = seen.get(key, 0) + 1
        if seen[key] >= 3:
            return GameResult("draw", "adjudicated: threefold repetition", ply, depths, played, sent)
        if state.current_player == ours:
            move = player.choose(state)
            if player.info.nodes:
                depths.append(player.info.depth)
        else:
            answer = engine.communicate(lambda p: BestMove(p, variant, sent, args.depth, not asked))
            asked = True
            move = move_of(state, answer)
            if move is None:
                return GameResult("draw", f"adjudicated: engine move {answer!r} is not legal in the ZRF", ply,
                                  depths, played, sent)
        sent.append(uci_of(move))
        played.append(move)
        state = state.apply(move)
    return GameResult("draw", f"adjudicated: {args.max_plies} plies", args.max_plies, depths, played, sent)


def save_game(folder: Path, index: int, game, spec: str, done: GameResult) -> Path:
    """Write one game as ``game-NN.zsg`` (both seats computers) and ``game-NN.uci``; the .zsg's path."""
    folder.mkdir(parents=True, exist_ok=True)
    zsg = folder / f"game-{index:02d}.zsg"
    save(str(zsg), game, spec, done.moves, seats="C" * len(game.players))
    (folder / f"game-{index:02d}.uci").write_text(" ".join(done.uci) + "\n", encoding="ascii")
    return zsg


def depth_range(depths: list[int]) -> str:
    """Median, least and most of the completed search depths, e.g. ``3 (2-5)``."""
    if not depths:
        return "-"
    d = sorted(depths)
    return f"{d[len(d) // 2]} ({d[0]}-{d[-1]})"


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
    ap.add_argument("--engine", default=None, help="Fairy-Stockfish binary (default: on PATH or /usr/games)")
    ap.add_argument("--need", type=float, default=50.0, help="score in percent for exit status 0")
    ap.add_argument("--save", type=Path, default=None, metavar="DIR",
                    help="keep every game as DIR/game-NN.zsg (saved game) and DIR/game-NN.uci (its UCI moves)")
    args = ap.parse_args()

    path = find_engine(args.engine)
    if path is None:
        print(INSTALL.format(where=args.engine or "not on PATH, not in /usr/games"), file=sys.stderr)
        return 2
    game = load_game(args.game, args.variant)
    started = time.perf_counter()
    load_start = os.getloadavg()
    knowledge = knowledge_for(game, 0)
    print(f"{game.name} vs {path} (UCI_Variant {args.uci_variant}, go depth {args.depth}); "
          f"our player {args.seconds:g} s per move ({args.clock} clock); learned values: "
          + ", ".join(f"{k}={v:.2f}" for k, v in sorted(knowledge.values.items(), key=lambda kv: kv[1])),
          flush=True)
    tally = {"win": 0, "draw": 0, "loss": 0}
    all_depths: list[int] = []
    engine = chess.engine.SimpleEngine.popen_uci(path)
    try:
        for i in range(args.first_game, args.first_game + args.games):
            ours = game.players[i % 2]
            done = play_one(game, engine, args.uci_variant, ours, knowledge, args, i)
            tally[done.result] += 1
            all_depths.extend(done.depths)
            kept = f"; saved as {save_game(args.save, i, game, args.game, done)}" if args.save else ""
            print(f"game {i:2d}: we play {ours:<6} {done.result:<4} after {done.plies:3d} plies ({done.how}); "
                  f"our search depth {depth_range(done.depths)}  [{time.perf_counter() - started:.0f}s]{kept}",
                  flush=True)
    finally:
        engine.quit()
    played = sum(tally.values())
    score = 100.0 * (tally["win"] + tally["draw"] / 2) / played if played else 0.0
    load_end = os.getloadavg()
    print(f"{game.name}: our player vs Fairy-Stockfish depth {args.depth}, {played} games: "
          f"wins {tally['win']} draws {tally['draw']} losses {tally['loss']}, score {score:.1f}%  "
          f"(load average {load_start[0]:.1f} at the start, {load_end[0]:.1f} at the end; "
          f"{time.perf_counter() - started:.0f}s); our search depth {depth_range(all_depths)}")
    return 0 if score >= args.need else 1


if __name__ == "__main__":
    sys.exit(main())
