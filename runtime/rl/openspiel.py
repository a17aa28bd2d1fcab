"""Any ZRF file or built-in game as an OpenSpiel game.

``load("chess.zrf")`` (or a built-in name such as ``"canopus"``) returns a
:class:`pyspiel.Game`, a Python game registered with OpenSpiel under the
short name ``zrf``, so ``pyspiel.load_game("zrf(game=chess.zrf)")`` and
OpenSpiel's serialisation work too.  Parameters: ``game`` (a ``.zrf`` path,
made absolute, or a built-in name), ``variant`` (a game or variant title in
the file), ``max_game_length`` (decisions, default
:data:`runtime.rl.decision_tree.DEFAULT_MAX_GAME_LENGTH`) and ``move_encoding``
(``auto``, ``pairs`` or ``split``, see :mod:`runtime.rl.action_encoding`).

What OpenSpiel sees (docs/rl.md has the details):

* actions are the tokens of :mod:`runtime.rl.action_encoding`; a whole turn is one
  or more decisions by the same player (:mod:`runtime.rl.decision_tree`), and
  ``action_to_string`` gives the turn in saved-game notation;
* random ZRF players (``?Dice``) are explicit chance nodes drawing each turn
  uniformly; a game without them is deterministic;
* two players: zero-sum (+1, -1, or 0 each for a draw); otherwise general-sum
  with +1 per winner and -1 per loser;
* observations: the tensor of :func:`runtime.rl.decision_tree.observation_shape`
  and the board as text; perfect information.

Needs the ``rl`` extra (``pip install -e '.[rl]'``); nothing else in the
package imports this module.
"""

from __future__ import annotations

import os

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.observation import IIGObserverForPublicInfoGame
except ImportError as exc:  # the optional `rl` extra
    raise ImportError(f"runtime.rl.openspiel needs OpenSpiel (pip install -e '.[rl]'): {exc}") from exc

from runtime.loading.opening import open_game
from runtime.rl.decision_tree import (DEFAULT_MAX_GAME_LENGTH, DecisionGame, DecisionPoint, observation_shape,
                          write_observation)

SHORT_NAME = "zrf"

#: The parameters of a ``zrf`` game and their defaults.
PARAMETERS = {"game": "", "variant": "", "max_game_length": DEFAULT_MAX_GAME_LENGTH, "move_encoding": "auto"}

#: Most players a ZRF names (Zillions' own limit is far above the corpus's 15).
MAX_PLAYERS = 64


def _game_type(long_name: str, chance: bool, players: int | None, zero_sum: bool) -> "pyspiel.GameType":
    """The game type; ``players`` None allows any number from 1 to MAX_PLAYERS."""
    t = pyspiel.GameType
    return t(short_name=SHORT_NAME, long_name=long_name,
             dynamics=t.Dynamics.SEQUENTIAL,
             chance_mode=t.ChanceMode.EXPLICIT_STOCHASTIC if chance else t.ChanceMode.DETERMINISTIC,
             information=t.Information.PERFECT_INFORMATION,
             utility=t.Utility.ZERO_SUM if zero_sum else t.Utility.GENERAL_SUM,
             reward_model=t.RewardModel.TERMINAL,
             max_num_players=players or MAX_PLAYERS,
             min_num_players=players or 1,
             provides_information_state_string=True,
             provides_information_state_tensor=False,
             provides_observation_string=True,
             provides_observation_tensor=True,
             parameter_specification=PARAMETERS)


#: What is registered: any number of players, chance possible; each loaded game states its own.
REGISTERED_TYPE = _game_type("Zillions of Games rules file", True, None, False)


class ZrfSpielGame(pyspiel.Game):
    """A ZRF file or built-in game, loaded through the same resolver as the command line."""

    def __init__(self, params=None):
        params = {**PARAMETERS, **(params or {})}
        spec = str(params["game"])
        if not spec:
            raise ValueError("the zrf game needs a 'game' parameter: a .zrf path or a built-in name")
        if os.path.exists(spec):
            params["game"] = spec = os.path.abspath(spec)
        self.engine = open_game(spec, str(params["variant"]) or None)
        self.dgame = DecisionGame(self.engine, int(params["max_game_length"]), str(params["move_encoding"]))
        d = self.dgame
        game_type = _game_type(self.engine.name, d.has_chance, len(d.agents), d.zero_sum)
        info = pyspiel.GameInfo(
            num_distinct_actions=d.num_distinct_actions,
            max_chance_outcomes=d.num_distinct_actions if d.has_chance else 0,
            num_players=len(d.agents),
            min_utility=-1.0, max_utility=1.0,
            utility_sum=0.0 if d.zero_sum else None,
            max_game_length=d.max_game_length)
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> "ZrfSpielState":
        return ZrfSpielState(self, self.dgame.initial())

    def make_py_observer(self, iig_obs_type=None, params=None):
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return BoardObserver(self.dgame, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class ZrfSpielState(pyspiel.State):
    """An OpenSpiel state over a :class:`runtime.rl.decision_tree.DecisionPoint`."""

    def __init__(self, game: ZrfSpielGame, node: DecisionPoint):
        super().__init__(game)
        self._held = _Held(node)

    @property
    def node(self) -> DecisionPoint:
        """The decision node; a deserialised state replays its history to find it again."""
        held = self._held
        if held.node is None:
            node = self.get_game().dgame.initial()
            for action in self.history():
                node = node.child(action)
            held = self._held = _Held(node)
        return held.node

    def current_player(self) -> int:
        node = self.node
        if node.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        if node.is_chance():
            return pyspiel.PlayerId.CHANCE
        return node.current_agent()

    def _legal_actions(self, player):
        return self.node.legal_actions()

    def chance_outcomes(self):
        return self.node.chance_outcomes()

    def _apply_action(self, action):
        self._held = _Held(self.node.child(int(action)))

    def _action_to_string(self, player, action):
        return self.node.action_text(int(action))

    def is_terminal(self) -> bool:
        return self.node.is_terminal()

    def returns(self):
        return self.node.dgame.returns(self.node.outcome())

    def outcome(self):
        """The :class:`runtime.core.protocol.Outcome` (rule included), or None while the game goes on."""
        return self.node.outcome()

    def __str__(self) -> str:
        return self.node.text()


class _Held:
    """Holds a state's node: shared by clones (nodes are values), pickled empty.

    OpenSpiel serialises a Python state as its action history plus its pickled
    attributes; the engine state inside a node cannot be pickled (compiled
    move programs), and the history rebuilds it exactly.
    """

    __slots__ = ("node",)

    def __init__(self, node: DecisionPoint | None = None):
        self.node = node

    def __deepcopy__(self, memo) -> "_Held":
        return self

    def __reduce__(self):
        return (_Held, ())


class BoardObserver:
    """The observation tensor (planes x cells) and string of :mod:`runtime.rl.decision_tree`."""

    def __init__(self, dgame: DecisionGame, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        shape = observation_shape(dgame)
        self.tensor = np.zeros(shape[0] * shape[1], np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: ZrfSpielState, player: int) -> None:
        write_observation(state.node, self.dict["observation"])

    def string_from(self, state: ZrfSpielState, player: int) -> str:
        return state.node.text()


def load(game: str, variant: str | None = None, max_game_length: int = DEFAULT_MAX_GAME_LENGTH,
         move_encoding: str = "auto") -> ZrfSpielGame:
    """The OpenSpiel game for a ``.zrf`` path or a built-in game name (see the module docstring).

    Raises :class:`runtime.loading.opening.GameLoadError` when the game cannot be loaded.
    """
    return pyspiel.load_game(SHORT_NAME, {"game": game, "variant": variant or "",
                                          "max_game_length": max_game_length,
                                          "move_encoding": move_encoding})


pyspiel.register_game(REGISTERED_TYPE, ZrfSpielGame)
