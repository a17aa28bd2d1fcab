"""Computer opponents for any game of the engine contract.

Nothing here knows a game's rules: players see only ``legal_moves``,
``apply``, ``outcome`` and ``signature``.

* :class:`RandomPlayer`: a uniformly random legal move (seeded).
* :class:`AlphaBetaPlayer`: iterative-deepening negamax with alpha-beta
  pruning under a time limit, a transposition table keyed by signature and
  capture-first move ordering.  Its evaluation needs no game-specific code:
  piece values are *learned* from the game itself as the average number of
  moves a piece of each type has over random positions (the idea Zillions
  uses), plus a mobility term.
* :class:`MCTSPlayer`: UCT Monte-Carlo tree search with random playouts, for
  games where material means little.

Every player is deterministic for a given seed (the time limit aside: with
``max_depth``/``iterations`` set and no time limit, two runs choose the same).
With more than two players the searchers play "paranoid": every other player
is treated as one opponent.
"""

from __future__ import annotations

import math
import random
import time
from collections import defaultdict
from dataclasses import dataclass, field

from .protocol import Game, Move, Outcome, State

WIN = 1_000_000.0


class Player:
    """Chooses a move for the side to move."""

    name = "player"

    def choose(self, state: State) -> Move:
        raise NotImplementedError


class RandomPlayer(Player):
    """Uniformly random legal moves from a seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Move:
        moves = state.legal_moves()
        if not moves:
            raise ValueError("no legal moves")
        return self.rng.choice(moves)


def moving_type(move: Move) -> str | None:
    """The piece type a move's first part starts with (``"Pawn e2 - e4"`` -> ``"Pawn"``)."""
    tokens = move.parts[0].split() if move.parts else []
    if len(tokens) >= 4 and tokens[2] in ("-", "x"):
        return tokens[0]
    if len(tokens) >= 3 and tokens[0] == "partial" and len(tokens) >= 6:
        return tokens[2]
    return None


def learn_piece_values(game: Game, samples: int = 30, plies: int = 40, seed: int = 0) -> dict[str, float]:
    """Average mobility per piece type, over positions of seeded random games.

    A type that never moves in the samples gets the smallest value seen (at
    least 1), so that holding it still counts for something.
    """
    rng = random.Random(seed)
    moves_by_type: dict[str, int] = defaultdict(int)
    seen_by_type: dict[str, int] = defaultdict(int)
    for _ in range(samples):
        state = game.initial_state()
        for _ in range(rng.randrange(1, plies + 1)):
            if state.outcome() is not None:
                break
            moves = state.legal_moves()
            if not moves:
                break
            state = state.apply(rng.choice(moves))
        if state.outcome() is not None:
            continue
        mover = state.current_player
        for _, owner, ptype in state.signature().board:
            if owner == mover:
                seen_by_type[ptype] += 1
        for move in state.legal_moves():
            t = moving_type(move)
            if t is not None:
                moves_by_type[t] += 1
    values = {t: moves_by_type[t] / seen_by_type[t] for t in seen_by_type if seen_by_type[t]}
    floor = max(1.0, min([v for v in values.values() if v > 0], default=1.0))
    for t in list(getattr(game, "piece_types", ())) + list(values):
        if values.get(t, 0) <= 0:
            values[t] = floor
    return values


def _score_outcome(outcome: Outcome, player: str, ply: int) -> float:
    if outcome.draw:
        return 0.0
    if player in outcome.winners:
        return WIN - ply
    if player in outcome.losers:
        return -WIN + ply
    return 0.0


@dataclass
class _Entry:
    depth: int
    value: float
    flag: int  # 0 exact, 1 lower bound, 2 upper bound
    best: str | None


class _Timeout(Exception):
    pass


class AlphaBetaPlayer(Player):
    """Iterative-deepening alpha-beta with learned piece values; see the module docstring.

    ``strength`` 1..10 sets the default depth cap (strength + 1 plies) when no
    ``max_depth`` is given.
    """

    name = "alphabeta"

    def __init__(self, time_limit: float | None = 1.0, max_depth: int | None = None,
                 seed: int = 0, strength: int = 5, mobility_weight: float = 0.1,
                 values: dict[str, float] | None = None):
        self.time_limit = time_limit
        self.max_depth = max_depth if max_depth is not None else strength + 1
        self.rng = random.Random(seed)
        self.seed = seed
        self.mobility_weight = mobility_weight
        self.values = values
        self.table: dict = {}
        self.nodes = 0
        self._deadline = math.inf

    def evaluate(self, state: State, player: str) -> float:
        """Material (learned values) of ``player`` minus the others', plus mobility."""
        values = self.values or {}
        score = 0.0
        for _, owner, ptype in state.signature().board:
            v = values.get(ptype, 1.0)
            score += v if owner == player else -v
        if self.mobility_weight:
            mobility = len(state.legal_moves())
            score += self.mobility_weight * (mobility if state.current_player == player else -mobility)
        return score

    def _ordered(self, state: State, best: str | None) -> list[Move]:
        moves = state.legal_moves()
        keyed = []
        for m in moves:
            text = m.notation
            k = 0 if text == best else (1 if " x " in text or "=" in text else 2)
            keyed.append((k, self.rng.random(), m))
        keyed.sort(key=lambda t: (t[0], t[1]))
        return [m for _, _, m in keyed]

    def _negamax(self, state: State, depth: int, alpha: float, beta: float, ply: int) -> float:
        self.nodes += 1
        if self.nodes & 255 == 0 and time.perf_counter() > self._deadline:
            raise _Timeout()
        me = state.current_player
        outcome = state.outcome()
        if outcome is not None:
            return _score_outcome(outcome, me, ply)
        if depth == 0:
            return self.evaluate(state, me)
        key = state.signature()
        entry = self.table.get(key)
        if entry is not None and entry.depth >= depth:
            if entry.flag == 0:
                return entry.value
            if entry.flag == 1:
                alpha = max(alpha, entry.value)
            else:
                beta = min(beta, entry.value)
            if alpha >= beta:
                return entry.value
        alpha0 = alpha
        best_value, best_move = -math.inf, None
        for move in self._ordered(state, entry.best if entry else None):
            child = state.apply(move)
            same_side = child.current_player == me
            value = self._negamax(child, depth - 1, alpha, beta, ply + 1) if same_side else \
                -self._negamax(child, depth - 1, -beta, -alpha, ply + 1)
            if value > best_value:
                best_value, best_move = value, move.notation
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        flag = 0 if alpha0 < best_value < beta else (1 if best_value >= beta else 2)
        self.table[key] = _Entry(depth, best_value, flag, best_move)
        return best_value

    def choose(self, state: State) -> Move:
        moves = state.legal_moves()
        if not moves:
            raise ValueError("no legal moves")
        if len(moves) == 1:
            return moves[0]
        if self.values is None:
            self.values = learn_piece_values(state.game, seed=self.seed)
        self._deadline = time.perf_counter() + self.time_limit if self.time_limit else math.inf
        self.table.clear()
        best = moves[0]
        me = state.current_player
        for depth in range(1, self.max_depth + 1):
            try:
                scored = []
                alpha = -math.inf
                for move in self._ordered(state, best.notation):
                    child = state.apply(move)
                    value = self._negamax(child, depth - 1, -math.inf, math.inf, 1)
                    if child.current_player != me:
                        value = -value
                    scored.append((value, move))
                    alpha = max(alpha, value)
                top = max(v for v, _ in scored)
                best = next(m for v, m in scored if v == top)
                if top >= WIN - 1000:
                    break
            except _Timeout:
                break
        return best


@dataclass
class _Node:
    state: State
    player: str  # who moved into this node (whose result it stores)
    moves: list[Move] | None = None
    children: dict = field(default_factory=dict)
    visits: int = 0
    wins: float = 0.0


class MCTSPlayer(Player):
    """UCT Monte-Carlo tree search with random playouts (``rollout_plies`` long)."""

    name = "mcts"

    def __init__(self, iterations: int = 400, time_limit: float | None = None, seed: int = 0,
                 rollout_plies: int = 60, exploration: float = 1.4):
        self.iterations = iterations
        self.time_limit = time_limit
        self.rng = random.Random(seed)
        self.rollout_plies = rollout_plies
        self.c = exploration

    def _rollout(self, state: State) -> Outcome | None:
        for _ in range(self.rollout_plies):
            if state.outcome() is not None:
                break
            moves = state.legal_moves()
            if not moves:
                break
            state = state.apply(self.rng.choice(moves))
        return state.outcome()

    def choose(self, state: State) -> Move:
        moves = state.legal_moves()
        if not moves:
            raise ValueError("no legal moves")
        if len(moves) == 1:
            return moves[0]
        root = _Node(state, "")
        deadline = time.perf_counter() + self.time_limit if self.time_limit else math.inf
        for i in range(self.iterations):
            if time.perf_counter() > deadline:
                break
            node, path = root, [root]
            while True:
                if node.state.outcome() is not None:
                    break
                if node.moves is None:
                    node.moves = node.state.legal_moves()
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
            outcome = self._rollout(node.state)
            for n in path:
                n.visits += 1
                if outcome is None or outcome.draw:
                    n.wins += 0.5
                elif n.player in outcome.winners:
                    n.wins += 1.0
        best = max(root.children.values(), key=lambda mc: mc[1].visits)
        return best[0]


def make_player(kind: str, seed: int = 0, time_limit: float | None = 1.0, strength: int = 5) -> Player:
    """A player by name: ``random``, ``ai`` / ``alphabeta`` or ``mcts``."""
    if kind == "random":
        return RandomPlayer(seed)
    if kind in ("ai", "alphabeta"):
        return AlphaBetaPlayer(time_limit=time_limit, seed=seed, strength=strength)
    if kind == "mcts":
        return MCTSPlayer(iterations=100 * strength, time_limit=time_limit, seed=seed)
    raise ValueError(f"unknown player kind {kind!r} (random, ai, alphabeta, mcts)")
