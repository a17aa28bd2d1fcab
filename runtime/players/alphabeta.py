"""The alpha-beta computer player: iterative deepening, transpositions, move ordering, quiescence, clock.

Nothing here knows a game's rules; the player sees the engine contract and
the knowledge and goals the evaluator (:mod:`runtime.players.evaluation`) derives
from it.

* **Iterative deepening** searches 1, 2, 3 ... plies deep; each iteration
  starts with the previous one's best move and a finished iteration's choice
  is always ready to play.
* **Transposition table** keyed by :meth:`State.signature`: a position's value
  at a depth, whether it is exact or a bound, and its best move (tried first
  when the position comes back).
* **Move ordering**: the table's move first; then, in nodes with
  ``ORDER_BY_VALUE_FROM_DEPTH`` plies or more left, by static value, which
  shows material won and goal progress alike; nearer the horizon (most
  nodes, where a cut-off after the first move or two is the rule and valuing
  every child would mostly be wasted) captures and promotions by the
  material they win (of two that win the same, the one made with the
  cheaper piece first), then "killer" moves that refuted a sibling at the same
  depth, then moves by their history of causing cut-offs.
* **Tree kept between iterations**: the successor states made during one
  move's search are kept (up to ``TREE_LIMIT``), so a deeper iteration finds
  their legal moves already generated instead of generating them again.
* **Principal variation search**: after a node's first move, each other move
  is first searched with a null window (is it better than the best so far?)
  and only searched properly when it is; quiet moves late in the order of a
  deep node are first searched one ply shallower (late move reduction).
* **Quiescence**: at the horizon the side to move may stand on the static
  value or play a capture or promotion (a move that changes the material;
  the ``QUIESCENCE_TRIES`` largest gains, in the order above), and after that
  first capture only the exchanges on the cell it landed on, at most
  ``QUIESCENCE_PLIES`` deep, so a position is not judged in the middle of an
  exchange.  A capture that loses the exchange (a piece worth more than it
  wins, where the reply may take it back: ``LOSING_CAPTURE_MARGIN``) is not
  followed.  Standing pat
  comes first, so a position whose static value is already outside the window
  costs no move generation; when the game's moves say whether they change
  material, only those moves are made (:meth:`State.material_moves`), and an
  exchange's position where no move can end on its cell
  (:meth:`State.may_land_on`) makes none, only its outcome is asked.
* **Cost**: a *node* is one move generation (what costs in every engine; a
  ZRF generation also decides checkmate), and every ``EVALUATIONS_PER_NODE``
  static evaluations count as one more.  The *node budget* bounds them per
  move, beyond the static values of the root's own moves, and makes play
  reproducible on any machine.  A
  :class:`~runtime.players.clock.TimeControl` adds a clock: no new iteration after
  the soft limit, stop at once at the hard limit.  Whatever stops the search,
  the root's moves were first ordered by their static value and are searched
  in that order, so a search cut inside its first iteration still plays the
  best move it has looked at.
* **Check extension**: a position at the horizon whose side to move is in
  check (:meth:`State.in_check`, from the game's ``checkmated`` goals) is
  searched one ply more instead of judged by quiescence, so a checkmate or
  a lost piece one reply away is seen, not stood on; the extensions of one
  line stop at ``CHECK_EXTENSION_PLIES`` plies past the iteration's depth.
* **Choice noise** (the lowest levels of the strength scale,
  :mod:`runtime.players.strength_scale`): the root searches every move
  whose value may lie within the noise of the best so far exactly (its window
  is widened by the noise), and the move played maximises value + noise, drawn
  from the player's seeded generator; a move valued more than the noise below
  the best, and a move the search only bounded, never wins the draw, and a
  forced win is always played (:meth:`AlphaBetaPlayer._pick`).
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

import enum
import math
import operator
import random
from dataclasses import dataclass

from runtime.core.protocol import Move, Outcome, Signature, State
from runtime.players.clock import Deadline, TimeControl, moves_before
from runtime.players.evaluation import Evaluator, Weights
from runtime.players.knowledge import GameKnowledge, KnowledgeCache, move_movements
from runtime.players.player import Player
from runtime.jobs.collector_scope import CollectorScope
from runtime.players.strength_scale import DEFAULT_LEVEL, strength_level

WIN = 1_000_000.0
"""Score of a won position (minus the plies it takes, so faster wins score higher)."""

DECIDED = WIN - 10_000
"""Scores beyond this are forced results."""

QUIESCENCE_TRIES = 8
"""Captures/promotions tried per quiescence position, largest material gain first."""

QUIESCENCE_PLIES = 4
"""Quiescence goes at most this many plies past the horizon."""

CHECK_EXTENSION_PLIES = 4
"""A line is extended for checks at most this many plies past the iteration's depth."""

NULL_WINDOW = 1e-6
"""Width of the window that only asks "is this move better than the best so far?"."""

REDUCE_FROM_DEPTH = 2
REDUCE_AFTER_MOVES = 3
"""Quiet moves ordered after the first few, in nodes this deep or deeper, are first searched one ply less
(from two plies left, a late quiet move is first judged by quiescence alone, and searched properly only
when that beats the best so far).  Measured on eight chess positions searched 4 plies deep: 17 s of
processor time from two plies, 39 s from three, the same moves chosen."""

ORDER_BY_VALUE_FROM_DEPTH = 4
"""Nodes with this many plies or more left order every child by its static value (the root's moves are
always ordered so).  A child valued only for the order is mostly wasted: after a cut-off its siblings are
never searched.  Measured on eight chess positions searched 4 plies deep without a budget (the same
moves and scores chosen): from 4 plies, 2.04 s of processor time and 8,144 nodes; from 3 plies,
2.29 s and 8,154 nodes (xiangqi: 2.94 s and 15,011 nodes against 3.44 s and 15,749, one move of eight
another); earlier, from 2 plies, 58 s against 52 s from 3."""

FUTILITY_DEPTH = 2
FUTILITY_MARGIN = 0.4
"""Futility pruning, in games whose evaluation has no goal-progress term (a quiet move's change of value
is then small): with at most ``FUTILITY_DEPTH`` plies left, a side to move (not in check) whose static
value beats the window by ``FUTILITY_MARGIN`` average piece values a ply is not searched further; one
ply from the horizon, a side whose static value is that far below it searches only its captures and
promotions, moves that end the game and moves that give check.  Measured on eight chess positions
searched 4 plies deep (the same moves chosen): 40 s of processor time with the margin 0.4, 52 s
without pruning, 35 s with 0.25."""

LOSING_CAPTURE_MARGIN = 0.4
"""Quiescence does not follow a capture whose piece is worth this many average piece values more than
the material it wins, when the reply may take it back where it lands (a queen taking a guarded rook):
the exchange loses, and its side may stand pat instead.  Measured on eight chess positions searched
5 plies deep: 27,292 nodes against 42,911 following every capture."""

KEEP_TREE_MOVES = 64
"""The successor states are kept between iterations only in games whose positions average at most
this many moves (wide ones would fill memory)."""

TABLE_LIMIT = 50_000
"""Positions kept in the transposition table and in the static-value memo; each is emptied past this."""

TREE_LIMIT = 4_000
"""Successor states kept during one move's search, so a deeper iteration does not generate their moves again
(only in games whose positions average at most ``KEEP_TREE_MOVES`` moves)."""

EVALUATIONS_PER_NODE = 16
"""Static evaluations that count as one node of the budget (a generation costs about that many)."""

LEARNING_SHARE = 0.5
"""Of a move's time, the part learning the game may take while it is not complete (the search has the
rest; without a clock learning is always completed first)."""


def outcome_value(outcome: Outcome, player: str, ply: int) -> float:
    """``player``'s score of a finished game, ``ply`` plies from the root (quicker wins score more)."""
    if outcome.draw:
        return 0.0
    if player in outcome.winners:
        return WIN - ply
    if player in outcome.losers:
        return -WIN + ply
    return 0.0


_ORDER = operator.itemgetter(0, 1)
"""The sort key of the search's lists of moves: their order's key, then a random tie-break."""


def _landing(move: Move) -> str | None:
    """The cell where ``move``'s last movement lands (None for a move that moves no piece)."""
    legs = move_movements(move)
    return legs[-1][2] if legs else None


class _Unread(enum.Enum):
    """A :class:`_Capture` field not read yet."""

    UNREAD = "unread"


@dataclass(frozen=True, slots=True)
class _Child:
    """A capture's child position, its signature and the material the mover gains by it."""

    state: State
    sig: Signature
    gain: float


class _Capture:
    """A quiescence position's move that may change material, and what the search read of it: its
    child (made when first needed), the cell where it lands and the child's quick outcome (read
    when first needed).  A position quiesced again reads them here
    (:meth:`AlphaBetaPlayer._captures_of`)."""

    __slots__ = ("_landing", "_quick", "child", "move")

    def __init__(self, move: Move):
        self.move = move
        self.child: _Child | None = None
        self._landing: str | None | _Unread = _Unread.UNREAD
        self._quick: Outcome | None | _Unread = _Unread.UNREAD

    def landing(self) -> str | None:
        """Where the move's last movement lands (:func:`_landing`, which builds the move's details)."""
        landing = self._landing
        if landing is _Unread.UNREAD:
            landing = self._landing = _landing(self.move)
        return landing

    def quick_outcome(self, child: State) -> Outcome | None:
        """The quick outcome of ``child``, this move's child position."""
        quick = self._quick
        if quick is _Unread.UNREAD:
            quick = self._quick = child.quick_outcome()
        return quick


class Bound(enum.Enum):
    """What a table entry's value is: the position's value, or a bound on it (the search was cut)."""

    EXACT = "exact"
    #: the value is at least this (a move beat beta: the rest were not searched)
    LOWER = "lower bound"
    #: the value is at most this (no move reached alpha)
    UPPER = "upper bound"


@dataclass
class _Entry:
    depth: int
    value: float
    bound: Bound
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
    positions: int = 0
    """Positions the search entered (every call of the search and of quiescence, a table hit
    included): the node most chess engines count (sunfish's ``bound()`` calls, a UCI ``info nodes``),
    not the budget's node (:attr:`nodes`)."""


class AlphaBetaPlayer(Player):
    """Iterative-deepening alpha-beta over the engine contract; see the module docstring.

    * ``choice_noise``: the root's noise in average piece values (default:
      the ``strength`` level's; 0 plays the best move);
    * ``max_depth``: plies to search at most (default: the ``strength``
      level's depth cap, :mod:`runtime.players.strength_scale`);
    * ``node_budget``: nodes (move generations, and evaluations by sixteens)
      one move may cost (default: the ``strength`` level's budget; ``None``:
      only the clock limits);
    * ``time_limit``: seconds per move (a :class:`TimeControl` with
      ``per_move``), or ``clock``: any :class:`TimeControl`; without either
      the search is reproducible for a seed;
    * ``knowledge``: learned piece values and steps; else ``knowledge_cache``
      (:class:`KnowledgeCache`, shared by the players of one command or
      server) gives them, else the player learns them itself, once per game,
      with seed 0; ``weights``: evaluation weights.
    """

    # the player's state as slots, not a dictionary: the search reads its attributes at every node, and
    # an instance dictionary of more than 30 keys (CPython's shared-key limit) makes every read slower
    __slots__ = ("_captures", "_deadline", "_evaluations", "_extend_until", "_keep_tree", "_learned",
                 "_losing_margin", "_margin", "_noise", "_positions", "_prune", "_root", "_root_values", "_tree",
                 "choice_noise", "clock", "collector", "evaluator", "history", "info", "killers", "knowledge",
                 "knowledge_cache", "max_depth", "node_budget", "nodes", "played", "rng", "static", "table",
                 "weights")

    name = "alphabeta"

    def __init__(self, time_limit: float | None = None, max_depth: int | None = None,
                 seed: int = 0, strength: int = DEFAULT_LEVEL, node_budget: int | None = -1,
                 knowledge: GameKnowledge | None = None, weights: Weights | None = None,
                 clock: TimeControl | None = None, knowledge_cache: KnowledgeCache | None = None,
                 choice_noise: float | None = None):
        self.clock = clock or (TimeControl(per_move=time_limit) if time_limit else None)
        level = strength_level(strength)
        self.max_depth = max_depth if max_depth is not None else level.max_depth
        self.node_budget = level.nodes if node_budget == -1 else node_budget
        self.choice_noise = level.choice_noise if choice_noise is None else choice_noise
        if not (self.choice_noise >= 0 and math.isfinite(self.choice_noise)):
            raise ValueError(f"choice noise is a finite number of piece values, at least 0, not {choice_noise}")
        #: the choice noise in the evaluation's units (set with the evaluator)
        self._noise = 0.0
        self.rng = random.Random(seed)
        self.knowledge = knowledge
        self.knowledge_cache = knowledge_cache if knowledge_cache is not None else KnowledgeCache(capacity=1)
        self.weights = weights or Weights()
        self.evaluator: Evaluator | None = None
        self.table: dict = {}
        self.static: dict = {}
        #: static values of the root's children, made by :meth:`_root_order` outside the node budget and
        #: taken by :meth:`_static` when the search first asks for one (counted there, as if made then)
        self._root_values: dict = {}
        #: positions this player has had to move in, this game (a return to one is scored as a draw)
        self.played: set = set()
        self._tree: dict = {}
        #: id of a quiescence position -> (the position, its captures, its outcome) (:meth:`_captures_of`)
        self._captures: dict[int, tuple[State, list[_Capture], Outcome | None]] = {}
        self._keep_tree = False
        self.killers: dict[int, list[str]] = {}
        self.history: dict[str, int] = {}
        self.nodes = 0
        self._evaluations = 0
        self._positions = 0
        self.info = SearchInfo()
        self._deadline = Deadline.none()
        self._root = ""
        #: plies from the root past which a check at the horizon is not extended
        self._extend_until = 0
        self._prune = False
        self._margin = 0.0
        self._losing_margin = 0.0
        #: the game's learning is complete (else it goes on during the next move)
        self._learned = False
        #: the cyclic garbage collector's settings while this player searches
        self.collector = CollectorScope("a search")

    # ------------------------------------------------------------------ evaluation

    def _setup(self, state: State) -> Evaluator:
        """The evaluator for ``state``'s game (built on the first move, when the game changes, and
        while the game is still being learned).

        Learning goes on while the move's clock allows, at most half its time
        (:data:`LEARNING_SHARE`), and on during later moves until complete
        (:meth:`runtime.players.knowledge.KnowledgeCache.knowledge_by`): a move honours its time even
        on a board whose one position takes longer to learn from.
        """
        game = state.game
        if self.evaluator is None or self.evaluator.game is not game or not self._learned:
            # learned once per game with seed 0: a property of the game, shared through the cache the
            # player's owner gave it (else kept by this player alone)
            if self.knowledge is not None:
                knowledge, self._learned = self.knowledge, True
            else:
                knowledge, self._learned = self.knowledge_cache.knowledge_by(
                    game, self._deadline.share(LEARNING_SHARE), 0)
            if self.evaluator is not None and self.evaluator.game is game and self.evaluator.knowledge is knowledge:
                return self.evaluator  # nothing new was learned during this move
            if self.evaluator is None or self.evaluator.game is not game:
                self.played.clear()
            self.evaluator = Evaluator(game, knowledge, self.weights)
            # goal progress can change a value by more than any margin with one quiet move
            self._prune = FUTILITY_MARGIN > 0 and not self.evaluator.scored_goals
            self._margin = FUTILITY_MARGIN * self.evaluator.scale
            self._losing_margin = LOSING_CAPTURE_MARGIN * self.evaluator.scale
            self._noise = self.choice_noise * self.evaluator.scale
            self.table.clear()
            self.static.clear()
            self.history.clear()
        return self.evaluator

    def _static(self, sig) -> float:
        """The evaluator's value of the position ``sig`` for the searching player, remembered."""
        value = self.static.get(sig)
        if value is None:
            self._evaluations += 1
            if self._evaluations % EVALUATIONS_PER_NODE == 0:
                self._tick()
            if len(self.static) > TABLE_LIMIT:
                self.static.clear()
            value = self._root_values.pop(sig, None)
            if value is None:
                value = self.evaluator.value_of(sig, self._root)
            self.static[sig] = value
        return value

    def _gains(self, sig, sign: float):
        """A function giving the material a child position (by its signature) gains over ``sig``
        for the side whose ``sign`` is given (1 maximising, -1 minimising): the child's material
        minus the parent's, each in the evaluator's units, worked out from the pieces that differ."""
        evaluator, root = self.evaluator, self._root
        milli = evaluator.material_milli(sig, root)
        base = milli / 1000
        change = evaluator.material_change

        def gain(csig) -> float:
            return sign * ((milli + change(sig, csig, root)) / 1000 - base)
        return gain

    def _mover_value(self, move: Move) -> float:
        """The learned value of the piece ``move`` moves first (0 for a drop): of two captures that win
        the same material, the one made with the cheaper piece is tried first, as it risks less."""
        legs = move.movements()
        return self.evaluator.knowledge.values.get(legs[0][0], 0.0) if legs else 0.0

    def _losing(self, child: _Child, mover_value: float, landing: str | None) -> bool:
        """Is the capture to ``child``, made with a piece of ``mover_value``, an exchange quiescence need
        not follow: a piece worth more than it wins by ``LOSING_CAPTURE_MARGIN`` average piece values,
        landing where the reply may take it (:meth:`State.may_take_back`; a game that does not answer
        it has every exchange followed)?"""
        return (landing is not None and child.gain + self._losing_margin < mover_value
                and child.state.may_take_back(landing))

    def _may_change_material(self, move: Move) -> bool:
        """Could ``move`` capture or promote?  Read from its data when the game's moves say so."""
        return not self.evaluator.knowledge.marked_captures or move.changes_material()

    # ------------------------------------------------------------------ search

    def _tick(self) -> None:
        self.nodes += 1
        if self.node_budget is not None and self.nodes > self.node_budget:
            raise _Stop()
        if self._deadline.expired():
            raise _Stop()

    def _generate(self, state: State, material_only: bool = False) -> tuple[list[Move], Outcome | None]:
        """Legal moves (``material_only``: those that change material), and the game's
        outcome when the position turns out to be finished (then no moves).  The clock is
        read between moves (one position of a big board takes longer than a move may think)."""
        self._tick()
        if material_only:
            outcome = state.outcome()
            moves = state.material_moves() if outcome is None else []
        else:
            moves, whole = moves_before(state, self._deadline)
            if not whole:
                raise _Stop()
            outcome = state.outcome()
        if outcome is not None:
            return [], outcome
        return moves, None

    def _captures_of(self, state: State) -> tuple[list[_Capture], Outcome | None]:
        """A quiescence position's moves that may change material (:class:`_Capture`), or its
        outcome when it is finished; one node of the budget.

        Only moves that change material are followed in quiescence; when the game's moves say
        which those are, the others are not even made.  Where the tree is kept, what a position's
        captures showed is kept with it (up to ``TREE_LIMIT`` positions), so a position quiesced
        again (a re-search with a wider window, the next iteration) is not generated again.  It
        still counts as a node, as a kept position's full generation does: the budget buys the
        same search either way.
        """
        key = id(state)
        hit = self._captures.get(key)
        if hit is not None and hit[0] is state:
            self._tick()
            return hit[1], hit[2]
        moves, outcome = self._generate(state, self.evaluator.knowledge.marked_captures)
        captures = [_Capture(move) for move in moves if self._may_change_material(move)]
        if self._keep_tree and len(self._captures) < TREE_LIMIT:
            self._captures[key] = (state, captures, outcome)
        return captures, outcome

    def _child(self, state: State, move: Move) -> State:
        """``state.apply(move)``, the same object again when this move's search already made it."""
        if not self._keep_tree:
            return state.apply(move)
        key = (id(state), move.notation)
        hit = self._tree.get(key)
        if hit is not None and hit[0] is state:
            return hit[1]
        child = state.apply(move)
        if len(self._tree) < TREE_LIMIT:
            self._tree[key] = (state, child)
        return child

    def _children(self, state: State, sig, moves: list[Move], maximising: bool, best: str | None,
                  ply: int, by_value: bool) -> list[tuple[Move, State | None, object]]:
        """(move, child, child signature) in search order (see the module docstring).

        Where the order comes from the moves' data (``by_value`` false), a move that cannot
        change material is not applied here (child and signature None): a cut-off after the
        first move or two is the rule there, and its search makes the child when it reaches it.
        """
        sign = 1.0 if maximising else -1.0
        scored: list[tuple[tuple[int, float], float, Move, State | None, Signature | None]] = []
        if by_value:
            for move in moves:
                child = self._child(state, move)
                csig = child.signature()
                key = (0, 0.0) if move.notation == best else (1, -sign * self._static(csig))
                scored.append((key, self.rng.random(), move, child, csig))
        else:
            gain_of = self._gains(sig, sign)
            killers = self.killers.get(ply, ())
            for move in moves:
                notation = move.notation
                lazy: State | None = None
                csig = None
                gain = 0.0
                if self._may_change_material(move):
                    lazy = self._child(state, move)
                    csig = lazy.signature()
                    gain = gain_of(csig)
                if notation == best:
                    key = (0, 0.0)
                elif gain > 0:
                    key = (1, -gain, self._mover_value(move))
                elif notation in killers:
                    key = (2, 0.0)
                else:
                    key = (3, -self.history.get(notation, 0))
                scored.append((key, self.rng.random(), move, lazy, csig))
        scored.sort(key=_ORDER)
        return [(m, c, cs) for _, _, m, c, cs in scored]

    def _quiesce(self, state: State, sig, alpha: float, beta: float, ply: int, qply: int,
                 target: str | None = None) -> float:
        self._positions += 1
        maximising = state.current_player == self._root
        stand = self._static(sig)
        if maximising and stand >= beta or not maximising and stand <= alpha or qply >= QUIESCENCE_PLIES:
            return stand
        if target is not None and not state.may_land_on(target):
            # no move answers on the exchange's cell: only whether the game is over is asked, and
            # the node counts as the generation it replaces, so a budget buys the same search
            self._tick()
            outcome = state.outcome()
            return stand if outcome is None else outcome_value(outcome, self._root, ply)
        captures, outcome = self._captures_of(state)
        if outcome is not None:
            return outcome_value(outcome, self._root, ply)
        gain_of = None
        tactical: list[tuple[float, float, _Capture, _Child]] = []
        for capture in captures:
            if target is not None and capture.landing() != target:
                continue  # past the first capture, only exchanges on the same cell
            child = capture.child
            if child is None:
                if gain_of is None:
                    gain_of = self._gains(sig, 1.0 if maximising else -1.0)
                made = self._child(state, capture.move)
                csig = made.signature()
                child = capture.child = _Child(made, csig, gain_of(csig))
            if child.gain > 0:
                tactical.append(((-child.gain, self._mover_value(capture.move)), self.rng.random(), capture, child))
        tactical.sort(key=_ORDER)
        best = stand
        for (_, mover_value), _, capture, child in tactical[:QUIESCENCE_TRIES]:
            quick = capture.quick_outcome(child.state)
            if quick is not None:
                value = outcome_value(quick, self._root, ply + 1)
            else:
                # the landing cell is read only for the captures searched (reading it builds the move's details)
                landing = target if target is not None else capture.landing()
                if self._losing(child, mover_value, landing):
                    continue
                value = self._quiesce(child.state, child.sig, alpha, beta, ply + 1, qply + 1, landing)
            if maximising:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    def _search(self, state: State, sig, depth: int, alpha: float, beta: float, ply: int) -> float:
        self._positions += 1
        quick = state.quick_outcome()
        if quick is not None:
            return outcome_value(quick, self._root, ply)
        if sig is None:
            sig = state.signature()
        if sig in self.played:
            return 0.0  # back to a position of this game: no progress, scored as a draw
        if depth <= 0:
            if ply >= self._extend_until or not state.in_check():
                return self._quiesce(state, sig, alpha, beta, ply, 0)
            depth = 1  # in check at the horizon: every reply is searched (check extension)
        entry = self.table.get(sig)
        if entry is not None and entry.depth >= depth:
            if entry.bound is Bound.EXACT:
                return entry.value
            if entry.bound is Bound.LOWER:
                alpha = max(alpha, entry.value)
            else:
                beta = min(beta, entry.value)
            if alpha >= beta:
                return entry.value
        maximising = state.current_player == self._root
        futile = None  # the static value, when a quiet move here cannot reach the window (futility)
        if depth <= FUTILITY_DEPTH and self._prune:
            stand = self._static(sig)
            margin = self._margin * depth
            if (stand - margin >= beta if maximising else stand + margin <= alpha) and not state.in_check():
                return stand  # so good for the side to move that no reply is worth generating
            if depth == 1 and (stand + margin <= alpha if maximising else stand - margin >= beta) \
                    and not state.in_check():
                futile = stand + margin if maximising else stand - margin
        moves, outcome = self._generate(state)
        if outcome is not None:
            return outcome_value(outcome, self._root, ply)
        alpha0, beta0 = alpha, beta
        best_value = -math.inf if maximising else math.inf
        best_move = None
        by_value = depth >= ORDER_BY_VALUE_FROM_DEPTH
        killers = self.killers.get(ply, ())
        children = self._children(state, sig, moves, maximising, entry.best if entry else None, ply, by_value)
        for i, (move, child, csig) in enumerate(children):
            if child is None:
                child = self._child(state, move)
            if (futile is not None and not move.changes_material() and child.quick_outcome() is None
                    and not child.in_check()):
                # a quiet move one ply from the horizon moves the value by less than the margin: it
                # cannot reach the window, so it is not searched (but counted at that bound); a move
                # that gives check may be a mate, which only the reply's generation shows
                if maximising and futile > best_value or not maximising and futile < best_value:
                    best_value = futile
                continue
            if i == 0:
                value = self._search(child, csig, depth - 1, alpha, beta, ply + 1)
            else:
                # a later move is expected to be worse: prove it cheaply with a null window (and one ply
                # less when it is quiet and deep enough), search it properly only if it is not
                reduce = (depth >= REDUCE_FROM_DEPTH and i >= REDUCE_AFTER_MOVES and not move.changes_material()
                          and move.notation not in killers)
                value = self._probe(child, csig, depth - 1 - reduce, alpha, beta, ply + 1, maximising)
                if reduce and self._improves(value, alpha, beta, maximising):
                    value = self._probe(child, csig, depth - 1, alpha, beta, ply + 1, maximising)
                if self._improves(value, alpha, beta, maximising):
                    value = self._search(child, csig, depth - 1, alpha, beta, ply + 1)
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
            bound = Bound.LOWER
        elif best_value <= alpha0:
            bound = Bound.UPPER
        else:
            bound = Bound.EXACT
        if len(self.table) > TABLE_LIMIT:
            self.table.clear()
        self.table[sig] = _Entry(depth, best_value, bound, best_move)
        return best_value

    def _probe(self, state: State, sig, depth: int, alpha: float, beta: float, ply: int,
               maximising: bool) -> float:
        """Search with a null window at the bound the mover must beat (alpha when maximising, else beta)."""
        if maximising:
            return self._search(state, sig, depth, alpha, alpha + NULL_WINDOW, ply)
        return self._search(state, sig, depth, beta - NULL_WINDOW, beta, ply)

    @staticmethod
    def _improves(value: float, alpha: float, beta: float, maximising: bool) -> bool:
        """Does ``value`` beat the mover's bound (so a null-window or reduced result must be searched again)?"""
        return value > alpha if maximising else value < beta

    def _cutoff(self, notation: str, ply: int, depth: int) -> None:
        """Remember a move that refuted its siblings: a killer at this ply, and its history."""
        killers = self.killers.setdefault(ply, [])
        if notation not in killers:
            killers.insert(0, notation)
            del killers[2:]
        self.history[notation] = self.history.get(notation, 0) + depth * depth

    # ------------------------------------------------------------------ the root

    def _root_order(self, state: State, moves: list[Move]) -> tuple[list[tuple[Move, object]],
                                                                     list[tuple[float, Move]]]:
        """(move, child signature) of every root move, best static value first; and (static value,
        move) of those valued, in that order.

        Outside the node budget (this is the least a choice needs), but the
        clock's hard limit stops it: then the moves valued so far come first.
        Later iterations re-apply the moves (cheap) rather than keep every
        child, and the moves it will generate, alive.
        """
        valued = []
        for move in moves:
            if valued and self._deadline.expired():  # each a new position: the clock is read every time
                break
            sig = state.apply(move).signature()
            value = self._root_values.get(sig)
            if value is None:
                value = self._root_values[sig] = self.evaluator.value_of(sig, self._root)
            valued.append((-value, self.rng.random(), move, sig))
        valued.sort(key=lambda t: t[:2])
        seen = {id(m) for _, _, m, _ in valued}
        return ([(m, sig) for _, _, m, sig in valued] + [(m, None) for m in moves if id(m) not in seen],
                [(-key, m) for key, _, m, _ in valued])

    def search_depth(self) -> int | None:
        """The depth the last search completed (:attr:`info`); None when the move was the only one."""
        return self.info.depth if self.info.nodes else None

    def choose(self, state: State, clock: TimeControl | None = None) -> Move:
        """The move to play; ``clock`` overrides the player's own time control for this move.

        The clock starts first: making the root's moves and learning the game count
        too, and when the time is up before the root's moves are all made, the best of
        those made is played.
        """
        control = clock or self.clock
        self._deadline = control.start() if control else Deadline.none()
        moves, whole = moves_before(state, self._deadline, at_least=1)
        if not moves:
            raise ValueError("no legal moves")
        if len(moves) == 1 and whole:
            self.info = SearchInfo(0, 0, 0.0, 0.0)
            return moves[0]
        self._setup(state)
        # the game and its knowledge are set up: the collector stops walking them during the search
        with self.collector:
            return self._deepen(state, moves)

    def _deepen(self, state: State, moves: list[Move]) -> Move:
        """The move :meth:`choose` plays: iterative deepening over the root's ``moves``."""
        self._root = state.current_player
        self.played.add(state.signature())
        self.nodes = self._evaluations = self._positions = 0
        self.killers.clear()
        self._tree.clear()
        self._captures.clear()
        self._root_values.clear()
        self._keep_tree = self.evaluator.knowledge.mean_moves <= KEEP_TREE_MOVES
        # valued: (value, move) of the root moves the deepest search valued (:meth:`_pick`), their static
        # values until an iteration finishes one move, then that iteration's values: from ``searched``,
        # the scored moves of the last iteration that scored any (a cut one's in search order)
        order, valued = self._root_order(state, moves)
        searched: list[tuple[float, int, Move, object]] = []
        best, best_score, reached = order[0][0], -math.inf, 0
        for depth in range(1, self.max_depth + 1):
            if depth > 1 and not self._deadline.may_deepen():
                break
            self._extend_until = depth + CHECK_EXTENSION_PLIES
            scored: list[tuple[float, int, Move, object]] = []
            alpha = -math.inf
            try:
                for i, (move, sig) in enumerate(order):
                    child = self._child(state, move)
                    if i == 0:
                        value = self._search(child, sig, depth - 1, alpha, math.inf, 1)
                    else:
                        # with choice noise, a move within the noise of the best gets its exact value
                        floor = alpha - self._noise
                        value = self._probe(child, sig, depth - 1, floor, math.inf, 1, True)
                        if value > floor:
                            value = self._search(child, sig, depth - 1, floor, math.inf, 1)
                    scored.append((value, i, move, sig))
                    alpha = max(alpha, value)
            except _Stop:
                # A cut iteration searched the previous best first (exactly, at the new depth); any
                # later move scored above it is a real improvement, the others are upper bounds.
                # Cut inside the first iteration, the best of the moves seen is all there is.
                if scored:
                    top = max(scored, key=lambda t: (t[0], -t[1]))
                    best, best_score = top[2], top[0]
                    searched = scored
                break
            scored.sort(key=lambda t: (-t[0], t[1]))
            best, best_score, reached = scored[0][2], scored[0][0], depth
            searched = scored
            order = [(m, sig) for _, _, m, sig in scored]
            if abs(best_score) >= DECIDED:
                break  # a forced result is known: deeper search cannot change the choice's value
        self._tree.clear()
        self._captures.clear()
        self._root_values.clear()
        if searched:
            valued = [(value, m) for value, _, m, _ in searched]
        if self._noise > 0:
            best, best_score = self._pick(best, best_score, valued)
        self.info = SearchInfo(reached, self.nodes, best_score, self._deadline.elapsed(), self._positions)
        return best

    def _pick(self, best: Move, best_score: float, valued: list[tuple[float, Move]]) -> tuple[Move, float]:
        """(move, value) played with choice noise: of ``valued``, the move maximising value + noise.

        The noise is ``self._noise`` times a number drawn uniformly from [0, 1) by the player's own
        generator, one for each move in ``valued``'s order, so a seed gives the same choice on any
        machine.  A move valued more than the noise below the best can never win (the best's own
        noise is at least 0); nor can a move the root search only bounded, since it was searched with
        a window widened by the noise (:meth:`_deepen`) and failed below it, nor a move that loses
        by force.  A forced result (a win, or every move lost) is played as the search found it.
        """
        if len(valued) < 2 or abs(max(value for value, _ in valued)) >= DECIDED:
            return best, best_score
        chosen, chosen_score, top = best, best_score, -math.inf
        for value, move in valued:
            noisy = value + self._noise * self.rng.random()
            if noisy > top and value > -DECIDED:
                chosen, chosen_score, top = move, value, noisy
        return chosen, chosen_score
