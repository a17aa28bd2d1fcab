"""The strength scale's choice noise: the lowest levels pick among the root's near-best moves at random.

The expected moves come from outside the player: the theory of a take-away
game (the player to move with a multiple of 4 stones, taking 1 to 3, loses),
Alpha Centauri's meeting rule checked in the engine itself, and for the
pick rule values written into the test.
"""

from __future__ import annotations

import random

import pytest

from runtime.core.protocol import Move
from runtime.loading.opening import open_game
from runtime.players.alphabeta import AlphaBetaPlayer
from runtime.players.factory import make_player
from runtime.players.knowledge import learn
from runtime.players.strength_scale import DEFAULT_LEVEL, LEVELS, MIN_LEVEL, strength_level

from .toygames import TakeAway, TakeState

SEEDS = range(20)


def test_the_scale_has_a_choice_noise_column_that_shrinks_with_the_level():
    """Level 1 chooses with noise; no level more than the one below it; the default level and above none
    (so the default player plays as it did before the column)."""
    noise = [level.choice_noise for level in LEVELS]
    assert noise[0] > 0
    assert all(a >= b >= 0 for a, b in zip(noise, noise[1:]))
    assert all(level.choice_noise == 0 for level in LEVELS if level.level >= DEFAULT_LEVEL)


def test_everything_that_takes_a_strength_reads_the_noise():
    """A player made from a spec or a ``zrf play``/``serve`` strength has its level's noise; a spec
    that gives only nodes or time has none (it names no level)."""
    for level in LEVELS:
        assert make_player(f"alphabeta:strength={level.level}").choice_noise == level.choice_noise
        assert make_player("ai", strength=level.level).choice_noise == level.choice_noise
        assert AlphaBetaPlayer(strength=level.level).choice_noise == level.choice_noise
    assert make_player("alphabeta:nodes=25").choice_noise == 0
    assert make_player("alphabeta:strength=1,nodes=400").choice_noise == strength_level(1).choice_noise
    with pytest.raises(ValueError, match="choice noise"):
        AlphaBetaPlayer(choice_noise=-1.0)


def _game_moves(strength: int, seeds: tuple[int, int], plies: int) -> list[str]:
    """The moves of the first ``plies`` plies of Canopus between two players of ``strength``."""
    state = open_game("canopus").initial_state()
    players = [make_player(f"alphabeta:strength={strength}", seed=seed) for seed in seeds]
    moves = []
    for ply in range(plies):
        move = players[ply % 2].choose(state)
        moves.append(move.notation)
        state = state.apply(move)
    return moves


def test_a_seeded_level_1_player_plays_the_same_game_twice():
    assert _game_moves(MIN_LEVEL, (3, 4), 8) == _game_moves(MIN_LEVEL, (3, 4), 8)


def test_the_noise_changes_the_choice_and_stays_within_its_bound():
    """Level 1 in Canopus's start position: different seeds choose different moves, and every move
    chosen is valued (``info.score``) within the noise of the best value the same search found."""
    state = open_game("canopus").initial_state()
    chosen = set()
    for seed in range(8):
        player = make_player(f"alphabeta:strength={MIN_LEVEL}", seed=seed)
        tops = []
        pick = player._pick

        def watched(best, score, valued, pick=pick, tops=tops):
            tops.append(max(value for value, _ in valued))
            return pick(best, score, valued)
        player._pick = watched
        chosen.add(player.choose(state).notation)
        assert len(tops) == 1 and tops[0] - player._noise < player.info.score <= tops[0]
    assert len(chosen) >= 2


class QuickTake(TakeAway):
    """The take-away game whose end (no stone left) is a quick outcome, as a goal square's is: the
    search sees it at every position, also where futility pruning stands on a static value."""

    def initial_state(self):
        return QuickTakeState(self, self.stones, 0)


class QuickTakeState(TakeState):
    def apply(self, move):
        return QuickTakeState(self.game, self.stones - move.data, 1 - self.turn)

    def quick_outcome(self):
        return self.outcome()


@pytest.mark.parametrize("seed", SEEDS)
def test_noise_never_plays_a_move_that_loses_at_once(seed):
    """Five stones, taking 1 to 3: taking 2 or 3 lets the opponent take the rest at once; taking 1
    leaves 4, which loses for the side to move.  Two plies deep the loss after 2 or 3 is seen and the
    value after 1 is not decided, so the noise is drawn, a hundred average piece values wide: it still
    never plays a move that loses at once."""
    state = QuickTake(5, takes=(1, 2, 3)).initial_state()
    player = AlphaBetaPlayer(max_depth=2, node_budget=None, seed=seed, choice_noise=100.0)
    assert player.choose(state).data == 1


@pytest.mark.parametrize("seed", SEEDS)
def test_noise_never_throws_away_a_win(seed):
    """Three stones, taking 1 to 3: taking 3 wins at once; with noise a hundred average piece values
    wide it is still the move played."""
    state = QuickTake(3, takes=(1, 2, 3)).initial_state()
    player = AlphaBetaPlayer(max_depth=2, node_budget=None, seed=seed, choice_noise=100.0)
    assert player.choose(state).data == 3


def test_level_1_makes_the_meeting_in_one_on_alpha_centauri():
    """White's King e7 steps to e6, next to the Dame on f5 inside the Encounter Zone, a win at once:
    level 1, with its noise and 25 nodes, plays it (or another turn that wins at once) for every seed."""
    game = open_game("alpha-centauri")
    state = game.state_from({"e7": ("White", "King"), "f5": ("White", "Dame"),
                             "a1": ("Black", "King"), "i1": ("Black", "Dame")}, "White")
    knowledge = learn(game, 30)
    for seed in range(5):
        move = AlphaBetaPlayer(strength=MIN_LEVEL, seed=seed, knowledge=knowledge).choose(state)
        assert state.apply(move).outcome().winners == ("White",)


def _picker(noise: float, seed: int) -> AlphaBetaPlayer:
    player = AlphaBetaPlayer(seed=seed, choice_noise=1.0)
    player._noise = noise
    return player


def test_the_pick_never_reaches_past_the_bound():
    """Values written here, noise 1: the best (0) and a move 0.5 below are each chosen for some seed;
    a move 1.5 below, or one that loses by force, never is."""
    moves = {name: Move.single(name) for name in ("best", "near", "far", "lost")}
    valued = [(0.0, moves["best"]), (-0.5, moves["near"]), (-1.5, moves["far"]), (-999_999.0, moves["lost"])]
    chosen = set()
    for seed in range(200):
        shuffled = valued[:]
        random.Random(seed).shuffle(shuffled)
        move, value = _picker(1.0, seed)._pick(moves["best"], 0.0, shuffled)
        assert (value, move) in valued
        chosen.add(move.notation)
    assert chosen == {"best", "near"}


def test_a_level_without_noise_never_draws():
    """A level whose noise is 0 never calls the pick and its generator gives the same numbers after a
    move as a twin's: it plays exactly as the search chose (the play of levels before the column)."""
    state = open_game("canopus").initial_state()
    quiet = [level.level for level in LEVELS if level.choice_noise == 0][0]

    def refuse(*_):
        raise AssertionError("a level without noise drew")
    player = make_player(f"alphabeta:strength={quiet}", seed=2)
    player._pick = refuse
    twin = make_player(f"alphabeta:strength={quiet}", seed=2)
    assert player.choose(state) == twin.choose(state)
    assert player.rng.random() == twin.rng.random()
