"""Any ZRF file or built-in game as a PettingZoo AEC environment.

``env("chess.zrf")`` (or a built-in name such as ``"canopus"``) returns an
:class:`pettingzoo.AECEnv` wrapped like PettingZoo's own classic games
(illegal actions end the game with reward -1 for the offender, actions out of
range are refused, calls out of order are caught).  It shares everything with
:mod:`runtime.rl.openspiel` through :mod:`runtime.rl.decision_tree`:

* agents are the game's players that choose their moves, by their ZRF names;
  a random ZRF player (``?Dice``) is played by the environment, uniformly
  over its whole turns with the generator seeded by ``reset(seed=...)``;
* the action space is ``Discrete(num_distinct_actions)``, the tokens of
  :mod:`runtime.rl.action_encoding`; a turn of several tokens is several steps of
  the same agent;
* observations are ``{"observation": planes x cells float32, "action_mask":
  int8}``, the mask all zero for an agent that is not selected;
* rewards come at the end from the outcome: +1 per winner, -1 per loser, 0 for
  a draw; the rule that ended the game is in every agent's ``info["outcome"]``;
* the length limit (``max_game_length``) ends the game as a *truncation*, not
  a termination, with a :class:`runtime.rl.decision_tree.GameLengthLimitWarning`;
* ``render()``: ``render_mode="ansi"`` gives the board as text,
  ``"rgb_array"`` the project's picture (:mod:`runtime.pictures.scene`, drawn by
  :mod:`runtime.pictures.png`, which needs Pillow: ``pip install -e '.[graphics]'``).

Needs the ``rl`` extra (``pip install -e '.[rl]'``); OpenSpiel is not needed.
"""

from __future__ import annotations

import importlib.util
import random

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as exc:  # the optional `rl` extra
    raise ImportError(f"runtime.rl.pettingzoo needs PettingZoo and Gymnasium (pip install -e '.[rl]'): {exc}") from exc

from runtime.loading.opening import open_game
from runtime.pictures.bitmaps import graphics_for
from runtime.pictures.png import scene_image
from runtime.rl.decision_tree import (DEFAULT_MAX_GAME_LENGTH, DecisionGame, DecisionPoint, observation_shape,
                          write_observation)
from runtime.pictures.scene import build_scene

RENDER_MODES = ("ansi", "rgb_array")


class ZrfEnv(AECEnv):
    """The unwrapped environment (use :func:`env` for PettingZoo's usual wrappers)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "zrf", "is_parallelizable": False,
                "render_fps": 1}

    def __init__(self, game: str, variant: str | None = None, render_mode: str | None = None,
                 max_game_length: int = DEFAULT_MAX_GAME_LENGTH, move_encoding: str = "auto"):
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}")
        if render_mode == "rgb_array" and importlib.util.find_spec("PIL") is None:
            raise ImportError("render_mode 'rgb_array' draws with Pillow, which is not installed "
                              "(pip install -e '.[graphics]')")
        self.render_mode = render_mode
        self.dgame = DecisionGame(open_game(game, variant), max_game_length, move_encoding)
        self.metadata = {**self.metadata, "name": f"zrf {self.dgame.game.name}"}
        self.possible_agents = list(self.dgame.agents)
        shape = observation_shape(self.dgame)
        n = self.dgame.num_distinct_actions
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(low=0.0, high=np.inf, shape=shape, dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8)})
            for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._rng = random.Random()
        self.node: DecisionPoint = self.dgame.initial()

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._rng.seed(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.node = self._past_chance(self.dgame.initial())
        self._select()

    def _past_chance(self, node: DecisionPoint) -> DecisionPoint:
        """Play the random players' turns, drawing each token with its probability."""
        while node.is_chance():
            outcomes = node.chance_outcomes()
            action = self._rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            node = node.child(action)
        return node

    def _select(self) -> None:
        """Point at the agent to decide, or end the game for everybody."""
        node = self.node
        over = node.outcome()
        if over is None:
            self.agent_selection = self.dgame.agents[node.current_agent()]
            return
        returns = self.dgame.returns(over)
        truncated = node.limit_reached
        for agent, value in zip(self.dgame.agents, returns):
            if agent in self.agents:
                self.rewards[agent] = value
                self.terminations[agent] = not truncated
                self.truncations[agent] = truncated
                self.infos[agent] = {"outcome": over.describe()}
        self._accumulate_rewards()
        self.agent_selection = self.agents[0] if self.agents else self.possible_agents[0]
        self._deads_step_first()

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.node = self._past_chance(self.node.child(int(action)))
        self._select()

    def observe(self, agent):
        shape = observation_shape(self.dgame)
        planes = np.zeros(shape, np.float32)
        write_observation(self.node, planes)
        mask = np.zeros(self.dgame.num_distinct_actions, np.int8)
        if agent == self.agent_selection and not self.node.is_terminal():
            mask[self.node.legal_actions()] = 1
        return {"observation": planes, "action_mask": mask}

    def render(self):
        if self.render_mode is None:
            return None
        if self.render_mode == "ansi":
            return self.node.text()
        state = self.node.state
        image, _ = scene_image(build_scene(state, None, None, graphics_for(state.game)))
        return np.asarray(image)

    def close(self):
        pass


def env(game: str, variant: str | None = None, render_mode: str | None = None,
        max_game_length: int = DEFAULT_MAX_GAME_LENGTH, move_encoding: str = "auto"):
    """The environment for a ``.zrf`` path or a built-in game name, in PettingZoo's classic wrappers."""
    raw = ZrfEnv(game, variant, render_mode, max_game_length, move_encoding)
    wrapped = wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
