"""A game as reinforcement-learning frameworks see it: one decision at a time, chance made explicit.

:class:`DecisionGame` wraps any :class:`runtime.core.protocol.Game` (a ZRF run by
the interpreter or a native engine) with what OpenSpiel and PettingZoo need
beyond the engine contract; :class:`DecisionPoint` is one node of its tree.
Both frameworks' adapters (:mod:`runtime.rl.openspiel`, :mod:`runtime.rl.pettingzoo`)
are thin layers over these two classes.

* **Decisions.**  A turn is the token sequence :mod:`runtime.rl.action_encoding`
  gives it.  At a node the legal actions are the next tokens of the turns that
  agree with the tokens chosen so far.  Tokens every remaining turn shares are
  taken without asking, and once a single turn is left it is played; the first
  decision of a turn is always asked, so a player with one legal turn still
  has a node (as in OpenSpiel's own games).
* **Chance.**  A ZRF player whose name starts with ``?`` is a random player
  (``?Dice``): Zillions plays it by choosing uniformly among its legal turns.
  Its nodes are chance nodes whose outcomes are the same tokens, each with
  the share of the random player's turns that start with it, so a whole turn
  is drawn uniformly, exactly as Zillions draws it.  Which players are random
  is :mod:`runtime.players.chance`'s answer (a native engine has none).
* **Players.**  Every other player of the game, in the game's order, is an
  agent; one who never has a turn (a neutral owner of shared pieces) is still
  listed and scores 0.
* **Returns.**  +1 for each winner, -1 for each loser, 0 otherwise (and in a
  draw), read from :class:`runtime.core.protocol.Outcome`.
* **Length limit.**  A ZRF game has no length limit; ``max_game_length``
  (default :data:`DEFAULT_MAX_GAME_LENGTH`) caps the players' decisions, and
  the chance outcomes in a row (a game left to its random players).  Reaching it ends the game as a draw whose
  rule says so (``game length limit: ...``), with a
  :class:`GameLengthLimitWarning`, even in the middle of a turn (the unfinished
  turn is not played).

The observation (:func:`observation_shape`, :func:`observation_entries`) is a
stack of planes over the game's cells in :attr:`Game.positions` order: one
per (player, piece type) with 1 where such a piece stands; one per (player,
piece type) holding that store's count in every cell; one per player, all 1
for the player to move; and three for the turn in progress: cells a chosen
token moves from, cells it moves or drops to (or acts on), and the number of
tokens chosen this turn.  The planes show the position at the start
of the turn; what exactly was chosen so far is in the observation text.
"""

from __future__ import annotations

import warnings

from runtime.core.protocol import Game, Move, Outcome, State
from runtime.players.chance import choosing_players, random_players
from runtime.rl.action_encoding import ActionLayout, EncodedTurn, TokenKind, encode_turns
from runtime.pictures.textboard import board_text

#: Default cap on the players' decisions in one game (and on chance outcomes in a row).
DEFAULT_MAX_GAME_LENGTH = 1000

#: Planes after the piece, store and side-to-move planes: moved-from, moved-to, decisions this turn.
TURN_PLANES = 3


class GameLengthLimitWarning(UserWarning):
    """A game reached ``max_game_length`` and was ended as a draw."""


class DecisionGame:
    """What both frameworks need to know about one game (see the module docstring)."""

    def __init__(self, game: Game, max_game_length: int = DEFAULT_MAX_GAME_LENGTH,
                 move_encoding: str = "auto"):
        if max_game_length < 1:
            raise ValueError(f"max_game_length must be at least 1, not {max_game_length}")
        self.game = game
        self.layout = ActionLayout(game, move_encoding)
        self.max_game_length = max_game_length
        #: the random players, whose turns are chance nodes
        self.chance_players: tuple[str, ...] = random_players(game)
        #: the players who choose their moves, in the game's order
        self.agents: tuple[str, ...] = choosing_players(game)
        if not self.agents:
            raise ValueError(f"{game.name}: every player is a random player; there is nobody to play")
        self._agent_index = {p: i for i, p in enumerate(self.agents)}

    @property
    def num_distinct_actions(self) -> int:
        return self.layout.num_distinct_actions

    @property
    def has_chance(self) -> bool:
        return bool(self.chance_players)

    @property
    def zero_sum(self) -> bool:
        """Two agents, +1/-1 or 0/0 at every end: the returns always add up to 0."""
        return len(self.agents) == 2

    def agent_index(self, player: str) -> int:
        return self._agent_index[player]

    def initial(self) -> "DecisionPoint":
        """The node before the first decision."""
        return DecisionPoint(self, self.game.initial_state())

    def returns(self, outcome: Outcome | None) -> list[float]:
        """Each agent's return for an outcome (all 0 while the game goes on)."""
        if outcome is None or outcome.draw:
            return [0.0] * len(self.agents)
        return [1.0 if p in outcome.winners else -1.0 if p in outcome.losers else 0.0 for p in self.agents]


class DecisionPoint:
    """One node: an engine state, the tokens of the turn chosen so far, and the game's counters.

    A value: :meth:`child` returns a new node.  The turns of the engine state
    are encoded once per turn and shared by the nodes inside it.
    """

    __slots__ = ("dgame", "state", "prefix", "decisions", "chance_run", "_turns", "_candidates",
                 "_outcome", "_limited")

    def __init__(self, dgame: DecisionGame, state: State, prefix: tuple[int, ...] = (),
                 decisions: int = 0, chance_run: int = 0,
                 turns: list[EncodedTurn] | None = None, candidates: list[EncodedTurn] | None = None):
        self.dgame = dgame
        self.state = state
        self.prefix = prefix
        self.decisions = decisions
        self.chance_run = chance_run
        self._turns = turns
        self._candidates = candidates
        self._outcome: Outcome | None | bool = False  # False: not worked out yet
        self._limited = False

    # ------------------------------------------------------------ the turn

    def _turn_candidates(self) -> list[EncodedTurn]:
        """The turns that agree with :attr:`prefix` (forced tokens at the turn's start taken)."""
        if self._candidates is None:
            if self._turns is None:
                self._turns = encode_turns(self.dgame.layout, self.state.legal_moves())
            cands = [t for t in self._turns if t.tokens[:len(self.prefix)] == self.prefix]
            prefix = self.prefix
            while len(cands) > 1 and len({t.tokens[len(prefix)] for t in cands}) == 1:
                prefix += (cands[0].tokens[len(prefix)],)
            self.prefix = prefix
            self._candidates = cands
        return self._candidates

    @property
    def mover(self) -> str:
        """The engine's player to move (a random player at a chance node)."""
        return self.state.current_player

    def outcome(self) -> Outcome | None:
        """How the game ended: the engine's outcome, the length limit, or None."""
        if self._outcome is False:
            self._outcome = self._work_out_outcome()
        return self._outcome

    def _work_out_outcome(self) -> Outcome | None:
        limit = self.dgame.max_game_length
        over = self.state.outcome()
        if over is not None:
            return over
        if self.decisions >= limit or self.chance_run >= limit:
            what = "decisions" if self.decisions >= limit else "chance outcomes in a row"
            self._limited = True
            return Outcome.drawn(f"game length limit: {limit} {what} (max_game_length)")
        if not self._turn_candidates():
            warnings.warn(f"{self.dgame.game.name}: {self.mover} has no legal move but the engine "
                          f"gives no outcome; the game is scored as a draw", RuntimeWarning, stacklevel=3)
            return Outcome.drawn("no legal moves and no outcome from the engine")
        return None

    def is_terminal(self) -> bool:
        return self.outcome() is not None

    @property
    def limit_reached(self) -> bool:
        """Did the length limit end the game (not the rules)?"""
        self.outcome()
        return self._limited

    def is_chance(self) -> bool:
        return not self.is_terminal() and self.mover in self.dgame.chance_players

    def current_agent(self) -> int:
        """Index of the agent to decide (only at a non-terminal, non-chance node)."""
        return self.dgame.agent_index(self.mover)

    def legal_actions(self) -> list[int]:
        """The next tokens of the turns still possible, ascending; empty at the end."""
        if self.is_terminal():
            return []
        cands = self._turn_candidates()  # first: it may take forced tokens into the prefix
        n = len(self.prefix)
        return sorted({t.tokens[n] for t in cands})

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(token, probability)`` at a chance node: each token's share of the random player's turns."""
        cands = self._turn_candidates()
        n = len(self.prefix)
        counts: dict[int, int] = {}
        for t in cands:
            counts[t.tokens[n]] = counts.get(t.tokens[n], 0) + 1
        return [(a, counts[a] / len(cands)) for a in sorted(counts)]

    def _narrowed(self, action: int) -> list[EncodedTurn]:
        cands = self._turn_candidates()  # first: it may take forced tokens into the prefix
        n = len(self.prefix)
        return [t for t in cands if t.tokens[n] == action]

    def turn_completed_by(self, action: int) -> Move | None:
        """The whole turn ``action`` plays (None when it leaves a choice, or is not legal here)."""
        if self.is_terminal():
            return None
        narrowed = self._narrowed(action)
        return narrowed[0].move if len(narrowed) == 1 else None

    def child(self, action: int) -> "DecisionPoint":
        """The node after ``action`` (ValueError when it is not legal here)."""
        if self.is_terminal():
            raise ValueError("the game is over")
        chance = self.is_chance()
        narrowed = self._narrowed(action)
        if not narrowed:
            raise ValueError(f"action {action} ({self.dgame.layout.describe(action)}) is not legal here")
        decisions = self.decisions + (0 if chance else 1)
        run = (self.chance_run + 1) if chance else 0  # chance outcomes in a row
        prefix = self.prefix + (action,)
        while len(narrowed) > 1 and len({t.tokens[len(prefix)] for t in narrowed}) == 1:
            prefix += (narrowed[0].tokens[len(prefix)],)
        if len(narrowed) == 1:
            node = DecisionPoint(self.dgame, self.state.apply(narrowed[0].move), (), decisions, run)
        else:
            node = DecisionPoint(self.dgame, self.state, prefix, decisions, run, self._turns, narrowed)
        if node.limit_reached:
            warnings.warn(f"{self.dgame.game.name}: {node.outcome().rule}; the game is scored as a draw",
                          GameLengthLimitWarning, stacklevel=2)
        return node

    # ------------------------------------------------------------ words

    def action_text(self, action: int) -> str:
        """An action in saved-game notation: the whole turn when it decides one, else the parts it
        fixes and what it picks (``partial 3 CA I9 - H7 ... (H7 - G5)``); different actions of a
        node always have different texts, as OpenSpiel requires."""
        layout = self.dgame.layout
        if not 0 <= action < layout.num_distinct_actions:
            return f"action {action} (outside 0..{layout.num_distinct_actions - 1})"
        narrowed = [] if self.is_terminal() else self._narrowed(action)
        if len(narrowed) == 1:
            return narrowed[0].move.notation
        if not narrowed:
            return layout.describe(action)
        common = list(narrowed[0].move.parts)
        for t in narrowed[1:]:
            k = 0
            while k < len(common) and k < len(t.move.parts) and common[k] == t.move.parts[k]:
                k += 1
            del common[k:]
        # the part being chosen, ending with this action's own token: unique among the node's actions
        part = (action,) if layout.is_head(action) else self._part_so_far() + (action,)
        picked = " ".join(layout.describe(a) for a in part)
        return f"{'; '.join(common)} ... ({picked})" if common else f"{picked} ..."

    def _part_so_far(self) -> tuple[int, ...]:
        """The tokens chosen since the start of the current part."""
        layout = self.dgame.layout
        start = 0
        for i, a in enumerate(self.prefix):
            if layout.is_head(a):
                start = i
        return self.prefix[start:]

    def text(self) -> str:
        """The board as text, who is to move, and the turn so far (the exact observation string)."""
        lines = [board_text(self.state).rstrip("\n")]
        over = self.outcome()
        if over is not None:
            lines.append(f"game over: {over.describe()}")
        else:
            lines.append(f"{self.mover} to move")
            if self.prefix:
                layout = self.dgame.layout
                lines.append("this turn so far: " + ", ".join(layout.describe(a) for a in self.prefix))
        return "\n".join(lines)


# ---------------------------------------------------------------- observation

def observation_shape(dgame: DecisionGame) -> tuple[int, int]:
    """``(planes, cells)`` of the observation tensor (see the module docstring)."""
    g = dgame.game
    p, t = len(g.players), len(g.piece_types)
    return (2 * p * t + p + TURN_PLANES, len(g.positions))


def observation_entries(node: DecisionPoint) -> tuple[list[tuple[int, int, float]], list[tuple[int, float]]]:
    """The non-zero parts of the observation of ``node`` (see the module docstring).

    Returns ``(cells, planes)``: ``(plane, cell, value)`` for single cells and
    ``(plane, value)`` for planes filled with one value; every other entry is 0.
    The adapters write them into their own arrays.
    """
    dgame = node.dgame
    g = dgame.game
    layout = dgame.layout
    player_index = {p: i for i, p in enumerate(g.players)}
    nt, np_ = len(g.piece_types), len(g.players)
    cells: list[tuple[int, int, float]] = []
    planes: list[tuple[int, float]] = []
    sig = node.state.signature()
    for cell, player, ptype in sig.board:
        c, p, t = layout.cell_index.get(cell), player_index.get(player), layout.type_index.get(ptype)
        if c is not None and p is not None and t is not None:
            cells.append((p * nt + t, c, 1.0))
    stores = np_ * nt
    for player, ptype, count in sig.hands:
        p, t = player_index.get(player), layout.type_index.get(ptype)
        if p is not None and t is not None:
            planes.append((stores + p * nt + t, float(count)))
    mover = player_index.get(sig.to_move)
    if mover is not None:
        planes.append((2 * stores + mover, 1.0))
    moved_from = 2 * stores + np_
    moved_to, taken = moved_from + 1, moved_from + 2
    for a in node.prefix:
        tok = layout.decode(a)
        if tok.kind is TokenKind.MOVE:
            cells += [(moved_from, tok.args[0], 1.0), (moved_to, tok.args[1], 1.0)]
        elif tok.kind is TokenKind.FROM:
            cells.append((moved_from, tok.args[0], 1.0))
        elif tok.kind in (TokenKind.TO, TokenKind.CELL):
            cells.append((moved_to, tok.args[0], 1.0))
        elif tok.kind is TokenKind.DROP and len(tok.args) == 2:
            cells.append((moved_to, tok.args[1], 1.0))
    if node.prefix:
        planes.append((taken, float(len(node.prefix))))
    return cells, planes


def write_observation(node: DecisionPoint, planes) -> None:
    """Fill ``planes``, a NumPy array of :func:`observation_shape`, with the observation of ``node``."""
    planes.fill(0.0)
    cells, filled = observation_entries(node)
    for plane, cell, value in cells:
        planes[plane, cell] = value
    for plane, value in filled:
        planes[plane, :] = value
