"""Computer opponents for any game of the engine contract.

Nothing here knows a game's rules: players see only ``legal_moves``,
``apply``, ``outcome`` and ``signature``.

* :class:`RandomPlayer`: a uniformly random legal move (seeded).
* :class:`AlphaBetaPlayer`: iterative-deepening negamax with alpha-beta
  pruning under a *node budget* (deterministic whatever the machine's load)
  and an optional time limit, a transposition table keyed by signature, and
  children ordered by the material they leave.  Its evaluation needs no
  game-specific code: piece values are *learned* from the game itself as the
  average number of moves a piece of each type has over random positions (the
  idea Zillions uses), plus a mobility term.
* :class:`MCTSPlayer`: UCT Monte-Carlo tree search with random playouts, for
  games where material means little.

Why the horizon looks the way it does: for a ZRF game the interpreter's move
generation (which also decides the outcome: checkmate needs "no legal move")
costs milliseconds, while applying a move and reading the material costs a
few tenths of one.  So a leaf is *generated once* (its outcome is then known
exactly, mates are never missed at the horizon), and its value is the
material after the side to move's best capture or promotion (a one-ply
quiescence step made of cheap applies) plus the mobility of the side to move.

Every player is deterministic for a given seed as long as no time limit cuts a
search short (the node budget and depth cap are counted, not timed).  With
more than two players the searchers play "paranoid": every other player is
treated as one opponent.
"""

from __future__ import annotations

import math
import random
import time
from collections import defaultdict
from dataclasses import dataclass, field

from .protocol import Game, Move, Outcome, State

WIN = 1_000_000.0
"""Score of a won position (minus the plies it takes, so faster wins score higher)."""

QUIESCENCE_TRIES = 24
"""At most this many capture/promotion moves are tried at a leaf (bounds the cost of a leaf)."""


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
        return state.random_move(self.rng)


def moving_type(move: Move) -> str | None:
    """The piece type a move's first part starts with (``"Pawn e2 - e4"`` -> ``"Pawn"``)."""
    tokens = move.parts[0].split() if move.parts else []
    if tokens[:1] == ["partial"]:
        tokens = tokens[2:]
    if len(tokens) >= 4 and tokens[2] in ("-", "x"):
        return tokens[0]
    return None


def is_forcing(move: Move) -> bool:
    """Does the notation show a capture (``x``) or a promotion (``=``)?  Tried first and at leaves."""
    text = move.notation
    return " x " in text or " = " in text


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


_LEARNED: dict[tuple[int, int], tuple[Game, dict[str, float]]] = {}


def piece_values_for(game: Game, seed: int = 0) -> dict[str, float]:
    """:func:`learn_piece_values`, remembered per game object and seed (learning costs seconds)."""
    key = (id(game), seed)
    hit = _LEARNED.get(key)
    if hit is not None and hit[0] is game:
        return hit[1]
    values = learn_piece_values(game, seed=seed)
    _LEARNED[key] = (game, values)
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


class _Stop(Exception):
    """The node budget or the time limit ran out inside an iteration."""


@dataclass
class SearchInfo:
    """What the last :meth:`AlphaBetaPlayer.choose` did (for benchmarks and the CLI)."""

    depth: int = 0
    nodes: int = 0
    score: float = 0.0
    seconds: float = 0.0


class AlphaBetaPlayer(Player):
    """Iterative-deepening alpha-beta with learned piece values; see the module docstring.

    * ``max_depth``: plies to search at most (default from ``strength``);
    * ``node_budget``: nodes (generated positions) one move may cost; the first
      ply is always searched whole, deeper iterations stop when it runs out
      (default from ``strength``);
    * ``time_limit``: seconds, an extra safety stop that may cut even the first
      ply short (``None``: none, fully reproducible);
    * ``strength`` 1..10: depth cap ``strength + 1`` and budget ``25 * 2**(strength - 1)``.
    """

    name = "alphabeta"

    def __init__(self, time_limit: float | None = None, max_depth: int | None = None,
                 seed: int = 0, strength: int = 5, mobility_weight: float = 0.1,
                 values: dict[str, float] | None = None, node_budget: int | None = None):
        self.time_limit = time_limit
        self.max_depth = max_depth if max_depth is not None else strength + 1
        self.node_budget = node_budget if node_budget is not None else 25 * 2 ** (strength - 1)
        self.rng = random.Random(seed)
        self.seed = seed
        self.mobility_weight = mobility_weight
        self.values = values
        self._milli: tuple | None = None
        self.table: dict = {}
        self.nodes = 0
        self.info = SearchInfo()
        self._deadline = math.inf
        self._limited = False

    # ------------------------------------------------------------------ evaluation

    def material(self, state: State, player: str) -> float:
        """Learned values of ``player``'s pieces (board and stores) minus everybody else's.

        Summed in integer thousandths: a signature is a set, and float sums in
        set order (which follows the per-process string hash seed) would break
        ties differently from run to run.
        """
        if self._milli is None or self._milli[0] is not self.values:
            self._milli = (self.values, {t: round(v * 1000) for t, v in (self.values or {}).items()})
        values = self._milli[1]
        sig = state.signature()
        score = 0
        for _, owner, ptype in sig.board:
            v = values.get(ptype, 1000)
            score += v if owner == player else -v
        for owner, ptype, n in sig.hands:
            v = values.get(ptype, 1000) * n
            score += v if owner == player else -v
        return score / 1000

    def evaluate(self, state: State, player: str) -> float:
        """Horizon value for ``player`` (the side to move): material after its best capture, plus mobility."""
        moves = state.legal_moves()
        base = self.material(state, player)
        gain = 0.0
        tries = 0
        for move in moves:
            if tries >= QUIESCENCE_TRIES:
                break
            if is_forcing(move):
                tries += 1
                gain = max(gain, self.material(state.apply(move), player) - base)
        mobility = self.mobility_weight * len(moves)
        return base + gain + (mobility if state.current_player == player else -mobility)

    # ------------------------------------------------------------------ search

    def _tick(self) -> None:
        self.nodes += 1
        if self._limited and self.nodes > self.node_budget:
            raise _Stop()
        if self.nodes & 7 == 0 and time.perf_counter() > self._deadline:
            raise _Stop()

    def _children(self, state: State, me: str, best: str | None) -> list[tuple[Move, State]]:
        """Successors, the remembered best first, then by the material they leave ``me`` (cheap)."""
        scored = []
        for move in state.legal_moves():
            child = state.apply(move)
            key = 0 if move.notation == best else 1
            scored.append((key, -self.material(child, me), self.rng.random(), move, child))
        scored.sort(key=lambda t: t[:3])
        return [(m, c) for _, _, _, m, c in scored]

    def _negamax(self, state: State, depth: int, alpha: float, beta: float, ply: int) -> float:
        self._tick()
        me = state.current_player
        outcome = state.outcome()
        if outcome is not None:
            return _score_outcome(outcome, me, ply)
        if depth <= 0:
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
        for move, child in self._children(state, me, entry.best if entry else None):
            if child.current_player == me:
                value = self._negamax(child, depth - 1, alpha, beta, ply + 1)
            else:
                value = -self._negamax(child, depth - 1, -beta, -alpha, ply + 1)
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
        started = time.perf_counter()
        self.nodes = 0
        if len(moves) == 1:
            self.info = SearchInfo(0, 0, 0.0, 0.0)
            return moves[0]
        if self.values is None:
            # a property of the game, not of this player: learned once with seed 0 and shared
            self.values = piece_values_for(state.game, 0)
        self._deadline = started + self.time_limit if self.time_limit else math.inf
        self.table.clear()
        me = state.current_player
        order = self._children(state, me, None)
        best, best_score, reached = order[0][0], -math.inf, 0
        for depth in range(1, self.max_depth + 1):
            self._limited = depth > 1  # the first ply is always searched whole
            scored: list[tuple[float, int, Move, State]] = []
            alpha = -math.inf
            try:
                for i, (move, child) in enumerate(order):
                    if child.current_player == me:
                        value = self._negamax(child, depth - 1, alpha, math.inf, 1)
                    else:
                        value = -self._negamax(child, depth - 1, -math.inf, -alpha, 1)
                    scored.append((value, i, move, child))
                    alpha = max(alpha, value)
            except _Stop:
                # keep the partial iteration only if it re-searched the previous best first
                # (or, cut short by the clock in the first ply, the best of the moves it saw)
                if scored and (scored[0][2] is best or depth == 1):
                    top = max(scored, key=lambda t: (t[0], -t[1]))
                    best, best_score = top[2], top[0]
                break
            scored.sort(key=lambda t: (-t[0], t[1]))
            best, best_score, reached = scored[0][2], scored[0][0], depth
            order = [(m, c) for _, _, m, c in scored]
            if best_score >= WIN - 1000 or best_score <= -WIN + 1000:
                break  # a forced result is known: deeper search cannot change the choice's value
        self._limited = False
        self.info = SearchInfo(reached, self.nodes, best_score, time.perf_counter() - started)
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
        for _ in range(self.iterations):
            if time.perf_counter() > deadline:
                break
            node, path = root, [root]
            while True:
                if node.state.outcome() is not None:
                    break
                if node.moves is None:
                    node.moves = list(node.state.legal_moves())
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
        if not root.children:
            return moves[0]
        best = max(root.children.values(), key=lambda mc: mc[1].visits)
        return best[0]


def make_player(kind: str, seed: int = 0, time_limit: float | None = None, strength: int = 5) -> Player:
    """A player by name: ``random``, ``ai`` / ``alphabeta`` or ``mcts``.

    ``strength`` (1..10) sets the alpha-beta depth cap and node budget, or the
    MCTS iteration count (``100 * strength``); ``time_limit`` caps the seconds
    per move on top of that.
    """
    if kind == "random":
        return RandomPlayer(seed)
    if kind in ("ai", "alphabeta"):
        return AlphaBetaPlayer(time_limit=time_limit, seed=seed, strength=strength)
    if kind == "mcts":
        return MCTSPlayer(iterations=100 * strength, time_limit=time_limit, seed=seed)
    raise ValueError(f"unknown player kind {kind!r} (random, ai, alphabeta, mcts)")


@dataclass
class MatchGame:
    """One finished game of :func:`play_match`: who played which side and how it ended."""

    index: int
    first_player_kind: str
    outcome: Outcome | None
    plies: int
    result: str  # "win", "draw" or "loss" for the player under test; a ply-limit stop is "draw"


def play_game(state: State, players: dict[str, Player], max_plies: int) -> tuple[Outcome | None, int]:
    """Play ``players`` (by player name) from ``state`` until the end or ``max_plies``; (outcome, plies)."""
    for ply in range(max_plies):
        outcome = state.outcome()
        if outcome is not None:
            return outcome, ply
        state = state.apply(players[state.current_player].choose(state))
    return state.outcome(), max_plies


def play_match(game: Game, make_tested, games: int, seed: int = 0, max_plies: int = 300,
               on_game=None) -> list[MatchGame]:
    """The player made by ``make_tested(seed)`` against :class:`RandomPlayer`, ``games`` games.

    The tested player takes each seat in turn (game ``i`` seats it at
    ``players[i % n]``); game ``i`` seeds it with ``seed + i`` and the random
    players with ``seed + 1000 * (k + 1) + i``.  A game stopped by the ply limit
    counts as a draw (not won).  ``on_game(MatchGame)`` is called after each game.
    """
    results = []
    n = len(game.players)
    for i in range(games):
        seat = game.players[i % n]
        players: dict[str, Player] = {}
        for k, name in enumerate(game.players):
            players[name] = make_tested(seed + i) if name == seat else RandomPlayer(seed + 1000 * (k + 1) + i)
        outcome, plies = play_game(game.initial_state(), players, max_plies)
        if outcome is None or outcome.draw or (seat not in outcome.winners and seat not in outcome.losers):
            result = "draw"
        else:
            result = "win" if seat in outcome.winners else "loss"
        record = MatchGame(i, seat, outcome, plies, result)
        results.append(record)
        if on_game is not None:
            on_game(record)
    return results
