"""Every game of tests/rl/rl_games.py as an OpenSpiel game: OpenSpiel's own checks and bots.

``pyspiel.random_sim_test`` plays random games through the whole API (legal
actions and masks, chance outcomes, clones, observation tensors and strings,
returns; serialisation where asked) and fails on any inconsistency.  An MCTS
bot (``open_spiel.python.algorithms.mcts`` with a random-rollout evaluator)
then plays the uniform random bot.  Sizes shrink with ``ZRF_SLOW_SCALE``.
"""

from __future__ import annotations

import subprocess
import sys
import warnings

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (pip install -e '.[rl]')")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

from runtime.loading.opening import GameLoadError  # noqa: E402
from runtime.rl.openspiel import load  # noqa: E402
from runtime.rl.decision_tree import GameLengthLimitWarning  # noqa: E402

from ..conftest import ROOT, scaled  # noqa: E402
from .rl_games import all_games, corpus_path, spec_of  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::runtime.rl.decision_tree.GameLengthLimitWarning")


@pytest.mark.slow
@pytest.mark.parametrize("game_id", all_games())
def test_random_simulation_check(game_id):
    game = load(spec_of(game_id), max_game_length=scaled(200, 20))
    pyspiel.random_sim_test(game, num_sims=scaled(4, 1), serialize=False, verbose=False)


@pytest.mark.parametrize("slug", ["Ur", "fanorona"])
def test_serialised_states_come_back(slug):
    """Serialisation (the action history, replayed) round-trips states with chance and multi-part turns."""
    game = load(corpus_path(slug), max_game_length=12)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    for _ in range(6):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(state2) == str(state) and state2.legal_actions() == state.legal_actions()
    assert state2.history() == state.history()


def test_game_types_are_honest():
    chess = load(corpus_path("chess"), max_game_length=321)
    t = chess.get_type()
    assert t.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert t.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert chess.num_players() == 2 and chess.max_game_length() == 321
    assert chess.utility_sum() == 0.0 and (chess.min_utility(), chess.max_utility()) == (-1.0, 1.0)
    assert chess.observation_tensor_shape() == [29, 64]

    ur = load(corpus_path("Ur"))
    assert ur.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert ur.num_players() == 2  # ?Dice is chance, not a player
    assert ur.max_chance_outcomes() == ur.num_distinct_actions()

    four = load(corpus_path("chaturaji"))
    assert four.num_players() == 4 and four.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    puzzle = load(corpus_path("10-puzzle"))
    assert puzzle.num_players() == 1


def test_fools_mate_scores_black():
    """1. f3 e5 2. g4 Qh4# (the shortest checkmate): Black wins, so White (player 0) gets -1."""
    game = load(corpus_path("chess"))
    state = game.new_initial_state()
    for notation in ["Pawn f2 - f3", "Pawn e7 - e5", "Pawn g2 - g4", "Queen d8 - h4"]:
        by_text = {state.action_to_string(state.current_player(), a): a for a in state.legal_actions()}
        state.apply_action(by_text[notation])
    assert state.is_terminal()
    assert state.returns() == [-1.0, 1.0]
    assert "Black" in state.outcome().winners


def test_every_action_id_is_in_range():
    game = load("alpha-centauri", max_game_length=scaled(300, 30))
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    while not state.is_terminal():
        actions = state.legal_actions()
        assert all(0 <= a < game.num_distinct_actions() for a in actions)
        mask = state.legal_actions_mask()
        assert sum(mask) == len(actions) and len(mask) == game.num_distinct_actions()
        state.apply_action(int(rng.choice(actions)))


def test_length_limit_warns():
    game = load("canopus", max_game_length=2)
    state = game.new_initial_state()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        while not state.is_terminal():
            state.apply_action(state.legal_actions()[0])
    assert any(issubclass(w.category, GameLengthLimitWarning) for w in caught)
    assert state.returns() == [0.0, 0.0] and "game length limit" in str(state)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", all_games())
def test_mcts_bot_plays_the_random_bot(game_id):
    """OpenSpiel's MCTS (random rollouts) against its uniform random bot, to the end of one game
    (the other players of a game with more than two are random bots too)."""
    game = load(spec_of(game_id), max_game_length=scaled(60, 8))
    rng = np.random.RandomState(11)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=scaled(12, 2), evaluator=evaluator, random_state=rng)
    bots = [bot] + [uniform_random.UniformRandomBot(p, rng) for p in range(1, game.num_players())]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert len(returns) == game.num_players() and all(r in (-1.0, 0.0, 1.0) for r in returns)
    if game.num_players() == 2:
        assert sum(returns) == 0.0


def test_unknown_game_is_a_load_error():
    with pytest.raises(GameLoadError, match="no such file"):
        load("no-such-game")


def test_missing_openspiel_names_the_extra():
    code = ("import sys; sys.modules['pyspiel'] = None\n"
            "try:\n    import runtime.rl.openspiel\nexcept ImportError as e:\n    print(e)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env={"PYTHONPATH": str(ROOT), "PATH": ""}, timeout=120)
    assert "pip install -e '.[rl]'" in out.stdout
