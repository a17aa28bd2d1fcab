"""The action encoding and the decision tree shared by the OpenSpiel and PettingZoo adapters.

These tests need neither framework: :mod:`runtime.rl.action_encoding` and
:mod:`runtime.rl.decision_tree` are plain Python.  The central property is checked
on positions of random games of every game in tests/rl/rl_games.py: walking
every decision from a turn's start reaches each legal turn exactly once (so two
legal turns never share an action sequence, and none is missing), every action
id is below ``num_distinct_actions``, the sequences do not depend on the order
the engine lists moves in, and two fresh loads give the same sequences.
"""

from __future__ import annotations

import random
import warnings

import pytest

from runtime.loading.opening import open_game
from runtime.rl.action_encoding import CHOICE_BASE, ActionLayout, Token, encode_turns
from runtime.core.protocol import Outcome
from runtime.rl.decision_tree import (DecisionGame, DecisionPoint, GameLengthLimitWarning, observation_entries,
                                  observation_shape)

from ..conftest import scaled
from .rl_games import all_games, corpus_path, spec_of


def turn_paths(node: DecisionPoint, bound: int) -> dict[str, tuple[int, ...]]:
    """Every legal turn of ``node`` (a turn's start) by notation -> the actions that play it.

    Fails when two paths play the same turn, or two actions of a node have the same text (OpenSpiel
    refuses that); ``bound`` is the action range.
    """
    found: dict[str, tuple[int, ...]] = {}
    stack = [(node, ())]
    while stack:
        at, path = stack.pop()
        actions = at.chance_outcomes() if at.is_chance() else [(a, 1.0) for a in at.legal_actions()]
        assert actions, f"no action inside a turn after {path}"
        texts = [at.action_text(a) for a, _ in actions]
        assert len(set(texts)) == len(texts), f"two actions share a text after {path}: {sorted(texts)}"
        for action, _ in actions:
            assert 0 <= action < bound
            move = at.turn_completed_by(action)
            if move is None:
                stack.append((at.child(action), path + (action,)))
                continue
            assert move.notation not in found, f"{move.notation} is reached by {found[move.notation]} and {path + (action,)}"
            found[move.notation] = path + (action,)
    return found


def random_line(dgame: DecisionGame, seed: int, turns: int) -> list[DecisionPoint]:
    """Turn-start nodes along a seeded random game (at most ``turns`` of them)."""
    rng = random.Random(seed)
    node = dgame.initial()
    out = []
    while len(out) < turns and not node.is_terminal():
        out.append(node)
        move = rng.choice(node.state.legal_moves())
        node = DecisionPoint(dgame, node.state.apply(move))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("game_id", all_games())
def test_every_legal_turn_has_one_action_sequence(game_id):
    spec = spec_of(game_id)
    dgame = DecisionGame(open_game(spec))
    again = DecisionGame(open_game(spec))
    bound = dgame.num_distinct_actions
    assert again.num_distinct_actions == bound
    turns = scaled(40, 4)
    for node, fresh in zip(random_line(dgame, 7, turns), random_line(again, 7, turns)):
        moves = node.state.legal_moves()
        paths = turn_paths(node, bound)
        assert set(paths) == {m.notation for m in moves}
        # stable: a fresh load of the game encodes the same position the same way
        assert turn_paths(fresh, bound) == paths
        # independent of the order the engine lists its moves in
        shuffled = list(moves)
        random.Random(1).shuffle(shuffled)
        forward = {t.move.notation: t.tokens for t in encode_turns(dgame.layout, moves)}
        assert forward == {t.move.notation: t.tokens for t in encode_turns(dgame.layout, shuffled)}


def test_layout_ids_cover_the_range_once():
    """Chess: 64 cells, 6 piece types, pairs.  Hand count of the range: pass, end, other (3) +
    8 choice digits + 64 x 64 moves + 6 x 64 drops + 64 cells + 6 promotions = 4561."""
    layout = ActionLayout(open_game(corpus_path("chess")))
    assert layout.move_encoding == "pairs"
    assert layout.num_distinct_actions == 3 + CHOICE_BASE + 64 * 64 + 6 * 64 + 64 + 6 == 4561
    seen = set()
    for action in range(layout.num_distinct_actions):
        tok = layout.decode(action)
        assert layout.encode(tok.kind, *tok.args) == action
        seen.add(tok)
    assert len(seen) == layout.num_distinct_actions
    with pytest.raises(ValueError):
        layout.decode(layout.num_distinct_actions)
    e2, e4 = layout.cell_index["e2"], layout.cell_index["e4"]
    assert layout.decode(layout.encode("move", e2, e4)) == Token("move", (e2, e4))
    assert layout.describe(layout.encode("move", e2, e4)) == "e2 - e4"


def test_big_boards_split_movements():
    """Paper Go: 361 cells, 2 piece types; 361 x 361 pairs exceed PAIR_LIMIT, so a movement is
    from + to and a drop is drop(type) + to(cell): 3 + 8 + 361 (from) + 361 (to) + 2 (drop types)
    + 361 (cells) + 2 (promotions) = 1098 ids."""
    game = open_game(corpus_path("paper-go"))
    layout = ActionLayout(game)
    assert layout.move_encoding == "split"
    assert layout.num_distinct_actions == 3 + CHOICE_BASE + 361 + 361 + 2 + 361 + 2 == 1098
    assert ActionLayout(game, "pairs").num_distinct_actions == 3 + CHOICE_BASE + 361 * 361 + 2 * 361 + 361 + 2
    with pytest.raises(ValueError, match="move_encoding"):
        ActionLayout(game, "both")


def test_chess_start_is_twenty_one_token_turns():
    """The chess start has 20 moves (16 pawn moves, 4 knight moves): 20 actions, each a whole turn
    whose text is its saved-game notation."""
    node = DecisionGame(open_game(corpus_path("chess"))).initial()
    actions = node.legal_actions()
    assert len(actions) == 20
    texts = {node.action_text(a) for a in actions}
    assert "Pawn e2 - e4" in texts and "Knight g1 - f3" in texts
    assert all(node.turn_completed_by(a) is not None for a in actions)
    assert sorted(actions) == actions


def test_multi_part_turn_is_several_decisions_of_one_player():
    """Fanorona, after a random opening: some capture turns have several parts; each decision keeps
    the same player, the observation marks the cells chosen so far, and the turn is played only
    when it is decided."""
    dgame = DecisionGame(open_game(corpus_path("fanorona")))
    for node in random_line(dgame, 3, 12):
        paths = turn_paths(node, dgame.num_distinct_actions)
        longest = max(paths.values(), key=len)
        if len(longest) < 2:
            continue
        inner = node.child(longest[0])
        assert inner.state is node.state and inner.mover == node.mover
        assert longest[0] in inner.prefix
        cells, planes = observation_entries(inner)
        moved_from = observation_shape(dgame)[0] - 3
        assert any(plane == moved_from for plane, _, _ in cells)
        assert (moved_from + 2, float(len(inner.prefix))) in planes
        break
    else:
        pytest.fail("no multi-part turn met in 12 random turns of Fanorona")


def test_chance_draws_each_random_turn_uniformly():
    """Ur: the random player ?Dice moves at chance nodes; multiplying the probabilities down each
    path gives every one of its legal turns the same chance, 1/n, as Zillions' uniform choice."""
    dgame = DecisionGame(open_game(corpus_path("Ur")))
    assert dgame.chance_players == ("?Dice",) and dgame.agents == ("White", "Black")
    met = 0
    for node in random_line(dgame, 5, 30):
        if not node.is_chance():
            continue
        met += 1
        n = len({m.notation for m in node.state.legal_moves()})
        stack = [(node, 1.0)]
        total = 0.0
        while stack:
            at, p = stack.pop()
            outcomes = at.chance_outcomes()
            assert abs(sum(q for _, q in outcomes) - 1.0) < 1e-9
            for action, q in outcomes:
                if at.turn_completed_by(action) is not None:
                    assert abs(p * q - 1.0 / n) < 1e-9
                    total += p * q
                else:
                    stack.append((at.child(action), p * q))
        assert abs(total - 1.0) < 1e-9
    assert met >= 5


def test_length_limit_ends_the_game_as_a_reported_draw():
    dgame = DecisionGame(open_game("canopus"), max_game_length=3)
    node = dgame.initial()
    with pytest.warns(GameLengthLimitWarning, match="game length limit: 3 decisions"):
        while not node.is_terminal():
            node = node.child(node.legal_actions()[0])
    assert node.decisions == 3 and node.limit_reached
    assert node.outcome().draw and "max_game_length" in node.outcome().rule
    assert dgame.returns(node.outcome()) == [0.0, 0.0]
    with pytest.raises(ValueError):
        DecisionGame(open_game("canopus"), max_game_length=0)


def test_chess_start_observation():
    """Chess start: planes = 2 players x 6 types (pieces) + 2 x 6 (stores) + 2 (side to move) + 3
    (turn so far) = 29 over 64 cells; 32 pieces stand, White is to move, no store, no choice yet."""
    dgame = DecisionGame(open_game(corpus_path("chess")))
    assert observation_shape(dgame) == (29, 64)
    cells, planes = observation_entries(dgame.initial())
    assert len(cells) == 32 and all(value == 1.0 for _, _, value in cells)
    white = dgame.game.players.index("White")
    assert planes == [(24 + white, 1.0)]


def test_returns_follow_the_outcome():
    dgame = DecisionGame(open_game(corpus_path("chaturaji")))
    players = dgame.game.players
    assert len(dgame.agents) == 4 and not dgame.zero_sum
    won = dgame.returns(Outcome.win(players[2], players, "test"))
    assert won == [1.0 if p == players[2] else -1.0 for p in players]
    assert dgame.returns(Outcome.drawn("test")) == [0.0] * 4
    assert dgame.returns(None) == [0.0] * 4


def test_no_moves_at_the_start_is_the_engines_outcome():
    """Hive's ZRF has no legal first move under Zillions' rules (docs/compatibility.md): the node
    is terminal with the engine's outcome, not a node without actions."""
    node = DecisionGame(open_game(corpus_path("hive"))).initial()
    assert node.is_terminal() and node.legal_actions() == []
    assert node.outcome().rule == "no legal moves"


def test_an_illegal_action_is_refused():
    node = DecisionGame(open_game("canopus")).initial()
    illegal = next(a for a in range(node.dgame.num_distinct_actions) if a not in node.legal_actions())
    with pytest.raises(ValueError, match="not legal"):
        node.child(illegal)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert node.action_text(illegal)  # described, not raised


#: Ko Shogi (corpus KoShogi-b5369d): the turns of the random game in which the first corpus survey met
#: two actions with the same text (a lion-like two-step move, then two second steps).
KO_SHOGI_TURNS = [
    "CS J13 - K12", "HS C4 - B6", "CS K12 - J13", "SU J5 - I6", "HS C10 - B8", "SU L5 - M6", "SU L9 - K8",
    "E D3 - C4", "Q J12 - I12", "B F2 - E2", "CH B10 - C10", "SU I6 - D6", "HS E10 - D8", "SU D6 - C6",
    "P I9 - I8", "SU M6 - L7", "CR L12 - K12", "P M5 - M6", "P M9 - M8", "HS M4 - L6", "HS D8 - B7",
    "P K5 - K6", "HS M10 - L8", "P M6 - M5", "E L11 - M10", "SU C6 x B7", "partial 4 CA G10 - I9",
    "CH L4 - M4", "partial 7 LB K11 - L12", "SU D5 - E6", "partial 7 LB C11 - B10", "P A5 - A6",
    "E F11 - E10", "SU B7 - C6", "CH L10 - L11", "Q J2 - I2", "P K9 - L9", "SU L7 - F7",
    "partial 7 LB L12 - K11", "SU F7 - H7", "Q I12 - J12", "CH J4 - J6", "HS B8 x A6", "SU E6 - H6",
    "EN K13 - L12", "CS D1 - C2", "P L9 - L10", "SU H7 - L7"]


def test_mid_turn_actions_have_different_texts():
    """After "partial 3 CA I9 - H7" two second steps remain, each with two endings: their actions
    used to read the same ("partial 3 CA I9 - H7 ..."); each now names its own step."""
    dgame = DecisionGame(open_game(corpus_path("KoShogi-b5369d")))
    state = dgame.game.initial_state()
    for notation in KO_SHOGI_TURNS:
        state = state.apply(next(m for m in state.legal_moves() if m.notation == notation))
    node = DecisionPoint(dgame, state)
    turn_paths(node, dgame.num_distinct_actions)  # checks every node of the turn
    inner = node.child(dgame.layout.encode("move", dgame.layout.cell_index["I9"], dgame.layout.cell_index["H7"]))
    assert sorted(inner.action_text(a) for a in inner.legal_actions()) == [
        "partial 3 CA I9 - H7 ... (H7 - G5)", "partial 3 CA I9 - H7 ... (H7 - I5)", "partial 3 CA I9 - H7; Pass"]
