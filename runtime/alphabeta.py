"""The alpha-beta computer player: iterative deepening, transpositions, move ordering, quiescence, clock.

Nothing here knows a game's rules; the player sees the engine contract and
the knowledge and goals the evaluator (:mod:`runtime.evaluation`) derives
from it.

* **Iterative deepening** searches 1, 2, 3 ... plies deep; each iteration
  starts with the previous one's best move and a finished iteration's choice
  is always ready to play.
* **Transposition table** keyed by :meth:`State.signature`: a position's value
  at a depth, whether it is exact or a bound, and its best move (tried first
  when the position comes back).
* **Move ordering**: the table's move, then captures and promotions by the
  material they win, then "killer" moves that refuted a sibling at the same
  depth, then the rest by their static value (goal progress shows there), or
  in wide nodes just above the horizon (more than ``ORDER_ALL_BY_VALUE``
  moves) by their history of causing cut-offs.
* **Quiescence**: at the horizon the side to move may stand on the static
  value or play a capture or promotion (a move that changes the material;
  the ``QUIESCENCE_TRIES`` largest gains), and after that first capture only
  the exchanges on the cell it landed on, at most ``QUIESCENCE_PLIES`` deep,
  so a position is not judged in the middle of an exchange.  Standing pat
  comes first, so a position whose static value is already outside the window
  costs no move generation.
* **Cost**: a *node* is one move generation (what costs in every engine; a
  ZRF generation also decides checkmate).  The *node budget* bounds them per
  move and makes play reproducible on any machine; the first iteration is
  always searched whole.  A :class:`~runtime.clock.TimeControl` adds a clock:
  no new iteration after the soft limit, stop at once at the hard limit.
* **Outcomes**: :meth:`State.quick_outcome` is asked at every position (cheap
  game ends such as goal squares are seen even at the horizon);
  :meth:`State.outcome` whenever moves are generated anyway.

A position the player has already had to move in during this game scores 0,
as a draw: no rule needs to say so for going round in circles to be no
progress (one player object per game).

Values are always from the searching player's side (maximising when it is
to move, minimising otherwise), so several players ("paranoid": all others
as one side) and turns of several moves by the same player need nothing
special.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from .clock import Deadline, TimeControl
from .evaluation import Evaluator, Weights
from .knowledge import GameKnowledge, knowledge_for, looks_tactical, move_movements
from .players import Player
from .protocol import Move, Outcome, State

WIN = 1_000_000.0
"""Score of a won position (minus the plies it takes, so faster wins score higher)."""

DECIDED = WIN - 10_000
"""Scores beyond this are forced results."""

QUIESCENCE_TRIES = 8
"""Captures/promotions tried per quiescence position, largest material gain first."""

QUIESCENCE_PLIES = 4
"""Quiescence goes at most this many plies past the horizon."""

ORDER_ALL_BY_VALUE = 64
"""Nodes with at most this many moves order every child by its static value (cheap next to generating)."""

TABLE_LIMIT = 500_000
"""Positions kept in the transposition table; it is emptied when it grows past this."""


def outcome_value(outcome: Outcome, player: str, ply: int) -> float:
    """``player``'s score of a finished game, ``ply`` plies from the root (quicker wins score more)."""
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
    """The node budget or the hard time limit ran out inside an iteration."""


@dataclass
class SearchInfo:
    """What the last :meth:`AlphaBetaPlayer.choose` did (for benchmarks and the CLI)."""

    depth: int = 0
    nodes: int = 0
    score: float = 0.0
    seconds: float = 0.0


class AlphaBetaPlayer(Player):
    """Iterative-deepening alpha-beta over the engine contract; see the module docstring.

    * ``max_depth``: plies to search at most (default ``strength + 1``);
    * ``node_budget``: move generations one move may cost beyond the first
      iteration (default ``25 * 2**(strength - 1)``; ``None`` with a clock:
      only the clock limits);
    * ``time_limit``: seconds per move (a :class:`TimeControl` with
      ``per_move``), or ``clock``: any :class:`TimeControl`; without either
      the search is reproducible for a seed;
    * ``knowledge``: learned piece values and steps (default: learned once per
      game with seed 0); ``weights``: evaluation weights.
    """

    name = "alphabeta"

    def __init__(self, time_limit: float | None = None, max_depth: int | None = None,
                 seed: int = 0, strength: int = 5, node_budget: int | None = -1,
                 knowledge: GameKnowledge | None = None, weights: Weights | None = None,
                 clock: TimeControl | None = None):
        self.clock = clock or (TimeControl(per_move=time_limit) if time_limit else None)
        self.max_depth = max_depth if max_depth is not None else strength + 1
        if node_budget == -1:
            node_budget = 25 * 2 ** (strength - 1)
        self.node_budget = node_budget
        self.rng = random.Random(seed)
        self.knowledge = knowledge
        self.weights = weights or Weights()
        self.evaluator: Evaluator | None = None
        self.table: dict = {}
        self.static: dict = {}
        self._signatures: dict = {}
        #: positions this player has had to move in, this game (a return to one is scored as a draw)
        self.played: set = set()
        self.killers: dict[int, list[str]] = {}
        self.history: dict[str, int] = {}
        self.nodes = 0
        self.info = SearchInfo()
        self._deadline = Deadline.none()
        self._limited = False
        self._root = ""

    # ------------------------------------------------------------------ evaluation

    def _setup(self, state: State) -> Evaluator:
        """The evaluator for ``state``'s game (built on the first move, or when the game changes)."""
        game = state.game
        if self.evaluator is None or self.evaluator.game is not game:
            # learned once per game with seed 0 and shared: a property of the game, not of this player
            knowledge = self.knowledge if self.knowledge is not None else knowledge_for(game, 0)
            self.evaluator = Evaluator(game, knowledge, self.weights)
            self.table.clear()
            self.static.clear()
            self.history.clear()
            self.played.clear()
        return self.evaluator

    def _signature(self, state: State):
        """``state.signature()``, computed once per state object during one move's search."""
        hit = self._signatures.get(id(state))
        if hit is None or hit[0] is not state:
            hit = self._signatures[id(state)] = (state, state.signature())
        return hit[1]

    def _static(self, state: State) -> float:
        """The evaluator's value of ``state`` for the searching player, remembered by signature."""
        key = self._signature(state)
        value = self.static.get(key)
        if value is None:
            value = self.static[key] = self.evaluator.value_of(key, self._root)
        return value

    def _material(self, state: State) -> float:
        return self.evaluator.material_of(self._signature(state), self._root)

    def _may_change_material(self, move: Move) -> bool:
        """Could ``move`` capture or promote?  Read from the notation when the game writes it there."""
        return not self.evaluator.knowledge.marked_captures or looks_tactical(move)

    # ------------------------------------------------------------------ search

    def _tick(self) -> None:
        self.nodes += 1
        if self._limited and self.node_budget is not None and self.nodes > self.node_budget:
            raise _Stop()
        if self._deadline.expired():
            raise _Stop()

    def _generate(self, state: State, ply: int) -> tuple[list[Move], float | None]:
        """Legal moves, and the game's value when the position turns out to be finished."""
        self._tick()
        moves = state.legal_moves()
        outcome = state.outcome()
        if outcome is not None:
            return [], outcome_value(outcome, self._root, ply)
        return moves, None

    def _children(self, state: State, moves: list[Move], maximising: bool, best: str | None,
                  ply: int, full: bool) -> list[tuple[Move, State]]:
        """Successors in search order (see the module docstring)."""
        base = self._material(state)
        killers = self.killers.get(ply, ())
        sign = 1.0 if maximising else -1.0
        scored = []
        for move in moves:
            child = state.apply(move)
            notation = move.notation
            gain = sign * (self._material(child) - base) if self._may_change_material(move) else 0.0
            if notation == best:
                key = (0, 0.0)
            elif gain > 0:
                key = (1, -gain)
            elif notation in killers:
                key = (2, 0.0)
            elif full:
                key = (3, -sign * self._static(child))
            else:
                key = (3, -self.history.get(notation, 0))
            scored.append((key, self.rng.random(), move, child))
        scored.sort(key=lambda t: (t[0], t[1]))
        return [(m, c) for _, _, m, c in scored]

    def _quiesce(self, state: State, alpha: float, beta: float, ply: int, qply: int,
                 target: str | None = None) -> float:
        quick = state.quick_outcome()
        if quick is not None:
            return outcome_value(quick, self._root, ply)
        maximising = state.current_player == self._root
        stand = self._static(state)
        if maximising and stand >= beta or not maximising and stand <= alpha or qply >= QUIESCENCE_PLIES:
            return stand
        moves, done = self._generate(state, ply)
        if done is not None:
            return done
        base = self._material(state)
        sign = 1.0 if maximising else -1.0
        tactical = []
        for move in moves:
            if not self._may_change_material(move):
                continue
            legs = move_movements(move)
            landing = legs[-1][2] if legs else None
            if target is not None and landing != target:
                continue  # past the first capture, only exchanges on the same cell
            child = state.apply(move)
            gain = sign * (self._material(child) - base)
            if gain > 0:
                tactical.append((-gain, self.rng.random(), child, landing))
        tactical.sort(key=lambda t: t[:2])
        best = stand
        for _, _, child, landing in tactical[:QUIESCENCE_TRIES]:
            value = self._quiesce(child, alpha, beta, ply + 1, qply + 1, landing)
            if maximising:
                if value > best:
                    best = value
                alpha = max(alpha, value)
            else:
                if value < best:
                    best = value
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    def _search(self, state: State, depth: int, alpha: float, beta: float, ply: int) -> float:
        quick = state.quick_outcome()
        if quick is not None:
            return outcome_value(quick, self._root, ply)
        key = self._signature(state)
        if key in self.played:
            return 0.0  # back to a position of this game: no progress, scored as a draw
        if depth <= 0:
            return self._quiesce(state, alpha, beta, ply, 0)
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
        moves, done = self._generate(state, ply)
        if done is not None:
            return done
        maximising = state.current_player == self._root
        alpha0, beta0 = alpha, beta
        best_value = -math.inf if maximising else math.inf
        best_move = None
        for move, child in self._children(state, moves, maximising, entry.best if entry else None,
                                          ply, depth >= 2 or len(moves) <= ORDER_ALL_BY_VALUE):
            value = self._search(child, depth - 1, alpha, beta, ply + 1)
            if maximising and value > best_value or not maximising and value < best_value:
                best_value, best_move = value, move.notation
            if maximising:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                self._cutoff(move.notation, ply, depth)
                break
        if best_value >= beta0:
            flag = 1
        elif best_value <= alpha0:
            flag = 2
        else:
            flag = 0
        if len(self.table) > TABLE_LIMIT:
            self.table.clear()
        self.table[key] = _Entry(depth, best_value, flag, best_move)
        return best_value

    def _cutoff(self, notation: str, ply: int, depth: int) -> None:
        """Remember a move that refuted its siblings: a killer at this ply, and its history."""
        killers = self.killers.setdefault(ply, [])
        if notation not in killers:
            killers.insert(0, notation)
            del killers[2:]
        self.history[notation] = self.history.get(notation, 0) + depth * depth

    # ------------------------------------------------------------------ the root

    def choose(self, state: State, clock: TimeControl | None = None) -> Move:
        """The move to play; ``clock`` overrides the player's own time control for this move."""
        moves = state.legal_moves()
        if not moves:
            raise ValueError("no legal moves")
        if len(moves) == 1:
            self.info = SearchInfo(0, 0, 0.0, 0.0)
            return moves[0]
        self._setup(state)
        control = clock or self.clock
        self._deadline = control.start() if control else Deadline.none()
        self._root = state.current_player
        self.played.add(state.signature())
        self.nodes = 0
        self.killers.clear()
        self._signatures.clear()
        if len(self.static) > TABLE_LIMIT:
            self.static.clear()
        order = self._children(state, moves, True, None, 0, True)
        best, best_score, reached = order[0][0], self._static(order[0][1]), 0
        for depth in range(1, self.max_depth + 1):
            if depth > 1 and not self._deadline.may_deepen():
                break
            self._limited = depth > 1
            scored: list[tuple[float, int, Move, State]] = []
            alpha = -math.inf
            try:
                for i, (move, child) in enumerate(order):
                    value = self._search(child, depth - 1, alpha, math.inf, 1)
                    scored.append((value, i, move, child))
                    alpha = max(alpha, value)
            except _Stop:
                # A cut iteration searched the previous best first (exactly, at the new depth); any
                # later move scored above it is a real improvement, the others are upper bounds.
                # Cut inside the first iteration, the best of the moves seen is all there is.
                if scored:
                    top = max(scored, key=lambda t: (t[0], -t[1]))
                    best, best_score = top[2], top[0]
                break
            scored.sort(key=lambda t: (-t[0], t[1]))
            best, best_score, reached = scored[0][2], scored[0][0], depth
            order = [(m, c) for _, _, m, c in scored]
            if abs(best_score) >= DECIDED:
                break  # a forced result is known: deeper search cannot change the choice's value
        self._limited = False
        self._signatures.clear()
        self.info = SearchInfo(reached, self.nodes, best_score, self._deadline.elapsed())
        return best
