"""Every game of tests/rl/rl_games.py as a PettingZoo AEC environment: PettingZoo's ``api_test`` and
what the environment promises (masks, rewards from the outcome, truncation at the length limit,
random players played by the environment, pictures)."""

from __future__ import annotations

import contextlib
import importlib.util
import io

import pytest

np = pytest.importorskip("numpy", reason="NumPy comes with the rl extra (pip install -e '.[rl]')")
pytest.importorskip("pettingzoo", reason="PettingZoo is not installed (pip install -e '.[rl]')")

from pettingzoo.test import api_test  # noqa: E402

from runtime.rl.pettingzoo import ZrfEnv, env  # noqa: E402

from ..conftest import scaled  # noqa: E402
from .rl_games import all_games, corpus_path, spec_of  # noqa: E402

pytestmark = [
    pytest.mark.filterwarnings("ignore::runtime.rl.decision_tree.GameLengthLimitWarning"),
    # api_test notes that a dict observation (observation + action_mask, as in PettingZoo's own
    # classic games) is not an array; the check it then makes on each part passes
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", all_games())
def test_pettingzoo_api(game_id):
    with contextlib.redirect_stdout(io.StringIO()):
        api_test(env(spec_of(game_id), max_game_length=scaled(200, 20)), num_cycles=scaled(1000, 100))


def _play(e, notations):
    """Step the notations in order, each as the action whose text it is."""
    for notation in notations:
        node = e.unwrapped.node
        action = next(a for a in node.legal_actions() if node.action_text(a) == notation)
        obs, *_ = e.last()
        assert obs["action_mask"][action] == 1
        e.step(action)


def test_fools_mate_rewards():
    """1. f3 e5 2. g4 Qh4#: Black wins; White's reward is -1, Black's +1, both terminated."""
    e = env(corpus_path("chess"))
    e.reset(seed=0)
    assert e.agents == ["White", "Black"]
    _play(e, ["Pawn f2 - f3", "Pawn e7 - e5", "Pawn g2 - g4", "Queen d8 - h4"])
    assert e.terminations == {"White": True, "Black": True}
    assert e.truncations == {"White": False, "Black": False}
    assert e._cumulative_rewards == {"White": -1.0, "Black": 1.0}
    assert "Black wins" in e.infos["White"]["outcome"]
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        assert term and reward == {"White": -1.0, "Black": 1.0}[agent]
        e.step(None)
    assert e.agents == []


def test_masks_are_the_legal_actions_of_the_selected_agent():
    e = env("canopus")
    e.reset(seed=1)
    node = e.unwrapped.node
    selected = e.agent_selection
    other = next(a for a in e.agents if a != selected)
    assert np.flatnonzero(e.observe(selected)["action_mask"]).tolist() == node.legal_actions()
    assert not e.observe(other)["action_mask"].any()
    assert e.observe(selected)["observation"].shape == e.observation_space(selected)["observation"].shape


def test_length_limit_is_a_truncation():
    e = env("canopus", max_game_length=2)
    e.reset(seed=0)
    for _ in range(2):
        obs, *_ = e.last()
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert all(r == 0.0 for r in e.rewards.values())
    assert "game length limit" in e.infos["White"]["outcome"]


def test_random_players_are_played_by_the_environment():
    """Ur's ?Dice is no agent; reset(seed) fixes its throws, so two resets with one seed agree."""
    e = env(corpus_path("Ur"))
    e.reset(seed=5)
    assert e.possible_agents == ["White", "Black"]
    first = e.unwrapped.node.state.signature()
    e.reset(seed=5)
    assert e.unwrapped.node.state.signature() == first
    assert not e.unwrapped.node.is_chance()


def test_render_ansi_is_the_board_text():
    e = env("canopus", render_mode="ansi")
    e.reset()
    text = e.render()
    assert text.endswith("White to move") and "KI" in text and "ki" in text  # both Kings, White's upper case


@pytest.mark.skipif(importlib.util.find_spec("PIL") is None, reason="Pillow is not installed (pip install -e '.[graphics]')")
def test_render_rgb_array_is_the_project_picture():
    e = env(corpus_path("chess"), render_mode="rgb_array")
    e.reset()
    picture = e.render()
    assert picture.ndim == 3 and picture.shape[2] == 3 and picture.dtype == np.uint8
    assert picture.shape[0] > 100 and picture.shape[1] > 100


def test_rgb_array_without_pillow_says_so(monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "PIL" else real(name, *a))
    with pytest.raises(ImportError, match=r"Pillow.*\[graphics\]"):
        ZrfEnv("canopus", render_mode="rgb_array")


def test_unknown_render_mode_is_refused():
    with pytest.raises(ValueError, match="render_mode"):
        ZrfEnv("canopus", render_mode="human")
