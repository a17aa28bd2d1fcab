"""Player specs: every form the grammar has, and every mistake named by the part that is wrong."""

from __future__ import annotations

import pytest

from runtime.players.factory import PlayerSource, make_player
from runtime.players.alphabeta import AlphaBetaPlayer
from runtime.players.mcts import MCTSPlayer
from runtime.players.player import RandomPlayer
from runtime.players.spec import PlayerKind, SpecError, parse_player_spec, parse_seat
from runtime.players.strength_scale import DEFAULT_LEVEL, LEVELS, strength_level


@pytest.mark.parametrize("text, kind, fields, written", [
    ("human", PlayerKind.HUMAN, {}, "human"),
    ("random", PlayerKind.RANDOM, {}, "random"),
    ("ai", PlayerKind.ALPHABETA, {}, "alphabeta"),
    ("alphabeta", PlayerKind.ALPHABETA, {}, "alphabeta"),
    ("alphabeta:strength=5", PlayerKind.ALPHABETA, {"strength": 5}, "alphabeta:strength=5"),
    ("alphabeta:time=2", PlayerKind.ALPHABETA, {"seconds": 2.0}, "alphabeta:time=2"),
    ("alphabeta:nodes=2000", PlayerKind.ALPHABETA, {"nodes": 2000}, "alphabeta:nodes=2000"),
    ("alphabeta:depth=3,nodes=50", PlayerKind.ALPHABETA, {"depth": 3, "nodes": 50}, "alphabeta:nodes=50,depth=3"),
    ("alphabeta:strength=5,time=0.5", PlayerKind.ALPHABETA, {"strength": 5, "seconds": 0.5},
     "alphabeta:strength=5,time=0.5"),
    ("mcts:nodes=2000", PlayerKind.MCTS, {"nodes": 2000}, "mcts:nodes=2000"),
    ("mcts:strength=2", PlayerKind.MCTS, {"strength": 2}, "mcts:strength=2"),
    ("MCTS : time = 1.5", PlayerKind.MCTS, {"seconds": 1.5}, "mcts:time=1.5"),
    ("uci:sunfish-uci", PlayerKind.UCI, {"engine": "sunfish-uci"}, "uci:sunfish-uci"),
    ("uci:fairy-stockfish?UCI_LimitStrength=true&UCI_Elo=1500", PlayerKind.UCI,
     {"engine": "fairy-stockfish", "options": (("UCI_LimitStrength", "true"), ("UCI_Elo", "1500"))},
     "uci:fairy-stockfish?UCI_LimitStrength=true&UCI_Elo=1500"),
    ("uci:/path/to/engine?Threads=1&time=0.3", PlayerKind.UCI,
     {"engine": "/path/to/engine", "options": (("Threads", "1"),), "seconds": 0.3},
     "uci:/path/to/engine?Threads=1&time=0.3"),
    ("uci:fairy-stockfish?UCI_Variant=xiangqi&nodes=5000&depth=9", PlayerKind.UCI,
     {"engine": "fairy-stockfish", "options": (("UCI_Variant", "xiangqi"),), "nodes": 5000, "depth": 9},
     "uci:fairy-stockfish?UCI_Variant=xiangqi&nodes=5000&depth=9"),
    ("fairy-stockfish", PlayerKind.FAIRY, {"program": "fairy-stockfish"}, "fairy-stockfish"),
    ("fsf:elo=1500,time=0.1", PlayerKind.FAIRY, {"elo": 1500, "seconds": 0.1, "program": "fairy-stockfish"},
     "fairy-stockfish:time=0.1,elo=1500"),
    ("fairy-stockfish:depth=3,nodes=900", PlayerKind.FAIRY, {"depth": 3, "nodes": 900},
     "fairy-stockfish:nodes=900,depth=3"),
])
def test_every_form(text, kind, fields, written):
    spec = parse_player_spec(text)
    assert spec.kind is kind and spec.text == text.strip()
    for name, value in fields.items():
        assert getattr(spec, name) == value, name
    assert spec.describe() == written
    assert parse_player_spec(written).describe() == written  # what is written reads back the same


@pytest.mark.parametrize("text, quoted", [
    ("", "empty player spec"),
    ("oracle", "unknown player 'oracle'"),
    ("random:time=1", "random takes no settings"),
    ("human:strength=3", "human takes no settings"),
    ("alphabeta:strenght=5", "alphabeta has no setting 'strenght' (it takes strength, time, nodes, depth)"),
    ("mcts:depth=3", "mcts has no setting 'depth'"),
    ("alphabeta:strength=0", "strength=0: strength is 1 to 10"),
    ("alphabeta:strength=11", "strength=11: strength is 1 to 10"),
    ("alphabeta:strength=five", "strength=five: strength is a whole number"),
    ("alphabeta:time=0", "time=0: time is more than 0"),
    ("alphabeta:time=-2", "time=-2: time is more than 0"),
    ("alphabeta:time=inf", "time=inf: time is more than 0"),
    ("alphabeta:time=soon", "time=soon: time is a number of seconds"),
    ("alphabeta:nodes=0", "nodes=0: nodes is 1 to"),
    ("alphabeta:depth=65", "depth=65: depth is 1 to 64"),
    ("alphabeta:strength=2,strength=3", "strength is given twice"),
    ("alphabeta:", "'' is not NAME=VALUE"),
    ("alphabeta:strength", "'strength' is not NAME=VALUE"),
    ("uci", "uci needs an engine"),
    ("uci:", "uci needs an engine"),
    ("uci:?Threads=1", "uci needs an engine"),
    ("uci:fairy-stockfish?Threads", "'Threads' is not NAME=VALUE"),
    ("uci:fairy-stockfish?time=0", "time=0: time is more than 0"),
    ("uci:fairy-stockfish?nodes=1&nodes=2", "nodes is given twice"),
    ("uci:fairy-stockfish?UCI_Elo=1&uci_elo=2", "option uci_elo is given twice"),
    ("fsf:strength=3", "fairy-stockfish has no setting 'strength' (it takes time, nodes, depth, elo)"),
    ("fairy-stockfish:elo=strong", "elo=strong: elo is a whole number"),
    ("fsf:elo=0", "elo=0: elo is 1 to 10000"),
    ("alphabeta:elo=1500", "alphabeta has no setting 'elo'"),
])
def test_every_mistake_is_named(text, quoted):
    with pytest.raises(SpecError) as caught:
        parse_player_spec(text)
    assert quoted in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_a_seat_is_a_name_and_a_spec():
    assert parse_seat("ours=alphabeta:strength=5") == ("ours", parse_player_spec("alphabeta:strength=5"))
    name, spec = parse_seat("fs=uci:fairy-stockfish?UCI_Elo=1500&time=0.1")
    assert name == "fs" and spec.option("uci_elo") == "1500" and spec.seconds == 0.1
    for wrong in ("alphabeta", "=random", "ours=oracle"):
        with pytest.raises(SpecError):
            parse_seat(wrong)


def test_elo_is_sent_as_fairy_stockfishs_strength_limit_and_is_not_a_budget():
    spec = parse_player_spec("fsf:elo=1200")
    assert spec.engine_options() == (("UCI_LimitStrength", "true"), ("UCI_Elo", "1200"))
    assert not spec.has_budget and spec.with_budget(seconds=0.5).seconds == 0.5


def test_a_budget_is_given_only_to_specs_without_one():
    assert parse_player_spec("alphabeta").with_budget(seconds=2).seconds == 2
    assert parse_player_spec("uci:x").with_budget(nodes=300).nodes == 300
    kept = parse_player_spec("alphabeta:strength=3").with_budget(seconds=2)
    assert kept.seconds is None and kept.strength == 3
    assert parse_player_spec("random").with_budget(seconds=2).seconds is None


def test_players_are_built_as_the_spec_says():
    """The levels are the scale's table: level s has 25 * 2**(s-1) nodes and a depth cap of s + 1,
    and 100 s MCTS iterations (runtime/players/strength_scale.py)."""
    assert [(lv.nodes, lv.max_depth, lv.mcts_iterations) for lv in LEVELS[:3]] == [(25, 2, 100), (50, 3, 200),
                                                                                      (100, 4, 300)]
    assert LEVELS[-1].nodes == 12_800 and strength_level(10).max_depth == 11
    level5 = make_player("alphabeta:strength=5")
    assert isinstance(level5, AlphaBetaPlayer) and (level5.node_budget, level5.max_depth) == (400, 6)
    timed = make_player("alphabeta:time=2", cpu_clock=True)
    assert timed.node_budget is None and timed.clock.per_move == 2 and timed.clock.cpu
    nodes = make_player("alphabeta:nodes=2000,depth=3")
    assert (nodes.node_budget, nodes.max_depth, nodes.clock) == (2000, 3, None)
    plain = make_player("ai")
    assert plain.node_budget == strength_level(DEFAULT_LEVEL).nodes
    play_default = make_player("ai", strength=3, time_limit=2.0)  # what zrf play --strength 3 --time 2 gives
    assert (play_default.node_budget, play_default.clock.per_move, play_default.clock.cpu) == (100, 2.0, False)
    mcts = make_player("mcts:strength=4")
    assert isinstance(mcts, MCTSPlayer) and mcts.iterations == 400
    assert isinstance(make_player("random", seed=3), RandomPlayer)
    with pytest.raises(ValueError):
        make_player("human")
    with pytest.raises(ValueError):
        make_player("uci:sunfish-uci")  # an engine needs an owner for its process
    with pytest.raises(ValueError):
        PlayerSource(parse_player_spec("human"))
