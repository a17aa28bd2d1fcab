"""UCT Monte-Carlo tree search with random playouts, for games where material means little.

Each iteration walks down the tree by the UCT rule, adds one child, plays a
random game of at most ``rollout_plies`` from it and credits the result to
every node on the path (a draw or an unfinished playout counts one half).
The most visited root move is played.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from runtime.core.protocol import Move, Outcome, State
from runtime.players.clock import Deadline, TimeControl, moves_before
from runtime.players.player import Player


@dataclass
class _Node:
    state: State
    player: str  # who moved into this node (whose result it stores)
    moves: list[Move] | None = None
    children: dict = field(default_factory=dict)
    visits: int = 0
    wins: float = 0.0


class MCTSPlayer(Player):
    """UCT Monte-Carlo tree search with random playouts (``rollout_plies`` long).

    At most ``iterations`` a move, and at most what ``clock`` (a
    :class:`TimeControl`, e.g. on the processor clock) allows, else at most
    ``time_limit`` wall-clock seconds.
    """

    name = "mcts"

    def __init__(self, iterations: int = 400, time_limit: float | None = None, seed: int = 0,
                 rollout_plies: int = 60, exploration: float = 1.4, clock: TimeControl | None = None):
        self.iterations = iterations
        self.time_limit = time_limit
        self.clock = clock
        self.rng = random.Random(seed)
        self.rollout_plies = rollout_plies
        self.c = exploration

    def _rollout(self, state: State, deadline: Deadline) -> Outcome | None:
        """The outcome of a random game from ``state``; None when it is not over after
        ``rollout_plies``, or when the clock ran out in the middle of it."""
        for _ in range(self.rollout_plies):
            if state.outcome() is not None:
                break
            moves, whole = moves_before(state, deadline)
            if not whole:
                return None
            if not moves:
                break
            state = state.apply(self.rng.choice(moves))
        return state.outcome()

    def choose(self, state: State) -> Move:
        """The most visited root move.  The clock starts first and is read between the moves
        each position makes (a big board's position can take longer than a move may think)."""
        if self.clock is not None:
            deadline = self.clock.start()
        elif self.time_limit:
            deadline = Deadline.after(self.time_limit, self.time_limit)
        else:
            deadline = Deadline.none()
        moves, whole = moves_before(state, deadline, at_least=1)
        if not moves:
            raise ValueError("no legal moves")
        if len(moves) == 1 or not whole:  # the only move, or the time is up: the first move made
            return moves[0]
        root = _Node(state, "", list(moves))
        self.rng.shuffle(root.moves)
        for _ in range(self.iterations):
            if deadline.expired():
                break
            node, path = root, [root]
            while True:
                if node.state.outcome() is not None:
                    break
                if node.moves is None:
                    made, whole = moves_before(node.state, deadline)
                    if not whole:
                        break
                    node.moves = made
                    self.rng.shuffle(node.moves)
                untried = [m for m in node.moves if m.notation not in node.children]
                if untried:
                    move = untried[0]
                    child = _Node(node.state.apply(move), node.state.current_player)
                    node.children[move.notation] = (move, child)
                    node, path = child, path + [child]
                    break
                if not node.children:
                    break
                log_n = math.log(node.visits + 1)
                move, node = max(node.children.values(), key=lambda mc: (
                    mc[1].wins / (mc[1].visits or 1) + self.c * math.sqrt(log_n / (mc[1].visits or 1))))
                path.append(node)
            outcome = self._rollout(node.state, deadline)
            for n in path:
                n.visits += 1
                if outcome is None or outcome.draw:
                    n.wins += 0.5
                elif n.player in outcome.winners:
                    n.wins += 1.0
        if not root.children:
            return moves[0]
        best = max(root.children.values(), key=lambda mc: mc[1].visits)
        return best[0]
